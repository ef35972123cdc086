"""The outdoor game: natural pieces on a field measured in inches, facing and
observation, moves judged from the poses, the 1-inch action range, seven sequences.

The rules are ``rules/outdoor-seven-sequences.txt``; the rulings where the text is
silent or reads two ways, and the options that change them, are in docs/rulings.md
("The outdoor game"); every action is in docs/games/outdoor.md. The field has no
spaces: a character is a pose (``x``, ``y`` in inches from the north-west corner,
``facing`` a compass bearing, ``r`` its size), entered by hand or measured by a camera.
Actions::

    {"type": "place", "player": "north", "pieces": {"N1": {"x": 4, "y": 3, "facing": 180}, ...}}
    {"type": "first", "goes_first": "south"}      or  {"type": "roll_first"}  (2d6)
    {"type": "move", "player": "north", "character": "N1", "x": 6, "y": 8, "facing": 170}
    {"type": "move", "player": "north", "character": "N1", "leaves": true}
    {"type": "stay", "player": "north", "character": "N2"}            # optional "facing"
    {"type": "act", "player": "south", "character": "S1", "target": "N1"}   (1d6)
    {"type": "respond", "player": "north"}  /  {"type": "decline", "player": "north"}  (1d6)
    {"type": "done", "player": "south"}
    {"type": "split", "player": "south", "groups": [["S1", "S3"], ["S2", "S4"]]}
    {"type": "choose", "player": "north", "group": 2}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from companion.games.base import (
    Action,
    DiceRequest,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.outdoor import sequence as seq
from companion.games.outdoor.acting import (
    enemies_in_range,
    odds,
    step_into_contact,
    succeeds,
)
from companion.games.outdoor.movement import forced_step, judge_move
from companion.games.outdoor.observation import UNOBSERVED, in_play, standing
from companion.games.outdoor.options import normalise, unit
from companion.games.outdoor.picture import picture
from companion.games.outdoor.text import describe, parse, render, summary

ACTIONS = ("place", "first", "roll_first", "move", "stay", "act", "respond", "decline",
           "done", "split", "choose")
PHASE_WORDS = {"setup": "setting up", "first": "choosing who goes first",
               "movement": "movement", "action": "action", "response": "a free response",
               "split": "the split", "choose": "choosing a group"}


class Outdoor(Game):
    """The outdoor game's rules engine (see the module docstring)."""

    name = "outdoor"
    title = "Outdoor: seven sequences"
    uses_dice = True
    action_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "place": ("type", "player", "pieces"),
        "first": ("type", "goes_first", "player"),
        "roll_first": ("type", "player"),
        "move": ("type", "player", "character", "x", "y", "facing", "leaves"),
        "stay": ("type", "player", "character", "facing"),
        "act": ("type", "player", "character", "target"),
        "respond": ("type", "player"),
        "decline": ("type", "player"),
        "done": ("type", "player"),
        "split": ("type", "player", "groups"),
        "choose": ("type", "player", "group"),
    }

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        state: State = {"game": self.name, "options": normalise(options or {}),
                        "players": list(seq.PLAYERS), "sequence": 1, "results": [],
                        "to_move": seq.PLAYERS[0], "over": None}
        seq.fresh_sequence(state)
        return state

    # -- the protocol ---------------------------------------------------------------

    def to_move(self, state: State) -> str | None:
        if state["over"]:
            return None
        if state["phase"] == "setup":
            return next(p for p in seq.PLAYERS if p not in state["placed"])
        return state["to_move"]

    def phase(self, state: State) -> str:
        return "over" if state["over"] else state["phase"]

    def phase_words(self, state: State) -> str:
        if state["over"]:
            return ""
        words = PHASE_WORDS[state["phase"]]
        turn = f", turn {state['turn']}" if state["turn"] else ""
        return f"sequence {state['sequence']}{turn}: {words}"

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        if state["options"]["scoring"] == "none":
            return Outcome(state["over"])
        won = {p: sum(1 for r in state["results"] if r["winner"] == p) for p in seq.PLAYERS}
        best = max(won.values())
        winners = tuple(p for p in seq.PLAYERS if won[p] == best)
        return Outcome(state["over"], winners, won)

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        kind = action.get("type")
        if kind == "roll_first":
            return DiceRequest(2, 6, "who goes first (North's die, then South's)")
        if kind == "act":
            return DiceRequest(1, 6, f"{action.get('character')} acting on "
                                     f"{action.get('target')}")
        if kind == "respond":
            pending = state.get("pending") or {}
            return DiceRequest(1, 6, f"{pending.get('target')}'s free response")
        return None

    def legal_actions(self, state: State) -> Iterator[Action]:
        """The actions a list can hold: a measured move has endless positions, so only
        an unobserved character's walk (where it goes is fixed) is listed among moves."""
        if state["over"]:
            return
        phase, player = state["phase"], self.to_move(state)
        if phase == "setup":
            yield {"type": "place", "player": player, "pieces": seq.lined_up(state, player)}
        elif phase == "first":
            yield from ({"type": "first", "goes_first": p} for p in seq.PLAYERS)
            yield {"type": "roll_first"}
        elif phase == "movement":
            for cid in self._mine(state, player, "moved"):
                if standing(state, cid).stats is UNOBSERVED:
                    step = forced_step(state, cid)
                    yield ({"type": "move", "player": player, "character": cid, "leaves": True}
                           if step.leaves else {"type": "move", "player": player,
                                                "character": cid, "x": step.x, "y": step.y})
                if not self._must_walk(state, cid):
                    yield {"type": "stay", "player": player, "character": cid}
        elif phase == "action":
            for cid in self._mine(state, player, "acted"):
                for target in enemies_in_range(state, cid):
                    yield {"type": "act", "player": player, "character": cid, "target": target}
            yield {"type": "done", "player": player}
        elif phase == "response":
            yield {"type": "respond", "player": player}
            yield {"type": "decline", "player": player}
        elif phase == "split":
            yield from seq.splits(state, player)
        elif phase == "choose":
            yield from ({"type": "choose", "player": player, "group": g} for g in (1, 2))

    def check(self, state: State, action: Action) -> None:
        kind = action["type"]
        if kind not in ACTIONS:
            raise InvalidAction(f"The outdoor game has no action {kind!r}: the actions are "
                                f"{', '.join(ACTIONS)}.")
        phase = state["phase"]
        if kind not in _PHASE_ACTIONS[phase]:
            allowed = _PHASE_ACTIONS[phase]
            listed = " or ".join(filter(None, (", ".join(allowed[:-1]), allowed[-1])))
            raise IllegalAction(f"{_DURING[phase]} the actions are {listed}, not {kind}.")
        mover = self.to_move(state)
        player = action.get("player", mover)
        if player != mover:
            raise IllegalAction(f"It is {seq.title(mover)}'s turn, not "
                                f"{seq.title(str(player))}'s.")
        if kind == "place":
            seq.check_place(state, player, action)
        elif kind == "first":
            if action.get("goes_first") not in seq.PLAYERS:
                raise InvalidAction('Say who goes first: "goes_first" is north or south.')
        elif kind in ("move", "stay", "act"):
            cid = self._own(state, player, action.get("character"))
            self._check_character(state, cid, kind, action)
        elif kind == "split":
            seq.check_split(state, player, action)
        elif kind == "choose" and action.get("group") not in (1, 2):
            raise InvalidAction('Choose "group" 1 or 2.')

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        kind = action["type"]
        player = action.get("player") or self.to_move(state)
        events: list[Event] = []
        if kind == "place":
            events.append(seq.place(state, player, action))
        elif kind in ("first", "roll_first"):
            self._first(state, action, dice, events)
        elif kind in ("move", "stay"):
            self._move(state, player, action, events)
        elif kind == "act":
            self._act(state, action["character"], action["target"], dice[0], events)
        elif kind == "respond":
            pending = state["pending"]
            self._respond(state, pending["target"], pending["actor"], dice[0], events)
        elif kind == "decline":
            events.append({"type": "decline", "player": player,
                           "text": f"{state['pending']['target']} makes no response."})
            seq.after_action(state, seq.OPPOSITE[player], events)
        elif kind == "done":
            state["done"].append(player)
            events.append({"type": "done", "player": player,
                           "text": f"{seq.title(player)} acts no more this turn."})
            seq.after_action(state, player, events)
        elif kind == "split":
            seq.split(state, player, action["groups"], events)
        elif kind == "choose":
            seq.hand_over(state, player, state["split"][action["group"] - 1], events)
        return events

    # -- the phases -----------------------------------------------------------------

    def _first(self, state: State, action: Action, dice: Sequence[int],
               events: list[Event]) -> None:
        if action["type"] == "roll_first":
            north, south = dice
            if north == south:
                events.append({"type": "roll", "text": f"Both roll {north}: roll again."})
                return
            first = "north" if north > south else "south"
            events.append({"type": "roll", "text": f"North rolls {north}, South {south}: "
                                                   f"{seq.title(first)} goes first."})
        else:
            first = action["goes_first"]
            events.append({"type": "first", "text": f"{seq.title(first)} goes first."})
        state["first"] = first
        seq.begin_turn(state, events)

    def _move(self, state: State, player: str, action: Action, events: list[Event]) -> None:
        cid = action["character"]
        character = state["characters"][cid]
        if action["type"] == "stay":
            character["facing"] = float(action.get("facing", character["facing"])) % 360.0
            events.append({"type": "stay", "player": player, "text": f"{cid} stays."})
        else:
            now = standing(state, cid)
            step = judge_move(state, cid, action, now)
            character.update(x=step.x, y=step.y, facing=step.facing, active=True)
            if step.leaves:
                character["status"] = "left"
                events.append({"type": "leave", "player": player,
                               "text": f"{cid} walks off the field ({now.stats.name})."})
            else:
                events.append({"type": "move", "player": player,
                               "text": f"{cid} moves ({now.stats.name}: {now.why})."})
        character["moved"] = True
        mover = seq.next_mover(state, player)
        if mover is None:
            seq.begin_action(state, events)
        else:
            state["to_move"] = mover

    def _act(self, state: State, actor: str, target: str, die: int,
             events: list[Event]) -> None:
        state["characters"][actor].update(acted=True, active=True)
        step_into_contact(state, actor, target)
        chance = odds(state, actor, target)
        side = state["characters"][actor]["side"]
        if succeeds(state, chance, die):
            self._fall(state, target, side)
            events.append({"type": "act", "player": side,
                           "text": f"{actor} acts on {target}: {die}, {chance.words()}: "
                                   f"{target} is put on its side."})
            seq.after_action(state, side, events)
            return
        events.append({"type": "act", "player": side,
                       "text": f"{actor} acts on {target}: {die}, {chance.words()}: it fails. "
                               f"{target} may respond."})
        state["pending"] = {"actor": actor, "target": target}
        state["phase"] = "response"
        state["to_move"] = state["characters"][target]["side"]

    def _respond(self, state: State, responder: str, actor: str, die: int,
                 events: list[Event]) -> None:
        chance = odds(state, responder, actor)
        side = state["characters"][responder]["side"]
        state["characters"][responder]["active"] = True
        if succeeds(state, chance, die):
            self._fall(state, actor, side)
            said = f"{actor} is put on its side."
        else:
            said = "it fails too."
        events.append({"type": "respond", "player": side,
                       "text": f"{responder} responds: {die}, {chance.words()}: {said}"})
        seq.after_action(state, side, events)

    @staticmethod
    def _fall(state: State, cid: str, by: str) -> None:
        state["characters"][cid]["status"] = "fallen"
        state["falls"][by] += 1

    # -- checks -----------------------------------------------------------------------

    def _own(self, state: State, player: str, cid: Any) -> str:
        characters = state["characters"]
        if not isinstance(cid, str) or cid not in characters:
            raise InvalidAction(f'Name the "character": one of {", ".join(characters)}.')
        character = characters[cid]
        if character["status"] != "in":
            raise IllegalAction(f"{cid} is out of play ({_GONE[character['status']]}).")
        if character["side"] != player:
            raise IllegalAction(f"{cid} is {seq.title(character['side'])}'s, not "
                                f"{seq.title(player)}'s.")
        return cid

    def _check_character(self, state: State, cid: str, kind: str, action: Action) -> None:
        character = state["characters"][cid]
        if kind in ("move", "stay"):
            if character["moved"]:
                raise IllegalAction(f"{cid} has already moved this turn.")
            if kind == "move":
                judge_move(state, cid, action, standing(state, cid))
            elif self._must_walk(state, cid):
                scale, u = unit(state["options"])
                raise IllegalAction(f"{cid} is unobserved ({standing(state, cid).why}): it "
                                    f"must walk {UNOBSERVED.move * scale:g} {u} towards the edge.")
            return
        if character["acted"]:
            raise IllegalAction(f"{cid} has already acted this turn.")
        target = action.get("target")
        if target not in state["characters"]:
            raise InvalidAction(f'Name the "target": one of {", ".join(state["characters"])}.')
        if target not in enemies_in_range(state, cid):
            raise IllegalAction(f"{target} is not an enemy within "
                                f"{state['options']['action_range']:g} {unit(state['options'])[1]} "
                                f"of {cid}.")

    @staticmethod
    def _mine(state: State, player: str, done_flag: str) -> list[str]:
        return [cid for cid in in_play(state) if state["characters"][cid]["side"] == player
                and not state["characters"][cid][done_flag]]

    @staticmethod
    def _must_walk(state: State, cid: str) -> bool:
        return state["options"]["must_walk"] and standing(state, cid).stats is UNOBSERVED

    # -- words ------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        return describe(state, action)

    def parse(self, state: State, text: str) -> Action:
        return parse(state, text, self.to_move(state))

    def render(self, state: State) -> str:
        return render(state)

    def summary(self, state: State) -> dict[str, Any] | None:
        return summary(state)

    def picture(self, state: State, focus: str | None = None) -> str | None:
        return picture(state, focus)


_PHASE_ACTIONS = {
    "setup": ("place",), "first": ("first", "roll_first"), "movement": ("move", "stay"),
    "action": ("act", "done"), "response": ("respond", "decline"), "split": ("split",),
    "choose": ("choose",),
}
_DURING = {
    "setup": "While the pieces are set up", "first": "While choosing who goes first",
    "movement": "In the movement phase", "action": "In the action phase",
    "response": "In a free response", "split": "In the split",
    "choose": "While a group is chosen",
}
_GONE = {"fallen": "on its side", "left": "it walked off the field",
         "waiting": "not placed yet"}
