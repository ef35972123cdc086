"""The build script's readers of the Factbook's text fields (the sources themselves are
not shipped: docs/data-sources.md says how to rebuild)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SPEC = importlib.util.spec_from_file_location("build_deck", ROOT / "tools" / "build_deck.py")
build = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build)


def test_figures_with_units_and_thousands():
    assert build.first_number("$1.075 trillion (2014 est.)") == 1.075e12
    assert build.first_number("8,665,550 (July 2015 est.)") == 8665550
    assert build.first_number("0.44 sq km") == 0.44
    assert build.first_number("$NA") is None


def test_border_names_drop_lengths_notes_and_keep_territories():
    text = ("Algeria 1,900 km, Western Sahara 444 km, Spain (Ceuta) 8 km, "
            "Democratic Republic of the Congo 2,646 km (of which 225 km is the boundary)")
    assert build.border_names(text) == ["Algeria", "Western Sahara", "Ceuta", "Spain",
                                        "Democratic Republic of the Congo"]


def test_local_names_split_languages_and_alternatives():
    assert build.local_names("Schweiz (German); Suisse (French)") == ["Schweiz", "Suisse"]
    assert build.local_names("Ellas or Ellada") == ["Ellas", "Ellada"]
    assert build.local_names("none") == []
