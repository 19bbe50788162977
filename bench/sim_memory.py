"""Peak memory of one process playing many simulated games, as a long-lived worker would.

Run from the repository root:  .venv/bin/python bench/sim_memory.py [--random N] [--expected N]

The rules core remembers what it computes in bounded memos and caches (the points of a
count, the tiles of a hand mask, the advisor's figures per six values); this shows where the
process's peak resident size levels off. Plays ``--random`` random v random games, then
``--expected`` expected v expected games, in runs of 10,000 with a new seed each, printing the
peak resident size after each run. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import resource

import checkout  # noqa: F401

from scoring_api.rules import DEFAULT_RULES
from scoring_api.rules.constants import PLAYERS
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run

RUN = 10_000


def peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=200_000, help="random v random games")
    parser.add_argument("--expected", type=int, default=40_000, help="expected v expected games")
    args = parser.parse_args()
    print(f"after imports: peak {peak_mb()} MB")
    seed = 0
    for name, games in (("random", args.random), ("expected", args.expected)):
        for played in range(RUN, games + 1, RUN):
            seed += 1
            run(SimulationRequest(lineup_of((name,) * PLAYERS), DEFAULT_RULES, seed, RUN))
            print(f"{name} v {name}, {played:,} games: peak {peak_mb()} MB")


if __name__ == "__main__":
    main()
