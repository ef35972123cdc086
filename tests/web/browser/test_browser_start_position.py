"""Starting a game from a position on the page, at phone size (360×740): from an SGF
file picked in the Start form, and from what the camera sees when stones lie on the table
at a game's start (the reading comes through the page's reading API, as a recogniser
outside the server sends it). Screenshots go to test-artifacts/."""

from pathlib import Path

import pytest

from tests.helpers.browser import WAIT_MS, referee_page, screenshot, space, sync_api, verdict

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GNUGO = Path(__file__).parents[2] / "data" / "sgf" / "gnugo-9x9-capture.sgf"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(make_app, live_server, browser):
    url = live_server(make_app())
    with referee_page(browser, **PHONE) as page:
        page.goto(url)
        sync_api.expect(page.locator("#start")).to_be_enabled(timeout=WAIT_MS)
        yield page, url


def test_a_game_of_go_starts_from_an_sgf_file_picked_in_the_start_form(phone):
    page, _ = phone
    page.select_option("#game-choice", "go")
    page.select_option("#board-choice", "go-9")
    sync_api.expect(page.locator("#handicap-label")).to_be_visible()
    page.click("#start-position summary")
    page.set_input_files("#position-file", str(GNUGO))
    screenshot(page, "table-start-from-sgf-form.png")
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text(
        "A new game of Go begins from the position set up: White to move.", timeout=WAIT_MS)
    sync_api.expect(space(page, "C4").locator(".stone")).to_have_attribute("data-content", "black")
    sync_api.expect(page.locator("#export-sgf")).to_be_visible()
    screenshot(page, "table-start-from-sgf.png")


def test_stones_on_the_table_at_the_start_are_offered_as_the_start(phone):
    page, url = phone
    page.select_option("#game-choice", "go")
    page.select_option("#board-choice", "go-9")
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of Go begins.", timeout=WAIT_MS)
    view = page.request.get(url + "/api/game").json()["game"]["view"]
    left = {"C3": "black", "D4": "white", "E5": "black", "F6": "white"}
    reply = page.request.post(url + "/api/game/reading", data={"reading": {**view, **left}})
    assert reply.json()["verdict"]["kind"] == "off_start"
    sync_api.expect(page.locator("#from-camera")).to_have_text(
        "Start from what the camera sees (Black to move)", timeout=WAIT_MS)
    sync_api.expect(page.locator("#clear-board")).to_be_visible()
    sync_api.expect(page.locator("#problem")).to_be_hidden()
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute("data-kind", "off_start")
    screenshot(page, "table-stones-at-start-offer.png")
    page.click("#clear-board")
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute("data-kind", "clearing",
                                                                       timeout=WAIT_MS)
    sync_api.expect(verdict(page)).to_contain_text("Take the pieces off the board")
    sync_api.expect(page.locator("#from-camera")).to_be_hidden()
    screenshot(page, "table-stones-at-start-clearing.png")
    # They change their mind: the stones stay, and the game starts from them.
    page.request.post(url + "/api/game/reading", data={"reading": {**view, **left,
                                                                   "G7": "black"}})
    page.request.post(url + "/api/game/end")
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of Go begins.", timeout=WAIT_MS)
    # Three black stones and one white: the stones do not tell who moves next (a
    # handicap?), so the page asks.
    page.request.post(url + "/api/game/reading", data={"reading": {**view, **left,
                                                                   "F6": "black"}})
    sync_api.expect(page.locator("#from-camera")).to_have_text(
        "Start from what the camera sees", timeout=WAIT_MS)
    page.click("#from-camera")
    sync_api.expect(page.locator("#who-first")).to_be_visible()
    page.click("#who-first-buttons button:has-text('White')")
    sync_api.expect(verdict(page)).to_have_text(
        "A new game of Go begins from the position set up: White to move.", timeout=WAIT_MS)
    sync_api.expect(space(page, "D4").locator(".stone")).to_have_attribute("data-content", "white")
    screenshot(page, "table-started-from-camera.png")
