"""The explanation search does each piece of work once (issue 14): a game names the
spaces an action may change (``Game.may_change``), and the search skips, unapplied, an
action those spaces prove can change nothing it looks for. The games' answers hold
under random play, and the search finds exactly what it finds without them. So two
moves seen beside many newly unread spaces (the real photo 10) are searched to the end:
applied where the picture shows no stone hidden, asked about where it cannot tell."""

import random

import pytest

from companion.dice import DiceService
from companion.games.go import Go
from companion.games.one import One
from companion.games.onslaught import Onslaught
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.explain import SearchLimits, explain, outcomes
from companion.table.reading import UNSURE, changed_spaces
from companion.table.session import TableSession

UNBOUNDED = SearchLimits(max_tries=10**7)
"""Bounds no search here reaches: with and without the games' hints, every sequence is
looked at, so what each finds can be compared."""

GAMES = {
    "go-9": (Go(), {"size": 9}),
    "go-19": (Go(), {"size": 19}),
    "one": (One(), {"players": 3, "board": "one-36", "stones": 12}),
    "onslaught": (Onslaught(), {}),
}
NAMED = ("go-9", "one", "onslaught")
"""The games whose answers are checked under random play (a 19x19 board asks the same
as a 9x9 one, seventeen times slower)."""


def without_hint(game):
    """The same game, naming no spaces: the search applies every action."""
    plain = type(f"Unnamed{type(game).__name__}", (type(game),),
                 {"may_change": lambda self, state, action: None})
    return plain()


def step(game, state, rng):
    """One random legal action (a placement or a jump rather than a pass where there is
    one), with random dice where it needs them."""
    actions = [a for a in game.legal_actions(state) if a["type"] != "resign"]
    visible = [a for a in actions if a["type"] not in ("pass", "end_turn")]
    action = rng.choice(visible or actions)
    request = game.dice_needed(state, action)
    dice = [rng.randint(1, request.sides) for _ in range(request.count)] if request else []
    return action, game.apply(state, action, dice)[0]


def played(game, options, rng, moves):
    """A state reached by ``moves`` random legal actions (fewer if the game ends)."""
    state = game.initial_state(options)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = step(game, state, rng)[1]
    return state


@pytest.mark.parametrize("name", NAMED)
def test_an_action_changes_no_space_its_game_does_not_name(name):
    game, options = GAMES[name]
    rng = random.Random(14)
    named = wider = 0
    for _ in range(4):
        state = game.initial_state(options)
        for _ in range(60):
            if game.is_over(state):
                break
            view = game.view(state)
            for action in game.legal_actions(state):
                reach = game.may_change(state, action)
                if reach is None:
                    continue
                named += 1
                wider += len(reach) > 1  # a capture, a jump, a walk
                for _, after_view, _ in outcomes(game, state, action, SearchLimits()):
                    assert changed_spaces(view, after_view) <= set(reach), action
            state = step(game, state, rng)[1]
    assert named > 100 and wider > 0


def reading_after(game, state, rng):
    """What the camera may read after 1-3 random actions from ``state``: the view after
    them with a few spaces unread, among them at times those the first action changed
    (a move hidden in a glare spot); and the unread spaces read before (hideouts)."""
    view = game.view(state)
    after, first = state, None
    for _ in range(rng.randint(1, 3)):
        if game.is_over(after):
            break
        before = game.view(after)
        after = step(game, after, rng)[1]
        first = first if first is not None else changed_spaces(before, game.view(after))
    reading = dict(game.view(after))
    spaces = sorted(view)
    unread = set(rng.sample(spaces, rng.randint(0, 4)))
    if first and rng.random() < 0.5:
        unread |= first
    for space in unread:
        reading[space] = UNSURE
    hideouts = sorted(s for s in unread if rng.random() < 0.7)
    return reading, hideouts


@pytest.mark.parametrize("name", ["go-9", "one", "onslaught",
                                  pytest.param("go-19", marks=pytest.mark.slow)])
def test_the_search_finds_the_same_with_and_without_the_games_hint(name):
    game, options = GAMES[name]
    plain = without_hint(game)
    rng = random.Random(41)
    cases = 6 if name == "go-19" else 30
    found = hidden = 0
    for _ in range(cases):
        state = played(game, options, rng, rng.randint(0, 40))
        if game.is_over(state):
            continue
        reading, hideouts = reading_after(game, state, rng)
        quick = explain(game, state, reading, UNBOUNDED, hideouts)
        slow = explain(plain, state, reading, UNBOUNDED, hideouts)
        assert quick.complete and slow.complete
        assert quick.candidates == slow.candidates
        assert quick.tries <= slow.tries
        found += bool(quick.candidates)
        hidden += any(c.hidden for c in quick.candidates)
    assert found >= cases // 3 and hidden > 0


OPENING = ["Q3", "R16", "C4", "R5", "D17", "O17", "D15"]
"""The real development game's first seven moves (``go-boards``, photos 2-8)."""

EDGE = ["T19", "N18", "O18", "P18", "O15", "T10", "T6", "T5", "T4", "S1", "T1"]
"""Eleven empty spaces the camera read in one photo and not in the next (as at photo
10 of the real development game, where White E3 and Black P4 came in one photo)."""

EMPTY_ALL_BUT_SURELY = {"empty": 0.998, "black": 0.001, "white": 0.001}


@pytest.fixture
def go_table():
    journal = Journal(":memory:")
    table = TableSession(journal, dice=DiceService(journal, randbelow=lambda n: 0))
    table.start("go", {"size": 19})
    for at in OPENING:
        table.play({"type": "place", "player": table.state["to_move"], "at": at})
    assert table.submit_reading(table.game.view(table.state)).kind == v.UNCHANGED
    yield table
    table.close()
    journal.close()


def two_moves_and_a_newly_unread_edge(table):
    """White E3 and Black P4 read surely; the eleven ``EDGE`` spaces unread."""
    return {**table.game.view(table.state), "E3": "white", "P4": "black",
            **dict.fromkeys(EDGE, UNSURE)}


def test_two_moves_beside_eleven_newly_unread_spaces_are_searched_to_the_end(go_table):
    """Every one of the eleven spaces could hide a White move before them (T11): the
    search looks at all three-move sequences and finds each, well within its bound."""
    reading = two_moves_and_a_newly_unread_edge(go_table)
    found = explain(go_table.game, go_table.state, reading, go_table.limits, EDGE)
    assert found.complete and found.tries < go_table.limits.max_tries
    assert [c.text for c in found.candidates if not c.hidden] == [
        "White places on E3, then Black places on P4"]
    assert sorted(c.hidden for c in found.candidates if c.hidden) == sorted(
        (space,) for space in EDGE)


def test_two_moves_are_applied_where_the_picture_shows_no_stone_hidden(go_table):
    reading = two_moves_and_a_newly_unread_edge(go_table)
    result = go_table.submit_reading(reading, odds=dict.fromkeys(EDGE, EMPTY_ALL_BUT_SURELY))
    assert result.kind == v.APPLIED
    assert result.text == "White places on E3. Black places on P4."
    assert go_table.state["board"]["E3"] == "white" and go_table.state["to_move"] == "white"


def test_a_space_the_picture_cannot_tell_is_asked_about_by_name(go_table):
    reading = two_moves_and_a_newly_unread_edge(go_table)
    glare = {space: EMPTY_ALL_BUT_SURELY for space in EDGE if space != "T19"}
    result = go_table.submit_reading(reading, odds=glare)
    assert result.kind == v.QUESTION
    assert result.text == "Is T19 empty or white?"
    assert go_table.state["board"]["E3"] is None  # nothing applied before the answer


STONE_OF_NO_COLOUR = {"empty": 0.001, "black": 0.4995, "white": 0.4995}
"""A space whose print alone is gone, of the board's shade (``LearnedLook._changed``)."""


def two_moves_and_one_edge_space_unread(table, space):
    """White E3 and Black P4 read surely; of the edge, only ``space`` newly unread."""
    return {**table.game.view(table.state), "E3": "white", "P4": "black", space: UNSURE}


def test_a_stone_of_no_colour_is_the_move_hidden_before_the_moves_seen(go_table):
    """The picture sees a stone on N18 without its colour (its print alone gone): the
    one legal stone there is White's, played before the two moves seen (T16 with T11;
    so the real photo 11's White E3 is read)."""
    result = go_table.submit_reading(two_moves_and_one_edge_space_unread(go_table, "N18"),
                                     odds={"N18": STONE_OF_NO_COLOUR})
    assert result.kind == v.APPLIED
    assert result.text == ("N18 is white, as the picture shows it most likely: "
                           "White places on N18. Black places on P4. White places on E3.")


def test_a_space_whose_print_went_with_many_others_is_asked_about(go_table):
    """The same photo where N18's print went with that of dozens of spaces (the real
    photo 10): the look gives it no odds (T22), and the players are asked."""
    result = go_table.submit_reading(two_moves_and_one_edge_space_unread(go_table, "N18"))
    assert result.kind == v.QUESTION
    assert result.text == "Is N18 empty or white?"
    assert go_table.state["board"]["E3"] is None and go_table.state["moves"] == 7
