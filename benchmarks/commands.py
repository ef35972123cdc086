"""``companion bench NAME``: run one benchmark and print its figures.

Each benchmark is a module in ``BENCHES`` with ``SUMMARY`` (one line for --help),
``add_arguments(parser)`` and ``run(args) -> int``. Adding one is one line here.
"""

from __future__ import annotations

import argparse
import importlib

BENCHES: dict[str, str] = {
    "dice": "benchmarks.dice",
    "calibration": "benchmarks.calibration",
    "vision": "benchmarks.vision",
    "vision-real-variations": "benchmarks.vision_real_variations",
    "vision-look": "benchmarks.vision_look",
    "card-marks": "benchmarks.card_marks",
    "grid-speed": "benchmarks.grid_speed",
    "grid-pasted": "benchmarks.grid_pasted",
    "table": "benchmarks.table",
    "follow": "benchmarks.follow",
    "load": "benchmarks.load",
    "import": "benchmarks.import_record",
    "fuzz": "benchmarks.fuzz",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure the companion's parts and print figures",
        description="Run a benchmark and print what it measured (see docs/benchmarks.md).",
    )
    benches = parser.add_subparsers(dest="bench", metavar="NAME")
    for name, module_name in BENCHES.items():
        module = importlib.import_module(module_name)
        bench = benches.add_parser(name, help=module.SUMMARY, description=module.__doc__)
        module.add_arguments(bench)
        bench.set_defaults(func=module.run)

    def list_benches(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    parser.set_defaults(func=list_benches)
