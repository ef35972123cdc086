"""Stone materials for the camera looks, and how one stone is drawn under real lamps.

A stone is a flattened dome. Each lamp lights it from where the lamp is (its shade) and
leaves a specular highlight where the dome's normal halves the way to the lamp and the
way to the camera: the highlight sits off the centre toward the lamp, on every stone of
the board, moving a little from stone to stone as the lamp's direction does. The
material says how glossy the stone is (a glossy black stone's highlight is clipped
white), how sharp the highlight is, a broad sheen, the faint stripes of shell, and how
much of the board shows through glass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.vision.scene.pieces import sprite_window

DOME = 0.45  # height of the dome over its radius: Go stones are flat
HIGHLIGHT_REACH = 0.85  # of the radius: a highlight stays on the stone's top
DARK_TRANSLUCENCY = 0.3  # of a material's translucency, what a black stone lets through


@dataclass(frozen=True)
class StoneLook:
    """A stone material: the black and white stones' colours (RGB), their gloss (peak of
    a full lamp's highlight over the white stone's brightness), highlight size, sheen,
    shell stripes, translucency and the tint of light through the stone (RGB)."""

    name: str
    black: tuple[int, int, int]
    white: tuple[int, int, int]
    gloss: float
    sharpness: float
    sheen: float
    stripes: float = 0.0
    translucency: float = 0.0
    tint: tuple[float, float, float] = (1.0, 1.0, 1.0)


STONE_LOOKS: dict[str, StoneLook] = {look.name: look for look in (
    StoneLook("slate and shell", (40, 40, 43), (238, 236, 226), 1.6, 1.0, 0.06, stripes=0.06),
    StoneLook("plastic", (24, 24, 27), (246, 246, 244), 2.6, 0.8, 0.10),
    StoneLook("glass", (30, 36, 40), (226, 234, 236), 3.0, 0.6, 0.12, translucency=0.22,
              tint=(0.85, 1.0, 0.95)),
    StoneLook("yunzi", (26, 32, 28), (232, 228, 206), 1.0, 1.8, 0.12, stripes=0.0),
    StoneLook("ceramic", (46, 45, 48), (230, 230, 226), 0.6, 1.3, 0.04),
    StoneLook("melamine", (20, 20, 23), (248, 247, 240), 2.0, 1.0, 0.08),
)}


@dataclass(frozen=True)
class LampAt:
    """One lamp as a stone sees it: unit vector toward the lamp (x, y along the board,
    z up), the highlight's half vector (toward lamp and camera), its strength, its
    highlight's size (share of the radius) and its colour gain (BGR)."""

    toward: tuple[float, float, float]
    half: tuple[float, float, float]
    strength: float
    size: float
    colour: tuple[float, float, float]


class StoneDrawer:
    """Draws stones of ``radius`` pixels of one material; one instance per scene."""

    def __init__(self, radius: float, look: StoneLook) -> None:
        self.look = look
        self.pad = int(radius * 1.1) + 2
        size = 2 * self.pad + 1
        ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) - self.pad
        self.u, self.v = xs / radius, ys / radius
        r2 = self.u ** 2 + self.v ** 2
        height = np.sqrt(np.clip(1.0 - r2, 0.0, 1.0))
        # The normal of the ellipsoid u² + v² + (z / DOME)² = 1 at (u, v).
        nz = height / DOME
        norm = np.sqrt(r2 + nz * nz) + 1e-6
        self.normal = (self.u / norm, self.v / norm, nz / norm)
        self.alpha = np.clip((1.0 - np.sqrt(r2)) * radius + 0.5, 0.0, 1.0)[:, :, None]

    def draw(self, image: np.ndarray, centre: tuple[float, float], colour: Sequence[float],
             lamps: Sequence[LampAt], ambient: float, rng: np.random.Generator,
             cover: np.ndarray | None = None, white: bool = False) -> None:
        """Draw one stone of RGB ``colour`` at ``centre`` (pixels) into the float BGR
        ``image``; ``rng`` is the stone's own (its stripes, its flaws)."""
        clipped = sprite_window(centre, self.pad, image.shape)
        if clipped is None:
            return
        (y0, y1, x0, x1), sl = clipped
        nx, ny, nz = (n[sl] for n in self.normal)
        look = self.look
        shade = np.full(nx.shape, ambient, dtype=np.float32)
        spec = np.zeros(nx.shape + (3,), dtype=np.float32)
        for lamp in lamps:
            lx, ly, lz = lamp.toward
            shade += lamp.strength * np.clip(nx * lx + ny * ly + nz * lz, 0.0, 1.0) / max(lz, 0.3)
            hx, hy, hz = lamp.half
            k = 1.0 / np.sqrt(hx * hx + hy * hy + DOME * DOME * hz * hz)
            k *= min(1.0, HIGHLIGHT_REACH / max(float(np.hypot(hx, hy)) * k, 1e-6))
            u, v = self.u[sl] - hx * k, self.v[sl] - hy * k
            sigma = lamp.size * look.sharpness
            peak = np.exp(-(u * u + v * v) / (2 * sigma * sigma))
            broad = np.exp(-(u * u + v * v) / (2 * (3 * sigma) ** 2))
            strength = lamp.strength * 238.0 * (look.gloss * peak + look.sheen * broad)
            spec += strength[:, :, None] * np.asarray(lamp.colour, dtype=np.float32)
        shade = shade / (ambient + sum(lamp.strength for lamp in lamps))
        bgr = np.asarray(colour, dtype=np.float32)[::-1]
        body = bgr[None, None, :] * (0.45 + 0.65 * shade)[:, :, None]
        if white and look.stripes:
            angle = rng.uniform(0, np.pi)
            freq = rng.uniform(5.0, 9.0)
            along = self.u[sl] * np.cos(angle) + self.v[sl] * np.sin(angle)
            phase = rng.uniform(0, 2 * np.pi)
            body *= (1.0 + look.stripes * np.sin(along * freq * np.pi + phase))[:, :, None]
        patch = image[y0:y1, x0:x1]
        if look.translucency:  # light through the stone: a dark stone lets less through
            through = patch.reshape(-1, 3).mean(axis=0) * np.asarray(look.tint[::-1])
            share = look.translucency * (1.0 if white else DARK_TRANSLUCENCY)
            body = body * (1 - share) + through[None, None, :] * share
        body = body + spec
        alpha = self.alpha[sl]
        image[y0:y1, x0:x1] = patch * (1.0 - alpha) + body * alpha
        if cover is not None:
            cover[y0:y1, x0:x1] = np.maximum(cover[y0:y1, x0:x1], alpha[:, :, 0])
