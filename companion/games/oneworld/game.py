"""OneWorld (Metagaming, 1979): two gods, BORG and CHEZ, and their children of Stone,
Blade and Fog fight on a hex map of Crystal Pylons, Runelines and Faults of Chaos.

The game object ties the rules modules together by phase:

- set-up (``setup``): ``roll_for_setup`` and the set-up steps;
- ``movement`` (``movement``): ``move``, ``move_gods`` (Flee-While-You-Can),
  ``transform`` (God Powers), ``end_movement``;
- ``reinforcement`` (``towers``): ``reinforce``, ``decline_reinforcement``;
- ``combat`` (``combat``): ``commit``, ``reveal``, ``announce``, ``hurl``; the choices
  stay sealed through undo, and the referee annuls a round's instead (``sealed``).

Every action, the phases and the secret-choice protocol are described in
``docs/games/oneworld.md``; the rulings in ``docs/rulings.md``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import Action, CameraSetup, DiceRequest, Event, Game, Outcome, State
from companion.games.oneworld.by_hand import clear_hex, move_hex
from companion.games.oneworld.combat import (
    check_combat,
    combat_actions,
    combat_player,
    legal_choices,
    open_combat,
    resolve_combat,
)
from companion.games.oneworld.guesses import guess_moves
from companion.games.oneworld.movement import move_actions, plan_move, resolve_move
from companion.games.oneworld.options import resolve_options
from companion.games.oneworld.sealed import annul_round, undo_barrier
from companion.games.oneworld.setup import (
    check_setup,
    initial_setup,
    resolve_setup,
    setup_actions,
    setup_dice,
    setup_player,
)
from companion.games.oneworld.state import (
    ASPECTS,
    CHILDREN,
    PLAYERS,
    UNDER_TOWER,
    UNPLACED,
    board_of,
    child_indices,
    count_at,
    ends_of,
    event,
    fresh_turn,
    god_in,
    occupied_hexes,
    on_map,
    other,
    player_field,
    require,
    title,
    tower_sites,
    towers,
    where,
)
from companion.games.oneworld.summary import panel
from companion.games.oneworld.towers import (
    move_tower,
    reinforcement_dice,
    reinforcement_problem,
    resolve_reinforcement,
)
from companion.games.oneworld.words import describe_action, hex_words

_TURN_ACTIONS = {
    "movement": ("move", "move_gods", "transform", "end_movement"),
    "reinforcement": ("reinforce", "decline_reinforcement"),
}


PHASE_WORDS = {
    "stacking_roll": "the roll for the stacking limit",
    "setup_roll": "the roll for who sets up first",
    "setup_order": "choosing who sets up first",
    "movement": "movement",
    "reinforcement": "reinforcement",
    "combat": "combat",
}
"""OneWorld's phases as its rules name them (3.2 the die roll, 4.2 the turn's phases, the
variant stacking limits); every other set-up step is "setting up"."""


class OneWorld(Game):
    """The rules engine of OneWorld with every optional rule of section 12 as an option."""

    name = "oneworld"
    title = "OneWorld"
    uses_dice = True
    board_choices = ("oneworld",)
    camera = CameraSetup(("oneworld",), "counters")
    action_fields = {"commit": ("player", "commitment"),
                     "reveal": ("player", "choice", "salt")}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        resolved = resolve_options(options)
        board = board_of({"options": resolved})
        require_board = len(ends_of(board)) == 2 and len(tower_sites(board)) == 2
        if not require_board:
            raise ValueError(
                "A OneWorld mapsheet needs two \"ends\" and two hexes with a \"tower_site\"."
            )
        rolled = resolved["stacking_limit"] == "roll"
        return {
            "game": self.name,
            "options": resolved,
            "phase": "stacking_roll" if rolled else "setup_roll",
            "player": None,
            "turn": 0,
            "stacking_limit": None if rolled else resolved["stacking_limit"],
            "setup": initial_setup(resolved),
            "ends": {},
            "towers": {},
            "gods": {p: {"at": None, "lives": resolved["god_lives"][p]} for p in PLAYERS},
            "children": {p: [{"at": UNPLACED, "aspect": None} for _ in range(CHILDREN)]
                         for p in PLAYERS},
            "this_turn": fresh_turn(),
            "combat": None,
        }

    # -- whose move, what phase, the end --------------------------------------------

    def phase_words(self, state: State) -> str:
        phase = state["phase"]
        if phase in PHASE_WORDS:
            return PHASE_WORDS[phase]
        return "setting up" if phase.startswith("setup_") else super().phase_words(state)

    def to_move(self, state: State) -> str | None:
        if self.outcome(state) is not None:
            return None
        phase = state["phase"]
        if phase == "combat":
            return combat_player(state)
        if phase in ("movement", "reinforcement"):
            return state["player"]
        return setup_player(state)

    def outcome(self, state: State) -> Outcome | None:
        dead = [p for p in PLAYERS if state["gods"][p]["lives"] <= 0]
        if dead:
            winner = other(dead[0])
            return Outcome("god destroyed", (winner,))
        if state["turn"] and not any(
            on_map(state, p) or where(state, p, UNDER_TOWER) for p in PLAYERS
        ):
            return Outcome("no children left", PLAYERS)
        return None

    def view(self, state: State) -> dict[str, Any]:
        """Every hex → ``None``, or its top counter as the camera sees it: ``{"side":
        "borg", "face": "stone", "stack": False}``. A stack's order is not kept, so its
        ``face`` (or ``side``) is given only when every counter in it shares one."""
        counters: dict[str, list[tuple[str, str]]] = {}
        for player in PLAYERS:
            for child in state["children"][player]:
                counters.setdefault(child["at"], []).append((player, child["aspect"]))
            god = state["gods"][player]
            if god["at"] is not None and god["lives"] > 0:
                counters.setdefault(god["at"], []).extend([(player, "god")] * god["lives"])
            if state["towers"].get(player):
                counters.setdefault(state["towers"][player], []).append((player, "tower"))
        seen: dict[str, Any] = dict.fromkeys(board_of(state).names)
        for hex_, here in counters.items():
            if hex_ in seen:
                content: dict[str, Any] = {"stack": len(here) > 1}
                for key, values in (("side", {s for s, _ in here}), ("face", {f for _, f in here})):
                    if len(values) == 1:
                        content[key] = values.pop()
                seen[hex_] = content
        return seen

    def set_by_hand(self, state: State, space: str, content: Any) -> None:
        clear_hex(state, space, content)

    def move_by_hand(self, state: State, start: str, end: str) -> None:
        move_hex(state, start, end)

    def annul_by_hand(self, state: State) -> None:
        annul_round(state)

    def undo_barrier(self, state_before: State, action: Action) -> str | None:
        return undo_barrier(state_before, action)

    def guess_actions(self, state: State, reading: Mapping[str, Any],
                      changed: Sequence[str]) -> list[Action]:
        return guess_moves(self.view(state), reading, changed)

    def piece_words(self, content: Any) -> str:
        return hex_words(content)

    def summary(self, state: State) -> dict[str, Any]:
        return panel(state)

    def seats(self, state: State) -> tuple[str, ...]:
        return PLAYERS

    def player_words(self, player: str) -> str:
        return title(player)

    # -- the protocol ----------------------------------------------------------------

    def legal_actions(self, state: State) -> Iterator[Action]:
        if self.outcome(state) is not None:
            return
        phase, player = state["phase"], state["player"]
        if phase == "movement":
            yield from move_actions(state)
            yield from self._god_actions(state)
            yield {"type": "end_movement", "player": player}
        elif phase == "reinforcement":
            yield {"type": "reinforce", "player": player}
            if state["options"]["optional_reinforcement"]:
                yield {"type": "decline_reinforcement", "player": player}
        elif phase == "combat":
            yield from combat_actions(state)
        else:
            yield from setup_actions(state)

    def describe(self, state: State, action: Action) -> str:
        """Return the action in words, a commitment without its hash."""
        return describe_action(action)

    def legal_choices(self, state: State, player: str) -> list[Any]:
        """Return the secret choices ``player`` may commit to now (empty if none): aspect
        counts for a stack of children, or an aspect for a child attacking a god."""
        if state["phase"] != "combat" or state["options"]["secrets"] != "commit":
            return []
        current = state["combat"]["current"]
        if current["kind"] == "children" and current["commits"][player] is None:
            return legal_choices(state, player)
        if current["kind"] == "god" and current["commit"] is None:
            return legal_choices(state, player)
        return []

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        kind = action.get("type")
        if kind == "move" and state["phase"] == "movement":
            plan = plan_move(state, action)
            if plan.faults:
                where_ = ", ".join(f"between {a} and {b}" for a, b in plan.faults)
                return DiceRequest(len(plan.faults), purpose=f"Fault of Chaos {where_}")
            return None
        if kind == "reinforce":
            return reinforcement_dice(state)
        return setup_dice(state, action)

    def check(self, state: State, action: Action) -> None:
        phase, kind = state["phase"], action["type"]
        if phase == "combat":
            check_combat(state, action)
        elif phase in _TURN_ACTIONS:
            require(kind in _TURN_ACTIONS[phase],
                    f"In the {phase} phase the actions are: {', '.join(_TURN_ACTIONS[phase])}.")
            player = player_field(action, [state["player"]])
            getattr(self, f"_check_{kind}")(state, player, action)
        else:
            check_setup(state, action)

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        phase, kind = state["phase"], action["type"]
        if phase == "combat":
            events = resolve_combat(state, action)
        elif phase in _TURN_ACTIONS:
            events = getattr(self, f"_resolve_{kind}")(state, action, list(dice))
        else:
            events = resolve_setup(state, action, dice)
        if state["phase"] == "combat" and state["combat"] is None:
            events += self._end_turn(state)
        outcome = self.outcome(state)
        if outcome is not None and state["phase"] != "over":
            state["phase"] = "over"
            state["combat"] = None
            events.append(event("game_over", _outcome_text(outcome), **outcome.to_json()))
        return events

    # -- movement phase --------------------------------------------------------------

    def _check_move(self, state: State, player: str, action: Action) -> None:
        plan_move(state, action)

    def _resolve_move(self, state: State, action: Action, dice: list[int]) -> list[Event]:
        return resolve_move(state, plan_move(state, action), dice)

    def _check_move_gods(self, state: State, player: str, action: Action) -> None:
        board = board_of(state)
        here, to = state["gods"][player]["at"], action.get("to")
        require(state["options"]["flee_while_you_can"],
                "The gods never want to move (10.3); only Flee-While-You-Can lets them.")
        require(state["gods"][player]["lives"] < state["options"]["god_lives"][player],
                f"{title(player)} may flee only after losing a life (Flee-While-You-Can).", here)
        require(not state["this_turn"]["gods_moved"], "The gods move one hex a turn.", here)
        require(isinstance(to, str) and to in board and board.adjacent(here, to),
                f"The gods move one hex a turn, to a hex next to {here}.", here)
        require(to not in towers(state).values(), f"No being can enter the Tower on {to}.", to)
        require(god_in(state, to) is None and not any(count_at(state, p, to) for p in PLAYERS),
                f"Fleeing gods may not enter a hex holding gods or children ({to}).", to)

    def _resolve_move_gods(self, state: State, action: Action, dice: list[int]) -> list[Event]:
        player = action["player"]
        here = state["gods"][player]["at"]
        state["gods"][player]["at"] = action["to"]
        state["this_turn"]["gods_moved"] = True
        return [event("gods_move", f"{title(player)}'s gods flee from {here} to {action['to']}.",
                      player=player, start=here, at=action["to"])]

    def _check_transform(self, state: State, player: str, action: Action) -> None:
        powers = state["options"]["god_powers"][player]
        at, aspect, to = action.get("at"), action.get("aspect"), action.get("to")
        require(powers > 0, f"{title(player)} has no God Powers in this game.")
        require(state["this_turn"]["transforms"] < powers,
                f"{title(player)} may transform {powers} child(ren) a turn, no more (God Powers).")
        require(aspect in ASPECTS and to in ASPECTS and aspect != to,
                'Say "aspect" (what the child is) and "to" (what it becomes), '
                "two different aspects.")
        require(isinstance(at, str) and bool(child_indices(state, player, str(at), str(aspect))),
                f"No {title(player)} {str(aspect).capitalize()} stands on {at}.")
        require(not count_at(state, other(player), at) and god_in(state, at) is None,
                f"The child on {at} is about to fight; only children not in combat transform.", at)

    def _resolve_transform(self, state: State, action: Action, dice: list[int]) -> list[Event]:
        player, at = action["player"], action["at"]
        index = child_indices(state, player, at, action["aspect"])[0]
        state["children"][player][index]["aspect"] = action["to"]
        state["this_turn"]["transforms"] += 1
        return [event("transform", f"{title(player)} turns a {action['aspect'].capitalize()} on "
                      f"{at} into {action['to'].capitalize()} (God Powers).", at=at)]

    def _check_end_movement(self, state: State, player: str, action: Action) -> None:
        return None

    def _resolve_end_movement(self, state: State, action: Action, dice: list[int]) -> list[Event]:
        problem = reinforcement_problem(state, state["player"])
        if problem is None:
            state["phase"] = "reinforcement"
            return [event("phase", f"{title(state['player'])}'s reinforcement phase.")]
        return [event("reinforcement", f"No reinforcement: {problem}")] + open_combat(state)

    def _god_actions(self, state: State) -> Iterator[Action]:
        player = state["player"]
        here = state["gods"][player]["at"]
        for to in board_of(state).neighbours(here):
            action = {"type": "move_gods", "player": player, "to": to}
            if self.validate(state, action):
                yield action
        if state["options"]["god_powers"][player] > state["this_turn"]["transforms"]:
            for at in occupied_hexes(state, player):
                for aspect in ASPECTS:
                    for to in ASPECTS:
                        action = {"type": "transform", "player": player, "at": at,
                                  "aspect": aspect, "to": to}
                        if self.validate(state, action):
                            yield action

    # -- reinforcement phase -----------------------------------------------------------

    def _check_reinforce(self, state: State, player: str, action: Action) -> None:
        problem = reinforcement_problem(state, player)
        require(problem is None, str(problem))

    def _resolve_reinforce(self, state: State, action: Action, dice: list[int]) -> list[Event]:
        return resolve_reinforcement(state, dice) + open_combat(state)

    def _check_decline_reinforcement(self, state: State, player: str, action: Action) -> None:
        require(state["options"]["optional_reinforcement"],
                "Reinforcement is not optional: 'the player will receive reinforcements' (9.2).")

    def _resolve_decline_reinforcement(
        self, state: State, action: Action, dice: list[int]
    ) -> list[Event]:
        return [event("reinforcement", f"{title(action['player'])} takes no reinforcement.")] \
            + open_combat(state)

    # -- end of turn ---------------------------------------------------------------------

    def _end_turn(self, state: State) -> list[Event]:
        player = state["player"]
        events: list[Event] = []
        if self.outcome(state) is None:
            events += move_tower(state, player)
        state["player"] = other(player)
        state["turn"] += 1
        state["this_turn"] = fresh_turn()
        state["phase"] = "movement" if self.outcome(state) is None else "over"
        outcome = self.outcome(state)
        if outcome is None:
            events.append(event("turn", f"Turn {state['turn']}: {title(other(player))} moves.",
                                player=other(player), turn=state["turn"]))
        else:
            events.append(event("game_over", _outcome_text(outcome), **outcome.to_json()))
        return events


def _outcome_text(outcome: Outcome) -> str:
    if outcome.is_tie:
        return "Neither god has a child left: the game ends in a tie."
    return f"{title(outcome.winners[0])} has a surviving god and rules OneWorld (11.2)."
