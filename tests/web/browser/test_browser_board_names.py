"""The drawn boards carry the names the verdicts speak in: a grid's column letters (no I
on Go boards) and row numbers on its edges, each space's name on boards of rings and
hexes; at phone size too. Screenshots go to test-artifacts/."""

import pytest

from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


def texts(page, selector):
    return page.locator(selector).all_text_contents()


def test_grid_edges_carry_coordinates_and_rings_their_names(make_app, live_server, browser):
    app = make_app()
    url = live_server(app)
    referee = app.test_client()
    context = referee_context(browser, **PHONE)
    page = context.new_page()
    try:
        assert referee.post("/api/game/start", json={"game": "go",
                                                     "options": {"size": 9}}).status_code == 200
        page.goto(url)
        top = page.locator('#board .coordinate[data-edge="top"]')
        sync_api.expect(top).to_have_count(9, timeout=WAIT_MS)
        assert texts(page, '#board .coordinate[data-edge="top"]') == list("ABCDEFGHJ")
        assert texts(page, '#board .coordinate[data-edge="left"]') == [
            str(n) for n in range(9, 0, -1)]  # row 9 at the top, as players read a board
        # The letters sit above the first line, inside the board: not cut off.
        board = page.locator("#board svg").bounding_box()
        first = top.first.bounding_box()
        assert board["y"] <= first["y"] and first["height"] >= 8  # readable on a phone
        screenshot(page, "board-go-coordinates-phone.png")

        assert referee.post("/api/game/start", json={"game": "one"}).status_code == 200
        names = page.locator("#board .space-name")
        sync_api.expect(names).to_have_count(60, timeout=WAIT_MS)
        sync_api.expect(page.locator("#board .coordinate")).to_have_count(0)
        # Drawn as printed: a circle per ring (4), hash marks on the outer ring.
        sync_api.expect(page.locator("#board .ring-line")).to_have_count(4)
        assert page.locator("#board .hash-mark").count() == 12
        drawn = set(texts(page, "#board .space-name"))
        assert drawn == {s.get_attribute("data-space")
                         for s in page.locator("#board .space").all()}
        screenshot(page, "board-one-names-phone.png")
    finally:
        context.close()


def test_a_finished_game_shows_its_result_and_no_move_to_make(make_app, live_server, page):
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    page.goto(live_server(app))
    sync_api.expect(page.locator("#result")).to_be_hidden(timeout=WAIT_MS)
    for player in ("black", "white"):
        referee.post("/api/game/play", json={"action": {"type": "pass", "player": player}})
    sync_api.expect(page.locator("#result")).to_be_visible(timeout=WAIT_MS)
    sync_api.expect(page.locator("#result-title")).to_have_text("White wins")
    sync_api.expect(page.locator("#result-how")).to_have_text(
        "The game of Go is over: both players passed, and the board was scored.")
    sync_api.expect(page.locator("#result-scores li.winner .player")).to_have_text("White")
    sync_api.expect(page.locator("#moves")).to_be_hidden()
    sync_api.expect(page.locator("#selection")).to_be_hidden()
    screenshot(page, "table-result.png")
    # Resigned: who won and how, without a board score that says nothing of it.
    referee.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    sync_api.expect(page.locator("#result")).to_be_hidden(timeout=WAIT_MS)
    referee.post("/api/game/play", json={"action": {"type": "resign", "player": "black"}})
    sync_api.expect(page.locator("#result-how")).to_have_text(
        "The game of Go is over: by resignation.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#result-scores")).to_be_hidden()


RECORD_ATTENTION = """
window.__calls = [];
Object.defineProperty(navigator, "vibrate", {
  value: (p) => { __calls.push(["vibrate", p]); return true; }});
Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
  __calls.push(["wake", kind]);
  return {release: async () => __calls.push(["sleep"]), addEventListener() {}};
}}});
"""


def test_a_phone_starts_a_game_first_keeps_awake_and_buzzes_if_asked(make_app, live_server,
                                                                      browser):
    app = make_app()
    url = live_server(app)
    context = referee_context(browser, **PHONE)
    context.add_init_script(RECORD_ATTENTION)
    page = context.new_page()
    try:
        page.goto(url)
        start = page.locator("#start")
        sync_api.expect(start).to_be_enabled(timeout=WAIT_MS)
        box = start.bounding_box()
        assert box["y"] + box["height"] <= PHONE["viewport"]["height"]  # no scrolling
        screenshot(page, "table-phone-no-game.png")
        page.check("#buzz")
        start.click()
        sync_api.expect(page.locator("#turn")).to_contain_text("ONE", timeout=WAIT_MS)
        page.wait_for_function("__calls.some(c => c[0] === 'wake')", timeout=WAIT_MS)
        # ONE rolls no dice: the board comes before the dice on a phone.
        board = page.locator("#board").bounding_box()
        assert board["y"] < page.locator(".dice").bounding_box()["y"]
        # White out of turn, seen by a camera outside: refused, and the phone buzzes.
        client = app.test_client()
        view = client.get("/api/game").get_json()["game"]["view"]
        reading = {**{space: None for space in view}, "A1": "white"}
        assert client.post("/api/game/reading", json={"reading": reading}).get_json()[
            "verdict"]["kind"] == "illegal"
        page.wait_for_function("__calls.some(c => c[0] === 'vibrate')", timeout=WAIT_MS)
        client.post("/api/game/end", json={})
        page.wait_for_function("__calls.some(c => c[0] === 'sleep')", timeout=WAIT_MS)
    finally:
        context.close()


def test_resigning_needs_a_second_tap(make_app, live_server, page):
    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    page.goto(live_server(app))
    resign = page.locator('#other-moves button[data-type="resign"]')
    sync_api.expect(resign).to_have_text("Black resigns", timeout=WAIT_MS)
    resign.click()
    sync_api.expect(resign).to_have_text("Black resigns: tap again to confirm")
    sync_api.expect(page.locator("#turn")).to_contain_text("Black to move")  # not yet
    resign.click()
    sync_api.expect(page.locator("#result-how")).to_have_text(
        "The game of Go is over: by resignation.", timeout=WAIT_MS)
