"""ONSLAUGHT's pieces, orbs and capture tokens, printed as the camera reads them.

The design is the one the recogniser reads and the test scenes draw
(``companion.vision.designs.onslaught``, docs/recognition.md, "Rulings for the table"),
in shares of the board's square so that a board printed with another pitch gets pieces
to match:

- a **player piece** is a disc in its team's colour, plain for number 1 and with a white
  centre for number 2 (glue it on card, a coin or a flat counter);
- an **orb token** is a ring in its team's colour, laid around the pieces on its square;
- a **capture token** is a square frame that lies along the square's edge. It shows the
  owning team's colour up, so each token is printed as a red frame and a blue frame
  side by side: fold along the dashed line and glue them back to back.

The rules give 2 pieces per team, an orb per team and 5 capture tokens; the sheet adds a
spare of each, since small card pieces get lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from calibration.printables.sheet import Colour, Page, Pen, area_mm, write_pages
from companion.geometry import Geometry, pitch_mm
from companion.vision.designs.onslaught import (
    FRAME,
    MARK_RADIUS,
    ORB_RADII,
    PIECE_RADIUS,
    TEAMS,
)

PIECES_PER_NUMBER = 2  # each of Red 1, Red 2, Blue 1, Blue 2, and a spare
ORBS_PER_TEAM = 2
CAPTURE_TOKENS = 6  # the rules' 5 and a spare
CUT: Colour = (0.6, 0.6, 0.6)
WHITE: Colour = (1.0, 1.0, 1.0)
GAP_MM = 4.0
HEADING_MM = 8.0


def _rgb(colour: Sequence[int]) -> Colour:
    return (colour[0] / 255, colour[1] / 255, colour[2] / 255)


def draw_piece(pen: Pen, team: Colour, number: int, cx: float, cy: float,
               pitch: float) -> None:
    """A player piece centred at (cx, cy): its team's disc, a white centre for number 2."""
    radius = PIECE_RADIUS * pitch
    pen.circle(cx, cy, radius, fill=team, stroke=CUT, width=0.15)
    if number == 2:
        pen.circle(cx, cy, MARK_RADIUS * radius, fill=WHITE, stroke=None)


def draw_orb(pen: Pen, team: Colour, cx: float, cy: float, pitch: float) -> None:
    """An orb token centred at (cx, cy): a ring, cut along both edges."""
    pen.circle(cx, cy, ORB_RADII[1] * pitch, fill=team, stroke=CUT, width=0.15)
    pen.circle(cx, cy, ORB_RADII[0] * pitch, fill=WHITE, stroke=CUT, width=0.15)


def draw_frame(pen: Pen, team: Colour, x: float, y: float, pitch: float) -> None:
    """One face of a capture token, its outer top-left corner at (x, y)."""
    outer, inner = 2 * FRAME[1] * pitch, 2 * FRAME[0] * pitch
    margin = (outer - inner) / 2
    pen.rect(x, y, outer, outer, fill=team, stroke=CUT, width=0.15)
    pen.rect(x + margin, y + margin, inner, inner, fill=WHITE, stroke=CUT, width=0.15)


def draw_sheet(pen: Pen, palette: Mapping[str, Sequence[int]], pitch: float,
               width: float) -> None:
    """The whole sheet for squares ``pitch`` mm wide, laid out ``width`` mm wide."""
    colours = {team: _rgb(palette[team]) for team in TEAMS}
    pen.text(0, 5, f"ONSLAUGHT pieces for the camera ({pitch:g} mm squares)", 4.0, bold=True)

    y = HEADING_MM + 4
    pen.text(0, y, "Player pieces: plain = number 1, white centre = number 2. "
                   "Glue on card or on a coin.", 3.0)
    radius = PIECE_RADIUS * pitch
    step = 2 * radius + GAP_MM + 8
    cy = y + 4 + radius
    x = radius
    for team in TEAMS:
        for number in (1, 2):
            for _ in range(PIECES_PER_NUMBER):
                draw_piece(pen, colours[team], number, x, cy, pitch)
                pen.text(x, cy + radius + 3.5, f"{team.title()} {number}", 2.5, align="centre")
                x += step

    y = cy + radius + 12
    pen.text(0, y, "Orb tokens: cut out the ring and its middle; lay it around the pieces.",
             3.0)
    outer = ORB_RADII[1] * pitch
    cy, x = y + 4 + outer, outer
    for team in TEAMS:
        for _ in range(ORBS_PER_TEAM):
            draw_orb(pen, colours[team], x, cy, pitch)
            pen.text(x, cy + outer + 3.5, f"{team.title()} orb", 2.5, align="centre")
            x += 2 * outer + GAP_MM

    y = cy + outer + 14
    pen.text(0, y, "Capture tokens: cut out each pair, fold along the dashed line and glue "
                   "back to back (red one side, blue the other).", 3.0)
    side = 2 * FRAME[1] * pitch
    per_row = max(1, int((width + GAP_MM) // (2 * side + GAP_MM)))
    for k in range(CAPTURE_TOKENS):
        x = (k % per_row) * (2 * side + GAP_MM)
        top = y + 4 + (k // per_row) * (side + GAP_MM)
        for face, team in enumerate(TEAMS):
            draw_frame(pen, colours[team], x + face * side, top, pitch)
        pen.line(x + side, top - 1.5, x + side, top + side + 1.5, 0.3, (0.3, 0.3, 0.3),
                 dash=(1.5, 1.0))


def write_onslaught_pieces(path: str | Path, geometry: Geometry,
                           palette: Mapping[str, Sequence[int]], paper: str = "a4") -> int:
    """Write the sheet for ``geometry``'s squares to the PDF ``path``; return the pages."""
    pitch = pitch_mm(geometry)
    width, height = area_mm(paper)
    if 2 * 2 * FRAME[1] * pitch > width:
        raise ValueError(f"Squares of {pitch:g} mm make capture tokens too large for "
                         f"{paper.upper()} paper.")
    page = Page(lambda pen: draw_sheet(pen, palette, pitch, width),
                "ONSLAUGHT pieces: glue on card, cut along the grey lines")
    return write_pages(path, [page], paper, title="ONSLAUGHT pieces")
