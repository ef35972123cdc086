// Starting a game from a position, and Go's SGF out: the Start form's "Start from a
// position" (an SGF file or a game record, picked or pasted, or a Go handicap), the
// verdict card's offer when stones lie on the table at a game's start ("Start from
// what the camera sees" or "Clear the board"), and the "Export as SGF" link of a game
// of Go. play.js hands over its ``send`` (post, show the answer, say a refusal) once.

import { element, title } from "./game.js";

const $ = (id) => document.getElementById(id);
const HANDICAPS = [2, 3, 4, 5, 6, 7, 8, 9];
const OFFER_KINDS = new Set(["off_start", "clearing"]);

let send = null;
let offered = null;  // the game whose board the offer is for

/** The Start form's extras for game ``name``: the options they set (a handicap) over
 * ``options``, and the position to start from (``null``: the game's own start). */
export async function startExtras(name, options) {
  const handicap = Number($("handicap").value);
  if (name === "go" && handicap) options.handicap = handicap;
  const file = $("position-file").files[0];
  const text = file ? await file.text() : $("position-text").value.trim();
  if (!text) return { options, position: null };
  const sgf = text.startsWith("(") || file?.name.toLowerCase().endsWith(".sgf");
  return { options, position: sgf ? { sgf: text } : { record: text } };
}

/** Show the handicap only for Go (the game chosen in the Start form). */
export function fitStartForm(name) {
  $("handicap-label").hidden = name !== "go";
}

/** Whether the verdict card offers the start instead of "put the board back". */
export function offersStart(game) {
  return OFFER_KINDS.has(game?.problem?.kind);
}

/** The verdict card's offer when the board does not show the game's start. */
export function renderStartOffer(game) {
  const box = $("start-offer");
  const kind = game?.problem?.kind;
  box.hidden = !OFFER_KINDS.has(kind);
  $("start-offer-buttons").hidden = kind !== "off_start";
  $("who-first").hidden = true;
  $("export-sgf").hidden = game?.game !== "go";
  if (game) $("export-sgf").href = "/api/game/export?format=sgf";
  offered = box.hidden ? null : game;
  if (!box.hidden) askWhoFirst(game);
  const who = game?.first_mover;
  $("from-camera").textContent = who
    ? `Start from what the camera sees (${title(who)} to move)`
    : "Start from what the camera sees";
}

function askWhoFirst(game) {
  const box = $("who-first-buttons");
  const seats = game.first_movers || [];
  box.replaceChildren(...seats.map((seat) => {
    const button = element("button", seat === game.to_move ? "primary" : "", title(seat));
    button.type = "button";
    button.addEventListener("click", () => send("/api/game/from-camera", { to_move: seat }));
    return button;
  }));
}

export function setUpStart(sendIt) {
  send = sendIt;
  $("handicap").replaceChildren(element("option", "", "none"),
    ...HANDICAPS.map((n) => element("option", "", `${n} stones`)));
  [...$("handicap").options].forEach((option, index) => {
    option.value = index ? String(HANDICAPS[index - 1]) : "0";
  });
  $("from-camera").addEventListener("click", () => {
    if (offered?.first_mover) {
      send("/api/game/from-camera", { to_move: offered.first_mover });
    } else if ($("who-first-buttons").children.length > 1) {
      $("who-first").hidden = false;
      $("who-first").scrollIntoView({ block: "nearest" });
    } else {
      send("/api/game/from-camera", {});
    }
  });
  $("clear-board").addEventListener("click", () => send("/api/game/clear-board"));
}
