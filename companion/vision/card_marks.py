"""Reading ONE WORLD cards on the table by their printed marks.

Every printed card carries its ArUco marker (``DICT_6X6_250``) twice: upright in the
top-right corner, on the card's coloured band, and turned half a turn in the bottom-left
corner, on white (``companion.cards.marks``). ``read_cards`` finds the markers in a
picture and gives one ``CardSeen`` a card: its code (or mission id), its centre in
pixels, how far it is turned, and which of its marks were seen.

- **The centre** follows from one mark alone: the two marks sit where a half turn takes
  one to the other, so the card's centre is at the same place in either mark's own frame
  (``card_centre_from_mark``), carried into the picture by the affine map that fits the
  mark's corners best. When both marks show, the centre is halfway between them.
- **Which mark** is told by what lies beside it: the top-right mark sits on the card's
  band (coloured or black), the bottom-left one on white card. A patch just past the
  mark's white margin, on its own left, is compared with the mark's own white and black
  cells: darker than ``band_brightness`` of the way up from black to white is band.
- **The rotation** is then the card's up direction: the mark's own up for the top-right
  mark, the opposite for the bottom-left one.
- **One card, counted once**: sightings of one id whose centres lie within ``same_card``
  of a card's width of each other are one card (a mission's two copies on the table are
  two cards: their centres are a card apart at least). Ids no card has are ignored.

Thresholds are the ``card_marks`` section of ``thresholds.json``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from companion.cards.marks import (
    CARD_W,
    MARK_MM,
    MARK_PLACES,
    QUIET_MM,
    Marks,
    card_centre_from_mark,
    load_marks,
)
from companion.vision.config import Section, load_config

CELLS = 8  # a DICT_6X6 marker with its black border, cells a side


@dataclass(frozen=True)
class MarkSighting:
    """One marker found: its id and its four corners in pixels, in its own order
    (top-left, top-right, bottom-right, bottom-left of the marker as printed upright)."""

    marker_id: int
    corners: np.ndarray  # (4, 2) float32


@dataclass(frozen=True)
class CardSeen:
    """One card on the table: what it is, where, how it is turned and by which marks.

    ``rotation`` is in degrees, 0 to 360, counterclockwise as the picture shows it: 0 when
    the card's top faces the picture's top, 90 when it faces left."""

    kind: str  # country | mission
    key: str  # the country's code or the mission's id
    marker_id: int
    centre: tuple[float, float]
    rotation: float
    marks: tuple[str, ...]  # the marks seen: "top-right", "bottom-left"

    def to_json(self) -> dict:
        """The card as ``companion recognize --game cards --json`` prints it."""
        return {"kind": self.kind, "card": self.key, "marker": self.marker_id,
                "centre": [round(v, 1) for v in self.centre],
                "rotation": round(self.rotation, 1), "marks": list(self.marks)}


@cache
def _dictionary(name: str) -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


@cache
def _cells(marker_id: int, name: str) -> np.ndarray:
    """The marker's cells, True for black, as printed upright (the cells
    ``calibration.markers.marker_bits`` gives the printer, read the same way here, where
    the calibration layer may not be imported)."""
    image = cv2.aruco.generateImageMarker(_dictionary(name), marker_id, CELLS * 10)
    return image[5::10, 5::10] < 128


def find_marks(grey: np.ndarray, dictionary: str) -> list[MarkSighting]:
    """Every marker of ``dictionary`` in the grey picture, corners refined to a fraction
    of a pixel."""
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(_dictionary(dictionary), parameters)
    corners, ids, _rejected = detector.detectMarkers(grey)
    if ids is None:
        return []
    return [MarkSighting(int(marker_id), quad.reshape(4, 2).astype(np.float32))
            for quad, marker_id in zip(corners, ids.ravel(), strict=True)]


def _homography(sighting: MarkSighting) -> np.ndarray:
    """The mark's own frame (mm, its top-left corner at the origin) → picture pixels."""
    square = np.float32([[0, 0], [MARK_MM, 0], [MARK_MM, MARK_MM], [0, MARK_MM]])
    return cv2.getPerspectiveTransform(square, sighting.corners)


def _affine(sighting: MarkSighting) -> np.ndarray:
    """The mark's own frame (mm) → picture pixels, the affine map that fits its four
    corners best (least squares): steadier than the homography when carried four marks'
    widths away to the card's centre, a small mark's corners being a pixel off."""
    square = np.array([[0, 0, 1], [MARK_MM, 0, 1], [MARK_MM, MARK_MM, 1], [0, MARK_MM, 1]],
                      dtype=np.float64)
    solution, *_ = np.linalg.lstsq(square, sighting.corners.astype(np.float64), rcond=None)
    return solution.T  # 2 × 3


def _to_pixels(h: np.ndarray, points_mm: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points_mm.reshape(-1, 1, 2).astype(np.float64), h
                                    ).reshape(-1, 2)


def _sample(grey: np.ndarray, h: np.ndarray, points_mm: np.ndarray) -> np.ndarray:
    """The grey values at ``points_mm`` of the mark's frame (bilinear)."""
    px = _to_pixels(h, points_mm).astype(np.float32)
    values = cv2.remap(grey, px[:, 0].reshape(-1, 1), px[:, 1].reshape(-1, 1),
                       cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return values.ravel().astype(np.float64)


def band_share(grey: np.ndarray, sighting: MarkSighting, dictionary: str, cfg: Section
               ) -> float:
    """How bright the card is just past the mark's margin on its own left, from 0 (as
    the mark's black cells) to 1 (as its white cells): low on the band (top-right
    mark), high on white card (bottom-left mark)."""
    h = _homography(sighting)
    pitch = MARK_MM / CELLS
    centres = (np.argwhere(np.ones((CELLS, CELLS), bool)) + 0.5) * pitch  # (row, col)
    cells = _sample(grey, h, centres[:, ::-1])
    black = _cells(sighting.marker_id, dictionary).ravel()
    white_level, black_level = np.median(cells[~black]), np.median(cells[black])
    half, steps = cfg.probe_half_mm, cfg.probe_steps
    offsets = np.linspace(-half, half, steps)
    x = -(QUIET_MM + cfg.band_probe_mm)
    probe = np.array([[x + dx, MARK_MM / 2 + dy] for dx in offsets for dy in offsets])
    level = float(np.median(_sample(grey, h, probe)))
    return (level - black_level) / max(white_level - black_level, 1.0)


def _up(sighting: MarkSighting) -> np.ndarray:
    """The mark's own up direction in the picture, a unit vector."""
    top = (sighting.corners[0] + sighting.corners[1]) / 2
    bottom = (sighting.corners[3] + sighting.corners[2]) / 2
    vector = (top - bottom).astype(np.float64)
    return vector / (np.linalg.norm(vector) or 1.0)


def _rotation(up: np.ndarray) -> float:
    """Degrees counterclockwise (as seen) from upright of a card whose top faces ``up``."""
    return math.degrees(math.atan2(-up[0], -up[1])) % 360.0


@dataclass
class _Card:
    marker_id: int
    sightings: list[tuple[MarkSighting, np.ndarray, float]]  # (sighting, centre, band share)


def _side_px(sighting: MarkSighting) -> float:
    """The mark's mean side in pixels."""
    corners = sighting.corners
    return float(np.mean([np.linalg.norm(corners[k] - corners[(k + 1) % 4])
                          for k in range(4)]))


def _group(sightings: list[tuple[MarkSighting, np.ndarray, float]], same_card: float
           ) -> list[_Card]:
    """Sightings of one id with centres closer than ``same_card`` card widths, two at
    most, are one card."""
    cards: list[_Card] = []
    for sighting, centre, share in sightings:
        width = CARD_W * _side_px(sighting) / MARK_MM
        home = next((card for card in cards if card.marker_id == sighting.marker_id
                     and len(card.sightings) < len(MARK_PLACES)
                     and np.linalg.norm(card.sightings[0][1] - centre) < same_card * width),
                    None)
        if home is None:
            cards.append(_Card(sighting.marker_id, [(sighting, centre, share)]))
        else:
            home.sightings.append((sighting, centre, share))
    return cards


def _places(card: _Card, cfg: Section) -> list[str]:
    """Which mark each sighting is: with two, the darker surround is the top-right."""
    shares = [share for _s, _c, share in card.sightings]
    if len(shares) == 2:
        return (["top-right", "bottom-left"] if shares[0] <= shares[1]
                else ["bottom-left", "top-right"])
    return ["top-right" if shares[0] < cfg.band_brightness else "bottom-left"]


def read_cards(image: np.ndarray, marks: Marks | None = None, cfg: Section | None = None
               ) -> list[CardSeen]:
    """The cards whose marks show in ``image`` (BGR or grey), one each, in the order of
    their kind, key and place from the picture's left."""
    marks = marks or load_marks()
    cfg = (cfg if cfg is not None else load_config()).card_marks
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    offset = np.array(card_centre_from_mark(), dtype=np.float64)
    found = []
    for sighting in find_marks(grey, marks.dictionary):
        if marks.identify(sighting.marker_id) is None:
            continue
        centre = _affine(sighting) @ np.append(offset, 1.0)
        found.append((sighting, centre, band_share(grey, sighting, marks.dictionary, cfg)))
    seen = []
    for card in _group(found, cfg.same_card):
        kind, key = marks.identify(card.marker_id)
        places = _places(card, cfg)
        ups = [(_up(s) if place == "top-right" else -_up(s))
               for (s, _c, _b), place in zip(card.sightings, places, strict=True)]
        if len(card.sightings) == 2:
            centre = np.mean([s.corners.mean(axis=0) for s, _c, _b in card.sightings], axis=0)
        else:
            centre = card.sightings[0][1]
        up = np.sum(ups, axis=0)
        seen.append(CardSeen(kind, key, card.marker_id,
                             (float(centre[0]), float(centre[1])),
                             _rotation(up / (np.linalg.norm(up) or 1.0)),
                             tuple(p for p in MARK_PLACES if p in places)))
    return sorted(seen, key=lambda c: (c.kind, c.key, c.centre[0]))
