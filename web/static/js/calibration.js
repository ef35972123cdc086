// The calibration page: three steps driven by /api/calibration/camera. The session runs
// on the companion; this page only asks (start, finish, cancel, save) and shows what the
// "calibration" events on /api/events say: pictures kept, coverage, advice, the result.

import { getJSON, postJSON } from "./api.js";

const $ = (id) => document.getElementById(id);
const API = "/api/calibration/camera";
const SPECS = { charuco: "5x7:33:25", chessboard: "9x6:25" };
const SPEC_HINTS = {
  charuco: "Squares across × down : square mm : marker mm, as printed on the sheet.",
  chessboard: "Inner corners across × down : square mm (the whole board must be seen).",
};
const STEP_OF = {
  collecting: "step-move", calibrating: "step-result", finished: "step-result", failed: "step-result",
};
const QUALITY_HINTS = {
  good: "Good: under 0.5 px. Save it.",
  acceptable: "Acceptable: under 1 px. Sharper pictures and a flatter target do better.",
  poor: "Poor: take it again with the target glued flat, in good light, over the whole picture.",
};

function showError(error) {
  $("error").textContent = error ? error.message : "";
  $("error").hidden = !error;
}

async function act(url, body = {}) {
  showError(null);
  try {
    show(await postJSON(url, body));
  } catch (error) {
    showError(error);
  }
}

// -- what the companion says --------------------------------------------------------------

function show(status) {
  if (status.state !== state) {  // a new step: bring it into view (a phone shows one at a time)
    const now = STEP_OF[status.state];
    if (now && now !== STEP_OF[state]) $(now).scrollIntoView({ block: "start" });
    state = status.state;
  }
  $("steps").dataset.state = status.state;
  sessionFrame(status);
  const running = status.state === "collecting" || status.state === "calibrating";
  for (const field of ["target", "spec", "wanted"]) $(field).disabled = running;
  $("start").disabled = running || document.body.dataset.camera !== "true";
  if (running && status.target) {
    $("target").value = status.target;
    $("spec").value = status.spec;
    $("wanted").value = status.wanted;
  }
  showCamera(status.camera.status);
  showSaved(status.saved, status.lens);
  showProgress(status);
  showResult(status);
}

function showProgress(status) {
  const wanted = status.wanted || Number($("wanted").value) || 15;
  $("views").textContent = `${status.views} of ${wanted}`;
  $("views-bar").max = wanted;
  $("views-bar").value = status.views;
  $("advice").textContent = status.state === "collecting" ? status.message : "";
  $("finish").disabled = status.state !== "collecting" || status.views < status.min_views;
  $("cancel").disabled = status.state !== "collecting";
  const cells = $("coverage").children;
  status.coverage.flat().forEach((count, index) => {
    cells[index].dataset.count = String(Math.min(count, 3));
    cells[index].title = `${count} picture(s)`;
  });
}

function drawSeen(outline, size) {
  const svg = $("seen");
  svg.replaceChildren();
  if (!outline || !size) return;
  svg.setAttribute("viewBox", `0 0 ${size[0]} ${size[1]}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const polygon = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
  polygon.setAttribute("points", outline.map(([x, y]) => `${x},${y}`).join(" "));
  svg.append(polygon);
}

function showResult(status) {
  const result = status.result;
  const message = {
    idle: "", collecting: "", calibrating: "Calibrating…",
    finished: result && !result.saved_to ? `Calibrated from ${result.per_view.length} pictures.` : undefined,
  }[status.state];
  $("result-message").textContent = message ?? status.message;
  $("result").hidden = !(status.state === "finished" && result);
  $("failed").hidden = status.state !== "failed";
  if (!result) return;
  $("rms").textContent = result.rms.toFixed(2);
  $("quality").textContent = result.quality;
  $("quality").dataset.quality = result.quality;
  $("quality-hint").textContent = `${QUALITY_HINTS[result.quality]} Focal length ${result.focal_px} px, `
    + `pictures ${result.image_size[0]}×${result.image_size[1]}.`;
  $("per-view").replaceChildren(...result.per_view.map(({ name, error }) => {
    const row = document.createElement("tr");
    for (const text of [name, error.toFixed(3)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }));
  $("rejected").replaceChildren(...result.rejected.map(({ name, reason }) => {
    const item = document.createElement("li");
    item.textContent = `Not used: ${name}: ${reason}`;
    return item;
  }));
  $("save").disabled = Boolean(result.saved_to);
  $("save").textContent = result.saved_to ? "Saved" : "Save this calibration";
}

// The lens calibration in the very words of the table page (the server's lens_status),
// then where the saved one is kept.
function showSaved(saved, lens) {
  const line = $("saved");
  line.replaceChildren();
  line.dataset.quality = lens?.quality || "";
  const words = document.createElement("strong");
  words.textContent = lens?.message || "";
  line.append(words);
  if (saved) line.append(` Saved in ${saved.path}.`);
}

function showCamera(text) {
  $("camera-status").textContent = text;
}

// -- the live picture ---------------------------------------------------------------------
// While collecting, the picture is the frame the session looked at last, with the target's
// outline as it was seen in that very frame; otherwise the camera's newest frame.

let state = "idle";
let shownFrame = 0;  // the session's frame on show (0: the camera's own picture)
let loading = false;
let queued = null;

function showPicture(src, seen = null, size = null) {
  if (loading) {
    queued = [src, seen, size];
    return;
  }
  loading = true;
  const img = $("frame");
  const done = () => {
    drawSeen(seen, size);
    loading = false;
    if (queued) {
      const next = queued;
      queued = null;
      showPicture(...next);
    }
  };
  img.addEventListener("load", done, { once: true });
  img.addEventListener("error", done, { once: true });
  img.src = src;
}

function cameraFrame(number) {
  if (state !== "collecting") showPicture(`/frame.jpg?n=${number}`);
}

function sessionFrame(status) {
  if (status.state !== "collecting" || !status.frame || status.frame === shownFrame) return;
  shownFrame = status.frame;
  showPicture(`/calibrate/frame.jpg?n=${status.frame}`, status.seen, status.image_size);
}

function setLive(state, text) {
  $("live").dataset.state = state;
  $("live").textContent = text;
}

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("hello", async (event) => {
    setLive("live", "live");
    showCamera(JSON.parse(event.data).camera.status);
    try {
      show(await getJSON(API));  // whatever was missed while disconnected
    } catch (error) {
      showError(error);
    }
  });
  events.addEventListener("calibration", (event) => show(JSON.parse(event.data)));
  events.addEventListener("frame", (event) => cameraFrame(JSON.parse(event.data).number));
  events.addEventListener("status", (event) => showCamera(JSON.parse(event.data).camera));
  events.addEventListener("error", () => setLive("down", "reconnecting…"));
}

// -- what the person does -----------------------------------------------------------------

$("target").addEventListener("change", () => {
  $("spec").value = SPECS[$("target").value];
  $("spec-hint").textContent = SPEC_HINTS[$("target").value];
});
$("start-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(`${API}/start`, {
    target: $("target").value, spec: $("spec").value.trim(), wanted: Number($("wanted").value),
  });
});
$("finish").addEventListener("click", () => act(`${API}/finish`));
$("cancel").addEventListener("click", () => act(`${API}/cancel`));
$("save").addEventListener("click", () => act(`${API}/save`));
for (const again of [$("again"), $("retry")]) {
  again.addEventListener("click", () => act(`${API}/cancel`));
}

connect();
