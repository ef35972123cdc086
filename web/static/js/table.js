// The table page: the game on its board, the live camera picture, the dice and their
// history. Live updates come as server-sent events; EventSource reconnects by itself,
// and each (re)connect starts with a "hello" carrying the status, after which the page
// re-fetches the game and the history, so a phone that lost Wi-Fi catches up.

import { alertRoll, buzzWanted, setBuzz } from "./attention.js";
import { getJSON, postJSON } from "./api.js";
import { renderByPlayer, renderHistory, renderLastRoll, renderPending } from "./dice.js";
import { mustJoin, refreshSeats, setUpJoin } from "./join.js";
import { refreshGame, setUp, showError, showLiveGame, showReferee } from "./play.js";

const HISTORY_LIMIT = 50;
const $ = (id) => document.getElementById(id);

const rolls = new Map(); // seq -> roll, the page's copy of the history
let pending = null;

function showRolls() {
  const newest = [...rolls.values()].sort((a, b) => b.seq - a.seq).slice(0, HISTORY_LIMIT);
  rolls.clear();
  for (const roll of newest) rolls.set(roll.seq, roll);
  renderHistory($("history"), newest);
  renderByPlayer($("by-player"), newest);
  renderLastRoll($("last-roll"), newest[0] || null);
}

function addRoll(roll) {
  rolls.set(roll.seq, roll);
  showRolls();
}

// The history is append-only, so what a request returns is merged with the rolls the
// live stream brought meanwhile, never put in their place.
async function refreshHistory() {
  const data = await getJSON(`/api/dice/history?limit=${HISTORY_LIMIT}`);
  for (const roll of data.rolls) rolls.set(roll.seq, roll);
  showRolls();
}

function showStatus(status) {
  showCamera(status.camera.status);
  showPending(status.dice.pending);
  if (status.button) $("button-status").textContent = capitalize(status.button.status);
  // Damage found in the journal (a lost write-ahead log, unreadable events): say it.
  showDemo(status.demo);
  const warnings = status.journal_warnings || [];
  $("journal-warnings").textContent = warnings.join(" ");
  $("journal-warnings").hidden = !warnings.length;
}

function showPending(request) {
  pending = request;
  renderPending($("pending"), pending);
  $("choice").classList.toggle("overridden", Boolean(pending));
  for (const select of $("choice").querySelectorAll("select")) select.disabled = Boolean(pending);
  $("roll").textContent = pending ? `Roll ${pending.count}d${pending.sides}` : "Roll";
}

function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function showCamera(text) {
  $("camera-status").textContent = text;
  $("camera-status").dataset.ok = String(text === "ok");
}

// The camera picture: fetch the newest frame when told there is one, one at a time.
const frame = { shown: 0, wanted: 0, loading: false };

function wantFrame(number) {
  frame.wanted = Math.max(frame.wanted, number);
  if (frame.loading || frame.wanted <= frame.shown) return;
  frame.loading = true;
  const target = frame.wanted;
  const img = $("frame");
  const done = () => {
    frame.loading = false;
    frame.shown = target;
    if (frame.wanted > frame.shown) wantFrame(frame.wanted);
  };
  img.addEventListener("load", done, { once: true });
  img.addEventListener("error", done, { once: true });
  img.src = `/frame.jpg?n=${target}`;
}

function setLive(state, text) {
  const pill = $("live");
  pill.dataset.state = state;
  pill.textContent = text;
}

const REFUSED_RETRY_MS = 10000;

function listen() {
  const events = new EventSource("/api/events");
  events.addEventListener("hello", (event) => {
    setLive("live", "live");
    const status = JSON.parse(event.data);
    showStatus(status);
    wantFrame(status.camera.frames);
    refreshHistory().catch((error) => showError(error.message));
    refreshGame().catch((error) => showError(error.message));
    refreshSeats().catch((error) => showError(error.message));
  });
  // A roll that used the pending request is followed by a "dice_request" event.
  events.addEventListener("roll", (event) => {
    alertRoll();
    addRoll(JSON.parse(event.data));
  });
  events.addEventListener("frame", (event) => wantFrame(JSON.parse(event.data).number));
  events.addEventListener("status", (event) => showCamera(JSON.parse(event.data).camera));
  events.addEventListener("demo", (event) => showDemo(JSON.parse(event.data)));
  events.addEventListener("dice_request", (event) => showPending(JSON.parse(event.data).pending));
  events.addEventListener("table", (event) => {
    const data = JSON.parse(event.data);
    showLiveGame(data.game, data.verdict).catch((error) => showError(error.message));
    refreshSeats().catch((error) => showError(error.message));
  });
  events.addEventListener("seats", () => refreshSeats().catch((error) => showError(error.message)));
  events.addEventListener("referee", (event) => showReferee(JSON.parse(event.data)));
  events.addEventListener("error", () => {
    setLive("down", "reconnecting…");
    // A refused stream (a 503: the table serves as many live pages as it can) is not
    // retried by EventSource itself: try again a little later.
    if (events.readyState === EventSource.CLOSED) setTimeout(listen, REFUSED_RETRY_MS);
  });
}

async function roll(event) {
  event.preventDefault();
  const button = $("roll");
  button.disabled = true;
  showError("");
  // With a pending request the big button does what the dice button does.
  const body = pending
    ? { by: "page" }
    : { by: "page", count: Number($("count").value), sides: Number($("sides").value),
        modifier: Number($("modifier").value) };
  try {
    addRoll(await postJSON("/api/dice/roll", body));
    showStatus(await getJSON("/api/status"));
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
  }
}

// The demo's replay pauses while a person plays (web/demo.py); the banner says so.
function showDemo(demo) {
  const banner = $("demo-paused");
  if (banner) banner.hidden = !demo?.paused;
}

async function resumeDemo() {
  showError("");
  try {
    showDemo(await postJSON("/api/demo/resume", {}));
  } catch (error) {
    showError(error.message);
  }
}

async function pressSimulatedButton() {
  showError("");
  try {
    const result = await postJSON("/api/demo/button");
    if (result.roll) addRoll(result.roll);
  } catch (error) {
    showError(error.message);
  }
}

// The table itself: shown at once, or, at a private table, once this phone has joined.
let tableShown = false;

function showTable() {
  if (tableShown) return;
  tableShown = true;
  setUp();
  $("roll-form").addEventListener("submit", roll);
  $("demo-button")?.addEventListener("click", pressSimulatedButton);
  $("demo-resume")?.addEventListener("click", resumeDemo);
  $("buzz").checked = buzzWanted();
  $("buzz").addEventListener("change", () => setBuzz($("buzz").checked));
  // The status comes with the stream's "hello": a separate request could answer after a
  // newer "dice_request" event and hide the roll it asks for.
  refreshHistory().catch((error) => showError(error.message));
  refreshGame().catch((error) => showError(error.message));
  listen();
}

// After joining, the game is drawn again for this phone's role (what it may do).
setUpJoin((unblocked) => {
  if (unblocked) showTable();
  else if (tableShown) refreshGame().catch((error) => showError(error.message));
}).catch((error) => showError(error.message)).finally(() => {
  if (!mustJoin()) showTable();
});
