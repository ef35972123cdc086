"""ONE WORLD (cards) in words: actions described and typed (``companion referee cards
--play``), the state as text for the command line (the referee's view: every hand), and
why a meld fails a mission."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.cards.deck import Deck
from companion.games.base import Action, InvalidAction, State, typed_json

if TYPE_CHECKING:
    from companion.games.cards.game import Cards

TYPED = ("take  |  discard FRA [DEU …]  |  meld CAN CHN FRA NGA [keep CHN NGA]  |  "
         "mission africa meld DZA EGY NGA ZAF [refill ITA PER]  (a mission by its id or "
         "its number in your list; or the action as JSON)")
REGION_WORDS = {"asia": "Asia", "americas_oceania": "Americas-Oceania", "europe": "Europe",
                "africa": "Africa"}
KEYWORDS = ("take", "discard", "meld", "keep", "mission", "refill")


def card_list(deck: Deck, codes: Sequence[str], regions: bool = False) -> str:
    """Cards by name and value ("Canada 40, France 40"); with ``regions``, their regions."""
    said = []
    for code in codes:
        card = deck.card(code)
        where = f", {REGION_WORDS[card.region]}" if regions else ""
        said.append(f"{card.name} ({card.value}{where})" if regions
                    else f"{card.name} {card.value}")
    return ", ".join(said)


def card_data(deck: Deck, code: str) -> dict[str, Any]:
    """A card as the page shows it: code, name, value, region."""
    card = deck.card(code)
    return {"code": card.code, "name": card.name, "value": card.value, "region": card.region}


def unfulfilled(deck: Deck, mission: dict, codes: Sequence[str], before: int | None) -> str:
    """Why the four cards ``codes`` do not fulfil ``mission``."""
    test, form = mission["test"], mission["form"]
    title = mission["title"]
    total = sum(deck.card(code).value for code in codes)
    if form == "single_region":
        return f"{title} asks for four cards of {REGION_WORDS[mission['region']]}: " \
               f"{card_list(deck, codes, regions=True)} are not."
    if form == "quad" and len({deck.card(code).region for code in codes}) != len(codes):
        return f"{title} asks for four cards of four regions: " \
               f"{card_list(deck, codes, regions=True)} are not."
    if "sum" in test:
        bound = "at most" if test["sum"] == "below" else "at least"
        return f"{title} asks for a sum of {bound} {test['limit']} (ruling C3); " \
               f"this meld sums to {total}."
    if "organisations" in test:
        return f"{title} asks for a card of {' and one of '.join(test['organisations'])}" \
               f" among the four."
    if test.get("equal_values"):
        return f"{title} asks for four cards of the same value: {card_list(deck, codes)}."
    if test.get("repeat_sum"):
        if before is None:
            return f"{title} repeats the sum of the latest meld an opponent showed: none yet."
        return f"{title} asks for a sum of {before}, as the latest meld an opponent showed; " \
               f"this meld sums to {total}."
    flagless = [deck.card(code).name for code in codes
                if test["flag"] not in deck.card(code).flag]
    return f"{title} asks for four flags of its kind (the annex's list): " \
           f"{', '.join(flagless)} {'is' if len(flagless) == 1 else 'are'} not on it."


def describe(game: Cards, state: State, action: Action) -> str:
    """``action`` in words, for the history and the verdicts."""
    kind = action.get("type")
    who = game.player_words(str(action.get("player") or state.get("to_move") or ""))
    named = [game.deck.find(code) if isinstance(code, str) else None
             for code in action.get("cards") or []]
    if None in named:
        return json.dumps(action)
    cards = card_list(game.deck, [card.code for card in named])
    if kind == "take":
        return f"{who} takes the top discard"
    if kind == "discard":
        return f"{who} discards {cards}"
    if kind == "meld" and action.get("missions"):
        titles = " and ".join(game.missions[m]["title"] for m in action["missions"]
                              if m in game.missions)
        return f"{who} melds {cards} for {titles}"
    keep = [game.deck.find(code) if isinstance(code, str) else None
            for code in action.get("keep") or []]
    if kind == "meld" and keep and None not in keep:
        return f"{who} melds {cards}, keeping {' and '.join(card.name for card in keep)}"
    if kind == "meld":
        return f"{who} melds {cards}"
    return json.dumps(action)


def _mission_id(game: Cards, state: State, player: str, word: str) -> str:
    held = state["missions"][player]
    if word.isdigit():
        if not 1 <= int(word) <= len(held):
            raise InvalidAction(f"You hold {len(held)} missions: number them 1 to {len(held)}.")
        return held[int(word) - 1]
    if word.lower() not in game.missions:
        raise InvalidAction(f"There is no mission {word!r}; the missions are "
                            f"{', '.join(game.missions)}.")
    return word.lower()


def parse(game: Cards, state: State, typed: str) -> Action:
    """The action typed as ``typed`` (see ``TYPED``), by the player to move."""
    words = typed.replace(",", " ").split()
    if not words or typed.lstrip().startswith("{"):
        return typed_json(typed, f"Type {TYPED}.")
    player = state["to_move"]
    fields: dict[str, list[str]] = {}
    current = None
    for word in words:
        if word.lower() in KEYWORDS:
            current = word.lower()
            fields.setdefault(current, [])
        elif current is None:
            raise InvalidAction(f"Type {TYPED}.")
        else:
            fields[current].append(word)
    if "take" in fields:
        return {"type": "take", "player": player}
    if "discard" in fields:
        return {"type": "discard", "player": player, "cards": fields["discard"]}
    if "meld" not in fields:
        raise InvalidAction(f"Type {TYPED}.")
    action: Action = {"type": "meld", "player": player, "cards": fields["meld"]}
    if "keep" in fields:
        action["keep"] = fields["keep"]
    if "mission" in fields:
        action["missions"] = [_mission_id(game, state, player, w) for w in fields["mission"]]
    if "refill" in fields:
        action["refill"] = fields["refill"]
    return action


def render(game: Cards, state: State) -> str:
    """The table as text for the command line: the referee's view, every hand shown."""
    lines = [f"Deck {len(state['deck'])} cards; missions left {len(state['mission_deck'])}; "
             f"discard pile {len(state['discard'])}"
             + (f", top {card_list(game.deck, state['discard'][-1:])}"
                if state["discard"] else "")]
    scores = game.scores(state)
    for player in state["players"]:
        held = ", ".join(f"{i}. {game.missions[m]['title']} "
                         f"({'*' * game.missions[m]['stars']})"
                         for i, m in enumerate(state["missions"][player], 1)) or "none"
        moving = "  (to move)" if player == game.to_move(state) else ""
        lines += [f"{game.player_words(player)}{moving}",
                  f"  hand: {card_list(game.deck, state['hands'][player]) or 'empty'}",
                  f"  stock ({len(state['stocks'][player])}): "
                  f"{card_list(game.deck, state['stocks'][player]) or 'empty'}; "
                  f"paired score {scores[player]}",
                  f"  missions: {held}"]
    return "\n".join(lines)
