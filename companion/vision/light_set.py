"""A light stone in the colour of the picture's own sure light stones, apart from its bare board.

White glass on white or tan vinyl lets the board's light through: its core is hardly
lighter than its board, and where a black neighbour or the stone's own dome shades it,
no lighter at all. Colour then leans to white but not surely ("not clearly best"), or
the picture's white lies so near its board that colour is not asked at all ("stone
colour like the board's", white stones on white paper). The rules that read such a
stone by the shade it casts (``_light_stone_unclear``, ``_glass_in_board_colour``) ask
the board beside it to be shaded with no dark stone's rim within reach, and the lines
across the ring round its core to be hidden: a black neighbour, or a 640 × 480
webcam's blur carrying the lines a pixel or two past the stone's edge, leaves it unsure.

The rest of the picture shows what its white stones and its bare board look like there,
in the same light and through the same camera. A space is named the light stone by two
signs, each of its own:

- *a stone stands there*: the print that shows clearly round the space (``ink_clear``
  at the spaces around) is hidden at its foot (at most ``ink_faint_share`` of the print
  bare board shows here): bare board shows its lines whatever its colour;
- *its colour is its set's, not its board's*: against the spaces read surely bare
  (at least ``light_set_refs``) and surely the light stone (as many; where fewer are,
  every space read the light stone and not unsure, named by its shade or its missing
  print too: ``light_refs``), in the tint (the colour part of the core's log ratio to
  its board) or in the lightness (its mean),
  the light stones' median lies at least ``light_set_apart`` times as far from the
  board's as nine bare spaces in ten do (the set stands apart from bare board in this
  picture); the space's own lies as far off (``light_set_apart``) and at most
  ``light_set_near`` of that distance from the set's median (twice as near the set as
  the board, at the least). A lamp's reflection lifts bare board in lightness and
  tints it with the lamp's colour, not the stones'; its print still shows, or its glare
  reaches into the gaps.

Only where colour already leans to the light stone (it is read best, not surely, or
surely by missing print where its colour is like its board's), and where those two rules
alone left it unsure; on the board's edge as inside (the print round it at least
``ink_clear``: counted on the session 27 study scenes, the two signs together passed no
bare point of 16,522 on the edge, where the print sign alone passed 30), not in a corner
(a bare L has the margin on two sides); its gaps not lit by a glare
(``lamp_gap_blown``). Go only: on boards of stones with a hue of
their own the lightest stone is not asked about. A pale hand may pass both signs: the
spaces named here count as unsure for the hand rule (``SpaceReadings.hand_like``).
"""

from __future__ import annotations

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import Samples, colour_part


def _apart(values: np.ndarray, sure_light: np.ndarray, sure_bare: np.ndarray,
           cfg: Section) -> np.ndarray:
    """The spaces whose ``values`` (N×D: a tint, or a lightness as N×1) lie apart from
    bare board's and near the sure light stones': the set's median at least
    ``light_set_apart`` times as far from nought (the board's own) as the 90th percentile
    of the sure bare spaces' distances, the space's own as far, and its distance to the
    set's median at most ``light_set_near`` of its own from nought."""
    bare = float(np.percentile(np.linalg.norm(values[sure_bare], axis=1), 90))
    centre = np.median(values[sure_light], axis=0)
    if np.linalg.norm(centre) < cfg.light_set_apart * bare:
        return np.zeros(len(values), dtype=bool)
    own = np.linalg.norm(values, axis=1)
    return (own >= cfg.light_set_apart * bare) \
        & (np.linalg.norm(values - centre, axis=1) <= cfg.light_set_near * own)


def light_refs(sure_light: np.ndarray, read_light: np.ndarray, cfg: Section) -> np.ndarray:
    """The light stones a space's colour is held against: those read surely
    (``sure_light``), or where fewer than ``light_set_refs`` are, every one read the light
    stone and not unsure (``read_light``: named by its shade or its missing print too).
    White glass on white vinyl is seldom read surely by its colour: the rules that name
    it by the shade it casts leave its confidence at ``min_confidence``."""
    return sure_light if sure_light.sum() >= cfg.light_set_refs else read_light


def like_light_set(ratio: np.ndarray, samples: Samples, fair_print: np.ndarray,
                   sure_light: np.ndarray, sure_bare: np.ndarray, asked: np.ndarray,
                   rim: np.ndarray | None, arms: np.ndarray | None, cfg: Section
                   ) -> np.ndarray:
    """The ``asked`` spaces (N bool: colour leans to the light stone there, and nothing
    but that it is not clear keeps them unsure) where a light stone stands, by the print
    hidden at its foot and its colour like the picture's light stones' (``sure_light``,
    ``light_refs``) and apart from its sure bare board's (``sure_bare``). ``ratio`` is
    each core's log ratio to its board (N×3), ``fair_print`` the print bare board shows
    round each space, ``rim`` the board's outermost spaces and ``arms`` each space's
    share of a cross's printed arms (``None``: a cross everywhere)."""
    named = np.zeros(len(ratio), dtype=bool)
    if min(sure_light.sum(), sure_bare.sum()) < cfg.light_set_refs or not asked.any():
        return named
    hidden = (samples.ink_around >= cfg.ink_clear) \
        & (samples.foot_ink <= cfg.ink_faint_share * fair_print) \
        & (samples.gap_blown <= cfg.lamp_gap_blown)
    if rim is not None:
        edge = arms > 0.5 if arms is not None else np.ones(len(ratio), dtype=bool)
        hidden &= ~rim | edge
    chosen = asked & hidden
    if not chosen.any():
        return named
    tint = _apart(colour_part(ratio), sure_light, sure_bare, cfg)
    light = _apart(ratio.mean(axis=1, keepdims=True), sure_light, sure_bare, cfg)
    return chosen & (tint | light)


def empty_like_light_set(ratio: np.ndarray, samples: Samples, sure_light: np.ndarray,
                         sure_bare: np.ndarray, asked: np.ndarray, cfg: Section
                         ) -> np.ndarray:
    """The ``asked`` spaces (N bool: read empty, surely or not) that show no print where a
    piece would sit (under ``ink_present``) and whose colour is the picture's sure light
    stones' (``sure_light``), apart from its sure bare board's (``sure_bare``), as
    ``like_light_set`` asks: a white stone among stones, where no print shows round it
    to be hidden, read empty because its colour lies nearer its board's than the light
    stone's foreseen one. Such a space is unsure, not named: bare board among stones
    shows no print round it either, and one sign is not two."""
    doubted = np.zeros(len(ratio), dtype=bool)
    if min(sure_light.sum(), sure_bare.sum()) < cfg.light_set_refs:
        return doubted
    chosen = asked & (samples.ink < cfg.ink_present) & (samples.gap_blown <= cfg.lamp_gap_blown)
    if not chosen.any():
        return doubted
    tint = _apart(colour_part(ratio), sure_light, sure_bare, cfg)
    light = _apart(ratio.mean(axis=1, keepdims=True), sure_light, sure_bare, cfg)
    return chosen & (tint | light)
