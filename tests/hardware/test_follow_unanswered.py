"""Following a game, T36: a question nobody answered leaves the game not knowing, and
it does not rule on what hangs on it. Held-out game 42194: "Is A9 empty or white?" at
photo 26 (White's A9, unread), nobody answers; Black's C9 takes A9 and B9 at photo 27.
Before, photo 28 took "White D5, Black C9" and kept White's B9 as a stone "no legal move
could change": a position the table never showed, held to the end."""

import pytest

from companion.vision.scene.looks import HELD_OUT
from tests.helpers.followed_games import followed_game


@pytest.mark.slow
def test_no_position_the_table_did_not_show_after_an_unanswered_question():
    shown, held, results = followed_game(42194, 9, 40, HELD_OUT, 31)
    assert all(board in shown[:i + 1] for i, board in enumerate(held))
    assert held[26:] == [shown[25]] * 5
    assert results[27].verdict == "ambiguous"
    assert results[27].choices == ["White places on A9, then Black places on C9"]
    assert [r.text for r in results[29:]] == ["Is A9 empty or white?"] * 2
