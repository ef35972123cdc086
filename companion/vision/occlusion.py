"""Signs that the board is hidden or not where the registration puts it: a hand over
its edge, a side that shows the table, a patch of spaces that cannot be read. The piece
readers (``companion.vision.readers``) and the pipeline weigh them into a reading's
``occluded`` and its reason."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.vision.config import Section
from companion.vision.sampling import (
    Layout,
    Samples,
    board_tint,
    board_tint_off,
    board_usual_tint,
    column_median,
    core_colour,
    log_tint,
)
from companion.vision.stones import EMPTY, SpaceReadings


def hand_tint_bar(samples: Samples, occlusion: Section) -> float:
    """How far off the board's colour a space's gaps must be to count as something over
    the board: ``hand_tint``, or ``hand_tint_scatter`` times what the board's own colour
    strays over the whole picture where that is more (a dim, noisy webcam frame or a
    steep view's far rows stray too)."""
    return max(occlusion.hand_tint,
               occlusion.hand_tint_scatter * float(np.median(board_tint_off(samples))))


def off_board(samples: Samples, limit: float) -> np.ndarray:
    """Spaces whose surroundings are not the board's colour (a table, a cloth): a
    registration off by a line, or a board that moved. How far they are is measured in
    colour alone (``board_tint_off``: brightness divided out, as light changes it
    smoothly over the board)."""
    return board_tint_off(samples) > limit


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


def reached(start: np.ndarray, through: np.ndarray,
            neighbours: Sequence[Sequence[int]]) -> np.ndarray:
    """The spaces joined to ``start`` through neighbours each in ``through`` (``start``
    included)."""
    seen = start.copy()
    stack = list(np.flatnonzero(start))
    while stack:
        space = stack.pop()
        for other in neighbours[space]:
            if through[other] and not seen[other]:
                seen[other] = True
                stack.append(other)
    return seen


def distinct(patches: Sequence[np.ndarray]) -> list[np.ndarray]:
    """``patches`` with each set of spaces once (the spaces hidden along one arm are often
    the very patch the palm hides: judged once, not twice), each sorted, in first-seen
    order."""
    seen: dict[bytes, np.ndarray] = {}
    for patch in patches:
        ordered = np.sort(patch)
        seen.setdefault(ordered.tobytes(), ordered)
    return list(seen.values())


def corner_joins(around: np.ndarray, neighbours: Sequence[Sequence[int]],
                 open_: np.ndarray) -> list[list[int]]:
    """Each space's neighbours, and the spaces that touch it only at a corner (in
    ``around``, not neighbours) where a space between the two (a neighbour of both) is
    ``open_``. A hand over two spaces that touch at a corner lies over the space between
    them as well; where every space between them holds a stone that shows as one, they
    are two stones, not one hand."""
    sides = [set(n) for n in neighbours]
    joins = []
    for space, near in enumerate(around):
        joined = list(neighbours[space])
        for other in near:
            other = int(other)
            if other == space or other in sides[space] or other in joined:
                continue
            if any(open_[between] for between in sides[space] & sides[other]):
                joined.append(other)
        joins.append(joined)
    return joins


def largest_group(flags: np.ndarray, neighbours: Sequence[Sequence[int]],
                  anchors: np.ndarray) -> int:
    """The size of the largest group of flagged spaces joined through neighbours that
    holds at least one of ``anchors``."""
    return max((len(g) for g in groups(flags, neighbours, anchors)), default=0)


def like_surroundings(samples: Samples, stones: Section, limit: float) -> np.ndarray:
    """Spaces whose core looks like what lies around them (every channel of its colour
    within ``limit``, in log, of its gaps'): bare board, or something spread over the
    space and the board around it alike (a palm, a sleeve). A piece stands out from the
    board around it."""
    core = core_colour(samples, samples.core_kept, stones.core_percentile)
    floor = stones.dark_floor
    ratio = np.log(core + floor) - np.log(samples.board + floor)
    return np.abs(ratio).max(axis=1) < limit


def one_colour(samples: Samples, stones: Section, limit: float) -> np.ndarray:
    """Spaces whose core has the colour of what lies around them, brightness divided out
    (within ``limit`` in log chroma): one thing spread over the space and its gaps alike,
    lit or shaded (a palm, a sleeve), or bare board. The gaps of a stone on a small or
    steep board show the edges of the stones around it, and so lean towards a stone's
    colour, but only part of the way: the stone at the space is of a stronger colour
    than its gaps."""
    core = core_colour(samples, samples.core_kept, stones.core_percentile)
    return np.linalg.norm(log_tint(core) - board_tint(samples), axis=1) < limit


def stone_in_gaps(samples: Samples, stones: Section, occlusion: Section) -> np.ndarray:
    """Spaces whose gaps are off the board's colour only as a stone's edges put them: their
    tint lies from the board's towards the core's, part of the way (less than
    ``hand_mix_share`` of it, and off that line by less than ``hand_mix_off`` of their
    distance from the board's). A stone on a small or steep board shows its edges and its
    neighbours' in its gaps; skin over the gaps is as far off as over the space, or off
    another way (a finger's edge over a space that shows the board or a stone)."""
    core = core_colour(samples, samples.core_kept, stones.core_percentile)
    gaps = board_tint(samples)
    usual = board_usual_tint(samples)
    off, towards = gaps - usual, log_tint(core) - usual
    share = (off * towards).sum(axis=1) / np.maximum((towards * towards).sum(axis=1), 1e-9)
    aside = np.linalg.norm(off - share[:, None] * towards, axis=1)
    return (share > 0) & (share < occlusion.hand_mix_share) \
        & (aside < occlusion.hand_mix_off * np.linalg.norm(off, axis=1))


def standing_on_board(samples: Samples, stones: Section, occlusion: Section) -> np.ndarray:
    """Spaces where something stands on the board: its core unlike what lies around it
    (``like_surroundings`` fails) while what lies around it is the board's own colour
    (within ``hand_tint`` of it, brightness divided out). A stone of a full board the
    reader cannot name is such a space; a picture of something else than a board (a
    table, a cloth) looks like itself at a space and around it."""
    alike = like_surroundings(samples, stones, occlusion.hand_alike)
    return ~alike & (board_tint_off(samples) < occlusion.hand_tint)


def round_group(group: np.ndarray, layout: Layout) -> np.ndarray:
    """The spaces round ``group`` (``Layout.around``), not in it."""
    inside = np.zeros(len(layout.names), dtype=bool)
    inside[group] = True
    ring = np.zeros_like(inside)
    ring[layout.around[group].ravel()] = True
    return ring & ~inside


def on_bare_board(group: np.ndarray, board: np.ndarray, tint: np.ndarray, layout: Layout,
                  bar: float, apart: float, shown: np.ndarray) -> bool:
    """Whether what covers ``group`` lies on the board's own colour: the gaps of the
    spaces round it keep the board's colour (their median ``tint`` under ``bar``), and
    the group's gaps are another colour than theirs (the median, brightness divided out,
    at least ``apart``); the spaces round it are taken all, or only those that show what
    lies there (``shown``: not hidden themselves, as a hand over a corner hides the
    spaces round its fingers too). A lamp's coloured light shifts the gaps of a region
    alike; a run of stones on a crowded board has stones' edges in the gaps round it as
    in its own."""
    around = round_group(group, layout)
    tints = log_tint(board)
    for ring in (around, around & shown):
        if ring.any() and float(np.median(tint[ring])) < bar \
                and float(np.linalg.norm(column_median(tints[group])
                                         - column_median(tints[ring]))) >= apart:
            return True
    return False


def covered_around(group: np.ndarray, alike: np.ndarray, over: np.ndarray, board: np.ndarray,
                   tint: np.ndarray, layout: Layout, occlusion: Section,
                   bare: np.ndarray, bar: float) -> int:
    """How many spaces of ``group`` something covers with the board around them: the
    colour around them is far from the board's (``hand_cover_tint``) and not as a
    stone's edges put it there (``over``: the space shows that colour too,
    ``one_colour``, or the gaps are not the board's leaning towards the stone's,
    ``stone_in_gaps``: a skin or a sleeve over the gaps, however it is shaded over the
    space), or they look like their
    surroundings (``alike``) while those are not the board: not quite its colour
    (at least ``bar``: ``hand_tint``, or ``hand_tint_scatter`` times what the board's
    own colour strays over the whole picture where that is more, as for every other
    sign of ``hidden_by_hand``; a dim, noisy webcam frame of red wood strays 0.055, and
    bare points of a dense board's far rows 0.06–0.13 off its colour are the board:
    Go 19 × 19 held-out 73602), or not as it shows round the patch (the gaps' colour, light and
    shade included, more than ``hand_apart`` in log from the median of the spaces next
    to the patch read as bare board, ``bare``, where at least ``hand_apart_ring`` of
    them do, four: the median of two bare points among stones is their own shade and
    grain, 73602's patch 0.11–0.15 from it; the gaps of a stone show its edges and
    its shadow, darker than the board, and a patch of bare board among stones is no
    lighter than the board that shows round it). Bare board whose print fades is the
    board there; a patch of stones stands out from the board that shows between them."""
    ring = round_group(group, layout) & bare
    apart = tint[group] >= bar
    if ring.sum() >= occlusion.hand_apart_ring:
        logs = np.log(board + 8.0)
        apart |= np.linalg.norm(logs[group] - column_median(logs[ring]), axis=1) \
            > occlusion.hand_apart
    skin = (tint[group] >= occlusion.hand_cover_tint) & over[group]
    return int((skin | (alike[group] & apart)).sum())


def hidden_by_hand(result: SpaceReadings, unreadable: np.ndarray, samples: Samples,
                   layout: Layout, neighbours: Sequence[Sequence[int]], cfg: Section,
                   crossed: float = 0.0, fingers: np.ndarray | None = None) -> int:
    """The size of the largest patch of stones' spaces a hand hides (0: none).

    A hand, an arm, a sleeve or a head comes in over the board's edge: it hides a patch
    of neighbouring spaces joined to the board's outer edge (see below), each
    ``unreadable`` (unsure with nothing blown out), covered (read empty, its print gone
    beside print that shows) or, under a palm where the print around is hidden too and
    skin may match the board's lightness, blank (read empty without print). Print fading
    with blur or distance leaves such patches as well, but of the board's own colour: a
    patch is a hand when the colour around its spaces is not the board's (``hand_tint``,
    and ``hand_tint_scatter`` times what the board's own colour strays over the whole
    picture where that is more: noise in a dim frame) while the print shows at most
    other spaces read empty, or most of it cannot be read; a patch of the board's own
    colour that cannot be read must be larger
    (``hand_plain``), and may then be joined at the corners too, and some of its spaces
    must read as bare board with the print hidden (a palm of the board's colour where no
    stone stands; stones of the board's colour each read as a stone), or at least
    ``hand_patch`` of them show skin, one colour over the space and its gaps and
    ``hand_cover_tint`` off the board's (an arm over a patch whose shade keeps the
    rest near the board's colour). Unsure spaces
    scattered over the board (stones a picture shows poorly) are no hand, however many
    there are.

    Nor is a patch of stones the picture shows poorly (a grained stone, a glossy one
    under a lamp) joined to the edge: each stone stands out from the board around it,
    while a hand covers the board between the spaces as well as the spaces. So a patch
    is a hand only where at least ``hand_covered`` of its spaces, and at least
    ``hand_covered_share`` of them, are covered with the board around them
    (``covered_around``), or where something also crosses the board's margin
    (``crossed``, in pitches: at least ``hand_margin_run`` of it, less than the margin
    alone must show).

    Where most of a patch (``hand_covered_most``, counting only spaces where nothing
    is blown out) is so covered, it is a hand whatever its colour and however little
    print shows on the rest of the board: print faded by blur or distance leaves the
    board around each space as the board shows elsewhere, so few of its spaces count
    as covered. A lamp's glare can make the board around white stones on a white board
    look apart from the rest, but it blows out what it lies on: those spaces do not
    count. A palm of the board's own colour and lightness is covered with nothing that
    tells it from the board around it but the print it hides: a large patch (at least
    ``hand_plain`` times the least), most of it (``hand_covered_most``) read as bare
    board (or of the board's colour, ``hand_tint``: dark stones left unsure in a dim
    room are no palm) with its print gone where the spaces round it show theirs, while the print
    shows at ``hand_print_share`` of the other empty spaces, is a hand too. Blur or
    distance fades the print over a region, each space's neighbours as much as itself.
    The wrist or the sleeve over the outermost spaces may read as stones there
    (pale skin over a pale board as white ones, a dark sleeve as black ones, their gaps
    half board), so the patch need only reach the spaces next to the outermost ones;
    and a longer arm or sleeve read as stones (a dark sleeve as black ones, pale skin
    as white ones) leaves the patch under the palm apart from the edge, so the patch
    reaches the edge also through spaces whose surroundings are far from the board's
    colour (``hand_reach_tint``: skin or cloth over the gaps), whatever they read; and
    the spaces hidden along one such arm are also taken together as one patch (a palm
    whose patch is split by spaces read as stones). Those spaces lead the patch to the
    edge but are not counted in it: spaces read as stones do not join a patch, even
    where what covers them looks like what lies around them: on a table never seen
    before, that took an empty board's first photo for a hand and stopped the game at
    its start (docs/benchmarks.md, session 14).

    Fingers over the edge rows alone may read as stones too: a run from the outermost
    spaces, each one colour over the space and its gaps, off the board's colour as no
    stone's edges put it, its print hidden at the outermost space it starts from and at
    most of the run (between the fingertips it may show), lying on bare board
    (``on_bare_board``), is a hand (docs/recognition.md, sessions 19 and 22); a dark
    hand's finger read black beside its palm (``fingers``,
    ``hands_as_stones.dark_fingers``) is one of such a run.

    A space read empty without any print (``blank``) is a palm's sign only where the
    print shows at most other bare spaces (``hand_print_share``)."""
    occlusion = cfg.occlusion
    blank = result.blank if result.blank is not None else result.covered
    empty = np.array([label == EMPTY for label in result.labels])
    printed = samples.ink > cfg.stones.ink_present
    tint = board_tint_off(samples)
    least = max(occlusion.hand_patch, occlusion.hand_share * len(empty))
    alike = like_surroundings(samples, cfg.stones, occlusion.hand_alike)
    same = one_colour(samples, cfg.stones, occlusion.hand_same_tint)
    mixed = stone_in_gaps(samples, cfg.stones, occlusion)
    over = same | ~mixed
    margin = crossed >= occlusion.hand_margin_run
    tint_bar = hand_tint_bar(samples, occlusion)
    hiding = result.covered | unreadable | blank
    # The board as it shows round a patch: spaces read empty, none of the patch's signs.
    bare = empty & ~hiding

    def covered(group: np.ndarray) -> int:
        return covered_around(group, alike, over, samples.board, tint, layout, occlusion,
                              bare, tint_bar)

    def covers(group: np.ndarray, count: int) -> bool:
        return margin or count >= max(occlusion.hand_covered,
                                      occlusion.hand_covered_share * len(group))

    lit = (samples.gap_blown == 0) & (samples.core_blown == 0)
    edge = layout.rim | layout.rim[layout.around].any(axis=1)
    # Read as bare board with its print hidden: what a palm of the board's own colour
    # shows where no stone stands. Stones of the board's colour (white glass on white
    # vinyl, white ones on white paper) hide their print too, but each reads as a stone.
    # Read empty without any print is a sign only where the print shows at most of the
    # other spaces read empty (``hand_print_share``): on a board far from the camera, or
    # full, whose print shows at a fifth of its bare points, it says nothing.
    print_shows = bool(bare.any()) and printed[bare].mean() >= occlusion.hand_print_share
    board_hidden = result.covered | (blank & print_shows)
    arm = hiding | (tint >= occlusion.hand_reach_tint)
    patches = groups(hiding, neighbours, reached(edge, arm, neighbours))
    # And every space hidden along one arm together, however the palm's patch is split.
    patches += [group[hiding[group]] for group in groups(arm, neighbours, edge)]
    patch = 0
    # An arm or a sleeve over the board, however its spaces read: a run of spaces from
    # the outermost ones, reaching past the next ones, each of one colour over the space
    # and its gaps alike (``same``) and far from the board's (``hand_cover_tint``).
    skin = same & (tint >= occlusion.hand_cover_tint) & lit
    for group in groups(skin, neighbours, layout.rim):
        if len(group) >= occlusion.hand_patch and not edge[group].all():
            patch = max(patch, len(group))
    # Fingers over the board's edge rows, however their spaces read: a run from the
    # outermost spaces, each of one colour over the space and its gaps (``same``), its
    # gaps off the board's colour (``hand_reach_tint``, and more than the board's own
    # colour strays over the picture) as no stone's edges put them (``stone_in_gaps``
    # fails), lying on bare board (``on_bare_board``: round it the gaps are within
    # ``hand_tint`` of the board's colour). The hand comes in over the edge: the print is
    # hidden at the outermost space the run starts from, and at most of the run; between
    # the fingertips it may show at a space or so (``hand_finger_printed`` of the run).
    reach = same & ~mixed & lit & (tint >= max(occlusion.hand_reach_tint, tint_bar))
    # A dark hand's finger read black beside its palm (``fingers``) is one of the run.
    if fingers is not None:
        reach |= fingers
    for run in (reach & ~printed, reach):
        for group in groups(run, neighbours, layout.rim & ~printed):
            if len(group) >= occlusion.hand_patch \
                    and printed[group].sum() <= occlusion.hand_finger_printed * len(group) \
                    and on_bare_board(group, samples.board, tint, layout, occlusion.hand_tint,
                                      occlusion.hand_reach_tint, ~hiding):
                patch = max(patch, len(group))
    for group in distinct(patches):
        if len(group) < least:
            continue
        tinted = column_median(tint[group]) >= tint_bar
        # A patch of the board's own colour is a hand only where some of its spaces read
        # as bare board with the print hidden, or show skin (or something crosses the
        # margin beside it).
        if not (tinted or margin or board_hidden[group].sum() >= occlusion.hand_covered
                or skin[group].sum() >= occlusion.hand_patch):
            continue
        if covered(group[lit[group]]) >= occlusion.hand_covered_most * len(group):
            patch = max(patch, len(group))
            continue
        others = empty.copy()
        others[group] = False
        shown = printed[others].mean() if others.any() else 0.0
        # A palm of the board's own colour and lightness hides the print under it: most of
        # a large patch reads as bare board with its print gone where the spaces around
        # show it (``result.covered``), while the print shows at most other empty spaces.
        if len(group) >= occlusion.hand_plain * least and shown >= occlusion.hand_print_share \
                and (result.covered[group] & (empty[group] | (tint[group] < tint_bar))).sum() \
                >= occlusion.hand_covered_most * len(group):
            patch = max(patch, len(group))
            continue
        if not covers(group, covered(group)):
            continue
        mostly = unreadable[group].mean() >= occlusion.hand_unreadable
        if (tinted and (shown >= occlusion.hand_print_share or mostly)) \
                or (mostly and len(group) >= occlusion.hand_plain * least):
            patch = max(patch, len(group))
    # Where the print shows nowhere and skin reads as bare board, the spaces under a
    # hand that cannot be read may touch only at their corners, the hand over the
    # space between them too: bare board, hidden, or its gaps off the board's colour.
    # (Worked out only where enough spaces are unreadable to make such a patch: the
    # joins cost more than the rest of the check on a 19 × 19 board.)
    if unreadable.sum() < occlusion.hand_plain * least:
        return patch
    bridge = hiding | empty | (tint >= occlusion.hand_reach_tint)
    joins = corner_joins(layout.around, neighbours, bridge)
    for group in groups(unreadable, joins, layout.rim):
        if len(group) >= occlusion.hand_plain * least and covers(group, covered(group)) \
                and board_hidden[group].sum() >= occlusion.hand_covered:
            patch = max(patch, len(group))
    return patch
