"""``companion bench vision-real-variations`` on a labelled rendered "photo": the
unchanged picture is placed and read, a line cut off is refused, never found off; a
photo without a label beside it is left out."""

import cv2
import pytest

from companion.cli import main
from companion.geometry import load_geometry
from companion.vision.scene import Effects, Pose, render_scene


@pytest.mark.slow
def test_bench_reads_variations_and_refuses_a_line_cut_off(tmp_path, capsys):
    board = load_geometry("go-19")
    pieces = {"D4": "black", "Q16": "white", "K10": "black"}
    image, truth = render_scene(3, board, pieces, Pose(tilt_deg=15.0, azimuth_deg=5.0),
                                Effects(noise=2.0))
    cv2.imwrite(str(tmp_path / "p.jpg"), image)
    symbols = {"empty": ".", "black": "B", "white": "W"}
    rows = [" ".join(symbols[truth["cells"][f"{c}{r}"]] for c in "ABCDEFGHJKLMNOPQRST")
            for r in range(19, 0, -1)]
    (tmp_path / "p.txt").write_text("\n".join(rows) + "\n")
    cv2.imwrite(str(tmp_path / "unlabelled.jpg"), image)
    assert main(["bench", "vision-real-variations", str(tmp_path), "--only",
                 "original,line cut,turn 90", "--rendered", "0"]) == 0
    out = capsys.readouterr().out
    assert f"1 photos from {tmp_path}" in out
    rows = {line[:16].strip(): [int(v) for v in line[16:].split()[:7]] for line in
            out.splitlines() if line[:16].strip() in ("original", "line cut", "turn 90")}
    for name in ("original", "turn 90"):  # placed, refused, off, wrong size
        placed, refused, off, wrong_size, right, unsure, wrong = rows[name]
        assert (placed, refused, off, wrong_size) == (1, 0, 0, 0)
        assert right + unsure == 361 and wrong == 0 and unsure <= 3
    assert rows["line cut"][1:3] == [1, 0]  # refused, not found off
