"""OneWorld counters: which side's counter, showing which face, lies on top of a hex,
and whether the hex holds a stack.

The counters are printed for the camera (``companion print counters``): a coloured band
around the edge gives the face (Stone orange, Blade green, Fog blue, Tower purple, god
gold) and the ground inside it the side (BORG near-black, CHEZ cream). Colours are
compared after dividing by the hex's own paper colour and multiplying by the map's
printed colour, so light and white balance cancel as they do for stones. Every place
looked at is given in millimetres of the printed design
(``companion.vision.designs.counters``), so the reading follows the design, not the
picture's scale.

- **Where the counter lies**: a hand lays a counter a little off its hex's centre, and
  a lens the registration does not model moves whole regions of the map by a millimetre
  or two. Profiles of colour through the hex's middle, down and across, are mirror
  symmetric about the counter's centre; the shift that makes them so, kept near the
  shift of the counters around it, places the counter (``stacks.py``).
- **Face**: the band's chromaticity, from the three sides of the band a stack's sliver
  cannot touch, which must agree (a hand or a neighbour's counter over one side does
  not). A band a few pixels wide is blurred into the counter's ground and into
  the map; mixing averages chromaticities, so a band seen through blur lies in the
  triangle spanned by its ink, the ground and the map (keeping some of its ink). The
  face is that triangle. On a stack, the lower counter laid askew may show beside the
  left and right sides: there the top side and the sides' upper corners are used.
- **Side**: the ground's lightness against the map's.
- **Empty**: no colour on all four sides of where a band would be (a neighbour's
  counter reaching into the hex colours one side, never all four).
- **Stack**: players lay a stack's lower counters shifted toward the board's bottom
  (docs/recognition.md), so below the top counter a sliver of band shows (``stacks.py``).
- **Glare**: a hex whose band, ground or sliver zone is partly blown out white (a
  lamp's reflection in a glossy map or counter) is unsure: what lies under the glare
  cannot be seen.
- **Covered**: a hex whose printed outline is far fainter than the picture's others
  (a hand over the map; ``pipeline.py`` flags the picture when several are together).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from companion.vision.config import Section
from companion.vision.designs.counters import (
    BAND,
    BAND_FRACTION,
    FACES,
    GROUND,
    SIDES,
    SIZE_MM,
    STACK_OFFSET_MM,
)
from companion.vision.labels import EMPTY, UNSURE
from companion.vision.sampling import Layout
from companion.vision.stacks import centres, sliver
from companion.vision.stones import SpaceReadings


@dataclass(frozen=True)
class CounterLayout:
    """Where to look around each hex on the board view (pixel offsets from its centre)."""

    size: tuple[int, int]  # board view width, height
    px_per_mm: float
    origin: np.ndarray  # N×2 each hex centre's pixel
    ground: np.ndarray  # 2×K offsets (dx, dy) of the ground ring
    middle: np.ndarray  # 2×M offsets of the disc where a counter's symbol is printed
    band: np.ndarray  # 2×4×B offsets of the band's four sides: top, bottom, left, right
    corners: np.ndarray  # 2×2×C offsets of the band's upper left and right corners
    under: np.ndarray  # 2×U offsets of where a stack's sliver shows below the counter
    down: np.ndarray  # N×R flat indices of the rows down each hex's middle
    across: np.ndarray  # N×R flat indices of the columns across each hex's middle
    rows_mm: np.ndarray  # R: each profile row's offset from the hex centre
    near: np.ndarray  # N×N weights of each hex's neighbours
    below: np.ndarray  # N: the hex one pitch straight below each hex (-1: none)
    pitch_mm: float
    outline: np.ndarray  # 2×L offsets of the hex's printed outline


@dataclass(frozen=True)
class CounterFeatures:
    """What was measured on every hex (N each) before any decision."""

    band: np.ndarray  # N×3 the band's chromaticity (sums to 1)
    disagreement: np.ndarray  # how far the band's sides' colours are from each other
    stacked_band: np.ndarray  # N×3 the same from the parts a stack's sliver cannot reach
    stacked_disagreement: np.ndarray  # how far those parts' colours are from each other
    saturation: np.ndarray  # its least colourful side's distance from the map's colour
    lightness: np.ndarray  # the ground's mean log lightness against the map's
    ink: np.ndarray  # the log lightness of the darkest of the middle against the map's
    centre_mm: np.ndarray  # N×2 the top counter's centre, mm from the hex centre
    extra: np.ndarray  # colour a stack's lower counter adds below the top counter
    outline: np.ndarray  # how much darker than the paper beside it the hex's outline is
    spread: float  # the share of a band's colour blur spreads that far on this picture
    blown: np.ndarray  # the share of band, ground and sliver zone blown out white (glare)


def counter_layout(layout: Layout, cfg: Section) -> CounterLayout:
    """The ground ring, band sides and profiles of every hex of ``layout``."""
    half = SIZE_MM / 2
    inner = half - BAND_FRACTION * SIZE_MM
    span = int(np.ceil((half + STACK_OFFSET_MM + 2.0) * layout.px_per_mm))
    dy, dx = np.mgrid[-span:span + 1, -span:span + 1]
    offsets = np.stack([dx, dy])
    x, y = offsets / layout.px_per_mm
    radius = np.hypot(x, y)
    ring = (radius >= cfg.ground_mm[0]) & (radius <= cfg.ground_mm[1])
    symbol = radius <= cfg.symbol_mm
    chebyshev = np.maximum(np.abs(x), np.abs(y))
    band = (chebyshev >= inner - cfg.band_slack_mm) & (chebyshev <= half + cfg.band_slack_mm)
    sides = [band & (np.abs(y) > np.abs(x)) & (y < 0), band & (np.abs(y) > np.abs(x)) & (y > 0),
             band & (np.abs(x) > np.abs(y)) & (x < 0), band & (np.abs(x) > np.abs(y)) & (x > 0)]
    # A stack's lower counter, laid a little askew or aside, shows beside the top one's
    # left and right sides, but never beside the top ``stack_offset_mm`` of them.
    high = band & (y < -half + STACK_OFFSET_MM)
    corners = [high & (x < -inner + cfg.band_slack_mm), high & (x > inner - cfg.band_slack_mm)]
    under = (np.abs(x) <= inner) & (y > half) & (y <= half + cfg.sliver_mm[1])
    origin = np.rint(layout.centres).astype(int)
    rows = np.arange(-span, span + 1)
    zeros = np.zeros_like(rows)

    apart = np.linalg.norm(layout.centres[:, None] - layout.centres[None], axis=2)
    near = np.exp(-0.5 * (apart / (cfg.neighbourhood * layout.pitch_px)) ** 2)
    step = layout.centres[None, :, :] - layout.centres[:, None, :]  # from hex i to hex j
    straight = (np.abs(step[:, :, 0]) < 0.25 * layout.pitch_px) & \
        (np.abs(step[:, :, 1] - layout.pitch_px) < 0.25 * layout.pitch_px)
    below = np.where(straight.any(axis=1), straight.argmax(axis=1), -1)
    # The printed outline lies halfway to the neighbours: where a pixel's farthest reach
    # toward any neighbour is half a pitch.
    beside = (apart > 0) & (apart < 1.2 * layout.pitch_px)
    hub = int(beside.sum(axis=1).argmax())
    toward = step[hub, beside[hub]] / apart[hub, beside[hub]][:, None]  # unit vectors
    reach = np.max(np.tensordot(toward, np.stack([x, y]), axes=1), axis=0)
    edge = np.abs(reach - layout.pitch_px / layout.px_per_mm / 2) <= cfg.outline_mm
    places = CounterLayout(layout.size, layout.px_per_mm, origin, offsets[:, ring],
                           offsets[:, symbol],
                           np.stack([offsets[:, side] for side in sides], axis=1),
                           np.stack([offsets[:, side] for side in corners], axis=1),
                           offsets[:, under],
                           np.empty(0), np.empty(0), rows / layout.px_per_mm, near, below,
                           layout.pitch_px / layout.px_per_mm, offsets[:, edge])
    return replace(places, down=_at(places, np.stack([zeros, rows])),
                   across=_at(places, np.stack([rows, zeros])))


def _at(places: CounterLayout, offsets: np.ndarray, shift_px: np.ndarray | None = None,
        ) -> np.ndarray:
    """Flat view indices of ``offsets`` (2×...) around every hex centre, moved by
    ``shift_px`` (N×2) where given: N×..."""
    w, h = places.size
    origin = places.origin if shift_px is None else places.origin + shift_px
    extra = (1,) * (offsets.ndim - 1)
    x = np.clip(origin[:, 0].reshape(-1, *extra) + offsets[0][None], 0, w - 1)
    y = np.clip(origin[:, 1].reshape(-1, *extra) + offsets[1][None], 0, h - 1)
    return y * w + x


def _chroma(pixels: np.ndarray) -> np.ndarray:
    return pixels / np.maximum(pixels.sum(axis=-1, keepdims=True), 1e-6)


def _colour(view: np.ndarray, nominal: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """How far each pixel, multiplied by ``gain`` into the map's colour units, lies from
    the grey axis through the map's colour, in the map's brightness (H×W). A shadow or a
    printed line only darkens (stays on that axis), and a camera's coarse colour sampling
    (JPEG, YUV 4:2:0) smears a band's colour into a dark neighbour by an amount that does
    not grow as the neighbour darkens."""
    across = cv2.transform(view.astype(np.float32), _plane(nominal, gain))
    return cv2.magnitude(*cv2.split(across)) / float(np.linalg.norm(nominal))


def _plane(nominal: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """2×3: two unit vectors across the grey axis through ``nominal`` (a pixel's
    coordinates off that axis), applied after multiplying a pixel by ``gain``."""
    axis = nominal / np.linalg.norm(nominal)
    u = np.cross(axis, [1.0, 0.0, 0.0])
    u /= np.linalg.norm(u)
    return (np.stack([u, np.cross(axis, u)]) * gain).astype(np.float32)


def measure_counters(view: np.ndarray, board: np.ndarray, darkest: np.ndarray,
                     places: CounterLayout, cfg: Section) -> CounterFeatures:
    """Measure where every hex's counter lies, its band's colour, its ground's lightness
    and the colour of a stack's sliver below it."""
    nominal = np.array(cfg.board_nominal[::-1], dtype=np.float32)
    gain = nominal[None, :] / np.maximum(board.astype(np.float32), 1.0)  # N×3
    # Colour over the whole view, in the map's colour units by the board's typical
    # gain; each hex's own light is divided out of its profiles below.
    typical = np.median(gain, axis=0)
    colour = _colour(view, nominal, typical)
    down_k = 2 * int(round(cfg.down_halfwidth_mm * places.px_per_mm)) + 1
    across_k = 2 * int(round(cfg.across_halfwidth_mm * places.px_per_mm)) + 1
    light = (gain / typical).mean(axis=1, keepdims=True)
    down = cv2.blur(colour, (down_k, 1)).ravel()[places.down] * light  # N×R
    across = cv2.blur(colour, (1, across_k)).ravel()[places.across] * light
    flat = view.reshape(-1, 3)

    half = SIZE_MM / 2
    inner = half - BAND_FRACTION * SIZE_MM
    bands = (np.abs(places.rows_mm) >= inner) & (np.abs(places.rows_mm) <= half)
    upper, lower = bands & (places.rows_mm < 0), bands & (places.rows_mm > 0)
    ringed = np.minimum(np.minimum(down[:, upper].max(axis=1), down[:, lower].max(axis=1)),
                        np.minimum(across[:, upper].max(axis=1), across[:, lower].max(axis=1)))
    middle = np.median(flat[_at(places, places.ground)], axis=1) * gain
    blank = (ringed < cfg.paper_colour) & (np.abs(np.log(middle / nominal)).max(axis=1)
                                           < cfg.paper_ratio)
    paper = _paper(middle, blank, places, cfg)  # the map's colour, as the gain left it
    brightness = paper.mean(axis=1, keepdims=True)
    down, across, ringed = down / brightness, across / brightness, ringed / brightness[:, 0]

    centre = centres(down, across, places.rows_mm, places.near,
                     ringed > cfg.ringed_colour, cfg)
    shift = np.rint(centre * places.px_per_mm).astype(int)
    seen = colour.ravel(), flat, gain / paper, shift
    sides = _band_colours(places, places.band, *seen, cfg)  # N×4×3
    saturation = np.linalg.norm(sides - _chroma(nominal), axis=2).min(axis=1)
    # Not the bottom side: a stack's sliver lies beside it.
    band, disagreement = _agreed(sides[:, [0, 2, 3]])
    # Nor, on a stack, the lower part of the left and right sides.
    upper = np.concatenate([sides[:, :1], _band_colours(places, places.corners, *seen, cfg)],
                           axis=1)
    stacked_band, stacked_disagreement = _agreed(upper)
    ground = np.median(flat[_at(places, places.ground, shift)], axis=1) * gain / paper
    lightness = np.log((ground + 4.0) / (nominal + 4.0)).mean(axis=1)
    # The darkest of the middle: a symbol's ink (CHEZ) or the ground (BORG); bare paper
    # on an empty hex.
    grey = (flat[_at(places, places.middle, shift)] * (gain / paper)[:, None, :]).mean(axis=2)
    k = int(cfg.ink_percentile / 100 * (grey.shape[1] - 1))
    ink = np.log((np.partition(grey, k, axis=1)[:, k] + 4.0) / (nominal.mean() + 4.0))
    extra, spread = sliver(down, across, places.rows_mm, centre, places.below,
                           saturation > cfg.counter_saturation, places.pitch_mm, cfg)
    # Every band colour and both grounds keep one channel well below white, so a pixel
    # white in every channel there is a lamp's reflection, and what it hides is unknown.
    white = (darkest >= cfg.saturated_level).ravel()
    card = np.concatenate([places.band.reshape(2, -1), places.ground, places.under], axis=1)
    blown = white[_at(places, card, shift)].mean(axis=1)
    return CounterFeatures(band, disagreement, stacked_band, stacked_disagreement,
                           saturation, lightness, ink, centre, extra,
                           _outline(view, places), spread, blown)


def _outline(view: np.ndarray, places: CounterLayout) -> np.ndarray:
    """How much the printed outline of each hex stands out darker than the paper
    beside it (a thin dark line's share of the light). Blur fades every line of the
    picture alike; a hand or a sleeve over the map hides the lines under it."""
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)
    closed = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    line = ((closed - grey) / np.maximum(closed, 1.0)).ravel()
    return line[_at(places, places.outline)].mean(axis=1)


def _band_colours(places: CounterLayout, offsets: np.ndarray, colour: np.ndarray,
                  flat: np.ndarray, gain: np.ndarray, shift: np.ndarray,
                  cfg: Section) -> np.ndarray:
    """The chromaticity of each part of a band (``offsets`` 2×S×B around each counter's
    centre) from its most colourful pixels, in the map's colour units: N×S×3."""
    at = _at(places, offsets, shift)  # N×S×B
    keep = max(int(at.shape[2] * cfg.band_share), 1)
    top = np.argpartition(-colour[at], keep - 1, axis=2)[:, :, :keep]
    ring = flat[np.take_along_axis(at, top, axis=2)].astype(np.float32)  # N×S×keep×3
    return _chroma(ring.mean(axis=2) * gain[:, None, :])


def _agreed(parts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean chromaticity of a band's parts (N×S×3) and how far the farthest part
    lies from it."""
    band = _chroma(parts.mean(axis=1))
    return band, np.linalg.norm(parts - band[:, None], axis=2).max(axis=1)


def _paper(middle: np.ndarray, blank: np.ndarray, places: CounterLayout,
           cfg: Section) -> np.ndarray:
    """Each hex's paper, relative to the map's printed colour (N×3, about 1). The board
    colour the view was divided by comes from the gaps between hexes, where the hex
    lines meet: it follows the light closely, but blur spreads the lines into it and
    darkens it. The middle of an empty hex (``blank``: no colour where a band would be)
    is the paper itself, so the empty hexes nearby say how far off it is."""
    nominal = np.array(cfg.board_nominal[::-1], dtype=np.float32)
    if blank.sum() < cfg.paper_hexes:
        return np.ones_like(middle)
    weights = places.near[:, blank]
    ratio = np.log(middle[blank] / nominal)
    return np.exp((weights @ ratio) / weights.sum(axis=1, keepdims=True))


def _triangle_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray,
                       c: np.ndarray) -> np.ndarray:
    """Distance from points ``p`` (N×3 chromaticities) to the triangles a, b, c (N×3 or
    1×3 each): zero inside, else to the nearest side."""
    def segment(u: np.ndarray, v: np.ndarray) -> np.ndarray:
        d = v - u
        t = np.clip(((p - u) * d).sum(-1) / np.maximum((d * d).sum(-1), 1e-12), 0.0, 1.0)
        return np.linalg.norm(p - (u + t[..., None] * d), axis=-1)

    v0, v1, v2 = b - a, c - a, p - a
    d00, d01, d11 = (v0 * v0).sum(-1), (v0 * v1).sum(-1), (v1 * v1).sum(-1)
    d20, d21 = (v2 * v0).sum(-1), (v2 * v1).sum(-1)
    denom = np.maximum(d00 * d11 - d01 * d01, 1e-12)
    v = (d11 * d20 - d01 * d21) / denom
    w = (d00 * d21 - d01 * d20) / denom
    inside = (v >= 0) & (w >= 0) & (v + w <= 1)
    edges = np.minimum(np.minimum(segment(a, b), segment(b, c)), segment(a, c))
    return np.where(inside, 0.0, edges)


def classify_counters(view: np.ndarray, board: np.ndarray, darkest: np.ndarray,
                      places: CounterLayout, cfg: Section) -> SpaceReadings:
    """Read every hex: ``empty``, ``unsure`` or ``{"side", "face", "stack"}``;
    ``board`` is each hex's board colour and ``darkest`` the view's darkest channel
    (``sampling.Samples``)."""
    f = measure_counters(view, board, darkest, places, cfg)
    paper = _chroma(np.array(cfg.board_nominal[::-1], dtype=np.float64))[None]
    grounds = {s: _chroma(np.array(GROUND[s][::-1], dtype=np.float64)) for s in SIDES}
    inks = [_chroma(np.array(BAND[face][::-1], dtype=np.float64))[None] for face in FACES]

    empty = (f.saturation < cfg.empty_saturation) & \
        (np.abs(f.lightness) < cfg.empty_lightness) & (f.ink > cfg.blank_ink)
    occupied = (f.saturation > cfg.counter_saturation) | (f.lightness < cfg.side_split) | \
        (f.ink < cfg.counter_ink)
    borg = f.lightness < cfg.side_split
    side_unsure = np.abs(f.lightness - cfg.side_split) < cfg.side_margin
    ground = np.where(borg[:, None], grounds["borg"], grounds["chez"])
    stack = f.extra > cfg.stack_colour
    stack_unsure = np.abs(f.extra - cfg.stack_colour) < cfg.stack_margin
    if f.spread > cfg.max_spread:  # too blurred to see a sliver that is not plain
        stack_unsure |= f.extra < cfg.plain_stack_colour
    # On a stack the band's upper part alone is believed where the sides disagree (the
    # lower counter showing beside them).
    upper = stack & ~stack_unsure & (f.stacked_disagreement < f.disagreement)
    band = np.where(upper[:, None], f.stacked_band, f.band)
    disagreement = np.where(upper, f.stacked_disagreement, f.disagreement)
    # The band's most colourful pixels keep a share of its ink however blurred: a colour
    # that is nearly all ground and paper is no face's band.
    w = cfg.min_ink_share
    d = np.stack([_triangle_distance(band, ink, w * ink + (1 - w) * ground,
                                     w * ink + (1 - w) * paper) for ink in inks], axis=1)
    logits = -d**2 / (2 * cfg.sigma**2)
    posterior = np.exp(logits - logits.max(axis=1, keepdims=True))
    posterior /= posterior.sum(axis=1, keepdims=True)
    best = posterior.argmax(axis=1)
    n = np.arange(len(best))
    confidence = posterior[n, best]
    face_sure = (confidence >= cfg.min_confidence) & (d[n, best] <= cfg.max_distance) & \
        (disagreement <= cfg.max_disagreement)

    confidence = np.where(empty, np.clip(1.0 - f.saturation / cfg.counter_saturation, 0, 1),
                          confidence)
    # Outlines far fainter than the picture's own (those of the hexes read empty): some-
    # thing flat lies over them (many together mean a hand over the map).
    typical = float(np.median(f.outline[empty] if empty.sum() >= cfg.paper_hexes
                              else f.outline))
    covered = f.outline < cfg.hidden_outline * typical
    glared = f.blown > cfg.max_blown
    labels: list[Any] = []
    names: list[str] = []
    for i in n:
        if glared[i]:
            labels.append(UNSURE)
            names.append(FACES[best[i]])
            continue
        if empty[i]:
            labels.append(EMPTY)
            names.append(EMPTY)
            continue
        names.append(FACES[best[i]])
        if not occupied[i] or not face_sure[i] or side_unsure[i] or stack_unsure[i]:
            labels.append(UNSURE)
        else:
            labels.append({"side": "borg" if borg[i] else "chez", "face": FACES[best[i]],
                           "stack": bool(stack[i])})
    return SpaceReadings(labels=labels, confidence=confidence, best=names,
                         covered=covered)
