"""Play for the game, not the points (issue 42 item 5): does a player that values its tiles
near the end of a game by the chance to win beat one that values them by points?

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/play_for_the_game.py --base expert --seeds 10000
    .venv/bin/python bench/play_for_the_game.py --base expert --against points --seeds 10000
    .venv/bin/python bench/play_for_the_game.py --base search --seeds 2000

The player is the shipped ``endgame`` strategy (``scoring_api/sim/endgame.py``, which says
how it plays): as its base (``expert``, or ``search`` at ``--search-budget``) until a side is
within ``--near`` points of the target, then each choice of the play valued by the chance to
win over ``--budget`` play-outs that stop at the target. Its lay-away is the expert's.

``--against base``: it plays its base. ``--against points``: it plays the same player valuing
the same play-outs by net points (``search``'s measure, near the end only): the chance alone
is what differs.

Paired games (two players, to 61, seed ``i`` the stream ``seeded(i)``): each seed played
twice, with ``endgame`` in seat 0 and in seat 1, the same tiles to the same seats (the deals
draw from their own region of the game's stream, which no player draws from); the first
dealer alternates by seed. Printed: its win rate with the Wilson and the paired 95%
intervals, how many choices near the end it valued and in how many the best value by the
chance was not the best by points. Nothing here asserts: docs/simulation.md and
bench/README.md hold the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import checkout  # noqa: F401

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.endgame import EndgameStrategy
from scoring_api.sim.expert.strategy import ExpertStrategy
from scoring_api.sim.game import play_game
from scoring_api.sim.intervals import paired_interval, wilson_interval
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.strategies import Strategy

RULES = RuleOptions()


def _pair(args: tuple[int, str, str, int, int, int]) -> tuple[int, int, int]:
    """Seed ``i`` played both ways: (games won by ``endgame``: 0, 1 or 2; choices decided;
    changed)."""
    i, base_name, against, near, budget, search_budget = args
    base: Strategy = ExpertStrategy() if base_name == "expert" else SearchStrategy(search_budget)
    lays = None if base_name == "expert" else base
    player = EndgameStrategy(near=near, holdings=budget, base=lays)
    opponent: Strategy = base
    if against == "points":
        opponent = EndgameStrategy(near=near, holdings=budget, by="points", base=lays)
    won = 0
    for seat in (0, 1):
        players = [player, opponent] if seat == 0 else [opponent, player]
        game = play_game(players, RULES, seeded(i), i % 2)
        won += game.winner == seat
    return won, player.decided, player.changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", choices=["expert", "search"], default="expert")
    parser.add_argument("--against", choices=["base", "points"], default="base",
                        help="the base, or the same near the end valued by points")  # fmt: skip
    parser.add_argument("--seeds", type=int, default=10_000)
    parser.add_argument("--near", type=int, default=15, help="points from the target")
    parser.add_argument("--budget", type=int, default=200, help="holdings per choice near the end")
    parser.add_argument("--search-budget", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    print(f"# bench/play_for_the_game.py {' '.join(sys.argv[1:])}  "
          f"(load {os.getloadavg()[0]:.1f})")  # fmt: skip
    started = time.monotonic()
    work = [
        (i, args.base, args.against, args.near, args.budget, args.search_budget)
        for i in range(args.seeds)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_pair, work, chunksize=50))
    wins = sum(won for won, *_ in results)
    both = sum(won == 2 for won, *_ in results)
    neither = sum(won == 0 for won, *_ in results)
    decided = sum(d for _, d, _ in results)
    changed = sum(c for _, _, c in results)
    games = 2 * args.seeds
    low, high = wilson_interval(wins, games)
    plow, phigh = paired_interval(wins, both, neither, args.seeds)
    against = args.base if args.against == "base" else f"{args.base} (near the end by points)"
    print(f"for-the-game v {against}: {wins / games:.4f} of {games} games, "
          f"95% [{low:.4f}, {high:.4f}], paired [{plow:.4f}, {phigh:.4f}]")  # fmt: skip
    share = changed / max(decided, 1)
    print(f"choices decided by the chance: {decided} ({decided / games:.2f} a game), "
          f"another value than by points: {changed} ({share:.1%})")  # fmt: skip
    print(f"{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
