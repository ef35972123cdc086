"""The outdoor field drawn by the project (``Game.picture``, ``companion referee outdoor
--record FILE --picture FIELD.svg --focus N1``): pieces, cones, who observes whom, the
rings round the chosen piece."""

import xml.etree.ElementTree as ET

import pytest

from companion.games.registry import get_game
from tests.helpers.cli import run_cli
from tests.helpers.outdoor_field import GAME, set_up
from tests.helpers.paths import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"


def drawn(state, focus=None):
    return ET.fromstring(GAME.picture(state, focus))


def test_every_piece_its_cone_and_each_observing_pair_are_drawn():
    state = set_up({"N1": (12, 6, 180), "N2": (4, 4, 180)}, {"S1": (12, 18, 0)})
    svg = drawn(state)
    assert len(svg.findall(f".//{SVG}g/{SVG}circle")) == 3  # the three pieces
    assert len(svg.findall(f".//{SVG}g/{SVG}path")) == 3  # a cone each
    sight = [line for line in svg.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(sight) == 2  # S1 and N1 see each other, and S1 and N2; N1 cannot see N2
    caption = list(svg.iter(f"{SVG}text"))[-1].text
    assert caption == "Sequence 1, turn 1, movement; 24 × 24 in."


def test_the_chosen_piece_gets_its_rings_and_a_name_that_is_no_piece_is_refused():
    state = set_up({"N1": (12, 6, 180)}, {"S1": (12, 18, 0)})
    rings = [c for c in drawn(state, "N1").iter(f"{SVG}circle") if c.get("fill") == "none"]
    assert sorted(float(c.get("r")) for c in rings) == [1.5, 6.0, 12.0]
    with pytest.raises(ValueError, match="There is no character 'N9'"):
        GAME.picture(state, "N9")


def test_the_command_line_writes_the_picture_of_where_a_record_ends(capsys, tmp_path):
    out = tmp_path / "field.svg"
    code, _, err = run_cli(capsys, "referee", "outdoor", "--record",
                           str(EXAMPLES / "outdoor-one-sequence.jsonl"), "--picture", str(out))
    assert code == 0 and err == ""
    assert ET.parse(out).getroot().tag == f"{SVG}svg"
    code, _, err = run_cli(capsys, "referee", "go", "--record", str(EXAMPLES / "go-9x9.jsonl"),
                           "--picture", str(tmp_path / "go.svg"))
    assert code == 2 and "Go draws no picture of its own" in err
    assert get_game("go").picture(get_game("go").initial_state({})) is None
