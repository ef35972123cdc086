"""Stones: is a space empty, or which colour of stone is on it, and how sure are we?

Each space's core is compared with its own local board colour, as a log ratio per
channel: light, shadow and the camera's white balance multiply both alike, so they
cancel. The ratio splits into a lightness part (the mean of the three) and a colour
part (what is left). Each candidate (empty, and each stone colour in play) predicts a
ratio: empty predicts none; a stone of nominal colour P on a board of nominal colour N
predicts log(s P / N), where N is the board's observed colour brought to the lightness
of a typical printed or wooden board (``board_level``), or to the lightness the white
stones show it has, and s the mean shading of a domed stone's centre
(``stone_shade``); N is the board's paint, its observed colour less the light's, which
the light neutral stones show (``_light_colour``: a white stone under a warm lamp
looks as warm as the lamp; of the readings of the light they allow, the one that
explains the stones best). The reading is the candidate the
observation is nearest to; its confidence is that candidate's share of a Gaussian
likelihood over all candidates. A space is *unsure* (and never guessed) when the best
candidate is not clearly better than the next, when nothing fits, when a space read
empty shows no print and is not close to its board's colour (empty predicts that colour
exactly, whatever the light; a stone predicts it only as well as its nominal colour fits
this picture, so a stone in a picture of low contrast, lying between its nominal colour
and the board's, is nearer to empty than to itself and must not be read empty), when the
board's tint taken as the light's rather than its paint's would read it otherwise
(where that light explains the stones about as well), when its hue is another
colour's (ONE's coloured stones: a stone's lightness depends on the board, its hue
does not), when
only missing print would make it a stone, when a lamp's glare has blown out its pixels,
or when its core is not one colour (a hand's edge, a piece half on); and a space read
empty is unsure where it shows none of a mark the board prints round every space (a
white stone on a white board) or a light stone's lit face round a highlight (a shell
stone's stripes pass for print), and where it hides its print while a lamp blows out
part of its core (``_blown_face``: a glossy stone's face, its shaded rest in the board's
colour). A glossy stone's
highlight (``sampling.sheen``: a small near-white spot, or a small spot far brighter
than a dark core) is set aside first, and the core's colour and its spread are read
from the rest: a black stone under a lamp is a black stone. A lamp's glare that runs
unbroken over the ring where a stone's rim would lie, white in the gaps too, is a
reflection in bare board: the space is empty, unless what the glare leaves of the core
reads surely as a stone. A dark stone whose rim, round a face a lamp lifts, is far darker than
any board is that stone, whatever its face reads (``_dark_rim``); so is one, unsure by
its colour, whose sheen lifts much of its face to its board's lightness, where its rim is
far darker than its board, it hides the print, the darker part of its core is a dark
stone's and no lamp blows out part of its core (``_dark_under_sheen``; its face showing
the board's tint turned round stands in for the hidden print). A white stone whose core
a lamp blows out, or in its board's own colour, is white where it hides the print and
shades the board beside it as a standing stone does (``_shaded_edge``): a lamp's
reflection in bare board only lightens it; so is a light stone that colour leans to
but cannot read surely (white glass on white vinyl, ``_light_stone_unclear``); and so is
a light stone whose core a lamp blows out whole where its face shows past the core,
lighter than the board yet not white, ends at a rim and shows no printed line across it
(``_face_past_core``). A space read
empty by print, of a stone's tint, whose lines do not run on past the core, or that shows
its print only in part, is unsure (``print_at_stone``: a white stone seen at an angle, its
outline or the line beyond it in the disc print is looked for in). A stone on
the rim read by missing print alone whose foot shows print is unsure: its leaning sample
may lie over the margin (``_printed_foot``). On a
board that prints a circle round every
space (ONE's, a little wider than a core, narrower than any stone; no line crosses the
ring round a core there), a stone's face over that circle reads a blown-out light stone
(``_face_over_mark``), a stone read where the circle is missing is weighed against the
other colours alone (``_covering``), and a glossy stone of a hue of its own is told by
the darker part of its core, which its sheen leaves least (``_sheen_over_hue``); each
where the gaps round the space show the board's own tint; there a stone colour leaves
unsure over the circle it hides is named where two readings of its hue agree, under the
light found and against the picture's own white stones (``_named_over_circle``,
``circle_colour``). On a board of neutral stones, a space left unsure that hides its
print and whose core looks like the sure stones of one colour around it, far from the
sure bare board there, is that stone: the board under it may be paler than elsewhere,
its set's colour is its own (``set_alike``); so is one lighter than a dark stone is foreseen
(a soft picture mixes its edge with the board), within a dark rim, hiding its print, in the
colour of the picture's sure dark stones (``dark_set``). A white stone a tinted or bright
light clips in one channel, or on a board it clips in one channel, read by what the
clipping leaves, hiding its print and shading the board beside it, is white
(``clipped_white``). On ONE's board a space read white whose hue
lies off the lightest stones read white, on a hued colour's span, is unsure
(``white_hue``), and so is one read empty that shows its circle only in part where its
face is lighter than its board or far from its colour in a hue of its own
(``_mark_in_part``). A light stone left unsure only as not clearly best or in its board's
colour, hiding its print, in the tint or lightness of the picture's sure light stones and
apart from its sure bare board's, is that stone (``light_set``). ``SpaceReadings.why``
names the rules that made each space unsure (``UNSURE_RULES``; docs/recognition.md, "Why
a space is unsure").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.vision.bare_around import bare_near
from companion.vision.bare_print import UNCONFIRMED, print_at_spaces, print_shown, unconfirmed
from companion.vision.blown_dark import lighter_than_dark_set
from companion.vision.blown_hue import hue_over_blown_core
from companion.vision.board_white import white_over_mark
from companion.vision.circle_colour import named_over_circle, paint_spans
from companion.vision.clipped_gaps import no_lamp_in_gaps
from companion.vision.clipped_hue import clipped_off_hue
from companion.vision.clipped_white import (
    clipped_board,
    clipped_light,
    clipped_white,
    lighter_everywhere,
)
from companion.vision.config import Section
from companion.vision.dark_by_set import dark_by_set
from companion.vision.dark_set import like_dark_set
from companion.vision.glare_edge import light_by_glare
from companion.vision.glare_hole import hole_in_glare
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.light_order import lightest_run
from companion.vision.light_set import empty_like_light_set, light_refs, like_light_set
from companion.vision.lines_one_side import leaning_face, line_dips
from companion.vision.lit_fringe import lit_fringe
from companion.vision.neutral_dark import lifted_dark
from companion.vision.print_at_stone import (
    lines_cut_short,
    part_printed,
    stone_tinted,
    strong_tint,
    tint_apart,
)
from companion.vision.sampling import (
    RAYS,
    Samples,
    board_median,
    board_tint,
    board_tint_off,
    colour_part,
    column_median,
    core_colour,
    flat_percentile,
    last_mean,
    last_sum,
    masked_percentile,
)
from companion.vision.set_alike import like_its_set
from companion.vision.shaded_dome import shaded_dome
from companion.vision.shaded_white import white_in_shade
from companion.vision.sharpened_lines import LinePixels, halo_lit
from companion.vision.stone_print import no_more_than_stones, unlike_bare
from companion.vision.turned_dark import turned_dark
from companion.vision.turned_tint import turned_round
from companion.vision.white_glass import glass_read_empty
from companion.vision.white_hue import hued_white

UNSURE_RULES = (
    "not clearly best",
    "nothing fits",
    "another light reads otherwise",
    "empty, far from the board's colour, no print",
    "empty, print hidden or faint, off its colour",
    "empty, blown out in part and in shade",
    "stone colour like the board's",
    "gaps blown out",
    "lamp's glare in gaps and core",
    "core blown out",
    "empty, a dark ring round its core",
    "core not one colour",
    "hue of another colour",
    "empty, none of the mark printed round it",
    "empty, a lit face lighter than its board",
    "empty, print hidden round a blown-out face",
    "a stone by missing print, its foot printed",
    "core clipped, its channels left another hue",
    "a light stone over its printed mark",
    "white, its hue a hued stone's",
    "empty, its mark part hidden, lighter than its board",
    "empty, far from the board's colour, its mark shown in part",
    "empty, a stone's tint, its lines not running past the core",
    "empty, print shown in part, a stone's tint",
    "empty, a tint off its board's, less print, its lines not running past the core",
    "empty, no clear marks: no more print than its stones, or a stone's colour",
    UNCONFIRMED,
    "empty, no print, a domed stone's shaded core",
    "empty, a hole in a lamp's glare round its core",
    "empty, no print, its light stones' colour",
    "empty, no print, its white stones' colour, apart from printed bare board",
    "empty, a glare in its gaps, its core a light stone's lightness",
)
"""The rules that make a space unsure, in the order ``classify_stones`` applies them."""


@dataclass(frozen=True)
class SpaceReadings:
    """One reading per space: ``labels`` (a colour, ``empty`` or ``unsure``), the
    ``confidence`` of the best candidate, ``best`` (the best candidate even where
    the label is ``unsure``, for diagnostics only) and ``covered``: spaces read empty
    whose print is hidden (many of them together mean a hand over the board), and
    ``blank``: spaces read empty that show none of the print the board shows at most
    spaces read empty (under a hand's palm, the print all around is hidden too), where
    the recogniser knows. ``odds`` are each candidate's share of the likelihood (N×(1+C),
    ``empty`` first, then the colours), and ``leans`` the spaces read ``unsure`` only
    because no candidate is clearly best or fits closely: there the picture still leans
    (``odds``), and the game may settle the doubt among its legal moves
    (``companion.table.likely``); elsewhere an unsure space's odds say nothing."""

    labels: list[str]
    confidence: np.ndarray
    best: list[str]
    covered: np.ndarray
    blank: np.ndarray | None = None
    odds: np.ndarray | None = None
    leans: np.ndarray | None = None
    why: dict[str, np.ndarray] | None = None
    """For diagnostics (``companion bench vision --why``): each rule that makes spaces
    unsure (``UNSURE_RULES``) and the unsure spaces it fired on (N bool)."""
    hand_like: np.ndarray | None = None
    """Spaces named by a rule a hand's skin could pass as well (a white stone in shade,
    ``shaded_white``): read as named, yet counted by the hand rule as the unsure spaces
    they were before it named them (N bool; ``None``: none)."""


def print_hidden(samples: Samples, cfg: Section) -> np.ndarray:
    """Spaces whose print is gone where a piece would sit: almost none of it shows
    (``ink_absent`` of ``ink_present``), or, where the spaces around show it clearly, a
    small share of what they do (``ink_absent_around`` of the most around). A stone hides
    its space's print whole; a few noisy specks or its own grain are no print."""
    return samples.ink < np.maximum(cfg.ink_present * cfg.ink_absent,
                                    samples.ink_around * cfg.ink_absent_around)


def _mark_missing(samples: Samples, cfg: Section) -> np.ndarray:
    """The spaces that show none of a mark the board prints round every space. On a
    board printed so (no line runs through any space: ``ring_seen`` is nought at all of
    them, as on ONE's rings) whose typical space shows its mark clearly (the
    ``ink_typical`` percentile at least ``ink_clear``), a mark round a bare space still
    shows, if faintly, through blur and distance; a space that shows none of it is
    covered: by a stone of the board's own colour (a white stone on white paper or
    vinyl, its lit face blown out and the rest in the board's shade) or by a hand, and
    its colour cannot tell which. A grid's thin lines are another matter: blur, glare
    and a webcam's JPEG wipe them away at many bare points of real photos."""
    return _marks_clear(samples, cfg) & print_hidden(samples, cfg)


def _marks_clear(samples: Samples, cfg: Section) -> bool:
    """Whether the board prints a mark round every space rather than lines through them
    (``ring_seen`` nought at every space, as on ONE's rings) and its typical space shows
    that mark clearly (the ``ink_typical`` percentile at least ``ink_clear``)."""
    marked = not (samples.ring_seen > 0.0).any()
    return bool(marked and flat_percentile(samples.ink, cfg.ink_typical) >= cfg.ink_clear)


def _stone_over_print(samples: Samples, ratio: np.ndarray, protos: np.ndarray,
                      best: np.ndarray, best_lum: np.ndarray, fair_print: np.ndarray,
                      cfg: Section) -> np.ndarray:
    """The spaces read as a stone lighter than a dark piece (``dark_piece_lum``) that
    show, on a board that prints a mark round every space (no line crosses any space's
    ring: ONE's circles, narrower than any stone, which a stone standing there hides
    whole), two signs of bare board: their mark about as well as the spaces around show
    theirs (``ink_fair_share`` of ``fair_print``), where it lies and at the stone's foot,
    and clearly (the board's marks clear, ``_marks_clear``, or this one seen clearly,
    ``ink_clear_seen`` times ``ink_present``: in a hand's shadow the whole board's marks
    may show dimly while this one shows plainly), and the board's own hue, their colour
    part nearer empty's than the stone's. Bare board lit more than the gaps round it (a
    shade's edge over the gaps) reads as a light stone by its lightness; a shell stone's
    stripes pass for print, but the stone shows its own hue."""
    if (samples.ring_seen > 0.0).any():
        return np.zeros(len(best), dtype=bool)
    least = np.maximum(cfg.ink_present, cfg.ink_fair_share * fair_print)
    clear = _marks_clear(samples, cfg) | (samples.ink >= cfg.ink_present * cfg.ink_clear_seen)
    stone = np.flatnonzero((best > 0) & (best_lum >= cfg.dark_piece_lum) & clear
                           & (samples.ink >= least) & (samples.foot_ink >= least))
    over = np.zeros(len(best), dtype=bool)
    shown = colour_part(ratio[stone])
    own = np.linalg.norm(shown - colour_part(protos[stone, best[stone] - 1]), axis=1)
    over[stone] = np.linalg.norm(shown, axis=1) < own
    return over


def _over_whole_mark(samples: Samples, best: np.ndarray, lightness: np.ndarray,
                     fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces read as a stone whose core is lighter than its board (``lightness``, by
    ``light_min_lum``) that show their whole mark (at least ``ink_whole_share`` of the
    print round them, ``fair_print``, and at least ``ink_present``), where it lies and at
    the stone's foot, on a board that prints a mark round every space and shows it
    clearly (``_marks_clear``: ONE's circles, which a stone hides in part at the least).
    Bare board lit more than its gaps (a shade over them, seen steeply) reads as a light
    stone by its colour, its whole mark showing; two signs disagree, and the space is
    unsure. (On a full board the stones round a space show no more print than a stone
    does, their dark rims passing for it, and a stone may show its "whole mark": those
    read there are darker than their board, hued stones under daylight.)"""
    if not _marks_clear(samples, cfg):
        return np.zeros(len(best), dtype=bool)
    whole = np.maximum(cfg.ink_present, cfg.ink_whole_share * fair_print)
    return (best > 0) & (lightness >= cfg.light_min_lum) \
        & (samples.ink >= whole) & (samples.foot_ink >= whole)


def _mark_in_part(samples: Samples, fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces that show their printed mark in part: less than ``ink_whole_share`` of
    the print around (``fair_print``), on a board that prints a mark round every space and
    shows it clearly (``_marks_clear``: ONE's circles). Bare board shows its whole circle;
    a stone as wide as its circle leaves the circle's edge showing round it, and a dark
    rim against a lamp's glare, or a glossy stone's shaded edge, passes for a part of
    it. Read empty far from its board's colour, such a space shows two signs that
    disagree. Not on a grid's lines, which blur and glare thin at bare points."""
    if not _marks_clear(samples, cfg):
        return np.zeros(len(samples.ink), dtype=bool)
    return samples.ink < cfg.ink_whole_share * fair_print


def _like_bare_around(samples: Samples, features: np.ndarray, best: np.ndarray,
                      clean: np.ndarray, arm_print: np.ndarray, asked: np.ndarray,
                      cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces, those whose colour against their gaps lies close to the
    surely bare spaces' around them (``bare_around.bare_near``): read empty, one colour,
    their mark shown whole (at least ``ink_whole_share`` of the print round them,
    ``arm_print``), on a board that prints a mark round every space (``_marks_clear``)."""
    if not asked.any() or not _marks_clear(samples, cfg):
        return np.zeros(len(best), dtype=bool)
    bare = (best == 0) & clean & (samples.ink >= cfg.ink_whole_share * arm_print)
    return bare_near(features, bare, samples.around, asked, cfg)


def _board_round(samples: Samples, cfg: Section) -> np.ndarray:
    """The spaces whose gaps show the board's own tint (within ``board_tint`` of the
    board's median, in colour alone: light and shade scale every channel alike). A hand
    or a sleeve over a space covers the board round it too, and what it shows there
    reads as a stone of its colour no more surely than bare board does."""
    return board_tint_off(samples) <= cfg.board_tint


def _covering(samples: Samples, ratio: np.ndarray, protos: np.ndarray, best: np.ndarray,
              cfg: Section) -> np.ndarray:
    """The spaces read as a stone that show none of the mark their board prints round
    every space (``_mark_missing``: ONE's circles) and show that stone's colour part
    (within ``cover_fit_chroma`` of it): something covers the mark, and read empty the
    space would be unsure, so the stone is weighed against the other colours alone
    (``classify_stones`` takes empty's share out of its confidence). Where its colour
    part is not the stone's (a pale red yunzi stone read white by its lightness), the
    doubt is not only whether a stone is there, and empty's share stays."""
    stone = np.flatnonzero((best > 0) & _mark_missing(samples, cfg) & _board_round(samples, cfg))
    covering = np.zeros(len(best), dtype=bool)
    shown = colour_part(ratio[stone]) - colour_part(protos[stone, best[stone] - 1])
    covering[stone] = np.linalg.norm(shown, axis=1) <= cfg.cover_fit_chroma
    return covering


def _sheen_over_hue(samples: Samples, kept: np.ndarray, protos: np.ndarray,
                    ink_logits: np.ndarray, fair_print: np.ndarray, hued: np.ndarray,
                    chosen: np.ndarray, cfg: Section) -> tuple[np.ndarray, np.ndarray]:
    """Of the ``chosen`` spaces (those colour alone leaves unsure), the ones that show a
    glossy stone of a hue of its own (``hued``, by candidate) under its sheen, and each
    one's candidate (0 elsewhere). A lamp's broad sheen adds its own light over a
    coloured stone's face: the lighter part of the core washes toward the light's colour
    and reads as a light neutral stone (white) or as that stone, while the darker part,
    where the sheen is least, still shows the stone's own colour. So where the darker
    quartile (the first of ``shade_percentiles``) reads surely as a stone of a hue of its
    own (``min_confidence``), fits it (``max_distance``) and fits nothing else, and the
    median and the lighter quartile each read surely as that stone or as a light neutral
    one, and the darker quartile's colour part lies nearer that stone's than any neutral
    stone's (against a tinted board a neutral stone's colour part is the board's tint
    turned round: a black stone on red wood looks green), the space shows that stone:
    with no glare in its gaps (``lamp_gap_blown``) nor running over its rim, and, where
    the spaces around show their print clearly (``ink_clear``), its own print hidden as
    a stone hides it (at its foot at most ``ink_faint_share`` of the board's fair print,
    ``fair_print``; among stones, on a board full of them, no print shows around and
    none is asked for). A white stone in
    shade shows no hue; a hand's edge or a piece half on shows the board or skin in its
    darker part, which fits another candidate or none."""
    sheened = np.zeros(len(chosen), dtype=bool)
    hue = np.zeros(len(chosen), dtype=int)
    at = np.flatnonzero(chosen & (samples.open_rays == 0) & _board_round(samples, cfg)
                        & (samples.gap_blown <= cfg.lamp_gap_blown)
                        & ((samples.ink_around < cfg.ink_clear)
                           | (samples.foot_ink <= cfg.ink_faint_share * fair_print)))
    if not hued.any() or not len(at):
        return sheened, hue
    rows = np.arange(len(at))
    lightness = np.concatenate([np.zeros((len(at), 1)), protos[at].mean(axis=2)], axis=1)
    light = ~hued[None, :] & (lightness >= cfg.dark_piece_lum)
    light[:, 0] = False
    ratios = [_log_ratio(masked_percentile(samples.core[at], kept[at], q), samples.board[at],
                         cfg.dark_floor)
              for q in (cfg.shade_percentiles[0], 50, cfg.shade_percentiles[1])]
    darker, *lighter = (_posterior(_split(ratio, cfg.luminance_weight), protos[at],
                                   ink_logits[at], cfg) for ratio in ratios)
    posterior, d2 = darker
    colour = posterior.argmax(axis=1)
    others = d2.copy()
    others[rows, colour] = np.inf
    # Its hue, not only its lightness: a neutral stone's colour part against a tinted
    # board is that board's tint turned round (a black stone on red wood looks green).
    apart = np.linalg.norm(colour_part(ratios[0])[:, None, :] - colour_part(protos[at]), axis=2)
    neutral = np.where(hued[None, 1:], np.inf, apart).min(axis=1)
    sure = hued[colour] & (posterior[rows, colour] >= cfg.min_confidence) \
        & (d2[rows, colour] <= cfg.max_distance ** 2) \
        & (others.min(axis=1) > cfg.max_distance ** 2) \
        & (apart[rows, np.maximum(colour - 1, 0)] < neutral)
    for part, _ in lighter:
        read = part.argmax(axis=1)
        sure &= (part[rows, read] >= cfg.min_confidence) \
            & ((read == colour) | light[rows, read])
    sheened[at] = sure
    hue[at] = np.where(sure, colour, 0)
    return sheened, hue


def _named_over_circle(samples: Samples, kept: np.ndarray, ratio: np.ndarray,
                       protos: np.ndarray, best: np.ndarray, colours: Sequence[str],
                       palette: Section, hued: np.ndarray, darkest: int, surely: np.ndarray,
                       chosen: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``chosen`` spaces (those colour alone leaves unsure), the candidate (0:
    none) of each whose stone covers the circle printed round it (``_mark_missing``,
    the gaps showing the board's own tint, ``_board_round``, its core not blown out past
    ``max_core_blown`` nor its gaps past ``lamp_gap_blown``), named where two readings of
    the hue of its core's darker part agree, its lighter part of that hue or the lamp's
    neutral sheen (``circle_colour.named_over_circle``): under
    the light found, and against the colour part of the white stones this picture shows
    (the ``surely`` read spaces whose ``best`` is the light neutral colour, at least
    ``light_min_stones`` of them). A dark one must show a domed dark stone's rim round
    the hidden circle, far darker than its board (``dark_ring_lum``) and darker than its
    face by ``dark_rim_margin`` (a dark sleeve over a space is as dark all over), and a
    darker part no light stone shows (``light_stone_min_lum``). Never where no colour
    has a hue of its own (Go)."""
    named = np.zeros(len(chosen), dtype=int)
    white = _light_neutral(colours, palette, hued, cfg)
    if white is None:
        return named
    at = np.flatnonzero(chosen & _mark_missing(samples, cfg) & _board_round(samples, cfg)
                        & (samples.core_blown <= cfg.max_core_blown)
                        & (samples.gap_blown <= cfg.lamp_gap_blown))
    whites = surely & (best == white + 1)
    if not len(at) or whites.sum() < cfg.light_min_stones:
        return named
    reference = column_median(colour_part(ratio[whites]))
    darker, lighter = (_log_ratio(masked_percentile(samples.core[at], kept[at], q),
                                  samples.board[at], cfg.dark_floor)
                       for q in cfg.shade_percentiles)
    ring = samples.ring_lift[at]
    dark = (ring < cfg.dark_ring_lum) & (ring < ratio[at].mean(axis=1) - cfg.dark_rim_margin) \
        & (darker.mean(axis=1) < cfg.light_stone_min_lum)
    named[at] = named_over_circle(darker, lighter, protos[at], reference,
                                  paint_spans(colours, palette, white), hued, darkest,
                                  white, dark, cfg)
    return named


def _lifted_dark(samples: Samples, kept: np.ndarray, ratio: np.ndarray, protos: np.ndarray,
                 hued: np.ndarray, darkest: int, hidden: np.ndarray, sure: np.ndarray,
                 best: np.ndarray, asked: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces, those that show the dark piece (``darkest``, its colour
    index; -1: none) lifted by a lamp to a hued stone's lightness
    (``neutral_dark.lifted_dark``): no hue of its own in its core nor in its darker part
    (the first of ``shade_percentiles``), dark, a domed dark stone's rim, and nothing
    over it (the board's tint round it, ``_board_round``; its core not blown out past
    ``max_core_blown``, its gaps not past ``lamp_gap_blown``); or, over the mark it
    hides (``hidden``), nearer that piece's hue by a margin and like the picture's
    ``sure`` stones of it, unlike its sure hued ones (``dark_by_set``; ``best`` what each
    space is read as). None where no colour has a hue of its own or no piece is dark
    (both rules name nothing there). The darker part is taken at the asked spaces alone
    (each row's percentile is its own; the others' rows are nought, their answers
    dropped)."""
    if not hued.any() or darkest < 0:
        return np.zeros(len(ratio), dtype=bool)
    at = np.flatnonzero(asked)
    darker = np.zeros_like(ratio)
    darker[at] = _log_ratio(masked_percentile(samples.core[at], kept[at],
                                              cfg.shade_percentiles[0]),
                            samples.board[at], cfg.dark_floor)
    open_board = _board_round(samples, cfg) & (samples.core_blown <= cfg.max_core_blown) \
        & (samples.gap_blown <= cfg.lamp_gap_blown)
    return asked & (
        lifted_dark(ratio, darker, samples.ring_lift, protos, hued, darkest + 1, open_board, cfg)
        | dark_by_set(ratio, darker, samples.ring_lift, protos, hued, darkest + 1, open_board,
                      hidden, sure, best, cfg))


def _clipped_other_hue(samples: Samples, observed: np.ndarray, ratio: np.ndarray,
                       best: np.ndarray, protos: np.ndarray, surely: np.ndarray,
                       colours: Sequence[str], palette: Section, hued: np.ndarray,
                       cfg: Section) -> np.ndarray:
    """The spaces read as a light stone or one of a hue of its own whose core clips in
    some channels, and whose channels left show a hue no stone of that colour shows
    against the picture's own white stones (the ``surely`` read ones, at least
    ``light_min_stones``; ``clipped_hue``: a clipped channel only ever reads lower than
    it is). Only where a colour has a hue of its own and one light neutral colour is in
    play (ONE's white): Go's stones are told by lightness."""
    white = _light_neutral(colours, palette, hued, cfg)
    if white is None:
        return np.zeros(len(best), dtype=bool)
    whites = surely & (best == white + 1)
    reference = column_median(colour_part(ratio[whites])) \
        if whites.sum() >= cfg.light_min_stones else None
    light_stone = _lightness(protos)[np.arange(len(best)), best] >= cfg.dark_piece_lum
    share = (samples.core >= cfg.white_level).mean(axis=1)
    return clipped_off_hue(observed, share, ratio, np.where(light_stone, best, 0), reference,
                           paint_spans(colours, palette, white), cfg)


def _white_off_hue(ratio: np.ndarray, protos: np.ndarray, best: np.ndarray, read: np.ndarray,
                   colours: Sequence[str], palette: Section, hued: np.ndarray,
                   cfg: Section) -> np.ndarray:
    """The ``read`` spaces (not left unsure) read as the light neutral colour (ONE's
    white) whose hue lies off the median of the lightest stones read so (within
    ``light_group`` of the lightest, at least ``light_min_stones`` of them; else of all of
    them; fewer than ``light_min_stones`` read so, white's prediction, ``protos``, there,
    and only those darker than it by over ``light_group``) and on a hued colour's span
    (``white_hue``). Only where a colour has a hue of its own and one light neutral
    colour is in play: Go's stones are told by lightness."""
    white = _light_neutral(colours, palette, hued, cfg)
    if white is None:
        return np.zeros(len(best), dtype=bool)
    whites = read & (best == white + 1)
    if not whites.any():
        return np.zeros(len(best), dtype=bool)
    if whites.sum() < cfg.light_min_stones:
        # Too few to tell white's colour here: white's prediction under the light found
        # stands for them (a pale yellow stone seen steeply, no white stone beside it).
        # The prediction knows the light less well than white stones show it, so a
        # second sign is asked: darker than white's prediction by more than white stones
        # differ among themselves (``light_group``), as a hued paint is.
        reference = column_median(colour_part(protos[whites, white]))
        whites &= ratio.mean(axis=1) < _lightness(protos)[:, white + 1] - cfg.light_group
    else:
        # White is the lightest paint: a hued stone read white is darker than the white
        # ones.
        lum = ratio.mean(axis=1)
        lightest = whites & (lum >= lum[whites].max() - cfg.light_group)
        shown = lightest if lightest.sum() >= cfg.light_min_stones else whites
        reference = column_median(colour_part(ratio[shown]))
    return hued_white(ratio, whites, reference, paint_spans(colours, palette, white), hued, cfg)


def _lightness(protos: np.ndarray) -> np.ndarray:
    """Each candidate's lightness on each space (N×(1+C)): empty's nought, then each
    colour's foreseen log ratio to its board, averaged over the channels."""
    return np.concatenate([np.zeros((len(protos), 1)), last_mean(protos)], axis=1)


def _light_neutral(colours: Sequence[str], palette: Section, hued: np.ndarray,
                   cfg: Section) -> int | None:
    """The index of the one light neutral colour in play (ONE's white) where some colour
    has a hue of its own; ``None`` elsewhere (Go: no colour has a hue)."""
    level = np.log(cfg.light_piece_level)
    light = [i for i, c in enumerate(colours)
             if np.log(np.array(palette[c], dtype=np.float64)).mean() >= level
             and not hued[i + 1]]
    return light[0] if len(light) == 1 and hued.any() else None


def _neutral_under(samples: Samples, observed: np.ndarray, light: Light, hued: np.ndarray,
                   cfg: Section) -> np.ndarray:
    """The spaces whose core shows a neutral paint under the light: its colour part (the
    sensor's floor, ``dark_floor``, lifting the darkest channels alike) within
    ``cover_fit_chroma`` of the light's colour as the light stones show it, or of the
    board's tint taken as the light's (the two readings of the light the reader weighs).
    Where the gaps are blown out the board's colour is lost, and a piece is told by its
    lightness against the glare alone; a black stone is dark in every channel, while a
    blue glass stone as dark against the glare shows its blue plainly. Every space where
    no colour has a hue of its own (Go)."""
    if not hued.any():
        return np.ones(len(observed), dtype=bool)
    tint = colour_part(np.log(observed + cfg.dark_floor))
    lamp = np.zeros(3) if light.colour is None else light.colour
    return (np.linalg.norm(tint - lamp[None, :], axis=1) <= cfg.cover_fit_chroma) \
        | (np.linalg.norm(tint - board_tint(samples), axis=1) <= cfg.cover_fit_chroma)


def _lit_face(samples: Samples, ratio: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces that show a glossy light stone's face: a highlight blows out part of
    the core (over ``lamp_core_blown``) while the board around is not blown out (the
    gaps at most ``lamp_gap_blown``), and what is left of the core is lighter than its
    board by at least a light stone's least (``light_min_lum``). A shell stone's stripes
    pass for print there, and read empty by that print, the space could be that stone as
    well as a lamp's reflection in glossy bare board no larger than a core."""
    return (samples.core_blown > cfg.lamp_core_blown) \
        & (samples.gap_blown <= cfg.lamp_gap_blown) & (ratio.mean(axis=1) > cfg.light_min_lum)


def _blown_face(samples: Samples, hidden: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``hidden`` spaces (read empty, their print hidden or faint where it shows
    around), those part of whose core a lamp blows out (over ``lamp_core_blown``): a
    glossy stone's lit face. A lamp's reflection in bare board blows out the lines only
    where it lies, and they still show through the rest of the core and the mark disc
    round it; a stone hides them all, and what its highlight leaves of its core is its
    shaded side, which may read as bare board by its colour (a white stone on pale vinyl
    or kaya, 65–75 % of its core blown out, the rest as dark as the board). The picture
    does not tell which stone surely: the space is unsure, not empty."""
    return hidden & (samples.core_blown > cfg.lamp_core_blown)


def _part_hidden(samples: Samples, fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces whose printed mark shows less than ``ink_fair_share`` of the print
    around (``fair_print``), on a board that prints a mark round every space and shows it
    clearly (``_marks_clear``): a white glass stone on white vinyl, narrower than its
    mark's outer edge, hides most of it and leaves a third showing; bare board shows it
    about as well as around. Not on a grid's lines, which blur and glare thin."""
    if not _marks_clear(samples, cfg):
        return np.zeros(len(samples.ink), dtype=bool)
    return (samples.ink < cfg.ink_fair_share * fair_print) \
        & (samples.ink_around > cfg.ink_present)


def _named_as(name: np.ndarray, best: np.ndarray, confidence: np.ndarray,
              covered: np.ndarray, sheened: np.ndarray, hue: np.ndarray, cfg: Section
              ) -> tuple[np.ndarray, ...]:
    """``best``, ``confidence``, ``covered``, ``sheened`` and ``hue`` with each space that
    ``name`` gives a candidate (1 + colour index; 0: none) read as that stone, at
    ``min_confidence``: a rule that names a stone where colour alone left it unsure."""
    at = name > 0
    return (np.where(at, name, best), np.where(at, cfg.min_confidence, confidence),
            covered & ~at, sheened | at, np.where(at, name, hue))


def _log_ratio(colour: np.ndarray, board: np.ndarray, floor: float) -> np.ndarray:
    """Log ratio per channel. ``floor`` (grey levels) stands for the sensor's noise and
    JPEG's colour smear: in the darkest pixels they, not the surface, set the ratio."""
    return np.log(colour + floor) - np.log(board + floor)


def _split(v: np.ndarray, luminance_weight: float) -> np.ndarray:
    """Weight the lightness part of log-ratio vectors (…×3) against their colour part."""
    lum = last_mean(v)[..., None]
    return np.concatenate([(v - lum), lum * np.sqrt(3.0 * luminance_weight)], axis=-1)


def _candidates(samples: Samples, colours: Sequence[str], palette: Section,
                cfg: Section, light: np.ndarray | None = None,
                level: float | None = None) -> np.ndarray:
    """What each stone colour would look like on each space (N×C×3 log ratios): its
    nominal colour under the light that makes this board look as it does, clipped
    where the sensor saturates. ``light`` is the light's colour (log, per channel, its
    mean nought): the board's paint is what is left of its tint (``None``: a white
    light, the whole tint the paint's). ``level`` is how light the board's paint is
    (its lightest channel, 1 for white; ``None``: a typical board, ``board_level``)."""
    board = board_median(samples)
    paint = board * np.exp(-light) if light is not None else board
    level = cfg.board_level if level is None else level
    nominal = paint * (level * 255.0 / max(float(paint.max()), 1.0))
    gains = samples.board / np.maximum(nominal, 1.0)[None, :]
    paints = np.array([palette[colour][::-1] for colour in colours], dtype=np.float64)
    stones = paints.reshape(1, -1, 3) * gains[:, None, :] * cfg.stone_shade
    return _log_ratio(np.minimum(stones, 255.0), samples.board[:, None, :], cfg.dark_floor)


@dataclass(frozen=True)
class Light:
    """What the light stones tell of the light: its ``colour`` (log per channel, mean
    nought; ``None``: white) and how light the board's paint is (``level``, its lightest
    channel, 1 for white; ``None``: a typical board's)."""

    colour: np.ndarray | None
    level: float | None


def _light_colour(samples: Samples, observed: np.ndarray, ratio: np.ndarray,
                  clean: np.ndarray, colours: Sequence[str], palette: Section, cfg: Section
                  ) -> Light:
    """The light's colour (log per channel, mean nought) as this picture's light
    stones show it, and with it how light the board is (``_board_level``), or a white
    light on a typical board where too few show or the game's light pieces are not of
    one neutral colour. A white stone is white paint: whatever colour it shows is
    the light's (a warm lamp, a cold window, a camera's failed white balance), and the
    board's tint is its paint's only for what is left. The stones are told by their
    lightness against the board beside them alone (the mean of the log ratio), which
    the light's colour does not change: every ``clean`` space (no print showing, not
    blown out white, one colour) ``light_min_lum`` lighter than its board counts, if
    its lightness lies nearer the light stone's or the next lightest colour's
    (``_next_lightest``, ONE's yellow) than any other colour's, and within
    ``light_group`` of the lightest of them, and ``light_min_stones`` of them are
    needed. Lightness does not tell a white stone from a yellow one surely (a
    translucent white stone on a dark board is little lighter than a yellow one, and
    how light the board is, which sets the lightness foreseen, is what the white stones
    are to tell), and two lamps tint the stones under each apart: the stones that show
    one light's colour (within ``light_agree`` of each other; where no two do, each
    stone alone) each make two readings of the light, one if they are light stones, one
    if they are of the next lightest colour (where they make several groups, all of
    them together are one more, as light stones: under two lamps, a light between
    theirs). A yellow stone taken for a white one tints every colour in play: the light
    comes out yellow, the yellow stones read white, the black ones blue. Of a group's
    two readings the less coloured light is kept unless the other explains this
    picture's stones better (``_light_fit``) by more than one space that nothing
    explains (``max_distance`` squared); of the groups' readings, the one that explains
    them best; and a white light where it explains them better still by that much (a
    picture whose stones both explain about alike keeps the stones' reading). Light
    stones that fall apart into two runs of lightness are two kinds of stone (a black
    stone a lamp lifts above a dark board): the board's level is read from the lighter
    run where that explains the stones better (``light_order``)."""
    paints = [np.log(np.array(palette[c][::-1], dtype=np.float64)) for c in colours]
    light = [i for i, p in enumerate(paints) if p.mean() >= np.log(cfg.light_piece_level)]
    if len(light) != 1 or np.abs(colour_part(paints[light[0]])).max() > cfg.light_neutral_chroma:
        return Light(None, None)
    lum = ratio.mean(axis=1)
    predicted = last_mean(_candidates(samples, colours, palette, cfg))  # N×C lightness
    nearest = np.abs(predicted - lum[:, None]).argmin(axis=1)
    mistaken = _next_lightest(paints, light[0], cfg)
    pieces = [light[0]] if mistaken is None else [light[0], mistaken]
    lighter = clean & (lum >= cfg.light_min_lum) & np.isin(nearest, pieces)
    chosen = lighter.copy()
    if chosen.any():  # the lightest of them: a yellow lit brighter than foreseen is not
        chosen &= lum >= lum[chosen].max() - cfg.light_group
    if chosen.sum() < cfg.light_min_stones:
        return Light(None, None)
    shows = colour_part(np.log(np.maximum(observed, 1.0))) - colour_part(paints[light[0]])
    shown = shows[chosen]
    # Where no two of them agree, each is a reading of its own: their median would be
    # a white and a yellow stone's mean, no light's colour.
    groups = _colour_groups(shown, cfg) or [np.arange(len(shown)) == k
                                            for k in range(len(shown))]
    # Each group of one colour may be light stones or the next lightest colour's
    # (``_next_lightest``): then the light is what is left of their colour once that
    # colour's paint is taken out. All of them together (under two lamps, a light
    # between theirs) are light stones.
    together = [np.ones(len(shown), dtype=bool)] if len(groups) != 1 else []

    def fit(light: Light) -> float:
        return _light_fit(ratio, clean, _candidates(samples, colours, palette, cfg,
                                                    light.colour, light.level), cfg)

    options = []
    for agree, taken in [(g, pieces) for g in groups] + [(g, [light[0]]) for g in together]:
        colour = column_median(shown[agree])
        stones = lighter & (np.linalg.norm(shows - colour, axis=1) <= cfg.light_agree)
        # Stones far less light than the lightest run of them (``light_order``: a dark
        # stone a lamp lifts on a dark board) do not say how dark the board is, where the
        # run holds most of them and alone explains the stones better by one space that
        # nothing explains.
        run = lightest_run(lum, stones, cfg.light_run_gap)
        cut = cfg.light_min_stones <= run.sum() < stones.sum() \
            and run.sum() >= cfg.light_run_share * stones.sum()
        options.append([])
        for piece in taken:
            tint = colour + colour_part(paints[light[0]]) - colour_part(paints[piece])
            found = Light(tint, _board_level(samples, lum, stones, tint, piece, colours,
                                             palette, cfg))
            if cut:
                lightest = Light(tint, _board_level(samples, lum, run, tint, piece, colours,
                                                    palette, cfg))
                if fit(lightest) + cfg.max_distance ** 2 < fit(found):
                    found = lightest
            options[-1].append(found)
    # A white light is weighed too where a stone of a hue of its own may have been taken
    # for a light one (only black and white in play: the light stones are white).
    hued = any(np.abs(colour_part(p)).max() > cfg.light_neutral_chroma for p in paints)
    if not hued and len(options) == 1 and len(options[0]) == 1:
        return options[0][0]

    # Of a group's readings the less coloured light is kept, unless another explains
    # the stones better by more than one space that nothing explains: each explains its
    # own group alike, by how it was drawn (white stones alone on a board read as yellow
    # ones under a blue light as well as white under a white one).
    readings, fits = [], []
    for group in options:
        scores = [fit(light) for light in group]
        kept = int(np.argmin([np.linalg.norm(light.colour) for light in group]))
        better = int(np.argmin(scores))
        kept = better if scores[better] + cfg.max_distance ** 2 < scores[kept] else kept
        readings.append(group[kept])
        fits.append(scores[kept])
    best = int(np.argmin(fits))
    # A white light must explain the stones better by one space that nothing explains.
    if hued and fit(Light(None, None)) + cfg.max_distance ** 2 <= fits[best]:
        return Light(None, None)
    return readings[best]


def _next_lightest(paints: Sequence[np.ndarray], light: int, cfg: Section) -> int | None:
    """The lightest colour in play after the light neutral one (``light``), of the log
    ``paints``, where it has a hue of its own (``light_neutral_chroma``), else ``None``
    (Go's black). The light stones are told by their lightness alone, and the stones of
    the colour next to white in lightness (ONE's yellow) pass for white ones where a lamp
    lifts them or a dark board lets a white one look little lighter: a group of stones
    of one colour may be either."""
    order = [i for i in np.argsort([-p.mean() for p in paints]) if i != light]
    if not order:
        return None
    hued = np.abs(colour_part(paints[order[0]])).max() > cfg.light_neutral_chroma
    return int(order[0]) if hued else None


def _colour_groups(shown: np.ndarray, cfg: Section) -> list[np.ndarray]:
    """The light stones (K×3 colours) in groups that show one light's colour: the
    stone that the most others lie within ``light_agree`` of, with them, then the same
    among those left, while a group has ``light_min_stones``."""
    agree = last_sum((shown[:, None, :] - shown[None, :, :]) ** 2) <= cfg.light_agree ** 2
    left = np.ones(len(shown), dtype=bool)
    groups = []
    while left.any():
        group = agree[int(((agree & left[None, :]).sum(axis=1) * left).argmax())] & left
        if group.sum() < cfg.light_min_stones:
            break
        groups.append(group)
        left &= ~group
    return groups


def _board_level(samples: Samples, lum: np.ndarray, stones: np.ndarray, colour: np.ndarray,
                 white: int, colours: Sequence[str], palette: Section, cfg: Section) -> float:
    """How light the board's paint is, as the white ``stones`` under a light of
    ``colour`` show it: a white stone is the lightest paint there is, and how much
    lighter than the board beside it it looks tells how dark the board is (a stone of
    any colour looks lighter against a dark wood than against a pale one). Taken where
    the darker of them lie (``board_level_percentile``: a lamp's pool lights some stones
    more than the board beside them), and never lighter than a typical board nor darker
    than the darkest (``board_level_range``): a white stone hardly lighter than a pale
    board is told from it by the print it hides, not by a board taken for white."""
    if not stones.any():
        return cfg.board_level
    nominal = _candidates(samples, colours, palette, cfg, colour)[stones, white].mean(axis=1)
    level = cfg.board_level * np.exp(flat_percentile(nominal - lum[stones],
                                                     cfg.board_level_percentile))
    return float(np.clip(level, *cfg.board_level_range))


def _light_fit(ratio: np.ndarray, clean: np.ndarray, protos: np.ndarray,
               cfg: Section) -> float:
    """How badly a reading of the light (its candidates, ``protos``, N×C×3) leaves
    the ``clean`` spaces explained: the sum of each one's squared distance to its
    nearest candidate under that light, at most ``max_distance`` (a space nothing
    explains counts alike however far it lies: one odd stone must not outweigh many that
    fit). Spaces far darker than any board (``dark_piece_lum``) do not count: a black
    stone shows the sensor's floor and noise more than any light's colour."""
    counted = clean & (ratio.mean(axis=1) >= cfg.dark_piece_lum)
    protos = _split(protos, cfg.luminance_weight)
    features = _split(ratio[counted], cfg.luminance_weight)
    d2 = np.minimum(last_sum(features ** 2),
                    last_sum((features[:, None, :] - protos[counted]) ** 2).min(axis=1))
    return float(np.minimum(d2, cfg.max_distance ** 2).sum())


def _other_light(samples: Samples, ratio: np.ndarray, clean: np.ndarray, protos: np.ndarray,
                 colours: Sequence[str], palette: Section, cfg: Section) -> np.ndarray:
    """The candidates (N×C×3) under the other light a space is read under besides the
    light kept (whose candidates are ``protos``): the board's whole tint taken as the
    light's (a white stone in shade, lit by another lamp, shows the board's tint). Only
    where it explains the ``clean`` spaces about as well as the light kept does
    (``_light_fit``: worse by at most one space that nothing explains, ``max_distance``
    squared): a light that leaves many stones unexplained is no light this picture was
    taken under, and what it reads says nothing (under it a black stone on red wood,
    whose ratio to the board is bluish, reads blue). Elsewhere the other light is the
    light kept."""
    tint = colour_part(np.log(np.maximum(board_median(samples), 1.0)))
    tinted = _candidates(samples, colours, palette, cfg, tint)
    worse = _light_fit(ratio, clean, tinted, cfg) - _light_fit(ratio, clean, protos, cfg)
    return tinted if worse <= cfg.max_distance ** 2 else protos


def _learn_from_scene(ratio: np.ndarray, protos: np.ndarray, sure: np.ndarray,
                      best: np.ndarray, cfg: Section) -> np.ndarray:
    """Move each colour's prediction to where this picture's own surely read stones of
    that colour lie. Stones of one colour are one material under one light, and light
    cancels in the ratio to the board beside them, so they all show the same ratio: what
    the nominal colours cannot know (how light this board really is, the stones' real
    tint and sheen, the camera's curve) the picture shows. The shift is common to all
    spaces, needs ``learn_min_stones`` stones and is limited to ``learn_max_shift``."""
    learned = protos.copy()
    for c in range(protos.shape[1]):
        chosen = sure & (best == c + 1)
        if chosen.sum() < cfg.learn_min_stones:
            continue
        shift = column_median(ratio[chosen] - protos[chosen, c])
        size = float(np.linalg.norm(shift))
        if size > cfg.learn_max_shift:
            shift *= cfg.learn_max_shift / size
        learned[:, c] += shift
    return learned


def _hued(colours: Sequence[str], palette: Section, cfg: Section) -> np.ndarray:
    """Which candidates (empty, then each of ``colours``) have a hue of their own: a
    paint whose colour part is over ``light_neutral_chroma`` (ONE's red, green, blue and
    yellow; not black, white, nor empty)."""
    return np.array([False] + [np.abs(colour_part(np.log(np.array(palette[c], dtype=np.float64))))
                               .max() > cfg.light_neutral_chroma for c in colours])


def _hue_of_another(ratio: np.ndarray, protos: np.ndarray, best: np.ndarray,
                    hued: np.ndarray, cfg: Section) -> np.ndarray:
    """Spaces read as a stone of a hue of its own (red, green, blue, yellow) whose
    colour part lies nearer another candidate's (empty's, or another colour's), and
    spaces read as a light neutral stone (white) whose colour part lies nearer a hued
    colour's. How light a stone looks against its board depends on how dark the board
    is and how translucent the stone, which the picture does not tell surely; its hue
    is its own: a black glass stone on dark wood is as light as a green one, and shows
    no green; a blue yunzi stone on tan vinyl may be as light as a white one, and shows
    blue. A dark piece (below ``dark_piece_lum``) is told by its lightness alone: its
    colour part is the sensor's floor and noise. With black and white alone in play
    (Go) nothing is hued (``hued``, ``_hued``'s answer) and no space is made unsure
    here."""
    if not hued.any():
        return np.zeros(len(best), dtype=bool)
    centres = np.concatenate([np.zeros((len(ratio), 1, 3)), colour_part(protos)], axis=1)
    apart = np.linalg.norm(colour_part(ratio)[:, None, :] - centres, axis=2)
    rows = np.arange(len(best))
    own = apart[rows, best].copy()
    apart[rows, best] = np.inf
    pale = (best > 0) & ~hued[best] & (_lightness(protos)[rows, best] >= cfg.dark_piece_lum)
    rival = np.where(pale, np.where(hued[None, :], apart, np.inf).min(axis=1), apart.min(axis=1))
    return (hued[best] | pale) & (rival < own)


def _posterior(features: np.ndarray, protos: np.ndarray, ink_logits: np.ndarray,
               cfg: Section) -> tuple[np.ndarray, np.ndarray]:
    """Each candidate's share of the likelihood (N×(1+C)) and its distance."""
    centres = np.concatenate([np.zeros((len(features), 1, features.shape[1])),
                              _split(protos, cfg.luminance_weight)], axis=1)
    d2 = last_sum((features[:, None, :] - centres) ** 2)
    logits = -d2 / (2.0 * cfg.sigma**2)
    logits[:, 0] += ink_logits
    logits[:, 1:] -= ink_logits[:, None]
    logits -= logits.max(axis=1, keepdims=True)
    posterior = np.exp(logits)
    posterior /= posterior.sum(axis=1, keepdims=True)
    return posterior, d2


def _shaded_stone(samples: Samples, kept: np.ndarray, uneven: np.ndarray, best: np.ndarray,
                  protos: np.ndarray, ink_logits: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``uneven`` spaces read as a stone whose core is all that stone, only shaded:
    its darker and its lighter quarter (``shade_percentiles``) each read surely as the
    same stone, fit it, and fit no other colour (none within ``max_distance``). A
    domed stone is lighter on the lamp's side, and its core spreads as a piece half on
    its space does; but a piece half on, or a hand's edge, shows the board or skin in one
    of its parts. A quarter that another colour fits as well says nothing of which stone
    it is part of (six colours under a tinted light lie close; so do a white stone's and
    a black one's on a dark board, yet a white stone's quarters lie far from black)."""
    shaded = np.zeros(len(best), dtype=bool)
    chosen = np.flatnonzero(uneven & (best > 0))
    if not len(chosen):
        return shaded
    rows = np.arange(len(chosen))
    sure = np.ones(len(chosen), dtype=bool)
    for q in cfg.shade_percentiles:
        part = masked_percentile(samples.core[chosen], kept[chosen], q)
        ratio = _log_ratio(part, samples.board[chosen], cfg.dark_floor)
        posterior, d2 = _posterior(_split(ratio, cfg.luminance_weight), protos[chosen],
                                   ink_logits[chosen], cfg)
        others = d2[:, 1:].copy()
        others[rows, best[chosen] - 1] = np.inf
        sure &= (posterior.argmax(axis=1) == best[chosen]) \
            & (posterior.max(axis=1) >= cfg.min_confidence) \
            & (d2[rows, best[chosen]] <= cfg.max_distance ** 2) \
            & (others.min(axis=1) > cfg.max_distance ** 2)
    shaded[chosen] = sure
    return shaded


def _light_face_around(samples: Samples, fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces whose core a lamp blows out where the ring around the core still
    shows a light stone's face: enough of the ring not blown out (``ring_min_seen``),
    no print in it (``ring_max_ink`` of its seen pixels) nor where a piece would sit (at
    most ``ink_faint_share`` of the print this board shows, ``fair_print``: a few specks
    of JPEG or of the stone's edge), and not dark (``ring_min_lift``). A lamp's
    reflection in bare board that blows out a core leaves the print running through
    that ring (or blows the ring out too: then nothing tells it from a stone), and a
    glare on a black stone leaves a dark ring."""
    return (samples.ring_seen >= cfg.ring_min_seen) & (samples.ring_ink <= cfg.ring_max_ink) \
        & (samples.ring_lift >= cfg.ring_min_lift) \
        & (samples.foot_ink <= cfg.ink_faint_share * fair_print)


def _shaded_edge(samples: Samples, rays: np.ndarray, chosen: np.ndarray, cfg: Section,
                 one_sided: bool = False) -> np.ndarray:
    """The spaces whose board, just beyond the core out to where the largest stone's rim
    lies (the rays of ``Layout.rays``, off the printed lines), is darker than the board
    around (the gaps) in many directions: a stone standing there shades the board beside
    it (its contact shadow, and its domed side turned from the lamp), in at least
    ``edge_shade_share`` of those rays by ``edge_shade`` (log, in the darkest channel,
    which a white stone's face and a lamp's reflection both lift), and in none of them
    as dark as a dark stone's rim (``dark_ring_lum``): a lamp's reflection that clips a
    black stone's face white leaves its black rim round it, a shade no stone casts. A
    lamp's reflection in bare board only lightens the board round it. With
    ``one_sided``, a rim as dark as that is allowed on one side (``_one_sided``) where
    no such ray grows darker past the stone's rim by more than ``dark_rim_margin``: on a
    white board a white stone's contact shadow is that dark at its foot and fades past
    it, while a dark stone beside a bare point grows far darker toward its own body.
    Looked at only on
    the ``chosen`` spaces (N bool); the others are not shaded."""
    shaded = np.zeros(len(chosen), dtype=bool)
    at = np.flatnonzero(chosen)
    if not len(at):
        return shaded
    angles = np.arange(RAYS) * (2.0 * np.pi / RAYS)
    off_lines = np.abs(np.sin(2.0 * angles)) > cfg.edge_line_clearance
    board = samples.board[at].min(axis=1)[:, None, None]
    along = _log_ratio(np.take(samples.darkest, rays[at][:, off_lines, :]).astype(np.float64),
                       board, cfg.dark_floor)
    own = along[:, :, :max(int(round(cfg.edge_own_share * along.shape[2])), 1)]
    dark = own.min(axis=2) < cfg.dark_ring_lum
    # A shadow is darkest near the stone's foot and fades past its rim; what grows far
    # darker past the rim (``dark_rim_margin``) is a dark stone beside it coming in.
    if one_sided:
        dark_at_foot = dark & (along.min(axis=2) >= own.min(axis=2) - cfg.dark_rim_margin)
        alone = _one_sided(dark_at_foot, cfg) & ~(dark & ~dark_at_foot).any(axis=1)
    else:
        alone = ~dark.any(axis=1)
    shaded[at] = ((along.min(axis=2) < -cfg.edge_shade).mean(axis=1) >= cfg.edge_shade_share) \
        & alone
    return shaded


def _one_sided(dark: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the spaces whose board just beyond the core is as dark as a dark stone's rim
    along the rays ``dark`` marks (N×R bool, R rays set round it in opposite pairs,
    off the printed lines),
    those where that darkness lies on one side only, as a shadow does: in at most
    ``edge_shadow_share`` of the rays, and never on two opposite rays. A stone's contact
    shadow falls on the side away from the lamp, and the board on the lamp's side is lit;
    a dark stone's rim (round a lamp's reflection clipped white over its face, or bare
    board's blurred lines read as a rim) runs all round."""
    opposite = np.roll(dark, dark.shape[1] // 2, axis=1)
    return (dark.mean(axis=1) <= cfg.edge_shadow_share) & ~(dark & opposite).any(axis=1)


def _stone_round_blown_core(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                            chosen: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``chosen`` spaces (read surely as a light stone, its core blown out past the
    ring round it or not) where the picture still shows a stone standing there: no
    print where a piece would sit (at most ``ink_faint_share`` of the print this board
    shows, ``fair_print``: a few specks of JPEG or of the stone's edge), the board's
    colour still seen round it (its gaps blown out at most ``max_gap_blown``: a lamp's
    glare may whiten some of them, but no glare runs from them over the rim, as the core
    is closed), and the board beside it shaded in many directions (``_shaded_edge``). A
    lamp's reflection in bare board leaves the board around it as light or lighter,
    never shaded; where it hides the print as a stone would, that is all that tells
    them. Not where every pixel of the core is clipped white in every channel: nothing
    is left there of the stone's own colour, and a reflection clipped white over a black
    stone's whole face leaves of its rim a grey shade round the disc, as a white stone's
    is. Only on a board whose lines run through its spaces (the rays that follow them
    are left out)."""
    if rays is None or not (samples.ring_seen > 0.0).any():
        return np.zeros(len(samples.ink), dtype=bool)
    standing = chosen & (samples.core_glared < 1.0) \
        & (samples.foot_ink <= cfg.ink_faint_share * fair_print) \
        & (samples.gap_blown <= cfg.max_gap_blown)
    return standing & _shaded_edge(samples, rays, standing, cfg)


def _face_over_mark(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                    chosen: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``chosen`` spaces (read surely as a light stone or one of a hue of its own,
    its core blown out) where a stone's face hides the mark a board prints round every
    space (ONE's circles, a little wider than a core and narrower than any stone; no line
    runs through the ring there, none of it is ``ring_seen``): the spaces around show
    that mark clearly (``ink_clear``), this one shows none of it where a piece would sit
    (at most ``ink_faint_share`` of the board's fair print, ``fair_print``: a few specks
    of JPEG or of the stone's edge), its gaps are not blown out (``max_gap_blown``), and
    at the mark's radius (the inner ``face_share`` of each ray of ``Layout.rays``, on the
    smallest stone) at least ``face_rays`` of the rays are not clipped white in every
    channel (``white_level``). A lamp's reflection in bare board no wider than the mark
    leaves the mark showing round it; one wider blows the mark out white all round; a
    stone's face is white at most on its lamp's side. Not where every pixel of the core
    is clipped white (nothing of the stone's own colour is left there to read: a
    reflection over a black stone's face reads white)."""
    face = np.zeros(len(chosen), dtype=bool)
    if rays is None or (samples.ring_seen > 0.0).any():  # lines run through the spaces
        return face
    at = np.flatnonzero(chosen & (samples.core_glared < 1.0) & _board_round(samples, cfg)
                        & (samples.ink_around >= cfg.ink_clear)
                        & (samples.foot_ink <= cfg.ink_faint_share * fair_print)
                        & (samples.gap_blown <= cfg.max_gap_blown))
    if not len(at):
        return face
    inner = rays[at][:, :, :max(int(round(cfg.face_share * rays.shape[2])), 1)]
    white = (np.take(samples.darkest, inner) >= cfg.white_level).any(axis=2)
    face[at] = (~white).mean(axis=1) >= cfg.face_rays
    return face


def _face_past_core(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                    chosen: np.ndarray, cfg: Section, rim: np.ndarray | None = None
                    ) -> np.ndarray:
    """The ``chosen`` spaces (read surely as a light stone, its core blown out) where a
    domed stone's face shows round the core the lamp blows out, and ends at a rim. Past
    the core, out to the smallest stone's rim (the ray's samples in its inner
    ``face_past_share``, less the first, at the core's own edge), the board view is
    lighter than its board by a light stone's least (``light_min_lum``, log, in the
    darkest channel) yet not white (``white_level``) in at least ``face_rays`` of the
    rays: the light falls off toward the rim as a dome turned from the lamp does, and
    no print shows there; and beyond the largest stone's rim (each ray's last sample)
    the board shows again, no lighter than that, in at least ``face_rays`` of them (the
    others may run into the stones beside it). Its gaps show no lamp's reflection
    (``clipped_gaps.no_lamp_in_gaps``: blown out at most ``lamp_gap_blown``, or white at
    most that where a light clips the board in a channel), its foot shows no print (at
    most ``ink_faint_share`` of the board's fair print, ``fair_print``), some of its core
    is not white in every channel (a stone shows its own colour somewhere), and no
    printed line runs across its face (``_lines_across``), but where they show on one
    side only, the line beyond a stone that leans off its point
    (``lines_one_side.leaning_face``; ``rim``: the board's outermost spaces, N bool, where
    that is not asked). A lamp's reflection in bare
    board is white at its heart out to its edge, where the board and its lines start;
    its halo, where it has one, runs on past any stone's rim over the gaps, or, on a
    small one, lifts the print with the board, and the lines still show across it. Only
    on a board whose lines run through its spaces (``ring_seen`` somewhere)."""
    face = np.zeros(len(chosen), dtype=bool)
    if rays is None or not (samples.ring_seen > 0.0).any():
        return face
    at = np.flatnonzero(chosen & (samples.core_glared < 1.0)
                        & no_lamp_in_gaps(samples.gap_blown, samples.gap_glared, cfg)
                        & (samples.foot_ink <= cfg.ink_faint_share * fair_print))
    if not len(at):
        return face
    seen = np.take(samples.darkest, rays[at])
    lift = _log_ratio(seen.astype(np.float64), samples.board[at].min(axis=1)[:, None, None],
                      cfg.dark_floor)
    reach = max(int(round(cfg.face_past_share * rays.shape[2])), 2)
    lit = (lift[:, :, 1:reach] >= cfg.light_min_lum) & (seen[:, :, 1:reach] < cfg.white_level)
    ends = lift[:, :, -1] < cfg.light_min_lum
    across = _lines_across(seen[:, :, 1], samples, cfg)
    on_rim = np.zeros(len(at), dtype=bool) if rim is None else rim[at]
    across &= ~leaning_face(line_dips(seen[:, :, 1], samples.print_mark, cfg),
                            samples.core_glared[at], on_rim, cfg)
    face[at] = (lit.all(axis=2).mean(axis=1) >= cfg.face_rays) \
        & (ends.mean(axis=1) >= cfg.face_rays) & ~across
    return face


def _lines_across(seen: np.ndarray, samples: Samples, cfg: Section) -> np.ndarray:
    """Of the spaces whose rays show ``seen`` (N×RAYS, the view's darkest channel one
    sample past the core's edge, within the smallest stone however it leans), those whose
    printed lines run across there: on at least two of the rays along the space's lines
    (``edge_line_clearance``: 0°, 90°, 180°, 270°) it is darker than the two rays beside
    it by the print's mark (``print_mark``, a share of their lightness). A lamp's
    reflection in bare board lifts the print with the board, and the lines still show
    across it, darker than the light either side; a stone's face hides them, and its
    shading turns slowly round it."""
    return line_dips(seen, samples.print_mark, cfg).sum(axis=1) >= 2


def _stone_left(samples: Samples, best: np.ndarray, confidence: np.ndarray,
                nearest: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces whose core a glare leaves in part (``max_core_blown`` or less of it
    white) where that part reads surely as a stone (``min_confidence``, within
    ``max_distance``): a white stone's face clipped where it meets a glare on the board
    beside it still shows a white stone's colour past the white, which a lamp's
    reflection in bare board does not make surely (``go-more/cornersnumbered.jpg`` made
    ×1.5: C17, D17)."""
    return (best > 0) & (samples.core_glared <= cfg.max_core_blown) \
        & (confidence >= cfg.min_confidence) & (nearest <= cfg.max_distance)


def _glare_beside(samples: Samples, cfg: Section) -> np.ndarray:
    """The spaces whose gaps show a lamp's reflection white (every channel clipped) in at
    least ``lamp_gap_blown`` of their pixels: a reflection that runs from the board into
    the core lies in the gaps too. A board clipped in one channel only (a warm wood made
    brighter, its red clipped) is no reflection, and a white stone's clipped face that
    meets it through the gap between its neighbours is no reflection's either
    (``go-more/cornersnumbered.jpg`` made brighter: Q17, R17, no white pixel in their
    gaps). Where the gaps' glare was not looked at (``gap_glared`` ``None``), every space."""
    if samples.gap_glared is None:
        return np.ones(len(samples.open_rays), dtype=bool)
    return samples.gap_glared >= cfg.lamp_gap_blown


def _part_printed(samples: Samples, asked: np.ndarray, fair_print: np.ndarray,
                  arm_print: np.ndarray, lightness: np.ndarray, inked: bool, gridded: bool,
                  cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (read empty, a stone's tint), those that show more print
    than a stone's edge leaves (``ink_faint_share`` of ``fair_print``) and less than bare
    board shows (``ink_fair_share`` of ``arm_print``, and ``ink_present``), lighter than
    their board, where the board's print shows (``inked``):
    ``print_at_stone.part_printed``."""
    if not inked:
        return np.zeros(len(asked), dtype=bool)
    return part_printed(asked, samples.ink, cfg.ink_faint_share * fair_print,
                        np.maximum(cfg.ink_present, cfg.ink_fair_share * arm_print),
                        lightness, gridded)


def _lines_cut_short(samples: Samples, rays: np.ndarray | None, asked: np.ndarray,
                     gridded: bool, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (read empty by the print they show, a stone's tint),
    those whose printed lines do not run on just past the core
    (``print_at_stone.lines_cut_short``; not looked at where ``rays`` are not given)."""
    if rays is None or not asked.any():
        return np.zeros(len(asked), dtype=bool)
    across = np.ones(len(asked), dtype=bool)
    at = np.flatnonzero(asked)
    across[at] = _lines_across(np.take(samples.darkest, rays[at])[:, :, 1], samples, cfg)
    return lines_cut_short(asked, across, gridded)


def _printed_foot(samples: Samples, d2: np.ndarray, best: np.ndarray,
                  rim: np.ndarray | None, cfg: Section) -> np.ndarray:
    """The spaces on the board's rim read as a stone by missing print alone (by colour
    nearer bare board than that stone: ``d2``, each candidate's distance) whose foot
    shows print (``ink_present``): the print is missing only where the piece would lean.
    A stone's foot stands over its point, its base wider than the disc print is looked
    for in; the leaning sample of a space on the rim may lie over the board's margin,
    where nothing is printed (an empty corner point at the far side of a board seen from
    35°, its L in the foot's disc and none in the leaning one, read white on white
    vinyl). The picture does not tell which: the space is unsure, and still leans."""
    if rim is None:
        return np.zeros(len(best), dtype=bool)
    rows = np.arange(len(best))
    return rim & (best > 0) & (d2[:, 0] < d2[rows, best]) \
        & (samples.foot_ink >= cfg.ink_present) & (samples.ink < cfg.ink_present)


def _stone_in_board_colour(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                           chosen: np.ndarray, cfg: Section) -> np.ndarray:
    """The ``chosen`` spaces where a stone the board's own colour stands (a white stone on
    a pale board, which colour hardly tells from it): the print clearly shown round the space
    (``ink_clear`` at the spaces around) is hidden where a piece would sit (at most
    ``ink_faint_share`` of the board's fair print) and where the space's lines cross the
    ring round its core (at least ``ring_min_seen`` of them seen, at most
    ``ring_max_ink`` print, or print there that is no cross: ``_one_arm_at_most``), and
    the board beside it is shaded as a standing stone shades it (``_shaded_edge``, its
    gaps not blown out). Bare board shows its lines there, and a flat thing over it
    casts no shade at its edge."""
    if rays is None:
        return np.zeros(len(samples.ink), dtype=bool)
    standing = chosen & (samples.ink_around >= cfg.ink_clear) \
        & (samples.foot_ink <= cfg.ink_faint_share * fair_print) \
        & (samples.ring_seen >= cfg.ring_min_seen) & (samples.gap_blown <= cfg.lamp_gap_blown)
    inked = standing & (samples.ring_ink > cfg.ring_max_ink)
    standing &= ~inked | _one_arm_at_most(samples, rays, inked, cfg)
    return standing & _shaded_edge(samples, rays, standing, cfg, one_sided=True)


def _one_arm_at_most(samples: Samples, rays: np.ndarray, chosen: np.ndarray, cfg: Section
                     ) -> np.ndarray:
    """Of the ``chosen`` spaces (N bool), whose ring round the core shows some print on
    the space's lines (``ring_ink`` over ``ring_max_ink``), those where that print is
    no cross: at the core's edge (each ray's first sample, 0.3 pitch) at most one of
    the four rays along the space's lines is darker than the rays either side of it
    (``_lines_across`` asks two). Bare board's lines run across the ring in every
    direction they leave the space (three on the board's edge); a stone standing a
    little off its point (set so, or leaning, seen from low) uncovers at most the one
    line on the side it leans away from, and its own shaded edge turns round it, as
    dark beside a line as on it. The others are not looked at."""
    few = np.zeros(len(chosen), dtype=bool)
    at = np.flatnonzero(chosen)
    if len(at):
        few[at] = ~_lines_across(np.take(samples.darkest, rays[at][:, :, 0]), samples, cfg)
    return few


def _light_stone_unclear(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                         chosen: np.ndarray, rim: np.ndarray | None, cfg: Section
                         ) -> np.ndarray:
    """Of the ``chosen`` spaces (read as a light stone, but not surely: its colour lies
    between the board's and the stone's, as a translucent white glass stone on white
    vinyl, or any white stone dimmed by its own shade, does), those a standing stone
    covers (``_stone_in_board_colour``): the print that shows clearly round the space
    is hidden at its foot and on the lines across the ring round its core, and the
    board beside it is shaded as a raised stone shades it. Colour already leans to the
    stone there; what is hidden and the shade make it sure: bare board among stones,
    however they shade it, shows its lines. Not on the rim, whose print is weaker than
    around it anyway. A hand over a white board can pass (pale skin leans white, hides
    the print and shades the board at its edge): such a picture is flagged occluded by
    the spaces round it, not by these."""
    if rim is not None:
        chosen = chosen & ~rim
    return _stone_in_board_colour(samples, rays, fair_print, chosen, cfg)


def _lightest(colours: Sequence[str], palette: Section, hued: np.ndarray) -> int | None:
    """The candidate index (1-based, after ``empty``) of the lightest colour in play where
    no colour has a hue of its own (Go's white); ``None`` elsewhere."""
    if hued.any():
        return None
    levels = [np.log(np.array(palette[c], dtype=np.float64)).mean() for c in colours]
    return int(np.argmax(levels)) + 1


def _glass_in_board_colour(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                           best: np.ndarray, confidence: np.ndarray, blown_face: np.ndarray,
                           seen_as: np.ndarray, light: int | None, open_: np.ndarray,
                           rim: np.ndarray | None, arms: np.ndarray | None, cfg: Section
                           ) -> np.ndarray:
    """The spaces where a glossy light stone of its board's colour stands (white glass
    on white vinyl under a tinted lamp): of the ``open_`` spaces (no other rule against),
    those whose colour leans to the lightest stone ``light`` without reading it surely
    (under ``min_confidence``), or reads bare board with a lamp's highlight on the core
    (``blown_face``: a glossy face, or a reflection in bare board); no reading of the light
    (another share of the gaps, the board's tint as the light's: ``seen_as``, C×N) surely
    another colour; and where the picture shows a stone standing there
    (``_light_stone_unclear``): the print that shows clearly around hidden at its foot and
    across the ring round its core, and the board beside it shaded as a raised stone
    shades it. On the board's edge (``rim``), whose T shows less print than a cross, a
    third sign is asked: a glossy stone's highlight on the core alone (more of the core
    blown out than ``lamp_core_blown``, no more of the gaps), or a colour that leans to
    the stone where the print shows clearly round it (``edge_print_clear``: glass turned
    from the lamp shows no highlight; a bare edge point of a low-contrast photo leans to
    white too, but the print it hides barely shows round it); not in a corner (``arms``,
    a share of a cross's printed arms, at most a half there: a bare L has the margin on
    two sides). A reflection in bare
    board leaves the lines running through the ring and casts no shade; a colour leaning
    to a dark stone is not asked about. A hand's pale skin can pass as well
    (``hand_like``). Go only (no colour with a hue of its own: ``light`` is ``None``
    elsewhere)."""
    if light is None:
        return np.zeros(len(best), dtype=bool)
    leaning = ((best == light) & (confidence < cfg.min_confidence)) | blown_face
    other = np.delete(seen_as, light - 1, axis=0).any(axis=0)
    chosen = open_ & leaning & ~other
    glass = _light_stone_unclear(samples, rays, fair_print, chosen, rim, cfg)
    if rim is None:
        return glass
    glossy = (samples.core_blown > cfg.lamp_core_blown) \
        & (samples.gap_blown <= cfg.lamp_gap_blown)
    leans = (best == light) & (samples.ink_around >= cfg.edge_print_clear)
    edge = chosen & rim & (glossy | leans) & (arms > 0.5 if arms is not None else True)
    return glass | _stone_in_board_colour(samples, rays, fair_print, edge, cfg)


def _dark_stone_lighter(ratio: np.ndarray, protos: np.ndarray, best: np.ndarray,
                        confidence: np.ndarray, samples: Samples, cfg: Section) -> np.ndarray:
    """The spaces read surely as a piece far darker than any board (``dark_piece_lum``)
    that fit it by their colour (within ``dark_fit_chroma`` of its tint) and lie much
    darker than their board (at least ``dark_fit_share`` of the way to that piece's
    lightness), with no print showing where the piece sits and the board's colour seen
    round it (no more of the gaps blown out than ``lamp_gap_blown``), but lighter than
    foreseen: a frosted or matt black stone, or one under a lamp that lifts its face, is
    a black stone all the same. A hand or a sleeve in shadow is as dark, of another tint."""
    stone = best > 0
    chosen = protos[np.arange(len(best)), np.maximum(best - 1, 0)]
    lum = ratio.mean(axis=1)
    tint = np.linalg.norm(colour_part(ratio) - colour_part(chosen), axis=1)
    return stone & (chosen.mean(axis=1) < cfg.dark_piece_lum) \
        & (confidence >= cfg.min_confidence) & (tint <= cfg.dark_fit_chroma) \
        & (lum <= cfg.dark_fit_share * chosen.mean(axis=1)) & (samples.ink < cfg.ink_present) \
        & (samples.gap_blown <= cfg.lamp_gap_blown)


def _like_dark_set(ratio: np.ndarray, protos: np.ndarray, samples: Samples,
                   fair_print: np.ndarray, spread: np.ndarray, darkest: int,
                   sure_stone: np.ndarray, best: np.ndarray, asked: np.ndarray,
                   cfg: Section) -> np.ndarray:
    """The ``asked`` spaces that show the piece far darker than any board (``darkest``;
    -1: none in play), lighter than foreseen yet like this picture's sure ones
    (``dark_set.like_dark_set``)."""
    if darkest < 0:
        return np.zeros(len(best), dtype=bool)
    return like_dark_set(ratio, protos[:, darkest], samples, fair_print, spread,
                         sure_stone & (best == darkest + 1), asked, cfg)


def _darker_than_light_stones(ratio: np.ndarray, colours: Sequence[str], palette: Section,
                              cfg: Section) -> np.ndarray:
    """The spaces darker than their board by more than a light stone lit as its board
    is can be (``light_stone_min_lum``, log): a white stone is the lightest paint there
    is, and its domed core shows at least ``stone_shade`` of it, so against any board,
    even a white one, it is at most a few percent darker. Only where every colour in play
    is a light neutral (``light_piece_level``) or far darker than any board
    (``dark_piece_lum``), as Go's two are: a space that dark is then no light stone, and
    one of the dark colour is far darker still. Elsewhere (ONE's red or green may be a
    little darker than a pale board) no space is."""
    levels = [float(np.mean(palette[c])) for c in colours]
    two_ends = all(level >= cfg.light_piece_level
                   or np.log(level / (cfg.board_level * 255.0)) < cfg.dark_piece_lum
                   for level in levels)
    if not two_ends:
        return np.zeros(len(ratio), dtype=bool)
    return ratio.mean(axis=1) < cfg.light_stone_min_lum


def _paintcolour_part(samples: Samples, colour: str, light: Light, palette: Section) -> np.ndarray:
    """The colour part (3) of the log ratio a piece of ``colour`` shows against this
    board under the light (``Light.colour``; ``None``: white) where no sensor floor
    greys it: its paint's colour part less the board paint's. A lamp that lifts a dark
    stone's face lifts it clear of that floor, and it shows its paint's tint against
    the board's."""
    board = np.log(np.maximum(board_median(samples), 1.0))
    paint = colour_part(board) - (light.colour if light.colour is not None else 0.0)
    return colour_part(np.log(np.array(palette[colour][::-1], dtype=np.float64))) - paint


def _dark_rim(ratio: np.ndarray, protos: np.ndarray, samples: Samples, print_shows: np.ndarray,
              light: Light, colours: Sequence[str], palette: Section, cfg: Section
              ) -> tuple[np.ndarray, int]:
    """The spaces that show a piece far darker than any board (``dark_piece_lum``) by its
    rim, and that piece's index (-1: none in play). A domed dark stone's rim, seen at a
    slant, is darker than its face, which a lamp lifts (a frosted black stone's face may
    come out little darker than a dark bamboo board and read empty by its colour): the
    ring round the core, off the printed lines, far darker than any board
    (``dark_rim_lum``, under half the board's lightness: no lamp's fall-off dims a board
    that much within a pitch) and darker than the core by ``dark_rim_margin``, round a
    core darker than its board, with no print where a piece would sit as the board shows
    it around (``print_shows``: a stone's blurred rim leaves a few dark specks), and the
    core of that piece's tint (``dark_fit_chroma``: a hand or a sleeve in shade is as
    dark, of another tint): between the tint foreseen for it, where the sensor's floor
    greys it, and its paint's under this light against this board (``_paint_chroma``),
    where a lamp lifts it clear of that floor. Bare board in a soft shadow is dimmed
    alike over core and ring, and its print shows. Not on a board that prints a ring
    round each space (no line crosses the ring, none of it is ``ring_seen``)."""
    paints = np.log([np.mean(palette[c]) / (cfg.board_level * 255.0) for c in colours])
    darkest = int(np.argmin(paints))
    if paints[darkest] >= cfg.dark_piece_lum:  # no paint far darker than a typical board
        return np.zeros(len(ratio), dtype=bool), -1
    core = ratio.mean(axis=1)
    tint = _dark_tint(ratio, protos[:, darkest],
                      _paintcolour_part(samples, colours[darkest], light, palette))
    rimmed = (samples.ring_seen > 0.0) & (samples.ring_lift < cfg.dark_rim_lum) \
        & (samples.ring_lift < core - cfg.dark_rim_margin) & (core < 0.0) \
        & ~print_shows & (tint <= cfg.dark_fit_chroma)
    return rimmed, darkest


def _dark_tint(ratio: np.ndarray, dark: np.ndarray, paint: np.ndarray) -> np.ndarray:
    """How far (N) the colour part of each space's log ratio (``ratio``, N×3) lies from
    the tints a piece far darker than any board may show there: between the tint
    foreseen for it (``dark``, N×3, where the sensor's floor greys it) and its paint's
    under this light against this board (``paint``, 3: ``_paint_chroma``, where a lamp
    lifts it clear of that floor). A neutral dark stone against a tinted board shows
    that board's tint turned round (a black stone on red wood looks blue-green); a hand
    or a sleeve in shade, as dark, shows a tint of its own."""
    floored = colour_part(dark)
    way = paint[None, :] - floored
    shown = colour_part(ratio) - floored
    along = np.clip((shown * way).sum(axis=1) / np.maximum((way ** 2).sum(axis=1), 1e-9), 0, 1)
    return np.linalg.norm(shown - along[:, None] * way, axis=1)


def _dark_under_sheen(samples: Samples, kept: np.ndarray, protos: np.ndarray,
                      fair_print: np.ndarray, light: Light, darkest: int,
                      colours: Sequence[str], palette: Section, chosen: np.ndarray,
                      cfg: Section) -> np.ndarray:
    """Of the ``chosen`` spaces (those colour alone leaves unsure), the ones that show a
    glossy dark stone (of the piece far darker than any board, ``darkest``; -1: none in
    play) whose sheen lifts much of its face toward its board's lightness. A lamp's broad
    highlight on a black glass or yunzi stone covers more of its core than a highlight
    set aside can (``sampling.sheen``), and on a dark board (red wood) what is left reads
    nearly as light as the board: empty by its colour, or uneven. Yet the stone stands
    there: the print that shows round the space (``fair_print``, at least ``ink_clear``)
    is hidden at its foot (at most ``ink_faint_share`` of it); the ring round its core,
    off the printed lines, is far darker than its board (``dark_ring_lum``: the stone's
    rim, which the highlight does not reach; bare board's ring is its board's colour, and
    a shade over it leaves its print); the darker part of its core (the first of
    ``shade_percentiles``), where the sheen is least, is darker than any light stone lit
    as its board is (``light_stone_min_lum``) and of a dark neutral stone's tint against
    this board (``_dark_tint``, within ``dark_fit_chroma``); and the board round it shows
    its own tint, not blown out (``_board_round``, ``lamp_gap_blown``): a hand or a sleeve
    over a space covers the board round it too, and skin is of a tint of its own. The
    sheen lifts the face; it does not blow it out: not where a lamp blows out part of the
    core (over ``lamp_core_blown``). A black stone's clipped highlight is small and set
    aside (``sampling.sheen``), and one whose rim is far darker still is ``_dark_rim``'s;
    a core blown out in part beside a shaded part is a light stone's lit face beside its
    shaded side, which shows every other sign here (a neutral stone, its shade and rim
    dark, its print hidden). The live loop asks the look-free reader about a space the
    learned look is unsure of mainly where its core is blown out (``LearnedLook.classify``):
    a stone just set there, whose picture changed, so that nothing held it empty. A face,
    sheen and all, that shows the board's tint turned round (``turned_round``, at least
    ``cover_fit_chroma``: a neutral stone and the lamp's highlight on it, where bare board
    in any shade shows none) stands in for the hidden print: print at the foot that does
    not show as it shows around (under ``ink_fair_share`` of it) is allowed there. Not on
    a board that prints a ring round each space (no line crosses the ring there, and none
    of it is ``ring_seen``)."""
    lifted = np.zeros(len(chosen), dtype=bool)
    if darkest < 0:
        return lifted
    at = np.flatnonzero(chosen & (samples.ring_seen > 0.0)
                        & (samples.ring_lift < cfg.dark_ring_lum)
                        & (fair_print >= cfg.ink_clear)
                        & (samples.foot_ink < cfg.ink_fair_share * fair_print)
                        & (samples.gap_blown <= cfg.lamp_gap_blown)
                        & (samples.core_blown <= cfg.lamp_core_blown) & _board_round(samples, cfg))
    if not len(at):
        return lifted
    darker = _log_ratio(masked_percentile(samples.core[at], kept[at], cfg.shade_percentiles[0]),
                        samples.board[at], cfg.dark_floor)
    tint = _dark_tint(darker, protos[at, darkest],
                      _paintcolour_part(samples, colours[darkest], light, palette))
    # A face, sheen and all, neutral against a tinted board (``turned_round``) allows a
    # little print at the foot (not as the print shows around it: the line beyond the
    # stone seen from low, the highlight's edge). The rim far darker than the board stays:
    # a white stone in shade is neutral too, and its rim only a little darker.
    face = _log_ratio(masked_percentile(samples.core[at], kept[at], cfg.core_percentile),
                      samples.board[at], cfg.dark_floor)
    hidden = (samples.foot_ink[at] <= cfg.ink_faint_share * fair_print[at]) \
        | (turned_round(face, samples.board[at]) >= cfg.cover_fit_chroma)
    lifted[at] = (darker.mean(axis=1) < cfg.light_stone_min_lum) & (tint <= cfg.dark_fit_chroma) \
        & hidden
    return lifted


def _lit_bare(best: np.ndarray, nearest: np.ndarray, samples: Samples, inked: bool,
              fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces read empty whose core lies close to its board's colour
    (``max_lit_distance``), where the board's print does not say otherwise: the darker
    share of their gaps does not make them unsure. Between the stones of a game that
    share is the stones' own soft contact shadows and, on a board of neutral tint (white
    paper, pale wood, bamboo), their dark edges, which the board's tint does not set
    apart: it is no shade over the core. A white stone is lighter than its board
    (``light_min_lum``) unless a shade lies over it, and seldom then as light as the lit
    board beside it in lightness and tint alike. But a stone of the board's own colour
    (white glass on white vinyl) is that close to it, and its own contact shadow darkens
    the gaps round it: where the board's print shows (``inked``), a space that shows a
    fifth or less of it (``ink_faint_share`` of ``fair_print``, as a stone's edge does)
    while it shows clearly around (``ink_clear``), rim or not, keeps the darker share's
    reading."""
    faint = inked & (samples.ink < cfg.ink_faint_share * fair_print) \
        & (samples.ink_around >= cfg.ink_clear)
    return (best == 0) & (nearest <= cfg.max_lit_distance) & ~faint


def _print_through(samples: Samples, kept: np.ndarray, ratio: np.ndarray,
                   fair_print: np.ndarray, asked: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (those the rules below would make unsure), the ones whose
    print runs through the core and out over the ring where a stone's rim would lie, with
    bare board between its lines: bare board, however far from its board's colour the
    lines make the core. A grid's lines wider than the closing takes away (over a
    millimetre, blurred by a webcam) stay in the core and make it darker and greyer than
    its board; yet they show where a piece would sit (at least
    ``ink_through_share`` of the print the board shows, ``fair_print``) and on the ring's
    lines (more than ``ring_max_ink``, a light stone's few specks), the ring is not dark
    (``dark_ring_lum``: a dark stone's rim), the core is darker than its board (a light
    stone is lighter), and its lightest part (the ``through_percentile`` of its kept
    pixels), the board between the lines, is the board's colour (``max_empty_distance``):
    a dark stone of little contrast is dark all over, and shows its own tint. Not where
    a lamp blows out part of the core (over ``lamp_core_blown``): a white stone's lit
    face blown out beside its shaded side, seen from low with the line beyond it showing
    through its ring, is as dark and as lined (``go-more/basic.jpg`` at 640 pixels, M17).
    Not on a board that prints a ring round each space (no line crosses the ring there,
    and none of it is ``ring_seen``)."""
    lined = asked & (samples.ring_seen > 0.0) & (samples.ink >= cfg.ink_present) \
        & (samples.ink >= cfg.ink_through_share * fair_print) \
        & (samples.ring_ink > cfg.ring_max_ink) & (samples.ring_lift >= cfg.dark_ring_lum) \
        & (ratio.mean(axis=1) < 0.0) & (samples.core_blown <= cfg.lamp_core_blown)
    chosen = np.flatnonzero(lined)
    if len(chosen):
        lightest = masked_percentile(samples.core[chosen], kept[chosen], cfg.through_percentile)
        between = _log_ratio(lightest, samples.board[chosen], cfg.dark_floor)
        lined[chosen] = np.linalg.norm(_split(between, cfg.luminance_weight), axis=1) \
            <= cfg.max_empty_distance
    return lined


def _bare_print(samples: Samples, fair_print: np.ndarray, arms: np.ndarray | None
                ) -> np.ndarray:
    """The print bare board shows at each space where the board shows ``fair_print`` at
    a cross: ``arms`` of it (a T on the board's edge three quarters, an L in a corner
    half), on a board whose lines run through its spaces (``ring_seen`` somewhere);
    elsewhere (ONE's printed rings, or ``arms`` not given) ``fair_print`` itself. A
    stone hides its print whatever the board prints there."""
    if arms is None or not (samples.ring_seen > 0.0).any():
        return fair_print
    return fair_print * arms


def _light_sets(unsure: np.ndarray, best: np.ndarray, confidence: np.ndarray,
                clean: np.ndarray, bare: np.ndarray, light: int | None, cfg: Section
                ) -> tuple[np.ndarray, np.ndarray]:
    """The spaces read surely (``learn_confidence``, ``clean``, not unsure) as the lightest
    stone ``light`` and as bare board (not by a glare, ``bare``): what this picture shows
    its light stones and its bare board look like (none where ``light`` is ``None``)."""
    sure = ~unsure & clean & (confidence >= cfg.learn_confidence)
    if light is None:
        return np.zeros_like(sure), np.zeros_like(sure)
    return sure & (best == light), sure & (best == 0) & ~bare


def _like_light_set(ratio: np.ndarray, samples: Samples, fair_print: np.ndarray,
                    rules: Sequence[np.ndarray], unsure: np.ndarray, best: np.ndarray,
                    sure_light: np.ndarray, read_light: np.ndarray, sure_bare: np.ndarray,
                    light: int | None, rim: np.ndarray | None, arms: np.ndarray | None,
                    cfg: Section) -> np.ndarray:
    """The spaces read as the lightest stone ``light`` and left unsure by no rule but
    that it is not clearly best or its colour is like its board's (``rules``, the first
    of ``UNSURE_RULES``, in its order), that ``light_set.like_light_set`` names that stone:
    its print hidden, its colour its set's in this picture (``sure_light``, or where few
    are, ``read_light``: ``light_set.light_refs``), apart from its bare board's
    (``sure_bare``). Go only (``light`` is ``None`` elsewhere)."""
    if light is None:
        return np.zeros(len(best), dtype=bool)
    doubts = {"not clearly best", "stone colour like the board's"}
    others = np.any([rule for name, rule in zip(UNSURE_RULES[:len(rules)], rules, strict=True)
                     if name not in doubts], axis=0)
    asked = unsure & (best == light) & ~others
    return like_light_set(ratio, samples, fair_print, light_refs(sure_light, read_light, cfg),
                          sure_bare, asked, rim, arms, cfg)


def _white_in_shade(samples: Samples, ratio: np.ndarray, protos: np.ndarray, best: np.ndarray,
                    rays: np.ndarray | None, fair_print: np.ndarray, rim: np.ndarray | None,
                    inked: bool, hued: np.ndarray, asked: np.ndarray, cfg: Section
                    ) -> tuple[np.ndarray, int]:
    """Of the ``asked`` spaces (unsure, their colour read clean), those read empty or as
    the lightest colour (lighter than its board) by their colour, off the rim, where a
    white stone in shade stands (``shaded_white.white_in_shade``), and that colour's
    index in ``best``: only where every colour in play is neutral (Go) and the board's
    print is seen (``inked``), and where the rays beside the core are looked at
    (``rays``) for its lines at the core's edge (``_one_arm_at_most``) and its shade."""
    light = int(np.argmax(_lightness(protos).mean(axis=0)))
    asked = asked & ((best == 0) | (best == light))
    if rim is not None:
        asked &= ~rim
    if hued.any() or not inked or rays is None or light == 0 or not asked.any():
        return np.zeros(len(best), dtype=bool), light
    # Its lines hidden at the core's edge too (one at most showing, as from a stone a
    # little off its point): bare board among stones, blurred, shows them there.
    asked &= _one_arm_at_most(samples, rays, asked, cfg)
    shaded = _shaded_edge(samples, rays, asked, cfg, one_sided=True)
    return white_in_shade(ratio, protos[:, light - 1], asked, samples.ink, fair_print, shaded,
                          cfg), light


def _white_clipped(samples: Samples, rays: np.ndarray | None, fair_print: np.ndarray,
                   rim: np.ndarray | None, hued: np.ndarray, light: int, best: np.ndarray,
                   surely: np.ndarray, asked: np.ndarray, cfg: Section) -> np.ndarray:
    """Of the ``asked`` spaces (unsure), those a white stone a tinted or bright light
    clips stands on (``clipped_white``): one clipped in one channel where its board is
    not (``clipped_light``), or one read ``surely`` as the lightest colour (``light``)
    by the channels its board keeps, where the board round it clips in a channel
    (``clipped_board``), lighter than its board in every channel
    (``lighter_everywhere``), closed off from the gaps and not white over all its core.
    Off the rim, its core one colour (``max_spread``), only where every colour in play is
    neutral (Go), the lightest of them is a stone colour and the rays beside the core
    are looked at (``rays``) for its shade."""
    asked = asked & (samples.spread <= cfg.max_spread)
    if rim is not None:
        asked &= ~rim
    if hued.any() or rays is None or light == 0 or not asked.any():
        return np.zeros(len(asked), dtype=bool)
    # Only the asked spaces' pixels are looked at: a median over every core costs a frame
    # more than the rest of the rule.
    at = np.flatnonzero(asked)
    core, board, glared = samples.core[at], samples.board[at], samples.core_glared[at]
    gap_glared = None if samples.gap_glared is None else samples.gap_glared[at]
    gaps_seen = samples.gap_blown[at] <= cfg.max_gap_blown
    chosen = np.zeros(len(asked), dtype=bool)
    chosen[at] = (gaps_seen & clipped_light(core, board, glared, cfg)) \
        | (~gaps_seen & (best[at] == light) & surely[at] & (samples.open_rays[at] == 0)
           & (glared < 1.0) & clipped_board(samples.gap_blown[at], gap_glared, cfg)
           & lighter_everywhere(core, board))
    shaded = _shaded_edge(samples, rays, chosen, cfg, one_sided=True)
    return clipped_white(chosen, samples.foot_ink, fair_print, shaded, cfg)


def _print_whole(samples: Samples, fair_print: np.ndarray, cfg: Section) -> np.ndarray:
    """The spaces that show, where a piece would sit, nearly all the print the board shows
    round them (``ink_whole_share`` of ``fair_print``), with no ring as dark as a dark
    stone's rim (``dark_ring_lum``): bare board, whose lines a lamp's glare over part of
    the core leaves whole. A white stone whose lit face is blown out beside its shaded
    side hides the print at its foot, and seen from low shows only the line beyond it
    (``go-more/basic.jpg`` at 640 pixels, M17: 0.59 of it)."""
    return (samples.ink >= cfg.ink_whole_share * fair_print) & (samples.ink >= cfg.ink_present) \
        & ((samples.ring_seen <= 0.0) | (samples.ring_lift >= cfg.dark_ring_lum))


def classify_stones(samples: Samples, colours: Sequence[str], palette: Section,
                    cfg: Section, rim: np.ndarray | None = None,
                    rays: np.ndarray | None = None,
                    arms: np.ndarray | None = None,
                    off_lines: LinePixels | None = None) -> SpaceReadings:
    """Read every space as ``empty``, one of ``colours`` or ``unsure``. ``rim`` marks
    the board's outermost spaces, whose print (a T or an L) shows less than a cross,
    and whose gaps reach the board's margin: missing print says less there. ``rays``
    (``Layout.rays``) are where the board beside each space is looked at for a stone's
    shade round a core a lamp blows out (``None``: not looked at). ``arms`` is each
    space's share of a cross's printed arms (``print_arms.printed_arms``; ``None``: a
    cross everywhere). ``off_lines`` says where each space's printed lines lie round its
    core (``sharpened_lines.off_lines``; ``None``: a sharpening halo is not looked for)."""
    # A ring that shows no more than its lines' fringe on a board blown out round it is lit.
    samples = lit_fringe(samples, cfg)
    # Blown-out pixels (a lamp's glare) carry no colour, and a glossy stone's highlight
    # not the stone's: the core is read from the rest, while enough of it remains.
    kept = samples.core_kept & ~samples.core_sheen
    hued = _hued(colours, palette, cfg)
    observed = core_colour(samples, kept, cfg.core_percentile)
    ratio = _log_ratio(observed, samples.board, cfg.dark_floor)
    features = _split(ratio, cfg.luminance_weight)

    # Visible print where a piece would sit says "empty" (a piece hides it). No print
    # says "a piece" only where the print shows at the spaces around: blur and distance
    # thin the lines, and where they thin them away no print says nothing.
    inked = print_shown(samples, cfg)
    printless = inked & print_hidden(samples, cfg)
    unseen = printless & (samples.ink_around > cfg.ink_present)
    ink_logits = np.zeros(len(ratio))
    if inked:
        # Missing print weighs by how clearly the print shows around: print that only
        # just shows there (low contrast, blur, a board washed out to white) says little
        # by its absence, and not enough to read a stone that colour cannot tell.
        seen = np.clip(samples.ink / cfg.ink_present - 1.0, 0.0, 1.0) * cfg.ink_logit
        shown = np.clip((samples.ink_around - cfg.ink_present)
                        / (cfg.ink_clear - cfg.ink_present), 0.0, 1.0)
        ink_logits = seen - unseen * shown * cfg.ink_absent_logit

    spread = samples.spread
    clean = (spread <= cfg.max_spread) & (samples.gap_blown <= cfg.max_gap_blown) \
        & (samples.core_blown <= cfg.max_core_blown)
    # The board's tint may be its paint's or the light's: light neutral stones tell
    # how much is the light's. The whole tint taken as the light's is tried too, and a
    # space the two read apart is unsure (a white stone in shade, lit by another lamp).
    # A white stone's core clipped in its brightest channel still shows the light's
    # colour in the others, while a few of its pixels are not clipped; one clipped
    # white in every channel shows none.
    bare_print = (samples.ink >= cfg.ink_present) if inked else np.zeros(len(ratio), bool)
    plain = (spread <= cfg.max_spread) & (samples.gap_blown <= cfg.max_gap_blown) \
        & (samples.core_blown <= cfg.light_max_blown) \
        & (samples.core_glared < cfg.bare_core_blown) & ~bare_print
    light = _light_colour(samples, observed, ratio, plain, colours, palette, cfg)
    protos = _candidates(samples, colours, palette, cfg, light.colour, light.level)
    other_light = _other_light(samples, ratio, plain, protos, colours, palette, cfg)

    posterior, d2 = _posterior(features, protos, ink_logits, cfg)
    best = posterior.argmax(axis=1)
    rows = np.arange(len(best))
    sure = clean & (posterior[rows, best] >= cfg.learn_confidence) \
        & (d2[rows, best] <= (cfg.max_distance * cfg.learn_distance) ** 2)
    protos = _learn_from_scene(ratio, protos, sure, best, cfg)
    tinted = _learn_from_scene(ratio, other_light, sure, best, cfg)
    posterior, d2 = _posterior(features, protos, ink_logits, cfg)
    best = posterior.argmax(axis=1)
    confidence = posterior[rows, best]
    confidence = np.where(_covering(samples, ratio, protos, best, cfg),
                          confidence / np.maximum(1.0 - posterior[:, 0], 1e-12), confidence)
    nearest = np.sqrt(d2[rows, best])
    # The board around a space is not always one colour: a shadow's edge may leave the
    # core in shade and half the gaps in light. Where a darker or a lighter share of
    # the gaps would read the space surely as something else, the space is unsure.
    ambiguous = np.zeros(len(best), dtype=bool)
    readings = [posterior]
    fits = []
    # A reading whose hue is another colour's (``_hue_of_another``) reads nothing surely:
    # against a darker share of the gaps a black stone looks as light as a green one.
    off_hue = []
    for side in (0, 1):
        other = _log_ratio(observed, samples.board_range[:, side], cfg.dark_floor)
        alt, alt_d2 = _posterior(_split(other, cfg.luminance_weight), protos, ink_logits, cfg)
        readings.append(alt)
        fits.append(alt_d2)
        off_hue.append(_hue_of_another(other, protos, alt.argmax(axis=1), hued, cfg))
    # Where the board's tint, taken as the light's, would read the space surely as
    # something else, the picture does not tell which it is (where that light explains
    # the stones about as well as the one kept, ``_other_light``).
    alt, alt_d2 = _posterior(features, tinted, ink_logits, cfg)
    readings.append(alt)
    fits.append(alt_d2)
    off_hue.append(_hue_of_another(ratio, tinted, alt.argmax(axis=1), hued, cfg))
    # Read empty in a colour far from its board's, a space must show its print about as
    # well as the spaces around it and the board's spaces that show it most (among
    # stones, those around may show none): a stone's grain or the edge of its highlight
    # leaves a few thin dark specks where its print would be, never the print's lines.
    fair_print = np.maximum(samples.ink_around, flat_percentile(samples.ink, cfg.ink_typical))
    print_shows = samples.ink >= np.maximum(cfg.ink_present, cfg.ink_fair_share * fair_print)
    # Another reading that takes a piece far darker than any board (``dark_piece_lum``)
    # for bare board must find bare board there: the core close to that share of the
    # gaps (``max_empty_distance``, as any space read empty), or its print seen about as
    # well as around it where it shows around (``ink_fair_share``; among stones none
    # shows around). A black stone far darker than even the shade between the stones
    # beside it, hiding its print, is no bare board in that shade; a hand's shadow over
    # bare board dims the print there and around alike. (A lighter piece's colour under
    # a tinted light is less sure: there the other reading still makes it unsure.)
    print_as_around = (samples.ink >= cfg.ink_present) & (samples.ink_around > cfg.ink_present) \
        & (samples.ink >= cfg.ink_fair_share * samples.ink_around)
    foreseen_lum = _lightness(protos)
    dark = (best > 0) & (foreseen_lum[rows, best] < cfg.dark_piece_lum)
    # The darker share of the gaps round a space read empty in its board's own colour is
    # the stones beside it (their contact shadows, their dark edges), not a shade over its
    # core (``_lit_bare``): that reading does not make it unsure.
    lit_bare = _lit_bare(best, nearest, samples, inked, fair_print, cfg)
    unshown = [lit_bare, np.zeros_like(lit_bare), np.zeros_like(lit_bare)]
    for alt, alt_d2, hue_off, shown in zip(readings[1:], fits, off_hue, unshown, strict=True):
        bare_unfit = dark & (alt.argmax(axis=1) == 0) & ~print_as_around \
            & (alt_d2[:, 0] > cfg.max_empty_distance ** 2)
        ambiguous |= (alt.argmax(axis=1) != best) & (alt.max(axis=1) >= cfg.min_confidence) \
            & ~bare_unfit & ~hue_off & ~shown

    # Where the gaps around a space are mostly blown out, the board's colour is lost
    # there, and only a piece far darker than any board can still be told.
    best_lum = foreseen_lum[rows, best]
    dark_piece = (best_lum < cfg.dark_piece_lum) & (samples.core_blown <= cfg.max_core_blown)
    glare = ~dark_piece & (samples.gap_blown > cfg.max_gap_blown)
    # A glossy stone's highlight is blown out on the stone alone; a lamp's glare on the
    # board spills into the gaps too, and what it leaves of a core is not to be trusted.
    lamp = (samples.gap_blown > cfg.lamp_gap_blown) & (samples.core_blown > cfg.lamp_core_blown)

    # A lamp's reflection lies on a few spaces; a picture blown out over much of the
    # board is overexposed, and there a white stone clips just as the board does.
    glared = samples.core_glared >= cfg.bare_core_blown
    reflection = glared.mean() <= cfg.max_reflection_share
    # A lamp's reflection in the board that runs unbroken from the gaps over the ring
    # where a stone's rim would lie into the core shows bare board: a stone standing
    # there would hide it along its rim. Where it covers most of the core, that is all
    # the picture shows there (a stone's own highlight is small); where it covers less,
    # the rest of the core must read empty by its colour.
    through = reflection & (samples.open_rays >= cfg.bare_open_rays) & _glare_beside(samples, cfg)
    # Yet a reflection in bare board leaves the print running through the ring: where
    # the ring's lines show none, nor the foot, a light stone's face meets the glare there.
    light_face = _light_face_around(samples, fair_print, cfg)
    bare = through & glared & ~light_face \
        & ~_stone_left(samples, best, confidence, nearest, cfg)
    # Print seen where a piece would sit says empty, glare or not; a stone whose rim
    # interrupts the glare all round and hides the print is a stone, read from what
    # of its core is not blown out.
    seen_bare = (best == 0) & ((samples.ink >= cfg.ink_present) | through)
    standing = (best > 0) & (samples.open_rays == 0) & unseen
    best = np.where(bare, 0, best)
    confidence = np.where(bare, 1.0, confidence)  # told by the reflection, not by colour

    # Where this picture shows a stone's colour hardly apart from its board (a white
    # stone on a board washed out towards white), colour cannot tell them: only print
    # seen can, and a stone is not read from missing print alone.
    separation = np.linalg.norm(_split(protos, cfg.luminance_weight), axis=2)
    alike = np.concatenate([np.zeros((len(best), 1), bool),
                            separation < cfg.min_separation], axis=1)[rows, best]

    # A white stone under a lamp may clip over most of its core; what is left of the
    # core still shows its colour. Where a stone's rim closes the core off (no glare runs
    # over it from the board), no print at all shows out to where its rim would be, and the
    # rest reads surely as a stone lighter than its board, that is the stone: a
    # reflection in bare board as small as a core leaves the print around it. A core
    # blown out whole is not told from a lamp's reflection a little larger than a core,
    # unless it is clipped in its brightest channel only: a lamp's reflection is white at
    # its heart, every channel clipped, while a white stone's face under a tinted light
    # or a camera's warm balance clips in one or two channels and still shows its colour
    # in the others (at most ``clipped_max_white`` of its core white in every channel).
    # So does a stone of a hue of its own, lighter than its board or not: ONE's yellow
    # under a warm lamp clips in red and green, and its blue still shows its hue, which
    # a lamp's reflection, white at its heart, does not show.
    closed_light = (best > 0) & ((best_lum > 0.0) | hued[best]) \
        & (samples.open_rays == 0) & ~through \
        & (confidence >= cfg.min_confidence) & (nearest <= cfg.max_distance)
    clipped_stone = closed_light & (samples.foot_ink < cfg.ink_present * cfg.ink_absent) \
        & ((samples.core_blown < 1.0) | (samples.core_glared <= cfg.clipped_max_white))
    clipped_stone |= closed_light & light_face
    blown_light = closed_light & (samples.core_blown > cfg.max_core_blown)
    clipped_stone |= _stone_round_blown_core(samples, rays, fair_print, blown_light, cfg)
    clipped_stone |= _face_over_mark(samples, rays, fair_print, blown_light, cfg)
    clipped_stone |= _face_past_core(samples, rays, fair_print, blown_light, cfg, rim)
    # So is a stone of a hue of its own the lamp clips where its paint is bright, its hue
    # left in the rest, over the mark it hides (``blown_hue``; ONE's circles only).
    if rays is not None and hued.any() and not (samples.ring_seen > 0.0).any():
        clipped_stone |= hue_over_blown_core(
            samples, rays, ratio, fair_print, blown_light & hued[best] & ~clipped_stone,
            _board_round(samples, cfg) & (samples.gap_blown <= cfg.lamp_gap_blown), cfg)
    # A white stone in the board's own colour (``alike``) is told by the print it hides
    # and the shade it casts, on the rim too: a bare T still shows its lines there. Not
    # in a corner: a bare L there has the margin on two sides, which may shade it as a
    # stone's contact shadow does on one (a bare far corner of a steep view was read so).
    told = closed_light & alike if arms is None else closed_light & alike & (arms > 0.5)
    alike &= ~_stone_in_board_colour(samples, rays, fair_print, told, cfg)
    # Print clearly seen where a piece would sit, in the board's own colour, is bare
    # board whatever shade the gaps around it take: a shadow's edge does not make it
    # doubtful, nor a lamp's glare that leaves the lines showing through it. (Print alone
    # is not enough: seen from low, a stone leans off its point and the line beyond it
    # shows.)
    printed_here = (best == 0) & (samples.ink >= cfg.ink_present * cfg.ink_clear_seen) \
        & (nearest <= cfg.max_empty_distance)

    # Print that shows a little (a fifth of that or less) beside print that shows clearly
    # around is a stone's edge or the line beyond a stone seen from low, as often as
    # bare board's blurred lines: it says no more than print hidden whole. Not on the
    # rim, whose T or L shows less print than the crosses around it anyway.
    faint = inked & (samples.ink < cfg.ink_faint_share * fair_print) \
        & (samples.ink_around > cfg.ink_present)
    if rim is not None:
        faint &= ~rim

    # Empty by its colour, yet the board's print does not show where it should: blur,
    # or something flat and board-coloured over it (a hand, a sleeve). Counted apart.
    covered = (best == 0) & unseen & ~bare
    # Unsure because the best is not clearly better than the next, fits only loosely, or
    # another share of the gaps or another light would read it otherwise: the picture
    # still leans (each reading weighs alike in ``odds``). Unsure for any other reason:
    # it cannot tell.
    ambiguous &= ~printed_here
    loose = (nearest > cfg.max_distance) \
        & ~_dark_stone_lighter(ratio, protos, best, confidence, samples, cfg)
    foot_printed = _printed_foot(samples, d2, best, rim, cfg)
    doubtful = (confidence < cfg.min_confidence) | loose | ambiguous | foot_printed
    # Print that runs through the core and over the ring says bare board, however far
    # from its board's colour the print makes the core (``_print_through``).
    # Bare board on the edge shows a T or an L, a share of the crosses around it: asked
    # for the print shown round it, it is asked for that share (``_bare_print``).
    arm_print = _bare_print(samples, fair_print, arms)
    bare_shows = samples.ink >= np.maximum(cfg.ink_present, cfg.ink_fair_share * arm_print)
    lined = _print_through(samples, kept, ratio, arm_print, (best == 0) & (
        ((nearest > cfg.max_empty_distance) & ~bare_shows) | (spread > cfg.max_spread)), cfg)
    empty_far = (best == 0) & (nearest > cfg.max_empty_distance) & ~bare_shows & ~lined
    lightness, tint = ratio.mean(axis=1), colour_part(ratio)
    # A shade over bare board (a hand's) dims it in its own hue; a stone shows a hue of
    # its own, or a face lighter than its board.
    part_far = (best == 0) & (nearest > cfg.max_empty_distance) & bare_shows & ~lined \
        & _mark_in_part(samples, arm_print, cfg) \
        & ((np.linalg.norm(tint, axis=1) > cfg.cover_fit_chroma)
           | (lightness > cfg.light_min_lum))
    # Far from its gaps' colour, a space may still look as the surely bare spaces around
    # it do (``bare_around``): their print's ringing, their track line, their light.
    part_far &= ~_like_bare_around(samples, features, best, clean, arm_print, part_far, cfg)
    # Print in a core of a stone's tint whose lines do not run on past the core may be a
    # stone's outline seen at an angle; print shown in part in a core of a stone's tint
    # lighter than its board, a stone or bare board half covered (``print_at_stone``).
    gridded = bool((samples.ring_seen > 0.0).any())
    # The tint those rules ask for is read from the channels the board shows well: one
    # far darker than the board's brightest (a yellow board's blue under candles) takes
    # a bare core's tint from JPEG's colour smear round the print (``strong_tint``).
    strong = strong_tint(ratio, samples.board, cfg.tint_min_share)
    stone_tint = (best == 0) & ~bare & ~lined \
        & stone_tinted(strong, colour_part(protos), cfg.max_covered_distance)
    cut_short = _lines_cut_short(samples, rays, stone_tint & bare_shows, gridded, cfg)
    # Less print than bare board shows, in a core lighter than its board whose tint lies
    # off the board's (if not nearer a stone's), its colour read clean, and lines that
    # do not run on past the core: a stone's face near its board's colour, its shading
    # left as specks of print (``print_at_stone``).
    off_tint = (best == 0) & ~bare & ~lined & ~bare_shows & clean & (lightness > 0.0) \
        & tint_apart(strong, cfg.max_covered_distance)
    unlined = _lines_cut_short(samples, rays, off_tint, gridded, cfg)
    # Read empty with its print hidden or faint, a space must be close to its board's
    # colour: a white stone in a low photo's shade, greyer than white, is not bare board;
    # but bare board whose thick lines blur into the core, darker than any light stone
    # lit as its board is, is no stone (a dark one is far darker still).
    covered_far = (covered | ((best == 0) & faint & ~bare)) \
        & (nearest > cfg.max_covered_distance) \
        & ~_darker_than_light_stones(ratio, colours, palette, cfg)
    part_shown = _part_printed(samples, stone_tint & ~printed_here & ~faint, fair_print,
                               arm_print, lightness, inked, gridded, cfg)
    # Bare board a lamp blows out in part is lit where it is not blown out, never in
    # shade: a core part blown out and the rest darker than its board, not close to its
    # colour, is a stone's lit face beside its shaded side. (Where the glare covers
    # almost all the core, ``max_core_blown``, what is left may be the print alone, dark
    # lines through a glare on bare board: the rules on a core blown out decide there.)
    # Only where bare board is rarely blown out at all (``lit_max_share`` of the spaces
    # read empty): under a tinted light that clips one channel the board's own grain
    # clips here and there, and a core blown out in part says nothing.
    part_blown = samples.core_blown > cfg.lamp_core_blown
    lamp_lit = part_blown[best == 0].mean() <= cfg.lit_max_share if (best == 0).any() else False
    lit_and_shaded = lamp_lit & (best == 0) & ~bare & part_blown \
        & (samples.core_blown <= cfg.max_core_blown) & (lightness < 0.0) \
        & (nearest > cfg.max_covered_distance) & ~_print_whole(samples, arm_print, cfg)
    # Against a glare in the gaps only lightness is read, and a piece far darker than
    # the glare is the dark piece only where its core is that piece's neutral paint.
    lightest_stone = _lightest(colours, palette, hued)
    against_glare = (best_lum < cfg.dark_piece_lum) & (samples.gap_blown > cfg.max_gap_blown)
    off_neutral = against_glare & ~_neutral_under(samples, observed, light, hued, cfg)
    # Nor where its core is far lighter than the picture's sure dark stones and about as
    # light as its sure white ones (``blown_dark``): a white stone in the glare's pool
    # looks dark against the blown-out gaps, its rim too.
    sure_read = clean & (confidence >= cfg.learn_confidence)
    too_light = lighter_than_dark_set(observed, against_glare,
                                      sure_read & (best_lum < cfg.dark_piece_lum),
                                      sure_read & (best == lightest_stone),
                                      cfg)
    off_neutral |= too_light
    glare_left = (glare & ~seen_bare & ~standing) | off_neutral
    lamp_left = lamp & ~seen_bare & ~standing
    # A ring round a core far darker than its board (``dark_ring_lum``, the print left
    # in) is a dark stone's rim round a lamp's highlight, blown out or only bright: the
    # closing that takes thin print away fills a thin dark rim with the highlight's
    # light, and the rim shows as print. A grid's lines cross that ring; they do not
    # darken most of it. (Not on a board that prints a ring round each space, ONE's: no
    # line crosses the ring there, and none of it is ``ring_seen``.)
    dark_ring = (samples.ring_seen > 0.0) & (samples.ring_lift < cfg.dark_ring_lum)
    core_left = (samples.core_blown > cfg.max_core_blown) & ~clipped_stone \
        & ~(printed_here & ~dark_ring)
    ringed = (best == 0) & dark_ring
    uneven = (spread > cfg.max_spread) & ~printed_here & ~lined & ~_shaded_stone(
        samples, kept, spread > cfg.max_spread, best, protos, ink_logits, cfg)
    blind = empty_far | covered_far | lit_and_shaded | alike | glare_left | lamp_left \
        | core_left | ringed | uneven | part_far | cut_short | part_shown | unlined
    # A board-coloured stone (white on white vinyl) reads empty by its colour, yet hides
    # all of the print that shows clearly around it; where one reading of the light
    # (another share of the gaps, or the board's tint taken as the light's) reads it
    # surely as a stone and none reads another colour surely, that stone is what the
    # picture shows. Not on the rim: there the print is weaker than around it anyway.
    sure_as = np.stack([r.argmax(axis=1) * (r.max(axis=1) >= cfg.min_confidence)
                        for r in readings[1:]])
    seen_as = np.stack([(sure_as == c + 1).any(axis=0) for c in range(len(colours))])
    # Print hidden where it shows clearly around (not on the rim, whose T or L shows less).
    hides = unseen & (samples.ink_around >= cfg.ink_clear) \
        & (samples.ink < cfg.ink_present * cfg.ink_absent)
    if rim is not None:
        hides &= ~rim
    hidden_print = (best == 0) & hides
    hidden_stone = (seen_as.sum(axis=0) == 1) & hidden_print & ambiguous & ~blind
    best = np.where(hidden_stone, seen_as.argmax(axis=0) + 1, best)
    support = np.max([r[rows, best] for r in readings[1:]], axis=0)
    confidence = np.where(hidden_stone, support, confidence)
    ambiguous &= ~hidden_stone
    doubtful &= ~hidden_stone
    # A mark a board prints round every space shows at a bare space, if faintly; a
    # space that shows no more of it than a stone's edge leaves (``faint``) is covered.
    unprinted = (best == 0) & ~bare & (_mark_missing(samples, cfg)
                                       | (faint & _marks_clear(samples, cfg)))
    lit_face = (best == 0) & ~bare & _lit_face(samples, ratio, cfg)
    # A phone's sharpening lights a bare point's core along its lines, not a stone's face.
    lit_face &= ~halo_lit(samples, lit_face, off_lines, cfg)
    # On ONE's circles a glossy stone hides most of its mark, and a lamp's reflection in
    # bare board leaves it showing through the rest of the core: a mark shown less than
    # as well as around, under a highlight on the core alone (a glare that runs into the
    # gaps blows out the print there too), is a stone's as often (``_part_hidden``).
    hidden_part = _part_hidden(samples, fair_print, cfg)
    part_hidden = hidden_part & (samples.gap_blown <= cfg.lamp_gap_blown)
    blown_face = _blown_face(samples, (best == 0) & ~bare & (covered | faint | part_hidden),
                             cfg)
    # A light stone's face over a mark it hides in part (a shell stone's stripes pass
    # for the rest) is lighter than its board; bare board's core, print and all, is not.
    light_part = (best == 0) & ~bare & hidden_part & (lightness > cfg.light_min_lum)
    # Read empty by colour alone, no print shown, where the lines show between the
    # spaces and few spaces read empty show their print (``bare_print.unconfirmed``):
    # two signs are wanted before a space is read bare, and the print is not the second.
    unconfirmed_bare = ~bare & unconfirmed(samples, best == 0, cfg)
    blind |= unprinted | lit_face | light_part | unconfirmed_bare
    # A glossy light stone in its board's colour, that colour cannot tell from bare board
    # and a highlight makes doubtful, is that stone where it stands as a stone does.
    glass = _glass_in_board_colour(
        samples, rays, fair_print, best, confidence, blown_face, seen_as, lightest_stone,
        ~bare & ~loose & ~blind & ~foot_printed & (spread <= cfg.max_spread), rim, arms, cfg)
    best = np.where(glass, lightest_stone or 0, best)
    confidence = np.where(glass, cfg.min_confidence, confidence)
    doubtful &= ~glass
    ambiguous &= ~glass
    covered &= ~glass
    blind |= blown_face & ~glass
    other_hue = _hue_of_another(ratio, protos, best, hued, cfg)
    # A light stone that colour leans to but cannot read surely (white glass on white
    # vinyl) is that stone where it hides the print and shades the board beside it.
    hidden_light = _light_stone_unclear(
        samples, rays, fair_print, (best > 0) & (best_lum > 0.0) & (confidence < cfg.min_confidence)
        & ~loose & ~ambiguous & ~blind & ~other_hue & (spread <= cfg.max_spread), rim, cfg)
    doubtful &= ~hidden_light
    confidence = np.where(hidden_light, cfg.min_confidence, confidence)
    # A dark stone told by its rim is that stone, whatever its face's colour reads.
    rimmed, darkest = _dark_rim(ratio, protos, samples, print_shows, light, colours, palette,
                                cfg)
    rimmed &= ~too_light
    # So is one whose sheen lifts its face, told by its rim and the print it hides.
    rimmed |= _dark_under_sheen(samples, kept, protos, fair_print, light, darkest, colours,
                                palette, ~bare & ~rimmed & ~too_light
                                & (doubtful | blind | other_hue), cfg)
    best = np.where(rimmed, darkest + 1, best)
    confidence = np.where(rimmed, 1.0, confidence)  # told by the rim, not by colour
    covered &= ~rimmed
    # A glossy stone of a hue of its own is told by the part of its core its sheen
    # leaves least (``_sheen_over_hue``), where colour alone left it unsure.
    sheened, hue = _sheen_over_hue(samples, kept, protos, ink_logits, fair_print,
                                   hued,
                                   ~bare & ~rimmed & (doubtful | blind | other_hue), cfg)
    best = np.where(sheened, hue, best)
    covered &= ~sheened
    # A stone over the circle it hides is named where two readings of its hue agree
    # (``circle_colour``): under the light found, and against this picture's white stones.
    # Those read surely count, their cores one colour or not: a glossy white stone's core
    # spreads from its highlight to its shaded side, and a lamp may blow out most of it,
    # yet what is left shows white's colour part; where the gaps are blown out the board's
    # colour is lost, and its ratio to the board with it.
    unread = ~bare & ~rimmed & ~sheened & (doubtful | blind | other_hue)
    surely = (samples.gap_blown <= cfg.max_gap_blown) & (best > 0) & ~unread \
        & (confidence >= cfg.learn_confidence)
    named = _named_over_circle(samples, kept, ratio, protos, best, colours, palette, hued, darkest,
                               surely, unread, cfg)
    best, confidence, covered, sheened, hue = _named_as(named, best, confidence, covered,
                                                        sheened, hue, cfg)
    # A dark stone a lamp lifts to a hued stone's lightness, showing no hue of its own,
    # is named by that, its darkness and its rim (``neutral_dark``).
    unread = ~bare & ~rimmed & ~sheened & (doubtful | blind | other_hue)
    hidden_mark = _mark_missing(samples, cfg) | (faint & _marks_clear(samples, cfg))
    lifted = _lifted_dark(samples, kept, ratio, protos, hued, darkest, hidden_mark,
                          surely & clean, best, unread, cfg)
    best, confidence, covered, sheened, hue = _named_as(
        np.where(lifted, darkest + 1, 0), best, confidence, covered, sheened, hue, cfg)
    # A white stone in its board's own colour, read empty by it, is named where it hides
    # its mark and a lamp blows out part of its face (``board_white``).
    white = _light_neutral(colours, palette, hued, cfg)
    if white is not None:
        unread = ~bare & ~rimmed & ~sheened & (doubtful | blind | other_hue)
        open_round = _board_round(samples, cfg) & (samples.gap_blown <= cfg.lamp_gap_blown)
        lamp = np.zeros(3) if light.colour is None else light.colour
        neutral_board = np.linalg.norm(board_tint(samples) - lamp[None, :], axis=1) \
            <= cfg.cover_fit_chroma
        board_white = unread & (best == 0) & white_over_mark(
            ratio, neutral_board, _mark_missing(samples, cfg), open_round, samples.core_blown,
            cfg)
        best, confidence, covered, sheened, hue = _named_as(
            np.where(board_white, white + 1, 0), best, confidence, covered, sheened, hue, cfg)
    # A stone hiding its print whose core looks like the sure stones of one colour
    # around it, far from the sure bare board there, is that stone (``set_alike``): the
    # board beside it may be paler than elsewhere, a neutral stone's colour is its set's.
    unread = ~bare & ~rimmed & ~sheened & (doubtful | blind | other_hue)
    if not hued.any():
        sure_class = np.where(unread | ~clean | (confidence < cfg.learn_confidence), -1, best)
        set_stone = like_its_set(observed, sure_class, samples.around, unread & clean & hides,
                                 len(colours), cfg)
        best, confidence, covered, sheened, hue = _named_as(set_stone, best, confidence,
                                                            covered, sheened, hue, cfg)
    clipped = _clipped_other_hue(samples, observed, ratio, best, protos, surely, colours,
                                 palette, hued, cfg)
    best_lum = foreseen_lum[rows, best]
    over_print = _stone_over_print(samples, ratio, protos, best, best_lum, fair_print, cfg) \
        | _over_whole_mark(samples, best, lightness, fair_print, cfg)
    unsure = (~bare & ~rimmed & ~sheened & (doubtful | blind | other_hue)) | clipped | over_print
    white_off = _white_off_hue(ratio, protos, best, ~unsure, colours, palette, hued, cfg)
    unsure |= white_off
    # Read empty by its colour, a space must show more print than a stone's own edges
    # leave in this picture (``stone_print``), where the board's typical space shows no
    # mark clearly (a full board: no bare board shows what bare board looks like); read
    # empty by its print, its colour must not be a stone's.
    sure_stone = (best > 0) & ~unsure & clean & (confidence >= cfg.learn_confidence)
    marks_clear = _marks_clear(samples, cfg)
    asked = (best == 0) & ~unsure & ~bare
    far_tint = stone_tinted(tint, colour_part(protos), cfg.max_covered_distance) \
        & (nearest > cfg.max_empty_distance)
    stone_printed = no_more_than_stones(samples, asked, sure_stone, marks_clear, cfg) \
        | unlike_bare(samples, asked, far_tint, lightness, sure_stone, marks_clear, cfg)
    unsure |= stone_printed
    # A white stone in the shade, its colour between its board's and white's, hiding its
    # print and shading the board beside it, is white (``shaded_white``); not where a rule
    # above names a second sign against it.
    doubted = unsure & ~clipped & ~over_print & ~white_off & ~stone_printed & clean
    in_shade, lightest = _white_in_shade(samples, ratio, protos, best, rays, fair_print, rim,
                                         inked, hued, doubted, cfg)
    # So is one a tinted or bright light clips in one channel, or on a board it clips,
    # lighter than its board in every channel, hiding its print and shading the board
    # beside it (``clipped_white``).
    in_shade |= _white_clipped(samples, rays, fair_print, rim, hued, lightest, best,
                               (confidence >= cfg.min_confidence) & ~loose & ~ambiguous,
                               unsure & ~clipped & ~over_print & ~white_off & ~stone_printed
                               & ~in_shade, cfg)
    confidence = np.where(in_shade, cfg.min_confidence, confidence)
    unsure &= ~in_shade
    # A dark stone a soft picture shows lighter than foreseen, within a dark rim, hiding
    # its print, in the colour of the picture's sure dark stones, is that stone (``dark_set``).
    set_dark = _like_dark_set(ratio, protos, samples, fair_print, spread, darkest, sure_stone,
                              best, unsure & ~clipped & ~over_print & ~white_off & ~stone_printed,
                              cfg)
    # So is one a lamp lifts on a tinted board, hiding its print, its tint turned round
    # and its shaded side far darker than its board (``turned_dark``), where the board
    # round it shows its own tint (a sleeve over a space covers the board round it too).
    if darkest >= 0:
        set_dark |= turned_dark(samples, kept, ratio, fair_print, unsure & ~set_dark & ~clipped
                                & ~over_print & ~white_off & ~stone_printed
                                & _board_round(samples, cfg), cfg)
    best = np.where(set_dark, darkest + 1, best)
    confidence = np.where(set_dark, cfg.min_confidence, confidence)
    covered &= ~set_dark
    unsure &= ~set_dark
    # Read empty by its colour, a core that shows no print, uneven as a dome and far
    # darker than its board on one side, may be a black stone a lamp lifts on a dark
    # board (``shaded_dome``): unsure.
    domed = shaded_dome(samples, kept, (best == 0) & ~unsure & ~bare, cfg)
    unsure |= domed
    # A lamp's reflection in the gaps that stops short of the core has a stone in it
    # (``glare_hole``): colour cannot tell a white one there from bare board.
    in_hole = hole_in_glare(samples, (best == 0) & ~unsure & ~bare, reflection, cfg)
    unsure |= in_hole
    rules = (confidence < cfg.min_confidence, loose, ambiguous,
             empty_far, covered_far, lit_and_shaded, alike, glare_left, lamp_left, core_left,
             ringed, uneven, other_hue, unprinted, lit_face, blown_face, foot_printed, clipped,
             over_print, white_off, light_part, part_far, cut_short, part_shown, unlined,
             stone_printed, unconfirmed_bare, domed, in_hole)
    # A light stone colour leans to, unsure only as not clearly best or in its board's
    # colour, hiding its print, in the colour of the picture's sure light stones and apart
    # from its sure bare board's, is that stone (``light_set``).
    sure_light, sure_bare = _light_sets(unsure, best, confidence, clean, bare, lightest_stone,
                                        cfg)
    read_light = ~unsure & clean & (np.where(in_shade, lightest, best) == lightest_stone)
    set_light = _like_light_set(ratio, samples, fair_print, rules, unsure, best, sure_light,
                                read_light, sure_bare, lightest_stone, rim, arms, cfg)
    unsure &= ~set_light
    confidence = np.where(set_light, cfg.min_confidence, confidence)
    # Read empty with no print where a piece would sit, in that colour too: unsure (not
    # where ``shaded_white`` names it white, which leaves ``best`` as it was).
    read_empty = (best == 0) & ~unsure & ~bare & ~in_shade
    set_empty = empty_like_light_set(ratio, samples, sure_light, sure_bare, read_empty, cfg)
    unsure |= set_empty
    # So against every white reading, named or sure, and the bare board that shows its
    # print (``white_glass``; where few white stones are read surely, the rule above is
    # not asked): unsure.
    glass_empty = np.zeros_like(unsure)
    if lightest_stone is not None:
        white = ~unsure & (np.where(in_shade, lightest, best) == lightest_stone)
        glass_empty = glass_read_empty(ratio, samples, white, sure_bare,
                                       read_empty & ~set_empty, cfg)
    unsure |= glass_empty
    # Read empty with a lamp's glare in its gaps, its core lighter than its board by a
    # light stone's lightness (``glare_edge``; Go's light stones only): unsure.
    edge_lit = np.zeros_like(unsure)
    if lightest_stone is not None:
        edge_lit = light_by_glare(ratio, samples, read_empty & ~unsure, reflection, cfg)
    unsure |= edge_lit
    rules = (*rules, set_empty, glass_empty, edge_lit)
    why = {name: unsure & rule for name, rule in zip(UNSURE_RULES, rules, strict=True)}
    # A white reading whose hue says a hued stone leans to neither: two signs disagree.
    leans = unsure & ~blind & ~white_off & ~stone_printed & ~domed & ~in_hole & ~set_empty \
        & ~glass_empty & ~edge_lit & (nearest <= cfg.max_distance * cfg.lean_distance)
    odds = np.where(ambiguous[:, None], np.mean(readings, axis=0), posterior)
    odds = np.where(bare[:, None], np.eye(posterior.shape[1])[0], odds)
    odds = np.where(rimmed[:, None], np.eye(posterior.shape[1])[darkest + 1], odds)
    odds = np.where(sheened[:, None], np.eye(posterior.shape[1])[hue], odds)
    odds = np.where(in_shade[:, None], np.eye(posterior.shape[1])[lightest], odds)
    odds = np.where(glass[:, None], np.eye(posterior.shape[1])[best], odds)
    odds = np.where(set_dark[:, None], np.eye(posterior.shape[1])[darkest + 1], odds)
    odds = np.where(set_light[:, None], np.eye(posterior.shape[1])[best], odds)
    names = [EMPTY, *colours]
    best_names = [names[i] for i in np.where(in_shade, lightest, best)]
    labels = [UNSURE if u else n for n, u in zip(best_names, unsure, strict=True)]
    # Print that shows at most spaces read empty should show at all of them: where it
    # does not, something may lie over it (counted by ``Recogniser.read`` for a hand).
    empty = best == 0
    printed = (samples.ink[empty] > cfg.ink_present).mean() >= cfg.ink_board_share \
        if empty.any() else False
    blank = empty & printed & print_hidden(samples, cfg) & ~bare
    # A hand is told by spaces missing print where most spaces show theirs
    # (``print_at_spaces``), not by the lines between the stones of a crowded board.
    return SpaceReadings(labels=labels, confidence=confidence, best=best_names,
                         covered=covered & print_at_spaces(samples, cfg), blank=blank,
                         odds=odds, leans=leans, why=why,
                         hand_like=in_shade | glass | set_dark | set_light)
