"""A ring blown out is lit (docs/recognition.md, "A ring blown out is lit"): on an
overexposed board, what is left unclipped of a bare edge point's ring is a thin dark line
or the board's edge, never a stone's rim; a stone's rim is dark all round, not blown out."""

import numpy as np

from companion.vision.config import load_config
from companion.vision.sampling import ViewMaps, _ring

CFG = load_config().sampling
RING = 40  # pixels in each ring, none of them on the printed lines
BOARD = 200.0  # the board's lightness (grey level)


def _maps(values: np.ndarray, blown: np.ndarray) -> ViewMaps:
    """A one-row board view of the given grey levels, the ``blown`` pixels clipped."""
    summed = (values * 3.0).astype(np.float32)
    n = len(values)
    return ViewMaps(pixels=np.zeros(n, np.uint32), blown=blown, solid=blown.copy(),
                    darkest=values.astype(np.uint8), lightness=np.zeros(n, np.float32),
                    summed=summed, clipped=True)


def _lift(values: np.ndarray, blown: np.ndarray) -> float:
    ring = np.arange(RING)[None, :]
    far = np.full((1, RING), 10.0)  # every ring pixel far off the space's lines
    _, _, lift = _ring(_maps(values, blown), ring, far, np.array([[BOARD]]),
                       np.array([[0.2]]), CFG)
    return float(lift[0])


def test_a_ring_mostly_blown_out_is_lit_whatever_dark_line_is_left():
    values = np.full(RING, 255.0)
    blown = np.ones(RING, dtype=bool)
    values[:8], blown[:8] = 40.0, False  # a dark line beside the edge crosses the ring
    assert _lift(values, blown) >= 0.0


def test_a_stone_rim_dark_all_round_stays_dark_beside_a_highlight():
    values = np.full(RING, 40.0)
    blown = np.zeros(RING, dtype=bool)
    values[:8], blown[:8] = 255.0, True  # a lamp's highlight over a fifth of the ring
    assert _lift(values, blown) < np.log(40.0 / BOARD) + 0.01
