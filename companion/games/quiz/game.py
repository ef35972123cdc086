"""The ONE WORLD Quiz: questions drawn from the card deck (the rules' "MORE GAMES":
"Take one card randomly in the deck and ask your opponents a question").

Each round every player in turn is asked one question: a country's capital, the country
of a capital, the country with these neighbours, or the country of a region whose flag
carries these signs. One answer or a pass settles it; a right answer scores a point; the
game ends after ``rounds`` rounds with the scores. Actions::

    {"type": "answer", "player": "player1", "text": "Paris"}
    {"type": "pass", "player": "player1"}

The cards and kinds are a seeded draw (option ``seed``), so a record replays the same
questions. The state holds the card asked about, the answer: the referee's view, never
a player's (``public_state`` leaves it out, with the pile and the seed; ``summary`` says
the question). Rulings C20-C21 in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from typing import Any

from companion.cards.deck import Deck, load_deck
from companion.cards.pairs import read_pairs, with_pairs
from companion.games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.cards.dealing import shuffled
from companion.games.quiz import questions, text
from companion.games.quiz.options import MAX_PLAYERS, normalise

ACTIONS = ("answer", "pass")
MAX_ANSWER = 100
"""The longest answer read, in characters (the longest country name has 40)."""


class Quiz(Game):
    """The ONE WORLD Quiz engine (see the module docstring)."""

    name = "quiz"
    title = "ONE WORLD Quiz"
    hidden_information = True
    player_choices = tuple(range(1, MAX_PLAYERS + 1))
    action_fields = {"answer": ("player", "text")}

    @cached_property
    def deck(self) -> Deck:
        """The 199 country cards."""
        return load_deck()

    def deck_of(self, state: State) -> Deck:
        """The cards with the neighbour pairs the game's ``pairs`` option changes (C22):
        the deck the neighbours questions are asked and judged from."""
        return with_pairs(self.deck, read_pairs(self.deck, state["options"]["pairs"]))

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = normalise(options or {})
        players = [f"player{n}" for n in range(1, opts["players"] + 1)]
        state: State = {
            "game": self.name, "options": opts, "players": players,
            "pile": shuffled([card.code for card in self.deck], opts["seed"], "quiz"),
            "question": None, "scores": {p: 0 for p in players}, "over": None,
        }
        self._ask(state, 1)
        return state

    def _ask(self, state: State, number: int) -> Event:
        """Draw question ``number`` for the player whose turn it is."""
        players = state["players"]
        opts = state["options"]
        kind, code = questions.draw(state["pile"], self.deck_of(state), opts["kinds"],
                                    opts["seed"], number)
        player = players[(number - 1) % len(players)]
        state["question"] = {"number": number, "player": player, "kind": kind, "code": code}
        return {"type": "question", "player": player, "kind": kind,
                "text": text.question_words(self, state)}

    # -- the protocol -----------------------------------------------------------------

    def questions_in_all(self, state: State) -> int:
        """The questions a game asks: one a player a round."""
        return state["options"]["rounds"] * len(state["players"])

    def to_move(self, state: State) -> str | None:
        return None if state["over"] else state["question"]["player"]

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = state["scores"]
        if len(scores) == 1:
            return Outcome(state["over"], (), dict(scores))
        best = max(scores.values())
        return Outcome(state["over"], tuple(p for p, s in scores.items() if s == best),
                       dict(scores))

    def ending_words(self, termination: str) -> str:
        return "every question was asked" if termination == "all_asked" else (
            super().ending_words(termination))

    def legal_actions(self, state: State) -> Iterator[Action]:
        """The pass. An answer is typed: the list cannot hold it (it would give the
        answer away), though ``{"type": "answer", "text": ...}`` is legal."""
        if not state["over"]:
            yield {"type": "pass", "player": state["question"]["player"]}

    def check(self, state: State, action: Action) -> None:
        kind = action["type"]
        if kind not in ACTIONS:
            raise InvalidAction(f"The quiz has no action {kind!r}: the actions are answer "
                                f"and pass.")
        asked = state["question"]["player"]
        player = action.get("player", asked)
        if player != asked:
            raise IllegalAction(f"The question is {self.player_words(asked)}'s, not "
                                f"{self.player_words(str(player))}'s.")
        if kind == "answer":
            said = action.get("text")
            if not isinstance(said, str) or not said.strip() or len(said) > MAX_ANSWER:
                raise InvalidAction(f'An answer is a text of 1 to {MAX_ANSWER} characters: '
                                    f'"text".')

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        question = state["question"]
        player, kind, code = question["player"], question["kind"], question["code"]
        who = self.player_words(player)
        deck = self.deck_of(state)
        answer = questions.answer_words(deck, kind, code)
        if action["type"] == "pass":
            event = {"type": "pass", "player": player,
                     "text": f"{who} passes: {answer}."}
        elif questions.is_right(deck, kind, code, action["text"]):
            state["scores"][player] += 1
            event = {"type": "right", "player": player,
                     "text": f"Right ({action['text'].strip()}), {answer}: {who} has "
                             f"{state['scores'][player]} "
                             f"point{'s' if state['scores'][player] != 1 else ''}."}
        else:
            event = {"type": "wrong", "player": player,
                     "text": f"Wrong ({action['text'].strip()}): {answer}."}
        event["card"] = code
        if question["number"] < self.questions_in_all(state):
            return [event, self._ask(state, question["number"] + 1)]
        state["over"] = "all_asked"
        state["question"] = None
        return [event, text.game_over(self, state)]

    # -- what the players see -------------------------------------------------------

    def public_state(self, state: State) -> State:
        """The state less the pile (every question to come), the question (the card it
        asks about is the answer: ``summary`` says the question in words) and the
        ``seed`` that orders them."""
        shown = {key: value for key, value in state.items() if key not in ("pile", "question")}
        shown["options"] = {key: value for key, value in state["options"].items()
                            if key != "seed"}
        return shown

    def summary(self, state: State) -> dict[str, Any]:
        """The page's panel: the question asked now, whose it is, and the scores."""
        question = state["question"]
        return {"kind": "quiz",
                "question": text.question_words(self, state) if question else None,
                "asked": question["player"] if question else None,
                "scores": [{"player": p, "score": n} for p, n in state["scores"].items()]}

    # -- words ------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        return text.describe(self, state, action)

    def parse(self, state: State, typed: str) -> Action:
        return text.parse(state, typed)

    def render(self, state: State) -> str:
        return text.render(self, state)
