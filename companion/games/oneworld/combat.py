"""OneWorld combat (rules 8 and 10.4): every hostile encounter of the turn's move, fought
in rounds of secret transformation, reveal and simultaneous resolution; a child against
a god.

The combat phase works through a queue of encounters in map order. A round between
children: both players ``commit`` to their new aspects (any order), then both ``reveal``
(see ``secrets``); with the ``"secrets": "table"`` option the referee enters
both revealed stacks at once with ``hurl``. A child against a god: the child's player
commits, the god's player ``announce``\\ s the god's aspect, the child's player reveals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.games.base import Action, Event, State
from companion.games.oneworld.secrets import SALT_MIN, is_commitment, matches
from companion.games.oneworld.state import (
    ASPECTS,
    BEATS,
    PLAYERS,
    aspect_counts,
    child_indices,
    count_at,
    describe_counts,
    event,
    god_in,
    hostile_hexes,
    other,
    player_field,
    require,
    send_home,
    stack,
    title,
)

FRUSTRATION_ROUNDS = 3


def open_combat(state: State) -> list[Event]:
    """Start the combat phase: queue every encounter the move caused."""
    queue = hostile_hexes(state)
    attack = state["this_turn"]["god_attack"]
    if attack and count_at(state, state["player"], attack):
        queue.append(attack)
    state["phase"] = "combat"
    state["combat"] = {"queue": queue, "current": None}
    return _next_encounter(state)


def _next_encounter(state: State) -> list[Event]:
    combat = state["combat"]
    if not combat["queue"]:
        state["combat"] = None
        return []
    at = combat["queue"].pop(0)
    attacker = state["player"]
    if god_in(state, at) == other(attacker):
        combat["current"] = {"at": at, "kind": "god", "attacker": attacker,
                             "commit": None, "god_aspect": None}
        return [event("combat", f"Combat versus {title(other(attacker))} on {at}.", at=at)]
    combat["current"] = {"at": at, "kind": "children", "round": 1, "quiet": 0,
                         "commits": dict.fromkeys(PLAYERS), "reveals": dict.fromkeys(PLAYERS)}
    borg, chez = stack(state, "borg", at), stack(state, "chez", at)
    return [event("combat", f"Combat on {at}: BORG {describe_counts(borg)} against CHEZ "
                  f"{describe_counts(chez)}.", at=at)]


def combat_player(state: State) -> str:
    """Return who must act next in the current encounter."""
    current = state["combat"]["current"]
    table = state["options"]["secrets"] == "table"
    if current["kind"] == "god":
        if current["commit"] is None and not table:
            return current["attacker"]
        return other(current["attacker"]) if current["god_aspect"] is None else current["attacker"]
    order = (state["player"], other(state["player"]))
    if table:
        return state["player"]
    for player in order:
        if current["commits"][player] is None:
            return player
    return next(p for p in order if current["reveals"][p] is None)


def combat_waiting(state: State) -> list[str]:
    """Return everyone who may act now (both players while commitments are open)."""
    current = state["combat"]["current"]
    if current["kind"] == "children" and state["options"]["secrets"] == "commit":
        stage = "commits" if None in current["commits"].values() else "reveals"
        return [p for p in (state["player"], other(state["player"])) if current[stage][p] is None]
    return [combat_player(state)]


def check_combat(state: State, action: Action) -> None:
    current = state["combat"]["current"]
    kind = action["type"]
    table = state["options"]["secrets"] == "table"
    if current["kind"] == "children" and table:
        require(kind == "hurl", f"Combat on {current['at']}: enter both revealed stacks with "
                '"hurl": {"aspects": {"borg": {...}, "chez": {...}}}.', current["at"])
        aspects = action.get("aspects")
        require(isinstance(aspects, dict) and set(aspects) == set(PLAYERS),
                'A hurl gives "aspects" for both "borg" and "chez".')
        for player in PLAYERS:
            _check_choice(state, player, aspects[player])
        return
    if kind == "reveal" and current["kind"] == "children" and _commit_stage(state):
        waiting = ", ".join(title(p) for p in combat_waiting(state))
        require(False, f"No reveal before both sides have committed: {waiting} has not "
                "chosen yet.", current["at"])
    player = player_field(action, combat_waiting(state))
    if current["kind"] == "god" and player != current["attacker"]:
        require(kind == "announce", f"{title(player)} now announces the god's aspect.")
        require(action.get("aspect") in ASPECTS, '"aspect" is stone, blade or fog.')
        return
    if kind == "commit":
        require(not table and (current["kind"] == "children" or current["commit"] is None),
                "There is nothing to commit to now.")
        require(is_commitment(action.get("commitment")),
                'A commitment is the 64 hex digits of sha256(salt + ":" + choice).')
        return
    require(kind == "reveal", f"{title(player)} must now "
            f"{'commit' if _commit_stage(state) else 'reveal'} a choice for {current['at']}.")
    if table:
        require(action.get("choice") in ASPECTS, 'Reveal the child\'s aspect: "choice".')
        return
    committed = current["commits"][player] if current["kind"] == "children" else current["commit"]
    salt = action.get("salt")
    require(isinstance(salt, str) and len(salt) >= SALT_MIN,
            f"A reveal carries the salt of the commitment ({SALT_MIN} characters or more).")
    require(matches(committed, action.get("choice"), salt),
            f"{title(player)}'s reveal does not match the commitment: refused.", current["at"])


def _commit_stage(state: State) -> bool:
    current = state["combat"]["current"]
    if current["kind"] == "god":
        return current["commit"] is None
    return None in current["commits"].values()


def _check_choice(state: State, player: str, choice: Any) -> dict[str, int]:
    at = state["combat"]["current"]["at"]
    counts = aspect_counts(choice, f"{title(player)}'s aspects")
    have = count_at(state, player, at)
    require(sum(counts.values()) == have,
            f"{title(player)} has {have} children on {at}; the aspects given count "
            f"{sum(counts.values())}.", at)
    return counts


def resolve_combat(state: State, action: Action) -> list[Event]:
    current = state["combat"]["current"]
    kind = action["type"]
    if kind == "hurl":
        current["reveals"] = {p: aspect_counts(action["aspects"][p], p) for p in PLAYERS}
        return _resolve_round(state) + _after(state)
    player = action.get("player")
    if kind == "commit":
        if current["kind"] == "god":
            current["commit"] = action["commitment"]
        else:
            current["commits"][player] = action["commitment"]
        return [event("commit", f"{title(player)} has chosen in secret.", player=player)]
    if kind == "announce":
        current["god_aspect"] = action["aspect"]
        return [event("announce", f"{title(player)} announces: the god is "
                      f"{action['aspect'].capitalize()}.", aspect=action["aspect"])]
    if current["kind"] == "god":
        return _resolve_god(state, action["choice"]) + _after(state)
    try:
        choice = _check_choice(state, player, action["choice"])
        text = f"{title(player)} reveals {describe_counts(choice)}."
    except ValueError:
        choice = stack(state, player, current["at"])
        text = (f"{title(player)} committed to an impossible choice; the children keep their "
                f"aspects: {describe_counts(choice)}.")
    current["reveals"][player] = choice
    events = [event("reveal", text, player=player, choice=choice)]
    if None in current["reveals"].values():
        return events
    return events + _resolve_round(state) + _after(state)


def _resolve_round(state: State) -> list[Event]:
    """Rule 8.23: for every friendly Blade an enemy Fog dies, for every Fog a Stone, for
    every Stone a Blade (the third clause read as the chart and example B read it)."""
    current = state["combat"]["current"]
    at, shown = current["at"], current["reveals"]
    losses = {p: dict.fromkeys(ASPECTS, 0) for p in PLAYERS}
    for player in PLAYERS:
        enemy = other(player)
        for aspect in ASPECTS:
            losses[enemy][BEATS[aspect]] = min(shown[player][aspect], shown[enemy][BEATS[aspect]])
    for player in PLAYERS:
        survivors = [a for a in ASPECTS for _ in range(shown[player][a] - losses[player][a])]
        for k, index in enumerate(child_indices(state, player, at)):
            if k < len(survivors):
                state["children"][player][index]["aspect"] = survivors[k]
            else:
                send_home(state, player, index)
    damage = sum(sum(v.values()) for v in losses.values())
    text = (f"Round {current['round']} on {at}: BORG {describe_counts(shown['borg'])} against "
            f"CHEZ {describe_counts(shown['chez'])}; BORG loses "
            f"{describe_counts(losses['borg'])}, CHEZ loses {describe_counts(losses['chez'])}.")
    events = [event("round", text, at=at, round=current["round"], shown=shown, losses=losses)]
    if damage:
        if state["options"]["frustration_rounds"] == "consecutive":
            current["quiet"] = 0
    else:
        current["quiet"] += 1
    if state["options"]["frustration_clause"] and current["quiet"] >= FRUSTRATION_ROUNDS:
        for player in PLAYERS:
            for index in child_indices(state, player, at):
                send_home(state, player, index)
        events.append(event("frustration", f"Frustration Clause: {FRUSTRATION_ROUNDS} rounds "
                            f"without damage on {at}; both sides are eliminated.", at=at))
    return events


def _resolve_god(state: State, aspect: str) -> list[Event]:
    current = state["combat"]["current"]
    at, attacker = current["at"], current["attacker"]
    god = other(attacker)
    god_aspect = current["god_aspect"]
    events = [event("reveal", f"The {title(attacker)} child reveals "
                    f"{aspect.capitalize()} against {title(god)}'s {god_aspect.capitalize()}.",
                    choice=aspect)]
    if BEATS[aspect] == god_aspect:
        state["gods"][god]["lives"] -= 1
        lives = state["gods"][god]["lives"]
        events.append(event("god_life", f"{title(god)} is defeated and loses a life; "
                            f"{lives} left.", player=god, lives=lives))
    else:
        events.append(event("god_life", f"{title(god)} is not defeated.", player=god,
                            lives=state["gods"][god]["lives"]))
    for index in child_indices(state, attacker, at):
        send_home(state, attacker, index)
    events.append(event("child_dies", f"The {title(attacker)} child always dies (10.4).",
                        player=attacker))
    return events


def _after(state: State) -> list[Event]:
    """Finish the round: another round, the next encounter, or the end of combat."""
    current = state["combat"]["current"]
    at = current["at"]
    if current["kind"] == "god" or not all(count_at(state, p, at) for p in PLAYERS):
        if current["kind"] == "children":
            left = [title(p) for p in PLAYERS if count_at(state, p, at)]
            text = (f"Combat on {at} is over: {left[0]} holds the hex." if left else
                    f"Combat on {at} is over: no child is left.")
            events = [event("combat_over", text, at=at)]
        else:
            events = []
        state["combat"]["current"] = None
        if any(g["lives"] <= 0 for g in state["gods"].values()):
            return events
        return events + _next_encounter(state)
    current["round"] += 1
    current["commits"] = dict.fromkeys(PLAYERS)
    current["reveals"] = dict.fromkeys(PLAYERS)
    return []


def combat_actions(state: State) -> Iterator[Action]:
    """Yield the plain actions of the combat phase (announces, table hurls); commitments
    and reveals need a client's secret salt, so ``legal_choices`` lists what may be
    chosen instead."""
    current = state["combat"]["current"]
    if current["kind"] == "god" and current["god_aspect"] is None and (
        current["commit"] is not None or state["options"]["secrets"] == "table"
    ):
        for aspect in ASPECTS:
            yield {"type": "announce", "player": other(current["attacker"]), "aspect": aspect}
    elif current["kind"] == "god" and state["options"]["secrets"] == "table" \
            and current["god_aspect"] is not None:
        for aspect in ASPECTS:
            yield {"type": "reveal", "player": current["attacker"], "choice": aspect}
    elif current["kind"] == "children" and state["options"]["secrets"] == "table":
        at = current["at"]
        yield {"type": "hurl", "aspects": {p: stack(state, p, at) for p in PLAYERS}}


def legal_choices(state: State, player: str) -> list[Any]:
    """Return every choice ``player`` may commit to in the current encounter."""
    current = state["combat"]["current"]
    if current["kind"] == "god":
        return list(ASPECTS) if player == current["attacker"] else []
    have = count_at(state, player, current["at"])
    return [{"stone": s, "blade": b, "fog": have - s - b}
            for s in range(have + 1) for b in range(have + 1 - s)]
