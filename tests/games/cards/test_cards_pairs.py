"""The cards game's ``pairs`` option (ruling C22): a referee's added and removed
neighbour pairs change the pairing and the score, are checked when the game starts, and
are kept in the record's options so that a replay scores alike."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.games.cards.pairing import paired
from tests.games.cards.arrange import GAME, arrange
from tests.helpers.paths import EXAMPLES

STOCK = ["CAN", "MEX", "GTM", "FRA", "DEU", "DNK", "IRQ"]  # the rules' pairing example


def test_an_added_pair_keeps_canada_and_a_removed_one_drops_a_card():
    assert GAME.scores(arrange(stock=STOCK))["player1"] == 140
    added = arrange({"pairs": {"add": [["CAN", "DNK"]]}}, stock=STOCK)
    assert GAME.scores(added)["player1"] == 140 + 40  # Canada pairs with Denmark by land
    removed = arrange({"pairs": {"remove": [["MEX", "GTM"]]}}, stock=STOCK)
    assert GAME.scores(removed)["player1"] == 140 - 40 - 10
    assert GAME.summary(removed)["players"][0]["paired"] == ["FRA", "DEU", "DNK"]


def test_an_added_maritime_pair_pairs_only_with_maritime_pairs():
    options = {"pairs": {"add": [["GTM", "IRQ", "maritime"]]}}
    assert "IRQ" not in paired(GAME.deck, STOCK, {**GAME.initial_state(options)["options"]})
    both = GAME.initial_state({**options, "maritime_pairs": True})["options"]
    assert "IRQ" in paired(GAME.deck, STOCK, both)


def test_the_option_is_kept_as_codes_with_every_kind_said():
    state = GAME.initial_state({"pairs": {"add": [["Canada", "Denmark"]],
                                          "remove": [["france", "brazil"]]}})
    assert state["options"]["pairs"] == {"add": [["CAN", "DNK", "land"]],
                                         "remove": [["FRA", "BRA"]]}
    assert GAME.initial_state({})["options"]["pairs"] is None


def test_a_wrong_pair_stops_the_game_from_starting_with_words():
    with pytest.raises(ValueError, match="Canada and Iraq are not neighbours"):
        GAME.initial_state({"pairs": {"remove": [["CAN", "IRQ"]]}})


def test_a_record_with_pairs_replays_to_the_same_changed_score(tmp_path, capsys):
    shipped = (EXAMPLES / "cards-2p.jsonl").read_text().splitlines()
    assert main(["referee", "cards", "--record", str(EXAMPLES / "cards-2p.jsonl")]) == 0
    final = json.loads(capsys.readouterr().out.splitlines()[-1])
    stock = final["state"]["stocks"]["player1"]
    kept = paired(GAME.deck, stock, final["state"]["options"])
    pairs = sorted({tuple(sorted((a, b))) for a in kept for b in kept
                    if b in GAME.deck.card(a).land_neighbours})
    header = next(k for k, line in enumerate(shipped) if line.startswith("{"))
    first = json.loads(shipped[header])
    first["options"]["pairs"] = {"remove": [list(pair) for pair in pairs]}
    record = tmp_path / "cards-pairs.jsonl"
    record.write_text("\n".join([*shipped[:header], json.dumps(first),
                                 *shipped[header + 1:]]) + "\n")
    assert main(["referee", "cards", "--record", str(record)]) == 0
    changed = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert changed["state"]["options"]["pairs"]["remove"] == [list(p) for p in pairs]
    assert changed["outcome"]["scores"]["player1"] == 0 < final["outcome"]["scores"]["player1"]
    assert changed["outcome"]["scores"]["player2"] == final["outcome"]["scores"]["player2"]
