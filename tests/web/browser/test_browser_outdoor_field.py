"""The outdoor game played on a phone (360×740) in headless Chromium: started from the
page, its field drawn to scale, a side placed in a row and the other dragged before it
is placed, a move tapped on the field (then one too long, refused in the field's card
with the engine's sentence), an action from a button with the dice thrown at the table,
the last character's walk off the field and the result card. Screenshots go to
test-artifacts/."""

import pytest

from companion.games.registry import get_game
from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api, verdict

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAME = get_game("outdoor")
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}

TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector('#board svg.field');
  const point = svg.createSVGPoint();
  point.x = x; point.y = y;
  const at = point.matrixTransform(svg.getScreenCTM());
  return [at.x, at.y];
}"""


def on_field(page, x, y):
    """Where the field's point (``x``, ``y``) in inches is on the screen, in view."""
    page.locator("#board svg.field").scroll_into_view_if_needed()
    return page.evaluate(TO_SCREEN, [x, y])


def tap_field(page, x, y):
    page.mouse.click(*on_field(page, x, y))


def drag_field(page, start, end):
    page.mouse.move(*on_field(page, *start))
    page.mouse.down()
    page.mouse.move(*on_field(page, *end), steps=6)
    page.mouse.up()


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def test_a_short_outdoor_game_played_by_tapping_on_a_phone(make_app, live_server, browser):
    context = referee_context(browser, **PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(live_server(make_app()))
        sync_api.expect(page.locator("#start")).to_be_enabled(timeout=WAIT_MS)
        page.select_option("#game-choice", "outdoor")
        page.select_option("#dice-choice", "table")
        page.click(".more-options summary")
        page.fill("#more-options", '{"characters": 1, "sequences": 1}')
        page.click("#start")
        sync_api.expect(verdict(page)).to_contain_text(f"A new game of {GAME.title} begins",
                                                       timeout=WAIT_MS)
        field = page.locator("#board svg.field")
        sync_api.expect(field).to_have_attribute("data-field", "24 24")
        sync_api.expect(field.locator(".field-edge")).to_have_text(["N", "S", "W", "E"])

        # North places in the listed row; South drags its piece forward first.
        button(page, "Place in a row").click()
        sync_api.expect(verdict(page)).to_contain_text("North places", timeout=WAIT_MS)
        sync_api.expect(field.locator('[data-piece="N1"]')).to_have_count(1)
        drag_field(page, (12, 21), (12, 12))
        sync_api.expect(button(page, "Place as shown")).to_be_visible()
        button(page, "Place as shown").click()
        sync_api.expect(verdict(page)).to_contain_text("South places", timeout=WAIT_MS)
        assert field.locator('[data-piece="S1"] .piece-body').get_attribute("cy") == "12"
        page.get_by_role("button", name="North goes first, by agreement").click()
        sync_api.expect(page.locator("#panel")).to_contain_text("turn 1: movement",
                                                                timeout=WAIT_MS)

        # N1 tapped: its vision, its action range and its 6-in circle; then too far.
        tap_field(page, 12, 3)
        sync_api.expect(page.locator(".field-controls")).to_contain_text("Tap where N1 ends")
        sync_api.expect(field.locator(".vision")).to_have_count(1)
        sync_api.expect(field.locator(".action-range")).to_have_count(1)
        sync_api.expect(field.locator(".move-range")).to_have_count(1)
        sync_api.expect(page.locator(".field-why")).to_contain_text("Observed")
        tap_field(page, 12, 11)
        sync_api.expect(field.locator(".aim-length")).to_have_text("8.0 in")
        button(page, "S").click()
        button(page, "Move").click()
        board_card = page.locator("section.board-card")
        sync_api.expect(board_card.locator(".card-error")).to_contain_text(
            "N1 moved 8.0 in: 2.0 in more than the 6 in it may", timeout=WAIT_MS)
        screenshot(page, "outdoor-too-long-phone.png")

        # A legal move: 6 in straight on, turned south-east by dragging the new arrow.
        tap_field(page, 12, 3)
        sync_api.expect(page.locator(".field-controls")).to_contain_text("Tap where N1 ends")
        tap_field(page, 12, 9)
        drag_field(page, (12, 9), (14, 11))
        sync_api.expect(button(page, "Stay, turning to 135°")).to_be_visible()
        button(page, "Move").click()
        sync_api.expect(verdict(page)).to_contain_text("N1 moves", timeout=WAIT_MS)
        sync_api.expect(board_card.locator(".card-error")).to_have_count(0)
        n1 = field.locator('[data-piece="N1"]')
        assert (n1.locator(".piece-body").get_attribute("cy"), n1.get_attribute("data-facing")) \
            == ("9", "135")

        # South closes to within an inch, keeping its facing.
        tap_field(page, 12, 12)
        sync_api.expect(page.locator(".field-controls")).to_contain_text("Tap where S1 ends")
        tap_field(page, 12, 10.5)
        button(page, "Move").click()
        sync_api.expect(page.locator("#panel")).to_contain_text("action", timeout=WAIT_MS)
        screenshot(page, "outdoor-action-phone.png")

        # N1 acts with a button; the die is thrown at the table: a 6 puts S1 on its side.
        page.get_by_role("button", name="N1 acts on S1 (roll 1d6)").click()
        sync_api.expect(page.locator("#thrown-form")).to_be_visible(timeout=WAIT_MS)
        page.fill("#thrown", "6")
        page.click("#thrown-form button")
        sync_api.expect(verdict(page)).to_contain_text("S1 is put on its side",
                                                       timeout=WAIT_MS)
        sync_api.expect(field.locator(".piece.fallen")).to_have_count(1)

        # The last character is unobserved and walks off: the game is over, North won.
        sync_api.expect(page.locator("#panel")).to_contain_text("turn 2: movement")
        tap_field(page, 12, 9)
        sync_api.expect(page.locator(".field-why")).to_contain_text("Unobserved")
        button(page, "Walk off the field").click()
        sync_api.expect(page.locator("#result")).to_be_visible(timeout=WAIT_MS)
        sync_api.expect(page.locator("#result-title")).to_have_text("North wins")
        sync_api.expect(page.locator("#panel")).to_contain_text("the game is over")
        screenshot(page, "outdoor-result-phone.png")
        card = page.locator("section.board-card").bounding_box()
        assert page.locator("#board svg.field").bounding_box()["width"] < card["width"] <= 360
    finally:
        context.close()
    assert errors == [], f"the page's scripts failed: {errors}"


def joined_phone(browser, url, pin, seat):
    """A phone at 360×740 joined in ``seat`` with the table PIN."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{url}/join?pin={pin}")
    sync_api.expect(page.locator(f'#seat-choice option[value="{seat}"]')).to_have_count(
        1, timeout=WAIT_MS)
    page.select_option("#seat-choice", seat)
    page.click("#join")
    sync_api.expect(page.locator("#you")).to_have_attribute("data-seat", seat, timeout=WAIT_MS)
    return context, page


def test_two_phones_each_move_only_their_own_side(make_app, live_server, browser):
    from web.access import get_access

    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "outdoor", "options": {"characters": 1}})
    for _ in range(2):  # both sides placed in the listed row
        [row] = referee.get("/api/game/actions").get_json()["actions"]
        assert referee.post("/api/game/play", json={"action": row["action"]}).status_code == 200
    referee.post("/api/game/play", json={"action": {"type": "first", "goes_first": "north"}})
    url, pin = live_server(app), get_access(app).table_pin
    (north_context, north), (south_context, south) = (
        joined_phone(browser, url, pin, seat) for seat in ("north", "south"))
    try:
        # South's piece, tapped on North's phone: what it is, but no move to make.
        tap_field(north, 12, 21)
        sync_api.expect(north.locator(".field-why")).to_contain_text("S1 (South)",
                                                                     timeout=WAIT_MS)
        sync_api.expect(north.locator(".field-controls button", has_text="Move")).to_have_count(0)
        tap_field(north, 12, 3)
        sync_api.expect(north.locator(".field-controls")).to_contain_text("Tap where N1 ends")
        tap_field(north, 12, 8.5)
        button(north, "Move").click()
        # South's phone sees it live, then turns its piece west and stays.
        sync_api.expect(south.locator('#board [data-piece="N1"] .piece-body')).to_have_attribute(
            "cy", "8.5", timeout=WAIT_MS)
        tap_field(south, 12, 21)
        sync_api.expect(south.locator(".field-controls")).to_contain_text("Tap where S1 ends")
        button(south, "W").click()
        screenshot(south, "outdoor-turning-phone.png")
        button(south, "Stay, turning to 270°").click()
        sync_api.expect(verdict(south)).to_contain_text("S1 stays", timeout=WAIT_MS)
        sync_api.expect(north.locator('#board [data-piece="S1"]')).to_have_attribute(
            "data-facing", "270", timeout=WAIT_MS)
    finally:
        north_context.close()
        south_context.close()


def test_a_split_is_tapped_into_two_groups_and_one_is_chosen(make_app, live_server, browser):
    app = make_app()
    referee = app.test_client()
    referee.post("/api/game/start", json={"game": "outdoor", "dice": "table",
                                          "options": {"characters": [1, 2]}})
    steps = [
        {"type": "place", "player": "north", "pieces": {"N1": {"x": 12, "y": 10, "facing": 180}}},
        {"type": "place", "player": "south", "pieces": {"S1": {"x": 12, "y": 11.5, "facing": 0},
                                                        "S2": {"x": 18, "y": 18, "facing": 0}}},
        {"type": "first", "goes_first": "north"},
        {"type": "stay", "player": "north", "character": "N1"},
        {"type": "stay", "player": "south", "character": "S1"},
        {"type": "stay", "player": "south", "character": "S2"},
        {"type": "done", "player": "north"},
    ]
    for action in steps:
        assert referee.post("/api/game/play", json={"action": action}).status_code == 200
    act = {"type": "act", "player": "south", "character": "S1", "target": "N1"}
    assert referee.post("/api/game/play", json={"action": act, "dice": [6]}).status_code == 200
    context = referee_context(browser, **PHONE)
    page = context.new_page()
    try:
        page.goto(live_server(app))
        field = page.locator("#board svg.field")
        sync_api.expect(field.locator('[data-piece="S1"]')).to_have_attribute(
            "data-group", "1", timeout=WAIT_MS)
        sync_api.expect(page.locator(".field-groups")).to_have_text("Group 1: S1 · group 2: S2.")
        # Both in one group: refused, said under the field; then S1 and S2 swapped.
        tap_field(page, 18, 18)
        sync_api.expect(page.locator(".field-groups")).to_have_text("Group 1: S1, S2 · group 2: .")
        button(page, "Split").click()
        sync_api.expect(page.locator("section.board-card .card-error")).to_contain_text(
            'A split gives "groups": two lists of characters.', timeout=WAIT_MS)
        tap_field(page, 12, 11.5)
        sync_api.expect(page.locator(".field-groups")).to_have_text("Group 1: S2 · group 2: S1.")
        button(page, "Split").click()
        sync_api.expect(verdict(page)).to_contain_text("North chooses one", timeout=WAIT_MS)
        screenshot(page, "outdoor-split-phone.png")
        page.get_by_role("button", name="North takes group 2").click()
        sync_api.expect(verdict(page)).to_contain_text("North takes control of S1",
                                                       timeout=WAIT_MS)
        sync_api.expect(field.locator('[data-piece="S1"]')).to_have_attribute("data-side",
                                                                             "north")
        sync_api.expect(field.locator("[data-group]")).to_have_count(0)
    finally:
        context.close()
