"""The session's live game and its journal agree: what the session holds after any mix of
moves, corrections, undos and redos is what folding the journal gives, a restart gives
the same redo, and a roll is applied to the wait it was asked for (by its request id)."""

import random
import threading

import pytest

from companion import game_log
from companion.dice import DiceService
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.session import TableSession
from companion.table.timeline import timeline
from tests.helpers.tokens_game import Tokens


def random_steps(session, rng, steps):
    """``steps`` seeded changes through the page: a stone placed (most often), an undo,
    a redo, or a stone set by hand (a correction)."""
    for _ in range(steps):
        snapshot = session.snapshot()
        choice = rng.random()
        if choice < 0.2 and snapshot["can_undo"]:
            session.undo()
        elif choice < 0.35 and snapshot["can_redo"]:
            session.redo()
        elif choice < 0.4:
            free = [s for s, stone in snapshot["view"].items() if stone is None]
            session.correct({"type": "set", "space": rng.choice(free), "content": "white"})
        else:
            player = snapshot["to_move"]
            legal = [a for a in session.game.legal_actions(session.state)
                     if a["type"] == "place" and a["player"] == player]
            session.play(rng.choice(legal))


@pytest.mark.parametrize("seed", range(4))
def test_the_live_match_is_what_the_journal_folds_to(tmp_path, seed):
    with Journal(tmp_path / "journal.sqlite3") as journal:
        session = TableSession(journal)
        session.start("go", {"size": 9})
        random_steps(session, random.Random(seed), 60)
        rebuilt = game_log.rebuild(journal, session.game_id)
        assert rebuilt.state == session.state
        assert rebuilt.steps == session._match.steps
        folded = game_log.fold(journal, session.game_id)
        assert folded.timeline == timeline(journal, session.game_id)
        line = session.snapshot()
        assert [e.seq for e in folded.timeline.standing] == [h["seq"] for h in line["history"]]
        assert line["can_redo"] == bool(folded.timeline.redoable)


@pytest.mark.parametrize("seed", range(3))
def test_a_restart_gives_the_same_game_history_undo_and_redo(tmp_path, seed):
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(seed)
    with Journal(path) as journal:
        session = TableSession(journal)
        session.start("go", {"size": 9})
        random_steps(session, rng, 30)
        for _ in range(3):
            session.play(next(a for a in session.game.legal_actions(session.state)
                              if a["type"] == "place"))
        session.undo()
        session.undo()
        before = session.snapshot()
        redone = session.redo()
        after_redo = session.state
        session.undo()
    with Journal(path) as journal:
        restarted = TableSession(journal)
        restarted.resume()
        again = restarted.snapshot()
        for key in ("state", "history", "can_undo", "can_redo", "last_changed"):
            assert again[key] == before[key], key
        assert restarted.redo().text == redone.text
        assert restarted.state == after_redo
        assert restarted.redo().kind == v.REDONE


class PressingTokens(Tokens):
    """Tokens, with a press of the dice button while the session is deciding a move
    (``press``, once): the moment a roll may come for a wait about to be replaced."""

    press = None

    def dice_needed(self, state, action):
        press, self.press = self.press, None
        if press is not None:
            press()
        return super().dice_needed(state, action)


def test_a_roll_goes_to_the_wait_it_was_asked_for_not_to_one_of_the_same_purpose():
    """Two tosses wait in turn with the same purpose text. The roll the first wait asked
    for, pressed while the page replaced it, is not applied to the second toss; nor is a
    roll with that purpose asked for by no one; the roll the second wait asked for is."""
    journal = Journal(":memory:")
    dice = DiceService(journal, randbelow=lambda n: 3)  # every die shows 4
    game = PressingTokens()
    session = TableSession(journal, dice=dice, games={"tokens": lambda: game})
    session.start("tokens")
    assert session.play({"type": "toss", "at": "a"}).kind == v.DICE
    first = dice.pending()
    game.press = lambda: dice.roll_pending_or_default(requested_by="button")
    assert session.play({"type": "toss", "at": "b"}).kind == v.DICE
    assert game.press is None and dice.history(limit=1)[0].purpose == "the toss"
    assert dice.pending() == first  # the same purpose text, asked for again
    dice.roll(1, 6, purpose="the toss", requested_by="cli")
    assert session.state["board"] == {"a": None, "b": None, "c": None}
    assert session.pending_dice["for"] == "toss on b"
    dice.roll_pending_or_default(requested_by="button")
    assert session.state["board"] == {"a": None, "b": "t", "c": None}
    assert session.pending_dice is None
    session.close()


def test_a_roll_is_applied_off_the_thread_that_rolled_it():
    """The roller (the button's thread) goes on as soon as the roll is journaled; the
    session applies it on its own thread and then tells its listeners."""
    journal = Journal(":memory:")
    dice = DiceService(journal, randbelow=lambda n: 3)
    session = TableSession(journal, dice=dice, games={"tokens": Tokens})
    session.start("tokens")
    session.play({"type": "toss", "at": "c"})
    applied = threading.Event()
    threads = []

    def hear(verdict, _snapshot):
        if verdict.kind == v.APPLIED:
            threads.append(threading.current_thread())
            applied.set()

    session.subscribe(hear)
    with session._lock:  # the session is busy: the roller must not wait for it
        dice.roll_pending_or_default(requested_by="button")
        assert not applied.is_set()
    assert applied.wait(10)
    assert threads[0] is not threading.current_thread()
    assert session.state["board"]["c"] == "t"
    session.close()


def test_a_press_the_moment_the_roll_is_asked_for_is_applied():
    """The button pressed as the request appears (before the session has noted the
    request's id with its wait) still rolls for that wait, and the roll is applied."""
    journal = Journal(":memory:")
    dice = DiceService(journal, randbelow=lambda n: 3)
    session = TableSession(journal, dice=dice, games={"tokens": Tokens})
    session.start("tokens")
    presses = []

    def press_at_once(pending):
        if pending is not None and not presses:
            presses.append(dice.roll_pending_or_default(requested_by="button"))

    dice.subscribe_requests(press_at_once)
    session.play({"type": "toss", "at": "a"})
    assert presses[0].purpose == "the toss"
    assert session.state["board"]["a"] == "t"
    assert session.pending_dice is None
    session.close()
