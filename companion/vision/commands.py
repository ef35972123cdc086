"""``companion recognize``: read the board in photographs and print what is on it.

This module is the command line's edge of the recogniser: it loads the pictures, finds
the board in each (from ``--corners``, or automatically through ``calibration``: a plain
grid board by its lines, a printed board by its corner markers) and prints one JSON
object per picture. A Go board whose size is not given is found at whichever of 19, 13
and 9 lines its lines fit. Like ``companion/cli.py`` it imports the outer ``calibration``
layer, lazily and only here; the recogniser itself (``pipeline``) only ever sees a
homography.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from companion.errors import UserFacingError
from companion.geometry import Geometry
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import NO_BOARD

# One character per content in the ``grid`` rows.
GRID_CHARS = {EMPTY: ".", "black": "B", "white": "W", "red": "R", "blue": "U",
              "green": "G", "yellow": "Y", UNSURE: "?"}


class RecognitionError(UserFacingError, ValueError):
    """A picture could not be read; the message says why."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "recognize",
        help="read the board in photographs and print what is on every space",
        description=(
            "Read the board in each IMAGE and print, per image, every space's content, "
            "the spaces it is unsure of, whether the board was hidden, and the time it "
            "took. See docs/recognition.md for the format."
        ),
    )
    parser.add_argument("images", nargs="+", metavar="IMAGE", type=Path)
    parser.add_argument("--game", required=True, help="the game on the board (go, one, ...)")
    parser.add_argument("--board", help="a board file (JSON geometry) instead of the game's own")
    parser.add_argument("--size", type=int,
                        help="Go only: 9, 13 or 19 lines (default: counted from the board's "
                             "lines; 19 with --corners)")
    parser.add_argument(
        "--corners", metavar="x,y;x,y;x,y;x,y",
        help="the board's four corners in the picture, its top-left corner first "
             "(default: find the board automatically)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--look", metavar="FILE", type=Path,
                        help="read with the learned look the live loop saved in FILE "
                             "(look.json in the data folder) for this board and picture "
                             "size (default: look-free)")
    parser.set_defaults(func=run)


def parse_corners(text: str) -> np.ndarray:
    """``"10,20;300,22;305,290;8,288"`` -> a 4×2 array of pixel positions."""
    try:
        points = [[float(v) for v in pair.split(",")] for pair in text.strip().split(";")]
        array = np.array(points, dtype=np.float64)
    except ValueError:
        array = np.empty((0,))
    if array.shape != (4, 2):
        raise RecognitionError(
            f"--corners takes four corners as x,y;x,y;x,y;x,y (pixels); got {text!r}.")
    return array


def run(args: argparse.Namespace) -> int:
    from companion.vision.games import game_vision

    try:
        vision = game_vision(args.game, board=args.board, size=args.size)
    except ValueError as error:
        raise RecognitionError(str(error)) from None
    corners = parse_corners(args.corners) if args.corners else None
    reader = PictureReader(vision, find_size=args.game == "go" and args.size is None
                           and args.board is None and corners is None)
    if args.look is not None:
        from companion.vision.look_file import LookFile

        if not args.look.is_file():
            raise RecognitionError(f"There is no learned look in {args.look}.")
        reader.looks = LookFile(args.look)
    status = 0
    for path in args.images:
        start = time.perf_counter()
        try:
            result = read_picture(path, reader, corners)
        except UserFacingError as error:
            result = {"image": str(path), "error": str(error)}
            status = 1
        result["ms"] = {**result.get("ms", {}),
                        "total": round((time.perf_counter() - start) * 1000.0, 2)}
        if args.json:
            print(json.dumps(result))
        else:
            print(_as_text(result))
    return status


class PictureReader:
    """Reads pictures of one game's board: registers each, reads every space, and says
    what was found. With ``find_size`` a Go board's size is found per picture from its
    lines, among 19, 13 and 9."""

    def __init__(self, vision, *, find_size: bool = False) -> None:
        from companion.vision.games import go_sizes
        from companion.vision.pipeline import Recogniser

        self.choices = [(choice, Recogniser(choice.geometry, choice.colours,
                                            kind=choice.recogniser))
                        for choice in (go_sizes(vision) if find_size else (vision,))]
        self.looks: Any = None
        """A ``LookFile`` to read with a learned look from, or ``None``: look-free."""

    def read(self, image: np.ndarray, corners: np.ndarray | None = None
             ) -> tuple[dict[str, Any], Any]:
        """(the picture's JSON but its name, the board's Registration: None from
        ``corners`` or markers)."""
        start = time.perf_counter()
        choice, registration, homography, method = self.locate(image, corners)
        registration_ms = (time.perf_counter() - start) * 1000.0
        vision, recogniser = self.choices[choice]
        if self.looks is not None:
            from companion.vision.look_file import look_key

            key = look_key(vision.geometry, (image.shape[1], image.shape[0]))
            recogniser.look = self.looks.load(key, list(recogniser.colours), recogniser.cfg)
        reading = recogniser.read(image, homography)
        if reading.reason.startswith(NO_BOARD):
            raise RecognitionError(reading.reason)
        geometry = vision.geometry
        result: dict[str, Any] = {"registration": method}
        if self.looks is not None:
            result["look"] = bool(recogniser.look is not None and recogniser.look.ready)
        if vision.game == "go" and geometry.kind == "grid":
            result["size"] = int(geometry.spec["columns"])
        result.update(reading.to_json())
        result["ms"] = {"registration": round(registration_ms, 2), **result["ms"]}
        if geometry.kind == "grid" and recogniser.kind == "stones":
            result["grid"] = grid_rows(geometry, reading.cells, homography)
        return result, registration

    def locate(self, image: np.ndarray, corners: np.ndarray | None
               ) -> tuple[int, Any, np.ndarray, str]:
        """(which of the choices the board is, its Registration or None, the homography
        pixels → board mm, how it was found)."""
        geometry = self.choices[0][0].geometry
        if corners is None and geometry.kind == "grid" and _has_grid_finder():
            from calibration import gridfind
            from calibration.registration import RegistrationError

            geometries = [vision.geometry for vision, _ in self.choices]
            try:
                found, registration = gridfind.find_grid_of(image, geometries)
            except RegistrationError as error:
                raise RecognitionError(f"no board found: {_sentence(error)}") from None
            choice = next(k for k, g in enumerate(geometries) if g is found)
            return choice, registration, registration.homography, registration.method
        homography, method = locate(image, geometry, corners)
        return 0, None, homography, method


def read_picture(path: Path, reader: PictureReader, corners: np.ndarray | None
                 ) -> dict[str, Any]:
    """Read one picture: register it, read every space, and say what was found."""
    import cv2

    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise RecognitionError(f"{path} is not a picture that can be read.")
    result, _registration = reader.read(image, corners)
    return {"image": str(path), **result}


def locate(image: np.ndarray, geometry: Geometry,
           corners: np.ndarray | None) -> tuple[np.ndarray, str]:
    """The homography pixels → board mm, and how it was found."""
    from calibration import registration

    if corners is not None:
        found = registration.from_corners(corners, geometry.width_mm, geometry.height_mm)
        return found.homography, "corners"
    if geometry.kind == "grid" and _has_grid_finder():
        from calibration import gridfind

        try:
            found = gridfind.find_grid(image, geometry)
        except registration.RegistrationError as error:
            raise RecognitionError(f"no board found: {_sentence(error)}") from None
        return found.homography, found.method
    from calibration.layout import board_layout

    try:
        found = registration.from_markers(image, board_layout(geometry))
    except registration.RegistrationError:
        raise RecognitionError(
            "no board found: no corner markers in the picture; give the board's four "
            "corners with --corners") from None
    return found.homography, found.method


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _has_grid_finder() -> bool:
    import importlib.util

    return importlib.util.find_spec("calibration.gridfind") is not None


def grid_rows(geometry: Geometry, cells: dict[str, str], pixels_to_mm: np.ndarray) -> list[str]:
    """The grid as it appears in the picture: one string per row, top row first."""
    return ["".join(GRID_CHARS.get(cells[name], "?") for name in row)
            for row in grid_as_seen(geometry, pixels_to_mm)]


def grid_as_seen(geometry: Geometry, pixels_to_mm: np.ndarray) -> list[list[str]]:
    """The grid's space names laid out as the picture shows them, top row first."""
    import cv2

    names = geometry.names
    columns = np.array([geometry.space(n).attrs["column"] for n in names])
    rows = np.array([geometry.space(n).attrs["row"] for n in names])
    board = np.array([geometry.position_mm(n) for n in names], dtype=np.float64)
    pixels = cv2.perspectiveTransform(board.reshape(-1, 1, 2),
                                      np.linalg.inv(pixels_to_mm)).reshape(-1, 2)
    # How the picture's x and y follow the board's column and row numbers.
    fit = np.linalg.lstsq(np.column_stack([columns, rows, np.ones(len(names))]), pixels,
                          rcond=None)[0]
    along_col, along_row = fit[0], fit[1]  # image motion per column, per row
    if abs(along_col[0]) >= abs(along_row[0]):
        across, down = (columns, along_col[0]), (rows, along_row[1])
    else:
        across, down = (rows, along_row[0]), (columns, along_col[1])
    x = across[0] if across[1] > 0 else across[0].max() - across[0]
    y = down[0] if down[1] > 0 else down[0].max() - down[0]
    grid = [[""] * (int(x.max()) + 1) for _ in range(int(y.max()) + 1)]
    for name, xi, yi in zip(names, x, y, strict=True):
        grid[int(yi)][int(xi)] = name
    return grid


def _content(content: Any) -> str:
    if isinstance(content, dict) and "side" in content:  # a OneWorld counter
        return f"{content['side']} {content['face']}" + (" (stack)" if content["stack"] else "")
    if isinstance(content, dict):  # an ONSLAUGHT square
        things = [*content["pieces"], *(f"{team} orb" for team in content["orbs"])]
        if content["token"]:
            things.append(f"{content['token']} token")
        return ", ".join(things)
    return str(content)


def _as_text(result: dict[str, Any]) -> str:
    if "error" in result:
        return f"{result['image']}: {result['error']}"
    size = f", a {result['size']}x{result['size']} board" if "size" in result else ""
    lines = [f"{result['image']}: read in {result['ms']['total']:.0f} ms{size}"]
    if result["occluded"]:
        lines.append(f"  {result['reason']}")
    if "grid" in result:
        lines += [f"  {row}" for row in result["grid"]]
    else:
        lines += [f"  {c['space']}: {_content(c['content'])}" for c in result["cells"]
                  if c["content"] not in (EMPTY, UNSURE)]
    if result["unsure"]:
        lines.append(f"  unsure: {' '.join(result['unsure'])}")
    return "\n".join(lines)

