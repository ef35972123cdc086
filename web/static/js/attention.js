// What a phone at the table does beyond the page: keep its screen on while a game runs
// (Screen Wake Lock), and, if the player asked for it, buzz and beep on an illegal move
// and on a roll. Every browser feature here is optional: where one is missing, nothing
// happens and the page works as before.

const STORE = "companion.buzz";
let lock = null;
let wanted = false;

/** Keep the screen on while ``running`` (a game is on), let it sleep otherwise. */
export async function keepAwake(running) {
  wanted = running;
  if (!running) {
    await lock?.release().catch(() => {});
    lock = null;
    return;
  }
  if (lock || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null;  // refused (battery saver, no permission): the screen may sleep
  }
}

// A lock is let go whenever the page is hidden; take it again when it comes back.
document.addEventListener("visibilitychange", () => {
  if (wanted) keepAwake(true);
});

export function buzzWanted() {
  return localStorage.getItem(STORE) === "on";
}

export function setBuzz(on) {
  localStorage.setItem(STORE, on ? "on" : "off");
}

let audio = null;

function beep(frequency, seconds) {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = frequency;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + seconds);
}

/** An illegal move: a low double buzz (if asked for). */
export function alertIllegal() {
  if (!buzzWanted()) return;
  navigator.vibrate?.([120, 80, 120]);
  beep(220, 0.35);
}

/** A roll: a short high buzz (if asked for). */
export function alertRoll() {
  if (!buzzWanted()) return;
  navigator.vibrate?.(60);
  beep(880, 0.12);
}
