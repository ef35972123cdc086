"""The dice service: fair ranges, validation, journaling, requests, listeners, threads."""

import itertools
import logging
import random
import threading

import pytest

from companion.dice import ROLL_KIND, DiceService, Roll
from companion.journal import Journal


def fixed_dice(*faces):
    """A randbelow that makes the dice show ``faces`` in turn (faces are 1-based)."""
    values = itertools.cycle(faces)
    return lambda sides: next(values) - 1


def counting_clock(start=500.0):
    ticks = itertools.count()
    return lambda: start + next(ticks)


@pytest.fixture
def journal():
    with Journal(":memory:") as journal:
        yield journal


def test_values_stay_within_the_dice_and_cover_every_face():
    dice = DiceService(randbelow=random.Random(1).randrange)
    for sides in (2, 6, 20):
        roll = dice.roll(100, sides)
        assert len(roll.values) == 100 and roll.sides == sides
        assert set(roll.values) == set(range(1, sides + 1))


def test_the_real_source_stays_within_the_dice():
    roll = DiceService().roll(100, 6)
    assert all(1 <= v <= 6 for v in roll.values) and 100 <= roll.total <= 600


def test_an_injected_source_makes_rolls_deterministic():
    dice = DiceService(randbelow=fixed_dice(3, 5, 6), clock=counting_clock())
    roll = dice.roll(3, 6, purpose="attack", requested_by="alice")
    assert roll == Roll((3, 5, 6), 6, "attack", "alice", 500.0, 0)
    assert roll.total == 14 and roll.notation == "3d6"
    assert roll.to_json()["values"] == [3, 5, 6] and roll.to_json()["total"] == 14


@pytest.mark.parametrize("count, sides, words", [
    (0, 6, "number of dice"), (101, 6, "number of dice"), (2.5, 6, "number of dice"),
    (True, 6, "number of dice"), (1, 1, "sides"), (1, 1001, "sides"), (1, "6", "sides"),
])
def test_impossible_dice_are_refused_in_words(count, sides, words, journal):
    dice = DiceService(journal)
    with pytest.raises(ValueError, match=words):
        dice.roll(count, sides)
    with pytest.raises(ValueError, match=words):
        dice.request(count, sides)
    assert journal.last_seq() == 0 and dice.pending() is None


def test_the_limits_themselves_can_be_rolled():
    dice = DiceService(randbelow=fixed_dice(1))
    assert dice.roll(100, 2).values == (1,) * 100
    assert dice.roll(1, 1000).values == (1,)


def test_every_roll_is_journaled_with_time_purpose_result_and_who(journal):
    dice = DiceService(journal, randbelow=fixed_dice(2, 6), clock=counting_clock())
    roll = dice.roll(2, 6, purpose="combat", requested_by="bob")
    (event,) = journal.events()
    assert event.kind == ROLL_KIND and event.seq == roll.seq == 1
    assert event.actor == "bob" and event.time == roll.time == 500.0
    assert event.data == {"count": 2, "sides": 6, "values": [2, 6], "total": 8,
                          "purpose": "combat", "for_whom": ""}
    assert Roll.from_event(event) == roll


def test_a_roll_is_journaled_before_listeners_hear_of_it(journal):
    dice = DiceService(journal)
    seen = []
    dice.subscribe(lambda roll: seen.append((roll.seq, journal.last_seq())))
    roll = dice.roll()
    assert seen == [(roll.seq, roll.seq)]


def test_history_is_newest_first_from_the_journal_and_survives_a_new_service(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        dice = DiceService(journal, randbelow=fixed_dice(1, 2, 3, 4))
        rolls = [dice.roll(requested_by=f"p{i}") for i in range(4)]
        assert dice.history() == rolls[::-1]
    with Journal(path) as journal:
        assert DiceService(journal).history(limit=2) == rolls[:1:-1]


def test_history_without_a_journal_is_kept_in_memory():
    dice = DiceService(randbelow=fixed_dice(4))
    rolls = [dice.roll() for _ in range(3)]
    assert dice.history() == rolls[::-1] and dice.history(limit=1) == rolls[-1:]


def test_a_pending_request_is_rolled_by_the_next_press_then_cleared(journal):
    dice = DiceService(journal, randbelow=fixed_dice(5))
    dice.request(3, 8, purpose="fireball", for_whom="carol")
    assert dice.pending() == {"count": 3, "sides": 8, "purpose": "fireball", "for_whom": "carol"}
    roll = dice.roll_pending_or_default(requested_by="button")
    assert (roll.values, roll.sides, roll.purpose, roll.for_whom) == ((5, 5, 5), 8, "fireball",
                                                                     "carol")
    assert journal.events()[0].data["for_whom"] == "carol"
    assert dice.pending() is None
    assert dice.roll_pending_or_default(requested_by="button").notation == "1d6"


def test_a_cancelled_request_is_not_rolled():
    dice = DiceService(randbelow=fixed_dice(2))
    dice.request(2, 20)
    dice.cancel_request()
    assert dice.pending() is None
    assert dice.roll_pending_or_default(requested_by="page").notation == "1d6"


def test_the_default_roll_can_be_changed():
    dice = DiceService(randbelow=fixed_dice(2), default_count=2, default_sides=10)
    assert dice.roll_pending_or_default(requested_by="button").notation == "2d10"
    with pytest.raises(ValueError):
        DiceService(default_sides=1)


def test_a_plain_roll_leaves_the_pending_request_alone():
    dice = DiceService(randbelow=fixed_dice(2))
    dice.request(2, 6, purpose="attack")
    dice.roll(1, 20)
    assert dice.pending()["purpose"] == "attack"


def test_a_listener_that_raises_never_breaks_a_roll(journal, caplog):
    dice = DiceService(journal)
    heard = []

    def broken(roll):
        raise RuntimeError("page went away")

    dice.subscribe(broken)
    dice.subscribe(heard.append)
    with caplog.at_level(logging.ERROR, logger="companion.dice"):
        roll = dice.roll()
    assert heard == [roll] and journal.last_seq() == 1
    assert "the roll stands" in caplog.text


def test_unsubscribe_stops_the_calls():
    dice = DiceService()
    heard = []
    unsubscribe = dice.subscribe(heard.append)
    dice.roll()
    unsubscribe()
    unsubscribe()
    dice.roll()
    assert len(heard) == 1


def test_a_listener_may_roll_again_without_deadlock():
    dice = DiceService(randbelow=fixed_dice(6, 1))
    follow_ups = []

    def reroll_sixes(roll):
        if roll.values == (6,) and not follow_ups:
            follow_ups.append(dice.roll(purpose="re-roll"))

    dice.subscribe(reroll_sixes)
    dice.roll()
    assert [r.values for r in dice.history()] == [(1,), (6,)]


def test_presses_from_many_threads_each_consume_one_request(journal):
    dice = DiceService(journal)
    dice.request(2, 6, purpose="attack")
    start = threading.Barrier(8)
    rolls = []

    def press():
        start.wait()
        rolls.append(dice.roll_pending_or_default(requested_by="page"))

    threads = [threading.Thread(target=press) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.notation for r in rolls) == ["1d6"] * 7 + ["2d6"]
    assert sorted(r.seq for r in rolls) == list(range(1, 9))


# -- the dice benchmark (figures printed, not speed asserted) ---------------------------


@pytest.mark.parametrize("statistic, df, p", [
    (11.0705, 5, 0.05), (1.1455, 5, 0.95), (9.2364, 5, 0.10), (0.0, 5, 1.0),
    (3.8415, 1, 0.05), (5.9915, 2, 0.05), (7.8147, 3, 0.05), (9.4877, 4, 0.05),
])
def test_chi_square_p_values_match_the_tables(statistic, df, p):
    from benchmarks.dice import chi_square_p_value

    assert chi_square_p_value(statistic, df) == pytest.approx(p, abs=5e-5)


def test_the_dice_bench_prints_every_figure(capsys):
    from companion.cli import main

    assert main(["bench", "dice", "--presses", "3", "--rolls", "120", "--journaled", "3"]) == 0
    out = capsys.readouterr().out
    assert "Python 3." in out and "CPUs" in out
    assert "3 presses" in out and "median" in out and "p95" in out and "max" in out
    assert "120 d6" in out and "chi-square" in out and "5 degrees of freedom" in out
    assert "p-value" in out and all(f"{face}: " in out for face in range(1, 7))
    assert "rolls/s" in out
