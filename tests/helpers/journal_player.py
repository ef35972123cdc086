"""A player process for the SIGKILL test: plays the counting game into a journal forever.

Usage: ``python -m tests.helpers.journal_player JOURNAL SEED [GAME_ID]``. Starts a game (or
continues GAME_ID, rebuilt from the journal) and then, for ever, journals an action or
every so often an undo. After each append has returned it prints one acknowledgement
line, ``ack`` followed by JSON: the event's seq and kind, the action and dice, and the
state after it. The test kills this process with SIGKILL while it plays.
"""

from __future__ import annotations

import json
import random
import sys

from companion.game_log import rebuild, record_action, record_undo, start_game
from companion.journal import Journal
from tests.helpers.journal_game import GAMES


def main(path: str, seed: int, game_id: str | None) -> None:
    rng = random.Random(seed)
    journal = Journal(path)
    if game_id is None:
        game_id = start_game(journal, "counting", {"target": 10**9}, actor="player",
                             games=GAMES)
    match = rebuild(journal, game_id, games=GAMES)
    print("game", game_id, flush=True)
    while True:
        if match.steps and rng.random() < 0.2:
            event = record_undo(journal, game_id, actor="player", games=GAMES)
            match.pop()
            ack = {"seq": event.seq, "kind": event.kind}
        else:
            action = {"type": rng.choice(["roll", "roll", "pass"]), "player": match.to_move()}
            dice = [rng.randint(1, 6)] if action["type"] == "roll" else []
            event = record_action(journal, game_id, action, dice, actor="player", games=GAMES)
            match.push(action, dice)
            ack = {"seq": event.seq, "kind": event.kind, "action": action, "dice": dice}
        ack["state"] = match.state
        print("ack", json.dumps(ack), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
