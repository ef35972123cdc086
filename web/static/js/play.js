// The game on the table page: the board to tap, what the referee said, the moves, the
// corrections, the game's panel and OneWorld's secret choices. table.js wires it to the
// live events; everything here redraws from the game as the server sends it.

import { alertIllegal, keepAwake } from "./attention.js";
import { getJSON, postJSON } from "./api.js";
import { drawBoard, drawOverlay } from "./board.js";
import { drawCards, fetchOwn } from "./cards.js";
import { drawQuiz } from "./quiz.js";
import { drawField, fieldOffers } from "./field.js";
import { element, learnNames, renderPanel, title, turnText } from "./game.js";
import { mayActFor, me } from "./join.js";
import { setUpReview, showMoves } from "./review.js";
import { forgetReveal, keepReveal, keptReveal, seal } from "./secrets.js";
import { fitStartForm, offersStart, renderStartOffer, setUpStart, startExtras } from "./start.js";

const $ = (id) => document.getElementById(id);
const MAX_BUTTONS = 14;

const page = {
  game: null,
  own: null,  // this phone's own part of a game with hidden information (its hand)
  referee: null,
  geometry: null,
  boardName: null,
  marks: { selected: null, targets: new Set(), problem: new Set(), last: new Set(), question: new Set() },
  options: [],  // the legal actions touching the selected space
  saved: [],  // the games in the journal, to resume
  formFor: null,  // the game whose choices the Game form shows
  fillForm: null,  // fills the players and boards for the game chosen
  otherTimer: null,
  otherAsked: 0,  // how many times the buttons were asked for: only the newest is drawn
};

// Where the person last acted: a message about what they did is shown in that card,
// beside the button or form they used, not in a card of its own far away.
let actedIn = null;
for (const kind of ["click", "submit", "change"]) {
  document.addEventListener(kind, (event) => {
    actedIn = event.target.closest?.(".card") || actedIn;
  }, true);
}

/** Say ``message`` (or clear it) in the card the person last acted in. */
export function showError(message) {
  for (const old of document.querySelectorAll(".card-error")) old.remove();
  const node = $("error");
  const card = actedIn && !actedIn.contains(node) && !actedIn.hidden ? actedIn : null;
  node.textContent = card ? "" : message || "";
  node.hidden = Boolean(card) || !message;
  if (card && message) {
    const line = element("p", "error card-error", message);
    line.setAttribute("role", "alert");
    card.append(line);
  }
}

function say(text, kind = "info") {
  $("verdict").textContent = text;
  if (kind === "illegal" && $("verdict-card").dataset.kind !== "illegal") alertIllegal();
  $("verdict-card").dataset.kind = kind;
}

// -- drawing ----------------------------------------------------------------------------

function redraw() {
  const game = page.game;
  if (game?.summary?.kind === "outdoor") {
    drawField($("board"), game, (action) => play(action, null, { inCard: true }));
  } else if (game?.summary?.kind === "cards") {
    drawCards($("board"), game, page.own, me.seat, (action) => play(action, null, { inCard: true }));
  } else if (game?.summary?.kind === "quiz") {
    drawQuiz($("board"), game, me.seat, (action) => play(action, null, { inCard: true }));
  } else if (game?.summary?.kind === "flags") {
    // Battle of Flags has no board and no choice: each round is one Reveal (below).
    $("board").replaceChildren(element("p", "hint", "Every pile is face down. Each round, " +
      `${title(game.to_move)}'s phone turns every player's top card up with Reveal; the ` +
      "cards turned up are said above."));
  } else if (game && page.geometry) {
    drawBoard($("board"), page.geometry, game.view, page.marks, tap);
  } else {
    $("board").replaceChildren(element("p", "empty", "Start a game to see its board here."));
  }
  drawOverlay($("overlay"), page.referee, game?.view, page.marks);
}

// The board's geometry, fetched once per board: every game shown while it is on its way
// waits for the same answer (games come faster than a fetch, two moves in a row).
async function loadBoard(name) {
  if (!name) return;
  if (name !== page.boardName) {
    page.boardName = name;
    page.boardLoad = getJSON(`/api/board/${encodeURIComponent(name)}`).then((geometry) => {
      if (page.boardName === name) page.geometry = geometry;
    }, (error) => {
      if (page.boardName === name) page.boardName = null;  // try again next time
      throw error;
    });
  }
  await page.boardLoad;
}

/** Take the game as the server sends it (after any change) and redraw everything. */
export async function showGame(game, verdict = null) {
  const sameGame = page.game && game && page.game.game_id === game.game_id;
  const hadProblem = Boolean(sameGame && page.game.problem);
  const sameNews = sameGame && standing(page.game) === standing(game);
  // The server says what the last step changed, so a reloaded page rings it too.
  page.marks.last = new Set(game?.last_changed || []);
  page.game = game;
  learnNames(game);
  // The page folds away what this game does not use, and a phone keeps its screen on.
  document.body.dataset.game = game ? game.game : "none";
  document.body.dataset.dice = game && !game.uses_dice ? "unused" : "used";
  keepAwake(Boolean(game && !game.outcome));
  clearSelection();
  page.marks.problem = new Set(game?.problem?.spaces || []);
  page.marks.question = new Set(game?.question?.spaces || []);
  page.marks.combat = game?.summary?.combat?.at || null;
  if (game) await loadBoard(game.board);
  const own = await ownPart(game);
  // A newer game came while the board was fetched: that one is drawn, not this one.
  if (page.game !== game) return;
  page.own = own;
  const kind = game?.summary?.kind;
  $("board-title").textContent = kind === "quiz" ? "Question"
    : ["cards", "flags"].includes(kind) ? "Cards" : "Board";
  $("turn").textContent = turnText(game);
  renderVerdict(verdict, game, hadProblem, sameNews);
  renderStartOffer(game);
  showMoves(game);
  $("undo").disabled = !game?.can_undo;
  $("redo").disabled = !game?.can_redo;
  $("end").hidden = !game;
  $("export").hidden = !game;
  $("correct").hidden = !game;
  $("start").textContent = game ? "Start another game" : "Start a new game";
  renderPanel($("panel-card"), $("panel-title"), $("panel"), game);
  renderResult(game);
  renderSecret(game);
  fillCorrections(game);
  showSaved();
  showGameInForm(game);
  redraw();
  scheduleOtherMoves();
}

/** This phone's own part of ``game`` (a card game's hand: /api/game/hand), or null. */
async function ownPart(game) {
  try {
    return await fetchOwn(game);
  } catch (error) {
    showError(error.message);
    return null;
  }
}

/** The Game form shows the game in progress (its game, players and board), once per
 * game, so a player can still choose another game to start. */
function showGameInForm(game) {
  if (!game || !page.fillForm || page.formFor === game.game_id) return;
  const choice = $("game-choice");
  if (![...choice.options].some((option) => option.value === game.game)) return;
  page.formFor = game.game_id;
  choice.value = game.game;
  page.fillForm();
  const options = game.state?.options || {};
  if (options.players !== undefined) $("players").value = String(options.players);
  if (game.board) $("board-choice").value = game.board;
}

export function showReferee(status) {
  page.referee = status;
  $("referee-status").textContent = status?.status || "off";
  $("referee-status").dataset.status = status?.status || "off";
  $("referee-message").textContent = status?.message || "";
  $("lens-status").textContent = status?.lens?.message || "";
  $("lens-status").hidden = !status?.lens;
  $("reregister").hidden = !status || status.status === "off";
  $("tap-corners").hidden = $("reregister").hidden;
  drawOverlay($("overlay"), page.referee, page.game?.view, page.marks);
}

/** The result card: who won, how the game ended, the scores; and no input left that
 * cannot apply (the moves to tap, the hint to tap). */
function renderResult(game) {
  const outcome = game?.outcome;
  $("result").hidden = !outcome;
  $("moves").hidden = Boolean(outcome);
  $("selection").hidden = Boolean(outcome);
  if (!outcome) return;
  const winners = (outcome.winners || []).map(title);
  $("result-title").textContent = winners.length === 0 ? "Game over: no winner"
    : winners.length === 1 ? `${winners[0]} wins` : `${winners.join(" and ")} share the win`;
  const how = game.words?.ending;  // the game's words for how it ended (Game.ending_words)
  $("result-how").textContent = how ? `The game of ${game.title} is over: ${how}.` : "";
  const scores = Object.entries(outcome.scores || {}).sort((a, b) => b[1] - a[1]);
  $("result-scores").hidden = outcome.termination === "resignation" || scores.length === 0;
  $("result-scores").replaceChildren(...scores.map(([player, score]) => {
    const item = element("li", outcome.winners?.includes(player) ? "winner" : "");
    item.append(element("span", "player", title(player)), element("strong", "score", String(score)));
    return item;
  }));
}

// A question about spaces the camera cannot read ("Is C4 empty or white?"): one big
// button per answer, what stands there in large type and what it means below.
function renderAnswers(question) {
  const box = $("answers");
  box.replaceChildren();
  box.hidden = !question;
  question?.answers.forEach((answer, index) => {
    const button = element("button", "answer-button");
    button.type = "button";
    button.dataset.index = String(index);
    button.append(element("span", "answer-words", answer.words),
      element("span", "answer-means", answer.means));
    button.addEventListener("click", () => send("/api/game/choose", { index }));
    box.append(button);
  });
}

// What the verdict line would say of a game with no news: when a reading changes none
// of it, the last news (a move, "A new game begins.") stays on the line.
function standing(game) {
  return JSON.stringify([game?.problem, game?.question, game?.pending_dice,
    game?.summary?.combat, game?.outcome, turnText(game)]);
}

function renderVerdict(verdict, game, restored, sameNews) {
  const choices = $("choices");
  choices.replaceChildren();
  renderAnswers(game?.question);
  const offered = game?.question ? [] : game?.choices || [];
  choices.hidden = offered.length === 0;
  offered.forEach((text, index) => {
    const button = element("button", "choice-button", text);
    button.type = "button";
    button.addEventListener("click", () => send("/api/game/choose", { index }));
    choices.append(button);
  });
  $("problem").hidden = !game?.problem || offersStart(game);
  const p = game?.pending_dice;
  const thrown = game?.dice === "table";
  const roll = !p ? "" : thrown
    ? `${p.for}: throw ${p.count}d${p.sides} (${p.purpose}) at the table and enter the dice.`
    : `${p.for}: roll ${p.count}d${p.sides} (${p.purpose}) with the button or Roll.`;
  $("thrown-form").hidden = !(p && thrown);
  // "Nothing changed" is not news; "the board is as the game has it again" is.
  if (verdict?.kind === "unchanged" && !restored && sameNews) {
    return;
  } else if (verdict && (verdict.kind !== "unchanged" || restored)) {
    say(roll && verdict.kind !== "dice" ? `${verdict.text} ${roll}` : verdict.text, verdict.kind);
  } else if (game?.problem) {
    say(game.problem.text, game.problem.kind);
  } else if (game?.question) {
    say(game.question.text, "question");
  } else if (roll) {
    say(roll, "dice");
  } else if (game?.summary?.combat) {
    say(`Combat on ${game.summary.combat.at}: each side chooses in secret, below the panel.`, "dice");
  } else if (game) {
    const how = game.summary?.kind === "outdoor" ? "Tap a piece on the field."
      : game.summary?.kind === "cards" ? "Each player plays from their hand, on their own phone."
        : game.summary?.kind === "flags" ? "Reveal plays a round."
          : game.summary?.kind === "quiz" ? "The player asked answers on their own phone."
        : "Move on the board, or tap a space here.";
    say(game.outcome ? turnText(game) : `${turnText(game)}. ${how}`);
  } else {
    say("No game yet: start one below.", "none");
  }
}

// -- playing by tapping -----------------------------------------------------------------

function clearSelection() {
  page.marks.selected = null;
  page.marks.targets = new Set();
  page.options = [];
  $("moves").replaceChildren();
  $("selection").textContent = "Tap a space to play there, or a piece to see where it may go.";
  delete $("selection").dataset.kind;
}

function offer(actions) {
  const box = $("moves");
  box.replaceChildren();
  for (const item of actions.slice(0, MAX_BUTTONS)) {
    const button = element("button", "move-button", item.text);
    button.type = "button";
    button.addEventListener("click", () => play(item.action));
    box.append(button);
  }
  if (actions.length > MAX_BUTTONS) {
    box.append(element("p", "hint", `and ${actions.length - MAX_BUTTONS} more: tap a highlighted space.`));
  }
}

async function tap(space) {
  if (!page.game || page.game.outcome) return;  // nothing left to play
  showError("");
  if (page.marks.selected && page.marks.targets.has(space)) {
    const chosen = page.options.filter((item) => item.spaces.includes(space));
    if (chosen.length === 1) {
      play(chosen[0].action);
      return;
    }
    offer(chosen);
    return;
  }
  if (page.marks.selected === space) {
    clearSelection();
    redraw();
    return;
  }
  let found;
  try {
    found = await getJSON(`/api/game/actions?space=${encodeURIComponent(space)}`);
  } catch (error) {
    showError(error.message);
    return;
  }
  const actions = found.actions;
  if (actions.length === 1 && actions[0].spaces.length <= 1) {
    play(actions[0].action);
    return;
  }
  clearSelection();
  if (actions.length === 0) {
    // Said under the board, where the tap was: what stands there, or that no move may.
    $("selection").textContent = found.occupied || `No legal move touches ${space} now.`;
    $("selection").dataset.kind = "notice";
    redraw();
    return;
  }
  page.marks.selected = space;
  page.options = actions;
  page.marks.targets = new Set(actions.flatMap((item) => item.spaces).filter((s) => s !== space));
  $("selection").textContent = `${space}: ${actions.length} legal move${actions.length > 1 ? "s" : ""}; tap a highlighted space or choose below.`;
  offer(actions);
  redraw();
}

async function send(url, body = {}, { inCard = false } = {}) {
  showError("");
  try {
    const answer = await postJSON(url, body);
    if (answer.game !== undefined) await showGame(answer.game, answer.verdict);
    return answer;
  } catch (error) {
    refused(error);
    if (inCard) showError(error.message);  // said beside the field it was entered on too
    return null;
  } finally {
    verdictInView();
  }
}

/** After a person's action the verdict says what it did: bring it into view if it is
 * not (a correction made far down the page). Live news never scrolls the page. */
function verdictInView() {
  const card = $("verdict-card");
  const box = card.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) {
    card.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }
}

function refused(error) {
  say(error.message, "illegal");
  if (error.spaces?.length) {
    page.marks.problem = new Set(error.spaces);
    redraw();
  }
}

export function play(action, dice, how = {}) {
  return send("/api/game/play", dice ? { action, dice } : { action }, how);
}

// The legal actions that touch no space (roll, end the turn, pass) as buttons. They
// follow the game: when the player to move or the phase changes, the old buttons go at
// once, and an answer asked for before the latest change is never drawn.
function otherMovesBox() {
  return $("other-moves") || (() => {
    const node = element("div", "moves other-moves");
    node.id = "other-moves";
    $("moves").after(node);
    return node;
  })();
}

function scheduleOtherMoves() {
  clearTimeout(page.otherTimer);
  page.otherAsked += 1;
  const box = otherMovesBox();
  const turn = page.game ? `${page.game.game_id} ${page.game.to_move} ${page.game.phase}` : "";
  if (box.dataset.turn !== turn) box.replaceChildren();
  box.dataset.turn = turn;
  page.otherTimer = setTimeout(showOtherMoves, 120, page.otherAsked);
}

async function showOtherMoves(asked) {
  const box = otherMovesBox();
  // The card game's moves are made from the hand (cards.js), the quiz's answer and pass
  // in its form (quiz.js), not from a list.
  if (!page.game || page.game.outcome || ["cards", "quiz"].includes(page.game.summary?.kind)) {
    box.replaceChildren();
    return;
  }
  let found;
  try {
    found = await getJSON("/api/game/actions");
  } catch {
    return;
  }
  if (asked !== page.otherAsked) return;  // the game changed meanwhile: a newer answer comes
  box.replaceChildren();
  // Only the moves this phone may make (a player's own seat's; the referee's: all).
  const offered = found.actions.filter((a) => a.spaces.length === 0 && mayActFor(a.seat)
    && !fieldOffers(page.game, a.action));
  for (const item of offered.slice(0, MAX_BUTTONS)) {
    const button = element("button", "move-button other", item.text + (item.dice ? ` (roll ${item.dice.count}d${item.dice.sides})` : ""));
    button.type = "button";
    button.dataset.type = item.action.type;
    button.addEventListener("click", item.action.type === "resign"
      ? confirmFirst(button, `${item.text}: tap again to confirm`, () => play(item.action))
      : () => play(item.action));
    box.append(button);
  }
}

const CONFIRM_MS = 4000;

/** A click handler that asks for a second tap within a few seconds before ``act`` (a
 * resignation is not undone by accident with one tap). */
function confirmFirst(button, asking, act) {
  const text = button.textContent;
  let timer = null;
  return () => {
    if (button.dataset.armed) {
      clearTimeout(timer);
      delete button.dataset.armed;
      button.textContent = text;
      act();
      return;
    }
    button.dataset.armed = "yes";
    button.textContent = asking;
    timer = setTimeout(() => {
      delete button.dataset.armed;
      button.textContent = text;
    }, CONFIRM_MS);
  };
}

// -- corrections ----------------------------------------------------------------------------

function fillCorrections(game) {
  const select = $("correct-content");
  const wanted = ["empty", ...(game?.hand_choices || [])];
  if (select.dataset.filled === wanted.join(",")) return;
  select.replaceChildren(...wanted.map((value) => {
    const option = element("option", "", title(value));
    option.value = value;
    return option;
  }));
  select.dataset.filled = wanted.join(",");
}

function correctionForms() {
  $("correct-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const space = $("correct-space").value.trim().toUpperCase();
    const value = $("correct-content").value;
    send("/api/game/correct", {
      correction: { type: "set", space, content: value === "empty" ? null : value },
    });
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send("/api/game/correct", {
      correction: {
        type: "move", from: $("move-from").value.trim().toUpperCase(),
        to: $("move-to").value.trim().toUpperCase(),
      },
    });
  });
  $("accept-board").addEventListener("click", () => send("/api/game/accept"));
}

// -- OneWorld: secret choices, in turn, sealed here ------------------------------------------

function renderSecret(game) {
  const box = $("secret");
  box.replaceChildren();
  const combat = game?.summary?.combat;
  if (!combat || game.summary.secrets !== "commit") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (combat.committed.length > 0 && me.role === "referee") annulButton(box);
  // This phone chooses only for a player it may act for (its seat; the referee: any).
  const player = combat.waiting.find(mayActFor);
  if (!player) {
    if (combat.waiting.length) {
      const verb = combat.waiting.length === 1 ? "chooses" : "choose";
      box.append(element("p", "hint", `${combat.waiting.map(title).join(" and ")} ${verb} ` +
        "in secret on their own phone."));
    }
    return;
  }
  const godCombat = combat.kind === "god";
  const committing = godCombat ? combat.committed.length === 0 : combat.committed.length < 2;
  if (godCombat && !committing && !combat.god_aspect && player !== combat.attacker) {
    announce(box, player);
    return;
  }
  const storeKey = (who) => `${game.game_id}:${combat.at}:${combat.round ?? "god"}:${who}`;
  if (committing) {
    choose(box, player, godCombat, combat, (choice) => {
      const sealed = seal(player, choice);
      keepReveal(storeKey(player), sealed.reveal);
      play(sealed.commit);
    });
    return;
  }
  const reveal = keptReveal(storeKey(player));
  if (!reveal) {
    box.append(element("p", "hint", `${title(player)} committed on another screen: reveal from there.`));
    return;
  }
  const button = element("button", "primary", `Reveal ${player.toUpperCase()}'s choice`);
  button.type = "button";
  button.id = "reveal";
  button.addEventListener("click", async () => {
    if (await play(reveal)) forgetReveal(storeKey(player));
  });
  box.append(button);
}

function choose(box, player, godCombat, combat, done) {
  box.append(element("p", "secret-who", `${player.toUpperCase()}: choose in secret ` +
    `(${title(player === "borg" ? "chez" : "borg")}, look away).`));
  const form = element("form", "secret-form");
  form.id = "secret-form";
  if (godCombat) {
    const select = element("select");
    select.name = "aspect";
    for (const aspect of ["stone", "blade", "fog"]) {
      const option = element("option", "", aspect);
      option.value = aspect;
      select.append(option);
    }
    form.append(select);
  } else {
    const own = combat.sides[player] || {};
    const total = Object.values(own).reduce((a, b) => a + b, 0);
    form.append(element("span", "hint", `${total} ${total === 1 ? "child" : "children"}:`));
    for (const aspect of ["stone", "blade", "fog"]) {
      const label = element("label", "", `${aspect} `);
      const input = element("input");
      input.type = "number";
      input.min = "0";
      input.max = String(total);
      input.name = aspect;
      input.value = "0";
      input.className = "secret-count";
      label.append(input);
      form.append(label);
    }
  }
  const button = element("button", "primary", "Seal my choice");
  button.type = "submit";
  form.append(button);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const choice = godCombat ? data.get("aspect") : Object.fromEntries(
      ["stone", "blade", "fog"].map((aspect) => [aspect, Number(data.get(aspect) || 0)]));
    form.reset();
    done(choice);
  });
  box.append(form);
}

// The one way past a sealed choice (undo refuses it): the referee annuls the round's
// choices, a correction the record shows, and both sides choose again.
function annulButton(box) {
  const button = element("button", "small", "Annul this round's choices (referee)");
  button.type = "button";
  button.id = "annul";
  button.addEventListener("click", () => send("/api/game/correct", { correction: { type: "annul" } }));
  box.append(button);
}

function announce(box, player) {
  box.append(element("p", "secret-who", `${player.toUpperCase()}: announce your god's aspect.`));
  for (const aspect of ["stone", "blade", "fog"]) {
    const button = element("button", "move-button", aspect);
    button.type = "button";
    button.addEventListener("click", () => play({ type: "announce", player, aspect }));
    box.append(button);
  }
}

// -- starting, resuming, importing, ending -----------------------------------------------------

async function fillStartForm() {
  const data = await getJSON("/api/games");
  const games = Object.fromEntries(data.games.map((g) => [g.name, g]));
  const choice = $("game-choice");
  choice.replaceChildren(...data.games.map((g) => {
    const option = element("option", "", g.title);
    option.value = g.name;
    return option;
  }));
  choice.value = games.one ? "one" : data.games[0].name;
  const fill = () => {
    const g = games[choice.value];
    const players = $("players");
    players.replaceChildren(...g.players.map((n) => element("option", "", String(n))));
    if (g.players.includes(g.options.players)) players.value = String(g.options.players);
    $("players-label").hidden = g.players.length === 0;
    const boards = $("board-choice");
    boards.replaceChildren(...g.boards.map((b) => element("option", "", b)));
    boards.value = g.boards.length ? g.boards[0] : g.options.board;
    $("board-label").hidden = g.boards.length <= 1;
    fitStartForm(g.name);
  };
  choice.addEventListener("change", fill);
  fill();
  page.fillForm = fill;
  showGameInForm(page.game);
  $("start").disabled = false;  // the form is ready
  page.saved = data.saved;
  page.titles = Object.fromEntries(data.games.map((g) => [g.name, g.title]));
  showSaved();
}

function showSaved() {
  const box = $("saved");
  box.replaceChildren();
  // A game nobody played a step of is not worth resuming: start a new one instead.
  const open = page.saved.filter((g) => !g.ended && g.actions > 0
    && g.game_id !== page.game?.game_id).slice(0, 4);
  for (const g of open) {
    const steps = g.actions === 1 ? "1 step" : `${g.actions} steps`;
    const when = new Date(g.started * 1000).toLocaleString();
    const button = element("button", "small",
      `Resume ${page.titles?.[g.game] || g.game} (${steps}, ${when})`);
    button.type = "button";
    button.addEventListener("click", () => send("/api/game/resume", { game_id: g.game_id }));
    box.append(button);
  }
}

function gameForms() {
  $("start-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("game-choice").value;
    let options = {};
    const more = $("more-options").value.trim();
    if (more) {
      try {
        options = JSON.parse(more);
      } catch {
        showError("The options must be JSON, such as {\"captures\": false}.");
        return;
      }
    }
    if (!$("players-label").hidden) options.players = Number($("players").value);
    if (!$("board-label").hidden) options.board = $("board-choice").value;
    const { position, options: all } = await startExtras(name, options);
    const body = { game: name, options: all, dice: $("dice-choice").value };
    if (position) body.position = position;
    if (await send("/api/game/start", body)) {
      $("position-file").value = "";
      $("position-text").value = "";
    }
  });
  // A game played with the table's dice: the referee enters what was thrown.
  $("thrown-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const dice = $("thrown").value.split(/[\s,]+/).filter(Boolean).map(Number);
    send("/api/game/dice", { dice }).then((answer) => {
      if (answer) $("thrown").value = "";
    });
  });
  $("end").addEventListener("click", () => send("/api/game/end"));
  $("undo").addEventListener("click", () => send("/api/game/undo"));
  $("redo").addEventListener("click", () => send("/api/game/redo"));
  $("tap-corners").addEventListener("click", startCornerTaps);
  $("frame").addEventListener("click", tapCorner);
  $("frame").addEventListener("load", keepPictureSize);
  $("reregister").addEventListener("click", async () => {
    try {
      showReferee(await postJSON("/api/calibration/register"));
    } catch (error) {
      showError(error.message);
    }
  });
  $("import").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const answer = await send("/api/game/import", { record: await file.text() });
    event.target.value = "";
    if (answer?.skipped?.length) {
      say(`${answer.verdict.text} ${answer.skipped.length} line(s) skipped: ` +
        answer.skipped.map((s) => `line ${s.line}: ${s.reason}`).join("; "), "mismatch");
    }
  });
}

// -- registering the board by tapping its corners on the picture -------------------------

const CORNERS = ["top-left", "top-right", "bottom-right", "bottom-left"];
let corners = null;

function startCornerTaps() {
  corners = [];
  showCornerHint();
}

function showCornerHint() {
  const hint = $("corner-hint");
  hint.hidden = corners === null;
  $("frame").classList.toggle("tapping", corners !== null);
  if (corners) {
    hint.textContent = `Tap the board's ${CORNERS[corners.length]} corner on the picture ` +
      `(${corners.length} of 4; the top-left as the board's coordinates have it).`;
  }
}

// The picture's size in camera pixels, kept from its last load: while the next frame
// loads, the image's own naturalWidth can read 0.
const shown = { width: 0, height: 0 };

function keepPictureSize() {
  const img = $("frame");
  if (img.naturalWidth > 0) Object.assign(shown, { width: img.naturalWidth, height: img.naturalHeight });
}

/** Where a click on the picture falls in the camera's pixels (the image is "contain"ed). */
function picturePixel(event) {
  const img = $("frame");
  keepPictureSize();
  const { width, height } = shown;
  const box = img.getBoundingClientRect();
  const scale = Math.min(box.width / width, box.height / height);
  const left = box.left + (box.width - width * scale) / 2;
  const top = box.top + (box.height - height * scale) / 2;
  return [(event.clientX - left) / scale, (event.clientY - top) / scale];
}

async function tapCorner(event) {
  if (corners === null) return;
  if (!shown.width && !$("frame").naturalWidth) return;  // no picture yet
  corners.push(picturePixel(event).map((v) => Math.round(v * 10) / 10));
  if (corners.length < 4) {
    showCornerHint();
    return;
  }
  const taps = corners;
  corners = null;
  showCornerHint();
  try {
    showReferee(await postJSON("/api/calibration/register", { corners: taps }));
  } catch (error) {
    showError(error.message);
  }
}

let liveGames = 0; // how many games the live stream has shown

// A game pushed by the live stream: it is the newest there is.
export function showLiveGame(game, verdict) {
  liveGames += 1;
  // The server sends the history only when it changed (web/table_events.py): keep ours.
  if (game && game.history === undefined && page.game?.game_id === game.game_id) {
    game.history = page.game.history;
  }
  return showGame(game, verdict);
}

// Fetch the game (on load and after a reconnect). If the live stream showed a game
// while the request was on its way, that one is at least as new: keep it.
export async function refreshGame() {
  const before = liveGames;
  const data = await getJSON("/api/game");
  showReferee(data.referee);
  if (liveGames === before) await showGame(data.game, data.verdict);
}

export function setUp() {
  setUpReview(showError);
  setUpStart(send);
  correctionForms();
  gameForms();
  fillStartForm().catch((error) => showError(error.message));
}
