"""A picture of the field as SVG text, drawn from the poses alone: every piece with its
facing, the vision cones, a line between each pair that observe each other, and round
one chosen piece the reach of its two sets of movement and its action range.
``companion referee outdoor --record FILE --picture FIELD.svg --focus N1`` writes it."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from companion.games.outdoor.field import heading
from companion.games.outdoor.observation import OBSERVED, UNOBSERVED, in_play, observers, standing
from companion.games.outdoor.options import unit

State = dict[str, Any]

PX = 20.0  # picture pixels per unit of length
MARGIN = 2.0  # units round the field, for the edges' names
COLOURS = {"north": "#2f6fb0", "south": "#c0392b"}
GRID = 6.0


def picture(state: State, focus: str | None = None) -> str:
    """The field as an SVG document; ``focus`` (a character's name) gets its cone drawn
    strongly and its rings; ``ValueError`` for a name the game does not have."""
    if focus is not None and focus not in state["characters"]:
        raise ValueError(f"There is no character {focus!r}: the characters are "
                         f"{', '.join(state['characters'])}.")
    width, height = state["options"]["field"]
    scale, u = unit(state["options"])
    size = (width + 2 * MARGIN) * PX, (height + 2 * MARGIN + 2) * PX
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size[0]:.0f}" '
             f'height="{size[1]:.0f}" viewBox="{-MARGIN} {-MARGIN} {width + 2 * MARGIN} '
             f'{height + 2 * MARGIN + 2}" font-family="sans-serif">',
             f'<rect x="{-MARGIN}" y="{-MARGIN}" width="{width + 2 * MARGIN}" '
             f'height="{height + 2 * MARGIN + 2}" fill="white"/>',
             f'<rect width="{width}" height="{height}" fill="#e8f0dc" stroke="#556b2f" '
             f'stroke-width="0.08"/>']
    parts += _grid(width, height, GRID * scale)
    parts += _edges(width, height)
    standing_ids = in_play(state)
    diagonal = math.hypot(width, height)
    parts.append(f'<clipPath id="field"><rect width="{width}" height="{height}"/></clipPath>'
                 '<g clip-path="url(#field)">')
    for cid in standing_ids:
        parts.append(_cone(state, cid, diagonal, strong=cid == focus))
    parts.append("</g>")
    parts += _sight_lines(state, standing_ids)
    if focus is not None and focus in standing_ids:
        parts += _rings(state, focus, scale)
    for cid, c in state["characters"].items():
        if c["status"] in ("in", "fallen"):
            parts.append(_piece(state, cid))
    parts.append(_caption(state, focus, width, height, u))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _grid(width: float, height: float, step: float) -> list[str]:
    lines = []
    x = step
    while x < width:
        lines.append(f'<line x1="{x:g}" y1="0" x2="{x:g}" y2="{height}" stroke="#b5c4a0" '
                     f'stroke-width="0.04"/>')
        x += step
    y = step
    while y < height:
        lines.append(f'<line x1="0" y1="{y:g}" x2="{width}" y2="{y:g}" stroke="#b5c4a0" '
                     f'stroke-width="0.04"/>')
        y += step
    return lines


def _edges(width: float, height: float) -> list[str]:
    places = {"N": (width / 2, -0.6), "S": (width / 2, height + 1.1),
              "W": (-1.1, height / 2), "E": (width + 0.6, height / 2)}
    return [f'<text x="{x:g}" y="{y:g}" font-size="0.9" fill="#556b2f">{name}</text>'
            for name, (x, y) in places.items()]


def _cone(state: State, cid: str, reach: float, *, strong: bool) -> str:
    c = state["characters"][cid]
    vision = state["options"]["vision"]
    colour = COLOURS[c["side"]]
    opacity = 0.22 if strong else 0.06
    if vision >= 360.0:
        return (f'<circle cx="{c["x"]:g}" cy="{c["y"]:g}" r="{reach:g}" fill="{colour}" '
                f'fill-opacity="{opacity}"/>')
    left, right = heading(c["facing"] - vision / 2), heading(c["facing"] + vision / 2)
    large = 1 if vision > 180.0 else 0
    return (f'<path d="M {c["x"]:g} {c["y"]:g} L {c["x"] + left[0] * reach:.3f} '
            f'{c["y"] + left[1] * reach:.3f} A {reach:g} {reach:g} 0 {large} 1 '
            f'{c["x"] + right[0] * reach:.3f} {c["y"] + right[1] * reach:.3f} Z" '
            f'fill="{colour}" fill-opacity="{opacity}"/>')


def _sight_lines(state: State, ids: list[str]) -> list[str]:
    pieces = state["characters"]
    lines = []
    for cid in ids:
        for other in observers(state, cid):
            if other > cid:
                a, b = pieces[cid], pieces[other]
                lines.append(f'<line x1="{a["x"]:g}" y1="{a["y"]:g}" x2="{b["x"]:g}" '
                             f'y2="{b["y"]:g}" stroke="#333" stroke-width="0.06" '
                             f'stroke-dasharray="0.3 0.2"/>')
    return lines


def _rings(state: State, cid: str, scale: float) -> list[str]:
    c = state["characters"][cid]
    rings = [(OBSERVED.move * scale, "#2e7d32"), (UNOBSERVED.move * scale, "#8d6e63"),
             (c["r"] + state["options"]["action_range"], "#6a1b9a")]
    return [f'<circle cx="{c["x"]:g}" cy="{c["y"]:g}" r="{radius:g}" fill="none" '
            f'stroke="{colour}" stroke-width="0.08"/>' for radius, colour in rings]


def _piece(state: State, cid: str) -> str:
    c = state["characters"][cid]
    if c["status"] == "fallen":
        return (f'<g><ellipse cx="{c["x"]:g}" cy="{c["y"]:g}" rx="{c["r"]:g}" '
                f'ry="{c["r"] / 2:g}" fill="#999"/><text x="{c["x"] + c["r"] + 0.2:g}" '
                f'y="{c["y"] + 0.3:g}" font-size="0.7" fill="#666">{escape(cid)}</text></g>')
    dx, dy = heading(c["facing"])
    tip = (c["x"] + dx * (c["r"] + 0.6), c["y"] + dy * (c["r"] + 0.6))
    unobserved = standing(state, cid).stats is UNOBSERVED
    ring = ' stroke-dasharray="0.25 0.15"' if unobserved else ""
    return (f'<g><circle cx="{c["x"]:g}" cy="{c["y"]:g}" r="{c["r"]:g}" '
            f'fill="{COLOURS[c["side"]]}" stroke="#111" stroke-width="0.08"{ring}/>'
            f'<line x1="{c["x"]:g}" y1="{c["y"]:g}" x2="{tip[0]:.3f}" y2="{tip[1]:.3f}" '
            f'stroke="#111" stroke-width="0.12"/>'
            f'<text x="{c["x"] + c["r"] + 0.2:g}" y="{c["y"] - c["r"]:g}" font-size="0.7">'
            f'{escape(cid)}</text></g>')


def _caption(state: State, focus: str | None, width: float, height: float, u: str) -> str:
    said = (f"Sequence {state['sequence']}, turn {state['turn']}, {state['phase']}; "
            f"{width:g} × {height:g} {u}")
    if focus is not None and state["characters"][focus]["status"] == "in":
        now = standing(state, focus)
        said += f". {focus}: {now.stats.name} ({now.why})"
    gone = [cid for cid, c in state["characters"].items() if c["status"] == "left"]
    if gone:
        said += f". Off the field: {', '.join(gone)}"
    return (f'<text x="0" y="{height + 1.6:g}" font-size="0.7" fill="#222">'
            f'{escape(said)}.</text>')
