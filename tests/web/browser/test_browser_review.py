"""Reviewing a game on the table page, at phone size (360×740) and on a desktop: the
moves paired by turn, a tapped move shows the board as it was with a banner, previous
and next (and the arrow keys), nothing that plays or corrects while reviewing, a move
arriving meanwhile, back to live in one tap; the camera's picture of a move where one
was kept; an undo of the move reviewed ends the review; a long game scrolls in its card.
Screenshots go to test-artifacts/."""

import cv2
import numpy as np
import pytest

from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api
from web.runtime import get_runtime

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
              "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 860}},
}
MOVES = [("black", "D4"), ("white", "E5"), ("black", "C3"), ("white", "F6")]


def place(referee, player, at):
    answer = referee.post("/api/game/play",
                          json={"action": {"type": "place", "player": player, "at": at}})
    assert answer.status_code == 200, answer.get_json()


def stones(page, board):
    return page.locator(f"#{board} .stone")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_tap_a_move_to_review_it_and_go_back_to_live(make_app, live_server, browser, size):
    app = make_app()
    referee = app.test_client()
    assert referee.post("/api/game/start", json={"game": "go",
                                                 "options": {"size": 9}}).status_code == 200
    for player, at in MOVES:
        place(referee, player, at)
    context = referee_context(browser, **SIZES[size])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(live_server(app))
        steps = page.locator("#events .step")
        sync_api.expect(steps).to_have_text(["B D4", "W E5", "B C3", "W F6"], timeout=WAIT_MS)
        sync_api.expect(page.locator("#events .turn-number")).to_have_text(["1.", "2."])
        sync_api.expect(stones(page, "board")).to_have_count(4)
        # The newest move is in view inside the card, which scrolls on its own.
        assert page.locator("#events").evaluate("list => getComputedStyle(list).overflowY") \
            == "auto"

        steps.nth(1).click()  # move 2: White's E5
        title = page.locator("#review-title")
        sync_api.expect(title).to_have_text("Reviewing move 2 of 4", timeout=WAIT_MS)
        sync_api.expect(page.locator("#review-text")).to_have_text("White places on E5.")
        sync_api.expect(page.locator("#board")).to_be_hidden()
        sync_api.expect(stones(page, "review-board")).to_have_count(2)
        sync_api.expect(page.locator('#review-board [data-space="E5"] .mark.last')) \
            .to_have_count(1)
        sync_api.expect(steps.nth(1)).to_have_attribute("aria-current", "step")
        sync_api.expect(page.locator("#review-picture-box")).to_be_hidden()
        # Nothing the review shows plays or corrects: those inputs are set aside.
        for inert in ("step-buttons", "moves", "correct", "choices"):
            assert page.evaluate(f"document.getElementById('{inert}').inert"), inert
        sync_api.expect(page.locator("#review-live")).to_be_in_viewport()
        screenshot(page, f"review-move-2-{size}.png")

        page.click("#review-next")
        sync_api.expect(title).to_have_text("Reviewing move 3 of 4", timeout=WAIT_MS)
        sync_api.expect(stones(page, "review-board")).to_have_count(3)
        page.click("#review-previous")
        page.click("#review-previous")
        sync_api.expect(title).to_have_text("Reviewing move 1 of 4", timeout=WAIT_MS)
        sync_api.expect(stones(page, "review-board")).to_have_count(1)
        if size == "desktop":  # the arrow keys walk the game on a keyboard
            page.keyboard.press("ArrowRight")
            sync_api.expect(title).to_have_text("Reviewing move 2 of 4", timeout=WAIT_MS)
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            sync_api.expect(title).to_contain_text("Reviewing the start of the game",
                                                   timeout=WAIT_MS)
            sync_api.expect(stones(page, "review-board")).to_have_count(0)
            sync_api.expect(page.locator("#review-previous")).to_be_disabled()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            sync_api.expect(title).to_have_text("Reviewing move 2 of 4", timeout=WAIT_MS)
        else:
            page.click("#review-next")
            sync_api.expect(title).to_have_text("Reviewing move 2 of 4", timeout=WAIT_MS)

        # A move arrives while reviewing: the review stays, and says so.
        place(referee, "black", "G7")
        sync_api.expect(page.locator("#review-news")).to_be_visible(timeout=WAIT_MS)
        sync_api.expect(title).to_have_text("Reviewing move 2 of 5")
        sync_api.expect(stones(page, "review-board")).to_have_count(2)
        sync_api.expect(steps).to_have_count(5)
        screenshot(page, f"review-new-move-{size}.png")

        page.click("#review-live")  # back to live in one tap
        sync_api.expect(page.locator("#review")).to_be_hidden(timeout=WAIT_MS)
        sync_api.expect(stones(page, "board")).to_have_count(5)
        assert not page.evaluate("document.getElementById('step-buttons').inert")
        sync_api.expect(page.locator('#events [aria-current="step"]')).to_have_count(0)
        screenshot(page, f"review-back-to-live-{size}.png")
        if size == "desktop":  # ← from the live game: the move before the last
            page.keyboard.press("ArrowLeft")
            sync_api.expect(title).to_have_text("Reviewing move 4 of 5", timeout=WAIT_MS)
            page.keyboard.press("Escape")
            sync_api.expect(page.locator("#review")).to_be_hidden(timeout=WAIT_MS)
    finally:
        context.close()
    assert errors == [], f"the page's scripts failed: {errors}"


def test_a_move_the_camera_saw_is_reviewed_with_its_picture(make_app, live_server, page):
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    table = get_runtime(app).table
    frame = np.full((240, 320, 3), (60, 140, 200), np.uint8)
    jpeg = cv2.imencode(".jpg", frame)[1].tobytes()
    view = table.game.view(table.state)
    table.submit_reading({**view, "E5": "black"}, picture=jpeg)
    place(referee, "white", "C3")  # from the page: no picture
    page.goto(live_server(app))
    steps = page.locator("#events .step")
    sync_api.expect(steps).to_have_count(2, timeout=WAIT_MS)
    steps.first.click()
    picture = page.locator("#review-picture")
    sync_api.expect(page.locator("#review-picture-box")).to_be_visible(timeout=WAIT_MS)
    page.wait_for_function("document.getElementById('review-picture').naturalWidth === 320",
                           timeout=WAIT_MS)
    assert picture.get_attribute("src").startswith("/api/game/picture?step=1")
    screenshot(page, "review-camera-picture.png")
    page.click("#review-next")
    sync_api.expect(page.locator("#review-title")).to_have_text("Reviewing move 2 of 2",
                                                                timeout=WAIT_MS)
    sync_api.expect(page.locator("#review-picture-box")).to_be_hidden()
    # An undo that takes back the move reviewed ends the review: it is no longer there.
    assert referee.post("/api/game/undo").status_code == 200
    sync_api.expect(page.locator("#review")).to_be_hidden(timeout=WAIT_MS)
    sync_api.expect(page.locator("#board")).to_be_visible()
    sync_api.expect(steps).to_have_count(1)


def test_a_long_game_s_moves_scroll_in_their_card_on_a_phone(make_app, live_server,
                                                            browser):
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    columns = "ABCDEFGHJ"
    black = [f"{c}{row}" for row in range(1, 5) for c in columns][:30]
    white = [f"{c}{row}" for row in range(9, 5, -1) for c in columns][:30]
    for b, w in zip(black, white, strict=True):
        place(referee, "black", b)
        place(referee, "white", w)
    context = referee_context(browser, **SIZES["phone"])
    page = context.new_page()
    try:
        page.goto(live_server(app))
        rows = page.locator("#events .turn-row")
        sync_api.expect(rows).to_have_count(30, timeout=WAIT_MS)
        sync_api.expect(rows.last).to_have_text(f"30.B {black[-1]}W {white[-1]}")
        events = page.locator("#events")
        sizes = events.evaluate("list => [list.scrollHeight, list.clientHeight, "
                                "list.scrollTop]")
        scroll_height, client_height, scroll_top = sizes
        assert scroll_height > 2 * client_height and client_height < 740 / 2
        assert scroll_top + client_height >= scroll_height - 1  # the latest in view
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.locator("#events .step").nth(-2).click()  # Black's last stone
        sync_api.expect(page.locator("#review-title")).to_have_text(
            "Reviewing move 59 of 60", timeout=WAIT_MS)
        sync_api.expect(page.locator("#review-live")).to_be_in_viewport()
        sync_api.expect(stones(page, "review-board")).to_have_count(59)
        # Both boxes in one frame: the page may still be scrolling smoothly to the review.
        top, bottom, list_top, list_bottom = events.evaluate(
            "list => { const step = list.querySelector('[aria-current=\"step\"]');"
            " const a = step.getBoundingClientRect(), b = list.getBoundingClientRect();"
            " return [a.top, a.bottom, b.top, b.bottom]; }")
        assert list_top - 1 <= top and bottom <= list_bottom + 1  # within a pixel's rounding
        screenshot(page, "review-long-game-phone.png")
    finally:
        context.close()
