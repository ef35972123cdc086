"""The table page in a real browser: Debian's Chromium driven by Playwright.

The app runs under waitress in a background thread, exactly as ``companion serve``
runs it. Screenshots (desktop and phone) go to test-artifacts/.
"""

import pytest

from companion.journal import Journal
from hardware.frames.replay import ReplaySource
from hardware.replays import DEMO
from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api
from web.runtime import get_runtime

pytestmark = [pytest.mark.browser, pytest.mark.slow]

def replay():
    return ReplaySource(DEMO, fps=8.0, loop=True)


def journaled_rolls(app):
    with Journal(app.config["JOURNAL_PATH"]) as journal:
        return journal.events(kind="dice.roll")


def shown_values(page):
    return [int(v) for v in page.locator("#last-roll .die").all_inner_texts()]


def test_the_page_shows_the_replayed_camera_picture(make_app, live_server, page):
    url = live_server(make_app(FRAME_SOURCE=replay))
    page.goto(url)
    sync_api.expect(page.locator("#camera-status")).to_have_text("ok", timeout=WAIT_MS)
    # A frame event made the page fetch a numbered frame, and the picture loaded.
    # (The width is taken in the same moment: the next frame event may change the src.)
    loaded = page.wait_for_function(
        "() => { const img = document.getElementById('frame');"
        " return img.src.includes('?n=') && img.complete && img.naturalWidth; }",
        timeout=WAIT_MS)
    assert loaded.json_value() == 640
    sync_api.expect(page.locator("#live")).to_have_text("live")


def test_roll_shows_the_journaled_result_and_the_history(make_app, live_server, page):
    app = make_app(FRAME_SOURCE=replay)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    page.select_option("#count", "3")
    page.select_option("#sides", "8")
    page.click("#roll")
    sync_api.expect(page.locator("#last-roll .die")).to_have_count(3, timeout=WAIT_MS)
    [event] = journaled_rolls(app)
    assert shown_values(page) == event.data["values"] and event.actor == "page"
    row = page.locator(f'#history tr[data-seq="{event.seq}"]')
    sync_api.expect(row.locator(".who")).to_have_text("page")
    sync_api.expect(row.locator(".result")).to_have_text(
        " ".join(map(str, event.data["values"])) + f" = {event.data['total']}")
    screenshot(page, "table-desktop.png")


def test_a_roll_with_something_added_and_each_player_s_last_roll_apart(make_app, live_server,
                                                                       page):
    app = make_app()
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    page.select_option("#count", "2")
    page.select_option("#modifier", "3")
    page.click("#roll")
    sync_api.expect(page.locator("#last-roll .modifier")).to_have_text("+3", timeout=WAIT_MS)
    [event] = journaled_rolls(app)
    a, b = event.data["values"]
    assert event.data["modifier"] == 3 and event.data["total"] == a + b + 3
    sync_api.expect(page.locator(f'#history tr[data-seq="{event.seq}"] .result')).to_have_text(
        f"{a} {b} +3 = {a + b + 3}")
    sync_api.expect(page.locator("#by-player")).to_be_hidden()  # a roll for nobody
    # Two players roll in turn: each one's last roll stands apart, under their name.
    dice = get_runtime(app).dice
    for player in ("red1", "blue1", "red1"):
        dice.request(1, 6, f"{player}'s moves", for_whom=player)
        dice.roll_pending_or_default(requested_by="button")
    rolls = {roll.for_whom: roll for roll in reversed(dice.history(limit=3))}
    chips = page.locator("#by-player .player-roll")
    sync_api.expect(chips).to_have_count(2, timeout=WAIT_MS)
    sync_api.expect(chips.locator(".player")).to_have_text(["Red 1", "Blue 1"])
    sync_api.expect(chips.locator(".total")).to_have_text(
        [str(rolls["red1"].total), str(rolls["blue1"].total)])
    screenshot(page, "table-dice-by-player.png")


def test_a_roll_from_the_button_appears_without_reloading(make_app, live_server, page):
    app = make_app()
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    dice = get_runtime(app).dice
    dice.request(2, 6, "Alice's attack", for_whom="alice")
    roll = dice.roll_pending_or_default(requested_by="button")
    sync_api.expect(page.locator(f'#history tr[data-seq="{roll.seq}"] .who')).to_have_text(
        "button", timeout=WAIT_MS)
    assert shown_values(page) == list(roll.values)
    sync_api.expect(page.locator("#last-roll .summary")).to_contain_text("for Alice's attack")


def test_a_history_answer_older_than_a_live_roll_does_not_hide_it(make_app, live_server, page):
    # The page fetches the history on load and on every (re)connect. An answer computed
    # before a roll can arrive after the roll's live event: it must not hide the roll.
    app = make_app()
    dice = get_runtime(app).dice
    earlier = dice.roll_pending_or_default(requested_by="button")
    stale = {"rolls": [earlier.to_json()]}
    held, released = [], []

    def hold(route):
        (route.fulfill(json=stale) if released else held.append(route))

    page.route("**/api/dice/history*", hold)
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    later = dice.roll_pending_or_default(requested_by="button")
    later_row = page.locator(f'#history tr[data-seq="{later.seq}"]')
    sync_api.expect(later_row).to_have_count(1, timeout=WAIT_MS)
    released.append(True)
    for route in held:
        route.fulfill(json=stale)
    sync_api.expect(page.locator(f'#history tr[data-seq="{earlier.seq}"]')).to_have_count(
        1, timeout=WAIT_MS)
    assert later_row.count() == 1
    assert shown_values(page) == list(later.values)


def test_the_big_button_rolls_a_pending_request(make_app, live_server, page):
    app = make_app()
    get_runtime(app).dice.request(4, 10, "Bob's defence")
    page.goto(live_server(app))
    sync_api.expect(page.locator("#pending")).to_have_text("Next roll: 4d10 for Bob's defence",
                                                           timeout=WAIT_MS)
    sync_api.expect(page.locator("#roll")).to_have_text("Roll 4d10")
    screenshot(page, "table-pending-request.png")
    page.click("#roll")
    sync_api.expect(page.locator("#last-roll .die")).to_have_count(4, timeout=WAIT_MS)
    sync_api.expect(page.locator("#pending")).to_be_hidden()
    sync_api.expect(page.locator("#roll")).to_have_text("Roll")
    [event] = journaled_rolls(app)
    assert event.data["purpose"] == "Bob's defence" and event.data["sides"] == 10


def test_a_page_that_lost_its_stream_catches_up_on_reconnect(make_app, live_server, page):
    app = make_app()
    page.goto(live_server(app))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    hub = get_runtime(app).hub
    # Drop the page's stream as a server would drop a phone that fell behind, and roll
    # while it is away: no event reaches it, the history must come back on reconnect.
    for client in list(hub._clients):
        client.dropped = True
        client.queue.put_nowait(None)
        hub._leave(client)
    roll = get_runtime(app).dice.roll(1, 20, purpose="initiative", requested_by="cli")
    sync_api.expect(page.locator(f'#history tr[data-seq="{roll.seq}"]')).to_have_count(
        1, timeout=WAIT_MS)
    sync_api.expect(page.locator("#live")).to_have_text("live")


def test_the_demo_page_on_a_phone_with_the_simulated_button(make_app, live_server, browser):
    app = make_app(FRAME_SOURCE=replay, DEMO=True)
    url = live_server(app)
    context = referee_context(browser, viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(url)
        sync_api.expect(page.locator("#camera-status")).to_have_text("ok", timeout=WAIT_MS)
        page.click("#demo-button")
        sync_api.expect(page.locator("#last-roll .who")).to_contain_text(
            "simulated button", timeout=WAIT_MS)
        [event] = journaled_rolls(app)
        assert event.actor == "simulated button"
        assert shown_values(page) == event.data["values"]
        # Nothing sticks out sideways on a phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.wait_for_function("document.getElementById('frame').naturalWidth > 0",
                               timeout=WAIT_MS)
        screenshot(page, "table-phone-demo.png")
    finally:
        context.close()


def test_without_a_camera_the_page_shows_why(make_app, live_server, page):
    page.goto(live_server(make_app()))
    sync_api.expect(page.locator("#camera-status")).to_have_text("no camera",
                                                                 timeout=WAIT_MS)
    page.wait_for_function("document.getElementById('frame').naturalWidth === 640",
                           timeout=WAIT_MS)
    screenshot(page, "table-no-camera.png")

