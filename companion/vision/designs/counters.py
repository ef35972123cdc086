"""OneWorld's counters as ``companion print counters`` prints them (docs/recognition.md).

A square card: a thick coloured band around the edge gives its aspect (Stone orange,
Blade green, Fog blue, Tower purple, god gold), the ground inside the band its side
(BORG near-black, CHEZ cream), a symbol inside the same again for a person. A stack is
laid with the counters under the top one squared together and shifted
``STACK_OFFSET_MM`` toward the board's bottom, so a sliver of their band shows below the
top counter. Colours are RGB 0-255.
"""

from __future__ import annotations

SIDES = ("borg", "chez")
FACES = ("stone", "blade", "fog", "tower", "god")

GROUND = {"borg": (30, 30, 56), "chez": (250, 237, 190)}
"""The ground inside the band, by side."""
INK = {"borg": (255, 255, 255), "chez": (20, 20, 20)}
"""The symbol's and the words' colour, by side."""
BAND = {"stone": (230, 90, 25), "blade": (25, 165, 65), "fog": (40, 115, 230),
        "tower": (140, 65, 180), "god": (230, 190, 25)}
"""The band's colour, by face."""
SYMBOL = {"stone": "disc", "blade": "triangle", "fog": "three bars",
          "tower": "crenellated tower", "god": "three-legged stool"}
"""The symbol a person reads without the colours, by face."""
BAND_FRACTION = 0.16
"""The band's width, a share of the counter's side."""

SIZE_MM = 12.0
"""The counter's side: about the half-inch counters of hex-and-counter wargames; on the
map's 18 mm hexes it leaves room for a stack's fan and 2 mm between neighbours, so a
camera sees a stack's sliver apart from the next hex's counter."""
STACK_OFFSET_MM = 4.0
"""How far the counters under a stack's top one are shifted toward the board's bottom.
Straight down, not to the bottom right: on the 18 mm hexes a diagonal neighbour's
counter is 3.6 mm away sideways, the hex below's 6 mm, which a 4 mm fan leaves at 2 mm."""
