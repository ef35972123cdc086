"""ONE, walked through paragraph by paragraph of rules/one-ring-stones.txt.

On the default board (one-60) A1's neighbours are A2, A6, B1, B2 and B12; a jump from
A1 over B1 lands on C1, over B2 on C3; D1 over D2 lands on D3.
"""

import json

import pytest

from companion.games import IllegalAction, get_game
from companion.games.base import InvalidAction
from companion.games.one import One


def setup(options=None, stones=None, to_move=None):
    """A game and a position: ``stones`` maps spaces to colours, taken from the hands."""
    game = One()
    state = game.initial_state(options)
    for name, colour in (stones or {}).items():
        state["board"][name] = colour
        state["hand"][colour] -= 1
    if to_move:
        state["to_move"] = to_move
    return game, state


def place(player, at):
    return {"type": "place", "player": player, "at": at}


def jump(player, *path, over=None):
    action = {"type": "jump", "player": player, "path": list(path)}
    if over:
        action["over"] = list(over)
    return action


def refused(game, state, action):
    verdict = game.validate(state, action)
    assert not verdict.ok
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, action)
    assert caught.value.reason == verdict.reason
    return verdict


def play(game, state, *actions):
    for action in actions:
        state, _ = game.apply(state, action)
    return state


# -- "ONE is a game for 2-6 players." and the stones each starts with -------------------


def test_registered_by_name():
    assert isinstance(get_game("one"), One)


@pytest.mark.parametrize("players, each", [(2, 30), (3, 20), (4, 15), (5, 12), (6, 10)])
def test_stones_split_to_fill_the_sixty_space_board(players, each):
    state = One().initial_state({"players": players})
    assert state["hand"] == {p: each for p in state["players"]}
    assert sum(state["hand"].values()) == len(state["board"]) == 60


def test_colours_in_turn_order():
    state = One().initial_state({"players": 6})
    assert state["players"] == ["black", "white", "red", "blue", "green", "yellow"]
    state = One().initial_state({"players": 3, "colours": ["black", "green", "red"]})
    assert state["players"] == ["black", "green", "red"]


def test_uneven_split_leaves_spaces_empty_or_gives_the_first_players_one_more():
    assert One().initial_state({"players": 4, "board": "one-90"})["hand"] == {
        "black": 22, "white": 22, "red": 22, "blue": 22}
    assert One().initial_state(
        {"players": 4, "board": "one-90", "remainder": "first_players"})["hand"] == {
        "black": 23, "white": 23, "red": 22, "blue": 22}


@pytest.mark.parametrize("options, message", [
    ({"players": 1}, "2 to 6 players"),
    ({"players": 7}, "2 to 6 players"),
    ({"players": 2, "colours": ["black", "black"]}, "different colours"),
    ({"remainder": "random"}, "leave_empty, first_players"),
    ({"stones": 31}, "do not fit"),
    ({"captures": "yes"}, "true or false"),
    ({"board": "no-such-board"}, "No board file"),
    ({"speed": 3}, "no option 'speed'"),
])
def test_impossible_options_are_refused_in_words(options, message):
    with pytest.raises(ValueError, match=message):
        One().initial_state(options)


# -- "Black plays first. Play moves clockwise." -------------------------------------------


def test_black_plays_first_then_clockwise():
    game, state = setup({"players": 3})
    assert game.to_move(state) == "black"
    assert refused(game, state, place("white", "A1")).reason == "It is Black's turn, not White's."
    state = play(game, state, place("black", "A1"), place("white", "A2"))
    assert game.to_move(state) == "red"
    state = play(game, state, place("red", "A3"))
    assert game.to_move(state) == "black"


def test_a_player_not_in_the_game_is_named():
    game, state = setup()
    with pytest.raises(InvalidAction, match="no player 'red'.*black, white"):
        game.apply(state, place("red", "A1"))
    with pytest.raises(InvalidAction, match="names its player"):
        game.apply(state, {"type": "place", "at": "A1"})


# -- "hash marks count as spaces" ----------------------------------------------------------


def test_hash_marks_are_spaces_to_play_on():
    game, state = setup()
    state = play(game, state, place("black", "D2"))
    assert state["board"]["D2"] == "black"


# -- "place one stone anywhere on the board" ---------------------------------------------


def test_place_anywhere_empty_and_the_stone_leaves_the_hand():
    game, state = setup()
    after, events = game.apply(state, place("black", "C3"))
    assert after["board"]["C3"] == "black" and after["hand"]["black"] == 29
    assert events == [{"type": "place", "player": "black", "at": "C3",
                       "text": "Black places on C3."}]
    assert state["board"]["C3"] is None  # the old state is untouched


def test_a_taken_space_is_refused_naming_its_owner():
    game, state = setup(stones={"C4": "white"})
    verdict = refused(game, state, place("black", "C4"))
    assert verdict.reason == "C4 is taken by White." and verdict.spaces == ("C4",)


def test_unknown_space_and_malformed_actions():
    game, state = setup()
    with pytest.raises(InvalidAction, match="no space 'Z9'"):
        game.apply(state, place("black", "Z9"))
    with pytest.raises(InvalidAction, match="no action 'move'"):
        game.apply(state, {"type": "move", "player": "black"})
    with pytest.raises(InvalidAction, match='"at"'):
        game.apply(state, {"type": "place", "player": "black"})


def test_no_stones_left_in_hand():
    game, state = setup()
    state["hand"]["black"] = 0
    assert refused(game, state, place("black", "A1")).reason == "Black has no stones left."


# -- "Groups are only connected if they are directly adjacent. Diagonals do not count." -


def test_score_counts_only_the_largest_directly_connected_group():
    game, state = setup(stones={"A1": "black", "B1": "black", "C1": "black",
                                "A3": "black", "A4": "black", "D13": "white"})
    assert game.scores(state) == {"black": 3, "white": 1}


def test_groups_on_a_square_grid_do_not_connect_diagonally(tmp_path):
    board = tmp_path / "grid.json"
    board.write_text(json.dumps({"kind": "grid", "columns": 5, "rows": 5}))
    game, state = setup({"board": str(board), "stones": 12},
                        stones={"A1": "black", "B2": "black", "C3": "black", "C4": "black"})
    assert game.scores(state)["black"] == 2


# -- "You can capture stones by jumping them." --------------------------------------------


def test_capture_by_jumping_an_adjacent_stone_onto_the_space_beyond():
    game, state = setup(stones={"A1": "black", "B1": "white", "A4": "white"})
    after, events = game.apply(state, jump("black", "A1", "C1"))
    assert [after["board"][s] for s in ("A1", "B1", "C1")] == [None, None, "black"]
    assert after["captured"]["black"] == {"white": 1}
    assert after["hand"] == state["hand"]  # jumping places no stone
    assert events[0]["text"] == "Black jumps from A1 over B1 to C1 and captures a White stone."
    # "Captured stones count for two points, and are kept by the player that captured them."
    assert game.scores(after) == {"black": 1 + 2, "white": 1}


def test_jumps_go_along_a_ring_and_across_rings():
    game, state = setup(stones={"D1": "black", "D2": "white", "B2": "black", "C3": "white"})
    assert game.validate(state, jump("black", "D1", "D3"))
    assert game.validate(state, jump("black", "B2", "D4"))


def test_the_jumping_stone_must_be_the_players_own():
    game, state = setup(stones={"A1": "white", "B1": "black"})
    assert refused(game, state, jump("black", "A1", "C1")).reason == (
        "The stone on A1 is White's, not Black's.")
    assert refused(game, state, jump("black", "A2", "A4")).reason == (
        "There is no stone on A2 to jump with.")


def test_a_jump_goes_over_a_stone_not_an_empty_space_or_an_own_stone():
    game, state = setup(stones={"A1": "black", "B2": "black"})
    assert refused(game, state, jump("black", "A1", "C1")).reason == (
        "There is no stone on B1 to jump over.")
    verdict = refused(game, state, jump("black", "A1", "C3"))
    assert verdict.reason == "Black cannot capture a Black stone on B2."
    assert verdict.spaces == ("B2",)


def test_the_space_on_the_other_side_must_be_empty():
    game, state = setup(stones={"A1": "black", "B1": "white", "C1": "white"})
    verdict = refused(game, state, jump("black", "A1", "C1"))
    assert verdict.reason == "C1 is taken by White." and verdict.spaces == ("C1",)


def test_a_jump_must_go_over_an_adjacent_stone():
    game, state = setup(stones={"A1": "black", "B3": "white"})
    verdict = refused(game, state, jump("black", "A1", "C4", over=["B3"]))
    assert verdict.reason == "A jump must go over an adjacent stone: B3 is not next to A1."
    assert verdict.spaces == ("A1", "B3")
    assert refused(game, state, jump("black", "A1", "B1")).reason == (
        "B1 is next to A1: a jump goes over a stone onto the space beyond it.")


def test_a_jump_lands_on_the_space_straight_beyond():
    game, state = setup(stones={"A1": "black", "B1": "white", "B2": "white"})
    assert refused(game, state, jump("black", "A1", "C2")).reason == (
        "A jump from A1 over B2 lands on C3, not C2.")
    # two stones in a row cannot be jumped at once
    game, state = setup(stones={"A1": "black", "B1": "white", "C1": "white"})
    assert not game.validate(state, jump("black", "A1", "D1"))


def test_you_may_not_capture_diagonally(tmp_path):
    board = tmp_path / "grid.json"
    board.write_text(json.dumps({"kind": "grid", "columns": 5, "rows": 5}))
    game, state = setup({"board": str(board), "stones": 12},
                        stones={"A1": "black", "B2": "white"})
    verdict = refused(game, state, jump("black", "A1", "C3"))
    assert verdict.reason == "No diagonal jumps: B2 is diagonal to A1, not next to it."
    assert verdict.spaces == ("A1", "B2")


# -- "you may capture multiple single stones in a series of jumps" -----------------------


def test_a_chain_of_jumps_captures_each_stone_and_may_turn():
    game, state = setup(stones={"A1": "black", "B1": "white", "C2": "white", "A5": "white"})
    action = jump("black", "A1", "C1", "C3")
    assert action in list(game.legal_actions(state))
    after, events = game.apply(state, action)
    assert after["board"]["C3"] == "black" and after["board"]["C2"] is None
    assert after["captured"]["black"] == {"white": 2}
    assert [e["over"] for e in events if e["type"] == "capture"] == ["B1", "C2"]


def test_a_chain_may_stop_after_any_jump():
    game, state = setup(stones={"A1": "black", "B1": "white", "C2": "white", "A5": "white"})
    assert game.validate(state, jump("black", "A1", "C1"))


def test_a_chain_over_stones_of_two_opponents():
    game, state = setup({"players": 3},
                        stones={"D1": "black", "D2": "white", "D4": "red", "A3": "white"})
    after, _ = game.apply(state, jump("black", "D1", "D3", "D5"))
    assert after["captured"]["black"] == {"white": 1, "red": 1}


def test_straight_chains_only_with_the_option():
    stones = {"A1": "black", "B1": "white", "C2": "white", "A5": "white"}
    game, state = setup({"chain_turns": False}, stones=stones)
    verdict = refused(game, state, jump("black", "A1", "C1", "C3"))
    assert verdict.reason == (
        "In this game a chain of jumps goes straight on: the jump from C1 over C2 turns.")
    assert jump("black", "A1", "C1", "C3") not in list(game.legal_actions(state))
    game, state = setup({"chain_turns": False},
                        stones={"D1": "black", "D2": "white", "D4": "white"})
    assert game.validate(state, jump("black", "D1", "D3", "D5"))


def test_a_later_jump_of_the_chain_is_checked_like_the_first():
    game, state = setup(stones={"A1": "black", "B1": "white", "C2": "black"})
    assert refused(game, state, jump("black", "A1", "C1", "C3")).reason == (
        "Black cannot capture a Black stone on C2.")


def test_legal_actions_list_every_jump_and_chain():
    game, state = setup(stones={"A1": "black", "B1": "white", "C2": "white", "B2": "black"})
    jumps = sorted(a["path"] for a in game.legal_actions(state) if a["type"] == "jump")
    assert jumps == [["A1", "C1"], ["A1", "C1", "C3"], ["B2", "B12"], ["B2", "D2"]]
    assert all(game.validate(state, a) for a in game.legal_actions(state))


# -- variants: "Play without allowing captures, or by counting captured stones against
#    the players that own them." -------------------------------------------------------


def test_no_captures_variant():
    game, state = setup({"captures": False}, stones={"A1": "black", "B1": "white"})
    assert refused(game, state, jump("black", "A1", "C1")).reason == (
        "Captures are off in this game: place a stone instead.")
    assert not any(a["type"] == "jump" for a in game.legal_actions(state))


def test_captured_stones_counted_against_their_owner():
    game, state = setup({"capture_points": "owner"},
                        stones={"A1": "black", "B1": "white", "D7": "white", "D8": "white"})
    after, _ = game.apply(state, jump("black", "A1", "C1"))
    assert game.scores(after) == {"black": 1, "white": 2 - 2}


# -- "The game ends ..." ------------------------------------------------------------------


def test_when_a_player_runs_out_play_continues_until_the_first_player():
    game, state = setup({"players": 3, "stones": 2})
    state = play(game, state, place("black", "A1"), place("white", "A2"), place("red", "A3"),
                 place("black", "A4"))
    assert game.phase(state) == "last round" and game.to_move(state) == "white"
    state = play(game, state, place("white", "A5"))
    assert game.outcome(state) is None
    state, events = game.apply(state, place("red", "A6"))
    outcome = game.outcome(state)
    assert outcome.termination == "out_of_stones" and game.to_move(state) is None
    assert events[-1]["type"] == "game_over"
    assert refused(game, state, place("black", "B1")).reason == "The game is over."


def test_the_last_player_running_out_ends_the_game_at_once():
    game, state = setup({"stones": 1, "board": "one-36"})
    state, events = game.apply(state, place("black", "A1"))
    assert game.phase(state) == "last round"
    assert events[-1]["text"] == ("Black has placed the last stone: the game ends when play "
                                  "comes back to Black.")
    state = play(game, state, place("white", "A3"))
    assert game.is_over(state)


def test_the_last_in_turn_running_out_first_is_told_the_game_ends_now():
    game, state = setup({"stones": 2, "board": "one-36", "allow_pass": True})
    state = play(game, state, place("black", "A1"), place("white", "A3"),
                 {"type": "pass", "player": "black"})
    state, events = game.apply(state, place("white", "A5"))
    assert game.is_over(state)
    # Play comes back to Black at once: the words say it ends now, not that it will.
    assert [e["text"] for e in events[1:]][0] == "White has placed the last stone."


def test_highest_score_wins_and_equal_scores_share_the_win():
    game, state = setup({"stones": 2})
    state = play(game, state, place("black", "A1"), place("white", "A3"),
                 place("black", "A2"), place("white", "C9"))
    outcome = game.outcome(state)
    assert outcome.winners == ("black",) and outcome.scores == {"black": 2, "white": 1}
    game, state = setup({"stones": 1})
    state = play(game, state, place("black", "A1"), place("white", "A3"))
    assert game.outcome(state).winners == ("black", "white")
    assert game.outcome(state).is_tie


# -- "Players should feel free to resign" -----------------------------------------------


def test_resigning_in_a_two_player_game_gives_the_other_the_win():
    game, state = setup()
    state, events = game.apply(state, {"type": "resign", "player": "black"})
    assert game.outcome(state).winners == ("white",)
    assert game.outcome(state).termination == "resignation"
    assert events[-1]["text"] == "The game is over: White wins, the others having resigned."


def test_resigning_with_three_players_leaves_the_others_playing():
    game, state = setup({"players": 3})
    state = play(game, state, place("black", "A1"), {"type": "resign", "player": "red"})
    assert game.to_move(state) == "white"  # resigning out of turn is allowed
    state = play(game, state, place("white", "A2"))
    assert game.to_move(state) == "black"  # red's turn is skipped
    assert refused(game, state, place("red", "A3")).reason == "Red has resigned and plays no more."
    state = play(game, state, {"type": "resign", "player": "black"})
    assert game.outcome(state).winners == ("white",)


def test_a_resigned_players_stones_stay_and_can_be_captured_but_never_win():
    game, state = setup({"players": 3, "stones": 1},
                        stones={})
    state = play(game, state, place("black", "A1"), {"type": "resign", "player": "white"})
    assert game.to_move(state) == "red"
    state = play(game, state, place("red", "B1"))
    assert game.outcome(state).winners == ("black", "red")


# -- passing ------------------------------------------------------------------------------


def test_no_passing_while_a_move_is_possible():
    game, state = setup()
    assert refused(game, state, {"type": "pass", "player": "black"}).reason == (
        "Black cannot pass while a stone can be placed or a capture made "
        '(the "allow_pass" option lets players pass).')


def test_a_player_with_nothing_to_do_passes():
    game, state = setup(stones={"A1": "black"})
    state["hand"]["black"] = 0
    assert list(game.legal_actions(state)) == [
        {"type": "pass", "player": "black"}, {"type": "resign", "player": "black"}]
    state = play(game, state, {"type": "pass", "player": "black"})
    assert game.to_move(state) == "white"


def test_with_allow_pass_everyone_passing_ends_the_game():
    game, state = setup({"allow_pass": True}, stones={"A1": "black"})
    state = play(game, state, {"type": "pass", "player": "black"})
    state, events = game.apply(state, {"type": "pass", "player": "white"})
    assert game.outcome(state).termination == "all_passed"
    assert game.outcome(state).winners == ("black",)


def test_text_board_and_notation():
    game, state = setup(stones={"A1": "black", "D2": "white"})
    text = game.render(state)
    assert text.splitlines()[1].split() == ["A", "X", ".", ".", ".", ".", "."]
    assert text.splitlines()[4].split()[1:4] == [".", "O", "."]
    assert "Stones in hand: Black 29, White 29" in text
    assert game.parse(state, "place c3") == place("black", "C3")
    assert game.parse(state, "jump A1 C1 C3") == jump("black", "A1", "C1", "C3")
    assert game.parse(state, "resign white") == {"type": "resign", "player": "white"}
    with pytest.raises(InvalidAction, match="cannot read"):
        game.parse(state, "move A1")
    assert game.parse(state, ' {"type": "pass", "player": "white"}') == {
        "type": "pass", "player": "white"}
    with pytest.raises(InvalidAction, match=r"Type the action as JSON \(Expecting"):
        game.parse(state, "{place C3}")
