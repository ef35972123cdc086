"""What a real camera adds to the picture: uneven light, shadows, a hand or an arm,
a lamp's glare, blur, motion blur, sensor noise and JPEG compression.

Each effect is a small function on a BGR float picture; ``Effects`` says which to apply
and how strongly, and ``random_effects`` draws a realistic mix from a seeded generator.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Effects:
    """How hard the scene is. Zero everywhere is a clean, evenly lit picture."""

    light_gradient: float = 0.0  # relative brightness change across the frame
    light_spot: float = 0.0  # brightness added by a lamp's pool of light
    shadow: float = 0.0  # darkening inside a soft shadow (0..1)
    colour_cast: float = 0.0  # per-channel gain spread (white balance off)
    hand: bool = False  # a hand and arm reaching over the board
    glare: bool = False  # a blown-out lamp reflection on the board
    blur: float = 0.0  # Gaussian blur sigma in pixels
    motion: float = 0.0  # motion-blur length in pixels
    noise: float = 0.0  # sensor noise sigma in grey levels
    jpeg: int = 0  # JPEG quality (0: no compression)
    gloss: float = 0.35  # strength of the specular highlight on each stone

    def to_json(self) -> dict:
        return asdict(self)


HARDEST = Effects(light_gradient=0.45, light_spot=0.3, shadow=0.45, colour_cast=0.12,
                  blur=1.3, noise=7.0, jpeg=55, gloss=0.6)


def random_effects(rng: np.random.Generator, *, hands: float = 0.0, glare: float = 0.0) -> Effects:
    """A realistic random mix up to ``HARDEST``; ``hands`` and ``glare`` are the chances
    of a hand over the board and of a lamp's glare."""
    return Effects(
        light_gradient=float(rng.uniform(0, HARDEST.light_gradient)),
        light_spot=float(rng.uniform(0, HARDEST.light_spot)),
        shadow=float(rng.uniform(0, HARDEST.shadow)) if rng.random() < 0.5 else 0.0,
        colour_cast=float(rng.uniform(0, HARDEST.colour_cast)),
        hand=bool(rng.random() < hands),
        glare=bool(rng.random() < glare),
        blur=float(rng.uniform(0, HARDEST.blur)),
        noise=float(rng.uniform(1.0, HARDEST.noise)),
        jpeg=int(rng.integers(HARDEST.jpeg, 96)),
        gloss=float(rng.uniform(0.1, HARDEST.gloss)),
    )


def lighting(image: np.ndarray, effects: Effects, rng: np.random.Generator) -> None:
    """Multiply by a smooth light field: a gradient, a lamp's pool, a colour cast."""
    h, w = image.shape[:2]
    step = 8  # the light field is smooth: compute it coarse, then enlarge
    ys, xs = np.mgrid[0:h:step, 0:w:step].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = ((xs - w / 2) * np.cos(angle) + (ys - h / 2) * np.sin(angle)) / max(w, h)
    gain = 1.0 + effects.light_gradient * ramp * 2
    sx, sy = rng.uniform(0, w), rng.uniform(0, h)
    spread = rng.uniform(0.25, 0.6) * max(w, h)
    gain += effects.light_spot * np.exp(-((xs - sx) ** 2 + (ys - sy) ** 2) / (2 * spread**2))
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = 1.0 + rng.uniform(-effects.colour_cast, effects.colour_cast, size=3)
    for channel, tint in enumerate(cast.astype(np.float32)):  # no frame-sized field
        image[:, :, channel] *= gain * tint


def expose(image: np.ndarray, board_corners: np.ndarray, rng: np.random.Generator) -> None:
    """Auto-exposure: scale the picture so the board's median grey lands where a
    camera would put it (between 110 and 185), keeping the board's brightest parts just
    short of clipping as phones and the Pi camera try to."""
    mask = np.zeros(image.shape[:2], dtype=np.uint8)
    cv2.fillConvexPoly(mask, np.rint(board_corners).astype(np.int32), 1)
    inside = image[mask > 0]
    if inside.size:
        b, g, r = inside[:, 0], inside[:, 1], inside[:, 2]
        grey = b + g  # each pixel's mean, summed in the order inside.mean(axis=1) sums
        grey += r
        grey /= np.float32(3)
        target = rng.uniform(110.0, 185.0) / max(float(np.median(grey)), 1.0)
        brightest = np.maximum(np.maximum(b, g), r)
        highlight = rng.uniform(235.0, 252.0) / max(float(np.percentile(brightest, 99.5)), 1.0)
        image *= min(target, highlight)


def shadow_mask(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A soft-edged shadow of something beside the table (a wide band or a blob)."""
    h, w = shape
    mask = np.zeros((h, w), dtype=np.float32)
    centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
    axes = (int(rng.uniform(0.2, 0.5) * w), int(rng.uniform(0.1, 0.3) * h))
    cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    k = int(0.08 * max(h, w)) | 1
    return cv2.GaussianBlur(mask, (k, k), 0)


def hand_mask(shape: tuple[int, int], target: tuple[float, float],
              rng: np.random.Generator) -> np.ndarray:
    """A hand reaching for ``target`` (pixels) with its arm coming in from an edge."""
    h, w = shape
    mask = np.zeros((h, w), dtype=np.uint8)
    tx, ty = target
    edge = int(rng.integers(4))
    start = [(tx, -50.0), (w + 50.0, ty), (tx, h + 50.0), (-50.0, ty)][edge]
    start = (start[0] + rng.uniform(-0.2, 0.2) * w, start[1] + rng.uniform(-0.2, 0.2) * h)
    width = int(rng.uniform(0.09, 0.14) * max(w, h))
    cv2.line(mask, (int(start[0]), int(start[1])), (int(tx), int(ty)), 255, width)
    direction = np.arctan2(ty - start[1], tx - start[0])
    palm = (int(tx), int(ty))
    axes = (int(width * 0.9), int(width * 0.65))
    cv2.ellipse(mask, palm, axes, float(np.degrees(direction)), 0, 360, 255, -1)
    for finger in range(4):  # fingers fanning out past the palm
        a = direction + (finger - 1.5) * 0.22
        end = (int(tx + np.cos(a) * width * 1.5), int(ty + np.sin(a) * width * 1.5))
        cv2.line(mask, palm, end, 255, max(int(width * 0.17), 2))
    return cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (7, 7), 0)


def apply_hand(image: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> None:
    """Paint skin (a random tone, shaded across the arm) where ``mask`` is set."""
    tones = ((120, 160, 215), (95, 135, 190), (70, 100, 150), (50, 70, 110), (140, 180, 230))
    tone = np.array(tones[int(rng.integers(len(tones)))], dtype=np.float32)
    h, w = mask.shape
    texture = cv2.GaussianBlur(rng.normal(1.0, 0.12, size=(h // 16 + 1, w // 16 + 1))
                               .astype(np.float32), (3, 3), 0)
    texture = cv2.resize(texture, (w, h))
    skin = tone[None, None, :] * texture[:, :, None]
    image *= (1 - mask[:, :, None])
    image += skin * mask[:, :, None]


def finish(image: np.ndarray, effects: Effects, rng: np.random.Generator) -> np.ndarray:
    """Blur, motion blur, noise and JPEG: what the lens and the sensor add last."""
    if effects.blur > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), effects.blur)
    if effects.motion >= 2:
        image = motion_blur(image, int(effects.motion), rng)
    if effects.noise > 0:  # the sums of image + noise, in place of copies of the frame
        noise = rng.standard_normal(size=image.shape, dtype=np.float32)
        noise *= effects.noise
        noise += image
        out = np.clip(noise, 0, 255, out=noise).astype(np.uint8)
    else:
        out = np.clip(image, 0, 255).astype(np.uint8)
    if effects.jpeg:
        out = jpeg(out, effects.jpeg)
    return out


def motion_blur(image: np.ndarray, length: int, rng: np.random.Generator) -> np.ndarray:
    """Smear ``image`` along a random direction over ``length`` pixels (at least 2)."""
    kernel = np.zeros((length, length), dtype=np.float32)
    kernel[length // 2, :] = 1.0 / length
    centre = (length / 2 - 0.5, length / 2 - 0.5)
    rot = cv2.getRotationMatrix2D(centre, float(rng.uniform(0, 180)), 1.0)
    kernel = cv2.warpAffine(kernel, rot, (length, length))
    return cv2.filter2D(image, -1, kernel / max(kernel.sum(), 1e-6))


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    """``image`` (uint8) encoded as a JPEG of ``quality`` and decoded again."""
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
