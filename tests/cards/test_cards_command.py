"""``companion cards deck`` prints the deck and the missions, as a table or as JSON."""

from __future__ import annotations

import json

from companion.cli import main


def test_deck_json_prints_every_card(capsys):
    assert main(["cards", "deck", "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    assert len(cards) == 199
    assert {"code", "region", "name", "native_names", "capital", "land_neighbours",
            "maritime_neighbours", "organisations", "flag", "value"} <= set(cards[0])


def test_deck_table_has_a_line_a_card(capsys):
    assert main(["cards", "deck", "--region", "europe"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 46
    assert lines[1].split()[:3] == ["60", "europe", "RUS"]


def test_missions_as_table_and_json(capsys):
    assert main(["cards", "deck", "--missions"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 21
    assert main(["cards", "deck", "--missions", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 20
