// ONE WORLD, the card game, on the table page: in the board's place, the table every
// phone sees (the deck, the discard pile, whose turn) and, on a seated phone, its own
// hand with the turn's actions: take the top discard, meld four cards (the sum
// announced, the kept pair chosen on a tie), meld for a mission, discard. The hand
// comes from /api/game/hand, which gives each phone its own seat's only (rulings H1-H3
// in docs/rulings.md); every move is checked by the server, whose refusal is said in
// words. The panel (stocks, scores, missions) is game.js's.

import { getJSON } from "./api.js";
import { element, title } from "./game.js";

const REGIONS = {
  asia: "Asia", americas_oceania: "Americas-Oceania", europe: "Europe", africa: "Africa",
};
const REGION_ORDER = Object.keys(REGIONS);
const MELD = 4;
const PILE_SHOWN = 10;  // the discard pile's top cards shown at once; the rest fold away
const REFILL = { 2: 2, 3: 4 };  // a mission's stars → cards refilled from the discard pile

// The cards chosen on this phone: from the hand (to meld or discard) and from the
// discard pile (a mission's refill). Kept across redraws while the cards are still there.
const chosen = { hand: new Set(), pile: new Set() };

/** This phone's own part of the game (its hand), or null: a watcher, the referee, a
 * game that hides nothing. */
export async function fetchOwn(game) {
  if (!game?.hidden_information) return null;
  return (await getJSON("/api/game/hand")).private;
}

/** A card as a tile: its region's colour, flag, value and name. */
function tile(card, { small = false } = {}) {
  const node = element(small ? "span" : "button", small ? "card-chip" : "card-tile");
  node.dataset.region = card.region;
  node.dataset.code = card.code;
  node.title = `${card.name}, ${card.value}, ${REGIONS[card.region]}`;
  const value = element("span", "card-value", String(card.value));
  if (!small) {
    node.type = "button";
    const flag = element("img", "card-flag");
    flag.src = `/cards/flags/${card.code}.png`;
    flag.alt = "";
    flag.width = 40;
    flag.height = 30;
    flag.loading = "lazy";
    node.append(value, flag, element("span", "card-name", card.name));
  } else {
    node.append(value, element("span", "card-name", card.name));
  }
  return node;
}

/** The (kept) pairs a plain meld may keep, as the engine says (melds.keep_choices): one
 * of the highest and one of the lowest; four equal cards keep any two. */
function keepChoices(cards) {
  const values = cards.map((c) => c.value);
  const high = Math.max(...values);
  const low = Math.min(...values);
  const pairs = [];
  cards.forEach((a, i) => cards.forEach((b, j) => {
    if (high === low ? i < j : a.value === high && b.value === low) pairs.push([a, b]);
  }));
  return pairs;
}

function button(act, text, onClick, className = "") {
  const node = element("button", className, text);
  node.type = "button";
  node.dataset.act = act;
  node.addEventListener("click", onClick);
  return node;
}

/** Draw the card table into ``box``. ``own`` is this phone's hand (or null), ``seat``
 * its seat, ``play(action)`` sends a move and answers whether it was played. */
export function drawCards(box, game, own, seat, play) {
  const summary = game.summary;
  const hand = own?.hand || [];
  const codes = new Set(hand.map((c) => c.code));
  for (const code of [...chosen.hand]) if (!codes.has(code)) chosen.hand.delete(code);
  const pileCodes = new Set(summary.discard.map((c) => c.code));
  for (const code of [...chosen.pile]) if (!pileCodes.has(code)) chosen.pile.delete(code);
  const myTurn = Boolean(own && seat && summary.to_move === seat && !game.outcome);
  const redraw = () => drawCards(box, game, own, seat, play);

  const table = element("div", "card-table");
  table.append(tableTop(game, myTurn, redraw));
  if (own) {
    const mine = summary.players.find((p) => p.player === seat);
    table.append(element("h3", "card-heading", `Your hand (${hand.length})`));
    const row = element("div", "hand");
    row.id = "hand";
    row.dataset.codes = hand.map((c) => c.code).join(" ");
    // Shown by region, then highest first: a meld is one card of each region.
    const sorted = [...hand].sort((a, b) => REGION_ORDER.indexOf(a.region) -
      REGION_ORDER.indexOf(b.region) || b.value - a.value || a.name.localeCompare(b.name));
    for (const card of sorted) {
      const node = tile(card);
      node.setAttribute("aria-pressed", String(chosen.hand.has(card.code)));
      node.addEventListener("click", () => {
        if (chosen.hand.has(card.code)) chosen.hand.delete(card.code);
        else chosen.hand.add(card.code);
        redraw();
      });
      row.append(node);
    }
    table.append(row);
    if (myTurn) {
      table.append(turnActions(game, hand, mine, play, redraw));
    } else if (!game.outcome) {
      table.append(element("p", "hint", `${title(summary.to_move)} is playing. Choose ` +
        "cards now if you like: the moves come on your turn."));
    }
  } else {
    table.append(element("p", "hint", "Each player sees their own hand on their own " +
      "phone; this phone sits at no seat of this game, so it shows the table only."));
  }
  box.replaceChildren(table);
}

/** The table every phone sees: the deck and mission deck, the discard pile (its cards
 * chosen for a refill on this phone's turn), whose turn. */
function tableTop(game, myTurn, redraw) {
  const summary = game.summary;
  const top = element("div", "table-top");
  const turn = game.outcome ? "The game is over: the stocks are paired and scored."
    : myTurn ? "Your turn." : `${title(summary.to_move)} to move.`;
  top.append(element("p", "card-turn", turn));
  top.append(element("p", "hint", `Deck ${summary.deck} cards · missions left ` +
    `${summary.mission_deck} · discard pile ${summary.discard.length}`));
  const pile = element("div", "pile");
  pile.id = "discard-pile";
  if (!summary.discard.length) pile.append(element("span", "hint", "The discard pile is empty."));
  // The top first (the pile is a list with its top at the end); below the first few,
  // the rest of the pile folds away, open while a card of it is chosen.
  const under = element("details", "pile-rest");
  under.open = summary.discard.slice(0, -PILE_SHOWN).some((c) => chosen.pile.has(c.code));
  under.append(element("summary", "", `${summary.discard.length - PILE_SHOWN} more cards`));
  [...summary.discard].reverse().forEach((card, index) => {
    const chip = tile(card, { small: true });
    if (index === 0) chip.classList.add("top");
    if (myTurn) {
      chip.setAttribute("role", "button");
      chip.tabIndex = 0;
      chip.setAttribute("aria-pressed", String(chosen.pile.has(card.code)));
      chip.addEventListener("click", () => {
        if (chosen.pile.has(card.code)) chosen.pile.delete(card.code);
        else chosen.pile.add(card.code);
        redraw();
      });
      chip.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        chip.click();
      });
    }
    (index < PILE_SHOWN ? pile : under).append(chip);
  });
  if (summary.discard.length > PILE_SHOWN) pile.append(under);
  top.append(pile);
  return top;
}

/** The moves of this phone's turn from the cards chosen. */
function turnActions(game, hand, mine, play, redraw) {
  const summary = game.summary;
  const seat = mine.player;
  const box = element("div", "card-actions");
  box.id = "card-actions";
  const done = async (action) => {
    if (await play(action)) {
      chosen.hand.clear();
      chosen.pile.clear();
    }
  };
  const top = summary.discard[summary.discard.length - 1];
  if (top && !game.state?.took) {
    box.append(button("take", `Take ${top.name} ${top.value} from the discard pile`,
      () => play({ type: "take", player: seat }), "move-button"));
  }
  const cards = hand.filter((c) => chosen.hand.has(c.code));
  const sum = cards.reduce((total, c) => total + c.value, 0);
  const regions = new Set(cards.map((c) => c.region));
  const said = cards.length === 0 ? "Tap cards of your hand to choose them."
    : `Chosen: ${cards.length} card${cards.length > 1 ? "s" : ""}, sum ${sum}` +
      (cards.length === MELD ? (regions.size === MELD ? ", four regions." : ", not four regions.") : ".");
  const line = element("p", "card-chosen", said);
  line.id = "card-chosen";
  box.append(line);
  const buttons = element("div", "buttons");
  if (cards.length === MELD) {
    const codes = cards.map((c) => c.code);
    const pairs = keepChoices(cards);
    if (pairs.length === 1) {
      buttons.append(button("meld", `Meld: sum ${sum}, keep ${pairs[0][0].name} and ${pairs[0][1].name}`,
        () => done({ type: "meld", player: seat, cards: codes }), "primary"));
    } else {
      for (const [a, b] of pairs) {
        buttons.append(button("meld", `Meld: sum ${sum}, keep ${a.name} and ${b.name}`,
          () => done({ type: "meld", player: seat, cards: codes, keep: [a.code, b.code] }), "primary"));
      }
    }
    const held = new Map(mine.missions.map((m) => [m.id, m]));
    for (const mission of held.values()) {
      buttons.append(button("mission", `Meld for ${mission.title} ${"★".repeat(mission.stars)}`,
        () => done(missionMeld(seat, codes, mission, summary.discard)), "mission-button"));
    }
  }
  if (cards.length > 0) {
    buttons.append(button("discard", `Discard ${cards.length === 1 ? cards[0].name : `${cards.length} cards`}`,
      () => done({ type: "discard", player: seat, cards: cards.map((c) => c.code) })));
  }
  if (chosen.hand.size || chosen.pile.size) {
    buttons.append(button("clear", "Clear the choice", () => {
      chosen.hand.clear();
      chosen.pile.clear();
      redraw();
    }, "small"));
  }
  box.append(buttons);
  if (mine.missions.some((m) => REFILL[m.stars])) {
    box.append(element("p", "hint", "A mission of 2 or 3 stars refills 2 or 4 cards from " +
      "the discard pile: tap them in the pile to choose, or the top ones are taken."));
  }
  return box;
}

/** A meld for ``mission``: all four cards to the stock; a 2- or 3-star mission refills
 * from the discard pile the cards chosen there, else its top ones. */
function missionMeld(seat, codes, mission, discard) {
  const action = { type: "meld", player: seat, cards: codes, missions: [mission.id] };
  const count = Math.min(REFILL[mission.stars] || 0, discard.length);
  if (count) {
    action.refill = chosen.pile.size === count ? [...chosen.pile]
      : discard.slice(-count).map((c) => c.code);
  }
  return action;
}
