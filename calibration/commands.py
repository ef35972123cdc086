"""Sub-commands ``companion calibrate``, ``companion print`` and ``companion recognize``.

    companion calibrate camera (--chessboard 9x6 | --charuco [--spec SPEC]) IMAGES...
    companion calibrate board BOARD IMAGE [--markers | --corners X,Y ... | --grid]
    companion calibrate field IMAGE [--size 24x24]
    companion print (charuco | markers | board NAME_OR_FILE | counters | pieces | cards)
        [--paper a4|a3|letter]
    companion recognize IMAGE... --game GAME (calibration.recognize)

Results are saved in the companion's data folder (``camera.json``,
``registration.json``) unless ``-o`` says otherwise; ``--json`` prints the result as one
JSON object on the last line. The walk-through is ``docs/calibration.md``. The camera
is the hardware layer's: it gives ``calibrate camera`` its ``--live SOURCE`` option
(``hardware.live_calibration``), which takes the pictures from a camera instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration import charuco, chessboard, recognize
from calibration.intrinsics import (
    CameraModel,
    RejectedView,
    View,
    calibrate,
    coverage,
)
from calibration.printables.counters import DEFAULT_COUNTER_MM
from companion import paths
from companion.errors import UserFacingError, value_errors_as
from companion.vision.image_files import PictureFileError, read_picture_file

CARD_PAPERS = ("a4", "letter")  # a 3 x 3 sheet of poker cards; A3 would waste half


def default_camera_path() -> Path:
    """Where ``calibrate camera`` saves the camera, and recognisers look for it."""
    return paths.data_dir() / "camera.json"


def default_registration_path() -> Path:
    return paths.data_dir() / "registration.json"


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_calibrate(subparsers)
    _register_print(subparsers)
    recognize.register(subparsers)


# -- calibrate ----------------------------------------------------------------------------


def _register_calibrate(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "calibrate", help="calibrate the camera's lens, or register a board in a picture",
        description="Calibrate the camera (lens and focal length) from pictures of a "
                    "printed target, or find a board in a picture. See docs/calibration.md.")
    kinds = parser.add_subparsers(dest="what", metavar="WHAT")
    camera = kinds.add_parser(
        "camera", help="the lens, from pictures of a ChArUco board or a chessboard",
        description="Calibrate the camera from 10-20 pictures of a printed target seen "
                    "from different angles ('companion print charuco' prints one).")
    target = camera.add_mutually_exclusive_group(required=True)
    target.add_argument("--chessboard", metavar="COLSxROWS",
                        help="a classic chessboard, by inner corners, e.g. 9x6")
    target.add_argument("--charuco", action="store_true",
                        help="a ChArUco board, as 'companion print charuco' prints it")
    camera.add_argument("--spec", default=charuco.DEFAULT_SPEC, metavar="SPEC",
                        help=f"the ChArUco board's COLSxROWS:SQUARE_MM:MARKER_MM, as given "
                             f"to 'companion print charuco --spec' (default "
                             f"{charuco.DEFAULT_SPEC})")
    camera.add_argument("--square-mm", type=float, default=25.0,
                        help="the chessboard's square side in mm (default 25)")
    camera.add_argument("-o", "--output", type=Path, default=None,
                        help="where to save the result (default: camera.json in the data folder)")
    camera.add_argument("--json", action="store_true",
                        help="print the result as JSON (with 'rms') on the last line")
    camera.add_argument("images", nargs="*", type=Path, metavar="IMAGES")
    camera.set_defaults(func=run_camera)

    board = kinds.add_parser(
        "board", help="find a board in a picture (registration)",
        description="Find where a board lies in a picture: from its printed corner "
                    "markers, from four corners you give, or from its grid lines.")
    board.add_argument("board", metavar="BOARD", help="a bundled board name or a board file")
    board.add_argument("image", type=Path, metavar="IMAGE")
    how = board.add_mutually_exclusive_group()
    how.add_argument("--markers", action="store_true",
                     help="use the corner markers printed around the board (default)")
    how.add_argument("--corners", metavar="x,y;x,y;x,y;x,y",
                     help="the board's four corners in pixels, its top-left first (as "
                          "'companion recognize --corners' takes them)")
    how.add_argument("--grid", action="store_true",
                     help="find a plain grid board (e.g. a wooden Go board) by its lines")
    _add_registration_options(board)
    board.add_argument("--overlay", type=Path, default=None, metavar="FILE.png",
                       help="also save the picture with every space marked where it was "
                            "found, to check by eye")
    board.set_defaults(func=run_board)

    field = kinds.add_parser(
        "field", help="find the outdoor field from its four corner marker sheets",
        description="Find the outdoor field (in inches) from the four marker sheets "
                    "'companion print markers' prints, laid on its corners.")
    field.add_argument("image", type=Path, metavar="IMAGE")
    field.add_argument("--size", default="24x24", metavar="WxH",
                       help="the field's size in inches (default 24x24, 2 ft by 2 ft)")
    _add_registration_options(field)
    field.set_defaults(func=run_field)

    _help_when_nothing_chosen(parser)


def _help_when_nothing_chosen(parser: argparse.ArgumentParser) -> None:
    """``companion calibrate`` or ``companion print`` with no WHAT: print the command's
    help, which lists the choices, and exit with status 2 (a usage error)."""
    def usage(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=usage)


def _add_registration_options(parser: argparse.ArgumentParser) -> None:
    """The options every registration takes: the camera it was seen with, where to save
    it, and JSON output (read back by ``_picture_and_camera`` and ``_report``)."""
    parser.add_argument("--camera", type=Path, default=None,
                        help="camera calibration (default: camera.json in the data folder, "
                             "if there)")
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="where to save it (default: registration.json in the data folder)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def camera_finder(args: argparse.Namespace):
    """The function turning (image, name) into a View or a RejectedView, and its name."""
    with value_errors_as(UserFacingError):
        if args.chessboard:
            pattern = chessboard.parse_pattern(args.chessboard)
            return (lambda image, name: chessboard.find_view(image, pattern, name,
                                                             args.square_mm),
                    f"chessboard {pattern[0]}x{pattern[1]}")
        spec = charuco.parse_spec(args.spec)
        return (lambda image, name: charuco.find_view(image, spec, name), f"charuco {spec}")


def _file_views(images: list[Path], find) -> Iterator[View | RejectedView]:
    for path in images:
        try:
            image = read_picture_file(path)
        except PictureFileError as error:
            yield RejectedView(path.name, str(error))
        else:
            yield find(image, path.name)


def run_camera(args: argparse.Namespace) -> int:
    find, target = camera_finder(args)
    if not args.images:
        raise UserFacingError("Give the pictures of the target, or --live SOURCE.")
    return save_camera(args, list(_file_views(args.images, find)), target)


def save_camera(args: argparse.Namespace, results: list[View | RejectedView],
                target: str, camera: str = "") -> int:
    """Calibrate from the views of ``target`` found (``results``) in the pictures of
    ``camera`` (its name; empty when unknown), save the camera (where ``args.output``
    says) and say so (as JSON with ``args.json``)."""
    views = [r for r in results if isinstance(r, View)]
    rejected = [r for r in results if isinstance(r, RejectedView)]
    for r in rejected:
        print(f"not used: {r.name}: {r.reason}", file=sys.stderr)
    model = calibrate(views, rejected, target=target)
    model.camera = camera
    output = args.output or default_camera_path()
    model.save(output)
    grid = coverage(views, model.image_size)
    result: dict[str, Any] = {**model.to_json(), "saved_to": str(output),
                              "coverage": grid.tolist()}
    if args.json:
        print(json.dumps(result))
        return 0
    for name, error in model.per_view.items():
        print(f"  {name}: {error:.3f} px")
    print(f"Calibrated from {len(model.per_view)} of {len(results)} pictures: RMS "
          f"reprojection error {model.rms:.3f} px ({model.quality}); focal length "
          f"{model.matrix[0, 0]:.1f} px. Saved to {output}.")
    return 0


def _picture_and_camera(args: argparse.Namespace) -> tuple[np.ndarray, CameraModel | None]:
    """The picture to register (``args.image``) and the camera calibration to read it
    with: ``--camera``, else the saved one if it was made at the picture's size."""
    image = read_picture_file(args.image)
    return image, _load_camera(args.camera, (image.shape[1], image.shape[0]))


def _load_camera(path: Path | None, size: tuple[int, int]) -> CameraModel | None:
    candidate = path or default_camera_path()
    if path is None and not candidate.exists():
        return None
    model = CameraModel.load(candidate)
    if model.image_size == size:
        return model
    if path is not None:
        model.check_size(size)
    return None


def run_board(args: argparse.Namespace) -> int:
    from calibration.layout import board_layout
    from calibration.registration import from_corners, from_markers
    from companion.geometry import load_geometry

    with value_errors_as(UserFacingError):
        geometry = load_geometry(args.board)
    image, camera = _picture_and_camera(args)
    if args.corners:
        taps = recognize.parse_corners(args.corners).tolist()
        registration = from_corners(taps, geometry.width_mm, geometry.height_mm, camera=camera)
    elif args.grid:
        from calibration.gridfind import find_grid

        registration = find_grid(image, geometry, camera)
    else:
        registration = from_markers(image, board_layout(geometry), camera)
    if args.overlay:
        points = [geometry.position_mm(name) for name in geometry.names]
        corners = [(0, 0), (geometry.width_mm, 0), (geometry.width_mm, geometry.height_mm),
                   (0, geometry.height_mm)]
        _save_overlay(args.overlay, image, registration, points, corners)
    _report(args, {"board": args.board, "image": str(args.image)}, registration)
    return 0


def _save_overlay(path: Path, image, registration, points, corners) -> None:
    """The picture with each space (a dot) and the board's outline where the
    registration puts them: a person sees at a glance whether they fit."""
    picture = image.copy()
    size = max(2, round(max(picture.shape[:2]) / 300))
    outline = np.rint(registration.to_pixels(np.array(corners, float))).astype(np.int32)
    cv2.polylines(picture, [outline], True, (0, 200, 255), size)
    for x, y in registration.to_pixels(np.array(points, dtype=float)):
        cv2.circle(picture, (round(x), round(y)), 2 * size, (0, 0, 255), -1)
    if not cv2.imwrite(str(path), picture):
        raise UserFacingError(f"Cannot write the overlay picture {path}.")


def run_field(args: argparse.Namespace) -> int:
    from calibration.layout import field_layout
    from calibration.registration import from_markers

    try:
        width, height = (float(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UserFacingError("Give the field's size in inches as WxH, e.g. 24x24.") from None
    image, camera = _picture_and_camera(args)
    registration = from_markers(image, field_layout(width, height), camera)
    _report(args, {"field_in": [width, height], "image": str(args.image)}, registration)
    return 0


def _report(args: argparse.Namespace, about: dict[str, Any], registration) -> None:
    """Save a registration and say so (or print it as JSON)."""
    output = args.output or default_registration_path()
    data = {**about, **registration.to_json()}
    Path(output).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps({**data, "saved_to": str(output)}))
        return
    print(f"Board found ({registration.method}; confidence {registration.confidence:.2f}, "
          f"fit within {registration.residual:.2f} {registration.units}). Saved to {output}.")


# -- print ---------------------------------------------------------------------------------


def _register_print(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "print", help="write a printable PDF: a board, markers, the calibration target",
        description="Write a PDF at true scale for A4, A3 or Letter paper, tiled over several "
                    "sheets when larger than one, with rulers on every page to check the "
                    "printer's scale. See docs/calibration.md.")
    things = parser.add_subparsers(dest="thing", metavar="WHAT")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--paper", choices=("a4", "a3", "letter"), default="a4",
                        help="paper size (default a4); a board larger than a sheet is tiled "
                             "over as few sheets as it fits on")
    common.add_argument("-o", "--output", type=Path, default=None,
                        help="the PDF to write (default: WHAT-PAPER.pdf here)")
    charuco_parser = things.add_parser("charuco", parents=[common],
                                       help="the ChArUco board to calibrate the camera")
    charuco_parser.add_argument("--spec", default=charuco.DEFAULT_SPEC,
                                help=f"COLSxROWS:SQUARE_MM:MARKER_MM (default "
                                     f"{charuco.DEFAULT_SPEC})")
    markers = things.add_parser("markers", parents=[common],
                                help="the outdoor field's corner markers and facing stickers")
    markers.add_argument("--sticker-mm", type=float, default=20.0,
                         help="facing sticker size in mm (default 20)")
    board = things.add_parser("board", parents=[common],
                              help="a board with its corner markers")
    board.add_argument("board", metavar="NAME_OR_FILE",
                       help="a bundled board (one-60, onslaught, oneworld, go-19...) or a file")
    board.add_argument("--marker-mm", type=float, default=None,
                       help="corner marker size in mm (default: 30, less on small boards)")
    counters = things.add_parser("counters", parents=[common],
                                 help="OneWorld's 86 counters, both sets")
    counters.add_argument("--size-mm", type=float, default=DEFAULT_COUNTER_MM,
                          help=f"counter side in mm (default {DEFAULT_COUNTER_MM:g})")
    pieces = things.add_parser("pieces", parents=[common],
                               help="ONSLAUGHT's pieces, orb tokens and capture tokens")
    pieces.add_argument("--board", default="onslaught", metavar="NAME_OR_FILE",
                        help="the board the pieces are for (default onslaught)")
    cards = things.add_parser("cards", parents=[common],
                              help="the ONE WORLD deck: 199 country cards, two mission decks")
    which = cards.add_mutually_exclusive_group()
    which.add_argument("--countries-only", action="store_true",
                       help="only the 199 country cards")
    which.add_argument("--missions-only", action="store_true",
                       help="only the two mission decks (40 cards)")
    cards.add_argument("--out", dest="output", type=Path, default=None, metavar="FILE.pdf",
                       help="the PDF to write (as -o)")
    for sub in (charuco_parser, markers, board, counters, pieces, cards):
        sub.set_defaults(func=run_print)

    _help_when_nothing_chosen(parser)


def run_print(args: argparse.Namespace) -> int:
    from calibration.printables.board import write_board
    from calibration.printables.cards import write_cards
    from calibration.printables.counters import write_counters
    from calibration.printables.onslaught import write_onslaught_pieces
    from calibration.printables.targets import write_charuco, write_markers
    from companion.geometry import load_geometry
    from companion.vision.config import load_config

    try:
        if args.thing == "charuco":
            spec = charuco.parse_spec(args.spec)
            output = args.output or Path(f"charuco-{args.paper}.pdf")
            pages = write_charuco(output, spec, args.paper)
        elif args.thing == "markers":
            output = args.output or Path(f"markers-{args.paper}.pdf")
            pages = write_markers(output, args.paper, sticker_mm=args.sticker_mm)
        elif args.thing == "board":
            geometry = load_geometry(args.board)
            stem = Path(args.board).stem
            output = args.output or Path(f"board-{stem}-{args.paper}.pdf")
            pages = write_board(output, geometry, stem, args.paper, args.marker_mm)
        elif args.thing == "cards":
            if args.paper not in CARD_PAPERS:
                raise ValueError("The cards print on A4 or Letter paper, nine to a sheet.")
            output = args.output or Path(f"oneworld-cards-{args.paper}.pdf")
            pages = write_cards(output, args.paper, countries=not args.missions_only,
                                missions=not args.countries_only)
        elif args.thing == "pieces":
            output = args.output or Path(f"onslaught-pieces-{args.paper}.pdf")
            pages = write_onslaught_pieces(output, load_geometry(args.board),
                                           load_config().palette, args.paper)
        else:
            output = args.output or Path(f"counters-{args.paper}.pdf")
            pages = write_counters(output, args.paper, args.size_mm)
    except ValueError as error:
        raise UserFacingError(str(error)) from None
    except OSError as error:
        raise UserFacingError(f"Cannot write the PDF: {error}") from None
    paper = args.paper.capitalize() if args.paper == "letter" else args.paper.upper()
    check = ("cut along the marks" if args.thing == "cards"
             else "check the 100 mm ruler before cutting")
    print(f"Wrote {output}: {pages} page(s) of {paper} paper. Print at 100 % and {check}.")
    return 0
