"""Battle of Flags: the ONE WORLD deck's war game for two or more players (the rules'
"MORE GAMES"). Every round each player turns up the top card of their pile; the highest
value takes the cards played; ties are fought out with cards face down and face up; the
player who gathers every card wins.

The game has no decisions: its one action is ``{"type": "reveal"}``, which plays a
whole round (``battle.play_round``). The deal is a seeded shuffle (option ``seed``), so
a record replays the same game. Every pile is face down, its owner's too: the table
shows how many cards each holds (``public_state``, ``summary``), never their order.
The rulings are C15-C19 in docs/rulings.md, the options and events in
docs/games/oneworld-cards.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any

from companion.cards.deck import Deck, load_deck
from companion.games.base import Action, Event, Game, InvalidAction, Outcome, State
from companion.games.cards.dealing import shuffled
from companion.games.flags import text
from companion.games.flags.battle import play_round
from companion.games.flags.options import MAX_PLAYERS, normalise

SECRET = ("piles", "aside", "pot")
"""The parts of the state no player sees (``public_state``); the seed is one more."""
ENDINGS = {  # Outcome.termination → the result card's words
    "gathered_all": "one player gathered every card",
    "no_cards_left": "a tie took every player's last card",
    "round_cap": "the rounds ran out, and the most cards won",
}


class Flags(Game):
    """The Battle of Flags engine (see the module docstring)."""

    name = "flags"
    title = "Battle of Flags"
    hidden_information = True
    player_choices = tuple(range(2, MAX_PLAYERS + 1))

    @cached_property
    def deck(self) -> Deck:
        """The 199 country cards."""
        return load_deck()

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = normalise(options or {})
        players = [f"player{n}" for n in range(1, opts["players"] + 1)]
        cards = shuffled([card.code for card in self.deck], opts["seed"], "flags")
        cards = cards[:opts["cards"]]
        each = len(cards) // len(players)
        return {
            "game": self.name, "options": opts, "players": players,
            "piles": {p: cards[n * each:(n + 1) * each] for n, p in enumerate(players)},
            "aside": cards[each * len(players):], "pot": [], "round": 0,
            "over": None, "winners": [],
        }

    # -- the protocol -----------------------------------------------------------------

    def to_move(self, state: State) -> str | None:
        """The first player still holding cards: any player may call the reveal."""
        if state["over"]:
            return None
        return next(p for p in state["players"] if state["piles"][p])

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        return Outcome(state["over"], tuple(state["winners"]), self.held(state))

    def ending_words(self, termination: str) -> str:
        return ENDINGS.get(termination) or super().ending_words(termination)

    def held(self, state: State) -> dict[str, int]:
        """The cards in each player's pile."""
        return {p: len(state["piles"][p]) for p in state["players"]}

    def public_state(self, state: State) -> State:
        """The state less the piles, the cards set aside and those left on the table
        (face down among them), and the ``seed`` that orders them all: ``summary``
        counts them."""
        shown = {key: value for key, value in state.items() if key not in SECRET}
        shown["options"] = {key: value for key, value in state["options"].items()
                            if key != "seed"}
        return shown

    def summary(self, state: State) -> dict[str, Any]:
        """The page's panel: the round, each player's cards, the cards on the table."""
        return {"kind": "flags", "round": state["round"],
                "max_rounds": state["options"]["max_rounds"],
                "players": [{"player": p, "cards": n} for p, n in self.held(state).items()],
                "on_table": len(state["pot"]), "aside": len(state["aside"])}

    def legal_actions(self, state: State) -> Iterator[Action]:
        if not state["over"]:
            yield {"type": "reveal"}

    def check(self, state: State, action: Action) -> None:
        if action["type"] != "reveal":
            raise InvalidAction(f"Battle of Flags has no action {action['type']!r}: its "
                                "one action is reveal (every player turns up a card).")

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        events = play_round(state, self.deck, self.player_words)
        last = events[-1]
        left = [p for p in state["players"] if state["piles"][p]]
        for player in events[0]["cards"]:
            if player not in left:
                events.append({"type": "out", "player": player,
                               "text": f"{self.player_words(player)} has no card left "
                                       f"and is out."})
        if len(left) == 1:
            state["piles"][left[0]].extend(state["pot"])
            state["pot"] = []
            return [*events, self._finish(state, "gathered_all", left)]
        if not left:
            return [*events, self._finish(state, "no_cards_left", last["players"])]
        if state["round"] >= state["options"]["max_rounds"]:
            held = self.held(state)
            most = max(held.values())
            return [*events, self._finish(state, "round_cap",
                                          [p for p, n in held.items() if n == most])]
        return events

    def _finish(self, state: State, termination: str, winners: list[str]) -> Event:
        state["over"] = termination
        state["winners"] = winners
        names = " and ".join(self.player_words(p) for p in winners)
        said = f"{names} {'share the win' if len(winners) > 1 else 'wins'}"
        held = ", ".join(f"{self.player_words(p)} {n}" for p, n in self.held(state).items())
        return {"type": "game_over", "termination": termination, "winners": winners,
                "scores": self.held(state),
                "text": f"The game is over ({ENDINGS[termination]}): {said} ({held})."}

    # -- words ------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        return text.describe(self, state, action)

    def parse(self, state: State, typed: str) -> Action:
        return text.parse(typed)

    def render(self, state: State) -> str:
        return text.render(self, state)
