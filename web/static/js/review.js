// The Moves card and reviewing a game (OGS / lichess style): the steps standing, paired
// by turn where the game has a short notation (Go: "12. B D4  W Q16"), else one a line
// in words; tap one to see the board as it was after it, read-only, with the camera's
// picture of that moment where one was kept. Previous and next (← and → on a keyboard;
// ← from the live game reviews the move before the last) walk the game; "Back to live"
// (or Escape) returns to the game as it stands.
//
// The positions come from the server (GET /api/game/position?step=N), which keeps the
// state before every step: nothing is replayed here. While reviewing, the live board and
// every input that plays or corrects are set aside (inert), so nothing the review shows
// changes the game; a move arriving meanwhile keeps the review and says so.

import { getJSON } from "./api.js";
import { drawBoard } from "./board.js";
import { element, title } from "./game.js";

const $ = (id) => document.getElementById(id);

// What a person could play or correct with: set aside while reviewing.
const INPUTS = ["moves", "other-moves", "correct", "problem", "choices", "answers",
  "thrown-form", "secret", "step-buttons"];

const review = {
  game: null,  // the live game, as last shown
  step: null,  // the step reviewed (0: the start), or null when live
  wanted: null,  // the step asked for last: quick taps and keys walk on from it
  seq: null,  // the journal seq of the step reviewed (a new game or an undo changes it)
  steps: 0,  // how many steps the game had when the review was drawn
  asked: 0,  // how many positions were asked for: only the newest is drawn
  boards: new Map(),  // board name -> its geometry (a promise)
  showError: () => {},  // says a position that could not be fetched, where the person acted
  listed: "",  // the history the list shows: redrawn only when it changes
};

/** The Moves card for ``game`` (null: no game); a review in progress follows it. */
export function showMoves(game) {
  const before = review.game;
  review.game = game;
  renderList($("events"), game);
  if (review.step === null) return;
  const history = game?.history || [];
  const sameGame = game && before && game.game_id === before.game_id;
  const reviewed = review.step > 0 ? history[review.step - 1] : null;
  if (!sameGame || review.step > history.length || (reviewed && reviewed.seq !== review.seq)) {
    backToLive();  // the step reviewed is gone: an undo, another game
    return;
  }
  // Moves made since the review was drawn: said in the banner ("New move —").
  $("review-news").hidden = history.length <= review.steps;
  showBanner(history.length);
}

// -- the list ---------------------------------------------------------------------------

// Redrawn only when the steps change: news that changes none of them (a reading, a
// question) leaves the list, its scroll and a button being tapped as they are.
function renderList(list, game) {
  const steps = game?.history || [];
  const listed = JSON.stringify([game?.game_id ?? null, steps.map((step) => step.seq)]);
  if (listed === review.listed) return;
  review.listed = listed;
  list.replaceChildren();
  const paired = steps.some((step) => step.notation);
  list.classList.toggle("paired", paired);
  if (steps.length === 0) {
    list.append(element("li", "empty", game ? "No move yet" : "No game"));
    return;
  }
  if (paired) pairedRows(list, steps);
  else steps.forEach((step, index) => list.append(stepItem(step, index + 1)));
  markReviewed(list);
  showInList(list);
}

function stepButton(text, step, number) {
  const button = element("button", "step", text);
  button.type = "button";
  button.dataset.step = String(number);
  button.dataset.seq = String(step.seq);
  button.addEventListener("click", () => reviewStep(number, { fromList: true }));
  return button;
}

/** One line per step, in the game's words. */
function stepItem(step, number) {
  const item = element("li", step.kind === "game.correction" ? "correction" : "");
  item.append(stepButton(step.text, step, number));
  return item;
}

/** A game of two sides with a notation: one row per turn, the side that moved first on
 * the left; a correction or a step without notation has a line of its own. */
function pairedRows(list, steps) {
  const first = steps.find((step) => step.notation)?.player;
  let row = null;
  let turn = 0;
  steps.forEach((step, index) => {
    if (!step.notation || !step.player) {
      list.append(stepItem(step, index + 1));
      row = null;
      return;
    }
    const column = step.player === first ? 1 : 2;
    if (!row || row.filled >= column) {
      turn += 1;
      row = { item: element("li", "turn-row"), filled: 0 };
      row.item.append(element("span", "turn-number", `${turn}.`));
      list.append(row.item);
    }
    if (column === 2 && row.filled === 0) row.item.append(element("span", "step-gap", "…"));
    const who = title(step.player)[0] || "";
    const button = stepButton(`${who} ${step.notation}`, step, index + 1);
    button.title = step.text;  // the step in words, for a mouse
    row.item.append(button);
    row.filled = column;
  });
}

function markReviewed(list) {
  for (const button of list.querySelectorAll("button.step")) {
    const current = review.step !== null && Number(button.dataset.step) === review.step;
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

/** The newest step in view (the one reviewed while reviewing), scrolling the list only,
 * never the page. */
function showInList(list) {
  const current = review.step !== null ? list.querySelector('[aria-current="step"]') : null;
  if (!current) {
    list.scrollTop = list.scrollHeight;
    return;
  }
  const top = current.offsetTop;  // the list is the button's offset parent (positioned)
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

// -- reviewing --------------------------------------------------------------------------

async function reviewStep(step, { fromList = false } = {}) {
  const game = review.game;
  const steps = game?.history?.length || 0;
  if (!game || step < 0 || step > steps) return;
  review.wanted = step;
  review.asked += 1;
  const asked = review.asked;
  let position, geometry;
  try {
    position = await getJSON(`/api/game/position?step=${step}`);
    geometry = position.board ? await boardOf(position.board) : null;
  } catch (error) {
    if (asked !== review.asked) return;
    review.wanted = review.step;
    review.showError(error.message);
    return;
  }
  if (asked !== review.asked || review.game?.game_id !== position.game_id) return;
  review.step = step;
  review.seq = position.seq;
  review.steps = position.steps;
  setReviewing(true);
  $("review-news").hidden = true;
  showBanner(position.steps);
  $("review-text").textContent = position.text
    ? `${position.text}.` : "The board before the first move.";
  const container = $("review-board");
  if (geometry && position.view) {
    drawBoard(container, geometry, position.view, { last: new Set(position.changed) }, () => {});
  } else {
    container.replaceChildren(element("p", "empty", "This game's board cannot be drawn."));
  }
  const picture = $("review-picture");
  $("review-picture-box").hidden = !position.picture;
  if (position.picture) picture.src = `/api/game/picture?step=${step}&seq=${position.seq}`;
  else picture.removeAttribute("src");
  markReviewed($("events"));
  showInList($("events"));
  if (fromList) {
    const box = $("review").getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) {
      $("review").scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }
}

function showBanner(steps) {
  const step = review.step;
  $("review-title").textContent = step === 0
    ? `Reviewing the start of the game (${steps} move${steps === 1 ? "" : "s"} since)`
    : `Reviewing move ${step} of ${steps}`;
  $("review-previous").disabled = step <= 0;
  $("review-next").disabled = step >= steps;
}

function boardOf(name) {
  if (!review.boards.has(name)) {
    const load = getJSON(`/api/board/${encodeURIComponent(name)}`);
    load.catch(() => review.boards.delete(name));  // try again next time
    review.boards.set(name, load);
  }
  return review.boards.get(name);
}

function setReviewing(on) {
  document.body.dataset.review = on ? "on" : "off";
  $("review").hidden = !on;
  for (const id of INPUTS) {
    const node = $(id);
    if (node) node.inert = on;
  }
}

/** Leave the review: the live board and its inputs again. */
export function backToLive() {
  review.asked += 1;  // a position on its way is not drawn
  review.step = review.seq = review.wanted = null;
  setReviewing(false);
  $("review-picture").removeAttribute("src");
  markReviewed($("events"));
  showInList($("events"));
}

function typing(target) {
  return target?.closest?.("input, select, textarea, [contenteditable]");
}

/** Wire the review's buttons and keys; ``showError(message)`` says what went wrong. */
export function setUpReview(showError) {
  review.showError = showError;
  $("review-live").addEventListener("click", backToLive);
  $("review-previous").addEventListener("click", () => reviewStep(review.wanted - 1));
  $("review-next").addEventListener("click", () => reviewStep(review.wanted + 1));
  document.addEventListener("keydown", (event) => {
    if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    const steps = review.game?.history?.length || 0;
    if (review.wanted === null) {  // live: ← reviews the move before the last
      if (event.key !== "ArrowLeft" || steps === 0) return;
      reviewStep(steps - 1);
      event.preventDefault();
      return;
    }
    if (event.key === "ArrowLeft" && review.wanted > 0) reviewStep(review.wanted - 1);
    else if (event.key === "ArrowRight" && review.wanted < steps) reviewStep(review.wanted + 1);
    else if (event.key === "Escape") backToLive();
    else return;
    event.preventDefault();
  });
}
