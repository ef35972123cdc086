"""``companion bench calibration`` runs and prints each figure (small settings)."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


@pytest.mark.slow
def test_bench_calibration_prints_its_figures(tmp_path, capsys):
    empty = tmp_path / "none"
    empty.mkdir()
    code = main(["bench", "calibration", "--views", "1", "--opencv-photos", str(empty),
                 "--go-photos", str(empty), "--json"])
    assert code == 0
    out = capsys.readouterr().out
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["markers_mm"]["30/none/markers seen, calibrated"]["max"] < 0.5
    assert figures["markers_mm"]["50/two/tracker (last good pose)"]["max"] < 0.5
    assert figures["grid_mm"]["go-19/50"]["max"] < 1.0
    assert set(figures["ms_per_frame"]) == {"markers, 1280x960, calibrated",
                                            "tracker update, 1280x960",
                                            "grid finder, 1280x960"}
    assert "(c) skipped" in out and "(e) skipped" in out
