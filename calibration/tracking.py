"""Keeping a board registered frame after frame, through hands and bumps.

``BoardTracker.update(frame)`` registers the board from its corner markers and then
follows it:

- a hand over one or two markers: the markers still seen agree with the last good
  registration, so that registration (fitted on every marker) is kept;
- the camera or the board bumped: the markers seen no longer agree with it; once the
  disagreement has lasted ``confirm_frames`` frames (a hand moving fast can fool one
  frame), the board is registered afresh from the markers now seen;
- every frame says how sure it is (``confidence`` 0..1) and, in words, why.

The tracker only knows the board's position; the game in progress lives elsewhere and
is untouched by a re-registration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from calibration.intrinsics import CameraModel
from calibration.layout import MarkerLayout
from calibration.markers import MarkerSighting, detect_markers
from calibration.registration import Registration, RegistrationError, from_sightings

BUMP_FRACTION = 0.08  # a marker off by this fraction of its side has moved
CONFIRM_FRAMES = 2


@dataclass(frozen=True)
class TrackResult:
    """One frame's answer: the registration to use (``None`` until the board has been
    found), a one-word status, how sure, and a sentence for the page."""

    registration: Registration | None
    status: str  # searching | registered | steady | covered | moving | bumped
    confidence: float
    markers_seen: tuple[int, ...]
    message: str
    reregistered: bool = False


class BoardTracker:
    """Follows one board's corner markers from frame to frame."""

    def __init__(
        self, layout: MarkerLayout, camera: CameraModel | None = None, *,
        bump_fraction: float = BUMP_FRACTION, confirm_frames: int = CONFIRM_FRAMES,
        min_markers: int = 2,
    ) -> None:
        self.layout = layout
        self.camera = camera
        self.tolerance = bump_fraction * layout.marker_size
        self.confirm_frames = confirm_frames
        self.min_markers = min_markers
        self.registration: Registration | None = None
        self._disagreeing = 0

    def reset(self) -> None:
        """Forget the board's position (the next frame registers from scratch)."""
        self.registration = None
        self._disagreeing = 0

    def update(self, frame: np.ndarray) -> TrackResult:
        """Detect the markers in ``frame`` and update the board's registration."""
        return self.update_sightings(detect_markers(frame))

    def disagreement(self, sightings: Mapping[int, MarkerSighting]) -> dict[int, float]:
        """How far (board units) each seen marker lies from where the current
        registration expects it."""
        assert self.registration is not None
        return {
            k: float(np.max(np.linalg.norm(
                self.registration.to_board(s.corners) - self.layout.markers[k], axis=1)))
            for k, s in sightings.items()
        }

    def update_sightings(self, found: Mapping[int, MarkerSighting]) -> TrackResult:
        """Like ``update``, from markers already detected."""
        sightings = {k: s for k, s in found.items() if k in self.layout.markers}
        seen = tuple(sorted(sightings))
        total = len(self.layout.markers)
        if self.registration is None:
            return self._register(sightings, "registered", "Board found")
        off = self.disagreement(sightings)
        moved = [k for k, d in off.items() if d > self.tolerance]
        if not moved:
            self._disagreeing = 0
            if len(seen) == total:
                return self._register(sightings, "steady", "Board steady")
            kept = self.registration
            share = len(seen) / total
            confidence = kept.confidence * (0.5 + 0.5 * share) if seen else kept.confidence * 0.3
            return TrackResult(kept, "covered", confidence, seen,
                               f"{total - len(seen)} of {total} corner markers covered; "
                               "keeping the last good position.")
        self._disagreeing += 1
        if self._disagreeing < self.confirm_frames:
            return TrackResult(self.registration, "moving", 0.3 * self.registration.confidence,
                               seen, "The board or camera seems to have moved; checking.")
        return self._register(sightings, "bumped",
                              "The board or camera was moved; registered again")

    def _register(
        self, sightings: Mapping[int, MarkerSighting], status: str, what: str
    ) -> TrackResult:
        seen = tuple(sorted(sightings))
        previous = self.registration
        try:
            fresh = from_sightings(sightings, self.layout, self.camera,
                                   min_markers=self.min_markers)
        except RegistrationError as error:
            if previous is None:
                return TrackResult(None, "searching", 0.0, seen, str(error))
            return TrackResult(previous, "moving", 0.1 * previous.confidence, seen,
                               f"The board seems to have moved and cannot be found again: {error}")
        self.registration = fresh
        self._disagreeing = 0
        total = len(self.layout.markers)
        return TrackResult(fresh, status, fresh.confidence, seen,
                           f"{what} from {len(seen)} of {total} corner markers.",
                           reregistered=status == "bumped")
