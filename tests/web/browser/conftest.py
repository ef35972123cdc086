"""Fixtures of the browser tests: one headless Chromium per module and worker
(``browser``), a fresh desktop-sized page per test that fails the test on any script
error (``page``). The settings they share are in ``tests/helpers/browser.py``."""

import pytest


@pytest.fixture(scope="module")
def browser():
    from tests.helpers.browser import CHROMIUM, sync_api

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A desktop-sized page that is the referee (by the token, ``referee_context``)."""
    from tests.helpers.browser import referee_page

    with referee_page(browser, viewport={"width": 1280, "height": 860}) as page:
        yield page
