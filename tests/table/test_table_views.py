"""What the camera should see (``Game.view``) for each board game, how a reading is
compared with it, and corrections that cannot be made."""

import pytest

from companion.games.base import Game
from companion.games.corrections import CorrectionError, correct, describe
from companion.games.registry import get_game
from companion.table.reading import UNSURE, agrees, compare, from_labels, same


def test_one_and_go_show_the_colour_on_each_space():
    for name, options in (("one", {}), ("go", {"board": "go-9"})):
        game = get_game(name)
        state = game.initial_state(options)
        after, _ = game.apply(state, {"type": "place", "player": "black", "at": "C3"})
        view = game.view(after)
        assert view["C3"] == "black"
        assert set(view) == set(state["board"]) and sum(c is not None for c in view.values()) == 1


def test_onslaught_shows_pieces_orbs_and_tokens():
    game = get_game("onslaught")
    state = game.initial_state()
    state["nodes"]["D4"]["owner"] = "red"
    view = game.view(state)
    assert view["D1"] == {"pieces": ["red1", "red2"], "orbs": [], "token": None}
    assert view["A1"] == {"pieces": [], "orbs": ["red"], "token": None}
    assert view["D4"] == {"pieces": [], "orbs": [], "token": "red"}
    assert view["B2"] is None


def test_oneworld_shows_the_top_counter_and_whether_it_is_a_stack():
    game = get_game("oneworld")
    state = game.initial_state()
    state["children"]["borg"][0] = {"at": "C5", "aspect": "fog"}
    state["children"]["borg"][1] = {"at": "C6", "aspect": "fog"}
    state["children"]["borg"][2] = {"at": "C6", "aspect": "stone"}
    state["gods"]["chez"] = {"at": "D9", "lives": 3}
    view = game.view(state)
    assert view["C5"] == {"stack": False, "side": "borg", "face": "fog"}
    assert view["C6"] == {"stack": True, "side": "borg"}
    assert view["D9"] == {"stack": True, "side": "chez", "face": "god"}
    assert same(view["C6"], {"stack": True, "side": "borg", "face": "stone"})
    assert not same(view["C6"], {"stack": False, "side": "borg", "face": "stone"})


def test_games_without_a_board_say_so():
    class Cards(Game):
        name, title = "cards", "OneWorld cards"
        initial_state = legal_actions = check = resolve = to_move = outcome = None

    with pytest.raises(NotImplementedError, match="OneWorld cards has no board view"):
        Cards().view({})


def test_a_reading_is_compared_on_sure_spaces_only():
    view = {"A1": None, "A2": "black", "A3": None}
    difference = compare(view, {"A1": "white", "A2": UNSURE})
    assert difference.changed == ("A1",)
    assert difference.unsure == ("A2", "A3")
    assert difference.unsure_fraction == pytest.approx(2 / 3)
    assert agrees(view, {"A2": "black", "A3": UNSURE})
    assert not agrees(view, {"A2": None})
    assert same(["red1", "red2"], ["red2", "red1"])


def test_recogniser_labels_become_a_reading():
    assert from_labels(["A1", "A2", "A3"], ["empty", "black", "unsure"]) == {
        "A1": None, "A2": "black", "A3": UNSURE}
    with pytest.raises(ValueError, match="2 labels were read for 3 spaces"):
        from_labels(["A1", "A2", "A3"], ["empty", "black"])


@pytest.mark.parametrize("correction, words", [
    ({"type": "paint"}, 'whose "type" is one of set, move, board'),
    ({"type": "set", "space": "Z9", "content": None}, "There is no space 'Z9'"),
    ({"type": "set", "space": "A1", "content": "purple"}, "not 'purple'"),
    ({"type": "move", "from": "A1", "to": "A2"}, "There is nothing on A1"),
    ({"type": "board", "spaces": {}}, "Say which spaces to set"),
])
def test_corrections_that_cannot_be_made_say_why(correction, words):
    game = get_game("one")
    with pytest.raises(CorrectionError, match=words):
        correct(game, game.initial_state(), correction)


def test_an_onslaught_square_is_set_and_an_orb_taken_off_goes_home():
    game = get_game("onslaught")
    state = game.initial_state()
    after = correct(game, state, {"type": "set", "space": "D2",
                                  "content": {"pieces": ["red1"], "orbs": ["red"], "token": None}})
    assert after["pieces"]["red1"]["at"] == "D2" and after["pieces"]["red2"]["at"] == "D1"
    assert game.view(after)["D2"] == {"pieces": ["red1"], "orbs": ["red"], "token": None}
    cleared = correct(game, after, {"type": "set", "space": "D2", "content": None})
    assert cleared["pieces"]["red1"]["at"] is None
    assert cleared["orbs"]["red"]["at"] == "A1"
    assert state["pieces"]["red1"]["at"] == "D1"  # the state given is left as it was
    assert describe({"type": "set", "space": "D2", "content": {"pieces": ["red1"]}}) == \
        "Correction: D2 set to pieces red1"
