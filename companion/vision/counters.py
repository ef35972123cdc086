"""OneWorld counters: which side's counter, showing which face, lies on top of a hex,
and whether the hex holds a stack.

The counters are printed for the camera (``companion print counters``): a coloured band
around the edge gives the face (Stone orange, Blade green, Fog blue, Tower purple, god
gold) and the ground inside it the side (BORG near-black, CHEZ cream). Each hex is read
from three places on the board view: a ring inside the band (the ground), a ring on the
band, and two short strips just past the top counter's right and bottom edges, where a
stack's lower counters show (players fan a stack toward the board's bottom right; see
docs/recognition.md). Colours are compared after dividing by the hex's own board colour
(its corners) and multiplying by the map's printed colour, so light and white balance
cancel as they do for stones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Layout
from companion.vision.stones import EMPTY, UNSURE, SpaceReadings

FACES = ("stone", "blade", "fog", "tower", "god")


@dataclass(frozen=True)
class CounterLayout:
    """Where a hex's ground, band and stack strips lie on the board view."""

    ground: np.ndarray  # N×K flat indices
    band: np.ndarray
    strips: np.ndarray


def _ring(layout: Layout, inner: float, outer: float) -> np.ndarray:
    return _select(layout, lambda x, y: (np.hypot(x, y) >= inner) & (np.hypot(x, y) <= outer))


def _select(layout: Layout, keep) -> np.ndarray:
    """Flat indices of the pixels around every centre whose offset (in pitches) ``keep``s."""
    w, h = layout.size
    span = int(np.ceil(0.6 * layout.pitch_px))
    dy, dx = np.mgrid[-span:span + 1, -span:span + 1]
    chosen = keep(dx / layout.pitch_px, dy / layout.pitch_px)
    cx = np.clip(np.rint(layout.centres[:, 0:1]).astype(int) + dx[chosen][None, :], 0, w - 1)
    cy = np.clip(np.rint(layout.centres[:, 1:2]).astype(int) + dy[chosen][None, :], 0, h - 1)
    return cy * w + cx


def counter_layout(layout: Layout, cfg: Section) -> CounterLayout:
    """The ground ring, band ring and stack strips of every hex of ``layout``."""
    lo, hi, across = cfg.stack_strip
    strips = _select(layout, lambda x, y: ((x >= lo) & (x <= hi) & (np.abs(y) <= across / 1.5))
                     | ((y >= lo) & (y <= hi) & (np.abs(x) <= across)))
    return CounterLayout(_ring(layout, *cfg.ground_radius), _ring(layout, *cfg.band_radius),
                         strips)


def _log(colour: np.ndarray) -> np.ndarray:
    return np.log(np.asarray(colour, dtype=np.float64) + 4.0)


def classify_counters(view: np.ndarray, board: np.ndarray, places: CounterLayout,
                      cfg: Section) -> SpaceReadings:
    """Read every hex: ``empty``, ``unsure`` or ``{"side", "face", "stack"}``."""
    flat = view.reshape(-1, 3).astype(np.float64)
    nominal = np.array(cfg.board_nominal[::-1], dtype=np.float64)
    # Log colour as the printed map would show it under even white light.
    to_print = _log(nominal)[None, :] - _log(board)
    # The band: the most colourful part of a wide ring, so that a counter a little off
    # its hex centre (or a camera a little off its registration) still shows it.
    ring = _log(flat[places.band]) + to_print[:, None, :]
    paper = _log(nominal) - _log(nominal).mean()
    colourful = np.linalg.norm(ring - ring.mean(axis=2, keepdims=True) - paper, axis=2)
    keep = np.argsort(-colourful, axis=1)[:, : max(int(ring.shape[1] * cfg.band_share), 1)]
    band = np.median(np.take_along_axis(ring, keep[:, :, None], axis=1), axis=1)
    ground = _log(np.median(flat[places.ground], axis=1)) + to_print

    # The face: the band's chromaticity (its colour with the brightness taken out, in
    # linear terms: a blurred band keeps its hue where log ratios of a dark channel blow up).
    names = ["empty", *FACES]
    protos = np.array([nominal] + [np.array(cfg.band[f][::-1], dtype=np.float64) for f in FACES])
    protos = protos / protos.sum(axis=1, keepdims=True)
    seen = np.exp(band)
    seen = seen / seen.sum(axis=1, keepdims=True)
    d2 = ((seen[:, None, :] - protos[None, :, :]) ** 2).sum(axis=2)
    logits = -d2 / (2 * cfg.sigma**2)
    logits -= logits.max(axis=1, keepdims=True)
    posterior = np.exp(logits)
    posterior /= posterior.sum(axis=1, keepdims=True)
    best = posterior.argmax(axis=1)
    confidence = posterior[np.arange(len(best)), best]
    nearest = np.sqrt(d2[np.arange(len(best)), best])

    # The side: the ground's lightness against the map's.
    lightness = (ground - _log(nominal)[None, :]).mean(axis=1)
    borg = lightness < cfg.side_split
    side_unsure = np.abs(lightness - cfg.side_split) < cfg.side_margin

    # A stack: the strips past the top counter's edges show another counter's band.
    strip = _log(flat[places.strips]) + to_print[:, None, :]
    chroma = strip - strip.mean(axis=2, keepdims=True)
    coloured = (np.linalg.norm(chroma - paper, axis=2) > cfg.stack_chroma).mean(axis=1)
    stack = coloured > cfg.stack_share
    stack_unsure = np.abs(coloured - cfg.stack_share) < cfg.stack_margin

    labels: list[Any] = []
    for i, face_index in enumerate(best):
        sure = confidence[i] >= cfg.min_confidence and nearest[i] <= cfg.max_distance
        if not sure:
            labels.append(UNSURE)
        elif face_index == 0:
            labels.append(EMPTY)
        elif side_unsure[i] or stack_unsure[i]:
            labels.append(UNSURE)
        else:
            labels.append({"side": "borg" if borg[i] else "chez", "face": names[face_index],
                           "stack": bool(stack[i])})
    best_names = [names[i] for i in best]
    return SpaceReadings(labels=labels, confidence=confidence, best=best_names,
                         covered=np.zeros(len(labels), dtype=bool))
