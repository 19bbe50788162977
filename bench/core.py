"""Benchmark of the rules core's show scorers on a single core.

Run from the repository root:  .venv/bin/python bench/core.py [--repeat N]

Measures show totals scored per second one by one (``show_total`` in a loop) and in bulk
(``show_totals``), and the time to score all 491,400 shows (4-tile hand from the 28 tiles,
starter from the other 24) in bulk. The list of 5-tile tuples is built first; only the
scoring is timed. Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from itertools import combinations

import checkout  # noqa: F401

from scoring_api.rules import (
    ALL_TILES,
    DEFAULT_RULES,
    RuleOptions,
    Tile,
    show_total,
    show_totals,
)

FULL = 491_400
TARGET_BULK_PER_S = 1_000_000
TARGET_FULL_S = 1.0


def all_shows() -> list[tuple[Tile, ...]]:
    shows: list[tuple[Tile, ...]] = []
    for hand in combinations(ALL_TILES, 4):
        for starter in ALL_TILES:
            if starter not in hand:
                shows.append((*hand, starter))
    assert len(shows) == FULL
    return shows


def timings(repeat: int, fn: Callable[[], object]) -> tuple[float, float]:
    """(best, median) wall time of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def pin_to_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    pinned = pin_to_one_core()

    shows = all_shows()
    sample = shows[::5]  # 98,280 shows for the one-by-one loop
    rules_false = RuleOptions(double_blank_in_fifteens=False)
    # warm up (builds any table the core keeps)
    show_totals(shows[:1000], DEFAULT_RULES)
    show_totals(shows[:1000], rules_false)
    show_total(shows[0])

    def loop(rules: RuleOptions) -> Callable[[], object]:
        return lambda: [show_total(s, rules) for s in sample]

    def bulk(rules: RuleOptions) -> Callable[[], object]:
        return lambda: show_totals(shows, rules)

    rows: list[tuple[str, int, float, float]] = []
    for label, rules in (("default", DEFAULT_RULES), ("dbf=false", rules_false)):
        best, median = timings(args.repeat, loop(rules))
        rows.append((f"show_total loop ({label})", len(sample), best, median))
        best, median = timings(args.repeat, bulk(rules))
        rows.append((f"show_totals bulk ({label})", FULL, best, median))

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {pinned}, "
        f"{args.repeat} runs each"
    )
    header = f"{'measure':<30} {'shows':>8} {'best s':>8} {'median s':>9} {'totals/s':>11}"
    print(header)
    print("-" * len(header))
    for name, n, best, median in rows:
        print(f"{name:<30} {n:>8,} {best:>8.4f} {median:>9.4f} {n / best:>11,.0f}")
    full = max(best for name, n, best, _ in rows if "bulk" in name)  # slower option
    bulk_rate = FULL / full
    print()
    verdict_full = "ok" if full < TARGET_FULL_S else "MISSED"
    verdict_rate = "ok" if bulk_rate >= TARGET_BULK_PER_S else "MISSED"
    print(
        f"all {FULL:,} shows in bulk: {full:.3f} s (target < {TARGET_FULL_S:.0f} s): {verdict_full}"
    )
    print(f"bulk rate: {bulk_rate:,.0f} totals/s (target >= {TARGET_BULK_PER_S:,}): {verdict_rate}")


if __name__ == "__main__":
    main()
