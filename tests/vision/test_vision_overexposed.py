"""An overexposed board (docs/recognition.md, "A ring left no more than its lines'
fringe"): where the wood clips white, what is left of a bare edge point's ring is the
dark flank of a thick frame line, and it is no black stone's rim; a black stone's rim,
on the edge or under a lamp's reflection clipped white over its face, still is."""

import cv2
import numpy as np

from companion.geometry import load_geometry
from companion.vision.config import load_config
from companion.vision.pipeline import Recogniser
from companion.vision.sampling import ViewMaps, _ring
from companion.vision.scene import Effects, Pose
from companion.vision.stones import UNSURE
from tests.helpers.scene_cache import render_scene
from tests.helpers.vision_highlights import clipped_discs, half_filled_boards

GO = load_geometry("go-19")
CFG = load_config().sampling
STONES = {"D4": "black", "Q16": "white", "K10": "black", "A10": "black", "T5": "black",
          "C1": "white"}


def _framed(image: np.ndarray, truth: dict, width_mm: float = 1.8) -> np.ndarray:
    """``image`` with the board's frame printed thick, as many Go boards print it: a dark
    band ``width_mm`` wide outward from each outer line, under the stones (none within
    0.65 pitch of one: the stone and its lean hide it), blurred as a lens blurs it."""
    mm_to_px = np.array(truth["homography"])
    xs = [GO.space(n).x_mm for n in GO.names]
    ys = [GO.space(n).y_mm for n in GO.names]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    w = width_mm
    bands = [[(x0 - w, y0), (x1 + w, y0), (x1 + w, y0 - w), (x0 - w, y0 - w)],
             [(x0 - w, y1), (x1 + w, y1), (x1 + w, y1 + w), (x0 - w, y1 + w)],
             [(x0, y0 - w), (x0, y1 + w), (x0 - w, y1 + w), (x0 - w, y0 - w)],
             [(x1, y0 - w), (x1, y1 + w), (x1 + w, y1 + w), (x1 + w, y0 - w)]]
    printed = np.zeros(image.shape[:2], np.float32)
    for band in bands:
        px = cv2.perspectiveTransform(np.array(band, np.float64).reshape(-1, 1, 2), mm_to_px)
        cv2.fillPoly(printed, [np.round(px * 16).astype(np.int32)], 1.0, cv2.LINE_AA, 4)
    for name in STONES:
        x, y = truth["spaces_px"][name]
        cv2.circle(printed, (int(round(x)), int(round(y))), int(0.65 * truth["pitch_px"]), 0.0, -1)
    ink = printed[:, :, None]
    out = image.astype(np.float32) * (1.0 - ink) + 20.0 * ink
    return cv2.GaussianBlur(out, (0, 0), 0.8)


def test_bare_edge_points_of_an_overexposed_board_are_not_read_black():
    """A board with a thick frame line, made brighter until its wood clips white (the
    exposure a camera sets on a dark table; × 1.6 and × 2): bare edge and corner points
    read empty or unsure, never black (without the rule 3 of these 6 boards read one
    black: T1, T19, A19), the black stones, two on the edge, stay black, and nothing
    else is read wrong."""
    recogniser = Recogniser(GO, ("black", "white"))
    edge = [n for n in GO.names if (n[0] in "AT" or n[1:] in ("1", "19")) and n not in STONES]
    edge_empty = 0
    for gain in (1.6, 2.0):
        for seed in range(3):
            image, truth = render_scene(seed, GO, STONES, Pose(tilt_deg=10.0 * seed),
                                        Effects(noise=2.0, blur=0.8, jpeg=85))
            bright = np.clip(_framed(image, truth) * gain, 0, 255).astype(np.uint8)
            reading = recogniser.read(bright, np.linalg.inv(np.array(truth["homography"])))
            for name, content in reading.cells.items():
                assert content in (UNSURE, truth["cells"][name]), name
            assert all(reading.cells[name] == "black" for name, colour in STONES.items()
                       if colour == "black")
            edge_empty += sum(reading.cells[name] == "empty" for name in edge)
    assert edge_empty >= 150  # 208 of the 6 × 70 bare edge points (the rest unsure)


def test_black_stones_under_a_lamps_clipped_reflection_keep_their_rim():
    """A lamp's reflection clipped white over a black stone's face, 1.1 and 1.2 cores
    across, leaves of its ring only a thin dark rim, as thin as a line's flank, but the
    board around it is not blown out: its ring is not taken as lit, and no black stone
    is read empty (the ring taken as lit by its blown share alone read 7 of them so)."""
    recogniser = Recogniser(GO, ("black", "white"))
    for names, pieces, image, truth in half_filled_boards(GO):
        for radius in (1.1, 1.2):
            painted = clipped_discs(image, truth, names[:160], radius=radius)
            reading = recogniser.read(painted, np.linalg.inv(np.array(truth["homography"])))
            for name in names[:160]:
                if pieces.get(name) == "black":
                    assert reading.cells[name] in (UNSURE, "black"), name


def _fringe(values: np.ndarray, blown: np.ndarray, lines: np.ndarray) -> bool:
    """``_ring``'s fringe sign for one ring of the given grey levels, the ``blown``
    pixels clipped, ``lines`` each pixel's distance to the space's printed lines."""
    n = len(values)
    summed = (values * 3.0).astype(np.float32)
    maps = ViewMaps(pixels=np.zeros(n, np.uint32), blown=blown, solid=blown.copy(),
                    darkest=values.astype(np.uint8), lightness=np.zeros(n, np.float32),
                    summed=summed, clipped=True)
    *_, fringe = _ring(maps, np.arange(n)[None, :], lines[None, :], np.array([[200.0]]),
                       np.array([[0.2]]), CFG)
    return bool(fringe[0])


def test_a_ring_is_a_fringe_only_where_what_is_left_hugs_the_lines():
    """Of a ring 6 to 7.4 pixels from its centre (a view of 20 pixels a pitch) crossed by
    a vertical and a horizontal line: what a clipped board leaves beside a line (1.6 px
    off it) is its fringe; a rim left all round, also between the lines' arms (5 px off
    them), is not; nor is a ring with nothing clipped."""
    angles = np.linspace(-np.pi, np.pi, 48, endpoint=False)
    lines = 6.7 * np.minimum(np.abs(np.sin(angles)), np.abs(np.cos(angles)))
    beside = (lines > CFG.ring_line_band) & (lines < 2.0)
    values = np.full(48, 255.0)
    blown = np.ones(48, dtype=bool)
    values[beside], blown[beside] = 40.0, False
    assert _fringe(values, blown, lines)
    values, blown = np.full(48, 40.0), np.zeros(48, dtype=bool)
    assert not _fringe(values, blown, lines)
    blown[lines < 3.0] = True  # a reflection over the arms, the rim between them left
    assert not _fringe(values, blown, lines)
    maps_unclipped = np.full(48, 200.0)
    assert not _fringe(maps_unclipped, np.zeros(48, dtype=bool), lines)
