"""Session 19's fast paths give exactly what the plain computations they stand for give.

The board is warped with a fourth channel (OpenCV warps four channels faster); a view's
channel totals are added in place by numpy; a ray is looked along only where its first
pixel is solid white; ``leaning`` moves a disc that stays inside the view by one step
of its indices and its offsets from the lines; the camera's axes are crossed without
numpy's setting up; the settings are plain attributes. Each is checked here against
the plain computation on rendered frames (sharp, glared, blurred) or on many cases."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.geometry import load_geometry
from companion.vision.config import Section, load_config
from companion.vision.parallax import _cross
from companion.vision.pipeline import Recogniser
from companion.vision.sampling import (
    Layout,
    _channel_total,
    _open_rays,
    _to_lines,
    board_view,
    disc_places,
    leaning,
    view_maps,
)
from companion.vision.scene import Effects, Pose
from tests.helpers.scene_cache import render_scene
from tests.helpers.webcam_frames import webcam_frame

GO = load_geometry("go-19")
SHARP = Effects(noise=2.0, blur=0.6, jpeg=80, gloss=0.5)


def _frame(look: str) -> tuple[np.ndarray, np.ndarray]:
    """A 640 × 480 Go 19 × 19 frame seen from aside, ``sharp``, ``glared`` (a lamp's
    reflection blows part of it out) or ``blurred`` (a webcam's, JPEG 60), and its
    homography (picture pixels → board mm)."""
    if look == "blurred":
        image, _truth, homography = webcam_frame(18, "white paper")
        return image, homography
    effects = replace(SHARP, glare=True) if look == "glared" else SHARP
    image, truth = render_scene(7, GO, None, Pose(tilt_deg=32.0, azimuth_deg=35.0, fill=0.8),
                                effects, frame=(640, 480))
    return image, np.linalg.inv(np.array(truth["homography"]))


@pytest.mark.parametrize("look", ["sharp", "glared", "blurred"])
def test_the_board_warped_with_four_channels_is_as_warped_with_three(look):
    image, homography = _frame(look)
    layout = Recogniser(GO, ("black", "white")).layout
    plain = cv2.warpPerspective(image, layout.to_view(homography), layout.size,
                                flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    view = board_view(image, homography, layout)
    assert view.dtype == plain.dtype and view.shape == plain.shape
    assert np.array_equal(view, plain)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert np.array_equal(board_view(grey, homography, layout),
                          cv2.warpPerspective(grey, layout.to_view(homography), layout.size,
                                              flags=cv2.INTER_AREA,
                                              borderMode=cv2.BORDER_REPLICATE))


def test_channel_totals_added_in_place_are_the_exact_sums():
    planes = np.random.default_rng(3).integers(0, 256, (3, 40, 50), dtype=np.uint8)
    planes[:, 0, :3] = 255  # the largest total, 765
    total = _channel_total(*planes)
    assert total.dtype == np.int16 and total.shape == (40 * 50,)
    assert np.array_equal(total, planes.astype(np.int64).sum(axis=0).ravel())


@pytest.mark.parametrize("look", ["sharp", "glared"])
def test_rays_looked_along_where_they_begin_are_as_looked_along_whole(look):
    image, homography = _frame(look)
    recogniser = Recogniser(GO, ("black", "white"))
    layout = recogniser.layout
    view = board_view(image, homography, layout)
    if look == "glared":  # a lamp's reflection, solid white, over some spaces and past them
        view[100:160, 90:175] = 255
        view[250:262, 200:400] = 255
    maps = view_maps(view, recogniser.sampling)
    rays = layout.rays
    plain = (np.take(maps.solid, rays).all(axis=2)).mean(axis=1)
    found = _open_rays(maps, rays)
    assert found.dtype == plain.dtype
    assert np.array_equal(found, plain)
    if look == "glared":
        assert 0 < found.max() and ((found > 0) & (found < 1)).any()


def _leaning_pixel_by_pixel(layout: Layout, shift_px: np.ndarray, grid: bool) -> Layout:
    """``leaning`` as written before: every pixel moved and clipped to the view."""
    w, h = layout.size
    step = np.rint(shift_px).astype(np.int32)
    index = np.concatenate([layout.core, layout.ring, layout.mark], axis=1)
    xs = np.clip(index % w + step[:, 0:1], 0, w - 1)
    ys = np.clip(index // w + step[:, 1:2], 0, h - 1)
    k, q = layout.core.shape[1], layout.ring.shape[1]
    core, ring, mark = np.split((ys * w + xs).astype(np.intp), [k, k + q], axis=1)
    lines = _to_lines(xs[:, :k + q], ys[:, :k + q], layout.centres, grid)
    return replace(layout, core=core, mark=mark, ring=ring, core_lines=lines[:, :k],
                   ring_lines=lines[:, k:])


@pytest.mark.parametrize("board", ["go-19", "one-60"])
def test_discs_moved_by_a_step_are_as_moved_pixel_by_pixel(board):
    geometry = load_geometry(board)
    layout = Recogniser(geometry, ("black", "white")).layout
    places = disc_places(layout)
    grid = bool(np.isfinite(layout.core_lines).all())
    assert grid == (board == "go-19")
    rng = np.random.default_rng(5)
    reach = max(layout.size)
    # Small leans, as a camera gives, and large ones pushing discs past every edge.
    for spread in (0.4, 2.0, 6.0, reach / 4, reach):
        shift = rng.normal(0.0, spread, (len(layout.names), 2))
        fast = leaning(layout, shift, places)
        plain = _leaning_pixel_by_pixel(layout, shift, grid)
        for name in ("core", "ring", "mark", "core_lines", "ring_lines"):
            a, b = getattr(fast, name), getattr(plain, name)
            assert a.dtype == b.dtype and a.shape == b.shape, name
            assert np.array_equal(a, b), (name, spread)
            assert np.array_equal(np.signbit(a), np.signbit(b)), name
    assert leaning(layout, shift).core.tolist() == fast.core.tolist()  # places made anew


def test_the_camera_axes_crossed_are_numpys_cross():
    rng = np.random.default_rng(11)
    for _ in range(2000):
        a = rng.normal(size=3) * rng.uniform(1e-3, 1e3)
        b = rng.normal(size=3) * rng.uniform(1e-3, 1e3)
        assert np.array_equal(_cross(a, b), np.cross(a, b))


def test_settings_read_as_attributes_are_the_settings():
    cfg = load_config()
    for section in ("sampling", "stones", "occlusion"):
        values = cfg[section]
        for key in values:
            assert getattr(values, key) is values[key]
    odd = Section({"items": 1, "plain": 2})
    assert odd.plain == 2 and odd["items"] == 1
    assert callable(odd.items)  # a name the class has stays the class's
    with pytest.raises(AttributeError, match="no 'missing'"):
        _ = odd.missing
