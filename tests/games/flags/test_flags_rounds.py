"""Battle of Flags round by round: the higher card takes, ties are fought out with one
or three cards face down (C17), players run out mid-battle (C18), and the game ends
(C19). Values: China 80, France and Japan 40, Italy 30, Iran 30, Thailand 25, Philippines
20, Myanmar 15, Nepal 10, Kuwait 5, Bhutan 3, Maldives 1, Nauru 0."""

import pytest

from tests.games.flags.table import GAME, reveal, table


def test_the_higher_card_takes_both_under_its_pile_in_the_order_laid():
    state, events = reveal(table(["MMR", "NPL"], ["JPN", "CHN"]))
    assert state["piles"] == {"player1": ["NPL"], "player2": ["CHN", "MMR", "JPN"]}
    assert [e["text"] for e in events] == [
        "Round 1: Player 1 Myanmar (Burma) 15, Player 2 Japan 40",
        "Player 2 takes 2 cards with Japan."]


def test_a_tie_is_fought_with_one_card_face_down_then_one_up():
    state, events = reveal(table(["FRA", "NPL", "ITA", "KWT"], ["JPN", "BTN", "MMR", "MDV"]))
    assert state["piles"] == {"player1": ["KWT", "FRA", "JPN", "NPL", "ITA", "BTN", "MMR"],
                              "player2": ["MDV"]}
    assert events[1]["text"] == ("Battle of Player 1 and Player 2: each lays 1 card face "
                                 "down, then Player 1 Italy 30, Player 2 Myanmar (Burma) 15.")
    assert events[2]["text"] == "Player 1 takes 6 cards with Italy."


def test_with_three_face_down_and_a_second_tie_the_battle_repeats():
    player1 = ["FRA", "NRU", "COK", "NIU", "ITA", "KWT", "KGZ", "GEO", "CHN", "MDV"]
    player2 = ["JPN", "TUV", "VAT", "LCA", "IRN", "BTN", "BRN", "BHR", "PHL", "ATG"]
    state, events = reveal(table(player1, player2, face_down=3))
    assert [e["type"] for e in events] == ["reveal", "battle", "battle", "take"]
    assert events[-1]["text"] == "Player 1 takes 18 cards with China."
    assert state["piles"]["player2"] == ["ATG"]
    assert state["piles"]["player1"][:2] == ["MDV", "FRA"]


def test_a_short_pile_lays_all_but_its_last_face_down_and_turns_its_last_up():
    state, events = reveal(table(["FRA", "NRU", "CHN"], ["JPN", "TUV", "VAT", "LCA", "MDV"],
                                 face_down=3))
    assert events[1]["face_down"] == {"player1": 1, "player2": 3}
    assert events[1]["cards"] == {"player1": "CHN", "player2": "MDV"}
    assert GAME.outcome(state).to_json() == {
        "termination": "gathered_all", "winners": ["player1"],
        "scores": {"player1": 8, "player2": 0}}


def test_a_player_whose_tied_card_was_their_last_loses_the_battle():
    state, events = reveal(table(["FRA"], ["JPN", "MDV"], ["MMR", "KWT"]))
    assert events[1]["text"] == ("Player 1 and Player 2 tie; only Player 2 has a card left "
                                 "to fight on (C18).")
    assert state["piles"] == {"player1": [], "player2": ["MDV", "FRA", "JPN", "MMR"],
                              "player3": ["KWT"]}
    assert events[-1]["text"] == "Player 1 has no card left and is out."
    assert GAME.to_move(state) == "player2" and not GAME.is_over(state)


def test_a_tie_that_takes_the_last_cards_of_both_is_a_shared_win():
    state, events = reveal(table(["FRA", "ITA"], ["JPN", "IRN"]))
    assert [e["type"] for e in events] == ["reveal", "battle", "pot", "out", "out",
                                           "game_over"]
    assert state["pot"] == ["FRA", "JPN", "ITA", "IRN"]
    assert GAME.outcome(state).to_json() == {
        "termination": "no_cards_left", "winners": ["player1", "player2"],
        "scores": {"player1": 0, "player2": 0}}


def test_a_tie_left_on_the_table_goes_to_the_next_rounds_winner():
    state, events = reveal(table(["FRA"], ["JPN"], ["KWT", "NPL"], ["MDV", "CHN"]))
    assert events[1]["text"] == ("Player 1 and Player 2 tie with no card left to fight on: "
                                 "the 4 cards stay on the table for the next round's winner "
                                 "(C18).")
    assert state["pot"] == ["FRA", "JPN", "KWT", "MDV"] and not GAME.is_over(state)
    state, events = reveal(state)
    assert events[1]["text"] == "Player 4 takes 6 cards with China."
    assert state["piles"]["player4"] == ["FRA", "JPN", "KWT", "MDV", "NPL", "CHN"]
    assert GAME.outcome(state).to_json() == {
        "termination": "gathered_all", "winners": ["player4"],
        "scores": {"player1": 0, "player2": 0, "player3": 0, "player4": 6}}


def test_the_last_player_holding_cards_gathers_what_is_left_on_the_table():
    state, _ = reveal(table(["FRA"], ["JPN"], ["KWT", "NPL"]))
    assert state["piles"]["player3"] == ["NPL", "FRA", "JPN", "KWT"] and not state["pot"]
    assert GAME.outcome(state).winners == ("player3",)


def test_the_round_cap_ends_the_game_with_the_most_cards_winning():
    state = GAME.initial_state({"seed": 1, "max_rounds": 5})
    for _ in range(5):
        state, events = reveal(state)
    outcome = GAME.outcome(state)
    assert outcome.termination == "round_cap" and state["round"] == 5
    held = outcome.scores
    assert outcome.winners == tuple(p for p in held if held[p] == max(held.values()))
    assert events[-1]["type"] == "game_over"
    assert GAME.ending_words("round_cap") == "the rounds ran out, and the most cards won"


@pytest.mark.parametrize("options", [{"players": 0}, {"players": 9}, {"face_down": 2},
                                     {"cards": 1}, {"max_rounds": 0}, {"colour": "red"}])
def test_impossible_options_are_refused_in_words(options):
    with pytest.raises(ValueError, match='"|option'):
        GAME.initial_state(options)
