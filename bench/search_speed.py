"""CPU time of a two-player game with a ``search`` seat, by budget.

Run from the repository root:  .venv/bin/python bench/search_speed.py [--games N] [--budgets ...]

Plays ``--games`` games of search (at each budget) v expert, seats alternating, and expert v
expert on the same seeds in the same minutes, and prints the CPU milliseconds per game of
this process (``time.process_time``: one core; steadier than the clock on a busy machine,
though a loaded machine still inflates it). The expert's tables are read before the timing.
The target of the default budget: at most 50 ms a game (20 games per second per core).
Timing only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring_api.rules import DEFAULT_RULES  # noqa: E402
from scoring_api.sim.expert.tables import shipped_tables  # noqa: E402
from scoring_api.sim.runs import SimulationRequest, run  # noqa: E402
from scoring_api.sim.search import DEFAULT_BUDGET  # noqa: E402

SEED = 4711


def cpu_ms_per_game(lineup: tuple[str, str], budget: int | None, games: int) -> float:
    budgets = tuple(budget if name == "search" else None for name in lineup)
    request = SimulationRequest(lineup, DEFAULT_RULES, SEED, games, budgets=budgets)
    started = time.process_time()
    run(request)
    return (time.process_time() - started) * 1000 / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", type=int, nargs="+", default=[48, 200, DEFAULT_BUDGET, 1000])
    args = parser.parse_args()
    shipped_tables()
    print(f"# bench/search_speed.py --games {args.games}, seed {SEED}, load {os.getloadavg()}")
    expert = cpu_ms_per_game(("expert", "expert"), None, args.games)
    print(f"expert v expert: {expert:.2f} ms of CPU a game")
    for budget in args.budgets:
        ms = cpu_ms_per_game(("search", "expert"), budget, args.games)
        print(f"search at {budget:>4} v expert: {ms:.1f} ms of CPU a game ({1000 / ms:.0f}/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
