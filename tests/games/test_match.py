"""Match: a game in progress with push, pop and a queryable set of legal actions."""

import pytest

from companion.games import IllegalAction, Match


def place(player, at):
    return {"type": "place", "player": player, "at": at}


def test_push_applies_and_pop_restores_the_exact_state():
    match = Match("one", {"board": "one-36"})
    start = match.state
    events = match.push(place("black", "A1"))
    assert events[0]["text"] == "Black places on A1."
    match.push(place("white", "B1"))
    assert match.to_move() == "black" and len(match.steps) == 2
    step = match.pop()
    assert step.action == place("white", "B1") and step.events[0]["at"] == "B1"
    match.pop()
    assert match.state == start
    with pytest.raises(IndexError):
        match.pop()


def test_an_illegal_push_raises_with_the_reason_and_changes_nothing():
    match = Match("go", {"size": 9})
    match.push(place("black", "E5"))
    before = match.state
    with pytest.raises(IllegalAction, match="E5 is taken by Black"):
        match.push(place("white", "E5"))
    assert match.state is before and len(match.steps) == 1


def test_legal_actions_read_like_english():
    match = Match("one", {"board": "one-36", "players": 3})
    legal = match.legal_actions
    assert place("black", "C7") in legal
    assert place("white", "C7") not in legal
    assert legal.count() == 36 + 1  # every empty space, and resigning
    assert bool(legal)


def test_the_match_reports_phase_and_outcome():
    match = Match("one", {"board": "one-36", "stones": 1})
    match.push(place("black", "A1"))
    assert match.phase() == "last round" and not match.is_over()
    match.push(place("white", "C5"))
    assert match.is_over() and match.outcome().winners == ("black", "white")
    assert match.phase() == "over" and not match.legal_actions
