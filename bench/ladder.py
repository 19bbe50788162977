"""The strength ladder: a round robin of every strategy, in paired games.

By default every strategy but ``search`` (about 40 times slower): name it in
``--strategies``, with ``--budget`` for its play-outs per choice.

Run from the repository root:  .venv/bin/python bench/ladder.py [--games N] [--seed S] ...

Each pairing plays ``--games`` games: game ``i`` (the stream ``seeded(seed).child(i)``,
``sim.streams.game_stream``; first dealers alternating) once with A in seat 0 and once with
B there, so both see the same tiles from the same seats (the deals draw from their own
region of the game's stream, which no strategy draws from). The first strategy's win rate
is shown with its 95% Wilson interval over all the games, and with the interval of the
paired difference (a seed's two games count as one observation: A won both, split, or lost
both), which is narrower because the deal's luck cancels. The seed must differ from the
expert tables' build seed (docs in bench/README.md). Shards run in ``--jobs`` processes;
shards of a run merge exactly.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from multiprocessing import get_context

import checkout  # noqa: F401

from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.intervals import paired_interval, wilson_interval
from scoring_api.sim.registry import NAMES, named, strategy_for
from scoring_api.sim.runs import SimulationRequest, play_one
from scoring_api.sim.strategies import Strategy

SEED = 31337
SHARD = 250


Lookup = Callable[[str, int | None], Strategy]
"""A strategy by name and budget (the budget for one that takes it), in each process."""


def registered(name: str, budget: int | None) -> Strategy:
    """The registry's strategy, ``budget`` given to one that takes it."""
    return strategy_for(name, None if named(name).budget_range is None else budget)


def _shard(args: tuple[str, str, int, int, int, int | None, Lookup]) -> tuple[int, int, int]:
    """Seeds ``first`` .. ``first + n - 1``: (A's wins, seeds A won twice, seeds A lost twice)."""
    a, b, seed, first, n, budget, lookup = args
    pair = (lookup(a, budget), lookup(b, budget))
    ab = SimulationRequest(pair, DEFAULT_RULES, seed, n, first)
    ba = SimulationRequest(pair[::-1], DEFAULT_RULES, seed, n, first)
    wins = both = neither = 0
    for index in range(first, first + n):
        first_won = play_one(ab, index).winner == 0
        second_won = play_one(ba, index).winner == 1
        wins += first_won + second_won
        both += first_won and second_won
        neither += not first_won and not second_won
    return wins, both, neither


def pairing(
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int,
    budget: int | None = None,
    lookup: Lookup = registered,
) -> str:
    """A's win rate over B, as a line; ``lookup`` finds each by name in each process (a
    strategy that is not shipped too, as bench/exploiter.py's: a module's function, or a
    ``partial`` of one, so that it pickles)."""
    seeds = games // 2
    shards = [
        (a, b, seed, first, min(SHARD, seeds - first), budget, lookup)
        for first in range(0, seeds, SHARD)
    ]
    context = get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        results = list(pool.map(_shard, shards))
    wins, both, neither = (sum(r[k] for r in results) for k in range(3))
    low, high = wilson_interval(wins, 2 * seeds)
    plow, phigh = paired_interval(wins, both, neither, seeds)
    return (
        f"{a:>9} v {b:<9} {wins / (2 * seeds):.4f}  [{low:.4f}, {high:.4f}]"
        f"  paired [{plow:.4f}, {phigh:.4f}]  {2 * seeds:,} games"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6_000, help="games per pairing")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    quick = [name for name in NAMES if name != "search"][::-1]  # search: name it
    parser.add_argument("--strategies", nargs="+", default=quick)
    parser.add_argument("--budget", type=int, help="search's budget (default: its own)")
    args = parser.parse_args()
    budget = "" if args.budget is None else f" --budget {args.budget}"
    print(f"# bench/ladder.py --games {args.games} --seed {args.seed}{budget}, default rules")
    print(f"{'pairing':>21} first's win rate, 95% Wilson, 95% paired")
    for a, b in combinations(args.strategies, 2):
        started = time.monotonic()
        line = pairing(a, b, args.games, args.seed, args.jobs, args.budget)
        print(f"{line}  ({time.monotonic() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
