"""The board locator: where the board lies in a picture, pixels → board millimetres.

One ``BoardLocator`` serves every way the companion reads a board, so they all find it
alike: ``companion recognize`` (``find``: each picture on its own) and the live loop of
``companion serve`` and ``companion referee --frames`` (``locate``: frame after frame,
following the board it found). Both look for it the same way, first found first:

1. four corners tapped on the picture or given on the command line (``fix_corners``);
2. a plain grid board by its lines, or by its stones where they cover its lines
   (``calibration.gridfind``; several ``sizes`` of a Go board are tried in turn);
3. the corner markers printed beside the board (``calibration.registration``; frame
   after frame with ``calibration.tracking.BoardTracker``, through hands and bumps).

It lives in the calibration layer because it is made of calibration's finders; the
camera and the recogniser meet it in the live loop (``hardware.referee_feed``) and in
the command (``calibration.recognize``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from calibration import gridfind
from calibration.gridfollow import follow_grid
from calibration.gridstones import METHOD as STONES
from calibration.layout import board_layout
from calibration.registration import (
    Registration,
    RegistrationError,
    from_corners,
    from_markers,
)
from calibration.tracking import BoardTracker
from companion.geometry import Geometry


@dataclass(frozen=True)
class Located:
    """Where the board is in one picture: pixels → board mm, and how sure."""

    homography: np.ndarray
    method: str
    confidence: float
    message: str
    camera: Any = None
    """The lens model the homography assumes (its pixels undistorted), or ``None``."""
    registration: Registration | None = None
    """The finder's own answer when the board was found (its ``method``: corners, grid,
    stones, markers), or ``None`` where the homography was given (``fix``)."""
    geometry: Geometry | None = None
    """Which of the locator's boards the picture shows (a Go board's size)."""


class BoardLocator:
    """Finds one board in pictures (see the module docstring); ``sizes`` are the boards
    the picture may show instead of ``geometry`` (a Go board's other sizes), for ``find``.

    In frames (``locate``): from four tapped corners (kept until ``reset``), else a plain
    grid board by its lines (``calibration.gridfind``), then followed from frame to
    frame by its crossings (``calibration.gridfollow``: a bumped board is read where it
    now lies; while a hand hides it, it stays where it was; a board gone from where it
    was is looked for afresh), or by its stones where they cover its lines (then held
    where it was found), else the corner markers printed beside the board, followed
    frame to frame (``BoardTracker``)."""

    LOST_RETRY_FRAMES = 10  # while a grid is hidden, look for it afresh every this many

    def __init__(self, geometry: Geometry, *, sizes: Sequence[Geometry] = ()) -> None:
        self.geometry = geometry
        self.boards = [geometry, *(g for g in sizes if g is not geometry)]
        self.camera: Any = None
        self._fixed: Located | None = None
        self._taps: Sequence[Sequence[float]] | None = None
        self._tracker: Any = None
        self._following = False  # a grid found by its lines is followed
        self._grid_seen: int | None = None  # crossings it showed last (None: not yet)
        self._lost = 0

    def use_camera(self, camera: Any) -> None:
        """Register with ``camera`` (a ``CameraModel``, or ``None``) from now on: the
        markers are followed and a grid found with it, tapped corners are fitted again."""
        if camera is self.camera:
            return
        self.camera = camera
        self._tracker = None
        if self._taps is not None:
            self.fix_corners(self._taps)
        elif self._fixed is not None and self._fixed.camera is not None:
            self._fixed = None  # a grid found with the old lens model: find it again
            self._following = False

    def fix(self, homography: np.ndarray, method: str = "corners",
            confidence: float = 0.8) -> None:
        """Use ``homography`` (pixels → board mm) for every frame until ``reset``."""
        self._fixed = Located(np.asarray(homography, dtype=np.float64), method, confidence,
                              f"Board registered ({method}).")
        self._taps = None
        self._following = False

    def fix_corners(self, taps: Sequence[Sequence[float]]) -> None:
        """Register from the board's four corners tapped on the picture, top-left first."""
        found = from_corners(taps, self.geometry.width_mm, self.geometry.height_mm,
                             camera=self.camera)
        self._fix_found(found, "corners")
        self._taps = [list(tap) for tap in taps]

    def _fix_found(self, found: Registration, method: str,
                   board: Geometry | None = None) -> None:
        self.fix(found.homography, method, float(found.confidence))
        assert self._fixed is not None
        self._fixed = replace(self._fixed, camera=self.camera, registration=found,
                              geometry=board or self.geometry)

    def reset(self) -> None:
        """Forget the board's position: the next frame looks for it afresh."""
        self._fixed = None
        self._taps = None
        self._following = False
        if self._tracker is not None:
            self._tracker.reset()

    def find(self, image: np.ndarray) -> Located:
        """Find the board in ``image`` on its own, nothing kept from earlier pictures
        (``companion recognize``): the corners given (``fix_corners``, ``fix``), else a grid
        board, ``geometry`` or one of ``sizes``, by its lines, else the corner markers.
        Raise ``RegistrationError`` saying why not (for a grid board, why its lines were
        not found)."""
        if self._fixed is not None and (self._taps is not None
                                        or self._fixed.registration is None):
            return self._fixed  # the corners, or the homography, given
        failed: RegistrationError | None = None
        if self.geometry.kind == "grid":
            try:
                board, found = self._search_grid(image)
                return self._located(found, found.method, board)
            except RegistrationError as error:
                failed = error  # a printed board with markers: try them next
        try:
            found = from_markers(image, board_layout(self.geometry), self.camera)
        except RegistrationError:
            if failed is not None:
                raise failed from None
            raise
        return self._located(found, found.method, self.geometry)

    def _located(self, found: Registration, method: str, board: Geometry) -> Located:
        return Located(found.homography, method, float(found.confidence),
                       f"Board registered ({method}).", self.camera, found, board)

    def _search_grid(self, image: np.ndarray) -> tuple[Geometry, Registration]:
        """Which of the boards the picture's lines show, and where."""
        return gridfind.find_grid_of(image, self.boards, self.camera)

    def locate(self, image: np.ndarray) -> Located:
        """Find the board in the next frame ``image`` (see the class docstring); raise
        ``RegistrationError`` saying why not."""
        if self._fixed is not None and self._following:
            return self._follow(image)
        if self._fixed is not None:
            return self._fixed
        found = self._find_grid(image)
        if found is not None:
            return found
        return self._from_markers(image)

    def _find_grid(self, image: np.ndarray) -> Located | None:
        """The plain grid board found by its lines, from now on followed, or by its
        stones, from now on held; ``None`` if it is not a grid board or none is found."""
        if self.geometry.kind != "grid":
            return None
        try:
            board, found = self._search_grid(image)
        except (RegistrationError, ValueError):
            return None  # a printed board with markers: try them next
        by_lines = found.method != STONES
        self._fix_found(found, f"{found.method} (found by its lines)" if by_lines
                        else "found by its stones", board)
        # A board covered in stones shows too few crossings to follow: it is held where
        # it was found until the board is looked for again ("find the board again").
        self._following, self._grid_seen, self._lost = by_lines, None, 0
        return self._fixed

    def _follow(self, image: np.ndarray) -> Located:
        """The grid where it now lies (``calibration.gridfollow``); where it was while too
        few of its crossings show there, looked for afresh at once (it may have been
        moved) and again every ``LOST_RETRY_FRAMES`` such frames (a hand stays a while).
        A search that fails changes nothing: the grid finder never returns a wrong board."""
        assert self._fixed is not None
        followed = follow_grid(image, self._fixed.homography, self.geometry,
                               self._fixed.camera, self._grid_seen)
        if followed.homography is not None:
            self._lost = 0
            self._grid_seen = followed.found
            self._fixed = replace(self._fixed, homography=followed.homography)
            return self._fixed
        self._lost += 1
        if self._lost == 1 or self._lost % self.LOST_RETRY_FRAMES == 0:
            self._find_grid(image)  # found: followed from there; not found: kept as it was
        return self._fixed

    def _from_markers(self, image: np.ndarray) -> Located:
        if self._tracker is None:
            self._tracker = BoardTracker(board_layout(self.geometry), self.camera)
        result = self._tracker.update(image)
        registration: Registration | None = result.registration
        if registration is None:
            raise RegistrationError(result.message)
        return Located(registration.homography, f"markers ({result.status})",
                       result.confidence, result.message, self.camera, registration,
                       self.geometry)
