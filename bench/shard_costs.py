"""One seat's CPU cost of a game, by strategy, table and search budget, beside the guess the
first shards of a run are sized from (``scoring_api/sim_cluster/costs.py``).

Run from the repository root:
    .venv/bin/python bench/shard_costs.py [--games N]

Each lineup is one strategy in every seat (``search``: seat 0, expected in the others, whose
cost is left out); each game is timed by ``time.process_time`` (one core) after one game to
warm the caches. Printed: milliseconds a seat a game measured, the model's, and their ratio
(above 1: the model guesses low, and the first shard, an eighth of the target, is longer).
Timing only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import sys
import time

import checkout  # noqa: F401  (this checkout first on sys.path)

from scoring_api.rules import RuleOptions
from scoring_api.sim.registry import lineup_of, strategy_for
from scoring_api.sim.runs import SimulationRequest, play_one

SEED = 7
BUDGETS = (50, 200, 1000, 4000)


def per_game(sim: SimulationRequest) -> float:
    """CPU seconds a game over the run's games (after one to warm up)."""
    play_one(sim, sim.first_game + sim.games)
    started = time.process_time()
    for index in range(sim.first_game, sim.first_game + sim.games):
        play_one(sim, index)
    return (time.process_time() - started) / sim.games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="of the cheap strategies")
    args = parser.parse_args()
    print(f"{'players':>7} {'strategy':10} {'budget':>6} {'games':>5} {'ms/seat':>9} "
          f"{'model':>9} {'ratio':>6}")  # fmt: skip
    for players in (2, 3, 4):
        rules = RuleOptions(players=players)
        cheap = [("random", None), ("greedy", None), ("expected", None)]
        if players == 2:
            cheap.append(("expert", None))
        for name, _ in cheap:
            sim = SimulationRequest(lineup_of((name,) * players), rules, SEED, args.games)
            measured = per_game(sim) / players
            show(players, name, None, args.games, measured)
        for budget in BUDGETS:
            games = max(3, args.games * 50 // (budget * players))
            lineup = lineup_of(("search",) + ("expected",) * (players - 1), (budget,))
            sim = SimulationRequest(lineup, rules, SEED, games)
            others = (players - 1) * strategy_for("expected").seconds_per_game(players)
            show(players, "search", budget, games, per_game(sim) - others)
    return 0


def show(players: int, name: str, budget: int | None, games: int, measured: float) -> None:
    model = strategy_for(name, budget).seconds_per_game(players)
    print(f"{players:7} {name:10} {budget or '':>6} {games:5} {measured * 1000:9.3f} "
          f"{model * 1000:9.3f} {measured / model:6.2f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
