"""How far apart a board's spaces are: the one length the camera scales by."""

from __future__ import annotations

import numpy as np

from companion.geometry.base import Geometry


def pitch_mm(geometry: Geometry) -> float:
    """The board's typical distance between neighbouring spaces (median nearest
    neighbour), the one length every recogniser scales by."""
    centres = np.array([(s.x_mm, s.y_mm) for s in geometry.spaces()], dtype=np.float64)
    if len(centres) < 2:
        return float(min(geometry.width_mm, geometry.height_mm))
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    return float(np.median(d.min(axis=1)))
