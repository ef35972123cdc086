"""Piece readers: how the pieces of one kind are told apart on a sampled board.

A board's reader is chosen by name from ``READERS`` (the ``recogniser`` a game's entry
names in ``thresholds.json``: ``stones``, ``counters``, ``onslaught``), never by
switching on the name in the pipeline. Each reader says how it samples the board
(``sampling``: its own ``pitch_px`` and windows), reads every space (``classify``) and
judges whether a hand hides the board (``hidden``); and what else the companion may do
with its readings: learn the table's look of them (``learns_look``, the live loop) and
print them as rows of characters (``shows_grid``, ``companion recognize``). A new kind
of piece is a new class here and one line in ``READERS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import numpy as np

from companion.vision.config import Section
from companion.vision.counters import classify_counters, counter_layout
from companion.vision.occlusion import hidden_by_hand, largest_group
from companion.vision.onslaught_pieces import classify_squares, square_patch
from companion.vision.print_arms import printed_arms
from companion.vision.sampling import Layout, Samples
from companion.vision.sharpened_lines import off_lines
from companion.vision.stones import SpaceReadings, classify_stones


class PieceReader(Protocol):
    """What the pipeline asks of a board's piece reader (module docstring)."""

    name: ClassVar[str]
    leans: ClassVar[bool]
    """Its pieces stand up: sample each where its body shows from the camera."""
    learns_look: ClassVar[bool]
    shows_grid: ClassVar[bool]
    watches_edge: ClassVar[bool]
    """A hand is also what crosses the board's margin (``companion.vision.edge_crossing``)."""

    def classify(self, view: np.ndarray, samples: Samples, colours: Sequence[str],
                 look: Any) -> SpaceReadings: ...

    def hidden(self, result: SpaceReadings, unreadable: np.ndarray, lit: np.ndarray,
               samples: Samples, neighbours: Sequence[Sequence[int]],
               crossed: float = 0.0, fingers: np.ndarray | None = None) -> tuple[bool, str]: ...
    """Whether a hand hides the board, and why; ``crossed`` is how far (in pitches)
    something crosses the board's margin, ``fingers`` the spaces read as stones that are
    a dark hand's fingers (``watches_edge`` readers)."""


class StoneReader:
    """Stones (Go, ONE): a colour per space, read against the board around it; with a
    learned look once it is ready. A hand is a patch of unreadable spaces over the
    board's edge (``occlusion.hidden_by_hand``)."""

    name = "stones"
    leans = True
    learns_look = True
    watches_edge = True
    shows_grid = True

    def __init__(self, layout: Layout, cfg: Section) -> None:
        self.layout = layout
        self.cfg = cfg
        self.arms = printed_arms(layout)
        self.off_lines = off_lines(layout, cfg.stones)

    @staticmethod
    def sampling(cfg: Section) -> Section:
        return cfg.sampling

    def classify(self, view: np.ndarray, samples: Samples, colours: Sequence[str],
                 look: Any) -> SpaceReadings:
        def plain() -> SpaceReadings:
            return classify_stones(samples, colours, self.cfg.palette, self.cfg.stones,
                                   self.layout.rim, self.layout.rays, self.arms,
                                   self.off_lines)

        return look.classify(samples, plain) if look is not None and look.ready else plain()

    def hidden(self, result: SpaceReadings, unreadable: np.ndarray, lit: np.ndarray,
               samples: Samples, neighbours: Sequence[Sequence[int]],
               crossed: float = 0.0, fingers: np.ndarray | None = None) -> tuple[bool, str]:
        patch = hidden_by_hand(result, unreadable, samples, self.layout, neighbours, self.cfg,
                               crossed, fingers)
        return patch > 0, (f"board occluded: something over the board's edge covers {patch} "
                           f"of its {len(result.labels)} spaces" if patch else "")


class _FlatReader:
    """Pieces lying flat (counters, tokens): sampled with the reader's own section of
    ``thresholds.json``; the board is hidden where many spaces cannot be seen."""

    name: ClassVar[str]
    leans = False
    learns_look = False
    watches_edge = False
    shows_grid = False

    def __init__(self, layout: Layout, cfg: Section) -> None:
        self.layout = layout
        self.cfg = cfg

    @classmethod
    def sampling(cls, cfg: Section) -> Section:
        return Section({**cfg.sampling.to_dict(), **cfg[cls.name].sampling.to_dict()})

    def hidden(self, result: SpaceReadings, unreadable: np.ndarray, lit: np.ndarray,
               samples: Samples, neighbours: Sequence[Sequence[int]],
               crossed: float = 0.0, fingers: np.ndarray | None = None) -> tuple[bool, str]:
        # Many spaces unsure with nothing blown out, or covered, are a hand or an arm (a
        # space both unreadable and without its print counts twice: two signs of it).
        count = len(result.labels)
        hidden = int(unreadable.sum() + result.covered.sum())
        occluded = hidden / max(count, 1) > self.cfg.occlusion.max_unsure_fraction
        occluded |= self._hand_held_still(result, lit, neighbours)
        return occluded, (f"board occluded: {hidden} of {count} spaces cannot be seen "
                          "clearly" if occluded else "")

    def _hand_held_still(self, result: SpaceReadings, lit: np.ndarray,
                         neighbours: Sequence[Sequence[int]]) -> bool:
        return False


class CounterReader(_FlatReader):
    """OneWorld's counters (``companion.vision.counters``)."""

    name = "counters"

    def __init__(self, layout: Layout, cfg: Section) -> None:
        super().__init__(layout, cfg)
        self.places = counter_layout(layout, cfg.counters)

    def classify(self, view: np.ndarray, samples: Samples, colours: Sequence[str],
                 look: Any) -> SpaceReadings:
        return classify_counters(view, samples.board, samples.darkest, self.places,
                                 self.cfg.counters)

    def _hand_held_still(self, result: SpaceReadings, lit: np.ndarray,
                         neighbours: Sequence[Sequence[int]]) -> bool:
        # A hand held still hides the map's printed outlines under it, while the
        # picture's other outlines show (blur fades them all alike); a lamp's glare
        # blows out what it hides.
        hidden_here = result.covered & lit
        return largest_group(hidden_here, neighbours, hidden_here) \
            >= self.cfg.occlusion.hand_patch


class OnslaughtReader(_FlatReader):
    """ONSLAUGHT's pieces, orbs and capture tokens (``companion.vision.onslaught_pieces``)."""

    name = "onslaught"

    def __init__(self, layout: Layout, cfg: Section) -> None:
        super().__init__(layout, cfg)
        self.patch = square_patch(layout, cfg.onslaught)

    def classify(self, view: np.ndarray, samples: Samples, colours: Sequence[str],
                 look: Any) -> SpaceReadings:
        return classify_squares(view, samples.darkest, self.layout, self.patch,
                                self.cfg.palette, self.cfg.onslaught)


READERS: dict[str, type[StoneReader] | type[CounterReader] | type[OnslaughtReader]] = {
    reader.name: reader for reader in (StoneReader, CounterReader, OnslaughtReader)}
"""Every piece reader, by the name a board's configuration gives."""


def piece_reader(name: str) -> type[StoneReader] | type[CounterReader] | type[OnslaughtReader]:
    """The reader called ``name``; ``ValueError`` naming those there are."""
    try:
        return READERS[name]
    except KeyError:
        *others, last = READERS
        raise ValueError(f"There is no recogniser for {name!r}; there are "
                         f"{', '.join(others)} and {last}.") from None
