"""The learned look of one table: what an empty space and each colour of stone look like
under this camera and this light, learned from readings whose true contents are known.

The look-free reader (``companion.vision.stones``) predicts a stone's look from its
nominal colour; a referee at a table knows more: it has seen the empty board and every
stone the game has placed. Each space gives light-invariant features the sampler already
measures: the log ratio of its core to the board around it, per channel (light and white
balance multiply both alike, so they cancel, but for the sensor's noise floor in the
darkest pixels), the share of the board's print visible where a piece would sit, and the
spread of the core's brightness (a stone's dome and sheen, or a hand's edge), and the
share of the core blown out (a white stone overexposed, a black one's highlight). Per class
(``empty`` and each colour) the look keeps a weighted mean and a diagonal variance of
those features, the variance never below a floor and widened while few examples are known,
so that a handful of stones does not make it overconfident.

``classify`` reads each space as the class of highest likelihood, its confidence that
class's share. A space far from every learned class (its squared Mahalanobis distance to
the best beyond a chi-square cut) is ``unsure``, never guessed. A colour not yet learned
(the empty board at set-up teaches only ``empty``) is the look-free reader's to read:
where it reads that colour and the look sees no stone it knows, its label is taken, so
the first black stone is still read. A space whose board a lamp's glare blows out takes
the look-free reader's label too (its rules for glare); but each space's own empty look
is learned under its lamp's glare too, kept apart, so under the glare it was seen empty
under the look still leans (``_own_empty``); and a space whose core is blown out leans
to the class the look fits best where that class is learned blown out (a white stone
the lamp always blows out at this table). A space read empty that shows
none of the print it showed empty, where the print shows clearly around, is unsure: a
pale stone in the board's own colour, or a hand (but where the print of more spaces than
a move covers is gone, or the print around it thinned in part, the picture's doing, its
odds are given: its shade tells); a
space read as a stone of about the
board's shade that still shows most of the print it showed empty is unsure too (a stone
hides it). Each space's own print when empty is learned too (an edge or a star point
shows less or more than the others).

``teach`` adds a reading with its true labels, forgetting older ones exponentially (each
class's statistics lose half their weight every ``half_life`` teachings in which it is
seen), so the look follows daylight as it changes. ``to_json``/``from_json`` save and
load it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from companion.vision.config import Section, load_config
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.sampling import Samples, core_colour, core_spread
from companion.vision.smeared_print import greyed_by_print
from companion.vision.stones import SpaceReadings, print_hidden

FEATURES = ("log_ratio_b", "log_ratio_g", "log_ratio_r", "ink", "spread", "blown")
COLOUR = slice(0, 3)  # the log-ratio features: a space's colour against its board
INK = 3
BLOWN = 5  # the share of the core blown out
FORMAT = 1  # the version of ``to_json``'s layout


def look_features(samples: Samples, stones: Section) -> np.ndarray:
    """Every space's features (N×6, ``FEATURES``): the log ratio of its core (the part
    not blown out) to its board per channel, the print visible, the core's spread and
    the share of the core blown out (a white stone under a bright light)."""
    observed = core_colour(samples, samples.core_kept, stones.core_percentile)
    floor = stones.dark_floor
    ratio = np.log(observed + floor) - np.log(samples.board + floor)
    spread = core_spread(samples.core, samples.core_kept, samples.board)
    return np.column_stack([ratio, samples.ink, spread, samples.core_blown])


class LearnedLook:
    """The look of ``colours`` (and ``empty``) at one table; see the module docstring.
    ``cfg`` is the whole vision configuration (its ``look`` and ``stones`` sections)."""

    def __init__(self, colours: Sequence[str], cfg: Section | None = None) -> None:
        cfg = cfg if cfg is not None else load_config()
        self.cfg = cfg.look
        self.stones = cfg.stones
        self.palette = cfg.palette
        self.classes = [EMPTY, *colours]
        size = (len(self.classes), len(FEATURES))
        self.weight = np.zeros(len(self.classes))
        self.total = np.zeros(size)  # weighted sums of the features
        self.squares = np.zeros(size)  # weighted sums of their squares
        self.teachings = 0
        # Each space's own look when empty (weighted sums of its features, as the
        # classes'): an edge, a star point or a line the camera sees thin shows less or
        # more print than the others, and a stone put there changes that space's own
        # look even where no class fits it (``_changed``). NaN: a feature a look saved
        # by an older version did not keep.
        self.space_weight = np.zeros(0)
        self.space_total = np.zeros((0, len(FEATURES)))
        # How much of each space's board a lamp's glare blew out when it was seen empty
        # (a weighted sum, as its look's); and its own empty look *under glare* (its
        # board blown out beyond ``max_blown``), kept apart with its glare: a lamp
        # stays where it is, so a space seen empty under its glare shows what that
        # glare looks like there (``_own_empty``).
        self.space_glare = np.zeros(0)
        self.glared_weight = np.zeros(0)
        self.glared_total = np.zeros((0, len(FEATURES)))
        self.glared_glare = np.zeros(0)
        # The samples last classified and their likeliest classes (``likeliest``).
        self._likeliest: tuple[Samples, list[str]] | None = None

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

    def lighter(self) -> dict[str, bool]:
        """Whether each colour's nominal shade is lighter than the board's."""
        board = self.stones.board_level * 255.0
        return {colour: _luminance(self.palette[colour]) > board for colour in self.colours}

    # -- learning ---------------------------------------------------------------------

    def teach(self, samples: Samples, labels: Sequence[str | None]) -> int:
        """Learn from one reading whose true contents are ``labels`` (per space: ``empty``,
        a colour, or ``None``/``unsure`` for a space not to learn from, such as one the
        camera could not read). A space whose board a lamp's glare blows out teaches
        nothing. Each class seen forgets part of
        what it knew first (``half_life``). Returns the number of spaces learned from."""
        self._likeliest = None
        features = look_features(samples, self.stones)
        # A white stone may be blown out (that is its look); a board whose gaps a lamp's
        # glare blows out has lost its colour.
        glare = samples.gap_blown > self.cfg.max_blown
        index = {name: i for i, name in enumerate(self.classes)}
        which = np.array([index.get(label, -1) if isinstance(label, str) else -1
                          for label in labels])
        # Each space's own empty look is learned under glare too, apart (the lamp's
        # glare on that space is part of how it looks empty); the classes are not.
        empty = (which == 0) & ~glare
        glared = (which == 0) & glare
        which[glare] = -1
        keep = 0.5 ** (1.0 / self.cfg.half_life)
        taught = 0
        for c in np.unique(which[which >= 0]):
            rows = features[which == c]
            self.weight[c] = self.weight[c] * keep + len(rows)
            self.total[c] = self.total[c] * keep + rows.sum(axis=0)
            self.squares[c] = self.squares[c] * keep + (rows**2).sum(axis=0)
            taught += len(rows)
        if len(self.space_weight) != len(which):
            self.space_weight = np.zeros(len(which))
            self.space_total = np.zeros((len(which), len(FEATURES)))
        if len(self.space_glare) != len(which):
            self.space_glare = np.zeros(len(which))
        if len(self.glared_weight) != len(which):
            self.glared_weight = np.zeros(len(which))
            self.glared_total = np.zeros((len(which), len(FEATURES)))
            self.glared_glare = np.zeros(len(which))
        self.space_weight[empty] = self.space_weight[empty] * keep + 1.0
        self.space_total[empty] = np.nan_to_num(self.space_total[empty]) * keep \
            + features[empty]
        self.space_glare[empty] = self.space_glare[empty] * keep + samples.gap_blown[empty]
        self.glared_weight[glared] = self.glared_weight[glared] * keep + 1.0
        self.glared_total[glared] = self.glared_total[glared] * keep + features[glared]
        self.glared_glare[glared] = self.glared_glare[glared] * keep \
            + samples.gap_blown[glared]
        if taught:
            self.teachings += 1
        return taught

    def expected_ink(self, spaces: int) -> np.ndarray:
        """The print each of ``spaces`` spaces shows when empty: its own where it has
        been seen empty, else the empty class's."""
        mean, _ = self.statistics()
        expected = np.full(spaces, mean[0, INK])
        if len(self.space_weight) == spaces:
            seen = self.space_weight > 0
            expected[seen] = self.space_total[seen, INK] / self.space_weight[seen]
        return expected

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

    def likeliest(self, samples: Samples) -> list[str]:
        """Per space, the class the look finds likeliest (``classify``'s best, before any
        rule makes the space unsure or hands it to the look-free reader). The samples
        ``classify`` just read are not worked out again."""
        if self._likeliest is not None and self._likeliest[0] is samples:
            return list(self._likeliest[1])
        known, _z2, posterior = self._posterior(look_features(samples, self.stones))
        return [self.classes[known[i]] for i in posterior.argmax(axis=1)]

    def _posterior(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The classes learned (their indices), and per space each one's z² and share of
        the likelihood (N×K); the empty class expects each space's own print."""
        known = np.flatnonzero(self.weight >= self.cfg.min_weight)
        mean, variance = self.statistics()
        mean, variance = mean[known], variance[known]
        centres = np.repeat(mean[None], len(features), axis=0)  # N×K×F
        if known[0] == 0:
            centres[:, 0, INK] = self.expected_ink(len(features))
        z2 = (((features[:, None, :] - centres) ** 2) / variance[None]).sum(axis=2)
        loglik = -0.5 * (z2 + np.log(variance).sum(axis=1)[None, :])
        loglik -= loglik.max(axis=1, keepdims=True)
        posterior = np.exp(loglik)
        posterior /= posterior.sum(axis=1, keepdims=True)
        return known, z2, posterior

    def classify(self, samples: Samples,
                 look_free: Callable[[], SpaceReadings] | None = None) -> SpaceReadings:
        """Read every space as ``empty``, a colour or ``unsure`` by the learned look.
        ``look_free()`` gives the look-free reader's readings of the same samples, asked
        for only where a colour is not learned yet or a glare blows a space out."""
        features = look_features(samples, self.stones)
        known, z2, posterior = self._posterior(features)
        mean, variance = self.statistics()
        empty_variance = variance[0]
        mean, variance = mean[known], variance[known]
        ink = self.expected_ink(len(features))
        pick = posterior.argmax(axis=1)
        rows = np.arange(len(features))
        confidence = posterior[rows, pick]
        far = z2[rows, pick] > self.cfg.max_distance2
        best = [self.classes[known[i]] for i in pick]
        self._likeliest = (samples, best)
        # Read empty, yet no print where the print shows around: something flat over it
        # (a hand, a sleeve: ``covered``, counted as the look-free reader counts it), or
        # a pale stone in the board's own colour. Where the empty board learned shows its
        # print and the print shows clearly around, such a space is not surely empty.
        stones = self.stones
        covered = np.array([b == EMPTY for b in best]) \
            & print_hidden(samples, stones) \
            & (samples.ink_around > stones.ink_present)
        printed = (known[0] == 0) & (ink > stones.ink_present)
        hidden = printed & covered & (samples.ink_around > stones.ink_clear)
        # Read as a stone of about the board's shade (within ``changed_shade``), yet
        # most of the print this space shows empty still shows (``stone_print_share``):
        # that is bare board, a stone hides the print. A colour learned from a stone or
        # two fits loosely, and a corner whose print the camera sees faintly may fit it
        # better than the empty class; such a space is not surely a stone, and the
        # picture does not lean. (A dark stone's rim, far from the board's shade, may
        # pass for a little print at the edge.) A space showing all the print it showed
        # empty, not darker than the board, is bare board however faint the print
        # around (an edge) and whatever light class it fits (a white stone of a set
        # near the board's shade, fitted loosely, beside a new dark stone that made
        # the board around it darker). "All" within the wobble of a count of print
        # pixels from photo to photo (``all_print_share`` of it): the print a space
        # showed empty is a mean over photos whose marks differ (lowered round faint
        # lines in some, ``sampling.print_marks``), and a photo showing a pixel less
        # than that mean is no stone. Nor, however dark, is a space showing all of a
        # print it showed clearly empty (over ``ink_clear``): a dark stone's rim and
        # highlight pass for some print (half of it, under a lamp's glare), never for
        # all of such a print; the board beside a new stone, in its shadow, is darker
        # and still bare (T29).
        shade = np.abs(features[:, COLOUR].mean(axis=1)) < self.cfg.changed_shade
        shows_all = samples.ink >= ink * self.cfg.all_print_share
        not_darker = features[:, COLOUR].mean(axis=1) > -self.cfg.changed_shade
        on_print = np.array([b != EMPTY for b in best]) & printed \
            & ~print_hidden(samples, stones) \
            & ((shade & (samples.ink >= ink * self.cfg.stone_print_share)
                & ((samples.ink_around > stones.ink_clear) | shows_all))
               | (not_darker & shows_all)
               | (shows_all & (ink > stones.ink_clear)))
        unsure = far | (confidence < self.cfg.min_confidence) | hidden | on_print
        labels = [UNSURE if u else b for b, u in zip(best, unsure, strict=True)]
        odds = np.zeros((len(features), len(self.classes)))
        odds[:, known] = posterior
        # Unsure only because no class fits closely or is clearly best, yet not far from
        # the best: the picture still leans (``SpaceReadings``).
        leans = unsure & ~hidden & ~on_print \
            & (z2[rows, pick] <= self.cfg.max_distance2 * self.cfg.lean_distance)

        # A stone read on a core a lamp blows out over half (``changed_blown``), by a
        # class never learned so, is not sure: what is left of the core is a few pixels of
        # its edge, and a white stone the look has not learned, blown out whole, fits a
        # dark class learned from a stone or two (held-out game 42194's F8, read black:
        # "It is White's turn" photo after photo). A dark stone's highlight is a spot,
        # never half its core (T35).
        blown_class = mean[pick, BLOWN] >= self.cfg.changed_blown
        unfit = ~unsure & np.array([b != EMPTY for b in best]) & ~blown_class \
            & (samples.core_blown >= self.cfg.changed_blown)
        unsure |= unfit
        labels = [UNSURE if u else label for label, u in zip(labels, unfit, strict=True)]

        # A colour not learned yet is read by the look-free reader wherever the look
        # does not see a stone it knows. So is a space whose board a lamp's glare blows
        # out (the look has never learned it: the look-free reader's rules for glare
        # read it), and one the look is unsure of whose core is blown out.
        unlearned = set(self.classes) - set(self.learned())
        glare = samples.gap_blown > self.cfg.max_blown
        blown = unsure & (samples.core_blown > self.cfg.max_blown)
        stone = np.array([b != EMPTY for b in best]) & ~unsure
        ask = glare | blown | (~stone if unlearned else np.zeros_like(glare))
        # A core blown out where the class the look leans to is learned blown out too
        # (a white stone the lamp always blows out at this table): that is its look.
        blown_fit = blown & leans & blown_class & ~glare
        leans &= ~glare & ~blown
        # Under the glare this space was seen empty under (the same lamp), the look
        # still leans where one class fits it closely and clearly: a stone only where
        # the space is also far from its own empty look (the glare alone moves it
        # little), so the game may take the stone among its legal moves.
        own_empty = self._own_empty(features, samples, empty_variance)
        seen, own_far, lit, _ = own_empty
        glared_fit = glare & seen & lit & (z2[rows, pick] <= self.cfg.max_distance2) \
            & (confidence >= self.cfg.min_confidence) \
            & (np.array([b == EMPTY for b in best]) | own_far)
        look_odds, look_stone = odds.copy(), np.array([b != EMPTY for b in best])
        kept = glared_fit | blown_fit
        leans |= blown_fit
        # A colour learned from fewer stones than the prior that widens it fits loosely:
        # a stone's shadow over a bare corner, the board dimmed in every channel alike,
        # may fit it better than the tightly learned empty board. A stone of such a
        # colour stands only where the look-free reader does not read the space surely
        # empty; where it does, the two disagree and the picture does not lean.
        young = self.weight < self.cfg.prior_weight
        loose = ~ask & stone & np.array([young[self.classes.index(b)] if b != EMPTY else False
                                         for b in best])
        other = look_free() if look_free is not None and (ask.any() or loose.any()) else None
        if other is not None:
            doubted = loose & np.array([label == EMPTY for label in other.labels])
            for i in np.flatnonzero(doubted):
                labels[i], leans[i] = UNSURE, False
            for i in np.flatnonzero(ask):
                label = other.labels[i]
                taken = glare[i] or label in unlearned or (blown[i] and label != UNSURE)
                if taken:
                    labels[i] = label
                    best[i] = other.best[i]
                    confidence[i] = other.confidence[i]
                # Where the look cannot read a space, the look-free reader's odds weigh
                # every colour, the unlearned too.
                if (taken or unsure[i]) and other.odds is not None and other.leans is not None:
                    odds[i], leans[i] = other.odds[i], other.leans[i]
                if kept[i] and labels[i] == UNSURE:
                    odds[i], leans[i] = look_odds[i], True
        # Read empty without its print where the print is gone from more spaces than a
        # move covers (``_faded``): the picture's doing (blur, lines resampled too
        # faint), not a hand's or a stone's. Where every colour is learned and the
        # space fits the empty look closely, its shade tells what no print can: the
        # picture leans as the look's odds say (no stone of this table looks so).
        # So too a space whose print alone is gone, still near its own empty look,
        # where the spaces around lost part of theirs (``_changed``: blur on a
        # region's border): the print went with the blur, and its shade tells.
        faded = self._faded(samples, labels, own_empty)
        around = self._print_kept_around(samples, labels, own_empty)
        blurred = ~self._print_as_before(around) & seen & ~own_far
        if not unlearned:
            shaded = hidden & ~glare & (z2[rows, pick] <= self.cfg.max_distance2) \
                & np.array([label == UNSURE for label in labels]) \
                & ((faded.sum() > self.cfg.changed_max_spaces) | blurred)
            odds[shaded], leans[shaded] = look_odds[shaded], True
        # Nor does such a photo's space of the board's shade whose print is gone lean to
        # a stone by a class it cannot be read as surely (T22): a colour learned from a
        # stone or two is wide, and the lines' grey smeared over a bare space by blur
        # fits it better than the empty class, by the missing print alone. (A stone
        # under a glare or blown out that its class fits, ``kept``, has its own sign.)
        # Of the board's shade, or greyed no further than its own print smeared over
        # it makes a bare space (T27).
        greyed = greyed_by_print(features[:, COLOUR].mean(axis=1),
                                 own_empty[3][:, INK], self.cfg.changed_shade)
        smeared = (faded.sum() > self.cfg.changed_max_spaces) & faded & ~glare & ~kept \
            & ((np.abs(features[:, COLOUR].mean(axis=1)) < self.cfg.changed_shade) | greyed) \
            & (samples.core_blown < self.cfg.changed_blown) & leans \
            & (odds[:, 0] < odds.max(axis=1))
        odds[smeared], leans[smeared] = 0.0, False
        fitted = kept & look_stone
        for i, colours in self._changed(features, samples, labels, own_empty,
                                        fitted, faded, around, empty_variance).items():
            odds[i] = 0.0
            for colour in colours:
                odds[i, self.classes.index(colour)] = \
                    (1.0 - self.cfg.changed_empty_share) / len(colours)
            odds[i, 0] = self.cfg.changed_empty_share
            leans[i] = True
        return SpaceReadings(labels=labels, confidence=confidence, best=best,
                             covered=covered, odds=odds, leans=leans)

    def _changed(self, features: np.ndarray, samples: Samples, labels: Sequence[str],
                 own_empty: tuple[np.ndarray, ...], fitted: np.ndarray, faded: np.ndarray,
                 around: tuple[np.ndarray, np.ndarray, np.ndarray],
                 empty_variance: np.ndarray) -> dict[int, list[str]]:
        """The unsure spaces the picture shows are no longer as they looked empty, each
        with the colours of stone their shade allows (``around``: the print the spaces
        around each show, ``_print_kept_around``'s, worked out once by ``classify``).
        A stone of a colour the look has not learned yet, or one a lamp blows out, fits
        no class; but this table has
        shown each space empty, and a stone there hides the print that space showed
        (all but ``changed_ink_share`` of it) and moves the space far from its own empty
        look. Darker than the board, it is the dark stone; lighter (or its core blown
        out), the light one; of a shade near the board's (a white glass stone on white
        vinyl), either: the picture shows that something lies there, not what, and only
        the game can name it (``companion.table.likely``: the one legal stone there).
        So too where the space is not far from its own empty look but its print is
        gone, by both measures (hidden, and all but ``changed_ink_share`` of its own),
        and every space around shows all the print it showed empty.
        On real photographs an empty edge space whose line blurs away looks just so:
        the game takes such a space for a stone only where nothing else changed and one
        legal move puts a stone there. Only where the board around is no more glared
        than when this space was seen empty (a lamp stays put: its glare is part of
        that space's own empty look, a glare come since is not), the print shows
        around it, at least ``changed_around_share`` of what this space
        showed empty (a photo blurred in part by a shaking hand thins the print over a
        whole region, this space's and its neighbours' alike; a stone hides its own
        alone; blur leaves an empty space the board's shade, so a space darker or
        lighter than the board by ``changed_shade``, or blown out, needs no such print
        around), and, for such a space of the board's shade, the print is gone (by
        either measure) from no more than ``changed_max_spaces`` spaces read as no
        stone (on a third of the real photo go-boards/t1_010, sharp and unblurred, the
        lines come out too faint in the board view to pass for print at dozens of
        spaces: one on that region's edge, beside print that shows, is no stone), and
        few spaces change at once (a hand or a new light changes many; a
        move, one or two; a stone under a glare that a class of stone fits, ``fitted``,
        is no change the look cannot name, and is not counted). Only for two colours,
        one darker and one lighter than a board: a shade tells no more apart.
        ``own_empty`` and ``faded`` are ``_own_empty``'s and ``_faded``'s answers for
        this frame, worked out once, ``empty_variance`` the empty class's variance
        (``statistics``)."""
        if len(self.space_weight) != len(features) or len(self.colours) != 2:
            return {}
        cfg = self.cfg
        seen, far, lit, own = own_empty
        unsure = np.array([label == UNSURE for label in labels])
        gone = samples.ink < np.nan_to_num(own[:, INK]) * cfg.changed_ink_share
        hidden = print_hidden(samples, self.stones)
        shade = features[:, COLOUR].mean(axis=1)
        # A core mostly blown out over a board that is not is lighter than the board,
        # whatever the few pixels left of it say.
        shade[samples.core_blown >= cfg.changed_blown] = np.inf
        # Blur thins the print but leaves a space the board's shade, or greys it by its
        # own print smeared over it (T27): one that names a colour needs no print
        # around to tell it from blur.
        coloured = np.abs(shade) >= cfg.changed_shade
        # Print gone from more spaces than a move covers, each read as no stone: the
        # picture's doing (blur, a veil of light, lines resampled too faint in the
        # board view), not stones'. Where it is so, a space whose print is gone is no
        # stone by that alone; one whose shade names a colour still is.
        # And the print around it, each space's against its own: a stone hides its own
        # space's print alone, while blur thins the print of a whole region, and the
        # most print around (one neighbour on the sharp side) does not say so.
        kept = around[0]
        plain = (faded.sum() <= cfg.changed_max_spaces) & ~(kept < cfg.changed_around_kept)
        coloured &= plain | ~greyed_by_print(shade, own[:, INK], cfg.changed_shade)
        # Print gone is the one sign of a space still near its own empty look (its
        # colour, spread and glare as then): a stone of the board's own shade, or the
        # picture's doing. Blur fading in, or cut sharp across a photo, thins every
        # space it covers, but one on its border (an edge or corner space, whose print
        # is a T or an L, or one the cut crosses) may lose its print whole beside
        # neighbours that lost part of theirs (or whose lines the blur widened into
        # more print), and the median around it stays high (the sharp side). A stone
        # hides its own print alone: that sign counts only where every space around
        # shows the print it showed empty (``_print_as_before``).
        # So too for a space far from its own empty look only with its print counted,
        # of the board's shade (or greyed no further than its own print smeared over
        # it): blur cut sharp across a space takes its print, greys it a little and
        # raises its spread a little, and so moves it just past its own empty look with
        # no stone there (blur scenario 18101's F6, T33). A stone moves the space far
        # from that look by its colour or its dome alone, or names a colour by its shade.
        alone = self._print_as_before(around)
        rest = [f for f in range(len(FEATURES)) if f != INK]
        unprinted_far = np.nansum((features[:, rest] - own[:, rest]) ** 2
                                  / empty_variance[rest], axis=1) > cfg.max_distance2
        changed = unsure & ~fitted & seen & lit \
            & ((far & (hidden | gone) & (coloured | alone | unprinted_far))
               | (hidden & gone & alone)) \
            & (samples.ink_around > self.stones.ink_present) \
            & ((plain & (samples.ink_around
                         >= np.nan_to_num(own[:, INK]) * cfg.changed_around_share))
               | coloured)
        if not changed.any() or changed.sum() > cfg.changed_max_spaces:
            return {}
        board = self.stones.board_level * 255.0
        darker = [c for c in self.colours if _luminance(self.palette[c]) < board]
        lighter = [c for c in self.colours if _luminance(self.palette[c]) > board]
        if len(darker) != 1 or len(lighter) != 1:
            return {}
        found = {}
        for i in np.flatnonzero(changed):
            found[int(i)] = darker + lighter if not far[i] else \
                darker if shade[i] <= -cfg.changed_shade else \
                lighter if shade[i] >= cfg.changed_shade else darker + lighter
        return found

    def _print_kept_around(self, samples: Samples, labels: Sequence[str],
                           own_empty: tuple[np.ndarray, ...]
                           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per space, how much of the print they showed empty the spaces around it still
        show: the median share, the least and the most over those seen empty with
        print, not glared since and not read as a stone (NaN where there is none).
        Blur, a shaking hand or a veil of light thins the print of a region; a stone
        hides its own space's alone."""
        seen, _far, lit, own = own_empty
        own_ink = np.nan_to_num(own[:, INK])
        stone = np.array([label in self.colours for label in labels])
        usable = seen & lit & ~stone & (own_ink > self.stones.ink_present)
        share = samples.ink / np.maximum(own_ink, 1e-9)
        around = samples.around
        neighbour = usable[around] & (around != np.arange(len(around))[:, None])
        shares = np.where(neighbour, share[around], np.nan)
        kept, least, most = (np.full(len(around), np.nan) for _ in range(3))
        some = neighbour.any(axis=1)
        kept[some] = np.nanmedian(shares[some], axis=1)
        least[some] = np.nanmin(shares[some], axis=1)
        most[some] = np.nanmax(shares[some], axis=1)
        return kept, least, most

    def _print_as_before(self, around: tuple[np.ndarray, np.ndarray, np.ndarray]
                         ) -> np.ndarray:
        """Per space, whether every space around it (``around``: ``_print_kept_around``'s
        median, least and most share) shows
        the print it showed empty, within a pixel's wobble either way (T19's
        ``all_print_share`` of it, or that share's inverse: blur thins a line, or
        widens it into more print). A stone hides its own space's print and leaves its
        neighbours' as it was; blur over a region changes theirs too. False where no
        space around tells."""
        _kept, least, most = around
        share = self.cfg.all_print_share
        return (least >= share) & (most <= 1.0 / share)

    def _faded(self, samples: Samples, labels: Sequence[str],
               own_empty: tuple[np.ndarray, ...]) -> np.ndarray:
        """The spaces seen empty before, not glared since and not read as a stone,
        whose print is gone: under ``changed_ink_share`` of their own, or hidden as the
        look-free reader says. More of them than a move covers (``changed_max_spaces``)
        is the picture's doing, not stones' (``_changed``, ``classify``)."""
        seen, _far, lit, own = own_empty
        gone = samples.ink < np.nan_to_num(own[:, INK]) * self.cfg.changed_ink_share
        stone = np.array([label in self.colours for label in labels])
        return seen & lit & (gone | print_hidden(samples, self.stones)) & ~stone

    def _own_empty(self, features: np.ndarray, samples: Samples, empty_variance: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per space, how it looked empty under the light it has now: a space whose
        board a glare blows out (beyond ``max_blown``) is held against its own empty
        look under glare where it was seen so, else against its plain one; a space
        seen empty only under glare, against that (a stone there may shade its gaps
        from the lamp: less glare, and no print). Returns
        whether that look is known (``seen``), whether the space now lies beyond
        ``max_distance2`` of it (``far``), whether its board is no more glared than
        then, by at most ``max_blown`` (``lit``: the same lamp, so a change is the
        stone's; a glare come since changes the look by itself), and the look (N×F)."""
        cfg = self.cfg
        spaces = len(features)
        if len(self.space_weight) != spaces:
            nothing = np.zeros(spaces, dtype=bool)
            return nothing, nothing, nothing, np.full((spaces, len(FEATURES)), np.nan)
        weight, total = self.space_weight.copy(), self.space_total.copy()
        glare = self.space_glare.copy() if len(self.space_glare) == spaces \
            else np.zeros(spaces)
        if len(self.glared_weight) == spaces:
            use = ((samples.gap_blown > cfg.max_blown) | (weight < cfg.min_weight)) \
                & (self.glared_weight >= cfg.min_weight)
            weight[use], total[use] = self.glared_weight[use], self.glared_total[use]
            glare[use] = self.glared_glare[use]
        own = total / np.maximum(weight, 1e-9)[:, None]
        z2 = np.nansum((features - own) ** 2 / empty_variance[None, :], axis=1)
        lit = samples.gap_blown <= glare / np.maximum(weight, 1e-9) + cfg.max_blown
        return weight >= cfg.min_weight, z2 > cfg.max_distance2, lit, own

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
            "space_weight": self.space_weight.round(6).tolist(),
            "space_total": [[None if np.isnan(v) else v for v in row]
                            for row in self.space_total.round(6).tolist()],
            "space_glare": self.space_glare.round(6).tolist(),
            "glared": {"weight": self.glared_weight.round(6).tolist(),
                       "total": self.glared_total.round(6).tolist(),
                       "glare": self.glared_glare.round(6).tolist()},
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
            space_weight = np.asarray(data.get("space_weight", []), dtype=np.float64)
            space_total = _space_total(data, len(space_weight))
            # A look saved before the glare was kept (or with none) knows of none.
            space_glare = np.asarray(data.get("space_glare") or np.zeros(len(space_weight)),
                                     dtype=np.float64)
            glared = data.get("glared") or {}
            glared_weight = np.asarray(glared.get("weight") or np.zeros(len(space_weight)),
                                       dtype=np.float64)
            glared_total = np.asarray(glared.get("total") or np.zeros(
                (len(space_weight), len(FEATURES))), dtype=np.float64)
            glared_glare = np.asarray(glared.get("glare") or np.zeros(len(space_weight)),
                                      dtype=np.float64)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"A learned look's statistics are broken: {error}.") from None
        if weight.shape != look.weight.shape or total.shape != look.total.shape \
                or squares.shape != look.squares.shape \
                or not (np.isfinite(weight).all() and np.isfinite(total).all()
                        and np.isfinite(squares).all()) or (weight < 0).any():
            raise ValueError("A learned look's statistics do not fit its classes.")
        if space_weight.ndim != 1 or space_total.shape != (len(space_weight), len(FEATURES)) \
                or not (np.isfinite(space_weight).all()
                        and np.isfinite(space_total[:, INK]).all()) \
                or space_glare.shape != space_weight.shape \
                or glared_weight.shape != space_weight.shape \
                or glared_glare.shape != space_weight.shape \
                or glared_total.shape != (len(space_weight), len(FEATURES)) \
                or not all(np.isfinite(a).all() for a in (space_glare, glared_weight,
                                                         glared_total, glared_glare)):
            raise ValueError("A learned look's spaces do not fit.")
        look.weight, look.total, look.squares, look.teachings = weight, total, squares, teachings
        look.space_weight, look.space_total = space_weight, space_total
        look.space_glare = space_glare
        look.glared_weight, look.glared_total = glared_weight, glared_total
        look.glared_glare = glared_glare
        return look


def _space_total(data: Mapping[str, Any], spaces: int) -> np.ndarray:
    """Each space's own empty look as saved (N×F weighted sums); a look saved before
    the spaces' whole look was kept has only their print, the rest unknown (NaN)."""
    if "space_total" in data:
        rows = [[np.nan if v is None else v for v in row] for row in data["space_total"]]
        return np.asarray(rows, dtype=np.float64).reshape(-1, len(FEATURES))
    total = np.full((spaces, len(FEATURES)), np.nan)
    total[:, INK] = np.asarray(data.get("space_ink", []), dtype=np.float64)
    return total


def _luminance(bgr_or_rgb: Sequence[float]) -> float:
    """A nominal colour's grey level (the palette's channels weigh alike)."""
    return float(np.mean(bgr_or_rgb))
