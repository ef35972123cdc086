"""Games in the journal: start, actions checked before journaling, undo as an event, rebuild."""

import pytest

from companion.game_log import list_games, rebuild, record_action, record_undo, start_game
from companion.games import IllegalAction, Match
from companion.journal import Journal, JournalError
from tests.helpers.journal_game import GAMES, CountingGame


@pytest.fixture
def journal():
    with Journal(":memory:") as journal:
        yield journal


def roll(player):
    return {"type": "roll", "player": player}


def test_a_game_is_rebuilt_from_its_start_and_actions(journal):
    game_id = start_game(journal, "counting", {"target": 20}, actor="alice", games=GAMES)
    record_action(journal, game_id, roll("red"), [4], actor="alice", games=GAMES)
    record_action(journal, game_id, {"type": "pass", "player": "blue"}, actor="bob",
                  games=GAMES)
    record_action(journal, game_id, roll("red"), [6], actor="alice", games=GAMES)
    match = rebuild(journal, game_id, games=GAMES)
    assert isinstance(match, Match)
    assert match.state["scores"] == {"red": 10, "blue": 0} and match.state["target"] == 20
    assert match.to_move() == "blue" and len(match.steps) == 3
    assert [e.kind for e in journal.events(game_id=game_id)] == [
        "game.start", "game.action", "game.action", "game.action"]
    start = journal.events(game_id=game_id)[0]
    assert start.actor == "alice" and start.data == {"game": "counting", "options": {"target": 20},
                                                    "dice": "server"}


def test_rebuild_matches_playing_the_same_actions_directly(journal):
    game_id = start_game(journal, "counting", {}, games=GAMES)
    direct = Match(CountingGame())
    for i, die in enumerate([3, 1, 6, 6, 2, 5, 4]):
        action = roll("red" if i % 2 == 0 else "blue")
        record_action(journal, game_id, action, [die], games=GAMES)
        direct.push(action, [die])
    assert rebuild(journal, game_id, games=GAMES).state == direct.state


def test_an_illegal_action_raises_the_reason_and_writes_nothing(journal):
    game_id = start_game(journal, "counting", {}, games=GAMES)
    before = journal.last_seq()
    with pytest.raises(IllegalAction, match="It is red's turn, not blue's"):
        record_action(journal, game_id, roll("blue"), [3], games=GAMES)
    with pytest.raises(IllegalAction, match="needs 1 d6"):
        record_action(journal, game_id, roll("red"), [], games=GAMES)
    with pytest.raises(IllegalAction, match="needs no dice"):
        record_action(journal, game_id, {"type": "pass", "player": "red"}, [2], games=GAMES)
    assert journal.last_seq() == before


def test_undo_is_an_event_and_nothing_is_deleted(journal):
    game_id = start_game(journal, "counting", {}, games=GAMES)
    first = record_action(journal, game_id, roll("red"), [5], games=GAMES)
    second = record_action(journal, game_id, roll("blue"), [2], games=GAMES)
    undo = record_undo(journal, game_id, actor="referee", games=GAMES)
    assert undo.kind == "game.undo" and undo.data == {"undoes": second.seq}
    match = rebuild(journal, game_id, games=GAMES)
    assert match.state["scores"] == {"red": 5, "blue": 0} and match.to_move() == "blue"
    assert len(journal.events(game_id=game_id)) == 4
    record_undo(journal, game_id, games=GAMES)
    assert journal.events(game_id=game_id)[-1].data == {"undoes": first.seq}
    assert rebuild(journal, game_id, games=GAMES).state["moves"] == 0
    with pytest.raises(IllegalAction, match="nothing to undo"):
        record_undo(journal, game_id, games=GAMES)


def test_after_an_undo_play_goes_on_from_the_restored_state(journal):
    game_id = start_game(journal, "counting", {}, games=GAMES)
    record_action(journal, game_id, roll("red"), [5], games=GAMES)
    record_undo(journal, game_id, games=GAMES)
    record_action(journal, game_id, roll("red"), [1], games=GAMES)
    record_action(journal, game_id, roll("blue"), [6], games=GAMES)
    assert rebuild(journal, game_id, games=GAMES).state["scores"] == {"red": 1, "blue": 6}


def test_games_are_kept_apart(journal):
    one = start_game(journal, "counting", {}, games=GAMES)
    two = start_game(journal, "counting", {"target": 5}, games=GAMES)
    record_action(journal, one, roll("red"), [3], games=GAMES)
    record_action(journal, two, roll("red"), [6], games=GAMES)
    assert rebuild(journal, one, games=GAMES).state["scores"]["red"] == 3
    assert rebuild(journal, two, games=GAMES).outcome().winners == ("red",)
    with pytest.raises(IllegalAction, match="game is over"):
        record_action(journal, two, roll("blue"), [1], games=GAMES)


def test_list_games_newest_first_with_action_counts(journal):
    one = start_game(journal, "counting", {}, actor="alice", games=GAMES)
    two = start_game(journal, "counting", {"target": 9}, actor="bob", games=GAMES)
    record_action(journal, one, roll("red"), [3], games=GAMES)
    record_action(journal, one, roll("blue"), [3], games=GAMES)
    record_undo(journal, one, games=GAMES)
    games = list_games(journal)
    assert [g.game_id for g in games] == [two, one]
    assert (games[1].game, games[1].started_by, games[1].actions) == ("counting", "alice", 1)
    assert games[0].options == {"target": 9} and games[0].to_json()["actions"] == 0


def test_starting_checks_the_game_and_its_options(journal):
    with pytest.raises(ValueError, match="no game called 'chess'"):
        start_game(journal, "chess", {}, games=GAMES)
    with pytest.raises(ValueError, match="target must be a whole number"):
        start_game(journal, "counting", {"target": -1}, games=GAMES)
    assert journal.last_seq() == 0


def test_the_registry_is_the_default_lookup(journal):
    with pytest.raises(ValueError, match="no game called 'no-such-game'"):
        start_game(journal, "no-such-game", {})


def test_a_game_lookup_may_be_a_function(journal):
    game_id = start_game(journal, "counting", {}, games=lambda name: CountingGame())
    assert rebuild(journal, game_id, games=lambda name: CountingGame()).to_move() == "red"


def test_an_unknown_game_id_is_a_clear_error(journal):
    with pytest.raises(ValueError, match="no game 'nope'"):
        rebuild(journal, "nope", games=GAMES)


def test_a_journaled_action_that_no_longer_replays_is_reported(journal):
    game_id = start_game(journal, "counting", {}, games=GAMES)
    journal.append("game.action", {"action": roll("blue"), "dice": [2]}, game_id=game_id)
    with pytest.raises(JournalError, match="cannot be replayed"):
        rebuild(journal, game_id, games=GAMES)


def test_threads_racing_to_move_cannot_both_record_the_same_turn(tmp_path):
    import threading

    with Journal(tmp_path / "journal.sqlite3") as journal:
        game_id = start_game(journal, "counting", {}, games=GAMES)
        start = threading.Barrier(8)
        outcomes = []

        def move():
            start.wait()
            try:
                record_action(journal, game_id, {"type": "pass", "player": "red"},
                              games=GAMES)
                outcomes.append("recorded")
            except IllegalAction as error:
                outcomes.append(error.reason)

        threads = [threading.Thread(target=move) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["It is blue's turn, not red's."] * 7 + ["recorded"]
        assert rebuild(journal, game_id, games=GAMES).state["moves"] == 1
