"""Camera looks: what a real table, its lamps and a webcam do to a rendered board.

A ``CameraLook`` is one table as a camera sees it: the board's material and line width,
the stones' material, one or two lamps (where they hang, their colour, how big their
highlight is), the camera (640×480 or 1280×960, its pose up to 35° from the vertical,
white balance off by up to ±1,500 K, vignetting, lens blur, a little motion blur, sensor
noise, JPEG quality 60–90), and what lies around the board (a wooden table, a cloth, a
table's edge, stone bowls beside it). ``render_scene(..., look=look)`` renders with it;
without a look the renderer is what it always was.

The looks come in three disjoint sets (``SPLIT``), none sharing a board material, a
stone material or a lamp colour with another. ``random_look(rng)`` draws a
**development** look; ``random_look(rng, held_out=True)`` a **held-out** look. No
threshold may be chosen on held-out looks: they stand for the tables nobody has seen.
Sessions of work have looked at the held-out looks' errors all the same, so a third set,
the **unseen** looks (``random_look_of(rng, UNSEEN)``), is kept apart: it is only
measured, once at the end of a piece of work, never read scene by scene while rules are
written. The camera, the surroundings and the numeric ranges are shared by all three.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

import numpy as np

from companion.vision.scene.camera import Pose

DEVELOPMENT = "development"
HELD_OUT = "held-out"
UNSEEN = "unseen"


@dataclass(frozen=True)
class LampColour:
    """A kind of lamp: its colour temperature range (K) and a tint (RGB gain) for light
    no temperature describes (a coloured LED)."""

    name: str
    kelvin: tuple[float, float]
    tints: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),)


LAMP_COLOURS: dict[str, LampColour] = {c.name: c for c in (
    LampColour("warm", (2700.0, 3300.0)),
    LampColour("neutral", (3800.0, 4600.0)),
    LampColour("daylight", (5500.0, 6800.0)),
    LampColour("coloured", (3500.0, 5000.0),
               ((1.0, 0.82, 1.12), (0.85, 1.0, 0.86), (1.12, 0.92, 0.78))),
    LampColour("fluorescent", (3900.0, 4400.0), ((0.96, 1.06, 0.94), (1.0, 1.04, 1.0))),
    LampColour("candle", (1900.0, 2500.0)),
)}

SPLIT: dict[str, dict[str, tuple[str, ...]]] = {
    DEVELOPMENT: {
        "boards": ("kaya", "pale wood", "white paper", "tan paper"),
        "stones": ("slate and shell", "plastic"),
        "lamps": ("warm", "neutral"),
    },
    HELD_OUT: {
        "boards": ("red wood", "bamboo", "white vinyl", "tan vinyl"),
        "stones": ("glass", "yunzi"),
        "lamps": ("daylight", "coloured"),
    },
    UNSEEN: {
        "boards": ("walnut", "hinoki", "grey laminate", "cardboard"),
        "stones": ("ceramic", "melamine"),
        "lamps": ("fluorescent", "candle"),
    },
}
SURROUNDS = ("wood table", "cloth", "table edge")
FRAMES = ((640, 480), (1280, 960))
MAX_TILT_DEG = 35.0
WHITE_BALANCE_K = 1500.0
JPEG_QUALITY = (60, 90)


@dataclass(frozen=True)
class Lamp:
    """A lamp over the table: its foot (board sizes from the board's centre), its height
    (board sizes), colour, share of the light and highlight size (share of a stone's
    radius: a small bright bulb is small, a shaded lamp large)."""

    foot: tuple[float, float]
    height: float
    colour: str
    kelvin: float
    tint: tuple[float, float, float]
    strength: float
    size: float


@dataclass(frozen=True)
class CameraLook:
    """One table seen by one camera; see the module's docstring. ``ambient`` is the
    share of light that comes from everywhere (the room), ``exposure`` the board's
    median grey the camera aims at, ``noise`` the sensor noise at mid grey, ``motion``
    a motion blur's length and ``blur`` the lens's blur (pixels of a 1280-wide frame)."""

    split: str
    board: str
    line_mm: float
    stones: str
    lamps: tuple[Lamp, ...]
    ambient: float
    white_balance_k: float
    frame: tuple[int, int]
    pose: Pose
    exposure: float
    vignetting: float
    blur: float
    motion: float
    noise: float
    jpeg: int
    surround: str
    clutter: bool
    contact_shadow: float

    def to_json(self) -> dict:
        return asdict(self)


def random_lamps(rng: np.random.Generator, colours: tuple[str, ...]) -> tuple[Lamp, ...]:
    """One lamp, or two (a third of the time), of ``colours``, somewhere over the table."""
    count = 2 if rng.random() < 1 / 3 else 1
    shares = [rng.uniform(0.55, 0.8)] if count == 1 else \
        [rng.uniform(0.4, 0.55), rng.uniform(0.15, 0.3)]
    lamps = []
    for share in shares:
        kind = LAMP_COLOURS[colours[int(rng.integers(len(colours)))]]
        angle = rng.uniform(0, 2 * np.pi)
        reach = rng.uniform(0.1, 1.1)
        lamps.append(Lamp(
            foot=(float(reach * np.cos(angle)), float(reach * np.sin(angle))),
            height=float(rng.uniform(0.8, 2.0)),
            colour=kind.name,
            kelvin=float(rng.uniform(*kind.kelvin)),
            tint=kind.tints[int(rng.integers(len(kind.tints)))],
            strength=float(share),
            size=float(rng.uniform(0.07, 0.2)),
        ))
    return tuple(lamps)


def random_look(rng: np.random.Generator, held_out: bool = False) -> CameraLook:
    """A random table and camera from the development looks, or the held-out ones."""
    return random_look_of(rng, HELD_OUT if held_out else DEVELOPMENT)


def random_look_of(rng: np.random.Generator, split: str) -> CameraLook:
    """A random table and camera from the looks of ``split`` (a key of ``SPLIT``)."""
    parts = SPLIT[split]
    lamps = random_lamps(rng, parts["lamps"])
    pose = Pose(
        tilt_deg=float(rng.uniform(0.0, MAX_TILT_DEG)),
        azimuth_deg=float(rng.uniform(0.0, 360.0)),
        roll_deg=float(90 * rng.integers(4) + rng.uniform(-15.0, 15.0)),
        fill=float(rng.uniform(0.55, 0.95)),
        offset=(float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1))),
        k1=float(rng.uniform(-0.015, 0.015)),
    )
    return CameraLook(
        split=split,
        board=parts["boards"][int(rng.integers(len(parts["boards"])))],
        line_mm=float(rng.uniform(0.4, 1.5)),
        stones=parts["stones"][int(rng.integers(len(parts["stones"])))],
        lamps=lamps,
        ambient=float(1.0 - sum(lamp.strength for lamp in lamps)),
        white_balance_k=float(rng.uniform(-WHITE_BALANCE_K, WHITE_BALANCE_K)),
        frame=FRAMES[int(rng.integers(len(FRAMES)))],
        pose=pose,
        exposure=float(rng.uniform(100.0, 170.0)),
        vignetting=float(rng.uniform(0.1, 0.45)),
        blur=float(rng.uniform(0.4, 1.4)),
        motion=float(rng.uniform(2.0, 4.0)) if rng.random() < 0.3 else 0.0,
        noise=float(rng.uniform(1.5, 6.0)),
        jpeg=int(rng.integers(JPEG_QUALITY[0], JPEG_QUALITY[1] + 1)),
        surround=SURROUNDS[int(rng.integers(len(SURROUNDS)))],
        clutter=bool(rng.random() < 0.5),
        contact_shadow=float(rng.uniform(0.25, 0.6)),
    )


def relit(look: CameraLook, rng: np.random.Generator) -> CameraLook:
    """The same table and camera under another light of the look's own set: new lamps,
    another white balance and exposure (daylight fading, a lamp switched on)."""
    lamps = random_lamps(rng, SPLIT[look.split]["lamps"])
    return replace(look, lamps=lamps, ambient=float(1.0 - sum(lamp.strength for lamp in lamps)),
                   white_balance_k=float(rng.uniform(-WHITE_BALANCE_K, WHITE_BALANCE_K)),
                   exposure=float(rng.uniform(100.0, 170.0)))


def drifted(look: CameraLook, kelvin: float, exposure: float) -> CameraLook:
    """``look`` with its white balance ``kelvin`` warmer and its exposure ``exposure``
    grey levels brighter: the slow drift of daylight through a game."""
    return replace(look, white_balance_k=look.white_balance_k + kelvin,
                   exposure=float(np.clip(look.exposure + exposure, 60.0, 200.0)))
