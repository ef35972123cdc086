"""The timeline's stacks of steps: pushing and popping share the older steps (so a long
game folds in time linear in its length) and read like a tuple."""

import pytest

from companion.game_log import ACTION, UNDO, Steps, Timeline
from companion.journal import JournalEvent


def event(seq, kind=ACTION, data=None):
    return JournalEvent(seq, 0.0, kind, "g", "", data or {"action": {"n": seq}, "dice": []})


def test_steps_read_like_a_tuple_and_share_what_they_were_pushed_on():
    empty = Steps()
    one = empty.pushed(event(1))
    two = one.pushed(event(2))
    assert len(empty) == 0 and not empty and len(two) == 2
    assert [e.seq for e in two] == [1, 2] and two[-1].seq == 2 and two[0].seq == 1
    assert two.popped() is one and one.popped() == empty
    assert [e.seq for e in one] == [1]  # pushing made a new stack; one is unchanged
    assert two == Steps().pushed(event(1)).pushed(event(2))
    with pytest.raises(IndexError):
        empty.popped()


def test_a_long_timeline_with_undo_and_redo():
    line = Timeline()
    for seq in range(1, 10_001):
        line = line.after(event(seq))
    line = line.after(event(10_001, UNDO, {}))
    assert len(line.standing) == 9_999 and [e.seq for e in line.redoable] == [10_000]
    line = line.after(event(10_002, data={"action": {"n": 10_000}, "dice": []}))
    assert len(line.standing) == 10_000 and not line.redoable  # the same step: a redo
    assert [e.seq for e in line.standing][-2:] == [9_999, 10_002]
