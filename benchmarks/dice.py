"""Dice benchmark: button latency, fairness of the rolls, journaled rolls per second.

(a) Press-to-recorded-roll latency: presses of a DiceButton on gpiozero's mock pins,
    rolling through a DiceService into a file journal (WAL, synchronous=FULL) in a
    temporary folder; timed from the pin going low to the roll being on disk.
(b) Fairness: a chi-square goodness-of-fit test of d6 rolls from DiceService's real
    source (secrets.randbelow), with the exact p-value for 5 degrees of freedom.
(c) Throughput: journaled 1d6 rolls per second.
"""

from __future__ import annotations

import argparse
import math
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchmarks.machine import machine
from companion.dice import DiceService
from companion.journal import Journal

SUMMARY = "button press-to-journal latency, chi-square fairness, journaled rolls/s"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--presses", type=_positive, default=500, metavar="N",
                        help="button presses timed for the latency (default 500)")
    parser.add_argument("--rolls", type=_positive, default=600_000, metavar="N",
                        help="d6 rolled for the chi-square test (default 600000)")
    parser.add_argument("--journaled", type=_positive, default=2000, metavar="N",
                        help="journaled rolls timed for the throughput (default 2000)")


def run(args: argparse.Namespace) -> int:
    print(f"Dice benchmark on {machine()}, SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        latencies = press_latencies(args.presses, Path(folder) / "latency.sqlite3")
        median, p95, worst = (percentile(latencies, q) * 1000 for q in (0.5, 0.95, 1.0))
        print(f"\n(a) Button press -> roll on disk, {args.presses} presses "
              "(MockFactory pins, file journal, WAL + synchronous=FULL):")
        print(f"    median {median:.3f} ms   p95 {p95:.3f} ms   max {worst:.3f} ms")

        counts = d6_counts(args.rolls)
        statistic = chi_square(counts, args.rolls / 6)
        print(f"\n(b) Fairness of {args.rolls:,} d6 from DiceService (secrets.randbelow):")
        print("    counts  " + "  ".join(f"{face}: {counts[face]:,}" for face in range(1, 7)))
        print(f"    chi-square {statistic:.3f}, 5 degrees of freedom, "
              f"p-value {chi_square_p_value(statistic, 5):.4f}")

        seconds = journaled_roll_seconds(args.journaled, Path(folder) / "throughput.sqlite3")
        print(f"\n(c) Journaled rolls: {args.journaled:,} 1d6 in {seconds:.3f} s = "
              f"{args.journaled / seconds:,.0f} rolls/s ({seconds / args.journaled * 1000:.3f} "
              "ms each)")
    return 0


# -- the three measurements --------------------------------------------------------


class _SimulatedHand:
    """The bounce guard's clock: a person pressing every 0.25 s, held 0.1 s."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def press_latencies(presses: int, journal_path: Path) -> list[float]:
    """Return the seconds from each press to its roll being journaled."""
    # Imported here so that `companion --help` does not load gpiozero.
    from gpiozero.pins.mock import MockFactory

    from hardware.dice_button import DiceButton

    factory = MockFactory()
    hand = _SimulatedHand()
    recorded: list[float] = []
    latencies: list[float] = []
    with Journal(journal_path) as journal:
        dice = DiceService(journal)
        dice.subscribe(lambda roll: recorded.append(time.perf_counter()))
        with DiceButton(dice, pin=17, pin_factory=factory, clock=hand):
            pin = factory.pin(17)
            for _ in range(presses):
                start = time.perf_counter()
                pin.drive_low()
                latencies.append(recorded[-1] - start)
                hand.now += 0.1
                pin.drive_high()
                hand.now += 0.15
        if journal.last_seq() != presses:
            raise RuntimeError(f"{presses} presses recorded {journal.last_seq()} rolls")
    factory.reset()
    return latencies


def d6_counts(rolls: int) -> Counter[int]:
    """Roll ``rolls`` d6 through a DiceService (100 at a time) and count each face."""
    dice = DiceService()
    counts: Counter[int] = Counter()
    full, rest = divmod(rolls, 100)
    for _ in range(full):
        counts.update(dice.roll(100, 6).values)
    if rest:
        counts.update(dice.roll(rest, 6).values)
    return counts


def journaled_roll_seconds(rolls: int, journal_path: Path) -> float:
    """Return the seconds ``rolls`` journaled 1d6 rolls take."""
    with Journal(journal_path) as journal:
        dice = DiceService(journal)
        start = time.perf_counter()
        for _ in range(rolls):
            dice.roll(1, 6, requested_by="bench")
        return time.perf_counter() - start


# -- statistics ---------------------------------------------------------------------


def chi_square(counts: Counter[int], expected: float) -> float:
    """Return Pearson's statistic for faces 1-6 each expected ``expected`` times."""
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))


def chi_square_p_value(statistic: float, df: int) -> float:
    """Return P(X >= statistic) for X chi-square with ``df`` degrees of freedom.

    Exact closed forms for whole ``df`` (no scipy): for even df,
    ``exp(-x/2) * sum((x/2)^k / k!, k < df/2)``; for odd df,
    ``erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) * sum(x^(k-1) / (1*3*...*(2k-1)), k=1..(df-1)/2)``.
    """
    if df < 1:
        raise ValueError(f"Degrees of freedom must be 1 or more, not {df}.")
    x = max(0.0, statistic)
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= (x / 2) / k
            total += term
        return math.exp(-x / 2) * total
    term, total = 1.0, 0.0
    for k in range(1, (df - 1) // 2 + 1):
        if k > 1:
            term *= x / (2 * k - 1)
        total += term
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * total


def percentile(values: list[float], q: float) -> float:
    """Return the nearest-rank ``q`` percentile (``q`` from 0 to 1) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _positive(text: str) -> int:
    value = int(text) if text.strip().isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a whole number of 1 or more, not {text}")
    return value
