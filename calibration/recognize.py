"""``companion recognize``: read the board in photographs and print what is on it (or,
with ``--game cards``, the ONE WORLD cards on the table, by their printed marks).

The command line's edge of the recogniser: it loads the pictures, finds the board in
each with the board locator the live loop uses (``calibration.locator``: the corners
given with ``--corners``, a plain grid board by its lines, a printed board by its corner
markers), reads every space (``companion.vision``) and prints one JSON object per
picture. A Go board whose size is not given is found at whichever of 19, 13 and 9 lines
its lines fit. It lives in the calibration layer, the lowest that knows both the
locator and the recogniser; the recogniser itself only ever sees a homography.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from companion.errors import UserFacingError
from companion.geometry import Geometry
from companion.vision.grid_text import grid_rows
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.pipeline import NO_BOARD

if TYPE_CHECKING:
    from calibration.locator import Located


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
    parser.add_argument("--game", required=True,
                        help="the game on the board (go, one, ...), or cards: the ONE WORLD "
                             "cards on the table, read by their marks")
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
    """``"10,20;300,22;305,290;8,288"`` -> a 4×2 array of pixel positions. Every command's
    ``--corners`` takes this one form (spaces may stand for the semicolons)."""
    try:
        pairs = text.replace(";", " ").split()
        points = [[float(v) for v in pair.split(",")] for pair in pairs]
        array = np.array(points, dtype=np.float64)
    except ValueError:
        array = np.empty((0,))
    if array.shape != (4, 2):
        raise RecognitionError(
            f"--corners takes four corners as x,y;x,y;x,y;x,y (pixels); got {text!r}.")
    return array


CARD_GAME = "cards"
BOARD_OPTIONS = ("board", "size", "corners", "look")


def run(args: argparse.Namespace) -> int:
    from companion.vision.games import game_vision

    if args.game == CARD_GAME:
        return run_cards(args)
    try:
        vision = game_vision(args.game, board=args.board, size=args.size)
    except ValueError as error:
        raise RecognitionError(str(error)) from None
    corners = parse_corners(args.corners) if args.corners else None
    reader = PictureReader(vision, find_size=len(vision.boards) > 1 and args.size is None
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


def run_cards(args: argparse.Namespace) -> int:
    """Read the ONE WORLD cards in each picture by their marks and print them: one JSON
    object a picture with ``--json``, else a line a card."""
    from companion.vision.card_marks import read_cards
    from companion.vision.image_files import PictureFileError, read_picture_file

    given = [f"--{name}" for name in BOARD_OPTIONS if getattr(args, name) is not None]
    if given:
        raise RecognitionError(f"{', '.join(given)} is for boards; the cards are read by "
                               "their marks, wherever they lie.")
    status = 0
    for path in args.images:
        start = time.perf_counter()
        try:
            cards = [{**card.to_json(), "name": _card_name(card.kind, card.key)}
                     for card in read_cards(read_picture_file(path))]
            result: dict[str, Any] = {"image": str(path), "cards": cards}
        except PictureFileError as error:
            result = {"image": str(path), "error": str(error)}
            status = 1
        result["ms"] = {"total": round((time.perf_counter() - start) * 1000.0, 2)}
        print(json.dumps(result) if args.json else _cards_as_text(result))
    return status


def _card_name(kind: str, key: str) -> str:
    """A country card's English name, or a mission's title."""
    from companion.cards.deck import load_deck, load_missions

    if kind == "country":
        return load_deck().card(key).name
    return next(m["title"] for m in load_missions() if m["id"] == key)


def _cards_as_text(result: dict[str, Any]) -> str:
    if "error" in result:
        return f"{result['image']}: {result['error']}"
    cards = result["cards"]
    lines = [f"{result['image']}: {len(cards)} card{'s' if len(cards) != 1 else ''}, read "
             f"in {result['ms']['total']:.0f} ms"]
    lines += [f"  {c['name']} ({c['kind']} {c['card']}) at "
              f"({c['centre'][0]:.0f}, {c['centre'][1]:.0f}), turned {c['rotation']:.0f}°, "
              f"seen by its {' and '.join(c['marks'])} "
              f"mark{'s' if len(c['marks']) > 1 else ''}" for c in cards]
    return "\n".join(lines)


class PictureReader:
    """Reads pictures of one game's board: registers each, reads every space, and says
    what was found. With ``find_size`` the board is found per picture among the boards
    the game's pictures may show (a Go board's size from its lines, among 19, 13 and
    9)."""

    def __init__(self, vision, *, find_size: bool = False) -> None:
        from companion.vision.games import every_board
        from companion.vision.pipeline import Recogniser

        self.choices = [(choice, Recogniser(choice.geometry, choice.colours,
                                            kind=choice.recogniser))
                        for choice in (every_board(vision) if find_size else (vision,))]
        self.looks: Any = None
        """A ``LookFile`` to read with a learned look from, or ``None``: look-free."""

    def read(self, image: np.ndarray, corners: np.ndarray | None = None
             ) -> tuple[dict[str, Any], Any]:
        """(the picture's JSON but its name, the board's ``Registration`` as found)."""
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
        if len(vision.boards) > 1 and geometry.kind == "grid":
            result["size"] = int(geometry.spec["columns"])
        result.update(reading.to_json())
        result["ms"] = {"registration": round(registration_ms, 2), **result["ms"]}
        if geometry.kind == "grid" and recogniser.reader.shows_grid:
            result["grid"] = grid_rows(geometry, reading.cells, homography)
        return result, registration

    def locate(self, image: np.ndarray, corners: np.ndarray | None
               ) -> tuple[int, Any, np.ndarray, str]:
        """(which of the choices the board is, its Registration, the homography pixels →
        board mm, how it was found)."""
        geometries = [vision.geometry for vision, _ in self.choices]
        found = find(image, geometries, corners)
        choice = next(k for k, g in enumerate(geometries) if g is found.geometry)
        return choice, found.registration, found.homography, found.method


def read_picture(path: Path, reader: PictureReader, corners: np.ndarray | None
                 ) -> dict[str, Any]:
    """Read one picture: register it, read every space, and say what was found."""
    from companion.vision.image_files import PictureFileError, read_picture_file

    try:
        image = read_picture_file(path)
    except PictureFileError as error:
        raise RecognitionError(str(error)) from None
    result, _registration = reader.read(image, corners)
    return {"image": str(path), **result}


def find(image: np.ndarray, geometries: list[Geometry], corners: np.ndarray | None
         ) -> Located:
    """Where the board, ``geometries[0]`` or one of the others, lies in ``image``
    (``BoardLocator.find``); a ``RecognitionError`` saying why it is not found."""
    from calibration.locator import BoardLocator
    from calibration.registration import RegistrationError

    locator = BoardLocator(geometries[0], sizes=geometries[1:])
    if corners is not None:
        locator.fix_corners(corners)
    try:
        found = locator.find(image)
    except RegistrationError as error:
        if geometries[0].kind == "grid":
            raise RecognitionError(f"no board found: {_sentence(error)}") from None
        raise RecognitionError(
            "no board found: no corner markers in the picture; give the board's four "
            "corners with --corners") from None
    return found


def locate(image: np.ndarray, geometry: Geometry,
           corners: np.ndarray | None) -> tuple[np.ndarray, str]:
    """The homography pixels → board mm, and how it was found."""
    found = find(image, [geometry], corners)
    return found.homography, found.method


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


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

