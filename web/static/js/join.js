// Joining the table: who this phone is (/api/me), the join panel for a phone that has
// not joined (the PIN, then a seat or watching), and, once joined, the QR code and PIN
// to show the others and who sits where. The join link (/join?pin=…, or the referee's
// /join?referee=…) opens this page with the PIN in the address's fragment.
//
// The server checks every request (web/access_rules.py); the page only hides what this
// phone may not do (the body's data-role, see table.css).

import { getJSON, postJSON } from "./api.js";
import { element, title } from "./game.js";

const $ = (id) => document.getElementById(id);
const WATCH = "";  // the seat choice that means watching

export const me = { role: null, seat: null, private: false, pin: null, join_url: null };
let seatNames = [];
let seatWords = new Map();  // each seat by its name in the game (Game.player_words)
let seatsAsked = 0;
let onJoined = () => {};

/** May this phone act for ``player``: the referee for anyone, a player for their seat. */
export function mayActFor(player) {
  return me.role === "referee" || (me.role === "player" && me.seat === player);
}

/** Must this phone join before it sees the table (a --private table)? */
export function mustJoin() {
  return me.private && !me.role;
}

function showError(message) {
  $("join-error").textContent = message || "";
  $("join-error").hidden = !message;
}

function youText() {
  const seat = me.seat ? seatWords.get(me.seat) || title(me.seat) : null;
  const lost = me.seat && seatNames.length && !seatNames.includes(me.seat);
  if (me.role === "referee") return seat ? `You are the referee, playing ${seat}.` : "You are the referee.";
  if (me.role === "player" && lost) return `You sat at ${seat}, which this game has not: take a seat.`;
  if (me.role === "player") return `You play ${seat}.`;
  return "You watch.";
}

function showMe(data) {
  Object.assign(me, data);
  document.body.dataset.role = me.role || "none";
  const joined = Boolean(me.role);
  $("pin-label").hidden = joined;
  $("join-hint").hidden = joined;
  $("you").hidden = !joined;
  $("leave").hidden = !joined;
  $("join").textContent = joined ? "Change" : "Join";
  $("you").textContent = joined ? youText() : "";
  $("you").dataset.seat = me.seat || "";
  $("invite").hidden = !joined;
  if (joined) {
    $("table-pin").textContent = me.pin;
    $("join-link").textContent = me.join_url;
    $("join-link").href = me.join_url;
    if (!$("join-qr").src.endsWith(`?${me.pin}`)) $("join-qr").src = `/join/qr.svg?${me.pin}`;
  }
}

function showSeats(data) {
  seatNames = data.seats.map((s) => s.seat);
  seatWords = new Map(data.seats.map((s) => [s.seat, s.name]));
  const list = $("seat-list");
  list.replaceChildren();
  for (const seat of data.seats) {
    const item = element("li", "", seat.name);
    item.dataset.seat = seat.seat;
    item.dataset.taken = String(seat.taken);
    item.dataset.yours = String(seat.yours);
    const who = seat.yours ? "you" : seat.referee ? "the referee" : seat.taken ? "taken" : "free";
    item.append(element("span", "hint", who));
    if (seat.taken && !seat.yours && me.role === "referee") {
      const free = element("button", "small", "Free");
      free.type = "button";
      free.title = `Free ${seat.name}'s seat (a lost phone): that phone then watches`;
      free.addEventListener("click", () => act(() => postJSON("/api/seats/free", { seat: seat.seat })));
      item.append(free);
    }
    list.append(item);
  }
  if (!data.seats.length) list.append(element("li", "hint", "Seats come with a game."));
  const watching = data.watchers === 1 ? "1 phone watches" : `${data.watchers} phones watch`;
  $("watchers").textContent = data.watchers ? watching : "";
  const choice = $("seat-choice");
  const kept = choice.value;
  choice.replaceChildren(...data.seats.filter((s) => !s.taken || s.yours).map((s) => {
    const option = element("option", "", s.name);
    option.value = s.seat;
    return option;
  }), Object.assign(element("option", "", "Watch"), { value: WATCH }));
  choice.value = [...choice.options].some((o) => o.value === kept) ? kept : (me.seat || WATCH);
  if (choice.selectedIndex < 0) choice.value = WATCH;
  $("you").textContent = me.role ? youText() : "";
}

/** Fetch and show the seats (after a join, a new game, or another phone's join). */
export async function refreshSeats() {
  if (mustJoin()) return;
  // Only the newest answer is drawn: a fetch sent just before this phone's own join
  // (the "seats" event comes first) must not draw its seat as someone else's.
  seatsAsked += 1;
  const asked = seatsAsked;
  const data = await getJSON("/api/seats");
  if (asked === seatsAsked) showSeats(data);
}

async function act(request) {
  showError("");
  try {
    await request();
    const blocked = mustJoin();
    showMe(await getJSON("/api/me"));
    await refreshSeats();
    onJoined(blocked && !mustJoin());
  } catch (error) {
    showError(error.message);
  }
}

function joinBody(pin) {
  const seat = $("seat-choice").value;
  const body = seat === WATCH ? { watch: true } : { seat };
  if (pin) body.pin = pin;
  return body;
}

/** Find out who this phone is, join from the link's fragment, wire the panel.
 * ``joined(unblocked)`` is called after each join; ``unblocked`` when the page could
 * not show the table before (private) and now can. */
export async function setUpJoin(joined) {
  onJoined = joined;
  showMe(await getJSON("/api/me"));
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.has("pin") || fragment.has("referee")) {
    window.history.replaceState(null, "", window.location.pathname);  // the PIN leaves the address
  }
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => postJSON("/api/join", joinBody(me.role ? null : $("join-pin").value.trim())));
  });
  $("leave").addEventListener("click", () => act(() => postJSON("/api/leave")));
  await refreshSeats().catch((error) => showError(error.message));
  if (fragment.has("referee")) {
    await act(() => postJSON("/api/join", { pin: fragment.get("referee"), watch: true }));
  } else if (fragment.has("pin") && !me.role) {
    $("join-pin").value = fragment.get("pin");
    $("seat-choice").focus();
  }
  return me;
}
