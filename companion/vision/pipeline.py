"""One frame through the recogniser: register → sample → classify, each stage timed.

``Recogniser`` reads a frame whose homography (pixels → board millimetres) is known;
``Pipeline`` adds the registration stage in front (any callable that returns that
homography for a frame: corner markers, tapped corners, a grid finder) so that the
benchmark and the live loop time the stages separately, as chesscog measures its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.geometry import Geometry
from companion.vision.config import Section, load_config
from companion.vision.edge_crossing import crossing, edge_strip
from companion.vision.fingertips import fingertips, margins
from companion.vision.hands_as_stones import dark_fingers, skin_over_stones, unlike_their_set
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.occlusion import off_board, rim_sides, side_off, standing_on_board
from companion.vision.parallax import camera_over_board, lean_mm
from companion.vision.print_faded import without_faded
from companion.vision.readers import piece_reader
from companion.vision.sampling import (
    Layout,
    Samples,
    Stacked,
    board_view,
    disc_places,
    leaning,
    magnification,
    make_layout,
    sample_chosen,
    stack_layouts,
    stacked_for,
    view_maps,
)
from companion.vision.stones import SpaceReadings

Register = Callable[[np.ndarray], np.ndarray]
NO_BOARD = "no board found: "


LOG_GREY = np.log(np.arange(256, dtype=np.float32) + np.float32(8.0))
"""The log of every grey level lifted by 8 (``log_brightness``), as numpy works it out."""


def log_brightness(view: np.ndarray) -> np.ndarray:
    """A board view's log brightness (its grey level, lifted by 8 so that black is no
    minus infinity), which ``structure`` and ``grain`` read: worked out once, each
    pixel's looked up in ``LOG_GREY`` (the same figures as the log of the whole view in
    floats, several times faster)."""
    return cv2.LUT(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY), LOG_GREY)


def structure(grey: np.ndarray) -> np.floating:
    """How much is drawn in a board view (its ``log_brightness``, ``grey``): the spread
    of its log brightness. A printed board with its lines, or pieces, has plenty; a
    blank or black picture has none. (A 32-bit float: ``grain`` divides by it.)"""
    return grey.std()


def grain(grey: np.ndarray, spread: np.floating) -> float:
    """The share of a board view's contrast (of its ``log_brightness``, ``grey``, whose
    ``structure`` is ``spread``) that is pixel-to-pixel noise: a board's print, pieces
    and light vary over several pixels (well under 0.6 on rendered and real boards with
    pieces); a picture of pure noise is almost all grain (about 0.86), and so, nearly,
    is an empty board under strong sensor noise (up to 0.77)."""
    fine = grey - cv2.GaussianBlur(grey, (0, 0), 1.0)
    return float(fine.std() / (spread + 1e-6))


def coherence(view: np.ndarray) -> float:
    """How much a board view's pixel-to-pixel detail is shared by its three colour
    channels (mean correlation, -1..1). A camera's fine detail is light and shade, alike
    in every channel (and JPEG keeps colour coarse): a board's print, its grain and even
    an empty board's sensor noise give well over 0.9; a picture of random colour noise,
    whose channels are unrelated, about 0."""
    logs = np.log(view.astype(np.float32) + 8.0)
    fine = (logs - cv2.GaussianBlur(logs, (0, 0), 1.0)).reshape(-1, 3)
    c = np.corrcoef(fine.T)
    return float(np.nan_to_num((c[0, 1] + c[0, 2] + c[1, 2]) / 3.0))


def leanings(result: SpaceReadings, names: Sequence[str], classes: Sequence[str]
             ) -> dict[str, dict[str, float]]:
    """The odds of each unsure space where the picture leans (``Reading.odds``)."""
    if result.odds is None or result.leans is None:
        return {}
    return {names[i]: {c: float(p) for c, p in zip(classes, result.odds[i], strict=True)}
            for i in np.flatnonzero(result.leans)}


def unsure_rules(result: SpaceReadings, names: Sequence[str]) -> dict[str, list[str]]:
    """The rules that made each unsure space unsure (``Reading.why``)."""
    if result.why is None:
        return {}
    fired = np.array(list(result.why.values()), dtype=bool).reshape(len(result.why), -1)
    rules = list(result.why)
    return {names[i]: [rules[r] for r in np.flatnonzero(fired[:, i])]
            for i in np.flatnonzero(fired.any(axis=0))}


@dataclass
class Reading:
    """What one frame showed: each space's content and confidence, the spaces that
    could not be read (``unsure``), whether the board was hidden (``occluded``, with the
    reason), and milliseconds per stage."""

    cells: dict[str, str]
    confidence: dict[str, float]
    unsure: list[str]
    occluded: bool
    reason: str = ""
    ms: dict[str, float] = field(default_factory=dict)
    view: np.ndarray | None = field(default=None, repr=False)
    samples: Samples | None = field(default=None, repr=False)
    """What the sampler measured (a learned look is taught from it; not in ``to_json``)."""
    odds: dict[str, dict[str, float]] = field(default_factory=dict, repr=False)
    """For the unsure spaces where the picture still leans one way, each label's share
    of the likelihood (``SpaceReadings.leans``): the game may settle them among its
    legal moves (``companion.table.likely``). Not in ``to_json``."""
    why: dict[str, list[str]] = field(default_factory=dict, repr=False)
    """For diagnostics: the rules that made each unsure space unsure, where the reader
    says (``SpaceReadings.why``). Not in ``to_json``."""

    def to_json(self) -> dict[str, Any]:
        return {
            "cells": [
                {"space": name, "content": content, "confidence": round(self.confidence[name], 3)}
                for name, content in self.cells.items()
            ],
            "unsure": list(self.unsure),
            "occluded": self.occluded,
            "reason": self.reason,
            "ms": {stage: round(ms, 2) for stage, ms in self.ms.items()},
        }


class Recogniser:
    """Reads every space of ``geometry`` with the piece reader named ``kind``
    (``companion.vision.readers``): ``stones`` (``colours`` are those in play),
    ``counters`` (OneWorld's) or ``onslaught`` (ONSLAUGHT's pieces, orbs and capture
    tokens)."""

    def __init__(self, geometry: Geometry, colours: Sequence[str] = (),
                 cfg: Section | None = None, *, kind: str = "stones") -> None:
        self.geometry = geometry
        self.colours = list(colours)
        self.kind = kind
        self.cfg = cfg if cfg is not None else load_config()
        reader = piece_reader(kind)
        unknown = [c for c in self.colours if c not in self.cfg.palette]
        if unknown:
            raise ValueError(f"No stone colour called {unknown[0]!r}; the colours are "
                             f"{', '.join(self.cfg.palette)}.")
        self.sampling = reader.sampling(self.cfg)
        self.layout = make_layout(geometry, self.sampling)
        self.reader = reader(self.layout, self.cfg)
        index = {name: i for i, name in enumerate(self.layout.names)}
        self.neighbours = [[index[n] for n in geometry.neighbours(name) if n in index]
                           for name in self.layout.names]
        self.sides = rim_sides(self.layout)
        self.edge = edge_strip(self.layout, self.cfg.occlusion) \
            if self.reader.watches_edge else None
        self.margins = margins(self.layout, self.sides, self.cfg.occlusion) \
            if self.reader.watches_edge else None
        self._leaned: tuple[bytes, bytes, Layout | None] = (b"", b"", None)
        self._places = disc_places(self.layout)
        self._lists: Stacked = stack_layouts(self.layout, None)
        """The pixel lists of ``layout`` and the leaning layout last used, stacked for
        ``sample``: this recogniser's own, for its own board."""
        self.look: Any = None
        """A ``companion.vision.look.LearnedLook`` of this table's stones, which reads
        them in place of the look-free reader once it is ``ready``; ``None``: look-free."""

    def _leaning(self, pixels_to_mm: np.ndarray, image_size: tuple[int, int]
                 ) -> Layout | None:
        """The layout moved to where each stone's body shows, seen from where the
        homography puts the camera (a point ``lean_height`` pitches up a stone, at most
        ``max_lean`` pitches from its foot), or ``None`` where that moves no pixel. The
        live loop's homography stays put between frames, or nearly (a grid followed from
        frame to frame moves by a fraction of a pixel): the last layout is kept for the
        same homography, and for any that moves every space by the same whole pixels
        (``leaning`` moves them by whole pixels)."""
        key = np.asarray(pixels_to_mm, dtype=np.float64).tobytes() + bytes(str(image_size), "ascii")
        if self._leaned[0] == key:
            return self._leaned[2]
        layout = self.layout
        pitch_mm = layout.pitch_px / layout.px_per_mm
        camera = camera_over_board(pixels_to_mm, image_size)
        lean = lean_mm(layout.centres / layout.px_per_mm, camera,
                       self.sampling.lean_height * pitch_mm) * layout.px_per_mm
        size = np.linalg.norm(lean, axis=1, keepdims=True)
        lean *= np.minimum(1.0, self.sampling.max_lean * layout.pitch_px / np.maximum(size, 1e-9))
        if np.abs(lean).max() < 0.5:
            self._leaned = (key, b"", None)
            return None
        steps = np.rint(lean).astype(np.int32).tobytes()
        leaned = self._leaned[2] if self._leaned[1] == steps else \
            leaning(layout, lean, self._places)
        self._leaned = (key, steps, leaned)
        return leaned

    def read(self, image: np.ndarray, pixels_to_mm: np.ndarray) -> Reading:
        """Read every space of ``image``, given its homography pixels → board mm."""
        start = time.perf_counter()
        view = board_view(image, pixels_to_mm, self.layout)
        enlarged = magnification(self.layout, pixels_to_mm, image.shape[1::-1])
        maps = view_maps(view, self.sampling)
        leaned_layout = self._leaning(pixels_to_mm, image.shape[1::-1]) \
            if self.reader.leans else None
        self._lists = stacked_for(self._lists, self.layout, leaned_layout)
        samples = sample_chosen(view, self.layout, self.sampling, enlarged, maps,
                                leaned_layout, self._lists)
        result = self.reader.classify(view, samples, self.colours, self.look)
        names = self.layout.names
        cells = dict(zip(names, result.labels, strict=True))
        marked = [isinstance(label, str) and label == UNSURE for label in result.labels]
        unsure = [n for n, doubt in zip(names, marked, strict=True) if doubt]
        # A space a lamp's glare blows out is unsure, but nothing lies over it: a space
        # unsure with nothing blown out, or covered (read empty, its print gone), may be
        # under a hand.
        lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
        # A space named by a rule a hand's skin could pass as well counts as unsure here.
        like_hand = np.zeros(len(marked), dtype=bool) if result.hand_like is None \
            else result.hand_like
        # So does a space read as a stone that shows a hand's skin (``hands_as_stones``):
        # one thing over the space and its gaps (``skin``), and a core unlike its set.
        skin = skin_over_stones(result.labels, self.colours, samples, lit, self.cfg) \
            if self.reader.watches_edge else np.zeros(len(marked), dtype=bool)
        like_hand = like_hand | unlike_their_set(result.labels, skin, samples, self.cfg)
        unreadable = (np.array(marked, dtype=bool) | like_hand) & lit
        # Whatever crosses the board's margin (an arm) is measured first: a patch of
        # unread spaces beside the edge is a hand more surely with it.
        run = 0.0 if self.edge is None else \
            crossing(view, self.edge, self.cfg.occlusion) * self.cfg.occlusion.edge_bin
        # A space unsure only for print the whole picture shows poorly is no sign of a
        # hand (``print_faded``).
        signs, unreadable = without_faded(result, unreadable, samples, self.cfg.occlusion)
        occluded, reason = self.reader.hidden(signs, unreadable, lit, samples,
                                              self.neighbours, run)
        if not occluded and self.reader.watches_edge:
            # A space read black beside one a dark palm hides, its core of that skin's
            # colour, is a finger (``hands_as_stones.dark_fingers``) and joins the hand's
            # patch or run; asked only where they alone are no hand (a finger's space
            # shows the board round it, and would thin a patch that is one).
            blank = result.covered if result.blank is None else result.blank
            fingers = dark_fingers(result.labels, self.colours,
                                   unreadable | result.covered | blank, samples, lit,
                                   self.neighbours, self.cfg)
            if fingers.any():
                occluded, reason = self.reader.hidden(result, unreadable | fingers, lit,
                                                      samples, self.neighbours, run, fingers)
        if not occluded and self.margins is not None:
            # Fingertips over the edge hide too few spaces for a patch: the margin
            # outside them is crossed as well (``fingertips``).
            # At the edge the margin crossed outside a space is the second sign of skin
            # read as a stone, whatever its set.
            tips = fingertips(signs, unreadable | skin, samples, self.layout,
                              self.neighbours, view, self.margins, self.cfg)
            if tips:
                occluded = True
                reason = (f"board occluded: fingers over the board's edge cover {tips} "
                          f"of its {len(names)} spaces")
        # A space whose gaps a glare has blown out says nothing about where the board is.
        off = off_board(samples, self.cfg.occlusion.off_board_chroma) \
            & (samples.gap_blown <= self.cfg.occlusion.off_board_max_blown)
        if side_off(off, self.sides, self.cfg.occlusion.off_board_side):
            occluded = True
            reason = (f"the board does not sit where the registration puts it: {int(off.sum())} "
                      "spaces show something else than the board around them")
        if not occluded and run >= self.cfg.occlusion.edge_run:
            occluded = True
            reason = ("board occluded: something comes in over the board's edge "
                      f"(across {run:.1f} pitches of it)")
        grey = log_brightness(view)
        spread = structure(grey)
        if float(spread) < self.cfg.occlusion.min_structure:
            occluded, reason = True, NO_BOARD + "the picture is blank where the board should be"
        elif grain(grey, spread) > self.cfg.occlusion.max_grain \
                and coherence(view) < self.cfg.occlusion.min_coherence:
            occluded, reason = True, NO_BOARD + "the picture is noise, not a printed board"
        elif self._unlike_a_board(np.array(marked, dtype=bool), samples):
            occluded, reason = True, NO_BOARD + "most spaces look like no board's"
        ms = {"classification": (time.perf_counter() - start) * 1000.0}
        confidence = dict(zip(names, np.asarray(result.confidence, dtype=np.float64).tolist(),
                              strict=True))
        return Reading(cells, confidence, unsure, occluded, reason, ms, view, samples,
                       leanings(result, names, [EMPTY, *self.colours]),
                       unsure_rules(result, names))


    def _unlike_a_board(self, marked: np.ndarray, samples: Samples) -> bool:
        """Whether most spaces (``no_board_unsure_fraction``) are unsure with nothing
        standing on the board there (``standing_on_board``): a picture of something else
        than a board. A full board whose stones the reader cannot name (grained stones
        under a held-out lamp) shows each of them standing out from the board's colour
        between them: it is a board, its stones unsure, never "no board"."""
        doubt = marked & ~standing_on_board(samples, self.cfg.stones, self.cfg.occlusion)
        return doubt.mean() > self.cfg.occlusion.no_board_unsure_fraction


class Pipeline:
    """Registration then recognition, each stage timed (``Reading.ms``)."""

    def __init__(self, recogniser: Recogniser, register: Register) -> None:
        self.recogniser = recogniser
        self.register = register

    def __call__(self, image: np.ndarray) -> Reading:
        start = time.perf_counter()
        homography = self.register(image)
        registered = time.perf_counter()
        reading = self.recogniser.read(image, homography)
        reading.ms = {"registration": (registered - start) * 1000.0, **reading.ms,
                      "total": (time.perf_counter() - start) * 1000.0}
        return reading
