// Drawing the board: a schematic board from the geometry (GET /api/board/NAME) with what
// the game has on every space, and the same marks over the camera picture where the live
// loop has found the board (each space's pixel, from the "referee" status).
//
// Marks: "selected" (the piece tapped), "targets" (where it may go), "problem" (spaces
// to put back or that differ from the game), "last" (what the last step changed),
// "combat" (the hex where a OneWorld combat is fought), "question" (the spaces the
// camera cannot read that the table is asked about).

const SVG = "http://www.w3.org/2000/svg";

export const COLOURS = {
  black: "#1b1b1d", white: "#f2f0ea", red: "#d0453a", blue: "#3d64c9",
  green: "#3f9b5a", yellow: "#e7c23c",
};
const SIDES = { borg: "#8c5bd6", chez: "#2aa39a" };
const TERRAIN = {
  flatland: "#3b3a2f", mountain: "#5a4f45", forest: "#2f4a32", water: "#2b4058",
  swamp: "#3a4536", desert: "#6b5a3a", pylon: "#2f6f86",
};
// Lines along hex sides (OneWorld's Runelines and Faults of Chaos), by kind.
const FEATURES = {
  runeline: { colour: "#f2c94c", label: "Runeline" },
  fault: { colour: "#ff5a3c", label: "Fault of Chaos", dash: "2.4 1.4" },
};
const TERRAIN_NAMES = { pylon: "Crystal Pylon" };
// ONSLAUGHT's special squares: what each is called on the drawn board and in its legend.
const SQUARE_LABELS = { core: "core", orb: "orb", node: "node" };

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
  if (marks.question?.has(name)) {
    group.append(node("circle", { cx: x, cy: y, r: r * 1.08, class: "mark question" }));
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

// The spaces a verdict names ("put back A1, B4"), ringed, are also named in bold beside
// their ring, above it (below on the top row), over every piece, so a phone shows which
// is which without a hover title.
function nameMarked(svg, spaces, marks, r, height) {
  const size = r * 0.8;
  for (const s of spaces) {
    const kind = marks.problem?.has(s.name) ? "problem" : marks.question?.has(s.name) ? "question" : "";
    if (!kind) continue;
    const above = s.y_mm - r * 1.15;
    const y = above - size > 0 || s.y_mm + r * 1.15 + size > height ? above : s.y_mm + r * 1.15 + size * 0.8;
    svg.append(node("text", {
      x: s.x_mm, y, "font-size": size, "text-anchor": "middle", class: `mark-name ${kind}`,
      "data-name": s.name, "pointer-events": "none",
    }, s.name));
  }
}

/** The side two neighbouring hexes share: perpendicular to the line between their
 * centres, through its middle, as long as a hex's side (r: half the distance across). */
function sharedSide(p, q, r) {
  const mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2;
  const dx = q[0] - p[0], dy = q[1] - p[1];
  const length = Math.hypot(dx, dy) || 1;
  const half = r / Math.sqrt(3);
  const ux = -dy / length * half, uy = dx / length * half;
  return [mx - ux, my - uy, mx + ux, my + uy];
}

/** A hex map's terrain symbols, Tower sites and the lines along hex sides. */
function drawHexFeatures(svg, geometry, points, r, legend) {
  const { spaces, spec } = geometry;
  for (const s of spaces) {
    if (s.terrain === "pylon") {  // a crystal: a small diamond
      const y = s.y_mm - r * 0.55, w = r * 0.18;
      svg.append(node("polygon", {
        points: `${s.x_mm},${y - w * 1.4} ${s.x_mm + w},${y} ${s.x_mm},${y + w * 1.4} ${s.x_mm - w},${y}`,
        fill: "#9fe3f5", opacity: 0.9, class: "terrain-mark", "data-terrain": s.terrain,
      }));
    }
    if (s.tower_site) {  // a Tower of Balance may stand here: a small tower
      const x = s.x_mm, y = s.y_mm + r * 0.45, w = r * 0.6;
      svg.append(node("path", {
        d: `M${x - w / 2},${y + w / 2} v${-w} h${w / 5} v${w / 4} h${w / 5} v${-w / 4} h${w / 5} v${w / 4} h${w / 5} v${-w / 4} h${w / 5} v${w} z`,
        fill: "#c9a2ff", class: "tower-site", "data-hex": s.name,
      }));
    }
  }
  const kinds = new Set();
  for (const feature of spec.features || []) {
    const style = FEATURES[feature.kind] || { colour: "#dddddd", label: feature.kind };
    kinds.add(feature.kind);
    for (const side of feature.sides || []) {
      const [a, b] = side.split("/");
      if (!points[a] || !points[b]) continue;
      const [x1, y1, x2, y2] = sharedSide(points[a], points[b], r);
      const line = node("line", {
        x1, y1, x2, y2, stroke: style.colour, "stroke-width": r * 0.22,
        "stroke-linecap": "round", class: `feature ${feature.kind}`, "data-side": side,
      });
      if (style.dash) line.setAttribute("stroke-dasharray", style.dash);
      line.append(node("title", {}, feature.name || style.label));
      svg.append(line);
    }
  }
  const terrains = new Set(spaces.map((s) => s.terrain).filter((t) => t && t !== spec.default_terrain));
  for (const terrain of terrains) {
    legend.push({ swatch: "hex", colour: TERRAIN[terrain] || "#3b3a2f", text: TERRAIN_NAMES[terrain] || terrain });
  }
  if (spaces.some((s) => s.tower_site)) legend.push({ swatch: "tower", colour: "#c9a2ff", text: "Tower of Balance site" });
  for (const kind of kinds) {
    const style = FEATURES[kind] || { colour: "#dddddd", label: kind };
    legend.push({ swatch: "line", colour: style.colour, dash: style.dash, text: `${style.label} (along hex sides)` });
  }
}

/** The words on an ONSLAUGHT square: "Red core", "Prime node", "Blue orb". */
function squareLabel(special) {
  const what = SQUARE_LABELS[special.kind] || special.kind;
  const whose = special.team || special.link || "";
  return whose ? `${whose[0].toUpperCase()}${whose.slice(1)} ${what}` : what;
}

/** A key under the board: what each colour, symbol and line stands for. */
function drawLegend(items) {
  const box = document.createElement("ul");
  box.className = "legend";
  box.style.cssText = "list-style:none;display:flex;flex-wrap:wrap;gap:0.3rem 1rem;margin:0.4rem 0 0;padding:0;font-size:0.85rem";
  for (const item of items) {
    const entry = document.createElement("li");
    entry.style.cssText = "display:flex;align-items:center;gap:0.35rem";
    const swatch = node("svg", { width: 22, height: 14, viewBox: "0 0 22 14", "aria-hidden": "true" });
    if (item.swatch === "line") {
      const line = node("line", { x1: 2, y1: 7, x2: 20, y2: 7, stroke: item.colour, "stroke-width": 3, "stroke-linecap": "round" });
      if (item.dash) line.setAttribute("stroke-dasharray", "4 2.5");
      swatch.append(line);
    } else if (item.swatch === "tower") {
      swatch.append(node("path", { d: "M6,13 v-10 h2 v3 h2 v-3 h2 v3 h2 v-3 h2 v10 z", fill: item.colour }));
    } else {
      swatch.append(node("rect", {
        x: 2, y: 1, width: 18, height: 12, rx: 2, fill: item.colour,
        "fill-opacity": item.opacity ?? 1, stroke: item.outline || "none", "stroke-width": 1.5,
      }));
    }
    const text = document.createElement("span");
    text.textContent = item.text;
    entry.append(swatch, text);
    box.append(entry);
  }
  return box;
}

/** Draw the schematic board into ``container``; ``onTap(space)`` on a tap. */
// The names the verdicts speak in, on the board itself (hover titles never show on a
// phone): a grid's column letters and row numbers along its edges, in its margin; on a
// board of rings or hexes each space's name, small, under its piece.
function drawCoordinates(svg, geometry, points, r) {
  const { width_mm: width, height_mm: height, spaces, kind } = geometry;
  const parsed = spaces.map((s) => /^([A-Z]+)(\d+)$/.exec(s.name));
  if (kind === "grid" && parsed.every(Boolean)) {
    const columns = new Map(), rows = new Map();
    spaces.forEach((s, i) => {
      columns.set(parsed[i][1], s.x_mm);
      rows.set(parsed[i][2], s.y_mm);
    });
    const xs = [...columns.values()], ys = [...rows.values()];
    const left = Math.min(...xs) - (kind === "grid" && geometry.spec.points === "cells" ? r : 0);
    const top = Math.min(...ys) - (geometry.spec.points === "cells" ? r : 0);
    const right = width - (Math.max(...xs) + (geometry.spec.points === "cells" ? r : 0));
    const bottom = height - (Math.max(...ys) + (geometry.spec.points === "cells" ? r : 0));
    const size = Math.min(r * 0.9, Math.min(left, top, right, bottom) * 0.7);
    const label = (x, y, text, edge) => svg.append(node("text", {
      x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
      class: "coordinate", "data-edge": edge, "pointer-events": "none",
    }, text));
    for (const [letter, x] of columns) {
      label(x, top / 2, letter, "top");
      label(x, height - bottom / 2, letter, "bottom");
    }
    for (const [number, y] of rows) {
      label(left / 2, y, number, "left");
      label(width - right / 2, y, number, "right");
    }
    return;
  }
  if (kind !== "rings" && kind !== "hex") return;
  for (const s of spaces) {
    svg.append(node("text", {
      x: s.x_mm, y: s.y_mm + r * 0.72, "font-size": r * 0.42, "text-anchor": "middle",
      class: "space-name", "data-name": s.name, "pointer-events": "none",
    }, s.name));
  }
}

// A board of rings drawn as it is printed (calibration/printables/board.py): a circle
// through each ring's spaces, each space a small ring on it, or a hash mark across it
// where the print has one (between the circles of ONE's outer ring).
function drawRings(svg, geometry, r) {
  const cx = geometry.width_mm / 2, cy = geometry.height_mm / 2;
  const radii = new Map();
  for (const s of geometry.spaces) {
    if (!radii.has(s.ring)) radii.set(s.ring, Math.hypot(s.x_mm - cx, s.y_mm - cy));
  }
  for (const radius of radii.values()) {
    svg.append(node("circle", { cx, cy, r: radius, class: "ring-line" }));
  }
  for (const s of geometry.spaces) {
    if (s.hash_mark) {
      const radius = radii.get(s.ring);
      const dx = (s.x_mm - cx) / radius * r * 0.6, dy = (s.y_mm - cy) / radius * r * 0.6;
      svg.append(node("line", { x1: s.x_mm - dx, y1: s.y_mm - dy, x2: s.x_mm + dx,
        y2: s.y_mm + dy, class: "hash-mark" }));
    } else {
      svg.append(node("circle", { cx: s.x_mm, cy: s.y_mm, r: r * 0.55, class: "hole" }));
    }
  }
}

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
  const legend = [];
  if (kind === "hex") {
    const hexR = r * 2 / Math.sqrt(3);
    for (const s of spaces) {
      svg.append(node("polygon", {
        points: hexagon(s.x_mm, s.y_mm, hexR * 0.98),
        fill: TERRAIN[s.terrain] || "#3b3a2f", class: "hex", "data-terrain": s.terrain || "",
      }));
    }
    drawHexFeatures(svg, geometry, points, r, legend);
  } else if (cells) {
    const seen = new Map();
    for (const s of spaces) {
      const special = spec.special?.[s.name];
      const fill = special ? (special.team ? COLOURS[special.team] : "#6b5a2f") : "#4a4034";
      svg.append(node("rect", {
        x: s.x_mm - r, y: s.y_mm - r, width: 2 * r, height: 2 * r,
        fill, "fill-opacity": special ? 0.35 : 1, class: "cell",
      }));
      if (!special) continue;
      const label = squareLabel(special);
      svg.append(node("text", {
        x: s.x_mm, y: s.y_mm + r * 0.86, "font-size": r * 0.26, "text-anchor": "middle",
        fill: "#f4ead8", opacity: 0.9, class: "square-label", "data-square": s.name,
        "pointer-events": "none",
      }, label));
      const key = special.kind === "node" ? "node" : `${special.kind} ${special.team || ""}`;
      if (!seen.has(key)) {
        seen.set(key, {
          swatch: "square", colour: fill, opacity: 0.6,
          text: special.kind === "node"
            ? "Node (prime, left or right link): hold it for your core's link"
            : `${squareLabel(special)}${special.kind === "core" ? ": the team's base, to defend" : ": where the orb starts"}`,
        });
      }
    }
    legend.push(...[...seen.entries()].sort().map(([, item]) => item));
  } else if (kind === "rings") {
    drawRings(svg, geometry, r);
  } else {
    for (const [a, b] of edges) {
      const p = points[a], q = points[b];
      svg.append(node("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "edge" }));
    }
    for (const s of spaces) {
      if (spec.special?.[s.name]?.kind === "star") {
        svg.append(node("circle", { cx: s.x_mm, cy: s.y_mm, r: r * 0.16, class: "star" }));
      }
    }
  }
  drawCoordinates(svg, geometry, points, r);
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
  nameMarked(svg, spaces, marks, r, height);
  if (legend.length) container.replaceChildren(svg, drawLegend(legend));
  else container.replaceChildren(svg);
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
