"""The fuzz benchmark, seeded and short: a few hundred generated and hostile requests,
no HTTP 500 (``companion bench fuzz`` runs 10,000; docs/reliability.md)."""

import pytest

from benchmarks.fuzz import fuzz, fuzz_app, headers, report


@pytest.mark.slow  # a benchmark's test; the quick run keeps tests/web/test_bounded_input.py
def test_a_seeded_fuzz_run_gets_no_500(tmp_path, companion_home):
    from web.runtime import get_runtime

    app = fuzz_app(tmp_path, seed=16, config={"ACCESS_TOKEN": "fuzz"})
    try:
        result = fuzz(app, 300, seed=16, sent_headers=headers("fuzz"))
    finally:
        get_runtime(app).close()
    assert result.failures == [], "\n".join(report(result))
    assert result.sent >= 300
    assert {200, 400, 404, 409} <= set(result.statuses)
