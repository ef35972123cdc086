"""A game survives ``kill -9``: every acknowledged event is in the journal afterwards.

A separate Python process (``tests/helpers/journal_player.py``) plays the counting game
into a journal file and prints an acknowledgement after each append returns. The test
reads some acks, kills the process with SIGKILL in the middle of its play, and checks
that the journal opens cleanly, holds every acknowledged event, and rebuilds to the
acknowledged state.
Then it does it again on the same file, continuing the same game.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from companion.game_log import rebuild
from companion.games import Match
from companion.journal import Journal
from tests.helpers.journal_game import GAMES
from tests.helpers.paths import ROOT

PLAYER = "tests.helpers.journal_player"  # run as a module from the repository

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def play_and_kill(path, seed, acks_before_kill, game_id=None):
    """Run the player, kill it after ``acks_before_kill`` acks; return (game_id, acks)."""
    args = [sys.executable, "-m", PLAYER, str(path), str(seed)] + ([game_id] if game_id else [])
    player = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT)
    try:
        first = player.stdout.readline()
        assert first.startswith("game "), first + player.stderr.read()
        game_id = first.split()[1]
        acks = []
        while len(acks) < acks_before_kill:
            line = player.stdout.readline()
            assert line.startswith("ack "), line + player.stderr.read()
            acks.append(json.loads(line[4:]))
        os.kill(player.pid, signal.SIGKILL)
        player.wait()
        # Acks the player printed after the ones read but before it died count too.
        acks += [json.loads(line[4:]) for line in player.stdout.read().splitlines()]
    finally:
        if player.poll() is None:
            player.kill()
            player.wait()
        player.stdout.close()
        player.stderr.close()
    assert player.returncode == -signal.SIGKILL
    return game_id, acks


def check_survivors(path, game_id, all_acks):
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    with Journal(path) as journal:
        events = journal.events(game_id=game_id)[1:]  # after game.start
        by_seq = {event.seq: event for event in events}
        for ack in all_acks:
            event = by_seq.get(ack["seq"])
            assert event is not None, f"acknowledged event {ack['seq']} was lost"
            assert event.kind == ack["kind"]
            if ack["kind"] == "game.action":
                assert event.data == {"action": ack["action"], "dice": ack["dice"]}
        # At most one event can be on disk without its ack: appended, then killed.
        unacked = [e for e in events if e.seq > all_acks[-1]["seq"]]
        assert len(events) == len(all_acks) + len(unacked) and len(unacked) <= 1

        match = rebuild(journal, game_id, games=GAMES)
        expected = Match(GAMES["counting"](), {"target": 10**9})
        for ack in all_acks:
            if ack["kind"] == "game.undo":
                expected.pop()
            else:
                expected.push(ack["action"], ack["dice"])
        assert expected.state == all_acks[-1]["state"]
        for event in unacked:
            if event.kind == "game.undo":
                expected.pop()
            else:
                expected.push(event.data["action"], event.data["dice"])
        assert match.state == expected.state
    return unacked


def ack_from_event(event):
    ack = {"seq": event.seq, "kind": event.kind}
    if event.kind == "game.action":
        ack.update(action=event.data["action"], dice=event.data["dice"])
    return ack


def test_every_acknowledged_event_survives_sigkill_and_the_game_goes_on(tmp_path):
    path = tmp_path / "journal.sqlite3"
    game_id, acks = play_and_kill(path, seed=1, acks_before_kill=40)
    unacked = check_survivors(path, game_id, acks)
    history = acks + [ack_from_event(event) for event in unacked]

    same_game, more = play_and_kill(path, seed=2, acks_before_kill=25, game_id=game_id)
    assert same_game == game_id
    check_survivors(path, game_id, history + more)
