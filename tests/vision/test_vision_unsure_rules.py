"""Why a space is unsure: every unsure stone space names the rules that made it so
(``SpaceReadings.why``, ``companion bench vision --why``), and no other space does; the
rules that make a space unsure rather than wrong, each on the pictures it was made for."""

from collections import Counter

import cv2
import numpy as np

from calibration.recognize import PictureReader
from companion.geometry import load_geometry
from companion.vision.games import game_vision
from companion.vision.pipeline import Recogniser
from companion.vision.scene.looks import random_look
from companion.vision.stones import UNSURE_RULES
from tests.helpers.paths import TEST_DATA
from tests.helpers.scene_cache import render_scene

LABEL_ERRORS = {"L17", "L16", "O16", "P16", "Q15"}
"""``go-more/basic.txt`` differs from its photo at these points (docs/benchmarks.md)."""


def _webcam_copy(image: np.ndarray, longer_side: int, quality: int) -> np.ndarray:
    """``image`` shrunk to ``longer_side`` pixels and saved as JPEG ``quality``."""
    h, w = image.shape[:2]
    scale = longer_side / max(h, w)
    small = cv2.resize(image, (round(w * scale), round(h * scale)),
                       interpolation=cv2.INTER_AREA)
    return cv2.imdecode(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_COLOR)


def _symmetries(grid: np.ndarray) -> list[np.ndarray]:
    turns = [np.rot90(grid, k) for k in range(4)]
    return turns + [t.T for t in turns]


def test_every_unsure_space_names_its_rules_and_no_other_space_does():
    board = load_geometry("go-9")
    recogniser = Recogniser(board, ("black", "white"))
    unsure = 0
    for seed in range(6, 12):  # seeds 0-5 have no unsure space since the dark rim's rule
        look = random_look(np.random.default_rng([seed, 3]), held_out=seed % 2 == 1)
        image, truth = render_scene(seed, board, look=look)
        reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
        assert set(reading.why) == set(reading.unsure)
        assert all(rules and set(rules) <= set(UNSURE_RULES) for rules in reading.why.values())
        unsure += len(reading.unsure)
    assert unsure > 0  # the looks leave some spaces unsure, so the rules were named


def test_white_stones_seen_from_low_in_their_shade_are_unsure_never_empty():
    """``go-more/basic.jpg`` made 640 pixels wide at JPEG quality 60: a white stone
    seen from low in its shade (K2), hardly lighter than the board, shows a little of
    the line beyond it, and one whose lit face is blown out beside its shaded side (M17)
    shows the board's colour in shade. Both were read empty; now unsure (K2, in the
    shade of the board's far side, hiding its print and shading the board beside it,
    white since session 23: ``shaded_white``), and no point is read wrongly but the five
    where the label file differs from the photo."""
    image = _webcam_copy(cv2.imread(str(TEST_DATA / "go-more" / "basic.jpg")), 640, 60)
    result, _ = PictureReader(game_vision("go")).read(image)
    seen = np.array([list(row) for row in result["grid"]])
    rows = (TEST_DATA / "go-more" / "basic.txt").read_text().split("\n")
    label = np.array([row.split() for row in rows if row.strip()])
    truth = max(_symmetries(label), key=lambda t: int((t == seen).sum()))
    cells = {c["space"]: c["content"] for c in result["cells"]}
    assert cells["K2"] in ("unsure", "white") and cells["M17"] == "unsure"
    columns = "ABCDEFGHJKLMNOPQRST"
    wrong = {f"{columns[c]}{19 - r}" for r, c in zip(*np.nonzero((seen != truth) & (seen != "?")),
                                                     strict=True)}
    assert wrong <= LABEL_ERRORS


def _go_readings(seeds, held_out=False):
    """The 19 × 19 Go scenes ``seeds`` under the benchmark's look of each seed
    (development or held-out), read from their true corners: (reading, truth) per
    scene, the reading's cells in the layout's order."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    for seed in seeds:
        look = random_look(np.random.default_rng([seed, 3]), held_out=held_out)
        image, truth = render_scene(seed, board, look=look)
        yield recogniser.read(image, np.linalg.inv(np.array(truth["homography"]))), truth


def _tally(seeds, colour, held_out=False, no_hand=False):
    """Read ``_go_readings(seeds, held_out)``, asserting that no space is read wrongly
    (and, with ``no_hand``, that no scene is called occluded): how many spaces hold
    ``colour`` and how many of them were read as each content."""
    total, read = 0, Counter()
    for reading, truth in _go_readings(seeds, held_out=held_out):
        assert not (no_hand and reading.occluded)
        for name, content in reading.cells.items():
            assert content in ("unsure", truth["cells"][name])
            if truth["cells"][name] == colour:
                total += 1
                read[content] += 1
    return total, read


def test_a_white_stone_clipped_whole_in_its_brightest_channel_only_is_white():
    """Under a warm lamp (development looks 8 and 38) a white stone's face may clip in
    red over its whole core, yet no pixel of it is white in every channel, as a lamp's
    reflection in bare board is at its heart: the other channels show it white. (The
    same disc clipped white in every channel stays unsure: ``test_vision_stones``.)"""
    clipped = read_white = 0
    for reading, truth in _go_readings((8, 38)):
        samples = reading.samples
        for i, name in enumerate(reading.cells):
            assert reading.cells[name] in ("unsure", truth["cells"][name])
            if truth["cells"][name] == "white" and samples.core_blown[i] == 1.0 \
                    and samples.core_glared[i] == 0.0:
                clipped += 1
                read_white += reading.cells[name] == "white"
    assert clipped >= 5 and read_white >= 0.8 * clipped


def test_a_black_stone_darker_than_the_shade_beside_it_is_black():
    """Another share of the gaps (the shade between crowded stones) or the board's tint
    taken as the light's may read a black stone as bare board; it is not, where the core
    is far darker than even that shade and shows no print (development looks 9 and 30:
    black stones on tan paper and on kaya lit by a warm lamp). A hand's shadow over bare
    board leaves the print showing: ``test_vision_occlusion`` and the benchmark's hands."""
    blacks, read = _tally((9, 30), "black")
    assert read["black"] >= 0.97 * blacks  # 121 of 127 before the rule


def test_a_shaded_stone_is_read_and_a_stone_half_on_its_space_is_not():
    """A glossy white stone under a lamp (development look 16, plastic stones on tan
    paper at 640×480) is lighter on the lamp's side: its core spreads, yet its darker
    and its lighter quarter both read white. A white disc laid so that its edge runs
    through the point shows the board in its darker part: never read white."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    look = random_look(np.random.default_rng([16, 3]))
    image, truth = render_scene(16, board, look=look)
    reading = recogniser.read(image, np.linalg.inv(np.array(truth["homography"])))
    whites = [n for n, c in truth["cells"].items() if c == "white"]
    assert all(reading.cells[n] in ("unsure", truth["cells"][n]) for n in board.names)
    assert sum(reading.cells[n] == "white" for n in whites) >= 0.95 * len(whites)

    empty = [n for n, c in truth["cells"].items() if c == "empty"
             and all(truth["cells"][m] == "empty" for m in board.neighbours(n))]
    pitch = float(truth["pitch_px"])
    laid = image.copy()
    for name in empty[:6]:
        x, y = truth["spaces_px"][name]
        cv2.circle(laid, (round(x + 0.45 * pitch), round(y)), round(0.45 * pitch),
                   (225, 230, 235), -1, cv2.LINE_AA)
    reading = recogniser.read(laid, np.linalg.inv(np.array(truth["homography"])))
    assert all(reading.cells[name] != "white" for name in empty[:6])
    assert sum(reading.cells[name] == "unsure" for name in empty[:6]) >= 4


def test_a_black_stone_lighter_than_foreseen_is_black():
    """Frosted yunzi black stones on bamboo and on tan vinyl under a tinted lamp
    (held-out looks 31 and 52) are far darker than the board and of a black stone's tint,
    yet lie half way between the board's lightness and a black stone's, too far from it
    for the stone's shift learned from the scene (which needs stones read surely first):
    they were "nothing fits". They are black, and nothing is read wrongly."""
    blacks, read = _tally((31, 52), "black", held_out=True, no_hand=True)
    assert read["black"] >= 0.9 * blacks  # 106 of 162 before the rule, 149 with it


def test_a_glossy_black_stones_dark_rim_round_a_bright_highlight_is_no_print():
    """Glossy yunzi black stones about 12 pixels across in a 640 × 480 frame (held-out
    looks 112 and 114, tan vinyl and bamboo): the highlight fills most of the core, and
    the rim two or three pixels wide round it, filled by the closing that takes thin
    print away, passed for print, so they were read empty, confidently. A ring that dark
    round a core is no print: never empty, and no space is read wrongly."""
    blacks, read = _tally((112, 114), "black", held_out=True)
    assert blacks > 20 and read["empty"] == 0


def test_a_frosted_black_stone_is_told_by_its_dark_rim():
    """Frosted yunzi black stones on bamboo (held-out looks 5 and 10): a lamp lifts each
    face until it is little darker than the board and reads empty by its colour, while
    its rim, round the core, stays far darker than any board. 125 of 224 were read black
    before the rule (the rest unsure); now nearly all are, and nothing is read wrongly."""
    blacks, read = _tally((5, 10), "black", held_out=True, no_hand=True)
    assert blacks > 200 and read["black"] >= 0.95 * blacks  # 221 of 224


def test_bare_board_in_a_deep_shadow_is_no_black_stone():
    """A shadow dims bare board over the core and the ring round it alike, whatever its
    depth, and leaves the print showing: a soft shadow to 35 % of the light over empty
    points (development look 2), or a hard shadow's edge through them, is never read as
    a black stone."""
    board = load_geometry("go-19")
    recogniser = Recogniser(board, ("black", "white"))
    look = random_look(np.random.default_rng([2, 3]))
    image, truth = render_scene(2, board, look=look)
    empty = [n for n, c in truth["cells"].items() if c == "empty"
             and all(truth["cells"][m] == "empty" for m in board.neighbours(n))][:12]
    assert len(empty) == 12
    pitch = float(truth["pitch_px"])
    for hard in (False, True):
        shade = np.ones(image.shape[:2], np.float32)
        for name in empty:
            x, y = truth["spaces_px"][name]
            if hard:  # a band whose edge runs through the point
                shade[:, round(x):round(x + 1.2 * pitch)] = 0.35
            else:
                cv2.circle(shade, (round(x), round(y)), round(0.8 * pitch), 0.35, -1)
        if not hard:
            shade = cv2.GaussianBlur(shade, (0, 0), 0.3 * pitch)
        shaded = np.clip(image * shade[:, :, None], 0, 255).astype(np.uint8)
        reading = recogniser.read(shaded, np.linalg.inv(np.array(truth["homography"])))
        assert all(reading.cells[name] != "black" for name in empty)


def test_bare_board_darker_than_any_white_stone_with_its_print_blurred_away_is_empty():
    """Thick lines blurred into the core of a bare point (development looks 9 and 13,
    boards printed with wide lines, seen by a webcam) darken it and leave no print to
    see: it was unsure, its print hidden and its colour off the board's. It is darker than
    its board by more than a white stone lit as its board can be, and far lighter than a
    black stone: empty. A white stone seen from low in its shade is lighter than its board
    and stays unsure (``go-more/basic.jpg``, above); nothing is read wrongly."""
    empties, read = _tally((9, 13), "empty")
    assert read["empty"] >= 0.95 * empties  # 298 of 333 before the rule, 324 with it
