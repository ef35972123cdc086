"""Rasterise the ONE WORLD cards' flags to small PNGs, ``companion/data/cards/flags/CODE.png``.

    python -m pip install cairosvg      # a maintainer's tool only; needs the cairo library
    python tools/build_flags.py --flag-icons /tmp/flagsrc/package \\
        --countries-list /tmp/deck-src/countries-list/package

Inputs (docs/data-sources.md says where each comes from, its version and licence): npm
``flag-icons`` (MIT: one SVG a country, ``flags/4x3/xx.svg`` by ISO alpha-2 code) and npm
``countries-list`` (MIT: the alpha-2 code of each card's alpha-3 code). One PNG is written
for every card of ``companion/data/cards/deck.json``, named by the card's code, 4:3,
``WIDTH`` × ``HEIGHT`` pixels, saved optimised; the licence is copied beside them.

This is a maintainer's tool, not part of the runtime: the printable deck reads the PNGs
(``calibration/printables/cards.py``), and nothing imports cairosvg at run time.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.cards.deck import load_deck  # noqa: E402

FLAGS = ROOT / "companion" / "data" / "cards" / "flags"
WIDTH, HEIGHT = 160, 120  # pixels, the 4:3 of flag-icons' 4x3 set


def alpha2_by_code(countries_list: Path) -> dict[str, str]:
    """Every alpha-3 code countries-list knows, with its alpha-2 code."""
    to_alpha3 = json.loads(
        (countries_list / "minimal" / "countries.2to3.min.json").read_text(encoding="utf-8"))
    return {alpha3: alpha2 for alpha2, alpha3 in to_alpha3.items()}


def rasterise(svg: Path) -> bytes:
    """One flag as an optimised RGB PNG of WIDTH × HEIGHT pixels."""
    import cairosvg
    from PIL import Image

    png = cairosvg.svg2png(url=str(svg), output_width=WIDTH, output_height=HEIGHT)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flag-icons", type=Path, required=True,
                        help="the unpacked npm flag-icons package")
    parser.add_argument("--countries-list", type=Path, required=True,
                        help="the unpacked npm countries-list package")
    args = parser.parse_args(argv)
    alpha2 = alpha2_by_code(args.countries_list)
    FLAGS.mkdir(parents=True, exist_ok=True)
    missing = []
    cards = load_deck().cards
    for card in cards:
        svg = args.flag_icons / "flags" / "4x3" / f"{alpha2.get(card.code, '').lower()}.svg"
        if not svg.is_file():
            missing.append(card.code)
            continue
        (FLAGS / f"{card.code}.png").write_bytes(rasterise(svg))
    shutil.copyfile(args.flag_icons / "LICENSE", FLAGS / "LICENSE")
    if missing:
        print(f"No flag for {', '.join(missing)}.", file=sys.stderr)
        return 1
    print(f"Wrote {len(cards)} flags to {FLAGS.relative_to(ROOT)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
