"""The ChArUco calibration board: its spec, its image, and calibration views from it.

A ChArUco board is a chessboard with an ArUco marker in each white square; its corners
are found even when part of the board is out of the picture or under a thumb, which
makes it the target we print (``companion print charuco``). The spec is written
``COLSxROWS:SQUARE_MM:MARKER_MM[:DICTIONARY]``, e.g. ``5x7:33:25`` (squares across and
down). Its dictionary differs from the corner markers' (see ``markers.py``).

Uses OpenCV's 4.7+ API: ``CharucoDetector.detectBoard`` then
``CharucoBoard.matchImagePoints``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import cv2
import numpy as np

from calibration.intrinsics import RejectedView, View
from calibration.markers import dictionary

CHARUCO_DICTIONARY = "DICT_5X5_100"
DEFAULT_SPEC = "5x7:33:25"  # fits one A4 or Letter page above the rulers
MIN_CORNERS = 6
MAX_SQUARES = 40
"""The most squares a board has across or down (a printable target has about ten)."""
MAX_SIDE_MM = 1000.0
"""The widest and tallest board, in millimetres (printed, it is tiled over pages)."""


@dataclass(frozen=True)
class CharucoSpec:
    columns: int
    rows: int
    square_mm: float
    marker_mm: float
    dictionary: str = CHARUCO_DICTIONARY

    @property
    def width_mm(self) -> float:
        return self.columns * self.square_mm

    @property
    def height_mm(self) -> float:
        return self.rows * self.square_mm

    def __str__(self) -> str:
        text = f"{self.columns}x{self.rows}:{self.square_mm:g}:{self.marker_mm:g}"
        return text if self.dictionary == CHARUCO_DICTIONARY else f"{text}:{self.dictionary}"

    def board(self) -> cv2.aruco.CharucoBoard:
        """The OpenCV board object, in millimetres."""
        return cv2.aruco.CharucoBoard(
            (self.columns, self.rows), self.square_mm, self.marker_mm, dictionary(self.dictionary)
        )


def parse_spec(text: str = DEFAULT_SPEC) -> CharucoSpec:
    """Read a ``COLSxROWS:SQUARE_MM:MARKER_MM[:DICTIONARY]`` spec."""
    match = re.fullmatch(r"\s*(\d{1,4})[x×X](\d{1,4}):(\d{1,5}(?:\.\d{0,3})?):"
                         r"(\d{1,5}(?:\.\d{0,3})?)(?::(\w{1,30}))?\s*", text)
    if not match:
        raise ValueError(
            f"A ChArUco board is given as COLSxROWS:SQUARE_MM:MARKER_MM, e.g. {DEFAULT_SPEC}; "
            f"got {text!r}."
        )
    spec = CharucoSpec(int(match[1]), int(match[2]), float(match[3]), float(match[4]),
                       match[5] or CHARUCO_DICTIONARY)
    if min(spec.columns, spec.rows) < 3:
        raise ValueError("A ChArUco board needs at least 3 squares each way.")
    if max(spec.columns, spec.rows) > MAX_SQUARES:
        raise ValueError(f"A ChArUco board has at most {MAX_SQUARES} squares each way.")
    if not 0 < spec.marker_mm < spec.square_mm:
        raise ValueError("A ChArUco board's markers must be smaller than its squares.")
    if max(spec.width_mm, spec.height_mm) > MAX_SIDE_MM:
        raise ValueError(f"A ChArUco board is at most {MAX_SIDE_MM:g} mm each way; "
                         f"{spec} is {spec.width_mm:g} × {spec.height_mm:g} mm.")
    markers = len(dictionary(spec.dictionary).bytesList)
    if spec.columns * spec.rows // 2 > markers:
        raise ValueError(f"A {spec.columns}x{spec.rows} ChArUco board needs "
                         f"{spec.columns * spec.rows // 2} markers; {spec.dictionary} has "
                         f"{markers}.")
    return spec


def render(spec: CharucoSpec, px_per_mm: float = 4.0) -> np.ndarray:
    """The board as a grey image at ``px_per_mm`` (no margin)."""
    size = (round(spec.width_mm * px_per_mm), round(spec.height_mm * px_per_mm))
    return spec.board().generateImage(size, marginSize=0, borderBits=1)


def find_view(image: np.ndarray, spec: CharucoSpec, name: str) -> View | RejectedView:
    """Find the board's chessboard corners in ``image`` (in mm on the board)."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    board = spec.board()
    detector = cv2.aruco.CharucoDetector(board)
    corners, ids, _marker_corners, marker_ids = detector.detectBoard(grey)
    count = 0 if ids is None else len(ids)
    if count < MIN_CORNERS:
        markers = 0 if marker_ids is None else len(marker_ids)
        return RejectedView(name, (
            f"only {count} ChArUco corners found ({markers} markers); at least {MIN_CORNERS} "
            f"are needed. Is this the {spec} board, sharp and well lit?"
        ))
    if board.checkCharucoCornersCollinear(ids):
        return RejectedView(name, "the ChArUco corners found all lie on one line; "
                                  "show more of the board.")
    objects, pixels = board.matchImagePoints(corners, ids)
    size = (grey.shape[1], grey.shape[0])
    return View(name, objects.reshape(-1, 3), pixels.reshape(-1, 2), size)
