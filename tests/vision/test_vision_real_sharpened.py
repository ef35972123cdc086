"""Session 25: a phone's sharpening lights the bare points' cores (``sharpened_halo``).

Sharpened and saved as a strong JPEG (the bench's ``sharpened q12``), the real photos'
pale boards show a light halo along every printed line, clipped in a channel or two; a
bare point's core, mostly such flanks, passed for a glossy light stone's lit face
("empty, a lit face lighter than its board") and the empty board ``emptyreal`` was
unsure at 18 of its points. Where the print shows at the space as around it, and many
printed bare points of the picture are lit so, the point is bare board. A lit core that
hides its print, or a few lit cores among many printed bare points (a lamp's reflection
in bare board), are not."""

from types import SimpleNamespace

import numpy as np
import pytest

from companion.vision.config import load_config
from companion.vision.sharpened_halo import halo_lit
from tests.helpers.real_photos import label, read_photo, varied

CFG = load_config().stones


def _samples(ink: list[float], around: float = 0.3) -> SimpleNamespace:
    """What ``halo_lit`` asks of the samples: the print at each space and the most
    around it."""
    return SimpleNamespace(ink=np.array(ink), ink_around=np.full(len(ink), around))


def test_many_printed_bare_points_lit_are_the_halo():
    n = 200
    empty = np.ones(n, dtype=bool)
    lit = np.zeros(n, dtype=bool)
    lit[:40] = True
    assert halo_lit(_samples([0.25] * n), empty, lit, CFG).sum() == 40


@pytest.mark.parametrize("case", ["few lit", "print hidden", "read a stone"])
def test_what_is_not_the_halo(case):
    n = 200
    ink = np.full(n, 0.25)
    empty = np.ones(n, dtype=bool)
    lit = np.zeros(n, dtype=bool)
    lit[:40] = True
    if case == "few lit":  # a lamp's reflection in bare board at a few points
        lit[3:] = False
    elif case == "print hidden":  # lit faces hiding their print: stones
        ink[:40] = 0.02
    else:
        empty[:40] = False
    assert not halo_lit(_samples(list(ink)), empty, lit, CFG).any()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "unsure"), [("emptyreal", 0), ("cornersnumbered", 22)])
def test_a_sharpened_photo_reads_its_bare_points_bare(name, unsure):
    """The ``tests/data`` copies sharpened and saved at JPEG quality 12: ``emptyreal``
    whole (18 unsure before), ``cornersnumbered`` 22 unsure (130 before), nothing wrong."""
    counts, wrong = read_photo(varied(name, "sharpened q12"), label(name))
    assert wrong == {}
    assert counts["unsure"] <= unsure
