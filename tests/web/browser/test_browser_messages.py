"""Messages where the action was: a mistake in a form is said in that form's card (not in
the dice card), and after an action taken far down the page the verdict is brought into
view. Screenshots go to test-artifacts/."""

import pytest

from tests.helpers.browser import WAIT_MS, referee_context, screenshot, sync_api, verdict

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IN_VIEW = ("(() => { const b = document.getElementById('verdict-card')"
           ".getBoundingClientRect(); return b.bottom > 0 && b.top < innerHeight; })()")


def test_a_mistake_is_said_where_it_was_made_and_the_verdict_comes_into_view(
        make_app, live_server, browser):
    app = make_app()
    url = live_server(app)
    context = referee_context(browser, viewport={"width": 360, "height": 740},
                              is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(url)
        sync_api.expect(page.locator("#start")).to_be_enabled(timeout=WAIT_MS)
        page.click(".more-options summary")
        page.fill("#more-options", "{captures: no}")
        page.click("#start")
        game_card = page.locator("section.game")
        sync_api.expect(game_card.locator(".card-error")).to_have_text(
            'The options must be JSON, such as {"captures": false}.', timeout=WAIT_MS)
        sync_api.expect(page.locator("#error")).to_be_hidden()  # not in the dice card
        screenshot(page, "table-message-in-place.png")
        page.fill("#more-options", "")
        page.click("#start")
        sync_api.expect(verdict(page)).to_have_text("A new game of ONE begins.",
                                                    timeout=WAIT_MS)
        sync_api.expect(game_card.locator(".card-error")).to_have_count(0)
        # A correction by hand, far down the page: its verdict is brought into view.
        page.click("#correct summary")
        page.fill("#correct-space", "A1")
        page.select_option("#correct-content", "black")
        page.locator("#correct-form button").evaluate(
            "button => button.scrollIntoView({block: 'start'})")
        assert page.evaluate(IN_VIEW) is False  # down at the form, the verdict is away
        page.click("#correct-form button")
        sync_api.expect(verdict(page)).to_contain_text("Correction", timeout=WAIT_MS)
        page.wait_for_function(IN_VIEW, timeout=WAIT_MS)
    finally:
        context.close()
