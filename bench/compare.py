"""Speed of this checkout against another commit, interleaved in one run: ratios, not times.

Run from the repository root:  .venv/bin/python bench/compare.py --baseline REV [--rounds N]

The machine is shared and noisy, so absolute figures drift from minute to minute; what can
be compared is two pieces of code measured in turns in the same minutes. The baseline is
checked out into a temporary git worktree (removed after); each round runs every measure in
a fresh process of each checkout, alternating which goes first, and the report gives each
side's best and median and the ratio of medians (this checkout / baseline).

Measures (each a fresh process, so "cold" caches as a new gunicorn worker has them):
- ``show_totals``: show totals per second in bulk (bench/core.py's bulk measure, smaller).
- ``random``, ``expected``: whole games per second in-process, v itself, seed 1;
  ``random4``, ``expected4``: the same with four players (each on his own).

With ``--instructions`` the games are counted in CPU instructions under valgrind's callgrind
instead of timed (about 50 times slower, but the same count whatever else the machine is
doing): the instructions per game are those of ``2N`` games minus those of ``N``, so start-up
and imports cancel out. Timing only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from callgrind import per_unit, run_counted

ROOT = Path(__file__).resolve().parent.parent

# Run inside each checkout; imports what that checkout has (the simulator moved packages).
SNIPPET = r"""
import json, sys, time
from itertools import combinations
measure, games = sys.argv[1], int(sys.argv[2])
if measure == "show_totals":
    from scoring_api.rules import ALL_TILES, DEFAULT_RULES, show_totals
    shows = [(*hand, s) for hand in combinations(ALL_TILES[:16], 4) for s in ALL_TILES[16:]]
    show_totals(shows[:10], DEFAULT_RULES)
    started = time.perf_counter()
    show_totals(shows, DEFAULT_RULES)
    print(json.dumps(len(shows) / (time.perf_counter() - started)))
else:
    try:
        from scoring_api.sim.runs import SimulationRequest, run
    except ImportError:
        from scoring_api.rules.simulation import SimulationRequest, run
    from scoring_api.rules import RuleOptions
    # "expected4": four players of "expected". The lineup's field was "strategies" before it
    # was "lineup", and names before it was strategy objects: the baseline may have any.
    name, players = (measure[:-1], 4) if measure.endswith("4") else (measure, 2)
    field = "lineup" if "lineup" in SimulationRequest.__dataclass_fields__ else "strategies"
    lineup = (name,) * players
    try:
        from scoring_api.sim.registry import lineup_of
        lineup = lineup_of(lineup)
    except ImportError:
        pass
    request = SimulationRequest(
        **{field: lineup}, rules=RuleOptions(players=players), seed=1, games=games
    )
    started = time.perf_counter()
    totals = run(request)
    print(json.dumps(totals.games / (time.perf_counter() - started)))
"""

MEASURES = {
    "show_totals": 0,
    "random": 5000,
    "expected": 2000,
    "random4": 3000,
    "expected4": 1000,
}


def _once(checkout: Path, measure: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", SNIPPET, measure, str(MEASURES[measure])],
        cwd=checkout,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    value: float = json.loads(out.stdout)
    return value


def _per_game(checkout: Path, measure: str, games: int) -> float:
    """Instructions per game under callgrind, in a fresh process of ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}

    def count(n: int) -> int:
        command = [sys.executable, "-c", SNIPPET, measure, str(n)]
        return run_counted(command, cwd=checkout, env=env)[0]

    return per_unit(count, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="a commit to compare against")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--measures", nargs="*", default=list(MEASURES))
    parser.add_argument(
        "--instructions", type=int, metavar="N", help="count instructions of N games instead"
    )
    args = parser.parse_args()
    if args.instructions:
        args.measures = [m for m in args.measures if MEASURES[m]]
        args.rounds = 1
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as scratch:
        base = Path(scratch) / "baseline"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(base), args.baseline],
            cwd=ROOT,
            check=True,
        )
        try:
            results: dict[str, dict[str, list[float]]] = {
                m: {"this": [], "baseline": []} for m in args.measures
            }
            for round_ in range(args.rounds):
                sides = [("this", ROOT), ("baseline", base)]
                if round_ % 2:
                    sides.reverse()
                for measure in args.measures:
                    for name, checkout in sides:
                        if args.instructions:
                            value = _per_game(checkout, measure, args.instructions)
                        else:
                            value = _once(checkout, measure)
                        results[measure][name].append(value)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    rev = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    unit = f"instructions per game ({args.instructions} games)" if args.instructions else "per s"
    print(f"this checkout {rev} against {args.baseline}, {args.rounds} rounds interleaved; {unit}")
    print(f"{'measure':<12} {'this (median, best)':>26} {'baseline (median, best)':>28} ratio")
    for measure, sides_ in results.items():
        mine, theirs = sides_["this"], sides_["baseline"]
        ratio = statistics.median(mine) / statistics.median(theirs)
        print(
            f"{measure:<12} {statistics.median(mine):>14,.0f} {max(mine):>11,.0f}"
            f" {statistics.median(theirs):>16,.0f} {max(theirs):>11,.0f}  {ratio:.3f}"
        )


if __name__ == "__main__":
    main()
