"""What the browser tests share: Debian's Chromium and Playwright, where screenshots go,
and how long the page may take. Importing it skips the importing test module when
Chromium or Playwright is missing (outside CI, where their absence is an error); the
``browser`` and ``page`` fixtures are in ``tests/web/browser/conftest.py``."""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.phones import TEST_TOKEN

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
WAIT_MS = 15_000  # an upper bound for anything the page waits on; never reached when fine

if not Path(CHROMIUM).exists():
    if os.environ.get("CI"):
        raise RuntimeError(f"{CHROMIUM} is missing, and browser tests must run in CI: "
                           "apt-get install chromium")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


def referee_context(browser, **options):
    """A browser context (``browser.new_context(**options)``) that is the referee: every
    request carries the token of the apps ``make_app`` builds."""
    return browser.new_context(extra_http_headers={"Authorization": f"Bearer {TEST_TOKEN}"},
                               **options)


@contextmanager
def referee_page(browser, **options):
    """A page in a new ``referee_context``; the context is closed afterwards, and a
    script error on the page fails the test."""
    context = referee_context(browser, **options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert errors == [], f"the page's scripts failed: {errors}"


def screenshot(page, name):
    """Save a full-page screenshot under ``ARTIFACTS`` (CI keeps them; look at them)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def verdict(page):
    """The table page's verdict line."""
    return page.locator("#verdict")


def space(page, name):
    """The board's drawing of space ``name``."""
    return page.locator(f'#board [data-space="{name}"]')


# A script run before each page's own: every live event the page hears is kept in
# ``window.__heard``, where a test can read what a phone was sent.
RECORD_EVENTS = """
window.__heard = [];
const Original = window.EventSource;
window.EventSource = class extends Original {
  addEventListener(type, listener, options) {
    return super.addEventListener(type, (event) => {
      window.__heard.push(`${type}: ${event.data || ""}`);
      listener(event);
    }, options);
  }
};
"""
