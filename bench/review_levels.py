"""The game review's levels: where each ladder strategy's error rate falls, the bands drawn
from that, and how often ten fresh games of each land in its own band (issue 53 item 3).

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/review_levels.py [--games N] [--check N] [--quick]

Each ladder strategy (random, greedy, expected, expert, search) plays ``--games`` two-player
games against the expert (seats alternating; seed "review-levels:<strategy>:<i>"), each
reviewed whole as ``POST /v1/games/review`` reviews it (``review_game``, the expert model, 300
play-outs); its player's error rate over each game (``review.game.error_rate``: the mean
loss in the chance to win over his decisions with a choice, in thousandths) is kept. The
bands: between two strategies next on the ladder, the cut that places most of both
strategies' games on their own sides (each strategy weighed alike); two strategies whose
cut places fewer than ``APART`` of their games rightly cannot be told apart and share a band.
Then ``--check`` fresh games of each (seed "review-levels-check:...") are placed by those
bands and by the shipped ones (``review.game.LEVELS``): the share in its own band, per
strategy. ``--quick``: 12 and 10 games. Nothing here asserts: docs/review.md holds the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from itertools import pairwise
from random import Random

import checkout  # noqa: F401

from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.review.game import LEVELS, GameToReview, level_of, review_game

LADDER = ("search", "expert", "expected", "greedy", "random")
"""Best first."""
APART = 0.8
"""The share of two neighbours' games a cut must place rightly for them to have two bands."""


def rates(strategy: str, games: int, playouts: int, seed: str) -> list[float]:
    """The strategy's error rate in each of ``games`` games against the expert."""
    rules = RuleOptions()
    found = []
    for index in range(games):
        seat = index % 2
        players = [strategy_for("expert"), strategy_for("expert")]
        players[seat] = strategy_for(strategy)
        rng = Random(f"{seed}:{strategy}:{index}")
        game = play_game(players, rules, rng, (index // 2) % 2, transcript=True)
        records = game.transcript or []
        scored = score_game(rules, [recorded_deal(record) for record in records])
        drawn = [record.hands for record in records]
        review = review_game(GameToReview(rules, scored, drawn, "expert", playouts))
        rate = review.players[seat].error_rate
        if rate is not None:
            found.append(rate)
    return found


def best_cut(better: list[float], worse: list[float]) -> tuple[float, float]:
    """The cut between two strategies' rates that places the most of each rightly (the mean
    of the two shares), and that mean."""
    candidates = sorted(set(better) | set(worse))
    best, score = 0.0, -1.0
    for low, high in pairwise(candidates):
        cut = (low + high) / 2
        right = (sum(r < cut for r in better) / len(better)
                 + sum(r >= cut for r in worse) / len(worse)) / 2  # fmt: skip
        if right > score:
            best, score = cut, right
    return round(best, 2), score


def _spread(values: list[float]) -> str:
    cuts = statistics.quantiles(values, n=4)
    return (f"mean {statistics.fmean(values):6.2f}  median {cuts[1]:6.2f}  "
            f"quartiles [{cuts[0]:.2f}, {cuts[2]:.2f}]")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="calibration games a strategy")
    parser.add_argument("--check", type=int, default=30, help="fresh games a strategy")
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="12 and 10 games")
    args = parser.parse_args()
    if args.quick:
        args.games, args.check = 12, 10
    print(f"# bench/review_levels.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    started = time.monotonic()
    calibration = {s: rates(s, args.games, args.playouts, "review-levels") for s in LADDER}
    print(f"\nerror rate per game against the expert, {args.games} games each:")
    for strategy in LADDER:
        print(f"  {strategy:9} {_spread(calibration[strategy])}")
    bands: list[tuple[str, float]] = []
    merged: list[str] = [LADDER[0]]
    print("\ncuts between neighbours (share of both placed rightly):")
    for better, worse in pairwise(LADDER):
        cut, right = best_cut(calibration[better], calibration[worse])
        apart = right >= APART
        print(f"  {better:9}| {worse:9} at {cut:6.2f}: {100 * right:5.1f}%"
              f"{'' if apart else '  -> one band'}")  # fmt: skip
        if apart:
            bands.append(("/".join(merged), cut))
            merged = [worse]
        else:
            merged.append(worse)
    print(f"\nbands drawn: {bands} then {'/'.join(merged)}")
    print(f"bands shipped (review.game.LEVELS): {list(LEVELS)}")
    print(f"\n{args.check} fresh games each, the share placed in its own band:")
    for strategy in LADDER:
        fresh = rates(strategy, args.check, args.playouts, "review-levels-check")
        drawn = _own(strategy, fresh, bands, "/".join(merged))
        shipped = sum(_is_own(strategy, level_of(rate)) for rate in fresh) / len(fresh)
        print(f"  {strategy:9} drawn bands {100 * drawn:5.1f}%   shipped bands "
              f"{100 * shipped:5.1f}%   ({_spread(fresh)})")  # fmt: skip
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


def _is_own(strategy: str, level: str | None) -> bool:
    """Whether ``level`` (a band's name, neighbours that share one joined by ``/``) is the
    strategy's band; ``search`` shares the expert's where the shipped bands have no band of
    its own."""
    if level is None:
        return False
    names = level.split("/")
    return strategy in names or (strategy == "search" and "expert" in names
                                 and not any(name == "search" for name, _ in LEVELS))  # fmt: skip


def _own(strategy: str, rates_: list[float], bands: list[tuple[str, float]], last: str) -> float:
    """The share of ``rates_`` in the strategy's own band of ``bands`` (``last`` past them)."""
    placed = [level_of(rate, bands) if bands and rate < bands[-1][1] else last for rate in rates_]
    return sum(_is_own(strategy, level) for level in placed) / len(rates_)


if __name__ == "__main__":
    raise SystemExit(main())
