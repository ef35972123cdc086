// The outdoor game's field on the table page: drawn to scale in inches (a grid every
// 6 in, the edges named), every character a disc with its facing, its name and the set
// of statistics it uses; and a move entered by tapping: the piece, where it ends (the
// distance shown live), its facing, then Move. Setting up, the listed row of pieces can
// be dragged before it is placed; in a split, a tap puts a piece in the other group.
// The field has no spaces: everything here is read from the game's summary
// (companion/games/outdoor/text.py) and its listed actions.

import { getJSON } from "./api.js";
import { element } from "./game.js";
import { mayActFor } from "./join.js";

const SVG = "http://www.w3.org/2000/svg";
const GRID = 6;  // inches between grid lines
const MARGIN = 1.8;  // inches around the field, for the edges' names and the grid's numbers
const EDGE_NAMES = [["N", 0.5, -1.1], ["S", 0.5, 1.1], ["W", -1.1, 0.5], ["E", 1.1, 0.5]];
const COMPASS = [["N", 0], ["NE", 45], ["E", 90], ["SE", 135], ["S", 180], ["SW", 225],
  ["W", 270], ["NW", 315]];
const GRAB = 0.6;  // inches around a piece that still count as tapping it
const AIM_LEAST = 0.3;  // inches from the new piece a drag must go to say a facing
const TAPPED = new Set(["place", "move", "stay", "split"]);  // the actions the field offers

/** Whether the field offers ``action`` itself (the page's plain buttons leave it out). */
// The unit of every length the game gives and takes (its "units" option).
const units = () => field.game?.summary?.units || "in";

export function fieldOffers(game, action) {
  return game?.summary?.kind === "outdoor" && TAPPED.has(action.type);
}

const field = {
  game: null,
  stamp: null,  // the game as last drawn: a new one forgets the selection
  actions: [],  // the listed actions, each with the seat that takes it
  selected: null,  // the character tapped
  target: null,  // where the selected character ends: {x, y}
  facing: null,  // the facing chosen for it (null: keep its own)
  setup: null,  // the poses of the pieces being placed, dragged or as listed
  groups: null,  // in a split: each of the splitter's characters' group, 1 or 2
  dragging: null,  // "aim", "facing", or the id of a piece being placed
  svg: null,
  controls: null,
  send: null,  // plays an action; a refusal is said in the field's card
};

const svgNode = (tag, attrs = {}) => {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
};

const round1 = (v) => Math.round(v * 10) / 10;
const heading = (deg) => [Math.sin(deg * Math.PI / 180), -Math.cos(deg * Math.PI / 180)];
const bearingTo = (a, b) => ((Math.atan2(b.x - a.x, a.y - b.y) * 180 / Math.PI) + 360) % 360;
const gap = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
const sideName = (side) => side[0].toUpperCase() + side.slice(1);

/** Draw the outdoor game ``game`` into ``container`` (the board card's drawing area);
 * ``send(action)`` plays an action from it. */
export function drawField(container, game, send) {
  field.send = send;
  if (!field.svg || !container.contains(field.svg)) {
    field.svg = svgNode("svg", { class: "field", role: "img" });
    field.controls = element("div", "field-controls");
    field.svg.addEventListener("pointerdown", pointerDown);
    field.svg.addEventListener("pointermove", pointerMove);
    field.svg.addEventListener("pointerup", pointerUp);
    field.svg.addEventListener("pointercancel", pointerUp);
    container.replaceChildren(field.svg, field.controls);
    field.stamp = null;
  }
  field.game = game;
  const stamp = JSON.stringify([game.game_id, game.phase, game.to_move, game.summary,
    game.pending_dice]);
  if (stamp !== field.stamp) {
    field.stamp = stamp;
    Object.assign(field, { actions: [], selected: null, target: null, facing: null,
      setup: null, groups: null, dragging: null });
    loadActions(stamp);
  }
  render();
}

async function loadActions(stamp) {
  if (field.game.outcome) return;
  let found;
  try {
    found = await getJSON("/api/game/actions");
  } catch {
    return;  // the plain buttons say what went wrong
  }
  if (stamp !== field.stamp) return;  // the game moved on meanwhile
  field.actions = found.actions;
  render();
}

/** The listed actions this phone may take (its seat's; the referee's: all), asked each
 * time: a phone may join after the actions came. */
function mine() {
  return field.actions.filter((item) => mayActFor(item.seat));
}

// -- what the selected piece may do -----------------------------------------------------

function characters() {
  return field.game?.summary?.characters || [];
}

function options() {
  return field.game?.state?.options || {};
}

/** The listed move and stay of ``cid`` (its forced walk, staying), if this phone may. */
function movesOf(cid) {
  const own = mine().filter((item) => item.action.character === cid);
  return {
    walk: own.find((item) => item.action.type === "move") || null,
    stay: own.find((item) => item.action.type === "stay") || null,
  };
}

function movable(cid) {
  const { walk, stay } = movesOf(cid);
  return Boolean(walk || stay);
}

function selectedPiece() {
  return characters().find((c) => c.id === field.selected) || null;
}

/** ``[[...], [...]]`` as each character's group number. */
function groupsOf(groups) {
  return Object.fromEntries(groups.flatMap((ids, index) => ids.map((id) => [id, index + 1])));
}

/** The groups to draw: those being split here, or those split and waiting for a choice. */
function shownGroups() {
  const waiting = field.game?.state?.split;
  return field.groups || (waiting ? groupsOf(waiting) : null);
}

function groupList(groups, number) {
  return Object.keys(groups).filter((id) => groups[id] === number).sort();
}

// -- drawing ------------------------------------------------------------------------------

function render() {
  const game = field.game;
  if (!game) return;
  const place = mine().find((item) => item.action.type === "place");
  if (!place) field.setup = null;
  else if (!field.setup) field.setup = structuredClone(place.action.pieces);  // the listed row
  const split = mine().find((item) => item.action.type === "split");
  if (!split) field.groups = null;
  else if (!field.groups) field.groups = groupsOf(split.action.groups);  // the first listed
  const [width, height] = game.summary.field;
  const unit = Math.max(width, height) / 24;  // labels keep their size on a larger field
  const svg = field.svg;
  svg.setAttribute("viewBox", `${-MARGIN * unit} ${-MARGIN * unit} ${width + 2 * MARGIN * unit} ` +
    `${height + 2 * MARGIN * unit}`);
  svg.dataset.field = `${width} ${height}`;
  svg.setAttribute("aria-label", `The field, ${width} by ${height} ${units()}: tap a piece`);
  const placing = Boolean(field.setup);
  svg.style.touchAction = placing || (field.selected && movable(field.selected)) ? "none" : "";
  svg.replaceChildren(...grid(width, height, unit));
  const piece = selectedPiece();
  if (piece && piece.status === "in") svg.append(...reach(piece, width, height, unit));
  for (const c of characters()) {
    if (c.status === "fallen") svg.append(fallen(c, unit));
  }
  const poses = field.setup || {};
  for (const c of characters()) {
    if (poses[c.id]) svg.append(disc({ ...c, ...poses[c.id], status: "in", set: "placing" }, unit));
    else if (c.status === "in") svg.append(disc(c, unit));
  }
  if (piece && field.target) svg.append(...aim(piece, unit));
  else if (piece && field.facing !== null) {
    svg.append(arrow(piece.x, piece.y, field.facing, piece.r, unit, "turned"));
  }
  renderControls();
}

function grid(width, height, unit) {
  const nodes = [svgNode("rect", { class: "field-ground", x: 0, y: 0, width, height })];
  for (let x = GRID; x < width; x += GRID) {
    nodes.push(svgNode("line", { class: "field-grid", x1: x, y1: 0, x2: x, y2: height }));
  }
  for (let y = GRID; y < height; y += GRID) {
    nodes.push(svgNode("line", { class: "field-grid", x1: 0, y1: y, x2: width, y2: y }));
  }
  for (let x = 0; x <= width; x += GRID) {
    nodes.push(label(x, -0.35 * unit, String(x), 0.6 * unit, "field-scale"));
  }
  for (let y = GRID; y <= height; y += GRID) {
    if (Math.abs(y - height / 2) < 1.5 * unit) continue;  // where the W stands
    nodes.push(label(-0.55 * unit, y + 0.2 * unit, String(y), 0.6 * unit, "field-scale"));
  }
  for (const [name, fx, fy] of EDGE_NAMES) {
    const x = fx < 0 ? fx * unit : fx > 1 ? width + (fx - 1) * unit : fx * width;
    const y = fy < 0 ? fy * unit : fy > 1 ? height + (fy - 1) * unit + 0.3 * unit : fy * height + 0.3 * unit;
    nodes.push(label(x, y, name, 0.9 * unit, "field-edge"));
  }
  return nodes;
}

function label(x, y, text, size, className) {
  const node = svgNode("text", { x, y, class: className, "font-size": size, "text-anchor": "middle" });
  node.textContent = text;
  return node;
}

/** A standing character: its disc, its set's ring, its facing arrow and its name. */
function disc(c, unit) {
  const group = svgNode("g", { class: "piece", "data-piece": c.id, "data-side": c.side,
    "data-set": c.set || "", "data-facing": Math.round(c.facing) });
  if (c.id === field.selected) group.classList.add("selected");
  if (field.selected && c.id !== field.selected && movable(c.id)) group.classList.add("movable");
  group.append(svgNode("circle", { class: "piece-set", cx: c.x, cy: c.y, r: c.r + 0.22 * unit }));
  group.append(svgNode("circle", { class: "piece-body", cx: c.x, cy: c.y, r: c.r }));
  group.append(arrow(c.x, c.y, c.facing, c.r, unit, "piece-facing"));
  const inGroup = shownGroups()?.[c.id];
  if (inGroup) {
    group.dataset.group = String(inGroup);
    group.append(label(c.x, c.y + 0.22 * unit, String(inGroup), 0.6 * unit, "piece-group"));
  }
  // The name behind the piece, where its arrow is not (and a neighbour it faces is not).
  const [dx, dy] = heading(c.facing);
  const behind = c.r + 0.55 * unit;
  group.append(label(c.x - dx * behind, c.y - dy * behind + 0.22 * unit, c.id, 0.65 * unit,
    "piece-name"));
  const title = svgNode("title");
  title.textContent = `${c.id}: ${c.set || "placing"}${c.why ? ` (${c.why})` : ""}`;
  group.append(title);
  return group;
}

function arrow(x, y, facing, r, unit, className) {
  const [dx, dy] = heading(facing);
  const [px, py] = [-dy, dx];
  const tip = [x + dx * (r + 0.55 * unit), y + dy * (r + 0.55 * unit)];
  const back = [x + dx * (r + 0.05 * unit), y + dy * (r + 0.05 * unit)];
  const w = 0.32 * unit;
  const points = [tip, [back[0] + px * w, back[1] + py * w], [back[0] - px * w, back[1] - py * w]];
  return svgNode("polygon", { class: className, points: points.map((p) => p.join(",")).join(" ") });
}

/** A character on its side: a greyed, flattened disc where it fell. */
function fallen(c, unit) {
  const group = svgNode("g", { class: "piece fallen", "data-piece": c.id, "data-side": c.side });
  group.append(svgNode("ellipse", { class: "piece-body", cx: c.x, cy: c.y, rx: c.r,
    ry: c.r * 0.6, transform: `rotate(${c.facing} ${c.x} ${c.y})` }));
  group.append(label(c.x, c.y - c.r - 0.3 * unit, c.id, 0.55 * unit, "piece-name"));
  return group;
}

/** The selected piece's vision cone (faint), its action range and, when it may move,
 * how far it may go or where its walk takes it. */
function reach(c, width, height, unit) {
  const nodes = [];
  const clip = svgNode("clipPath", { id: "field-clip" });
  clip.append(svgNode("rect", { x: 0, y: 0, width, height }));
  nodes.push(clip);
  const vision = options().vision;
  const far = Math.hypot(width, height) * 1.5;
  if (vision >= 360) {
    nodes.push(svgNode("rect", { class: "vision", x: 0, y: 0, width, height }));
  } else {
    const at = (deg) => { const [dx, dy] = heading(deg); return `${c.x + dx * far},${c.y + dy * far}`; };
    const d = `M${c.x},${c.y} L${at(c.facing - vision / 2)} A${far},${far} 0 ${vision > 180 ? 1 : 0} 1 ` +
      `${at(c.facing + vision / 2)} Z`;
    nodes.push(svgNode("path", { class: "vision", d, "clip-path": "url(#field-clip)" }));
  }
  nodes.push(svgNode("circle", { class: "action-range", cx: c.x, cy: c.y,
    r: c.r + options().action_range }));
  if (!movable(c.id)) return nodes;
  if (c.set === "observed") {
    nodes.push(svgNode("circle", { class: "move-range", cx: c.x, cy: c.y, r: c.move,
      "clip-path": "url(#field-clip)" }));
  }
  const walk = movesOf(c.id).walk?.action;
  if (walk && walk.x !== undefined) {
    nodes.push(svgNode("line", { class: "walk", x1: c.x, y1: c.y, x2: walk.x, y2: walk.y }));
  }
  return nodes;
}

/** Where the selected piece is being moved: the line, its length, the piece there. */
function aim(c, unit) {
  const t = field.target;
  const length = gap(c, t);
  const over = length > c.move + options().distance_tolerance;
  const line = svgNode("line", { class: `aim${over ? " over" : ""}`, x1: c.x, y1: c.y, x2: t.x, y2: t.y });
  const ghost = svgNode("g", { class: "piece ghost", "data-side": c.side });
  ghost.append(svgNode("circle", { class: "piece-body", cx: t.x, cy: t.y, r: c.r }));
  ghost.append(arrow(t.x, t.y, field.facing ?? c.facing, c.r, unit, "piece-facing"));
  const words = label((c.x + t.x) / 2, (c.y + t.y) / 2 - 0.4 * unit, `${length.toFixed(1)} ${units()}`,
    0.75 * unit, `aim-length${over ? " over" : ""}`);
  return [line, ghost, words];
}

// -- the controls under the field ---------------------------------------------------------

function button(text, className, onClick) {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function renderControls() {
  const box = field.controls;
  const game = field.game;
  const c = selectedPiece();
  const lines = [];
  const named = (status) => characters().filter((p) => p.status === status).map((p) => p.id);
  for (const [status, words] of [["left", "Off the field"], ["fallen", "On their side"]]) {
    const ids = named(status);
    if (ids.length) lines.push(element("p", "field-gone", `${words}: ${ids.join(", ")}`));
  }
  if (field.setup && !game.outcome) {
    lines.push(...setupControls());
  } else if (shownGroups()) {
    lines.push(...splitControls());
  } else if (c) {
    const where = `${c.id} (${sideName(c.side)}) at (${round1(c.x)}, ${round1(c.y)}) ` +
      `facing ${Math.round(c.facing)}°`;
    const state = c.status === "in" ? `${c.set}: ${c.why}`
      : c.status === "fallen" ? "on its side" : "off the field";
    lines.push(element("p", "field-why", `${where}. ${state[0].toUpperCase()}${state.slice(1)}.`));
    if (movable(c.id)) lines.push(...moveControls(c));
  } else if (!game.outcome) {
    const mine = characters().some((p) => movable(p.id));
    const range = `${options().action_range}-in action range`;
    lines.push(element("p", "hint", mine
      ? `Tap one of your characters to move it: its vision and its ${range} show.`
      : `Tap a piece to see its vision, its ${range} and the set it uses.`));
  }
  lines.push(legend());
  box.replaceChildren(...lines);
}

function setupControls() {
  const place = mine().find((item) => item.action.type === "place");
  const moved = JSON.stringify(field.setup) !== JSON.stringify(place.action.pieces);
  const row = element("div", "buttons");
  row.append(button(moved ? "Place as shown" : "Place in a row", "primary",
    () => field.send({ ...place.action, pieces: field.setup })));
  if (moved) row.append(button("Back to the row", "", () => {
    field.setup = structuredClone(place.action.pieces);
    render();
  }));
  return [element("p", "hint", `${sideName(place.action.player)} sets up: drag a piece to put ` +
    "it elsewhere, then place."), row];
}

function splitControls() {
  const groups = shownGroups();
  const words = `Group 1: ${groupList(groups, 1).join(", ")} · group 2: ${groupList(groups, 2).join(", ")}`;
  const split = mine().find((item) => item.action.type === "split");
  if (!split) return [element("p", "field-groups", `${words}.`)];
  const row = element("div", "buttons");
  row.append(button("Split", "primary", () => field.send({ ...split.action,
    groups: [groupList(groups, 1), groupList(groups, 2)] })));
  return [element("p", "hint", "Tap a character to put it in the other group, then Split."),
    element("p", "field-groups", `${words}.`), row];
}

function moveControls(c) {
  const { walk, stay } = movesOf(c.id);
  const t = field.target;
  const facing = field.facing === null ? {} : { facing: field.facing };
  const hint = t
    ? `${c.id} to (${t.x}, ${t.y}): ${gap(c, t).toFixed(1)} ${units()}. Set its facing ` +
      "(drag the new piece's arrow, or a direction below), then Move."
    : `Tap where ${c.id} ends: ${c.move} ${units()} at most` +
      `${c.set === "unobserved" ? ", straight to the edge" : ""}. Or turn it and stay.`;
  const turn = element("div", "compass");
  turn.append(button("Keep", field.facing === null ? "small chosen" : "small", () => {
    field.facing = null;
    render();
  }));
  for (const [name, deg] of COMPASS) {
    const chosen = field.facing !== null && Math.round(field.facing) === deg;
    turn.append(button(name, chosen ? "small chosen" : "small", () => {
      field.facing = deg;
      render();
    }));
  }
  const row = element("div", "buttons");
  if (t) {
    row.append(button("Move", "primary", () => field.send({ type: "move", player: c.side,
      character: c.id, x: t.x, y: t.y, ...facing })));
  }
  if (walk) {
    row.append(button(walk.action.leaves ? "Walk off the field" : "Walk to the edge",
      t ? "" : "primary", () => field.send({ ...walk.action, ...(walk.action.leaves ? {} : facing) })));
  }
  if (stay) {
    row.append(button(field.facing === null ? "Stay" : `Stay, turning to ${field.facing}°`, "",
      () => field.send({ ...stay.action, ...facing })));
  }
  if (t) {
    row.append(button("Cancel", "", () => {
      Object.assign(field, { target: null, facing: null });
      render();
    }));
  }
  return [element("p", "hint", hint), turn, row];
}

function legend() {
  const node = element("p", "field-legend");
  node.append(element("span", "key observed", "observed"), element("span", "key unobserved", "unobserved"),
    element("span", "", `grid: ${GRID} ${units()}`));
  return node;
}

// -- tapping and dragging -----------------------------------------------------------------

function toField(event) {
  const point = field.svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(field.svg.getScreenCTM().inverse());
  return { x: p.x, y: p.y };
}

/** ``p`` on the field (an edge at most: a piece taken there walks off), to 0.1 in, as
 * the move is sent and judged. */
function within([width, height], p) {
  return { x: round1(Math.min(Math.max(p.x, 0), width)), y: round1(Math.min(Math.max(p.y, 0), height)) };
}

function hit(p, pieces, slack) {
  let best = null;
  for (const c of pieces) {
    const d = gap(c, p);
    if (d <= c.r + slack && (!best || d < best.d)) best = { c, d };
  }
  return best?.c || null;
}

function pointerDown(event) {
  if (!field.game || field.game.outcome) return;
  const p = toField(event);
  const standing = characters().filter((c) => c.status === "in");
  if (field.setup) {
    const pieces = characters().filter((c) => field.setup[c.id])
      .map((c) => ({ ...c, ...field.setup[c.id] }));
    const piece = hit(p, pieces, GRAB);
    if (piece) startDrag(event, piece.id);
    return;
  }
  if (field.groups) {
    const piece = hit(p, standing.filter((c) => field.groups[c.id]), GRAB);
    if (piece) {
      field.groups[piece.id] = 3 - field.groups[piece.id];
      render();
    }
    return;
  }
  const selected = selectedPiece();
  if (selected && movable(selected.id)) {
    const other = hit(p, standing.filter((c) => c.id !== selected.id && movable(c.id)), 0);
    if (other) {
      select(other.id);
      return;
    }
    if (gap(selected, p) <= selected.r) {  // the piece again: back a step
      select(field.target ? selected.id : null);
      return;
    }
    if (field.target && gap(field.target, p) <= selected.r + GRAB) {
      startDrag(event, "facing");
      return;
    }
    field.target = within(field.game.summary.field, p);
    startDrag(event, "aim");
    render();
    return;
  }
  const piece = hit(p, characters().filter((c) => c.status !== "left"), GRAB);
  select(piece && piece.id !== field.selected ? piece.id : null);
}

function select(cid) {
  Object.assign(field, { selected: cid, target: null, facing: null });
  render();
}

function startDrag(event, what) {
  field.dragging = what;
  field.svg.setPointerCapture?.(event.pointerId);
  event.preventDefault();
}

function pointerMove(event) {
  if (!field.dragging) return;
  const p = within(field.game.summary.field, toField(event));
  if (field.dragging === "aim") {
    field.target = p;
  } else if (field.dragging === "facing") {
    if (gap(field.target, p) > AIM_LEAST) field.facing = Math.round(bearingTo(field.target, p));
  } else {
    field.setup[field.dragging] = { ...field.setup[field.dragging], ...p };
  }
  render();
}

function pointerUp() {
  field.dragging = null;
}
