"""The game review's figures: the losses in the chance to win of the ladder's strategies (the
labels' thresholds), their accuracies, and how far their luck is from their skill.

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/game_review_figures.py [--games N] [--playouts P]

``--games`` whole two-player games of each strategy against itself (random, greedy, expected,
expert; game ``i`` from the stream ``game_stream(k, i)``, ``seeded(k).child(i)`` for ``k`` the
strategy's place in the registry, roots disjoint from the tables' build seeds), each reviewed
whole as ``POST /v1/games/review`` reviews it (``review_game``, the expert model); printed per
strategy: the mean accuracy of a player over a game and its 95% interval, the percentiles of
the loss in the chance to win of the decisions with a choice, the share of each label, and the
mean luck in points and in the chance to win. Nothing here asserts: docs/review.md holds the
figures.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

import checkout  # noqa: F401

from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.intervals import Z95
from scoring_api.sim.registry import NAMES, strategy_for
from scoring_api.sim.review.game import GameToReview, review_game
from scoring_api.sim.review.labels import LABELS
from scoring_api.sim.streams import game_stream

STRATEGIES = ("random", "greedy", "expected", "expert")
PERCENTILES = (50, 75, 90, 95, 99)


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} [{mean - half:.2f}, {mean + half:.2f}]"


def figures(strategy: str, games: int, playouts: int) -> None:
    rules = RuleOptions()
    accuracies: list[float] = []
    losses: list[float] = []
    labels: dict[str, int] = dict.fromkeys(LABELS, 0)
    luck: list[float] = []
    chance_luck: list[float] = []
    players = [strategy_for(strategy)] * 2
    for index in range(games):
        # game ``index`` of the run of the strategy's place in the registry (stream version 2)
        stream = game_stream(NAMES.index(strategy), index)
        game = play_game(players, rules, stream, index % 2, transcript=True)
        records = game.transcript or []
        scored = score_game(rules, [recorded_deal(record) for record in records])
        drawn = [record.hands for record in records]
        review = review_game(GameToReview(rules, scored, drawn, "expert", playouts))
        for deal in review.deals:
            for decision in deal.decisions:
                labels[decision.label] += 1
                if decision.decision.label != "forced":
                    losses.append(decision.loss)
        for player in review.players:
            if player.accuracy is not None:
                accuracies.append(player.accuracy)
            luck.append(player.luck)
            chance_luck.append(player.chance_luck)
    cuts = statistics.quantiles(losses, n=100)
    spread = " ".join(f"p{p} {cuts[p - 1]:.4f}" for p in PERCENTILES)
    with_choice = sum(n for label, n in labels.items() if label != "forced")
    shares = " / ".join(
        f"{100 * labels[label] / with_choice:.1f}" for label in LABELS if label != "forced"
    )
    print(f"| `{strategy}` | {_interval(accuracies)} | {spread} | {shares} % | "
          f"{_interval(luck)} | {_interval(chance_luck)} |", flush=True)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=300)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"# bench/game_review_figures.py {' '.join(sys.argv[1:])}  (load {load:.1f})")
    print(f"{args.games} two-player games of each strategy against itself, "
          f"{args.playouts} play-outs")  # fmt: skip
    print("| strategy | accuracy | loss in the chance, decisions with a choice | "
          "best / fine / inacc. / mistake / blunder | luck, points | luck, chance |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- |")
    started = time.monotonic()
    for strategy in STRATEGIES:
        figures(strategy, args.games, args.playouts)
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
