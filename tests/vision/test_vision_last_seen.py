"""What each space looked like when its content was last known, and which empty spaces
still look so (``companion.vision.last_seen``): the same board under fresh noise, or a
light changed alike everywhere, is unchanged; a stone set is not; a photo blurred as a
whole, or too few spaces to compare, says nothing."""

import cv2
import numpy as np

from tests.helpers.last_seen_board import STONES, empty, known, read


def test_the_same_board_a_moment_later_is_unchanged_and_a_stone_set_is_not():
    """Another moment: fresh noise, and the lamp's reflection fallen elsewhere (the
    spaces it blows out now, or no longer, changed: a glare come since is no evidence)."""
    memory = known(read(STONES))
    again = read(STONES, frame_seed=1)
    still = memory.unchanged(list(again.cells), again.samples, empty(again))
    assert len(still) >= 0.8 * len(empty(again))
    moved = read({**STONES, "E5": "white", "B8": "black"}, frame_seed=2)
    still = memory.unchanged(list(moved.cells), moved.samples, empty(moved))
    assert "E5" not in still and "B8" not in still and len(still) > 60


def test_a_light_changed_alike_everywhere_leaves_the_board_unchanged():
    """Dimmed to 0.7 and the white balance turned warmer: every space moved, alike."""
    memory = known(read(STONES))

    def dimmed(image):
        gains = np.array([0.6, 0.7, 0.8], dtype=np.float32)  # BGR: bluer light gone
        return np.clip(image.astype(np.float32) * gains, 0, 255).astype(np.uint8)

    later = read({**STONES, "E5": "white"}, change=dimmed)
    still = memory.unchanged(list(later.cells), later.samples, empty(later))
    assert "E5" not in still and len(still) >= 0.8 * len(empty(later))


def test_a_photo_blurred_as_a_whole_or_too_few_spaces_say_nothing():
    memory = known(read(STONES))
    blurred = read({**STONES, "E5": "white"}, frame_seed=1,
                   change=lambda image: cv2.GaussianBlur(image, (0, 0), 3.0))
    assert memory.unchanged(list(blurred.cells), blurred.samples, empty(blurred)) == set()
    again = read(STONES, frame_seed=1)
    few = ["A1", "A2", "A3"]
    assert memory.unchanged(list(again.cells), again.samples, few) == set()
    # A space whose content the memory does not hold as asked is not compared.
    assert memory.unchanged(list(again.cells), again.samples, ["C3", "G7"] * 5) == set()


def test_a_stone_set_changes_its_core_and_beside_it_the_core_is_kept():
    """T26: a stone set moves its own core's colour far beyond noise; the spaces beside
    it, whose board its shadow may shade, keep their cores as they were."""
    from companion.vision.beside_stone import beside_new_stones

    memory = known(read(STONES))
    moved = read({**STONES, "E5": "white", "B8": "black"}, frame_seed=2)
    names = list(moved.cells)
    kept = memory.core_kept(names, moved.samples, empty(moved))
    assert "E5" not in kept and "B8" not in kept
    beside = beside_new_stones(names, moved.samples.around, moved.cells,
                               {n: STONES.get(n) for n in names})
    assert {"D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6", "A9", "B9", "C9"} <= beside
    assert "E3" not in beside and "C5" not in beside
    assert {"D4", "F6", "A9", "C7"} & beside <= kept


def test_a_stone_set_is_set_on_and_the_board_a_moment_later_is_not():
    """T31: a stone set moves its core's colour by a stone's measure, hides the print and
    shows a dome, a white one lighter and a black one darker; the same board under fresh
    noise shows no space so changed."""
    memory = known(read(STONES))
    again = read(STONES, frame_seed=1)
    assert memory.set_on(list(again.cells), again.samples, empty(again)) == {}
    moved = read({**STONES, "E5": "white", "B8": "black"}, frame_seed=2)
    shifts = memory.set_on(list(moved.cells), moved.samples, empty(moved))
    assert set(shifts) == {"E5", "B8"}
    assert shifts["E5"] > 0 > shifts["B8"]
