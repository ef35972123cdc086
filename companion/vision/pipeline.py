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
from companion.vision.counters import classify_counters, counter_layout
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.onslaught_pieces import classify_squares, square_patch
from companion.vision.parallax import camera_over_board, lean_mm
from companion.vision.sampling import (
    Layout,
    Samples,
    board_view,
    leaning,
    log_tint,
    magnification,
    make_layout,
    sample,
    upright_or_leaning,
    view_maps,
)
from companion.vision.stones import SpaceReadings, classify_stones

Register = Callable[[np.ndarray], np.ndarray]
NO_BOARD = "no board found: "


def structure(view: np.ndarray) -> float:
    """How much is drawn in a board view: the spread of its log brightness. A printed
    board with its lines, or pieces, has plenty; a blank or black picture has none."""
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return float(np.log(grey + 8.0).std())


def grain(view: np.ndarray) -> float:
    """The share of a board view's contrast that is pixel-to-pixel noise: a board's
    print, pieces and light vary over several pixels (well under 0.6 on rendered and
    real boards with pieces); a picture of pure noise is almost all grain (about 0.86),
    and so, nearly, is an empty board under strong sensor noise (up to 0.77)."""
    grey = np.log(cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32) + 8.0)
    fine = grey - cv2.GaussianBlur(grey, (0, 0), 1.0)
    return float(fine.std() / (grey.std() + 1e-6))


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


def tint_off(board: np.ndarray) -> np.ndarray:
    """How far each space's surroundings are from the board's usual colour, in colour
    alone (brightness divided out: light changes it smoothly over the board)."""
    chroma = log_tint(board)
    return np.linalg.norm(chroma - np.median(chroma, axis=0), axis=1)


def off_board(board: np.ndarray, limit: float) -> np.ndarray:
    """Spaces whose surroundings are not the board's colour (a table, a cloth): a
    registration off by a line, or a board that moved."""
    return tint_off(board) > limit


def rim_sides(layout: Layout) -> list[np.ndarray]:
    """The outermost spaces of a board (``layout.rim``) split into its four sides, as
    seen from the board's middle (right, below, left, above in the board view)."""
    rim = np.flatnonzero(layout.rim)
    offset = layout.centres[rim] - layout.centres.mean(axis=0)
    angle = np.arctan2(offset[:, 1], offset[:, 0])
    side = np.floor(((angle + np.pi / 4) % (2 * np.pi)) / (np.pi / 2)).astype(int) % 4
    return [rim[side == k] for k in range(4) if (side == k).any()]


def side_off(off: np.ndarray, sides: Sequence[np.ndarray], share: float) -> bool:
    """Whether the board is not where the registration puts it: at least ``share`` of
    one side's outermost spaces show something else than the board around them (a
    registration a line off puts a whole side on the table; a board that moved, all of
    them). A few spaces whose gaps differ (a full board's edge stones beside the bright
    margin, a knot in the wood) are not."""
    return any(off[side].mean() >= share for side in sides)


def groups(flags: np.ndarray, neighbours: Sequence[Sequence[int]],
           anchors: np.ndarray) -> list[np.ndarray]:
    """The groups of flagged spaces joined through neighbours that hold at least one of
    ``anchors``, each as the indices of its spaces."""
    seen = np.zeros(len(flags), dtype=bool)
    found = []
    for first in np.flatnonzero(flags):
        if seen[first]:
            continue
        seen[first] = True
        stack, members = [first], []
        while stack:
            space = stack.pop()
            members.append(space)
            for other in neighbours[space]:
                if flags[other] and not seen[other]:
                    seen[other] = True
                    stack.append(other)
        if anchors[members].any():
            found.append(np.array(members))
    return found


def largest_group(flags: np.ndarray, neighbours: Sequence[Sequence[int]],
                  anchors: np.ndarray) -> int:
    """The size of the largest group of flagged spaces joined through neighbours that
    holds at least one of ``anchors``."""
    return max((len(g) for g in groups(flags, neighbours, anchors)), default=0)


def hidden_by_hand(result: SpaceReadings, unreadable: np.ndarray, samples: Samples,
                   layout: Layout, neighbours: Sequence[Sequence[int]], cfg: Section) -> int:
    """The size of the largest patch of stones' spaces a hand hides (0: none).

    A hand, an arm, a sleeve or a head comes in over the board's edge: it hides a patch
    of neighbouring spaces joined to the board's outer edge, each ``unreadable`` (unsure
    with nothing blown out), covered (read empty, its print gone beside print that
    shows) or, under a palm where the print around is hidden too and skin may match
    the board's lightness, blank (read empty without print). Print fading with blur or
    distance leaves such patches as well, but of the board's own colour: a patch is a
    hand when the colour around its spaces is not the board's (``hand_tint``) while the
    print shows at most other spaces read empty, or most of it cannot be read; a patch
    of the board's own colour that cannot be read must be larger (``hand_plain``), and
    may then be joined at the corners too. Unsure spaces scattered over the board
    (stones a picture shows poorly) are no hand, however many there are."""
    occlusion = cfg.occlusion
    blank = result.blank if result.blank is not None else result.covered
    empty = np.array([label == EMPTY for label in result.labels])
    printed = samples.ink > cfg.stones.ink_present
    tint = tint_off(samples.board)
    least = max(occlusion.hand_patch, occlusion.hand_share * len(empty))
    patch = 0
    for group in groups(result.covered | unreadable | blank, neighbours, layout.rim):
        if len(group) < least:
            continue
        others = empty.copy()
        others[group] = False
        shown = printed[others].mean() if others.any() else 0.0
        tinted = np.median(tint[group]) >= occlusion.hand_tint
        mostly = unreadable[group].mean() >= occlusion.hand_unreadable
        if (tinted and (shown >= occlusion.hand_print_share or mostly)) \
                or (mostly and len(group) >= occlusion.hand_plain * least):
            patch = max(patch, len(group))
    # Where the print shows nowhere and skin reads as bare board, the spaces under a
    # hand that cannot be read may touch only at their corners.
    for group in groups(unreadable, layout.around, layout.rim):
        if len(group) >= occlusion.hand_plain * least:
            patch = max(patch, len(group))
    return patch


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
    """Reads every space of ``geometry``: stones (``colours`` are those in play), or
    with ``kind="counters"`` OneWorld counters, with ``kind="onslaught"`` ONSLAUGHT's
    pieces, orbs and capture tokens."""

    def __init__(self, geometry: Geometry, colours: Sequence[str] = (),
                 cfg: Section | None = None, *, kind: str = "stones") -> None:
        self.geometry = geometry
        self.colours = list(colours)
        self.kind = kind
        self.cfg = cfg if cfg is not None else load_config()
        if kind not in ("stones", "counters", "onslaught"):
            raise ValueError(f"There is no recogniser for {kind!r}; there are stones, "
                             "counters and onslaught.")
        unknown = [c for c in self.colours if c not in self.cfg.palette]
        if unknown:
            raise ValueError(f"No stone colour called {unknown[0]!r}; the colours are "
                             f"{', '.join(self.cfg.palette)}.")
        sampling = self.cfg.sampling
        if kind in ("counters", "onslaught"):
            sampling = Section({**sampling.to_dict(), **self.cfg[kind].sampling.to_dict()})
        self.sampling = sampling
        self.layout = make_layout(geometry, sampling)
        index = {name: i for i, name in enumerate(self.layout.names)}
        self.neighbours = [[index[n] for n in geometry.neighbours(name) if n in index]
                           for name in self.layout.names]
        self.places = counter_layout(self.layout, self.cfg.counters) if kind == "counters" \
            else None
        self.patch = square_patch(self.layout, self.cfg.onslaught) if kind == "onslaught" \
            else None
        self.sides = rim_sides(self.layout)
        self._leaned: tuple[bytes, Layout | None] = (b"", None)
        self.look: Any = None
        """A ``companion.vision.look.LearnedLook`` of this table's stones, which reads
        them in place of the look-free reader once it is ``ready``; ``None``: look-free."""

    def _leaning(self, pixels_to_mm: np.ndarray, image_size: tuple[int, int]
                 ) -> Layout | None:
        """The layout moved to where each stone's body shows, seen from where the
        homography puts the camera (a point ``lean_height`` pitches up a stone, at most
        ``max_lean`` pitches from its foot), or ``None`` where that moves no pixel. The
        live loop's homography stays put between frames: the last one is kept."""
        key = np.asarray(pixels_to_mm, dtype=np.float64).tobytes() + bytes(str(image_size), "ascii")
        if self._leaned[0] == key:
            return self._leaned[1]
        layout = self.layout
        pitch_mm = layout.pitch_px / layout.px_per_mm
        camera = camera_over_board(pixels_to_mm, image_size)
        lean = lean_mm(layout.centres / layout.px_per_mm, camera,
                       self.sampling.lean_height * pitch_mm) * layout.px_per_mm
        size = np.linalg.norm(lean, axis=1, keepdims=True)
        lean *= np.minimum(1.0, self.sampling.max_lean * layout.pitch_px / np.maximum(size, 1e-9))
        leaned = leaning(layout, lean) if np.abs(lean).max() >= 0.5 else None
        self._leaned = (key, leaned)
        return leaned

    def read(self, image: np.ndarray, pixels_to_mm: np.ndarray) -> Reading:
        """Read every space of ``image``, given its homography pixels → board mm."""
        start = time.perf_counter()
        view = board_view(image, pixels_to_mm, self.layout)
        enlarged = magnification(self.layout, pixels_to_mm, image.shape[1::-1])
        maps = view_maps(view, self.sampling)
        samples = sample(view, self.layout, self.sampling, enlarged, maps)
        leaned_layout = self._leaning(pixels_to_mm, image.shape[1::-1]) \
            if self.kind == "stones" else None
        if leaned_layout is not None:
            leaned = sample(view, leaned_layout, self.sampling, enlarged, maps, samples)
            samples = upright_or_leaning(samples, leaned, self.layout, self.sampling)
        if self.patch is not None:
            result = classify_squares(view, samples.darkest, self.layout, self.patch,
                                      self.cfg.palette, self.cfg.onslaught)
        elif self.places is not None:
            result = classify_counters(view, samples.board, samples.darkest, self.places,
                                       self.cfg.counters)
        elif self.look is not None and self.look.ready:
            result = self.look.classify(samples, lambda: classify_stones(
                samples, self.colours, self.cfg.palette, self.cfg.stones))
        else:
            result = classify_stones(samples, self.colours, self.cfg.palette, self.cfg.stones)
        names = self.layout.names
        cells = dict(zip(names, result.labels, strict=True))
        unsure = [n for n, label in cells.items() if isinstance(label, str) and label == UNSURE]
        share = len(unsure) / max(len(names), 1)
        # A space a lamp's glare blows out is unsure, but nothing lies over it: a space
        # unsure with nothing blown out, or covered (read empty, its print gone), may be
        # under a hand.
        lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
        unreadable = np.isin(np.array(names), unsure) & lit
        if self.kind == "stones":
            patch = hidden_by_hand(result, unreadable, samples, self.layout, self.neighbours,
                                   self.cfg)
            occluded = patch > 0
            reason = (f"board occluded: something over the board's edge covers {patch} "
                      f"of its {len(names)} spaces" if occluded else "")
        else:
            # Many spaces unsure with nothing blown out, or covered, are a hand or an
            # arm (a space both unreadable and without its print counts twice: two
            # signs of it).
            hidden = int(unreadable.sum() + result.covered.sum())
            occluded = hidden / max(len(names), 1) > self.cfg.occlusion.max_unsure_fraction
            if self.kind == "counters":
                # A hand held still hides the map's printed outlines under it, while
                # the picture's other outlines show (blur fades them all alike); a
                # lamp's glare blows out what it hides.
                hidden_here = result.covered & lit
                patch = largest_group(hidden_here, self.neighbours, hidden_here)
                occluded |= patch >= self.cfg.occlusion.hand_patch
            reason = (f"board occluded: {hidden} of {len(names)} spaces cannot be seen "
                      "clearly" if occluded else "")
        # A space whose gaps a glare has blown out says nothing about where the board is.
        off = off_board(samples.board, self.cfg.occlusion.off_board_chroma) \
            & (samples.gap_blown <= self.cfg.occlusion.off_board_max_blown)
        if side_off(off, self.sides, self.cfg.occlusion.off_board_side):
            occluded = True
            reason = (f"the board does not sit where the registration puts it: {int(off.sum())} "
                      "spaces show something else than the board around them")
        if structure(view) < self.cfg.occlusion.min_structure:
            occluded, reason = True, NO_BOARD + "the picture is blank where the board should be"
        elif grain(view) > self.cfg.occlusion.max_grain \
                and coherence(view) < self.cfg.occlusion.min_coherence:
            occluded, reason = True, NO_BOARD + "the picture is noise, not a printed board"
        elif share > self.cfg.occlusion.no_board_unsure_fraction:
            occluded, reason = True, NO_BOARD + "most spaces look like no board's"
        ms = {"classification": (time.perf_counter() - start) * 1000.0}
        confidence = {n: float(c) for n, c in zip(names, result.confidence, strict=True)}
        return Reading(cells, confidence, unsure, occluded, reason, ms, view, samples)


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
