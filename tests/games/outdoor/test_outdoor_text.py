"""The outdoor game typed and read: ``companion referee outdoor --play``'s notation,
actions in words, the field as text and the page's panel."""

import json

import pytest

from companion.cli import main
from companion.games.base import InvalidAction
from tests.helpers.outdoor_field import GAME, play, set_up
from tests.helpers.paths import EXAMPLES

STATE = set_up({"N1": (12, 10, 180), "N2": (4, 3, 180)}, {"S1": (12, 11.5, 0), "S2": (20, 21, 0)})


@pytest.mark.parametrize("typed, action", [
    ("move N1 6 8", {"type": "move", "player": "north", "character": "N1", "x": 6.0, "y": 8.0}),
    ("move n1 6 8 170", {"type": "move", "player": "north", "character": "N1", "x": 6.0,
                         "y": 8.0, "facing": 170.0}),
    ("move N2 off", {"type": "move", "player": "north", "character": "N2", "leaves": True}),
    ("stay N2 90", {"type": "stay", "player": "north", "character": "N2", "facing": 90.0}),
    ("act N1 S1", {"type": "act", "player": "north", "character": "N1", "target": "S1"}),
    ("done", {"type": "done", "player": "north"}),
    ("split N1,N2 N3", {"type": "split", "player": "north", "groups": [["N1", "N2"], ["N3"]]}),
    ("choose 2", {"type": "choose", "player": "north", "group": 2}),
    ("first south", {"type": "first", "goes_first": "south"}),
    ("roll first", {"type": "roll_first"}),
    ("place N1 4,3,180 N2 8,3,180,0.75", {"type": "place", "player": "north", "pieces": {
        "N1": {"x": 4.0, "y": 3.0, "facing": 180.0},
        "N2": {"x": 8.0, "y": 3.0, "facing": 180.0, "r": 0.75}}}),
    ('{"type": "done", "player": "north"}', {"type": "done", "player": "north"}),
])
def test_actions_are_typed_in_a_short_notation(typed, action):
    assert GAME.parse(STATE, typed) == action


@pytest.mark.parametrize("typed", ["move N1 far away", "jump N1", "place N1 4,3", ""])
def test_a_mistyped_action_shows_the_notation(typed):
    with pytest.raises(InvalidAction, match="Type an action: place N1"):
        GAME.parse(STATE, typed)


def test_actions_and_the_field_are_said_in_words():
    assert GAME.describe(STATE, GAME.parse(STATE, "move N1 6 8 170")) == (
        "N1 moves to (6.0, 8.0), facing 170°")
    assert GAME.describe(STATE, GAME.parse(STATE, "act N1 S1")) == "N1 acts on S1"
    assert GAME.phase_words(STATE) == "sequence 1, turn 1: movement"
    assert GAME.render(STATE).splitlines()[1] == (
        "  N1   North  ( 12.0,  10.0) facing 180.0°  observed: seen by and seeing S1 and S2")


def test_the_panel_lists_every_character_with_its_pose_and_set():
    after = play(STATE, GAME.parse(STATE, "move N2 off"))
    panel = GAME.summary(after)
    assert panel["kind"] == "outdoor" and panel["field"] == [24.0, 24.0]
    n1, n2 = panel["characters"][:2]
    assert (n1["set"], n1["why"], n1["move"]) == ("observed", "seen by and seeing S1 and S2", 6)
    assert n2["status"] == "left" and "set" not in n2


def test_the_example_record_plays_a_sequence_to_its_end(capsys):
    code = main(["referee", "outdoor", "--record", str(EXAMPLES / "outdoor-one-sequence.jsonl")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and all(line["legal"] for line in lines[:-1])
    assert lines[-1]["outcome"] == {"termination": "its sequence played", "winners": ["north"],
                                    "scores": {"north": 1, "south": 0}}
    assert lines[-2]["events"][-1]["text"] == "Sequence 1 is over: North wins it, 2 to 1."


def test_a_whole_game_of_seven_sequences_replays_from_its_record(capsys):
    code = main(["referee", "outdoor", "--record",
                 str(EXAMPLES / "outdoor-seven-sequences.jsonl")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and all(line["legal"] for line in lines[:-1])
    kinds = {line["action"]["type"] for line in lines[:-1]}
    assert {"split", "choose", "respond", "act", "move", "stay", "roll_first"} <= kinds
    assert lines[-1]["outcome"] == {"termination": "all 7 sequences played",
                                    "winners": ["north"], "scores": {"north": 5, "south": 2}}
    assert [r["winner"] for r in lines[-1]["state"]["results"]] == [
        "south", "north", "north", "north", "north", "north", "south"]
