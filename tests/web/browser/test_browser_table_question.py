"""The table page asks about a space the camera cannot read, in headless Chromium: "Is C4
empty or white?" shown large with a big button per answer, the space ringed on the drawn
board and on the camera picture, and a person answering by tapping (desktop and phone).

The unsure reading comes through the page's reading API (as a recogniser outside the
server sends it), so what is asked does not hang on how a rendered glare spot reads;
on the desktop a rendered camera picture runs through the live loop meanwhile, so the
ring over the picture is shown too. Screenshots go to test-artifacts/.
"""

import pytest

from companion.table.reading import UNSURE
from tests.helpers.browser import WAIT_MS, referee_context, screenshot, space, sync_api, verdict
from tests.helpers.stone_reader import stones
from tests.helpers.table_camera import TableCamera, known_board, picture

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


def answer(page, means):
    return page.locator("#answers .answer-button", has_text=means)


def send_reading(page, url, **changes):
    """What a recogniser outside the server reads: the game's board with ``changes``."""
    game = page.request.get(url + "/api/game").json()["game"]
    reply = page.request.post(url + "/api/game/reading",
                              data={"reading": {**game["view"], **changes}})
    assert reply.ok, reply.text()
    return reply.json()["verdict"]


def test_the_question_is_answered_by_tapping_on_the_desktop(make_app, live_server,
                                                            page):
    camera = TableCamera()
    app = make_app(FRAME_SOURCE=lambda: camera, BOARD_LOCATOR=known_board, RECOGNISER=stones)
    url = live_server(app)
    page.goto(url)
    sync_api.expect(page.locator("#game-choice")).to_have_value("one", timeout=WAIT_MS)
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of ONE begins.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#referee-status")).to_have_text("steady", timeout=WAIT_MS)
    camera.picture, _ = picture({"A1": "black"})
    sync_api.expect(verdict(page)).to_have_text("Black places on A1.", timeout=WAIT_MS)

    # White puts a stone on C4, in a glare spot: the sure spaces show no change.
    assert send_reading(page, url, C4=UNSURE)["kind"] == "question"
    sync_api.expect(verdict(page)).to_have_text("Is C4 empty or white?", timeout=WAIT_MS)
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute("data-kind", "question")
    sync_api.expect(page.locator("#answers .answer-button")).to_have_count(2)
    sync_api.expect(answer(page, "nothing happened there")).to_contain_text("empty")
    sync_api.expect(answer(page, "White places on C4")).to_contain_text("white")
    sync_api.expect(space(page, "C4").locator(".mark.question")).to_have_count(1)
    sync_api.expect(page.locator("#board .mark.question")).to_have_count(1)
    sync_api.expect(page.locator("#overlay .mark.question")).to_have_count(1)
    sync_api.expect(page.locator("#choices")).to_be_hidden()
    screenshot(page, "table-question-desktop.png")

    answer(page, "White places on C4").click()
    sync_api.expect(verdict(page)).to_have_text(
        "C4 is white, as answered: White places on C4.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#answers")).to_be_hidden()
    sync_api.expect(page.locator("#board .mark.question")).to_have_count(0)
    sync_api.expect(space(page, "C4").locator('.stone[data-content="white"]')).to_have_count(1)
    sync_api.expect(page.locator("#events li")).to_have_text(
        ["Black places on A1", "White places on C4"])


def test_the_question_is_answered_by_tapping_on_a_phone(make_app, live_server,
                                                        browser):
    context = referee_context(browser, viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        url = live_server(make_app())
        page.goto(url)
        sync_api.expect(page.locator("#game-choice")).to_have_value("one", timeout=WAIT_MS)
        page.click("#start")
        sync_api.expect(verdict(page)).to_have_text("A new game of ONE begins.",
                                                    timeout=WAIT_MS)
        space(page, "A1").tap()
        sync_api.expect(verdict(page)).to_have_text("Black places on A1.", timeout=WAIT_MS)
        assert send_reading(page, url)["kind"] == "unchanged"  # the camera sees the board

        assert send_reading(page, url, D5=UNSURE)["kind"] == "question"
        sync_api.expect(verdict(page)).to_have_text("Is D5 empty or white?", timeout=WAIT_MS)
        buttons = page.locator("#answers .answer-button")
        sync_api.expect(buttons).to_have_count(2)
        for index in range(2):  # big enough for a thumb, one per line, on screen at once
            sync_api.expect(buttons.nth(index)).to_be_in_viewport()
            box = buttons.nth(index).bounding_box()
            assert box["height"] >= 48 and box["width"] >= PHONE["width"] * 0.7
        sync_api.expect(space(page, "D5").locator(".mark.question")).to_have_count(1)
        sync_api.expect(space(page, "D5")).to_be_in_viewport()  # the space asked about too
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, "table-question-phone.png")

        answer(page, "nothing happened there").tap()
        sync_api.expect(verdict(page)).to_have_text(
            "D5 is empty, as the game has it: nothing changed.", timeout=WAIT_MS)
        sync_api.expect(page.locator("#answers")).to_be_hidden()
        sync_api.expect(page.locator("#verdict-card")).to_have_attribute("data-kind",
                                                                         "answered")
        sync_api.expect(page.locator("#events li")).to_have_text(["Black places on A1"])
        # The same reading again: the question is not asked a second time.
        assert send_reading(page, url, D5=UNSURE)["kind"] == "unchanged"
        sync_api.expect(page.locator("#answers")).to_be_hidden()
    finally:
        context.close()


def test_a_stone_read_in_a_colour_the_rules_refuse_is_asked_about(make_app, live_server,
                                                                    page):
    """T38: White's D5 read black at three readings in a row ("It is White's turn, not
    Black's." each time) becomes "Is D5 black or white?", shown as every question is,
    the colour read keeping the refusal and the legal one playing the moves."""
    url = live_server(make_app())
    page.goto(url)
    sync_api.expect(page.locator("#game-choice")).to_have_value("one", timeout=WAIT_MS)
    page.click("#start")
    sync_api.expect(verdict(page)).to_have_text("A new game of ONE begins.", timeout=WAIT_MS)
    space(page, "A1").click()
    sync_api.expect(verdict(page)).to_have_text("Black places on A1.", timeout=WAIT_MS)
    assert send_reading(page, url)["kind"] == "unchanged"

    assert send_reading(page, url, D5="black")["kind"] == "illegal"
    sync_api.expect(verdict(page)).to_have_text("It is White's turn, not Black's.",
                                                timeout=WAIT_MS)
    assert send_reading(page, url, D5="black", B2="black")["kind"] == "illegal"
    asked = send_reading(page, url, D5="black", B2="black", C3="white")
    assert asked["kind"] == "question"
    sync_api.expect(verdict(page)).to_have_text("Is D5 black or white?", timeout=WAIT_MS)
    sync_api.expect(page.locator("#verdict-card")).to_have_attribute("data-kind", "question")
    sync_api.expect(page.locator("#answers .answer-button")).to_have_count(2)
    sync_api.expect(answer(page, "It is White's turn, not Black's.")).to_contain_text("black")
    sync_api.expect(answer(page, "White places on D5, then Black places on B2")
                    ).to_contain_text("white")
    sync_api.expect(space(page, "D5").locator(".mark.question")).to_have_count(1)
    screenshot(page, "table-question-misread-colour.png")

    answer(page, "White places on D5").click()
    sync_api.expect(verdict(page)).to_have_text(
        "D5 is white, as answered: White places on D5. Black places on B2. White places "
        "on C3.", timeout=WAIT_MS)
    sync_api.expect(page.locator("#answers")).to_be_hidden()
    sync_api.expect(space(page, "D5").locator('.stone[data-content="white"]')).to_have_count(1)
    sync_api.expect(page.locator("#events li")).to_have_text(
        ["Black places on A1", "White places on D5", "Black places on B2",
         "White places on C3"])
