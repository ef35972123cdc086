"""ONE WORLD, the card game: collect countries by melds of four cards, fulfil missions,
then keep only the countries that pair as neighbours.

The rules are ``rules/one-world-card-game.txt``; the rulings (and the options that
change them) are in docs/rulings.md, "ONE WORLD (the card game)"; the actions, the
state and the typed notation in docs/games/oneworld-cards.md. Actions::

    {"type": "take", "player": "player1"}                       # the top discard, first
    {"type": "meld", "player": "player1", "cards": ["CAN", "CHN", "FRA", "NGA"],
     "keep": ["CHN", "NGA"]}                                    # keep: only on a tie
    {"type": "meld", "player": "player1", "cards": [...], "missions": ["africa"],
     "refill": ["ITA", "PER"]}                                  # refill: 2 or 3 stars
    {"type": "discard", "player": "player1", "cards": ["FRA"]}

The state holds every hand: ``public_state`` and ``summary`` show none of them,
``private_to`` (``hand_of``) one seat's (hidden information, docs/games/oneworld-cards.md,
"At the table").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from itertools import combinations
from typing import Any

from companion.cards.deck import Deck, load_deck, load_missions
from companion.cards.missions import REGION_COUNT, meld_fulfils
from companion.games.base import (
    Action,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    Outcome,
    State,
)
from companion.games.cards import melds, text
from companion.games.cards.dealing import HAND_SIZE, deal, draw_to
from companion.games.cards.options import MAX_PLAYERS, normalise
from companion.games.cards.pairing import paired, score
from companion.games.words import outcome_words

ACTIONS = ("take", "meld", "discard")
SECRET = ("hands", "deck", "mission_deck")
"""The parts of the state no player sees (``public_state``); the seed is one more."""
ENDINGS = {  # Outcome.termination → the result card's words
    "stock_full": "a player's stock filled up, and the stocks were paired",
    "deck_ran_out": "the deck ran out, and the stocks were paired",
}


class Cards(Game):
    """The ONE WORLD card game engine (see the module docstring)."""

    name = "cards"
    title = "ONE WORLD (cards)"
    hidden_information = True
    player_choices = tuple(range(1, MAX_PLAYERS + 1))  # 1: solitaire
    action_fields = {"meld": ("keep", "missions", "refill")}

    @cached_property
    def deck(self) -> Deck:
        """The 199 country cards."""
        return load_deck()

    @cached_property
    def missions(self) -> dict[str, dict]:
        """The missions of one mission deck, by id."""
        return {mission["id"]: mission for mission in load_missions()}

    # -- setting up -------------------------------------------------------------------

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = normalise(options or {})
        players = [f"player{n}" for n in range(1, opts["players"] + 1)]
        return {
            "game": self.name, "options": opts, "players": players,
            **deal(opts, players),
            "stocks": {p: [] for p in players}, "discard": [],
            "missions": {p: [] for p in players}, "fulfilled": {p: [] for p in players},
            "sums": {p: None for p in players}, "melds": 0,
            "to_move": players[0], "took": False, "turn": 1, "reshuffles": 0,
            "exhausted": False, "ending": False, "over": None,
        }

    # -- the protocol -----------------------------------------------------------------

    def to_move(self, state: State) -> str | None:
        return None if state["over"] else state["to_move"]

    def phase(self, state: State) -> str:
        if state["over"]:
            return "over"
        return "last_round" if state["ending"] else "play"

    def phase_words(self, state: State) -> str:
        return "the last round" if self.phase(state) == "last_round" else ""

    def ending_words(self, termination: str) -> str:
        return ENDINGS.get(termination) or super().ending_words(termination)

    def scores(self, state: State) -> dict[str, int]:
        """Each player's score now: the values of the cards their stock keeps when paired."""
        options = state["options"]
        return {p: score(self.deck, state["stocks"][p], options) for p in state["players"]}

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = self.scores(state)
        if state["options"]["solitaire"]:
            (player,) = state["players"]
            won = len(state["stocks"][player]) >= state["options"]["end_at"]
            return Outcome(state["over"], (player,) if won else (), scores)
        best = max(scores.values())
        return Outcome(state["over"], tuple(p for p, s in scores.items() if s == best), scores)

    def previous_sum(self, state: State, player: str) -> int | None:
        """The sum a Repeat mission must match: the latest meld an opponent announced (in
        solitaire, the player's own latest: ruling C13); ``None`` before any."""
        others = [p for p in state["players"] if p != player] or [player]
        announced = [state["sums"][p] for p in others if state["sums"][p]]
        return max(announced)[1] if announced else None

    def legal_actions(self, state: State) -> Iterator[Action]:
        """The take, every plain meld (each way of keeping on a tie), every meld for one
        held mission (refilled from the top of the discard pile) and every one-card
        discard. Not listed, though legal: melds for several missions at once, other
        refill choices and discards of several cards (the list would run to thousands)."""
        if state["over"]:
            return
        player = state["to_move"]
        hand = state["hands"][player]
        if state["discard"] and not state["took"]:
            yield {"type": "take", "player": player}
        can_meld = False
        for combo in melds.quads(self.deck, hand):
            can_meld = True
            choices = melds.keep_choices(self.deck, combo)
            for keep in choices:
                action = {"type": "meld", "player": player, "cards": list(combo)}
                yield {**action, "keep": list(keep)} if len(choices) > 1 else action
        before = self.previous_sum(state, player)
        for mission_id in dict.fromkeys(state["missions"][player]):
            mission = self.missions[mission_id]
            count = min(melds.refill_count(mission["stars"]), len(state["discard"]))
            for combo in combinations(hand, REGION_COUNT):
                if meld_fulfils(mission, melds.cards_of(self.deck, combo), before):
                    action = {"type": "meld", "player": player, "cards": list(combo),
                              "missions": [mission_id]}
                    if count:
                        action["refill"] = state["discard"][-count:]
                    yield action
        if not (can_meld and state["options"]["must_meld"]):
            for code in hand:
                yield {"type": "discard", "player": player, "cards": [code]}

    def check(self, state: State, action: Action) -> None:
        kind = action["type"]
        if kind not in ACTIONS:
            raise InvalidAction(f"ONE WORLD (cards) has no action {kind!r}: the actions "
                                f"are take, meld and discard.")
        player = action.get("player", state["to_move"])
        if player != state["to_move"]:
            raise IllegalAction(f"It is {self.player_words(state['to_move'])}'s turn, not "
                                f"{self.player_words(str(player))}'s.")
        if kind == "take":
            if state["took"]:
                raise IllegalAction("Only one card may be taken from the discard pile, at "
                                    "the start of the turn.")
            if not state["discard"]:
                raise IllegalAction("The discard pile is empty.")
            return
        codes = self._from_hand(state, player, action.get("cards"))
        if kind == "discard":
            quad = melds.any_quad(self.deck, state["hands"][player])
            if quad and state["options"]["must_meld"]:
                raise IllegalAction(
                    f"{self.player_words(player)} can meld four regions "
                    f"({text.card_list(self.deck, quad)}), so must (ruling C10).")
            return
        if len(codes) != REGION_COUNT:
            raise InvalidAction(f"A meld is four cards, not {len(codes)}.")
        missions = action.get("missions") or []
        if missions:
            self._check_missions(state, player, codes, missions, action)
            return
        if "refill" in action:
            raise InvalidAction("Only a meld that fulfils a mission of 2 or 3 stars "
                                "refills from the discard pile.")
        if not melds.is_quad(self.deck, codes):
            raise IllegalAction(f"A meld is four cards of four regions, one each: "
                                f"{text.card_list(self.deck, codes, regions=True)} are not.")
        keep = action.get("keep")
        if keep is not None and (not isinstance(keep, list) or len(keep) != 2 or not all(
                isinstance(code, str) and self.deck.find(code) for code in keep)):
            raise InvalidAction('"keep" names two of the meld\'s cards: its highest and '
                                "its lowest.")
        if melds.kept_pair(self.deck, codes, self._keep(action)) is None:
            raise IllegalAction(self._keep_reason(codes, keep))

    def resolve(self, state: State, action: Action, dice: Sequence[int]) -> list[Event]:
        player = state["to_move"]
        who = self.player_words(player)
        hand = state["hands"][player]
        kind = action["type"]
        if kind == "take":
            card = state["discard"].pop()
            hand.append(card)
            state["took"] = True
            return [{"type": "take", "player": player, "card": card,
                     "text": f"{who} takes {self.deck.card(card).name} from the discard pile."}]
        events: list[Event] = []
        codes = [self.deck.find(code).code for code in action["cards"]]
        for code in codes:
            hand.remove(code)
        if kind == "discard":
            state["discard"].extend(codes)
            events.append({"type": "discard", "player": player, "cards": codes,
                           "text": f"{who} discards {text.card_list(self.deck, codes)}."})
            draw_to(state, player, HAND_SIZE, events, self.player_words(player))
        else:
            self._meld(state, player, codes, action, events)
        events.extend(self._end_turn(state, player))
        return events

    # -- melds --------------------------------------------------------------------------

    def _meld(self, state: State, player: str, codes: list[str], action: Action,
              events: list[Event]) -> None:
        who = self.player_words(player)
        total = melds.meld_sum(self.deck, codes)
        state["melds"] += 1
        state["sums"][player] = [state["melds"], total]
        missions = list(action.get("missions") or [])
        shown = text.card_list(self.deck, codes)
        if missions:
            state["stocks"][player].extend(codes)
            for mission_id in missions:
                state["missions"][player].remove(mission_id)
                state["fulfilled"][player].append(mission_id)
            titles = " and ".join(self.missions[m]["title"] for m in missions)
            events.append({"type": "meld", "player": player, "cards": codes, "sum": total,
                           "missions": missions, "kept": codes,
                           "text": f"{who} melds {shown}, sum {total}, fulfilling {titles}: "
                                   f"all four go to the stock."})
        else:
            keep = list(melds.kept_pair(self.deck, codes, self._keep(action)) or ())
            dropped = [code for code in codes if code not in keep]
            state["stocks"][player].extend(keep)
            state["discard"].extend(dropped)
            events.append({"type": "meld", "player": player, "cards": codes, "sum": total,
                           "kept": keep,
                           "text": f"{who} melds {shown}, sum {total}, keeps "
                                   f"{text.card_list(self.deck, keep)} and discards "
                                   f"{text.card_list(self.deck, dropped)}."})
        if melds.draws_mission(self.deck, codes) and state["mission_deck"]:
            drawn = state["mission_deck"].pop()
            state["missions"][player].append(drawn)
            events.append({"type": "mission", "player": player, "mission": drawn,
                           "text": f"{who} draws the mission {self.missions[drawn]['title']}."})
        stars = max((self.missions[m]["stars"] for m in missions), default=1)
        refill = self._refill(state, player, stars, action.get("refill"))
        if refill:
            events.append({"type": "refill", "player": player, "cards": refill,
                           "text": f"{who} takes {text.card_list(self.deck, refill)} from "
                                   f"the discard pile ({stars} stars)."})
        if not refill or state["options"]["refill_top_up"]:
            draw_to(state, player, HAND_SIZE, events, self.player_words(player))

    def _refill(self, state: State, player: str, stars: int, chosen: list[str] | None
                ) -> list[str]:
        count = min(melds.refill_count(stars), len(state["discard"]))
        if chosen is None:
            chosen = state["discard"][-count:] if count else []
        picked = [self.deck.find(code).code for code in chosen]
        for code in picked:
            state["discard"].remove(code)
        state["hands"][player].extend(picked)
        return picked

    def _check_missions(self, state: State, player: str, codes: list[str],
                        missions: Any, action: Action) -> None:
        if not isinstance(missions, list) or not all(isinstance(m, str) for m in missions):
            raise InvalidAction('"missions" lists the ids of the missions the meld fulfils.')
        if "keep" in action:
            raise InvalidAction("A meld that fulfils a mission keeps all four cards.")
        limit = state["options"]["missions_per_meld"]
        if len(missions) > limit:
            raise IllegalAction(f"One meld fulfils at most {limit} mission"
                                f"{'s' if limit > 1 else ''} (ruling C9).")
        held = Counter(state["missions"][player])
        for mission_id, count in Counter(missions).items():
            if held[mission_id] < count:
                title = self.missions.get(mission_id, {}).get("title", mission_id)
                raise IllegalAction(f"{self.player_words(player)} holds no mission "
                                    f"{title} to fulfil.")
        cards = melds.cards_of(self.deck, codes)
        before = self.previous_sum(state, player)
        for mission_id in missions:
            mission = self.missions[mission_id]
            if not meld_fulfils(mission, cards, before):
                raise IllegalAction(text.unfulfilled(self.deck, mission, codes, before))
        stars = max(self.missions[m]["stars"] for m in missions)
        self._check_refill(state, stars, action.get("refill"))

    def _check_refill(self, state: State, stars: int, chosen: Any) -> None:
        count = min(melds.refill_count(stars), len(state["discard"]))
        if not melds.refill_count(stars):
            if chosen is not None:
                raise InvalidAction("A 1-star mission refills from the deck, as usual.")
            return
        if chosen is None:
            if count < len(state["discard"]):
                raise InvalidAction(f'Choose the {count} cards to take from the discard '
                                    f'pile: "refill".')
            return
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise InvalidAction('"refill" lists the cards taken from the discard pile.')
        found = [self.deck.find(code) for code in chosen]
        if None in found or len({card.code for card in found}) != len(found):
            raise InvalidAction('"refill" names different cards of the discard pile.')
        missing = [card.name for card in found if card.code not in state["discard"]]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} is not in the discard pile.")
        if len(found) != count:
            raise IllegalAction(f"A {stars}-star mission refills {count} cards from the "
                                f"discard pile, not {len(found)}.")

    # -- turns ----------------------------------------------------------------------------

    def _end_turn(self, state: State, player: str) -> list[Event]:
        players = state["players"]
        events: list[Event] = []
        if len(state["stocks"][player]) >= state["options"]["end_at"] and not state["ending"]:
            if not state["options"]["finish_round"] or player == players[-1]:
                return [self._finish(state, "stock_full")]
            state["ending"] = True
            events.append({"type": "last_round", "player": player,
                           "text": f"{self.player_words(player)} has "
                                   f"{len(state['stocks'][player])} cards in stock: the "
                                   f"round is played to its end."})
        if state["exhausted"]:
            return [*events, self._finish(state, "deck_ran_out")]
        if state["ending"] and player == players[-1]:
            return [*events, self._finish(state, "stock_full")]
        state["to_move"] = players[(players.index(player) + 1) % len(players)]
        state["took"] = False
        state["turn"] += 1
        return events

    def _finish(self, state: State, termination: str) -> Event:
        state["over"] = termination
        outcome = self.outcome(state)
        assert outcome is not None
        said, scores = outcome_words(self, outcome, "no win")
        why = ("a stock holds enough cards" if termination == "stock_full"
               else "the deck ran out")
        return {"type": "game_over", "termination": termination,
                "winners": list(outcome.winners), "scores": dict(outcome.scores),
                "text": f"Play stops ({why}); the stocks are paired: {said} ({scores})."}

    # -- checks -----------------------------------------------------------------------

    def _from_hand(self, state: State, player: str, cards: Any) -> list[str]:
        if not isinstance(cards, list) or not cards or not all(isinstance(c, str)
                                                               for c in cards):
            raise InvalidAction('"cards" lists the cards by code, such as ["FRA", "CAN"].')
        found = [self.deck.find(code) for code in cards]
        unknown = [code for code, card in zip(cards, found, strict=True) if card is None]
        if unknown:
            raise InvalidAction(f"There is no card {unknown[0]!r}.")
        codes = [card.code for card in found if card is not None]
        if len(set(codes)) != len(codes):
            raise InvalidAction("A card is named twice.")
        missing = [self.deck.card(c).name for c in codes if c not in state["hands"][player]]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} is not in "
                                f"{self.player_words(player)}'s hand.")
        return codes

    def _keep(self, action: Action) -> list[str] | None:
        """The codes of the cards a meld's ``keep`` names (by code or name)."""
        keep = action.get("keep")
        return None if keep is None else [self.deck.find(name).code for name in keep]

    def _keep_reason(self, codes: list[str], keep: Any) -> str:
        pairs = melds.keep_choices(self.deck, codes)
        said = "; ".join(text.card_list(self.deck, pair) for pair in pairs)
        if keep is None:
            return f"Cards tie: choose the two to keep (\"keep\"), one of: {said}."
        return f"A meld keeps its highest and its lowest card: {said}."

    # -- hidden information and words -----------------------------------------------------

    def public_state(self, state: State) -> State:
        """The state less what no player may see: the hands, the deck's and the mission
        deck's order, and the ``seed`` that fixes them all (their sizes are in
        ``summary``)."""
        shown = {key: value for key, value in state.items() if key not in SECRET}
        shown["options"] = {key: value for key, value in state["options"].items()
                            if key != "seed"}
        return shown

    def private_to(self, state: State, seat: str) -> dict[str, Any] | None:
        """The hand of ``seat`` (``None`` for a seat that is not at this game)."""
        if seat not in state["hands"]:
            return None
        return {"kind": "cards", "hand": self.hand_of(state, seat)}

    def hand_of(self, state: State, seat: str) -> list[dict[str, Any]]:
        """The cards in ``seat``'s hand, for that player's eyes only (their phone): the
        one thing of the state ``summary`` leaves out, with the draw pile's order."""
        return [text.card_data(self.deck, code) for code in state["hands"][seat]]

    def summary(self, state: State) -> dict[str, Any]:
        """What every player may see: each player's hand size, stock, missions and score
        now, the discard pile, the cards left in the deck and the mission deck."""
        options = state["options"]
        return {
            "kind": "cards", "deck": len(state["deck"]),
            "mission_deck": len(state["mission_deck"]),
            "discard": [text.card_data(self.deck, c) for c in state["discard"]],
            "to_move": self.to_move(state),
            "players": [{
                "player": p, "hand": len(state["hands"][p]),
                "stock": [text.card_data(self.deck, c) for c in state["stocks"][p]],
                "paired": paired(self.deck, state["stocks"][p], options),
                "score": score(self.deck, state["stocks"][p], options),
                "missions": [self._mission_data(m) for m in state["missions"][p]],
                "fulfilled": [self._mission_data(m) for m in state["fulfilled"][p]],
                "last_sum": state["sums"][p][1] if state["sums"][p] else None,
            } for p in state["players"]],
        }

    def _mission_data(self, mission_id: str) -> dict[str, Any]:
        mission = self.missions[mission_id]
        return {"id": mission_id, "title": mission["title"], "stars": mission["stars"]}

    def describe(self, state: State, action: Action) -> str:
        return text.describe(self, state, action)

    def parse(self, state: State, typed: str) -> Action:
        return text.parse(self, state, typed)

    def render(self, state: State) -> str:
        return text.render(self, state)
