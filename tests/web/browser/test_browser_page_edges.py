"""The table page at its edges, at phone size (360 × 740): the spaces a verdict names are
ringed and named on the drawn board; a tap on an occupied point says what holds it;
Accept the board right after a tapped move is refused in words; and nothing overflows
the 360 px width with a game of each kind started. Screenshots go to test-artifacts/."""

import pytest

from tests.helpers.browser import WAIT_MS, referee_page, screenshot, space, sync_api

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
GAMES = [("go", {"size": 9}), ("one", {"players": 2}), ("onslaught", {"players": 4}),
         ("oneworld", {})]


@pytest.fixture
def phone(browser):
    """A phone-sized page that is the referee; fails the test on any script error."""
    with referee_page(browser, **PHONE) as page:
        yield page


def go_board(client):
    view = client.get("/api/game").get_json()["game"]["view"]
    return dict(view)


def test_the_spaces_a_verdict_names_are_ringed_and_named(make_app, live_server, phone):
    app = make_app()
    client = app.test_client()
    client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    phone.goto(live_server(app))
    sync_api.expect(space(phone, "A1")).to_be_visible(timeout=WAIT_MS)
    client.post("/api/game/play", json={"action": {"type": "place", "player": "black",
                                                   "at": "E5"}})
    # Two more black stones at once, one on the board's top row: no move explains it.
    reading = {**go_board(client), "A9": "black", "D4": "black"}
    answer = client.post("/api/game/reading", json={"reading": reading}).get_json()
    assert answer["verdict"]["kind"] == "illegal"
    named = phone.locator("#board .mark-name.problem")
    sync_api.expect(named).to_have_count(2, timeout=WAIT_MS)
    assert sorted(named.all_text_contents()) == ["A9", "D4"]
    assert phone.locator("#board .mark.problem").count() == 2
    # Each name sits inside the drawn board, beside its own space's ring.
    board = phone.locator("#board svg.board-svg").bounding_box()
    for name in ("A9", "D4"):
        label = phone.locator(f'#board .mark-name[data-name="{name}"]').bounding_box()
        ring = space(phone, name).bounding_box()
        assert board["y"] <= label["y"] and label["y"] + label["height"] <= (
            board["y"] + board["height"])
        assert abs((label["x"] + label["width"] / 2) - (ring["x"] + ring["width"] / 2)) < 2
        assert label["height"] >= 8  # readable on a phone
    screenshot(phone, "board-problem-named-phone.png")


def test_a_tap_on_an_occupied_point_says_what_holds_it(make_app, live_server, phone):
    app = make_app()
    client = app.test_client()
    client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    client.post("/api/game/play",
                json={"action": {"type": "place", "player": "black", "at": "D4"}})
    phone.goto(live_server(app))
    sync_api.expect(space(phone, "D4").locator(".stone")).to_have_count(1, timeout=WAIT_MS)
    space(phone, "D4").tap()
    selection = phone.locator("#selection")
    sync_api.expect(selection).to_have_text("D4 already holds a black stone.", timeout=WAIT_MS)
    assert selection.get_attribute("data-kind") == "notice"
    screenshot(phone, "board-tap-occupied-phone.png")


def test_accept_right_after_a_tapped_move_is_refused_in_words(make_app, live_server, phone):
    app = make_app()
    client = app.test_client()
    client.post("/api/game/start", json={"game": "go", "options": {"size": 9}})
    client.post("/api/game/reading", json={"reading": go_board(client)})  # the camera looks
    phone.goto(live_server(app))
    sync_api.expect(space(phone, "E5")).to_be_visible(timeout=WAIT_MS)
    space(phone, "E5").tap()  # a move tapped on the page: the camera has not seen it
    sync_api.expect(space(phone, "E5").locator(".stone")).to_have_count(1, timeout=WAIT_MS)
    phone.locator("#accept-board").click()
    sync_api.expect(phone.get_by_text("The camera has not seen the board since the last "
                                      "move (Black places on E5)")).to_be_visible(
        timeout=WAIT_MS)
    assert client.get("/api/game").get_json()["game"]["view"]["E5"] == "black"
    screenshot(phone, "table-accept-refused-phone.png")


@pytest.mark.parametrize("game, options", GAMES, ids=[g for g, _ in GAMES])
def test_nothing_overflows_a_360_px_phone(make_app, live_server, phone, game, options):
    app = make_app()
    assert app.test_client().post("/api/game/start",
                                  json={"game": game, "options": options}).status_code == 200
    phone.goto(live_server(app))
    sync_api.expect(phone.locator("#board svg.board-svg")).to_be_visible(timeout=WAIT_MS)
    for details in phone.locator("details").all():  # every card opened, as a person may
        details.evaluate("node => { node.open = true; }")
    width = phone.evaluate("document.documentElement.scrollWidth")
    wide = phone.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((node) => node.getBoundingClientRect().right > 360.5
                && getComputedStyle(node).position !== 'fixed' && node.offsetParent !== null)
        .map((node) => node.id || node.className || node.tagName).slice(0, 8)""")
    screenshot(phone, f"table-360-{game}.png")
    assert width <= 360, f"wider than the phone: {wide}"
