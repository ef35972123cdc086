"""The outdoor game in words: actions described and typed (``companion referee outdoor
--play``), the field as text for the command line, and the page's panel."""

from __future__ import annotations

import json
from typing import Any

from companion.games.base import Action, InvalidAction, State, typed_json
from companion.games.outdoor.observation import standing
from companion.games.outdoor.options import unit
from companion.games.outdoor.sequence import PLAYERS, title

TYPED = ("place N1 4,3,180 N2 8,3,180 …  |  first north  |  roll first  |  move N1 6 8 [170]"
         "  |  move N1 off  |  stay N2 [90]  |  act S1 N1  |  respond  |  decline  |  done  |"
         "  split S1,S3 S2,S4  |  choose 2  (or the action as JSON)")


def describe(state: State, action: Action) -> str:
    """``action`` in words, for the history and the verdicts."""
    kind = action.get("type")
    who = title(str(action.get("player") or ""))
    cid = action.get("character")
    if kind == "place":
        return f"{who} places {', '.join(action.get('pieces') or {})}"
    if kind == "first":
        return f"{title(str(action.get('goes_first')))} goes first, by agreement"
    if kind == "roll_first":
        return "A roll for who goes first"
    if kind == "move" and action.get("leaves"):
        return f"{cid} walks off the field"
    if kind == "move":
        facing = f", facing {action['facing']:g}°" if "facing" in action else ""
        return f"{cid} moves to ({action.get('x')}, {action.get('y')}){facing}"
    if kind == "stay":
        facing = f", turning to {action['facing']:g}°" if "facing" in action else ""
        return f"{cid} stays{facing}"
    if kind == "act":
        return f"{cid} acts on {action.get('target')}"
    pending = state.get("pending") or {}
    if kind == "respond":
        return f"{pending.get('target')} responds to {pending.get('actor')}"
    if kind == "decline":
        return f"{pending.get('target')} makes no response"
    if kind == "done":
        return f"{who} acts no more this turn"
    if kind == "split":
        groups = action.get("groups") or [[], []]
        return f"{who} splits its characters: {' | '.join(', '.join(g) for g in groups)}"
    if kind == "choose":
        return f"{who} takes group {action.get('group')}"
    return json.dumps(action)


def parse(state: State, text: str, player: str | None) -> Action:
    """The action typed as ``text`` (see ``TYPED``), by ``player``, the one to move."""
    words = text.replace(",", " , ").split()
    if not words or text.lstrip().startswith("{"):
        return typed_json(text, f"Type an action: {TYPED}.")
    head, rest = words[0].lower(), [w for w in words[1:] if w != ","]
    base: Action = {"player": player} if player else {}
    try:
        if head == "place":
            return {"type": "place", **base, "pieces": _poses(text.split()[1:])}
        if head == "first" and rest and rest[0].lower() in PLAYERS:
            return {"type": "first", "goes_first": rest[0].lower()}
        if head in ("roll", "roll_first"):
            return {"type": "roll_first"}
        if head == "move" and len(rest) == 2 and rest[1].lower() == "off":
            return {"type": "move", **base, "character": rest[0].upper(), "leaves": True}
        if head == "move" and len(rest) in (3, 4):
            action = {"type": "move", **base, "character": rest[0].upper(),
                      "x": float(rest[1]), "y": float(rest[2])}
            return action | ({"facing": float(rest[3])} if len(rest) == 4 else {})
        if head == "stay" and len(rest) in (1, 2):
            action = {"type": "stay", **base, "character": rest[0].upper()}
            return action | ({"facing": float(rest[1])} if len(rest) == 2 else {})
        if head == "act" and len(rest) == 2:
            return {"type": "act", **base, "character": rest[0].upper(),
                    "target": rest[1].upper()}
        if head in ("respond", "decline", "done") and not rest:
            return {"type": head, **base}
        if head == "split":
            groups = [g.upper().split(",") for g in text.split()[1:]]
            return {"type": "split", **base, "groups": [[c for c in g if c] for g in groups]}
        if head == "choose" and len(rest) == 1:
            return {"type": "choose", **base, "group": int(rest[0])}
    except ValueError:
        pass
    raise InvalidAction(f"Type an action: {TYPED}.")


def _poses(tokens: list[str]) -> dict[str, dict[str, float]]:
    """``N1 4,3,180 N2 8,3,180,0.6`` → each character's pose (x, y, facing[, r])."""
    if len(tokens) % 2:
        raise ValueError("pairs")
    poses = {}
    for cid, numbers in zip(tokens[::2], tokens[1::2], strict=True):
        values = [float(v) for v in numbers.split(",")]
        if len(values) not in (3, 4):
            raise ValueError("pose")
        poses[cid.upper()] = dict(zip(("x", "y", "facing", "r"), values, strict=False))
    return poses


def render(state: State) -> str:
    """The field as text: the sequence and phase, then every character's pose and set."""
    width, height = state["options"]["field"]
    lines = [f"Sequence {state['sequence']} of {state['options']['sequences']}, turn "
             f"{state['turn']}, {state['phase']}; a {width:g} × {height:g} "
             f"{state['options']['units']} field."]
    for cid, c in state["characters"].items():
        if c["status"] == "waiting":
            continue
        where = f"({c['x']:5.1f}, {c['y']:5.1f}) facing {c['facing']:5.1f}°"
        if c["status"] == "in":
            now = standing(state, cid)
            said = f"{now.stats.name}: {now.why}"
        else:
            said = "on its side" if c["status"] == "fallen" else "off the field"
        lines.append(f"  {cid:4} {title(c['side']):6} {where}  {said}")
    return "\n".join(lines)


def summary(state: State) -> dict[str, Any]:
    """The page's panel and field: the sequence, the falls so far, every character with
    its pose, the set it uses, why, and how far that set moves it (``move``), every
    length in the game's ``units``."""
    scale = unit(state["options"])[0]
    characters = []
    for cid, c in state["characters"].items():
        entry = {"id": cid, "owner": c["owner"], "side": c["side"], "status": c["status"],
                 "x": c["x"], "y": c["y"], "facing": c["facing"], "r": c["r"],
                 "idle": c["idle"]}
        if c["status"] == "in":
            now = standing(state, cid)
            entry |= {"set": now.stats.name, "why": now.why, "move": now.stats.move * scale}
        characters.append(entry)
    return {"kind": "outdoor", "units": state["options"]["units"],
            "field": state["options"]["field"],
            "sequence": state["sequence"], "sequences": state["options"]["sequences"],
            "turn": state["turn"], "falls": state["falls"], "results": state["results"],
            "characters": characters}
