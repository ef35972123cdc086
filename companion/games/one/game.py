"""ONE: 2-6 players place stones on a ring board and capture by jumping.

The rules are in ``rules/one-ring-stones.txt``; where they are silent the rulings (and
the options that change them) are in ``docs/rulings.md`` under "ONE", and every action
is described in ``docs/games/one.md``.

A state holds what the camera needs to check the table: the content of every space,
the stones each player still has in hand, and the stones each player has captured
(per colour captured). Actions::

    {"type": "place", "player": "black", "at": "C3"}
    {"type": "jump", "player": "white", "path": ["A1", "C1", "C3"]}   # optional "over"
    {"type": "pass", "player": "red"}
    {"type": "resign", "player": "blue"}
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from companion.games.base import (
    Action,
    CameraSetup,
    Event,
    IllegalAction,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.one.jumps import (
    chains,
    jump_action,
    jump_spaces,
    resolve_jump,
    space_name,
)
from companion.games.one.summary import panel
from companion.games.stones import (
    COLOURS,
    StoneGame,
    board_geometry,
    geometry_of,
    groups,
    render,
    title,
)
from companion.geometry import Geometry

DEFAULT_OPTIONS: dict[str, Any] = {
    "board": "one-60",
    "players": 2,
    "colours": None,
    "stones": None,
    "remainder": "leave_empty",
    "captures": True,
    "capture_points": "captor",
    "chain_turns": True,
    "allow_pass": False,
}
ONE_ENDINGS = {  # how a game of ONE ends, in words for the result card
    "all_passed": "every player passed, and the largest groups were counted",
    "out_of_stones": "the stones ran out, and the largest groups were counted",
}


class One(StoneGame):
    """The ONE rules engine (see the module docstring for actions and state)."""

    name = "one"
    title = "ONE"
    jumps = True
    player_choices = (2, 3, 4, 5, 6)
    board_choices = ("one-60",)
    camera = CameraSetup(("one-60",), "stones",
                         ("black", "white", "red", "blue", "green", "yellow"))

    # -- setting up ---------------------------------------------------------------

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = _normalise(options or {})
        geometry = board_geometry(opts["board"])
        players = opts["colours"]
        count = len(players)
        if opts["stones"] is not None:
            stones = {p: opts["stones"] for p in players}
        else:
            each, extra = divmod(len(geometry), count)
            first = extra if opts["remainder"] == "first_players" else 0
            stones = {p: each + (1 if i < first else 0) for i, p in enumerate(players)}
        if sum(stones.values()) > len(geometry):
            raise ValueError(
                f"{sum(stones.values())} stones do not fit on a board of {len(geometry)} spaces."
            )
        return {
            "game": self.name,
            "options": opts,
            "players": players,
            "board": {name: None for name in geometry.names},
            "start": stones,
            "hand": dict(stones),
            "captured": {p: {q: 0 for q in players if q != p} for p in players},
            "to_move": players[0],
            "resigned": [],
            "ending": False,
            "passes": 0,
            "over": None,
            "moves": 0,
        }

    # -- the protocol ---------------------------------------------------------------

    def to_move(self, state: State) -> str | None:
        return None if state["over"] else state["to_move"]

    def phase(self, state: State) -> str:
        if state["over"]:
            return "over"
        return "last round" if state["ending"] else "play"

    def ending_words(self, termination: str) -> str:
        return ONE_ENDINGS.get(termination) or super().ending_words(termination)

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = self.scores(state)
        active = [p for p in state["players"] if p not in state["resigned"]]
        best = max(scores[p] for p in active)
        winners = tuple(p for p in active if scores[p] == best)
        return Outcome(state["over"], winners, scores)

    def scores(self, state: State) -> dict[str, int]:
        """Each player's score now: largest connected group + 2 per captured stone
        (or - 2 per stone lost, with ``capture_points: "owner"``)."""
        geometry = geometry_of(state)
        opts = state["options"]
        scores = {}
        for player in state["players"]:
            largest = max((len(g) for g in groups(geometry, state["board"], player)), default=0)
            if not opts["captures"]:
                bonus = 0
            elif opts["capture_points"] == "owner":
                bonus = -2 * sum(state["captured"][p].get(player, 0) for p in state["players"])
            else:
                bonus = 2 * sum(state["captured"][player].values())
            scores[player] = largest + bonus
        return scores

    def legal_actions(self, state: State) -> Iterator[Action]:
        if state["over"]:
            return
        player = state["to_move"]
        geometry = geometry_of(state)
        board = state["board"]
        moves = 0
        if state["hand"][player] > 0:
            for name in geometry.names:
                if board[name] is None:
                    moves += 1
                    yield {"type": "place", "player": player, "at": name}
        if state["options"]["captures"]:
            for start in geometry.names:
                if board[start] == player:
                    for path, over in chains(geometry, state, start):
                        moves += 1
                        yield jump_action(geometry, player, path, over)
        if moves == 0 or state["options"]["allow_pass"]:
            yield {"type": "pass", "player": player}
        yield {"type": "resign", "player": player}

    def may_change(self, state: State, action: Action) -> Collection[str] | None:
        """A placement's space; a jump's path and the stones it jumps; a pass or a
        resignation changes no space."""
        if action["type"] == "place":
            return (action["at"],)
        if action["type"] == "jump":
            return jump_spaces(geometry_of(state), action)
        return ()

    def check(self, state: State, action: Action) -> None:
        kind = action["type"]
        if kind not in ("place", "jump", "pass", "resign"):
            raise InvalidAction(
                f"ONE has no action {kind!r}: the actions are place, jump, pass and resign."
            )
        player = _player(state, action)
        if kind == "resign":
            return
        if player != state["to_move"]:
            raise IllegalAction(f"It is {title(state['to_move'])}'s turn, not {title(player)}'s.")
        geometry = geometry_of(state)
        if kind == "place":
            self._check_place(state, geometry, player, action)
        elif kind == "jump":
            resolve_jump(state, geometry, player, action, dict(state["board"]))
        elif not state["options"]["allow_pass"] and self._can_move(state, geometry, player):
            raise IllegalAction(
                f"{title(player)} cannot pass while a stone can be placed or a capture made "
                '(the "allow_pass" option lets players pass).'
            )

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        player = action["player"]
        kind = action["type"]
        events: list[Event] = []
        if kind == "resign":
            return self._resign(state, player)
        state["moves"] += 1
        if kind == "pass":
            state["passes"] += 1
            events.append({"type": "pass", "player": player, "text": f"{title(player)} passes."})
        else:
            state["passes"] = 0
        if kind == "place":
            at = action["at"]
            state["board"][at] = player
            state["hand"][player] -= 1
            events.append({
                "type": "place", "player": player, "at": at,
                "text": f"{title(player)} places on {at}.",
            })
            if state["hand"][player] == 0 and not state["ending"]:
                state["ending"] = True
                first = title(state["players"][0])
                events.append({
                    "type": "out_of_stones", "player": player,
                    "text": f"{title(player)} has placed the last stone: the game ends when "
                            f"play comes back to {first}.",
                })
        elif kind == "jump":
            geometry = geometry_of(state)
            hops = resolve_jump(state, geometry, player, action, state["board"])
            for start, over, end, victim in hops:
                state["captured"][player][victim] += 1
                events.append({
                    "type": "capture", "player": player, "from": start, "over": over,
                    "to": end, "captured": victim,
                    "text": f"{title(player)} jumps from {start} over {over} to {end} "
                            f"and captures a {title(victim)} stone.",
                })
        active = self._active(state)
        if kind == "pass" and state["passes"] >= len(active):
            events.append(self._finish(state, "all_passed"))
        else:
            events += self._advance(state)
        if state["over"]:  # it ends at once: no "ends when play comes back" before it
            for event in events:
                if event["type"] == "out_of_stones":
                    event["text"] = f"{title(event['player'])} has placed the last stone."
        return events

    def summary(self, state: State) -> dict[str, Any]:
        return panel(state, self.scores(state))

    def render(self, state: State) -> str:
        board = render(geometry_of(state), state["board"])
        hands = ", ".join(f"{title(p)} {state['hand'][p]}" for p in state["players"])
        scores = ", ".join(f"{title(p)} {s}" for p, s in self.scores(state).items())
        return f"{board}\nStones in hand: {hands}\nScores now: {scores}"

    # -- helpers ------------------------------------------------------------------

    def _check_place(self, state: State, geometry: Geometry, player: str, action: Action) -> None:
        at = action.get("at")
        if not isinstance(at, str):
            raise InvalidAction('A place action names its space: {"type": "place", "at": "C3"}.')
        space_name(geometry, at)
        if state["hand"][player] == 0:
            raise IllegalAction(f"{title(player)} has no stones left.")
        owner = state["board"][at]
        if owner is not None:
            raise IllegalAction(f"{at} is taken by {title(owner)}.", spaces=[at])

    def _can_move(self, state: State, geometry: Geometry, player: str) -> bool:
        if state["hand"][player] > 0 and None in state["board"].values():
            return True
        return state["options"]["captures"] and any(
            next(chains(geometry, state, s), None) is not None
            for s in geometry.names
            if state["board"][s] == player
        )

    def _active(self, state: State) -> list[str]:
        return [p for p in state["players"] if p not in state["resigned"]]

    def _resign(self, state: State, player: str) -> list[Event]:
        state["resigned"].append(player)
        events: list[Event] = [{
            "type": "resign", "player": player, "text": f"{title(player)} resigns.",
        }]
        active = self._active(state)
        if len(active) == 1:
            events.append(self._finish(state, "resignation"))
        elif state["to_move"] == player:
            events += self._advance(state)
        return events

    def _advance(self, state: State) -> list[Event]:
        players = state["players"]
        seat = players.index(state["to_move"])
        for step in range(1, len(players) + 1):
            if state["ending"] and seat + step >= len(players):
                return [self._finish(state, "out_of_stones")]
            nxt = players[(seat + step) % len(players)]
            if nxt not in state["resigned"]:
                state["to_move"] = nxt
                return []
        return [self._finish(state, "resignation")]

    def _finish(self, state: State, termination: str) -> Event:
        state["over"] = termination
        outcome = self.outcome(state)
        assert outcome is not None
        names = " and ".join(title(w) for w in outcome.winners)
        verb = "share the win" if outcome.is_tie else "wins"
        scores = ", ".join(f"{title(p)} {s}" for p, s in outcome.scores.items())
        text = (f"The game is over: {names} {verb}, the others having resigned."
                if termination == "resignation" else
                f"The game is over: {names} {verb} ({scores}).")
        return {
            "type": "game_over", "termination": termination, "winners": list(outcome.winners),
            "scores": dict(outcome.scores), "text": text,
        }


# -- options --------------------------------------------------------------------------


def _normalise(options: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(
            f"ONE has no option {unknown[0]!r}; the options are {', '.join(DEFAULT_OPTIONS)}."
        )
    opts = {**DEFAULT_OPTIONS, **options}
    players = opts["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise ValueError(f'ONE is for 2 to 6 players; "players" was {players!r}.')
    colours = opts["colours"] if opts["colours"] is not None else list(COLOURS[:players])
    if (
        not isinstance(colours, list)
        or len(colours) != players
        or len(set(colours)) != players
        or not set(colours) <= set(COLOURS)
    ):
        raise ValueError(
            f'"colours" lists {players} different colours in turn order, from {", ".join(COLOURS)}.'
        )
    opts["colours"] = list(colours)
    stones = opts["stones"]
    if stones is not None and (
        not isinstance(stones, int) or isinstance(stones, bool) or stones < 1
    ):
        raise ValueError(
            f'"stones" is the number of stones each player starts with; got {stones!r}.'
        )
    choices = {
        "remainder": ("leave_empty", "first_players"),
        "capture_points": ("captor", "owner"),
    }
    for key, allowed in choices.items():
        if opts[key] not in allowed:
            raise ValueError(f'"{key}" is one of {", ".join(allowed)}; got {opts[key]!r}.')
    for key in ("captures", "chain_turns", "allow_pass"):
        if not isinstance(opts[key], bool):
            raise ValueError(f'"{key}" is true or false; got {opts[key]!r}.')
    if not isinstance(opts["board"], str):
        raise ValueError('"board" names a bundled board (such as "one-60") or a board file.')
    board_geometry(opts["board"])
    return opts


# -- reading actions ----------------------------------------------------------------


def _player(state: State, action: Action) -> str:
    player = action.get("player")
    if player is None:
        raise InvalidAction('An action names its player, such as "player": "black".')
    if player not in state["players"]:
        raise InvalidAction(
            f"There is no player {player!r} in this game; the players are "
            f"{', '.join(state['players'])}."
        )
    if player in state["resigned"]:
        raise IllegalAction(f"{title(player)} has resigned and plays no more.")
    return player
