"""What each space looked like in the last photo the referee accepted, and which spaces
still look so.

The learned look (``companion.vision.look``) reads a space by the classes it has learned,
and those drift: a white stone learned as pale as the board reads an empty space white
that looks exactly as it did a photo ago. A referee who watched the table knows better:
a space whose picture has not changed holds what it held. So the live loop keeps, per
space (by the board's own names: the camera may move between photos, the board's turn in
the picture may change), a few numbers the sampler already measures (``picture``): the
core's colour and the board's around it (logarithms, so that a change of light is a
shift), the print visible, the core's spread and the shares of core and board blown out.

``LastSeen.unchanged`` tells which of a group of spaces (the spaces the game holds empty)
look as they did, *relative to how the whole group moved*: daylight drifting, a change of
exposure or white balance moves every space of the group alike, so each feature's median
change over the group is taken off first. What is left of a space's change is measured
in the group's own scatter (a robust standard deviation: 1.4826 × the median absolute
deviation), never below ``floor`` (what two photos of the same table differ by at the
least: the sensor's noise, the JPEG), and the squares summed over the features: a space
whose sum is within ``max_distance2`` (the chi-square of ten features that noise alone
stays under 95 % of the time) looks as it did. A stone set moves several features at
once (its colour, the print it hides, its spread), so the sum tells it even where no
one feature does by much (a white stone of about the board's colour). A move changes
one space of the group, a capture none (its spaces were stones), so the median and the
scatter are the unchanged spaces'. Where the group as a
whole scattered more than two photos of the same table do (``max_scatter``: a photo
blurred, a phone moved, a lamp switched on), no space of it is said to be unchanged: the
picture cannot tell. Too small a group (``min_spaces``) says nothing either.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples, core_colour

FEATURES = ("core_b", "core_g", "core_r", "board_b", "board_g", "board_r", "ink", "spread",
            "core_blown", "board_blown")
CORE = slice(0, 3)  # the core's colour, per channel
COLOURS = slice(0, 6)  # the core's and the board's colour, per channel
INK = 6  # the print visible
SPREAD = 7  # the core's spread
MAD_SD = 1.4826
"""The median absolute deviation of a normal sample times this is its standard deviation."""


def picture(samples: Samples, stones: Section) -> np.ndarray:
    """Every space's picture (N×F, ``FEATURES``): the log colour of its core (the part not
    blown out, as the readers take it) and of its board, per channel, the print visible,
    the core's spread and the blown-out shares of its core and its board's gaps."""
    core = core_colour(samples, samples.core_kept, stones.core_percentile)
    floor = stones.dark_floor
    return np.column_stack([np.log(core + floor), np.log(samples.board + floor), samples.ink,
                            samples.spread, samples.core_blown, samples.gap_blown])


class LastSeen:
    """Each space's picture in the last accepted photo, with what the game held there
    then; see the module docstring. ``cfg`` is the vision configuration (its ``stones``
    and ``last_seen`` sections)."""

    def __init__(self, cfg: Section) -> None:
        self.cfg = cfg.last_seen
        self.stones = cfg.stones
        self._seen: dict[str, tuple[np.ndarray, object]] = {}
        self._latest: tuple[Samples, np.ndarray] | None = None
        """The last samples pictured, and their picture: the live loop asks ``unchanged``
        and then ``remember`` of the same frame."""

    def __len__(self) -> int:
        return len(self._seen)

    def forget(self) -> None:
        """Forget every space (a new game, another board)."""
        self._seen = {}

    def remember(self, names: Sequence[str], samples: Samples,
                 held: Mapping[str, object]) -> None:
        """Keep this photo's picture of each of ``names`` (the samples' spaces, in their
        order) that ``held`` names, with what the game holds there (known so: read surely
        so in a photo the referee accepted, or the starting position). Every other space
        keeps the picture it last had when its content was known: one read unsure now
        may hide what the game does not know, and a picture of it is no evidence."""
        rows = self._picture(samples)
        for i, name in enumerate(names):
            if name in held:
                self._seen[name] = (rows[i], held[name])

    def unchanged(self, names: Sequence[str], samples: Samples,
                  group: Collection[str], content: object = None) -> set[str]:
        """The spaces of ``group`` that look as they did when the game held ``content``
        there, relative to how the group moved (module docstring); ``names`` are the
        samples' spaces in their order."""
        known, change = self._changes(names, samples, group, content)
        same = (change**2).sum(axis=1) <= self.cfg.max_distance2
        return {name for name, kept in zip(known, same, strict=True) if kept}

    def core_kept(self, names: Sequence[str], samples: Samples, group: Collection[str],
                  content: object = None) -> set[str]:
        """The spaces of ``group`` whose core's colour is as it was when the game held
        ``content`` there, relative to how the group moved, whatever their board around
        and their print did: a stone set covers the core and changes its colour (by far
        more than ``max_core_distance2``, the chi-square of the three channels that
        noise alone stays under 99 % of the time), where a stone set beside a space
        shades its board and hides print near it, and leaves its core alone."""
        known, change = self._changes(names, samples, group, content)
        same = (change[:, CORE] ** 2).sum(axis=1) <= self.cfg.max_core_distance2
        return {name for name, kept in zip(known, same, strict=True) if kept}

    def set_on(self, names: Sequence[str], samples: Samples, group: Collection[str],
               content: object = None, signs: int = 2) -> dict[str, float]:
        """The spaces of ``group`` whose picture changed as only a stone set on them
        changes it, relative to how the group moved, each with its core's shift (the
        mean of its three channels' changes in the group's scatter: above zero, it
        grew lighter). A stone set moves its core's colour by as much as a stone's
        (``stone_core_distance2``: the least any of 634 stones set on study games moved
        its core, T26) and shows both other signs of a stone, each beyond what noise
        gives one feature 99 % of the time (``stone_sign_distance2``): the print it
        hides fell, and its dome's spread rose. A lamp's glare on a bare core moves the
        core and at most one of the others; a change of light moves the whole group and
        is taken off. With ``signs`` 1, either other sign will do (where an
        independent sign, the learned look's, names the stone: T34)."""
        cfg = self.cfg
        known, change = self._changes(names, samples, group, content)
        core = (change[:, CORE] ** 2).sum(axis=1) >= cfg.stone_core_distance2
        sign = cfg.stone_sign_distance2
        hidden = (change[:, INK] < 0) & (change[:, INK] ** 2 >= sign)
        dome = (change[:, SPREAD] > 0) & (change[:, SPREAD] ** 2 >= sign)
        shift = change[:, CORE].mean(axis=1)
        shown = hidden.astype(int) + dome.astype(int)
        return {name: float(shift[i]) for i, name in enumerate(known)
                if core[i] and shown[i] >= signs}

    def relit(self, names: Sequence[str], samples: Samples, group: Collection[str],
              content: object = None) -> bool:
        """Whether the light changed since the spaces of ``group`` were last seen with
        ``content``: the colour of their cores and boards scattered past ``max_scatter``
        (a lamp switched on lights the board unevenly, more near it) while the print
        they show, their cores' spread and their blown shares did not (a blurred photo
        or a moved camera scatters the print too; a hand is no steady reading). Too
        small a group tells nothing."""
        moved = self._moved(names, samples, group, content)
        if moved is None:
            return False
        within = moved[2] <= np.asarray(self.cfg.max_scatter)
        return bool(not within[COLOURS].all() and within[INK:].all())

    def _changes(self, names: Sequence[str], samples: Samples, group: Collection[str],
                 content: object) -> tuple[list[str], np.ndarray]:
        """The spaces of ``group`` whose picture is known with ``content``, and each
        one's change per feature in the group's scatter (signed), after the group's
        median change is taken off (module docstring); none where the group is too small
        or scattered more than two photos of one table do."""
        moved = self._moved(names, samples, group, content)
        if moved is None or not (moved[2] <= np.asarray(self.cfg.max_scatter)).all():
            return [], np.zeros((0, len(FEATURES)))
        known, left, scatter = moved
        return known, left / np.maximum(scatter, np.asarray(self.cfg.floor))

    def _moved(self, names: Sequence[str], samples: Samples, group: Collection[str],
               content: object) -> tuple[list[str], np.ndarray, np.ndarray] | None:
        """The spaces of ``group`` whose picture is known with ``content``, each one's
        change per feature after the group's median change is taken off, and the group's
        scatter per feature (a robust standard deviation); ``None`` for a group smaller
        than ``min_spaces``."""
        rows = self._picture(samples)
        index = {name: i for i, name in enumerate(names)}
        known = [name for name in group if name in index and name in self._seen
                 and self._seen[name][1] == content]
        if len(known) < self.cfg.min_spaces:
            return None
        before = np.array([self._seen[name][0] for name in known])
        change = rows[[index[name] for name in known]] - before
        left = change - np.nanmedian(change, axis=0)
        return known, left, MAD_SD * np.nanmedian(np.abs(left), axis=0)

    def _picture(self, samples: Samples) -> np.ndarray:
        """``picture`` of ``samples``, worked out once a frame."""
        if self._latest is None or self._latest[0] is not samples:
            self._latest = (samples, picture(samples, self.stones))
        return self._latest[1]
