"""The learned look of one table: what an empty space and each colour of stone look like
under this camera and this light, learned from readings whose true contents are known.

The look-free reader (``companion.vision.stones``) predicts a stone's look from its
nominal colour; a referee at a table knows more: it has seen the empty board and every
stone the game has placed. Each space gives light-invariant features the sampler already
measures: the log ratio of its core to the board around it, per channel (light and white
balance multiply both alike, so they cancel, but for the sensor's noise floor in the
darkest pixels), the share of the board's print visible where a piece would sit, and the
spread of the core's brightness (a stone's dome and sheen, or a hand's edge). Per class
(``empty`` and each colour) the look keeps a weighted mean and a diagonal variance of
those features, the variance never below a floor and widened while few examples are known,
so that a handful of stones does not make it overconfident.

``classify`` reads each space as the class of highest likelihood, its confidence that
class's share. A space far from every learned class (its squared Mahalanobis distance to
the best beyond a chi-square cut) is ``unsure``, never guessed. A colour not yet learned
(the empty board at set-up teaches only ``empty``) is the look-free reader's to read:
where it reads that colour and the look sees no stone it knows, its label is taken, so
the first black stone is still read. A space a lamp's glare blows out, where the look is
unsure, takes the look-free reader's label too (its rules for glare). A space read empty
that shows none of its print where the print shows clearly around is unsure: a pale
stone in the board's own colour, or a hand. ``teach`` adds a reading with its true
labels, forgetting older ones exponentially (each class's
statistics lose half their weight every ``half_life`` teachings in which it is seen), so
the look follows daylight as it changes. ``to_json``/``from_json`` save and load it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from companion.vision.config import Section, load_config
from companion.vision.sampling import Samples, masked_percentile
from companion.vision.stones import EMPTY, UNSURE, SpaceReadings

FEATURES = ("log_ratio_b", "log_ratio_g", "log_ratio_r", "ink", "spread")
COLOUR = slice(0, 3)  # the log-ratio features: a space's colour against its board
INK = 3
FORMAT = 1  # the version of ``to_json``'s layout


def look_features(samples: Samples, stones: Section) -> np.ndarray:
    """Every space's features (N×5, ``FEATURES``): the log ratio of its core (the part
    not blown out) to its board per channel, the print visible, the core's spread."""
    observed = masked_percentile(samples.core, samples.core_seen, stones.core_percentile)
    floor = stones.dark_floor
    ratio = np.log(observed + floor) - np.log(samples.board + floor)
    grey = samples.core.mean(axis=2)
    q25 = masked_percentile(grey, samples.core_seen, 25)
    q75 = masked_percentile(grey, samples.core_seen, 75)
    spread = (q75 - q25) / (samples.board.mean(axis=1) + 4.0)
    return np.column_stack([ratio, samples.ink, spread])


class LearnedLook:
    """The look of ``colours`` (and ``empty``) at one table; see the module docstring.
    ``cfg`` is the whole vision configuration (its ``look`` and ``stones`` sections)."""

    def __init__(self, colours: Sequence[str], cfg: Section | None = None) -> None:
        cfg = cfg if cfg is not None else load_config()
        self.cfg = cfg.look
        self.stones = cfg.stones
        self.classes = [EMPTY, *colours]
        size = (len(self.classes), len(FEATURES))
        self.weight = np.zeros(len(self.classes))
        self.total = np.zeros(size)  # weighted sums of the features
        self.squares = np.zeros(size)  # weighted sums of their squares
        self.teachings = 0

    @property
    def colours(self) -> list[str]:
        return self.classes[1:]

    @property
    def ready(self) -> bool:
        """Whether the look knows an empty space (and so can read a board)."""
        return bool(self.weight[0] >= self.cfg.min_weight)

    def learned(self) -> list[str]:
        """The classes the look has seen enough of to read."""
        return [c for c, w in zip(self.classes, self.weight, strict=True)
                if w >= self.cfg.min_weight]

    # -- learning ---------------------------------------------------------------------

    def teach(self, samples: Samples, labels: Sequence[str | None]) -> int:
        """Learn from one reading whose true contents are ``labels`` (per space: ``empty``,
        a colour, or ``None``/``unsure`` for a space not to learn from, such as one the
        camera could not read). A space whose board a lamp's glare blows out teaches
        nothing, nor one whose core is blown out whole. Each class seen forgets part of
        what it knew first (``half_life``). Returns the number of spaces learned from."""
        features = look_features(samples, self.stones)
        # A white stone may be blown out in part (that is its look); a board whose gaps
        # a lamp's glare blows out has lost its colour, and a core blown out whole its own.
        glare = (samples.gap_blown > self.cfg.max_blown) \
            | (samples.core_blown > self.stones.max_core_blown)
        index = {name: i for i, name in enumerate(self.classes)}
        which = np.array([index.get(label, -1) if isinstance(label, str) else -1
                          for label in labels])
        which[glare] = -1
        keep = 0.5 ** (1.0 / self.cfg.half_life)
        taught = 0
        for c in np.unique(which[which >= 0]):
            rows = features[which == c]
            self.weight[c] = self.weight[c] * keep + len(rows)
            self.total[c] = self.total[c] * keep + rows.sum(axis=0)
            self.squares[c] = self.squares[c] * keep + (rows**2).sum(axis=0)
            taught += len(rows)
        if taught:
            self.teachings += 1
        return taught

    def statistics(self) -> tuple[np.ndarray, np.ndarray]:
        """Each class's feature mean and variance (C×F; zero weight: zero mean). The
        variance is floored at ``floor_sd`` squared (a log ratio's floor grown as its
        class is darker than the board) and widened by (w + ``prior_weight``)/w while a
        class has few examples w."""
        weight = np.maximum(self.weight, 1e-9)[:, None]
        mean = self.total / weight
        spread = np.maximum(self.squares / weight - mean**2, 0.0)
        floor = np.tile(np.asarray(self.cfg.floor_sd, dtype=np.float64), (len(mean), 1))
        # The sensor's noise is some grey levels whatever the light: on a stone darker
        # than its board it is a larger share of the stone's colour, and its log ratio
        # varies more, by the board's brightness over the stone's.
        floor[:, COLOUR] *= np.exp(np.maximum(-mean[:, COLOUR], 0.0))
        variance = np.maximum(spread, floor**2) * (weight + self.cfg.prior_weight) / weight
        return mean, variance

    # -- reading -----------------------------------------------------------------------

    def classify(self, samples: Samples,
                 look_free: Callable[[], SpaceReadings] | None = None) -> SpaceReadings:
        """Read every space as ``empty``, a colour or ``unsure`` by the learned look.
        ``look_free()`` gives the look-free reader's readings of the same samples, asked
        for only where a colour is not learned yet or a glare blows a space out."""
        features = look_features(samples, self.stones)
        known = np.flatnonzero(self.weight >= self.cfg.min_weight)
        mean, variance = self.statistics()
        mean, variance = mean[known], variance[known]
        z2 = (((features[:, None, :] - mean[None]) ** 2) / variance[None]).sum(axis=2)
        loglik = -0.5 * (z2 + np.log(variance).sum(axis=1)[None, :])
        loglik -= loglik.max(axis=1, keepdims=True)
        posterior = np.exp(loglik)
        posterior /= posterior.sum(axis=1, keepdims=True)
        pick = posterior.argmax(axis=1)
        rows = np.arange(len(features))
        confidence = posterior[rows, pick]
        far = z2[rows, pick] > self.cfg.max_distance2
        best = [self.classes[known[i]] for i in pick]
        # Read empty, yet no print where the print shows around: something flat over it
        # (a hand, a sleeve: ``covered``, counted as the look-free reader counts it), or
        # a pale stone in the board's own colour. Where the empty board learned shows its
        # print and the print shows clearly around, such a space is not surely empty.
        stones = self.stones
        covered = np.array([b == EMPTY for b in best]) \
            & (samples.ink < stones.ink_present * stones.ink_absent) \
            & (samples.ink_around > stones.ink_present)
        printed = known[0] == 0 and mean[0, INK] > stones.ink_present
        unsure = far | (confidence < self.cfg.min_confidence) \
            | (printed & covered & (samples.ink_around > stones.ink_clear))
        labels = [UNSURE if u else b for b, u in zip(best, unsure, strict=True)]

        # A colour not learned yet is read by the look-free reader wherever the look
        # does not see a stone it knows; a space a glare blows out, where the look is
        # unsure, by the look-free reader's rules for glare.
        unlearned = set(self.classes) - set(self.learned())
        blown = (samples.core_blown > self.cfg.max_blown) \
            | (samples.gap_blown > self.cfg.max_blown)
        stone = np.array([b != EMPTY for b in best]) & ~unsure
        ask = (unsure & blown) | (~stone if unlearned else np.zeros_like(blown))
        if look_free is not None and ask.any():
            other = look_free()
            for i in np.flatnonzero(ask):
                label = other.labels[i]
                if label in unlearned or (unsure[i] and blown[i] and label != UNSURE):
                    labels[i] = label
                    best[i] = other.best[i]
                    confidence[i] = other.confidence[i]
        return SpaceReadings(labels=labels, confidence=confidence, best=best,
                             covered=covered)

    # -- saving -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "features": list(FEATURES),
            "classes": list(self.classes),
            "teachings": self.teachings,
            "weight": self.weight.round(6).tolist(),
            "total": self.total.round(6).tolist(),
            "squares": self.squares.round(6).tolist(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], cfg: Section | None = None) -> LearnedLook:
        """The look ``to_json`` saved; ``ValueError`` for data that is not one."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT \
                or list(data.get("features", ())) != list(FEATURES):
            raise ValueError("This is not a learned look this version can read.")
        classes = list(data.get("classes", ()))
        if not classes or classes[0] != EMPTY:
            raise ValueError("A learned look starts with the empty class.")
        look = cls(classes[1:], cfg)
        try:
            weight = np.asarray(data["weight"], dtype=np.float64)
            total = np.asarray(data["total"], dtype=np.float64)
            squares = np.asarray(data["squares"], dtype=np.float64)
            teachings = int(data.get("teachings", 0))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"A learned look's statistics are broken: {error}.") from None
        if weight.shape != look.weight.shape or total.shape != look.total.shape \
                or squares.shape != look.squares.shape \
                or not (np.isfinite(weight).all() and np.isfinite(total).all()
                        and np.isfinite(squares).all()) or (weight < 0).any():
            raise ValueError("A learned look's statistics do not fit its classes.")
        look.weight, look.total, look.squares, look.teachings = weight, total, squares, teachings
        return look
