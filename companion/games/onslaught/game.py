"""ONSLAUGHT: two teams race to link the energy nodes and bring the enemy core to 0.

The engine follows ``docs/games/onslaught.md`` (the board, the turn and every action)
and the rulings in ``docs/rulings.md`` under "ONSLAUGHT". A turn is one piece's: it
rolls one die (``roll``), walks up to that many orthogonal steps (``move``, one step or a
whole ``path``), may challenge a piece next to it (``challenge``, two dice: the
challenger's, then the defender's), and ends with ``end_turn``, an ``attack`` on a linked
enemy core (one die) or ``heroism``.

The modules beside this one hold the parts: ``board`` (the layout read from
data), ``state`` (options, the starting state), ``checks`` (why an
action is illegal), ``play`` (what an action does) and ``text``
(the typed notation and the board as text for ``companion referee --play``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from companion.games.base import (
    Action,
    CameraSetup,
    DiceRequest,
    Event,
    Game,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.onslaught.board import enemy_of
from companion.games.onslaught.by_hand import move_square, set_square
from companion.games.onslaught.checks import (
    check_attack,
    check_challenge,
    check_heroism,
    check_move,
    check_turn,
    path_of,
)
from companion.games.onslaught.guesses import guess_moves
from companion.games.onslaught.play import (
    end_turn,
    place_on_core,
    remove,
    return_orb,
    step,
)
from companion.games.onslaught.state import PIECES, initial_state, label, layout_of
from companion.games.onslaught.summary import panel
from companion.games.onslaught.text import parse_text, render_text
from companion.games.onslaught.words import square_words

PHASE_WORDS = {  # a turn's phases as players say them ("over": the outcome says it)
    "roll": "rolling for moves", "move": "moving", "challenge": "a challenge",
}


class Onslaught(Game):
    """The ONSLAUGHT rules engine (2 or 4 players, red Liandri against blue Iron Guard)."""

    name: ClassVar[str] = "onslaught"
    title: ClassVar[str] = "ONSLAUGHT"
    uses_dice: ClassVar[bool] = True
    player_choices: ClassVar[tuple[int, ...]] = (2, 4)
    board_choices: ClassVar[tuple[str, ...]] = ("onslaught",)
    camera: ClassVar[CameraSetup | None] = CameraSetup(("onslaught",), "onslaught")
    action_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "move": ("piece", "to", "path")}

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return initial_state(options)

    def to_move(self, state: State) -> str | None:
        """Return the piece whose turn it is (``red1`` ...); in the 2-player game its
        team's player moves it (``state["controllers"]``)."""
        if state["winner"] is not None:
            return None
        return str(state["turn"]["piece"])

    def seats(self, state: State) -> tuple[str, ...]:
        """A seat per player: each piece in the 4-player game, each team in the 2-player."""
        return tuple(dict.fromkeys(state["controllers"].values()))

    def seat_of(self, state: State, action: Action) -> str | None:
        piece = action.get("piece") or self.to_move(state)
        return None if piece is None else state["controllers"].get(piece)

    def outcome(self, state: State) -> Outcome | None:
        winner = state["winner"]
        if winner is None:
            return None
        return Outcome(
            "core destroyed",
            (winner,),
            {team: core["health"] for team, core in state["cores"].items()},
        )

    def legal_actions(self, state: State) -> Iterator[Action]:
        if state["winner"] is not None:
            return
        piece = state["turn"]["piece"]
        pending = state["challenge"]
        if pending is not None:
            yield {"type": "challenge", "piece": piece, "target": pending["defender"]}
            return
        if state["turn"]["roll"] is None:
            yield {"type": "roll", "piece": piece}
            return
        here = state["pieces"][piece]["at"]
        candidates: list[Action] = [
            {"type": "move", "piece": piece, "to": to}
            for to in sorted(layout_of(state).geometry.neighbours(here))
        ]
        enemy = enemy_of(state["pieces"][piece]["team"])
        candidates += [
            {"type": "challenge", "piece": piece, "target": target}
            for target in PIECES
            if target.startswith(enemy)
        ]
        candidates += [
            {"type": "attack", "piece": piece},
            {"type": "heroism", "piece": piece},
            {"type": "end_turn", "piece": piece},
        ]
        for action in candidates:
            if self.validate(state, action):
                yield action

    def check(self, state: State, action: Action) -> None:
        piece = check_turn(state, action)
        kind = action["type"]
        if kind == "move":
            check_move(state, piece, action)
        elif kind == "challenge":
            check_challenge(state, piece, action)
        elif kind == "attack":
            check_attack(state, piece)
        elif kind == "heroism":
            check_heroism(state, piece)

    def may_change(self, state: State, action: Action) -> Collection[str] | None:
        """A move's squares: where the piece stands, those it walks through (an orb it
        carries goes along, a node token may turn), and where its team's orb stands and
        goes home to when a node takes it. Other actions are applied to see."""
        if action["type"] != "move":
            return None
        piece = state["turn"]["piece"]
        orb = state["orbs"][state["pieces"][piece]["team"]]
        return {state["pieces"][piece]["at"], orb["at"], orb["home"], *path_of(action)}

    def dice_needed(self, state: State, action: Action) -> DiceRequest | None:
        piece = state["turn"]["piece"]
        kind = action.get("type")
        if kind == "roll":
            return DiceRequest(1, 6, f"{label(piece)}'s moves")
        if kind == "challenge":
            target = action.get("target")
            defender = label(target) if target in PIECES else "the defender"
            return DiceRequest(2, 6, f"challenge: {label(piece)}'s die, then {defender}'s")
        if kind == "attack":
            enemy = enemy_of(state["pieces"][piece]["team"])
            return DiceRequest(1, 6, f"damage to the {enemy} core")
        return None

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        events: list[Event] = []
        piece = state["turn"]["piece"]
        kind = action["type"]
        if kind == "roll":
            if state["pieces"][piece]["at"] is None:
                place_on_core(state, piece, events)
            state["turn"]["roll"] = dice[0]
            state["turn"]["moves_left"] = dice[0]
            state["phase"] = "move"
            events.append({"type": "rolled", "piece": piece, "dice": list(dice),
                           "text": f"{label(piece)} rolls {dice[0]}"})
        elif kind == "move":
            for to in path_of(action):
                step(state, piece, to, events)
        elif kind == "challenge":
            self._challenge(state, piece, str(action["target"]), dice, events)
        elif kind == "attack":
            self._attack(state, piece, dice[0], events)
        elif kind == "heroism":
            enemy = enemy_of(state["pieces"][piece]["team"])
            events.append({"type": "heroism", "piece": piece, "orb": enemy,
                           "text": f"{label(piece)} gives itself up to return the "
                                   f"{enemy} orb"})
            return_orb(state, enemy, events)
            remove(state, piece, "heroism", events)
            end_turn(state, events)
        else:
            end_turn(state, events)
        return events

    def parse(self, state: State, text: str) -> Action:
        """Read a typed action: ``roll``, ``move D2 D3``, ``challenge blue2``, ``attack``,
        ``heroism``, ``end`` (see ``text``), or JSON."""
        if text.strip().startswith("{"):
            return super().parse(state, text)
        return parse_text(text)

    def render(self, state: State) -> str:
        return render_text(state)

    def view(self, state: State) -> dict[str, Any]:
        """Every square → ``None``, or what stands on it: ``{"pieces": ["red1"], "orbs":
        ["blue"], "token": "red"}`` (a carried orb is on its carrier's square; ``token``
        is the colour of a captured node's token, ``None`` on a neutral node)."""
        seen: dict[str, Any] = dict.fromkeys(layout_of(state).geometry.names)

        def at(square: str) -> dict[str, Any]:
            seen[square] = seen[square] or {"pieces": [], "orbs": [], "token": None}
            return seen[square]

        for piece in sorted(state["pieces"]):
            if state["pieces"][piece]["at"] is not None:
                at(state["pieces"][piece]["at"])["pieces"].append(piece)
        for team, orb in sorted(state["orbs"].items()):
            at(orb["at"])["orbs"].append(team)
        for square, node in state["nodes"].items():
            if node["owner"] is not None:
                at(square)["token"] = node["owner"]
        return seen

    def set_by_hand(self, state: State, space: str, content: Any) -> None:
        set_square(state, space, content)

    def move_by_hand(self, state: State, start: str, end: str) -> None:
        move_square(state, start, end)

    def guess_actions(self, state: State, reading: Mapping[str, Any],
                      changed: Sequence[str]) -> list[Action]:
        return guess_moves(state, self.view(state), reading, changed)

    def piece_words(self, content: Any) -> str:
        return square_words(content)

    def phase_words(self, state: State) -> str:
        return PHASE_WORDS.get(state["phase"], "")

    def summary(self, state: State) -> dict[str, Any]:
        return panel(state)

    def describe(self, state: State, action: Action) -> str:
        """Return the action in words: ``Red 1 moves to D2 → D3``."""
        named = action.get("piece", state["turn"]["piece"])
        if named not in PIECES:
            return super().describe(state, action)
        piece = label(named)
        enemy = enemy_of(state["pieces"][named]["team"])
        kind = action.get("type")
        target = action.get("target")
        if kind == "move":
            try:
                return f"{piece} moves to {' → '.join(path_of(action))}"
            except InvalidAction:
                return super().describe(state, action)
        if kind == "challenge" and target in PIECES:
            return f"{piece} challenges {label(target)}"
        words = {
            "roll": "rolls the die",
            "attack": f"attacks the {enemy} core",
            "heroism": f"gives itself up to return the {enemy} orb",
            "end_turn": "ends the turn",
        }
        if kind in words:
            return f"{piece} {words[kind]}"
        return super().describe(state, action)

    # -- the actions that roll dice -------------------------------------------------

    def _challenge(
        self, state: State, piece: str, target: str, dice: Sequence[int], events: list[Event]
    ) -> None:
        mine, theirs = dice
        if state["challenge"] is None:
            state["turn"]["challenges"] += 1
        state["challenge"] = None
        state["phase"] = "move"
        text = f"{label(piece)} challenges {label(target)}: {mine} against {theirs}"
        events.append({"type": "challenge", "challenger": piece, "defender": target,
                       "dice": [mine, theirs], "text": text})
        if mine == theirs:
            tie = state["options"]["challenge_tie"]
            if tie == "reroll":
                state["challenge"] = {"challenger": piece, "defender": target}
                state["phase"] = "challenge"
                events.append({"type": "challenge_tied", "text": "A tie: roll again"})
                return
            loser = piece if tie == "defender" else target
        else:
            loser = piece if mine < theirs else target
        remove(state, loser, "lost a challenge", events)
        if loser == piece:
            end_turn(state, events)

    def _attack(self, state: State, piece: str, damage: int, events: list[Event]) -> None:
        enemy = enemy_of(state["pieces"][piece]["team"])
        core = state["cores"][enemy]
        core["health"] = max(0, core["health"] - damage)
        events.append({"type": "core_attacked", "piece": piece, "core": enemy,
                       "damage": damage, "health": core["health"],
                       "text": f"{label(piece)} hits the {enemy} core for {damage}: "
                               f"{core['health']} left"})
        if core["health"] == 0:
            winner = state["pieces"][piece]["team"]
            state["winner"] = winner
            state["phase"] = "over"
            events.append({"type": "game_won", "team": winner,
                           "text": f"The {enemy} core is destroyed: {winner} wins"})
            return
        end_turn(state, events)
