"""Under random legal play of ONE, the camera's reading of the state after any visible
action is explained by that action (or one leading to the very same state), and by
nothing shorter or different."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.one import One
from companion.table.explain import explain
from companion.table.reading import UNSURE

GAME = One()


@st.composite
def positions(draw):
    """A state of ONE reached by random legal play, and a visible action to take in it."""
    options = {"players": draw(st.integers(2, 4)),
               "board": draw(st.sampled_from(["one-36", "one-60"])),
               "chain_turns": draw(st.booleans())}
    state = GAME.initial_state(options)
    for _ in range(draw(st.integers(0, 30))):
        actions = [a for a in GAME.legal_actions(state) if a["type"] != "resign"]
        if GAME.is_over(state) or not actions:
            break
        state, _ = GAME.apply(state, draw(st.sampled_from(actions)))
    visible = [a for a in GAME.legal_actions(state) if a["type"] in ("place", "jump")]
    if GAME.is_over(state) or not visible:
        return state, None
    return state, draw(st.sampled_from(visible))


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_reading_after_an_action_is_explained_by_that_action(position):
    state, action = position
    if action is None:
        return
    after, _ = GAME.apply(state, action)
    reading = GAME.view(after)
    found = explain(GAME, state, reading).candidates
    assert found, f"{action} was not recognised"
    assert all(len(c.actions) == 1 for c in found)
    assert all(GAME.view(c.state) == reading for c in found)
    assert after in [c.state for c in found]
    assert len(found) == 1


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.data())
def test_a_space_read_as_unsure_never_adds_a_move(position, data):
    state, _ = position
    view = GAME.view(state)
    space = data.draw(st.sampled_from(sorted(view)))
    reading = {**view, space: UNSURE}
    assert explain(GAME, state, reading).candidates == ()
