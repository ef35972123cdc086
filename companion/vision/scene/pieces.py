"""Draw pieces on a flat board image: glossy stones with a shadow and a highlight.

Pieces are drawn on the flat board (before the camera sees it), so perspective and
lens distortion apply to them exactly as to the board. A stone is shaded as a low dome
lit from ``light`` (a unit vector in the board plane), casts a soft shadow away from the
light, and shows a specular highlight whose strength is ``gloss``. All stones of a scene
share one ``StoneSprite`` (same size, same light), so drawing hundreds is quick; the
size changes from scene to scene (``stone_radius``), as real stones do.
"""

from __future__ import annotations

import cv2
import numpy as np

STONE_RADII = (0.40, 0.49)  # of the pitch: 22 mm Go stones on a 22 mm grid, 22–28 mm on ONE's 29


def stone_radius(seed: int) -> float:
    """The radius, as a share of the pitch, of the stones of scene ``seed``: one size a
    scene, anywhere in ``STONE_RADII``. Drawn from its own stream of ``seed`` so the rest
    of the scene stays as it was."""
    low, high = STONE_RADII
    return float(np.random.default_rng([seed, 0, 0]).uniform(low, high))



def sprite_window(centre: tuple[float, float], pad: int, shape: tuple[int, ...]
                  ) -> tuple[tuple[int, int, int, int], tuple[slice, slice]] | None:
    """Where a sprite of half-size ``pad`` drawn at ``centre`` (pixels) lands in a picture
    of ``shape``: its rows and columns there (y0, y1, x0, x1) and the sprite's own slices
    for them; ``None`` when it lies wholly outside."""
    cx, cy = int(round(centre[0])), int(round(centre[1]))
    x0, y0 = max(cx - pad, 0), max(cy - pad, 0)
    x1, y1 = min(cx + pad + 1, shape[1]), min(cy + pad + 1, shape[0])
    if x1 <= x0 or y1 <= y0:
        return None
    return (y0, y1, x0, x1), (slice(y0 - cy + pad, y1 - cy + pad),
                              slice(x0 - cx + pad, x1 - cx + pad))

class StoneSprite:
    """The shading of one stone of ``radius`` pixels: darkening of what lies under its
    shadow, the dome's shade, its highlight and its antialiased outline."""

    def __init__(self, radius: float, light: tuple[float, float], gloss: float) -> None:
        lx, ly = light
        self.pad = int(radius * 1.35) + 2
        size = 2 * self.pad + 1
        ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) - self.pad
        sx, sy = -lx * radius * 0.25, -ly * radius * 0.25
        shadow = np.clip(1.0 - np.hypot(xs - sx, ys - sy) / (radius * 1.08), 0.0, 0.25) / 0.25
        self.under = (1.0 - 0.45 * shadow)[:, :, None]
        u, v = xs / radius, ys / radius
        r2 = u * u + v * v
        z = np.sqrt(np.clip(1.0 - r2, 0.0, 1.0)) * 0.8
        norm = np.sqrt(r2 + z * z) + 1e-6
        lnorm = float(np.sqrt(lx * lx + ly * ly + 0.64))
        lambert = np.clip((u * lx + v * ly + z * 0.8) / (norm * lnorm), 0.0, 1.0)
        self.shade = (0.7 + 0.35 * lambert)[:, :, None]
        hx, hy = lx * radius * 0.35, ly * radius * 0.35
        spec = np.exp(-((xs - hx) ** 2 + (ys - hy) ** 2) / (2 * (radius * 0.16) ** 2))
        self.spec = (gloss * 255.0 * spec)[:, :, None]
        self.alpha = np.clip((1.0 - np.sqrt(r2)) * radius + 0.5, 0.0, 1.0)[:, :, None]
        self.board_share = 1.0 - self.alpha  # how much of what lies under still shows

    def draw(self, image: np.ndarray, centre: tuple[float, float],
             colour: tuple[float, float, float], cover: np.ndarray | None = None) -> None:
        """Draw one stone of BGR ``colour`` at ``centre`` (pixels) into ``image``, and
        where it hides the board into ``cover`` (0..1, the image's size) if given."""
        clipped = sprite_window(centre, self.pad, image.shape)
        if clipped is None:
            return
        (y0, y1, x0, x1), sl = clipped
        patch = image[y0:y1, x0:x1].astype(np.float32) * self.under[sl]
        body = np.asarray(colour, dtype=np.float32) * self.shade[sl] + self.spec[sl]
        alpha = self.alpha[sl]
        seen = body * alpha  # the stone over what shows of the board under it
        seen += patch * self.board_share[sl]
        image[y0:y1, x0:x1] = np.clip(seen, 0, 255, out=seen)
        if cover is not None:
            np.maximum(cover[y0:y1, x0:x1], alpha[:, :, 0], out=cover[y0:y1, x0:x1])


def draw_glare(image: np.ndarray, centre: tuple[float, float], radius: float,
               board_seen: np.ndarray | None = None) -> None:
    """A blown-out reflection of a lamp in the board's surface: a bright soft blob that
    saturates the sensor. It is a mirror image in the flat board, so it shows only
    where the board itself is seen (``board_seen``, 0..1): a stone standing on it hides
    it and shows its own small highlight instead."""
    mask = np.zeros(image.shape[:2], dtype=np.float32)
    cv2.circle(mask, (int(centre[0]), int(centre[1])), int(radius), 1.0, -1, cv2.LINE_AA)
    k = int(radius * 0.6) | 1
    mask = cv2.GaussianBlur(mask, (k, k), 0) * 1.6
    mask = np.clip(mask, 0, 1)
    if board_seen is not None:
        mask *= board_seen
    image += mask[:, :, None] * 400.0
