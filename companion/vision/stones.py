"""Stones: is a space empty, or which colour of stone is on it, and how sure are we?

Each space's core is compared with its own local board colour, as a log ratio per
channel: light, shadow and the camera's white balance multiply both alike, so they
cancel. The ratio splits into a lightness part (the mean of the three) and a colour
part (what is left). Each candidate (empty, and each stone colour in play) predicts a
ratio: empty predicts none; a stone of nominal colour P on a board of nominal colour N
predicts log(s P / N), where N is the board's observed colour brought to the lightness
of a typical printed or wooden board (``board_level``) and s the mean shading of a
domed stone's centre (``stone_shade``). The reading is the candidate the
observation is nearest to; its confidence is that candidate's share of a Gaussian
likelihood over all candidates. A space is *unsure* (and never guessed) when the best
candidate is not clearly better than the next, when nothing fits, when a lamp's glare
has blown out its pixels, or when its core is not one colour (a hand's edge, a piece
half on).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples

EMPTY = "empty"
UNSURE = "unsure"


@dataclass(frozen=True)
class SpaceReadings:
    """One reading per space: ``labels`` (a colour, ``empty`` or ``unsure``), the
    ``confidence`` of the best candidate, ``best`` (the best candidate even where
    the label is ``unsure``, for diagnostics only) and ``covered``: spaces read empty
    whose print is hidden (many of them together mean a hand over the board)."""

    labels: list[str]
    confidence: np.ndarray
    best: list[str]
    covered: np.ndarray


def _log_ratio(colour: np.ndarray, board: np.ndarray) -> np.ndarray:
    return np.log(colour + 4.0) - np.log(board + 4.0)


def _split(v: np.ndarray, luminance_weight: float) -> np.ndarray:
    """Weight the lightness part of log-ratio vectors (…×3) against their colour part."""
    lum = v.mean(axis=-1, keepdims=True)
    return np.concatenate([(v - lum), lum * np.sqrt(3.0 * luminance_weight)], axis=-1)


def classify_stones(samples: Samples, colours: Sequence[str], palette: Section,
                    cfg: Section) -> SpaceReadings:
    """Read every space as ``empty``, one of ``colours`` or ``unsure``."""
    core = samples.core
    observed = np.percentile(core, cfg.core_percentile, axis=1)
    ratio = _log_ratio(observed, samples.board)

    # What each candidate would look like here: the stone's nominal colour under the
    # light that makes this board look as it does, clipped where the sensor saturates.
    board = np.median(samples.board, axis=0)
    nominal = board * (cfg.board_level * 255.0 / max(float(board.max()), 1.0))
    names = [EMPTY, *colours]
    gains = samples.board / np.maximum(nominal, 1.0)[None, :]
    protos = np.zeros((len(observed), len(names), 3))
    for i, colour in enumerate(colours, start=1):
        stone = np.array(palette[colour][::-1], dtype=np.float64)[None, :] * gains * cfg.stone_shade
        protos[:, i] = _log_ratio(np.minimum(stone, 255.0), samples.board)

    features = _split(ratio, cfg.luminance_weight)
    centres = _split(protos, cfg.luminance_weight)
    d2 = ((features[:, None, :] - centres) ** 2).sum(axis=-1)
    logits = -d2 / (2.0 * cfg.sigma**2)
    # Visible print where a piece would sit says "empty" (a piece hides it); no print
    # says little, since blur and distance thin the lines, so it only nudges.
    inked = (samples.ink > cfg.ink_present).mean() >= cfg.ink_board_share
    unseen = inked & (samples.ink < cfg.ink_present * cfg.ink_absent)
    if inked:
        seen = np.clip(samples.ink / cfg.ink_present - 1.0, 0.0, 1.0) * cfg.ink_logit
        logits[:, 0] += seen - unseen * cfg.ink_absent_logit
        logits[:, 1:] -= (seen - unseen * cfg.ink_absent_logit)[:, None]
    logits -= logits.max(axis=1, keepdims=True)
    posterior = np.exp(logits)
    posterior /= posterior.sum(axis=1, keepdims=True)
    best = posterior.argmax(axis=1)
    confidence = posterior[np.arange(len(best)), best]
    nearest = np.sqrt(d2[np.arange(len(best)), best])

    # Blown-out pixels in the gaps mean glare or overexposure: the board's colour is
    # lost there, and only a piece far darker than any board can still be told.
    blown = (samples.gaps.max(axis=2) >= cfg.saturated_level).mean(axis=1)
    best_lum = protos[np.arange(len(best)), best].mean(axis=1)
    core_blown = (core.max(axis=2) >= cfg.saturated_level).mean(axis=1)
    dark_piece = (best_lum < cfg.dark_piece_lum) & (core_blown < cfg.max_glare_fraction)
    glare = np.where(dark_piece, 0.0, np.maximum(blown, (core_blown > cfg.max_core_blown) * 1.0))
    grey = core.mean(axis=2)
    q25, q75 = np.percentile(grey, [25, 75], axis=1)
    spread = (q75 - q25) / (samples.board.mean(axis=1) + 4.0)

    # Empty by its colour, yet the board's print does not show where it should: blur,
    # or something flat and board-coloured over it (a hand, a sleeve). Counted apart.
    covered = (best == 0) & unseen
    unsure = (
        (confidence < cfg.min_confidence)
        | (nearest > cfg.max_distance)
        | (glare > cfg.max_glare_fraction)
        | (spread > cfg.max_spread)
    )
    best_names = [names[i] for i in best]
    labels = [UNSURE if u else n for n, u in zip(best_names, unsure, strict=True)]
    return SpaceReadings(labels=labels, confidence=confidence, best=best_names,
                         covered=covered)
