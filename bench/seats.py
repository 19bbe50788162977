"""A strategy in one seat of a table of ``expected`` seats, against ``expected`` in that seat.

Run from the repository root:  .venv/bin/python bench/seats.py [--seeds N] [--strategy S] ...

For each mode (three players, four, two partnerships) and seed ``i`` (game ``i`` of the run,
the stream ``seeded(seed).child(i)``, ``sim.streams.game_stream``; first dealers in turn),
game ``i`` is played twice: with ``--strategy`` in seat 0 and ``expected`` in every other seat, and
with ``expected`` in every seat. The deals draw from their own region of the game's stream,
which no strategy draws from, so both games deal the same tiles to the same seats,
and the difference of seat 0's side's wins (per seed: +1, 0 or -1) is what the strategy
adds in that seat, with its 95% interval (normal approximation). A second, steadier figure
is what the search acts on: the play's points per deal, his side's less every other side's
(``playouts.nets.net``), the difference per seed with its interval. With partners the
partner in seat 2 stays ``expected``.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import checkout  # noqa: F401

from scoring_api.rules.options import RuleOptions
from scoring_api.sim.intervals import Z95
from scoring_api.sim.outcome import GameResult
from scoring_api.sim.playouts.nets import net
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, play_one
from scoring_api.sim.search import SearchStrategy

SEED = 31337
SHARD = 25
MODES = {
    "three": RuleOptions(players=3),
    "four": RuleOptions(players=4),
    "partners": RuleOptions(players=4, partners=True),
}


def _play_net(result: GameResult, rules: RuleOptions) -> float:
    """Seat 0's side's play points less every other side's, per deal."""
    sides = [rules.side_of(seat) for seat in range(rules.players)]
    points = [seat_points.get("play", 0) for seat_points in result.points]
    return net(points, sides, 0) / result.deals


def _shard(
    args: tuple[str, str, int | None, int, int, int],
) -> tuple[int, int, int, float, float]:
    """Seeds ``first`` .. ``first + n - 1``: (wins with the strategy, wins with expected,
    the sum of squared differences, the sum of play-net differences and of their squares)."""
    mode, name, budget, seed, first, n = args
    rules = MODES[mode]
    others = ("expected",) * (rules.players - 1)
    budgets = (budget if name == SearchStrategy.name else None,)
    tried = SimulationRequest(lineup_of((name, *others), budgets), rules, seed, n, first)
    base = SimulationRequest(lineup_of(("expected", *others)), rules, seed, n, first)
    side = rules.side_of(0)
    wins = base_wins = squares = 0
    nets = net_squares = 0.0
    for index in range(first, first + n):
        result, base_result = play_one(tried, index), play_one(base, index)
        won, base_won = result.winner == side, base_result.winner == side
        wins += won
        base_wins += base_won
        squares += (won - base_won) ** 2
        gained = _play_net(result, rules) - _play_net(base_result, rules)
        nets += gained
        net_squares += gained * gained
    return wins, base_wins, squares, nets, net_squares


def measure(mode: str, name: str, budget: int | None, seeds: int, seed: int, jobs: int) -> str:
    shards = [
        (mode, name, budget, seed, first, min(SHARD, seeds - first))
        for first in range(0, seeds, SHARD)
    ]
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        results = list(pool.map(_shard, shards))
    wins, base_wins, squares = (sum(r[k] for r in results) for k in range(3))
    nets, net_squares = (sum(r[k] for r in results) for k in range(3, 5))
    diff = (wins - base_wins) / seeds
    return (
        f"{mode:>8}: {name} in seat 0 wins {wins / seeds:.4f}, expected there "
        f"{base_wins / seeds:.4f}; difference {_interval(diff, squares, seeds)}; "
        f"play net a deal {_interval(nets / seeds, net_squares, seeds)}  {seeds:,} seeds"
    )


def _interval(mean: float, squares: float, n: int) -> str:
    """``mean`` and its 95% interval, from the sum of squares of ``n`` values."""
    half = Z95 * math.sqrt((squares / n - mean * mean) / n)
    return f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--strategy", default="search")
    parser.add_argument("--budget", type=int, help="of a search seat (default: its own)")
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES))
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    budget = "" if args.budget is None else f" --budget {args.budget}"
    print(f"# bench/seats.py --seeds {args.seeds} --seed {args.seed} --strategy "
          f"{args.strategy}{budget} (load {os.getloadavg()[0]:.1f})")  # fmt: skip
    for mode in args.modes:
        started = time.monotonic()
        line = measure(mode, args.strategy, args.budget, args.seeds, args.seed, args.jobs)
        print(f"{line}  ({time.monotonic() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
