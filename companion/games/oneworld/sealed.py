"""Secret choices stay sealed through undo (``Game.undo_barrier``), and the referee's way
past one: annulling the round's choices (``Game.annul_by_hand``).

With commitments (``"secrets": "commit"``), a choice is worth keeping secret only while
the other side's is. Undo would let a player see more and choose again: take back a
reveal (the other side's choice is then known) or the second commitment (both sides
bound) and commit anew. So undo and redo never cross a reveal, the second commitment of
a round, or the god's announced aspect in a combat against a god. The referee who finds
a round's choices went wrong annuls them instead: a correction the journal and the
record show, after which both sides choose again from scratch.

With ``"secrets": "table"`` the choices are made with counters at the table and the
referee enters what was revealed: there is nothing sealed to protect, so undo is free.
The sentences here name no choice, so they tell nobody anything.
"""

from __future__ import annotations

from companion.games.base import Action, CorrectionError, State
from companion.games.oneworld.state import PLAYERS, other

ANNUL_HINT = "the referee can annul the combat round as a correction"

REVEALED = (f"A combat's secret choices cannot be undone once one is revealed: "
            f"{ANNUL_HINT}.")
BOTH_COMMITTED = (f"A combat's secret choices cannot be undone once both sides have "
                  f"committed: {ANNUL_HINT}.")
ANNOUNCED = (f"A combat's secret choice cannot be undone once the god's aspect is "
             f"announced: {ANNUL_HINT}.")


def undo_barrier(state_before: State, action: Action) -> str | None:
    """Why ``action``, made in ``state_before``, may not be undone or redone, or ``None``."""
    current = _round(state_before)
    if current is None or state_before["options"]["secrets"] != "commit":
        return None
    kind = action.get("type")
    if kind == "reveal":
        return REVEALED
    if kind == "announce":
        return ANNOUNCED
    if kind == "commit" and current["kind"] == "children":
        player = action.get("player")
        if player in PLAYERS and current["commits"][other(player)] is not None:
            return BOTH_COMMITTED
    return None


def annul_round(state: State) -> None:
    """Take back every choice made in the combat round in progress (commitments,
    reveals, the god's announced aspect), so both sides choose again."""
    current = _round(state)
    if current is None:
        raise CorrectionError("There is no combat round in progress to annul (a round "
                              "already fought is put right with the other corrections).")
    if current["kind"] == "god":
        made = current["commit"] is not None or current["god_aspect"] is not None
        current["commit"] = current["god_aspect"] = None
    else:
        made = any(v is not None for stage in ("commits", "reveals")
                   for v in current[stage].values())
        current["commits"] = dict.fromkeys(PLAYERS)
        current["reveals"] = dict.fromkeys(PLAYERS)
    if not made:
        raise CorrectionError(f"No choice has been made in the combat on {current['at']} "
                              "yet: there is nothing to annul.")


def _round(state: State) -> dict | None:
    """The encounter being fought, or ``None`` outside combat."""
    if state.get("phase") != "combat" or not state.get("combat"):
        return None
    return state["combat"].get("current")
