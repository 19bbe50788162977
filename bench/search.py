"""The speed of ``search``: milliseconds per two-player game, beside expert in the same minutes.

Run from the repository root:  .venv/bin/python bench/search.py [--games N] [--budgets B ...]

Each round plays ``--games`` games of search (at each budget) v expert, and of expert v
expert, each in a fresh process pinned to one core with the expert's tables read before the
clock starts; rounds alternate so that the machine's load falls on every figure alike. The
figure to compare across machines and minutes is the ratio to expert v expert in the same
round (docs in bench/README.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 4242

_CHILD = """
import os, sys, time
os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
sys.path.insert(0, sys.argv[1])
from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.expert.tables import shipped_tables
from scoring_api.sim.runs import SimulationRequest, play_one
shipped_tables()
budget = int(sys.argv[3]) or None
names = ("search", "expert") if budget else ("expert", "expert")
request = SimulationRequest(names, DEFAULT_RULES, int(sys.argv[4]), int(sys.argv[2]),
                            budgets=(budget, None) if budget else ())
play_one(request, 10**9)  # warm the caches every strategy fills on its first game
started = time.process_time()
for index in range(request.games):
    play_one(request, index)
print((time.process_time() - started) / request.games * 1000)
"""


def milliseconds_per_game(budget: int, games: int) -> float:
    """CPU milliseconds per game in a fresh process (budget 0: expert v expert)."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), str(games), str(budget), str(SEED)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--budgets", type=int, nargs="+", default=[48])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    figures: dict[int, list[float]] = {budget: [] for budget in [0, *args.budgets]}
    for _ in range(args.rounds):
        for budget in figures:
            figures[budget].append(milliseconds_per_game(budget, args.games))
    load = os.getloadavg()[0]
    print(f"# bench/search.py --games {args.games} --rounds {args.rounds}, load {load:.1f}")
    expert = statistics.median(figures[0])
    print(f"expert v expert: median {expert:.2f} ms per game (CPU, one core)")
    for budget in args.budgets:
        ms = statistics.median(figures[budget])
        print(f"search (budget {budget}) v expert: median {ms:.1f} ms per game, "
              f"{ms / expert:.0f} times expert v expert")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
