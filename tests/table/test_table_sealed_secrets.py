"""OneWorld's secret choices stay sealed through undo at the table (docs/rulings.md):
undo and redo never cross a reveal, the other side's commitment or a god's announced
aspect; the referee annuls the round instead, as a correction the record shows, and both
sides choose again. Undo elsewhere is as ever, and no sentence tells a choice."""

import json

import pytest

from companion.dice import DiceService
from companion.games.base import CorrectionError, IllegalAction
from companion.games.oneworld import OneWorld
from companion.games.oneworld.secrets import seal
from companion.journal import Journal
from companion.table import verdict as v
from companion.table.record import CORRECTION_PREFIX
from companion.table.session import TableSession
from tests.helpers.oneworld_positions import SALT, pos

REVEALED = ("A combat's secret choices cannot be undone once one is revealed: the referee "
            "can annul the combat round as a correction.")
BOTH = ("A combat's secret choices cannot be undone once both sides have committed: the "
        "referee can annul the combat round as a correction.")
ASPECTS = ("stone", "blade", "fog")


def from_position(state):
    """A OneWorld engine whose games start at ``state`` (a test position)."""
    class FromPosition(OneWorld):
        def initial_state(self, options=None):
            return state
    return FromPosition


@pytest.fixture
def journal():
    journal = Journal(":memory:")
    yield journal
    journal.close()


def table_at(journal, state):
    dice = DiceService(journal, randbelow=lambda n: 0)
    session = TableSession(journal, dice=dice, games={"oneworld": from_position(state)})
    session.start("oneworld")
    return session, dice


def to_combat(session, dice, *moves):
    for action in moves:
        session.play(action)
    session.play({"type": "end_movement", "player": session.state["player"]})
    if session.game.phase(session.state) == "reinforcement":
        session.play({"type": "reinforce", "player": session.state["player"]})
        dice.roll_pending_or_default(requested_by="button")
    assert session.game.phase(session.state) == "combat"


@pytest.fixture
def stacks(journal):
    """CHEZ's Stone steps onto BORG's Stone on G7: a combat between children."""
    session, dice = table_at(journal, pos(borg={"G7": {"stone": 1}}, chez={"G8": {"stone": 1}},
                                          player="chez"))
    to_combat(session, dice, {"type": "move", "player": "chez", "from": "G8",
                              "aspect": "stone", "to": "G7"})
    yield session
    session.close()


def sealed(player, choice):
    return seal(player, choice, SALT[player])


def refused_undo(session, reason):
    steps = len(session.journal.events())
    state = session.state
    with pytest.raises(IllegalAction) as refused:
        session.undo()
    assert refused.value.reason == reason
    assert len(session.journal.events()) == steps and session.state == state


def test_undo_may_not_cross_a_reveal(stacks):
    chez, borg = sealed("chez", {"fog": 1}), sealed("borg", {"stone": 1})
    for action in (chez["commit"], borg["commit"], chez["reveal"]):
        stacks.play(action)
    refused_undo(stacks, REVEALED)
    stacks.play(borg["reveal"])  # the round is fought: its reveals stay sealed too
    refused_undo(stacks, REVEALED)


def test_a_commitment_may_not_be_undone_once_the_other_side_has_committed(stacks):
    chez, borg = sealed("chez", {"fog": 1}), sealed("borg", {"stone": 1})
    stacks.play(chez["commit"])
    stacks.play(borg["commit"])  # BORG's own commitment, after CHEZ's
    refused_undo(stacks, BOTH)


def test_a_commitment_alone_may_be_undone_and_redone(stacks):
    chez = sealed("chez", {"fog": 1})
    stacks.play(chez["commit"])
    assert stacks.undo().kind == v.UNDONE
    assert stacks.state["combat"]["current"]["commits"] == {"borg": None, "chez": None}
    assert stacks.redo().kind == v.REDONE
    assert stacks.state["combat"]["current"]["commits"]["chez"] == chez["commit"]["commitment"]


def test_the_referee_annuls_the_round_and_both_choose_again(stacks):
    chez, borg = sealed("chez", {"fog": 1}), sealed("borg", {"stone": 1})
    for action in (chez["commit"], borg["commit"], chez["reveal"]):
        stacks.play(action)
    verdict = stacks.correct({"type": "annul"})
    assert verdict.kind == v.CORRECTED
    assert verdict.text == ("Correction: the secret choices of the round annulled; they are "
                            "made again.")
    current = stacks.state["combat"]["current"]
    assert current["commits"] == current["reveals"] == {"borg": None, "chez": None}
    assert current["round"] == 1
    assert stacks.game.legal_choices(stacks.state, "chez")  # CHEZ chooses again, from scratch
    with pytest.raises(IllegalAction, match="No reveal before both sides have committed"):
        stacks.play(chez["reveal"])
    again = {"chez": seal("chez", {"stone": 1}, "chez-again-0123456789"),
             "borg": seal("borg", {"stone": 1}, "borg-again-0123456789")}
    for action in (again["borg"]["commit"], again["chez"]["commit"],
                   again["borg"]["reveal"], again["chez"]["reveal"]):
        stacks.play(action)
    assert stacks.state["combat"]["current"]["round"] == 2  # Stone against Stone: no damage
    record = stacks.record()
    assert CORRECTION_PREFIX + json.dumps({"type": "annul"}) in record
    history = [step["text"] for step in stacks.snapshot()["history"]]
    assert history.count("Correction: the secret choices of the round annulled; they are "
                         "made again") == 1


def test_annul_is_refused_in_words_where_there_is_nothing_to_annul(stacks):
    with pytest.raises(CorrectionError, match="No choice has been made in the combat on G7"):
        stacks.correct({"type": "annul"})


def test_no_sentence_about_sealed_choices_names_a_choice(stacks):
    chez, borg = sealed("chez", {"blade": 1}), sealed("borg", {"fog": 1})
    stacks.play(chez["commit"])
    stacks.play(borg["commit"])
    with pytest.raises(IllegalAction) as refused:
        stacks.undo()
    annulled = stacks.correct({"type": "annul"})
    for text in (refused.value.reason, annulled.text, *stacks.record()[-1:]):
        assert not any(aspect in text.lower() for aspect in ("blade", "fog")), text


def test_undo_may_not_cross_the_gods_announced_aspect(journal):
    session, dice = table_at(journal, pos(chez={"E2": {"stone": 1}}, player="chez"))
    to_combat(session, dice, {"type": "move", "player": "chez", "from": "E2",
                              "aspect": "stone", "to": "E1"})
    session.play(sealed("chez", "blade")["commit"])
    session.play({"type": "announce", "player": "borg", "aspect": "stone"})
    refused_undo(session, "A combat's secret choice cannot be undone once the god's aspect is "
                          "announced: the referee can annul the combat round as a correction.")
    session.correct({"type": "annul"})
    current = session.state["combat"]["current"]
    assert current["commit"] is None and current["god_aspect"] is None
    session.close()


def test_undo_outside_combat_is_as_ever(journal):
    session, _ = table_at(journal, pos(borg={"G7": {"stone": 1}}, chez={"G8": {"stone": 1}},
                                       player="chez"))
    session.play({"type": "move", "player": "chez", "from": "G8", "aspect": "stone",
                  "to": "G7"})
    assert session.undo().kind == v.UNDONE
    assert session.game.view(session.state)["G8"] is not None
    assert session.redo().kind == v.REDONE
    session.close()


def test_with_secrets_at_the_table_the_referees_entry_may_be_undone(journal):
    session, dice = table_at(journal, pos(borg={"G7": {"stone": 1}}, chez={"G8": {"stone": 1}},
                                          player="chez", secrets="table"))
    to_combat(session, dice, {"type": "move", "player": "chez", "from": "G8",
                              "aspect": "stone", "to": "G7"})
    session.play({"type": "hurl", "aspects": {"borg": {"stone": 1}, "chez": {"fog": 1}}})
    assert session.undo().kind == v.UNDONE
    session.close()


def test_a_journal_with_a_reveal_undone_before_the_rule_resumes_and_refuses_its_redo(stacks):
    chez, borg = sealed("chez", {"fog": 1}), sealed("borg", {"stone": 1})
    for action in (chez["commit"], borg["commit"], chez["reveal"]):
        stacks.play(action)
    last = stacks.journal.events(kind="game.action")[-1]
    stacks.journal.append("game.undo", {"undoes": last.seq}, game_id=stacks.game_id)
    assert stacks.resume(stacks.game_id).kind == v.STARTED  # as the old rules wrote it
    assert stacks.state["combat"]["current"]["reveals"]["chez"] is None
    with pytest.raises(IllegalAction, match="once one is revealed"):
        stacks.redo()


def test_a_game_without_secrets_has_nothing_to_annul(journal):
    session = TableSession(journal)
    session.start("one", {"players": 2})
    with pytest.raises(CorrectionError, match="ONE has no secret choices to annul"):
        session.correct({"type": "annul"})
