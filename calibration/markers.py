"""The ArUco markers we print, and finding them in a picture.

One dictionary for everything we print except the ChArUco calibration board, with
fixed roles for its IDs, so a marker seen on the table always means one thing:

- ``BOARD_CORNER_IDS`` (0-3): the corner markers printed beside every board, in the
  order top-left, top-right, bottom-right, bottom-left;
- ``FIELD_CORNER_IDS`` (4-7): the sheets laid at the outdoor field's four corners,
  in the same order;
- ``STICKER_IDS`` (10-49): stickers stuck on the front of natural pieces (stones,
  leaves, sticks) so the camera can tell where a piece faces.

The ChArUco board uses another dictionary (see ``charuco.py``) so that a calibration
board lying on the table is never taken for a board's corner.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

DICTIONARY_NAME = "DICT_4X4_50"
BOARD_CORNER_IDS: tuple[int, int, int, int] = (0, 1, 2, 3)
FIELD_CORNER_IDS: tuple[int, int, int, int] = (4, 5, 6, 7)
STICKER_IDS: tuple[int, ...] = tuple(range(10, 50))
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


def dictionary(name: str = DICTIONARY_NAME) -> cv2.aruco.Dictionary:
    """Return the OpenCV ArUco dictionary called ``name`` (e.g. ``"DICT_4X4_50"``)."""
    try:
        return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))
    except AttributeError:
        raise ValueError(f"OpenCV has no ArUco dictionary called {name!r}.") from None


def marker_image(marker_id: int, pixels: int, name: str = DICTIONARY_NAME) -> np.ndarray:
    """Return marker ``marker_id`` as a ``pixels`` × ``pixels`` black-and-white image
    (the black border included, no white quiet zone)."""
    return cv2.aruco.generateImageMarker(dictionary(name), marker_id, pixels)


def marker_bits(marker_id: int, name: str = DICTIONARY_NAME) -> np.ndarray:
    """Return the marker as a square array of cells, 1 for black, border included.

    The PDF writer draws these cells as vector squares, so a marker prints sharp at
    any size."""
    size = dictionary(name).markerSize + 2
    image = marker_image(marker_id, size * 10, name)
    cells = image[5::10, 5::10]
    return (cells < 128).astype(np.uint8)


@dataclass(frozen=True)
class MarkerSighting:
    """One marker found in a picture: its ID and its four corners in pixels, in
    ArUco's order (the marker's own top-left, top-right, bottom-right, bottom-left)."""

    marker_id: int
    corners: np.ndarray  # shape (4, 2), float32


def detect_markers(image: np.ndarray, name: str = DICTIONARY_NAME) -> dict[int, MarkerSighting]:
    """Find every marker of the dictionary in ``image`` (BGR or grey); corners are
    refined to a fraction of a pixel (``refine_corners``). A marker seen twice keeps
    its larger sighting."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(dictionary(name), parameters)
    corners, ids, _rejected = detector.detectMarkers(grey)
    found: dict[int, MarkerSighting] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        points = refine_corners(grey, quad.reshape(4, 2))
        key = int(marker_id)
        previous = found.get(key)
        if previous is None or cv2.contourArea(points) > cv2.contourArea(previous.corners):
            found[key] = MarkerSighting(key, points)
    return found


def refine_corners(grey: np.ndarray, corners: np.ndarray, samples: int = 16) -> np.ndarray:
    """Sharpen a marker's four corners by fitting a straight line to each side of its
    black square and intersecting neighbouring sides.

    Each side is found where the picture crosses halfway from the black border to the
    white paper, which blur moves neither way; OpenCV's own corner refinement pulls a
    corner about a third of a pixel into the marker. Corners that cannot be refined
    (a side off the picture, too little contrast) are returned unchanged."""
    quad = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    centre = quad.mean(axis=0)
    lines = []
    for i in range(4):
        p0, p1 = quad[i], quad[(i + 1) % 4]
        length = float(np.linalg.norm(p1 - p0))
        if length < 8:
            return quad.astype(np.float32)
        along = (p1 - p0) / length
        normal = np.array([-along[1], along[0]])
        if np.dot(normal, (p0 + p1) / 2 - centre) < 0:
            normal = -normal
        reach = max(2.5, 0.08 * length)
        offsets = np.arange(-reach, reach + 1e-9, 0.25)
        starts = p0 + np.outer(np.linspace(0.2, 0.8, samples), p1 - p0)
        xs = (starts[:, None, 0] + offsets[None, :] * normal[0]).astype(np.float32)
        ys = (starts[:, None, 1] + offsets[None, :] * normal[1]).astype(np.float32)
        profiles = cv2.remap(grey, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        points = []
        for start, profile in zip(starts, profiles.astype(np.float64), strict=True):
            dark, light = profile.min(), profile.max()
            if light - dark < 30:
                continue
            above = profile > (dark + light) / 2
            crossings = np.flatnonzero(~above[:-1] & above[1:])
            if len(crossings) == 0:
                continue
            k = crossings[np.argmin(np.abs(offsets[crossings]))]
            mid = (dark + light) / 2
            frac = (mid - profile[k]) / (profile[k + 1] - profile[k])
            points.append(start + (offsets[k] + frac * 0.25) * normal)
        if len(points) < samples // 2:
            return quad.astype(np.float32)
        vx, vy, x0, y0 = cv2.fitLine(np.array(points, np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append((np.array([x0[0], y0[0]], np.float64), np.array([vx[0], vy[0]], np.float64)))
    refined = np.empty((4, 2))
    for i in range(4):
        (a, u), (b, v) = lines[i - 1], lines[i]
        matrix = np.column_stack([u, -v])
        if abs(np.linalg.det(matrix)) < 1e-6:
            return quad.astype(np.float32)
        s, _t = np.linalg.solve(matrix, b - a)
        refined[i] = a + s * u
    if np.max(np.linalg.norm(refined - quad, axis=1)) > 0.1 * np.linalg.norm(quad[1] - quad[0]):
        return quad.astype(np.float32)
    return refined.astype(np.float32)
