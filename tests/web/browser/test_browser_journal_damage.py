"""Journal damage shows on the table page: a write-ahead log lost after a crash is said
in the page's alert line, in words."""

import pytest

from tests.helpers.browser import WAIT_MS, sync_api
from tests.helpers.crashed_journal import crash_after, wal

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_table_page_says_the_journal_lost_events(make_app, live_server, page, tmp_path):
    path = tmp_path / "journal.sqlite3"
    crash_after(path, 3)
    wal(path).unlink()
    page.goto(live_server(make_app(JOURNAL_PATH=str(path))))
    warning = page.locator("#journal-warnings")
    sync_api.expect(warning).to_be_visible(timeout=WAIT_MS)
    sync_api.expect(warning).to_contain_text("was not closed cleanly")
    sync_api.expect(warning).to_contain_text("companion journal check")


def test_a_sound_journal_shows_no_warning(make_app, live_server, page):
    page.goto(live_server(make_app()))
    sync_api.expect(page.locator("#live")).to_have_text("live", timeout=WAIT_MS)
    sync_api.expect(page.locator("#journal-warnings")).to_be_hidden()
