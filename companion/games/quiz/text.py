"""The ONE WORLD Quiz in words: the question put, the actions described and typed
(``companion referee quiz --play``: ``answer Paris``, ``pass``, or the answer alone), the
end, and the table as text for the command line, which never says the answer."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.games.base import Action, Event, InvalidAction, State, typed_json
from companion.games.quiz.questions import clue
from companion.games.words import outcome_words

if TYPE_CHECKING:
    from companion.games.quiz.game import Quiz

TYPED = "answer NAME (or the name alone), or pass"


def question_words(game: Quiz, state: State) -> str:
    """The question now, for its player: "Question 3 of 20, for Player 1: ..."."""
    question = state["question"]
    return (f"Question {question['number']} of {game.questions_in_all(state)}, for "
            f"{game.player_words(question['player'])}: "
            f"{clue(game.deck_of(state), question['kind'], question['code'])}")


def game_over(game: Quiz, state: State) -> Event:
    """The event that ends the game, with the scores."""
    outcome = game.outcome(state)
    assert outcome is not None
    said, scores = outcome_words(game, outcome, "the score is the result")
    return {"type": "game_over", "termination": outcome.termination,
            "winners": list(outcome.winners), "scores": dict(outcome.scores),
            "text": f"Every question was asked: {said} ({scores})."}


def describe(game: Quiz, state: State, action: Action) -> str:
    """``action`` in words, for the history and the verdicts."""
    who = game.player_words(str(action.get("player") or game.to_move(state) or ""))
    if action.get("type") == "pass":
        return f"{who} passes"
    if action.get("type") == "answer" and isinstance(action.get("text"), str):
        return f"{who} answers {action['text'].strip()!r}"
    return json.dumps(action)


def parse(state: State, typed: str) -> Action:
    """The action typed as ``typed`` (see ``TYPED``), by the player asked."""
    words = typed.split()
    if typed.lstrip().startswith("{"):
        return typed_json(typed, f"Type {TYPED}.")
    if not words:
        raise InvalidAction(f"Type {TYPED}.")
    player = state["question"]["player"] if state["question"] else None
    if [word.lower() for word in words] == ["pass"]:
        return {"type": "pass", "player": player}
    if words[0].lower() == "answer" and len(words) > 1:
        words = words[1:]
    return {"type": "answer", "player": player, "text": " ".join(words)}


def render(game: Quiz, state: State) -> str:
    """The scores and the question now (never its answer)."""
    scores = ", ".join(f"{game.player_words(p)} {s}" for p, s in state["scores"].items())
    lines = [f"Scores: {scores}"]
    if state["question"]:
        lines.append(question_words(game, state))
    return "\n".join(lines)
