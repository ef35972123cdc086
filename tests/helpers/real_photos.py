"""The labelled ``go-more`` photos of ``tests/data`` as ``companion bench
vision-real-variations`` changes them, read as the bench reads them."""

import cv2
import numpy as np

from benchmarks.vision_real_variations import VARIATIONS, _reference, _symmetries
from calibration.recognize import PictureReader
from companion.vision.games import game_vision
from tests.helpers.paths import TEST_DATA

BASIC_LABEL_FIXED = {(2, 10): "B", (3, 10): ".", (3, 13): "B", (3, 14): ".", (4, 15): "B"}
"""Where ``go-more/basic.txt`` differs from its photo (row, column of the file; read
from the photo: docs/benchmarks.md, session 20 and 21), and what the photo shows."""


def label(name: str) -> np.ndarray:
    """The label file of ``go-more/NAME.jpg`` as a grid, ``basic``'s errors mended."""
    rows = (TEST_DATA / "go-more" / f"{name}.txt").read_text().split("\n")
    grid = np.array([row.split() for row in rows if row.strip()])
    if name == "basic":
        for (r, c), content in BASIC_LABEL_FIXED.items():
            grid[r, c] = content
    return grid


def varied(name: str, variation: str) -> np.ndarray:
    """``go-more/NAME.jpg`` as the bench's ``variation`` changes it."""
    image = cv2.imread(str(TEST_DATA / "go-more" / f"{name}.jpg"))
    change = next(v for v in VARIATIONS if v.name == variation)
    changed, _ = change.change(image, _reference(image, game_vision("go", size=19).geometry))
    return changed


def read_photo(image: np.ndarray, label: np.ndarray) -> tuple[dict[str, int], dict[str, str]]:
    """The photo read as the bench reads it: counts of points right, unsure and wrong
    (against ``label`` turned as the reading best fits it), and the points read wrong
    (reading/label, the reader's names)."""
    result, _ = PictureReader(game_vision("go"), find_size=True).read(image)
    seen = np.array([list(row) for row in result["grid"]])
    truth = max(_symmetries(label), key=lambda t: int((t == seen).sum()))
    names = [[c["space"] for c in result["cells"]][i * 19:(i + 1) * 19] for i in range(19)]
    wrong = {names[r][c]: f"{seen[r, c]}/{truth[r, c]}"
             for r, c in zip(*np.nonzero((seen != truth) & (seen != "?")), strict=True)}
    counts = {"right": int((seen == truth).sum()), "unsure": int((seen == "?").sum()),
              "wrong": len(wrong)}
    return counts, wrong
