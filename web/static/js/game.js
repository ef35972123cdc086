// Drawing the game around the board: whose turn, and each game's panel (ONE's scores,
// ONSLAUGHT's cores and nodes, OneWorld's gods, Towers, stacks and the combat in
// progress, the outdoor game's sequences and falls, the card game's stocks and
// missions, Battle of Flags' piles, the quiz's scores; the field is field.js's, the
// cards and hand cards.js's, the question quiz.js's). The Moves card and its review
// are review.js's.

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Players' names as the game says them (the page data's words.players, from
// Game.player_words); title() names a key the game has not named by the same rule.
const names = new Map();

export function learnNames(game) {
  names.clear();
  for (const [key, words] of Object.entries(game?.words?.players || {})) names.set(key, words);
}

export function title(name) {
  if (!name) return "";
  if (names.has(name)) return names.get(name);
  const match = /^([a-z]+)(\d+)$/.exec(name);
  if (match) return `${match[1][0].toUpperCase()}${match[1].slice(1)} ${match[2]}`;
  const words = name.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

/** "Red 1 to move · setting up" in the header, in the game's words; the outcome once the
 * game is over. */
export function turnText(game) {
  if (!game) return "";
  if (game.outcome) {
    const winners = (game.outcome.winners || []).map(title).join(" and ");
    return `${game.title}: over${winners ? ` · ${winners} won` : ""}`;
  }
  const who = game.words?.to_move ? `${game.words.to_move} to move` : "";
  return [game.title, who, game.phase_words].filter(Boolean).join(" · ");
}

function table(headers, rows) {
  const node = element("table", "panel-table");
  const head = element("tr");
  for (const text of headers) head.append(element("th", "", text));
  node.append(head);
  for (const cells of rows) {
    const row = element("tr");
    for (const text of cells) row.append(element("td", "", String(text)));
    node.append(row);
  }
  return node;
}

function counts(stack) {
  if (!stack) return "";
  return Object.entries(stack).filter(([, n]) => n).map(([aspect, n]) => `${n} ${aspect}`).join(", ");
}

const PANELS = {
  one(summary) {
    // Group: the largest connected group; the score adds 2 per stone captured.
    return ["Score", table(["Player", "Group", "Captured", "Lost", "In hand", "Score"],
      summary.players.map((p) => [title(p.player) + (p.resigned ? " (resigned)" : ""),
        p.largest_group, p.captured, p.lost, p.in_hand, p.score]))];
  },
  onslaught(summary) {
    const box = element("div");
    box.append(table(["Team", "Core", "Health", "Linked", "Orb"],
      summary.teams.map((t) => [title(t.team), t.core, `${t.health} / ${t.full_health}`,
        t.linked ? "yes" : "no", t.orb_carrier ? `carried by ${title(t.orb_carrier)}` : `on ${t.orb_at}`])));
    box.append(table(["Node", "Link", "Held by", "Capture"],
      summary.nodes.map((n) => [n.square, n.link, n.owner ? title(n.owner) : "nobody",
        n.capture || "—"])));
    const turn = summary.turn;
    box.append(element("p", "hint", `Turn ${turn.number}: ${title(turn.piece)}` +
      (turn.roll ? ` rolled ${turn.roll}, ${turn.moves_left} moves left` : ", not rolled yet")));
    return ["Cores and nodes", box];
  },
  oneworld(summary) {
    const box = element("div");
    box.append(table(["God", "On", "Lives", "Tower", "Under the Tower"],
      Object.entries(summary.gods).map(([side, god]) => [side.toUpperCase(), god.at || "—",
        god.lives, summary.towers[side] || "—", counts(summary.under_tower[side]) || "nothing"])));
    if (summary.combat) {
      const c = summary.combat;
      const line = c.kind === "god"
        ? `Combat against a god on ${c.at}`
        : `Combat on ${c.at}, round ${c.round}: BORG ${counts(c.sides.borg)} against CHEZ ${counts(c.sides.chez)}`;
      box.append(element("p", "combat", line));
    }
    const stacks = summary.stacks.map((s) => [s.at, counts(s.borg), counts(s.chez)]);
    const details = element("details", "stacks");
    details.append(element("summary", "", `Stacks on ${stacks.length} hexes`));
    details.append(table(["Hex", "BORG", "CHEZ"], stacks));
    box.append(details);
    return ["Gods, Towers and stacks", box];
  },
  cards(summary, game) {
    // Every player's public part: cards in hand (how many), stock and its paired score
    // now, missions held (face up, with their stars) and fulfilled, the last sum.
    const box = element("div");
    const stars = (m) => `${m.title} ${"★".repeat(m.stars)}`;
    box.append(table(["Player", "Hand", "Stock", "Score", "Missions", "Sum"],
      summary.players.map((p) => [title(p.player) + (p.player === summary.to_move ? " ▸" : ""),
        p.hand, p.stock.length, p.score, p.missions.map(stars).join(", ") || "—",
        p.last_sum ?? "—"])));
    for (const p of summary.players) {
      if (!p.stock.length && !p.fulfilled.length) continue;
      const details = element("details", "stacks");
      details.append(element("summary", "", `${title(p.player)}'s stock: ${p.stock.length} cards, ` +
        `${p.paired.length} paired`));
      details.append(element("p", "hint", p.stock.map((c) => `${c.name} ${c.value}` +
        (p.paired.includes(c.code) ? "" : " (unpaired)")).join(", ")));
      if (p.fulfilled.length) {
        details.append(element("p", "hint", `Fulfilled: ${p.fulfilled.map(stars).join(", ")}`));
      }
      box.append(details);
    }
    const end = game.state?.options?.end_at;
    if (end) box.append(element("p", "hint", `Play stops when a stock holds ${end} cards.`));
    return ["Stocks, scores and missions", box];
  },
  quiz(summary) {
    return ["Scores", table(["Player", "Score"], summary.scores.map((p) =>
      [title(p.player) + (p.player === summary.asked ? " ▸" : ""), p.score]))];
  },
  flags(summary) {
    // Battle of Flags: how many cards each pile holds (face down), and on the table.
    const box = element("div");
    box.append(table(["Player", "Cards"], summary.players.map((p) => [title(p.player), p.cards])));
    box.append(element("p", "hint", `Round ${summary.round} of at most ${summary.max_rounds}; ` +
      `${summary.on_table} cards on the table, ${summary.aside} set aside.`));
    return ["Piles", box];
  },
  outdoor(summary, game) {
    // Falls: the enemy pieces each player has put on their side this sequence.
    const box = element("div");
    const where = `Sequence ${summary.sequence} of ${summary.sequences}` +
      (summary.turn ? `, turn ${summary.turn}` : "");
    box.append(element("p", "phase-words", game.outcome ? `${where}: the game is over.`
      : `${where}: ${(game.phase_words || "").replace(/^.*: /, "")}.`));
    const sides = ["north", "south"];
    const count = (side, status) => summary.characters
      .filter((c) => c.side === side && c.status === status).length;
    box.append(table(["Player", "Falls", "Standing", "On their side", "Off the field"],
      sides.map((side) => [title(side), summary.falls[side], count(side, "in"),
        count(side, "fallen"), count(side, "left")])));
    if (summary.results.length) {
      box.append(table(["Sequence", "Falls N–S", "Won by"], summary.results.map((r) =>
        [r.sequence, `${r.falls.north}–${r.falls.south}`, r.winner ? title(r.winner) : "a tie"])));
    }
    return ["Sequences and falls", box];
  },
};

/** Fill the game's panel; hide it for a game without one. */
export function renderPanel(card, heading, container, game) {
  const summary = game?.summary;
  const build = summary && PANELS[summary.kind];
  card.hidden = !build;
  if (!build) return;
  const [text, body] = build(summary, game);
  heading.textContent = text;
  container.replaceChildren(body);
}
