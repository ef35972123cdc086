// Drawing the board: a schematic board from the geometry (GET /api/board/NAME) with what
// the game has on every space, and the same marks over the camera picture where the live
// loop has found the board (each space's pixel, from the "referee" status).
//
// Marks: "selected" (the piece tapped), "targets" (where it may go), "problem" (spaces
// to put back or that differ from the game), "last" (what the last step changed),
// "combat" (the hex where a OneWorld combat is fought).

const SVG = "http://www.w3.org/2000/svg";

export const COLOURS = {
  black: "#1b1b1d", white: "#f2f0ea", red: "#d0453a", blue: "#3d64c9",
  green: "#3f9b5a", yellow: "#e7c23c",
};
const SIDES = { borg: "#8c5bd6", chez: "#2aa39a" };
const TERRAIN = {
  flatland: "#3b3a2f", mountain: "#5a4f45", forest: "#2f4a32", water: "#2b4058",
  swamp: "#3a4536", desert: "#6b5a3a",
};

function node(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Half the shortest distance between two neighbouring spaces: a space's radius. */
export function spaceRadius(points, edges) {
  let best = Infinity;
  for (const [a, b] of edges) {
    const p = points[a], q = points[b];
    if (!p || !q) continue;
    best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  }
  return Number.isFinite(best) ? best / 2 : 10;
}

function hexagon(x, y, r) {
  const corners = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 3) * i;
    corners.push(`${(x + r * Math.cos(angle)).toFixed(2)},${(y + r * Math.sin(angle)).toFixed(2)}`);
  }
  return corners.join(" ");
}

/** What is on a space, as SVG shapes centred on (x, y) with radius r. */
function drawContent(group, content, x, y, r) {
  if (content === null || content === undefined) return;
  if (typeof content === "string") {
    group.append(node("circle", {
      cx: x, cy: y, r: r * 0.9, fill: COLOURS[content] || "#999",
      stroke: content === "white" ? "#9a9486" : "#000", "stroke-width": r * 0.06,
      class: "stone", "data-content": content,
    }));
    return;
  }
  if (Array.isArray(content.pieces)) {  // ONSLAUGHT: pieces, orbs, the node's token
    if (content.token) {
      group.append(node("rect", {
        x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.2,
        fill: "none", stroke: COLOURS[content.token] || "#ccc", "stroke-width": r * 0.12,
        class: "token",
      }));
    }
    const pieces = content.pieces;
    pieces.forEach((piece, index) => {
      const dx = pieces.length > 1 ? (index - (pieces.length - 1) / 2) * r * 0.8 : 0;
      const team = piece.replace(/\d+$/, "");
      group.append(node("circle", {
        cx: x + dx, cy: y, r: r * 0.42, fill: COLOURS[team] || "#999", stroke: "#000",
        "stroke-width": r * 0.05, class: "piece", "data-piece": piece,
      }));
      group.append(node("text", {
        x: x + dx, y: y + r * 0.16, "font-size": r * 0.42, "text-anchor": "middle",
        fill: "#fff", class: "label",
      }, piece[0].toUpperCase() + piece.slice(-1)));
    });
    content.orbs.forEach((orb, index) => {
      const ox = x + r * 0.55 - index * r * 0.3, oy = y - r * 0.55;
      group.append(node("polygon", {
        points: `${ox},${oy - r * 0.22} ${ox + r * 0.22},${oy} ${ox},${oy + r * 0.22} ${ox - r * 0.22},${oy}`,
        fill: COLOURS[orb] || "#ccc", stroke: "#fff", "stroke-width": r * 0.05, class: "orb",
      }));
    });
    return;
  }
  if (content.side) {  // OneWorld: the top counter of a hex, or a stack
    group.append(node("circle", {
      cx: x, cy: y, r: r * 0.7, fill: SIDES[content.side] || "#999", stroke: "#000",
      "stroke-width": r * 0.05, class: "counter", "data-side": content.side,
    }));
    const face = content.face ? content.face[0].toUpperCase() : "";
    const label = content.stack ? `${face}▲` : face;
    group.append(node("text", {
      x, y: y + r * 0.25, "font-size": r * 0.7, "text-anchor": "middle", fill: "#fff",
      class: "label",
    }, label));
  }
}

function markSpace(group, x, y, r, marks, name) {
  if (marks.problem?.has(name)) {
    group.append(node("circle", { cx: x, cy: y, r: r * 1.02, class: "mark problem" }));
  }
  if (marks.last?.has(name)) {
    group.append(node("circle", { cx: x, cy: y, r: r * 0.98, class: "mark last" }));
  }
  if (marks.combat === name) {
    group.append(node("circle", { cx: x, cy: y, r: r * 1.05, class: "mark combat" }));
  }
  if (marks.selected === name) {
    group.append(node("circle", { cx: x, cy: y, r: r * 1.0, class: "mark selected" }));
  }
  if (marks.targets?.has(name)) {
    group.append(node("circle", { cx: x, cy: y, r: r * 0.3, class: "mark target" }));
  }
}

/** Draw the schematic board into ``container``; ``onTap(space)`` on a tap. */
export function drawBoard(container, geometry, view, marks, onTap) {
  const { width_mm: width, height_mm: height, spaces, edges, kind, spec } = geometry;
  const svg = node("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", class: `board-svg kind-${kind}`,
    "aria-label": spec.title || "the board",
  });
  svg.append(node("rect", { x: 0, y: 0, width, height, rx: 6, class: "board-bg" }));
  const points = Object.fromEntries(spaces.map((s) => [s.name, [s.x_mm, s.y_mm]]));
  const r = spaceRadius(points, edges);
  const cells = kind === "grid" && spec.points === "cells";
  if (kind === "hex") {
    const hexR = r * 2 / Math.sqrt(3);
    for (const s of spaces) {
      svg.append(node("polygon", {
        points: hexagon(s.x_mm, s.y_mm, hexR * 0.98),
        fill: TERRAIN[s.terrain] || "#3b3a2f", class: "hex",
      }));
    }
  } else if (cells) {
    for (const s of spaces) {
      const special = spec.special?.[s.name];
      const fill = special ? (special.team ? COLOURS[special.team] : "#6b5a2f") : "#4a4034";
      svg.append(node("rect", {
        x: s.x_mm - r, y: s.y_mm - r, width: 2 * r, height: 2 * r,
        fill, "fill-opacity": special ? 0.35 : 1, class: "cell",
      }));
    }
  } else {
    for (const [a, b] of edges) {
      const p = points[a], q = points[b];
      svg.append(node("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "edge" }));
    }
    for (const s of spaces) {
      if (kind === "rings") {
        svg.append(node("circle", { cx: s.x_mm, cy: s.y_mm, r: r * 0.55, class: "hole" }));
      } else if (spec.special?.[s.name]?.kind === "star") {
        svg.append(node("circle", { cx: s.x_mm, cy: s.y_mm, r: r * 0.16, class: "star" }));
      }
    }
  }
  for (const s of spaces) {
    const group = node("g", { class: "space", "data-space": s.name, tabindex: 0 });
    group.append(node("title", {}, s.name));
    group.append(node("circle", { cx: s.x_mm, cy: s.y_mm, r, class: "hit" }));
    drawContent(group, view[s.name], s.x_mm, s.y_mm, r);
    markSpace(group, s.x_mm, s.y_mm, r, marks, s.name);
    group.addEventListener("click", () => onTap(s.name));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") onTap(s.name);
    });
    svg.append(group);
  }
  container.replaceChildren(svg);
}

/** Draw the marks and the game's pieces over the camera picture (or clear it). */
export function drawOverlay(svg, referee, view, marks) {
  svg.replaceChildren();
  const spaces = referee?.spaces_px;
  const frame = referee?.frame;
  if (!spaces || !frame || !view) {
    svg.setAttribute("hidden", "");
    return;
  }
  svg.removeAttribute("hidden");
  svg.setAttribute("viewBox", `0 0 ${frame[0]} ${frame[1]}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const names = Object.keys(spaces);
  const neighbours = [];
  for (let i = 0; i + 1 < names.length; i += 1) neighbours.push([names[i], names[i + 1]]);
  const r = spaceRadius(spaces, neighbours);
  for (const name of names) {
    const [x, y] = spaces[name];
    const content = view[name];
    if (typeof content === "string") {
      svg.append(node("circle", {
        cx: x, cy: y, r: r * 0.35, class: "seen", fill: COLOURS[content] || "#999",
      }));
    } else {
      svg.append(node("circle", { cx: x, cy: y, r: r * 0.12, class: "dot" }));
    }
    markSpace(svg, x, y, r, marks, name);
  }
}
