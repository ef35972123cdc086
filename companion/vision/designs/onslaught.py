"""ONSLAUGHT's pieces, orbs and capture tokens as the companion asks players to make them
(``companion print pieces``; docs/recognition.md, "Rulings for the table").

Sizes are shares of the board's square, so a board printed with another pitch gets
pieces to match. Each lies in its own zone of the square (discs inside, ring around
them, frame at the edge), so the camera sees all of them at once:

- a player piece is a disc in its team's colour: plain for Red 1 / Blue 1, with a white
  centre for Red 2 / Blue 2 (a mark large enough for the camera: a square is 60 to 90
  pixels across in a 1280×960 picture, and pips of 1.4 mm were 2 pixels, lost in blur);
  alone it stands at its square's centre, two team mates stand side by side;
- an orb token is a ring in its team's colour, lying around the pieces;
- a capture token is a square frame in its team's colour, along the square's edge.

The teams' colours are the recognisers' palette (``palette`` in ``thresholds.json``).
"""

from __future__ import annotations

TEAMS = ("red", "blue")
PIECES = ("red1", "red2", "blue1", "blue2")

PIECE_RADIUS = 0.13
"""A player piece's radius."""
PAIR_OFFSET = 0.15
"""How far from the square's centre each of two team mates stands."""
MARK_RADIUS = 0.45
"""Number 2's white centre, a share of the piece's radius."""
ORB_RADII = (0.31, 0.38)
"""An orb ring's inner and outer radius."""
FRAME = (0.41, 0.47)
"""A capture token's inner and outer half side."""


def piece_centres(count: int) -> list[tuple[float, float]]:
    """Where one or two pieces stand, in shares of the square from its centre."""
    return [(0.0, 0.0)] if count == 1 else [(-PAIR_OFFSET, 0.0), (PAIR_OFFSET, 0.0)]
