"""The calibration page in a real browser (Debian's Chromium through Playwright): a
replayed camera shows the rendered ChArUco board in twelve poses; the page's coverage
map fills as pictures are kept, the session ends by itself, the RMS is shown in words
and saved. Screenshots (desktop and phone) go to test-artifacts/."""

from __future__ import annotations

import cv2
import pytest

from calibration.commands import default_camera_path
from calibration.intrinsics import CameraModel
from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api
from tests.helpers.charuco_views import charuco_frames

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def replay_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("charuco-replay")
    for index, frame in enumerate(charuco_frames()):
        cv2.imwrite(str(folder / f"{index:02d}.png"), frame)
    return folder


def open_page(browser, url, size):
    context = referee_context(browser, viewport=VIEWPORTS[size], is_mobile=size == "phone",
                                  has_touch=size == "phone")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


def filled_cells(page) -> int:
    return page.locator('#coverage .cov:not([data-count="0"])').count()


def kept(page) -> int:
    return int(page.inner_text("#views").split(" of ")[0])


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_coverage_fills_and_the_rms_is_shown_and_saved(make_app, live_server, browser,
                                                      replay_folder, companion_home, size):
    # As `serve` does: the live loop uses the lens calibration the page saves.
    app = make_app(FRAME_SOURCE=f"replay:{replay_folder}?fps=4&loop=1",
                   CAMERA_PATH=str(default_camera_path()))
    url = live_server(app)
    context, page, errors = open_page(browser, url + "/calibrate", size)
    expect = sync_api.expect
    expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    expect(page.locator("#camera-status")).to_have_text("ok", timeout=WAIT_MS)
    expect(page.locator("#saved")).to_have_text(
        "No lens calibration yet: calibrate the camera to place the board more exactly.")
    page.wait_for_function("() => document.getElementById('frame').src.includes('?n=')",
                           timeout=WAIT_MS)
    screenshot(page, f"calibration-{size}-1-start.png")

    page.click("#start")
    expect(page.locator("#steps")).to_have_attribute("data-state", "collecting",
                                                     timeout=WAIT_MS)
    page.wait_for_function("() => parseInt(document.getElementById('views').textContent) >= 2",
                           timeout=WAIT_MS)
    early = filled_cells(page), kept(page)
    # The picture is the frame the session looked at, with the target's outline in it.
    page.wait_for_function("() => document.getElementById('frame').src.includes("
                           "'/calibrate/frame.jpg') && document.querySelector('#seen polygon')",
                           timeout=WAIT_MS)
    assert 0 < early[0] < 16 and page.inner_text("#views").endswith(" of 15")
    assert page.inner_text("#advice").endswith("keep moving and tilting the target.")
    page.wait_for_function("() => parseInt(document.getElementById('views').textContent) >= 6",
                           timeout=WAIT_MS)
    screenshot(page, f"calibration-{size}-2-moving.png")
    later = filled_cells(page), kept(page)
    assert later[1] > early[1] and later[0] > early[0]  # more pictures, more of the view

    expect(page.locator("#result")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#quality")).to_have_text("good")
    rms = float(page.inner_text("#rms"))
    assert 0 < rms < 0.5
    rows = page.locator("#per-view tr").count()
    assert rows >= 10 and page.inner_text("#views") == f"{rows} of 15"
    # The page paints the session's own coverage, and the session ended with the view
    # covered: at most two parts of the picture without the target.
    coverage = page.request.get(url + "/api/calibration/camera").json()["coverage"]
    painted = filled_cells(page)
    assert painted == sum(count > 0 for row in coverage for count in row) and painted >= 14
    expect(page.locator("#result-message")).to_have_text(f"Calibrated from {rows} pictures.")
    screenshot(page, f"calibration-{size}-3-result.png")

    page.click("#save")
    expect(page.locator("#save")).to_have_text("Saved", timeout=WAIT_MS)
    expect(page.locator("#saved")).to_contain_text(
        f"Lens calibration loaded: its error is {rms:.2f} pixels (good).")
    expect(page.locator("#result-message")).to_have_text(
        f"Saved to {companion_home / 'camera.json'}.")
    model = CameraModel.load(companion_home / "camera.json")
    assert model.image_size == (640, 480) and f"{model.rms:.2f}" == f"{rms:.2f}"
    screenshot(page, f"calibration-{size}-4-saved.png")
    context.close()
    assert errors == [], f"the page's scripts failed: {errors}"


def test_without_a_camera_the_page_says_so(make_app, live_server, browser):
    context, page, errors = open_page(browser, live_server(make_app()) + "/calibrate", "phone")
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    sync_api.expect(page.locator("#no-camera")).to_contain_text("There is no camera")
    sync_api.expect(page.locator("#camera-status")).to_have_text("no camera")
    assert page.locator("#start").is_disabled()
    assert page.get_attribute("#pdf-a4", "href") == "/calibrate/charuco.pdf?paper=a4"
    screenshot(page, "calibration-phone-no-camera.png")
    context.close()
    assert errors == [], f"the page's scripts failed: {errors}"
