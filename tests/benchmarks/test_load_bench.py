"""``companion bench load`` and ``companion bench import`` run and print their figures
(small settings)."""

from __future__ import annotations

import pytest

from benchmarks.import_record import long_record
from companion.cli import main

pytestmark = pytest.mark.slow  # real servers and imports: CI runs them


def test_bench_load_holds_streams_and_times_plain_requests(capsys):
    code = main(["bench", "load", "--streams", "12", "--requests", "20", "--threads", "8"])
    assert code == 0
    out = capsys.readouterr().out
    assert "8 threads, at most 6 streams open" in out
    assert "(b) 12 phones open a live page: 6 × 200, 6 × 503" in out
    assert "(c) plain requests with 12 phones holding their connection" in out
    assert "0 errors" in out.splitlines()[3]
    assert "(d) one device opens 10 live pages: 6 × 200, 4 × 503" in out


def test_bench_import_records_are_legal_seeded_and_the_size_asked(capsys):
    record = long_record(20_000, seed=1)
    assert 19_900 < len(record) <= 20_000 and record == long_record(20_000, seed=1)
    assert main(["bench", "import", "--sizes", "20000"]) == 0
    out = capsys.readouterr().out
    assert "20,000" in out or "19,9" in out
    assert "answered" not in out
