// Drawing dice: the last roll big, the pending request, the history table.

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit", minute: "2-digit", second: "2-digit",
});

export function formatTime(seconds) {
  return timeFormat.format(new Date(seconds * 1000));
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
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
  const summary = element("p", "summary");
  const total = roll.values.length > 1 ? ` = ${roll.total}` : "";
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
  const forWhom = pending.for_whom ? ` (${pending.for_whom})` : "";
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
      element("td", "result", `${roll.values.join(" ")}${roll.values.length > 1 ? ` = ${roll.total}` : ""}`),
      element("td", "who", roll.requested_by),
    );
    tbody.append(row);
  }
}
