// Drawing dice: the last roll big, the pending request, each player's last roll, the
// history table.

import { element, title } from "./game.js";

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit", minute: "2-digit", second: "2-digit",
});

export function formatTime(seconds) {
  return timeFormat.format(new Date(seconds * 1000));
}

function signed(number) {
  return number < 0 ? `−${-number}` : `+${number}`;
}

/** "3 5 +2 = 10": the dice, what was added, and the total where it is not the die. */
function resultText(roll) {
  const parts = roll.values.map(String);
  if (roll.modifier) parts.push(signed(roll.modifier));
  return parts.length > 1 ? `${parts.join(" ")} = ${roll.total}` : parts[0];
}

/** Each player's last roll, apart: in a game where several players roll, nobody reads
 * another's roll as theirs. Hidden while no roll was made for a player. */
export function renderByPlayer(list, rolls) {
  const last = new Map();
  for (const roll of rolls) {
    if (roll.for_whom && !last.has(roll.for_whom)) last.set(roll.for_whom, roll);
  }
  list.replaceChildren(...[...last].map(([player, roll]) => {
    const item = element("li", "player-roll");
    item.dataset.player = player;
    item.append(element("span", "player", title(player)),
      element("strong", "total", String(roll.total)),
      element("span", "dice", roll.notation));
    return item;
  }));
  list.hidden = last.size === 0;
}

export function renderLastRoll(container, roll) {
  container.replaceChildren();
  if (!roll) {
    container.append(element("p", "empty", "No roll yet"));
    return;
  }
  const faces = element("div", "faces");
  faces.setAttribute("data-seq", String(roll.seq));
  for (const value of roll.values) {
    faces.append(element("span", "die", String(value)));
  }
  container.append(faces);
  if (roll.modifier) faces.append(element("span", "modifier", signed(roll.modifier)));
  const summary = element("p", "summary");
  const total = roll.values.length > 1 || roll.modifier ? ` = ${roll.total}` : "";
  summary.append(element("strong", "total", `${roll.notation}${total}`));
  if (roll.purpose) summary.append(` for ${roll.purpose}`);
  summary.append(element("span", "who", ` · ${roll.requested_by || "?"} · ${formatTime(roll.time)}`));
  container.append(summary);
}

export function renderPending(node, pending) {
  if (!pending) {
    node.hidden = true;
    node.textContent = "";
    return;
  }
  // Whose roll, by name, unless the purpose already says it ("Red 1's moves").
  const who = pending.for_whom ? title(pending.for_whom) : "";
  const forWhom = who && !(pending.purpose || "").includes(who) ? ` (${who})` : "";
  const purpose = pending.purpose ? ` for ${pending.purpose}` : "";
  node.textContent = `Next roll: ${pending.count}d${pending.sides}${purpose}${forWhom}`;
  node.hidden = false;
}

export function renderHistory(tbody, rolls) {
  tbody.replaceChildren();
  if (rolls.length === 0) {
    const row = element("tr", "empty");
    const cell = element("td", "", "No roll yet");
    cell.colSpan = 4;
    row.append(cell);
    tbody.append(row);
    return;
  }
  for (const roll of rolls) {
    const row = element("tr");
    row.setAttribute("data-seq", String(roll.seq));
    row.append(
      element("td", "time", formatTime(roll.time)),
      element("td", "purpose", roll.purpose || roll.notation),
      element("td", "result", resultText(roll)),
      element("td", "who", roll.requested_by),
    );
    tbody.append(row);
  }
}
