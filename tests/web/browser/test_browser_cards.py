"""The card game at the table in headless Chromium: two phones (360 × 740) join by the
join link at two seats, each shows its own hand as cards and nothing of the other's
(everything each page is sent, JSON answers and live events, is searched), and each
plays a turn from its hand: a meld of four regions when it holds one, else a discard;
a meld for a mission. Battle of Flags: a round revealed from the phone of the player to
move, no pile sent to any. The quiz: the answer typed on the phone asked, sent to no
page before. Nothing overflows the 360 px width. Screenshots go to
test-artifacts/."""

import json
import re

import pytest

from companion.cards.deck import REGION_COLOURS, load_deck
from companion.games.cards import melds
from tests.helpers.browser import RECORD_EVENTS, WAIT_MS, screenshot, sync_api, verdict
from web.access import get_access
from web.runtime import get_runtime

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
DECK = load_deck()


class Phone:
    """A phone that joins the table at ``seat`` with the PIN, and what it was sent."""

    def __init__(self, browser, url, pin, seat):
        self.seat = seat
        self.context = browser.new_context(**PHONE)
        self.context.add_init_script(RECORD_EVENTS)
        self.page = self.context.new_page()
        self.errors, self.answers = [], []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("response", lambda response: self.answers.append(response)
                     if response.headers.get("content-type", "").startswith(
                         "application/json") else None)
        self.page.goto(f"{url}/join?pin={pin}")
        sync_api.expect(self.page.locator(f'#seat-choice option[value="{seat}"]')
                        ).to_have_count(1, timeout=WAIT_MS)
        self.page.select_option("#seat-choice", seat)
        self.page.click("#join")
        sync_api.expect(self.page.locator("#you")).to_have_attribute("data-seat", seat,
                                                                     timeout=WAIT_MS)
        sync_api.expect(self.page.locator("#live")).to_have_text("live", timeout=WAIT_MS)

    def received(self):
        answers = [response.text() for response in self.answers]
        return "\n".join(answers + self.page.evaluate("window.__heard"))

    def close(self):
        self.context.close()
        assert self.errors == [], f"the page's scripts failed: {self.errors}"


@pytest.fixture
def table_of(make_app, live_server, browser):
    """A two-player card game dealt by ``seed`` and a phone joined at each seat: the
    session, the phones and the table's address."""
    made = []

    def make(seed, game="cards"):
        app = make_app()
        answer = app.test_client().post("/api/game/start", json={
            "game": game, "options": {"players": 2, "seed": seed}})
        assert answer.status_code == 200
        url = live_server(app)
        pin = get_access(app).table_pin
        phones = [Phone(browser, url, pin, seat) for seat in ("player1", "player2")]
        made.extend(phones)
        return get_runtime(app).table, phones, url

    yield make
    for phone in made:
        phone.close()


@pytest.fixture
def table(table_of):
    return table_of(3)  # Player 1 can meld at once, Player 2 cannot after


def shows_own_hand(session, phone):
    """The phone shows its seat's hand, sorted by region, then highest first."""
    hand = session.state["hands"][phone.seat]
    sync_api.expect(phone.page.locator("#hand")).to_have_attribute(
        "data-codes", " ".join(hand), timeout=WAIT_MS)
    shown = phone.page.locator("#hand .card-tile").evaluate_all(
        "tiles => tiles.map((tile) => tile.dataset.code)")
    regions = list(REGION_COLOURS)
    assert shown == sorted(hand, key=lambda code: (regions.index(DECK.card(code).region),
                                                   -DECK.card(code).value,
                                                   DECK.card(code).name))


def ever_face_up(session):
    """Every card that lay face up in the discard pile at some step: a card taken from it
    into a hand (the top discard, a mission's refill) was seen by all."""
    lines = [json.loads(line) for line in session.record()]
    game = session.game
    state = game.initial_state(lines[0]["options"])
    seen = set(state["discard"])
    for line in lines[1:]:
        state, _ = game.apply(state, line)
        seen |= set(state["discard"])
    return seen


def never_sent_the_others(session, phones):
    """No phone was sent a card of another hand (but those it saw taken from the discard
    pile) or of the deck, nor the game's seed (the Start form's list of games shows each
    game's default options, seed 1)."""
    state = session.state
    public = ever_face_up(session)
    for phone in phones:
        hidden = [code for seat, hand in state["hands"].items() if seat != phone.seat
                  for code in hand if code not in public] + state["deck"]
        text = phone.received()
        assert not [code for code in hidden if f'"{code}"' in text
                    or f'"{DECK.card(code).name}"' in text], phone.seat
        assert not re.search(rf'"seed":\s*{state["options"]["seed"]}\b', text)


def play_a_turn(session, phone):
    """Play ``phone``'s turn from its hand on the page: a meld if it can, else a discard;
    the words the table says of it."""
    hand = session.state["hands"][phone.seat]
    quad = melds.any_quad(DECK, hand)
    cards = list(quad) if quad else hand[:1]
    for code in cards:
        phone.page.locator(f'#hand .card-tile[data-code="{code}"]').tap()
    total = sum(DECK.card(code).value for code in cards)
    if quad:
        sync_api.expect(phone.page.locator("#card-chosen")).to_have_text(
            f"Chosen: 4 cards, sum {total}, four regions.")
        phone.page.locator('#card-actions [data-act="meld"]').first.tap()
        return f"melds {', '.join(f'{DECK.card(c).name} {DECK.card(c).value}' for c in cards)}"
    phone.page.locator('#card-actions [data-act="discard"]').tap()
    return f"discards {DECK.card(cards[0]).name}"


def test_two_phones_each_see_their_own_hand_and_play_a_turn_each(table):
    session, (one, two), _ = table
    for phone in (one, two):
        shows_own_hand(session, phone)
    sync_api.expect(one.page.locator(".card-turn")).to_have_text("Your turn.")
    sync_api.expect(two.page.locator(".card-turn")).to_have_text("Player 1 to move.")
    sync_api.expect(two.page.locator("#card-actions")).to_have_count(0)
    screenshot(one.page, "cards-360-player1.png")
    screenshot(two.page, "cards-360-player2.png")

    said = play_a_turn(session, one)
    sync_api.expect(verdict(two.page)).to_contain_text(f"Player 1 {said}", timeout=WAIT_MS)
    for phone in (one, two):
        shows_own_hand(session, phone)
    sync_api.expect(two.page.locator(".card-turn")).to_have_text("Your turn.")
    said = play_a_turn(session, two)
    sync_api.expect(verdict(one.page)).to_contain_text(f"Player 2 {said}", timeout=WAIT_MS)
    for phone in (one, two):
        shows_own_hand(session, phone)
    assert len(session.snapshot()["history"]) == 2
    screenshot(one.page, "cards-360-after-two-turns.png")
    never_sent_the_others(session, (one, two))


def test_a_refused_move_is_said_in_words_and_nothing_overflows_360_px(table):
    session, (one, two), _ = table
    shows_own_hand(session, one)
    hand = session.state["hands"]["player1"]
    three = hand[:3]
    for code in three:
        one.page.locator(f'#hand .card-tile[data-code="{code}"]').tap()
    one.page.locator('#card-actions [data-act="discard"]').tap()
    if melds.any_quad(DECK, hand):  # ruling C10: a hand that can meld must
        sync_api.expect(verdict(one.page)).to_contain_text("so must (ruling C10)",
                                                           timeout=WAIT_MS)
        sync_api.expect(one.page.locator("#verdict-card")).to_have_attribute(
            "data-kind", "illegal")
    # Turns played on (from each phone, by the page's own fetch) until the discard pile
    # holds more than the page shows at once: the rest folds away.
    phones = {phone.seat: phone for phone in (one, two)}
    while len(session.state["discard"]) <= 12:
        state = session.state
        action = next(a for a in session.game.legal_actions(state)
                      if a["type"] != "take" and "missions" not in a)
        status = phones[state["to_move"]].page.evaluate("""(action) => fetch(
            '/api/game/play', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({action})}).then((r) => r.status)""", action)
        assert status == 200
    sync_api.expect(two.page.locator("#discard-pile .pile-rest .card-chip")).to_have_count(
        len(session.state["discard"]) - 10, timeout=WAIT_MS)
    sync_api.expect(two.page.locator("#discard-pile > .card-chip")).to_have_count(10)
    for phone in (one, two):
        for details in phone.page.locator("details").all():
            details.evaluate("node => { node.open = true; }")
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        wide = phone.page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((node) => node.getBoundingClientRect().right > 360.5
                    && getComputedStyle(node).position !== 'fixed'
                    && node.offsetParent !== null)
            .map((node) => node.id || node.className || node.tagName).slice(0, 8)""")
        screenshot(phone.page, f"cards-360-open-{phone.seat}.png")
        assert width <= 360, f"wider than the phone: {wide}"


def test_the_referee_s_screen_shows_the_table_and_no_hand(table, page):
    session, (one, _), url = table
    page.goto(url)
    sync_api.expect(page.locator(".card-table")).to_be_visible(timeout=WAIT_MS)
    sync_api.expect(page.locator("#hand")).to_have_count(0)
    sync_api.expect(page.locator(".card-table")).to_contain_text(
        "this phone sits at no seat of this game")
    sync_api.expect(page.locator("#panel-title")).to_have_text("Stocks, scores and missions")
    play_a_turn(session, one)
    sync_api.expect(page.locator("#events li")).to_have_count(1, timeout=WAIT_MS)
    screenshot(page, "cards-referee-desktop.png")


def test_a_meld_for_a_mission_refills_the_cards_chosen_in_the_discard_pile(table_of):
    # Seed 53: after a turn each, Player 1 holds Repeat (2 stars) and four cards that
    # repeat Player 2's last sum.
    session, (one, two), _ = table_of(53)
    for number, phone in enumerate((one, two), start=1):
        shows_own_hand(session, phone)
        said = play_a_turn(session, phone)
        # The page's tap reaches the server in its own time: wait until the table says
        # the move before counting what it holds.
        sync_api.expect(verdict(two.page)).to_contain_text(f"Player {number} {said}",
                                                           timeout=WAIT_MS)
        sync_api.expect(two.page.locator("#events li")).to_have_count(
            len(session.snapshot()["history"]), timeout=WAIT_MS)
    state = session.state
    (mission,) = state["missions"]["player1"]
    meld = next(action for action in session.game.legal_actions(state)
                if action.get("missions") == [mission])
    shows_own_hand(session, one)
    for code in meld["cards"]:
        one.page.locator(f'#hand .card-tile[data-code="{code}"]').tap()
    chosen = state["discard"][:2]  # the bottom two, not the top ones
    for code in chosen:
        one.page.locator(f'#discard-pile .card-chip[data-code="{code}"]').tap()
    one.page.locator('#card-actions [data-act="mission"]').tap()
    names = ", ".join(f"{DECK.card(c).name} {DECK.card(c).value}" for c in chosen)
    sync_api.expect(verdict(two.page)).to_contain_text(
        f"Player 1 takes {names} from the discard pile (2 stars).", timeout=WAIT_MS)
    assert set(meld["cards"]) <= set(session.state["stocks"]["player1"])
    assert session.state["fulfilled"]["player1"] == [mission]
    shows_own_hand(session, one)
    screenshot(one.page, "cards-360-mission.png")
    never_sent_the_others(session, (one, two))


def test_battle_of_flags_is_revealed_from_the_phone_to_move_and_no_pile_is_sent(table_of):
    session, (one, two), _ = table_of(4, "flags")
    reveal = one.page.locator("#other-moves button", has_text="Round 1")
    sync_api.expect(reveal).to_be_visible(timeout=WAIT_MS)
    sync_api.expect(two.page.locator("#other-moves button")).to_have_count(0)
    sync_api.expect(two.page.locator("#panel-title")).to_have_text("Piles")
    reveal.tap()
    sync_api.expect(verdict(two.page)).to_contain_text("Round 1: Player 1", timeout=WAIT_MS)
    held = session.game.held(session.state)
    sync_api.expect(two.page.locator("#panel")).to_contain_text(
        f"Player 1{held['player1']}", timeout=WAIT_MS)
    screenshot(two.page, "flags-360-player2.png")
    for phone in (one, two):
        text = phone.received()
        piles = [code for pile in session.state["piles"].values() for code in pile]
        assert not [code for code in piles if f'"{code}"' in text], phone.seat
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_meld_with_tied_values_offers_each_pair_it_may_keep(table_of):
    # Seed 6: Player 1's first meld is Cuba 10, Zimbabwe 10, Oman 10, Netherlands 15.
    session, (one, _), _ = table_of(6)
    shows_own_hand(session, one)
    for code in ("CUB", "ZWE", "OMN", "NLD"):
        one.page.locator(f'#hand .card-tile[data-code="{code}"]').tap()
    buttons = one.page.locator('#card-actions [data-act="meld"]')
    sync_api.expect(buttons).to_have_text([
        "Meld: sum 45, keep Netherlands and Cuba", "Meld: sum 45, keep Netherlands and Zimbabwe",
        "Meld: sum 45, keep Netherlands and Oman"])
    buttons.nth(2).tap()
    sync_api.expect(verdict(one.page)).to_contain_text("keeps Netherlands 15, Oman 10",
                                                       timeout=WAIT_MS)
    assert session.state["stocks"]["player1"] == ["NLD", "OMN"]


def test_the_quiz_is_answered_on_the_phone_asked_and_no_page_is_sent_the_answer(table_of):
    session, (one, two), _ = table_of(4, "quiz")
    card = DECK.card(session.state["question"]["code"])  # Saint Vincent and the Grenadines
    sync_api.expect(one.page.locator("#quiz-question")).to_contain_text(
        f"Which country has {card.capital} as its capital?", timeout=WAIT_MS)
    sync_api.expect(two.page.locator("#quiz-form")).to_have_count(0)
    sync_api.expect(two.page.locator("#board")).to_contain_text(
        "Player 1 answers on their own phone.")
    for phone in (one, two):
        assert card.name not in phone.received()
    one.page.fill("#quiz-form input", "Atlantis")
    one.page.locator("#quiz-form button", has_text="Answer").tap()
    sync_api.expect(verdict(two.page)).to_contain_text(
        f"Wrong (Atlantis): it is {card.name}.", timeout=WAIT_MS)
    assert verdict(two.page).text_content().endswith("as its capital?")
    sync_api.expect(two.page.locator("#quiz-form")).to_have_count(1)
    screenshot(two.page, "quiz-360-player2.png")
    two.page.locator("#quiz-form button", has_text="Pass").tap()
    sync_api.expect(verdict(one.page)).to_contain_text("Player 2 passes:", timeout=WAIT_MS)
    for phone in (one, two):
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
