"""What the camera reads of each game comes from the game itself (``Game.camera``):
its boards, piece reader and colours; the sizes a board comes in are the game's."""

import pytest

from companion.games.registry import game_names, get_game
from companion.vision.games import every_board, game_vision


def test_each_game_says_what_the_camera_reads_of_it():
    read = [name for name in game_names() if get_game(name).camera is not None]
    readers = {name: game_vision(name).recogniser for name in read}
    assert readers == {"go": "stones", "one": "stones", "oneworld": "counters",
                       "onslaught": "onslaught"}
    assert game_vision("go").colours == ("black", "white")
    assert len(game_vision("one").colours) == 6
    for name in read:
        assert game_vision(name).boards == get_game(name).camera.boards
    with pytest.raises(ValueError, match="The camera cannot read 'outdoor' yet; it reads: go, "):
        game_vision("outdoor")


def test_a_go_picture_may_show_any_of_its_boards_the_largest_first():
    boards = every_board(game_vision("go"))
    assert [b.geometry.spec["columns"] for b in boards] == [19, 13, 9]
    assert game_vision("go", size=13).geometry.spec["columns"] == 13


def test_a_size_the_game_does_not_come_in_is_a_sentence():
    with pytest.raises(ValueError, match=r"^A Go board is 9, 13 or 19 lines; got 11\.$"):
        game_vision("go", size=11)
    with pytest.raises(ValueError, match=r"^--size is for Go boards \(9, 13 or 19\)\.$"):
        game_vision("one", size=9)
