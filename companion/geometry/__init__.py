"""Board geometry as data: spaces, adjacency, straight lines, positions in millimetres.

A geometry is built from a small spec (a JSON file a referee can edit) by the builder
registered for its ``kind``; see ``docs/geometry.md`` for the format.
"""

from companion.geometry.base import Geometry, Space
from companion.geometry.loader import builder_kinds, geometry_from_spec, load_geometry
from companion.geometry.spacing import pitch_mm

__all__ = ["Geometry", "Space", "builder_kinds", "geometry_from_spec", "load_geometry",
           "pitch_mm"]
