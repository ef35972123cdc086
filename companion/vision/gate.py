"""The stability gate: a board state is reported only after it has held still.

A reading passes the gate when the same cells have been read for ``steady_frames``
frames in a row, the board view has not moved between those frames, and the picture is
as sharp as the steady board usually is. A hand, an arm or motion blur therefore gives
"occluded", never a move. A space read as unsure (a lamp's glare on one stone) is a
wildcard: it agrees with any reading of that space, so one such space neither holds the
board back nor resets the count; the steady state keeps the space's sure reading from
any frame of the run, and says ``unsure`` where no frame read it, so the table can ask
about it. Unsure spaces scattered over the board (stones a webcam shows poorly) are
carried so; only when more than ``max_unsure_share`` of the spaces are unsure, too
many for the picture to say much, does the gate wait. A hand held still is not among
them: the reading itself flags it occluded (a patch of hidden spaces joined to the
board's edge), and a moving one changes the picture. Motion is measured on the board view as the
share of pixels whose brightness changed, after removing any change that is smooth over
the board (drifting daylight, a lamp dimming): those scale whole regions and are
divided out, so slow lighting drift never trips the gate.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import cv2
import numpy as np

from companion.vision.config import Section, load_config
from companion.vision.labels import UNSURE
from companion.vision.pipeline import Reading


class Stability(StrEnum):
    """What the gate says of the board in a frame (a ``StrEnum``: the plain string)."""

    STEADY = "steady"
    """The same board has held still long enough: its state is reported."""
    SETTLING = "settling"
    """The board is still, but not yet for long enough (or too much of it is unsure)."""
    OCCLUDED = "occluded"
    """Something moves over the board, hides it, or blurs the picture."""


STEADY = Stability.STEADY
SETTLING = Stability.SETTLING
OCCLUDED = Stability.OCCLUDED


@dataclass(frozen=True)
class GateStatus:
    """``status``: steady, settling or occluded; ``cells``: the board state when
    steady; ``changed``: true on the frame where a new steady state is first reported."""

    status: Stability
    cells: dict[str, str] | None
    changed: bool
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "cells": self.cells, "changed": self.changed,
                "reason": self.reason}


def _log_grey(view: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return np.log(cv2.GaussianBlur(grey, (3, 3), 0) + 8.0)


def sharpness(view: np.ndarray) -> float:
    """Variance of the Laplacian of the log board view: falls when the picture blurs,
    and (being on a log scale) does not change when the light dims or brightens."""
    return float(cv2.Laplacian(_log_grey(view), cv2.CV_32F).var())


def consistent(run: dict[str, str], cells: dict[str, str]) -> bool:
    """Whether two readings of the board agree on every space both read surely."""
    return run.keys() == cells.keys() and all(
        a == b or UNSURE in (a, b) for a, b in zip(run.values(), cells.values(), strict=True))


def merged(run: dict[str, str], cells: dict[str, str]) -> dict[str, str]:
    """``run`` with each space ``cells`` reads surely taken from ``cells``."""
    return {space: label if label != UNSURE else run[space] for space, label in cells.items()}


def changed_share(previous: np.ndarray, current: np.ndarray, threshold: float) -> float:
    """Share of board-view pixels that changed between two views, smooth lighting
    changes divided out."""
    diff = _log_grey(current) - _log_grey(previous)
    k = (max(diff.shape) // 8) | 1
    smooth = cv2.GaussianBlur(diff, (k, k), 0)
    return float((np.abs(diff - smooth) > threshold).mean())


class StabilityGate:
    """Feed it one ``Reading`` per frame (with its board ``view``); it says whether the
    board is steady (and its state), settling, or occluded."""

    def __init__(self, cfg: Section | None = None) -> None:
        self.cfg = (cfg if cfg is not None else load_config()).gate
        self._previous_view: np.ndarray | None = None
        self._candidate: dict[str, str] | None = None
        self._count = 0
        self._sharpness: float | None = None
        self.state: dict[str, str] | None = None

    def update(self, reading: Reading) -> GateStatus:
        view = reading.view
        if view is None:
            raise ValueError("The gate needs the board view of each reading.")
        previous, self._previous_view = self._previous_view, view
        reason = reading.reason if reading.occluded else ""
        if not reason and previous is not None:
            moved = changed_share(previous, view, self.cfg.change_threshold)
            if moved > self.cfg.max_changed_share:
                reason = f"board occluded: something is moving over {moved:.0%} of the board"
        sharp = sharpness(view)
        if not reason and self._sharpness is not None:
            if sharp < self.cfg.min_relative_sharpness * self._sharpness:
                reason = "board occluded: the picture is blurred (motion or focus)"
        if reason:
            self._candidate, self._count = None, 0
            return GateStatus(OCCLUDED, None, False, reason)
        if len(reading.unsure) > self.cfg.max_unsure_share * max(len(reading.cells), 1):
            self._candidate, self._count = None, 0
            return GateStatus(SETTLING, None, False,
                              f"{len(reading.unsure)} spaces cannot be read yet")
        memory = self.cfg.sharpness_memory
        self._sharpness = sharp if self._sharpness is None else (
            (1 - memory) * self._sharpness + memory * sharp)
        if self._candidate is not None and consistent(self._candidate, reading.cells):
            self._candidate = merged(self._candidate, reading.cells)
            self._count += 1
        else:
            self._candidate, self._count = dict(reading.cells), 1
        if self._count < self.cfg.steady_frames:
            return GateStatus(SETTLING, None, False, "waiting for the board to hold still")
        changed = self._candidate != self.state
        self.state = dict(self._candidate)
        return GateStatus(STEADY, dict(self.state), changed)
