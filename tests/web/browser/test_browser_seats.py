"""Two phones as two players, in headless Chromium: each joins by the join link with
the table's PIN (a cookie, no token), takes its seat, and cannot act for the other; the
referee's controls are not shown to them. In OneWorld's combat, neither phone receives
the other's sealed choice (its salt) before the reveal: everything each page is sent,
JSON answers and live events, is recorded and searched. The join panel and the QR code
are screenshotted at desktop and phone widths (test-artifacts/)."""

import pytest

from tests.helpers.browser import RECORD_EVENTS, WAIT_MS, screenshot, space, sync_api, verdict
from tests.helpers.oneworld_combat import oneworld_to_combat
from web.access import get_access

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


class Phone:
    """A browser context that has not joined (no token), its page and what it was sent."""

    def __init__(self, browser, size):
        self.context = browser.new_context(**size)
        self.context.add_init_script(RECORD_EVENTS)
        self.page = self.context.new_page()
        self.errors = []
        self.answers = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("response", self._keep)

    def _keep(self, response):
        if response.headers.get("content-type", "").startswith("application/json"):
            self.answers.append(response)

    def received(self):
        """Everything this page was sent so far: its JSON answers and live events."""
        answers = [response.text() for response in self.answers]
        return "\n".join(answers + self.page.evaluate("window.__heard"))

    def join(self, url, seat, name=None):
        self.page.goto(f"{url}/join?pin={self.pin}")
        sync_api.expect(self.page.locator("#join-pin")).to_have_value(self.pin, timeout=WAIT_MS)
        sync_api.expect(self.page.locator(f'#seat-choice option[value="{seat}"]')).to_have_count(
            1, timeout=WAIT_MS)
        if name:
            screenshot(self.page, f"join-panel-{name}.png")
        self.page.select_option("#seat-choice", seat)
        self.page.click("#join")
        sync_api.expect(self.page.locator("#you")).to_have_attribute("data-seat", seat,
                                                                     timeout=WAIT_MS)
        sync_api.expect(self.page.locator("#live")).to_have_text("live", timeout=WAIT_MS)

    def close(self):
        self.context.close()
        assert self.errors == [], f"the page's scripts failed: {self.errors}"


@pytest.fixture
def phones(browser):
    made = []

    def make(app, size):
        phone = Phone(browser, size)
        phone.pin = get_access(app).table_pin
        made.append(phone)
        return phone

    yield make
    for phone in made:
        phone.close()


def test_two_phones_take_two_seats_and_neither_plays_for_the_other(make_app, live_server,
                                                                   phones):
    app = make_app()
    app.test_client().post("/api/game/start", json={"game": "go", "options": {"board": "go-9"}})
    url = live_server(app)
    black, white = phones(app, DESKTOP), phones(app, PHONE)
    black.join(url, "black", "desktop")
    white.join(url, "white", "phone")
    for phone in (black, white):
        sync_api.expect(phone.page.locator("#join-qr")).to_be_visible()
        sync_api.expect(phone.page.locator("#table-pin")).to_have_text(phone.pin)
        sync_api.expect(phone.page.locator('#seat-list li[data-taken="true"]')).to_have_count(
            2, timeout=WAIT_MS)
        for hidden in ("#undo", "#start-form", "#correct", "#end", "#reregister"):
            sync_api.expect(phone.page.locator(hidden)).to_be_hidden()
        sync_api.expect(phone.page.locator("#roll")).to_be_visible()
    assert white.page.evaluate("document.documentElement.scrollWidth") <= 390
    # The QR code the phones show is an image of the join link.
    assert black.page.evaluate("document.getElementById('join-qr').naturalWidth") > 0
    screenshot(black.page, "join-qr-desktop.png")
    screenshot(white.page, "join-qr-phone.png")

    # Black to move: White's phone cannot place for Black, from the board or by hand.
    space(white.page, "E5").tap()
    sync_api.expect(verdict(white.page)).to_have_text(
        "This phone sits at white: it may act for white only, not for black.", timeout=WAIT_MS)
    status = white.page.evaluate("""fetch('/api/game/play', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({action: {type: 'place', player: 'black', at: 'C3'}})})
        .then((r) => r.status)""")
    assert status == 403
    space(black.page, "E5").click()
    sync_api.expect(verdict(white.page)).to_have_text("Black places on E5.", timeout=WAIT_MS)
    space(white.page, "D4").tap()
    sync_api.expect(verdict(black.page)).to_have_text("White places on D4.", timeout=WAIT_MS)


def test_in_a_combat_neither_phone_is_sent_the_others_choice_before_the_reveal(
        make_app, live_server, phones):
    rolls = iter([4, 1])
    app = make_app(DICE_RANDBELOW=lambda n: next(rolls, 0))
    oneworld_to_combat(app.test_client())
    url = live_server(app)
    borg, chez = phones(app, DESKTOP), phones(app, PHONE)
    borg.join(url, "borg")
    chez.join(url, "chez")
    for phone, player in ((borg, "BORG"), (chez, "CHEZ")):
        sync_api.expect(phone.page.locator("#secret")).to_contain_text(
            f"{player}: choose in secret", timeout=WAIT_MS)
    chez.page.fill('#secret-form input[name="fog"]', "1")
    chez.page.click("#secret-form button")
    sync_api.expect(chez.page.locator("#secret")).to_have_text(
        "BORG chooses in secret on their own phone.", timeout=WAIT_MS)
    borg.page.fill('#secret-form input[name="stone"]', "1")
    borg.page.click("#secret-form button")
    for phone, player in ((borg, "BORG"), (chez, "CHEZ")):
        sync_api.expect(phone.page.locator("#reveal")).to_have_text(
            f"Reveal {player}'s choice", timeout=WAIT_MS)
    salts = {}
    for phone in (borg, chez):
        kept = phone.page.evaluate("Object.values(sessionStorage)")
        assert len(kept) == 1
        salts[phone] = phone.page.evaluate(f"JSON.parse({kept[0]!r}).salt")
    # Both have committed: each phone holds its own choice, and was sent nothing of the other's.
    assert salts[chez] not in borg.received() and salts[borg] not in chez.received()
    assert salts[borg] in borg.page.evaluate("JSON.stringify(sessionStorage)")
    chez.page.click("#reveal")
    sync_api.expect(chez.page.locator("#reveal")).to_be_hidden(timeout=WAIT_MS)
    borg.page.click("#reveal")
    sync_api.expect(verdict(chez.page)).to_contain_text("BORG loses 1 Stone", timeout=WAIT_MS)
    # The recording hears what the page is told: the verdict came the same way.
    assert "BORG loses 1 Stone" in chez.received() and "BORG loses 1 Stone" in borg.received()


def test_the_referee_link_makes_the_referee_and_a_private_table_waits_for_joining(
        make_app, live_server, phones):
    app = make_app(PRIVATE=True)
    url = live_server(app)
    watcher, referee = phones(app, PHONE), phones(app, DESKTOP)
    watcher.page.goto(url)
    sync_api.expect(watcher.page.locator("#join")).to_be_visible(timeout=WAIT_MS)
    sync_api.expect(watcher.page.locator("#live")).to_have_text("connecting…")
    referee.page.goto(f"{url}/join?referee={get_access(app).referee_pin}")
    sync_api.expect(referee.page.locator("#you")).to_have_text("You are the referee.",
                                                               timeout=WAIT_MS)
    assert referee.page.evaluate("window.location.hash") == ""
    sync_api.expect(referee.page.locator("#start")).to_be_enabled(timeout=WAIT_MS)
    referee.page.click("#start")
    sync_api.expect(verdict(referee.page)).to_contain_text("A new game of ONE begins.",
                                                           timeout=WAIT_MS)
    # The phone that waited joins to watch: the table appears, live.
    watcher.page.fill("#join-pin", watcher.pin)
    watcher.page.click("#join")
    sync_api.expect(watcher.page.locator("#you")).to_have_text("You watch.", timeout=WAIT_MS)
    sync_api.expect(watcher.page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    sync_api.expect(verdict(watcher.page)).to_contain_text("ONE", timeout=WAIT_MS)
    sync_api.expect(watcher.page.locator("#roll")).to_be_hidden()
