"""What the review finds in the ladder's strategies: the losses behind docs/review.md's labels.

Run from the repository root:
    .venv/bin/python bench/review_figures.py [--deals N] [--playouts P] [--players 2] ...

For each strategy, the first ``--deals`` whole deals of its self-play (every seat that
strategy, first dealers alternating, ``--seed``), every seat reviewed with ``--playouts``
play-outs (the model is the default for the players: ``expert`` with two, else
``expected``). Printed per strategy: the mean lay-away and play loss per seat and deal with
95% intervals, the mean luck, and the share of each label among lay-aways and among the tiles
of the play with a choice; then the quantiles of the losses of those tiles (the thresholds'
evidence). Deals are reviewed in ``--jobs`` processes, in order.

``--noise N``: instead, whole deals of expected v expert are reviewed twice, with
``--playouts`` and with ten times as many, until N tiles with a choice are compared: how far a
loss moves with the play-outs' draw, and how often a tile without loss (by the ten times
more) is labelled past ``fine`` or ``inaccuracy`` (the labels' false alarms).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from statistics import fmean, stdev

import checkout  # noqa: F401
from sim.samples import request_from_record, whole_deals

from scoring_api.rules import RuleOptions
from scoring_api.sim.intervals import Z95
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.review.deal import LayAwayDecision, review_deal
from scoring_api.sim.review.labels import LABELS, THRESHOLDS
from scoring_api.sim.runs import SimulationRequest

SEED = 4242  # not the expert tables' build seed
GAMES_PER_JOB = 8

Found = tuple[list[float], list[float], list[float], list[str], list[str], list[float]]
"""Per seat and deal: lay-away loss, play loss, luck; per decision: lay-away labels, labels
of tiles with a choice, losses of tiles with a choice."""


def _review_games(args: tuple[str, int, int, int, int, int]) -> Found:
    strategy, players, seed, first, games, playouts = args
    rules = RuleOptions(players=players)
    model = "expert" if players == 2 else "expected"
    run = SimulationRequest(lineup_of((strategy,) * players), rules, seed, games, first)
    found: Found = ([], [], [], [], [], [])
    for record in whole_deals(run):
        review = review_deal(request_from_record(record, run, model, playouts))
        for seat in review.seats:
            found[0].append(seat.lay_away_loss)
            found[1].append(seat.play_loss)
            found[2].append(seat.luck if seat.luck is not None else math.nan)
        for decision in review.decisions:
            if isinstance(decision, LayAwayDecision):
                found[3].append(decision.label)
            elif decision.label != "forced":
                found[4].append(decision.label)
                found[5].append(decision.loss)
    return found


def _interval(values: list[float]) -> str:
    mean = fmean(values)
    half = Z95 * stdev(values) / math.sqrt(len(values))
    return f"{mean:6.3f} [{mean - half:6.3f}, {mean + half:6.3f}]"


def _shares(labels: list[str]) -> str:
    counts = Counter(labels)
    return " ".join(
        f"{label} {counts[label] / len(labels):5.1%}" for label in LABELS if counts[label]
    )


def _quantiles(losses: list[float]) -> str:
    ordered = sorted(losses)
    picks = (0.5, 0.75, 0.9, 0.95, 0.99)
    return " ".join(f"p{round(q * 100)} {ordered[int(q * (len(ordered) - 1))]:.2f}" for q in picks)


def measure(strategy: str, args: argparse.Namespace) -> Found:
    """Review games until ``--deals`` whole deals are in, in batches over the jobs."""
    total: Found = ([], [], [], [], [], [])
    first = 0
    context = get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        while len(total[0]) < args.deals * args.players:
            batch = [
                (strategy, args.players, args.seed, first + k * GAMES_PER_JOB, GAMES_PER_JOB,
                 args.playouts)
                for k in range(args.jobs)
            ]  # fmt: skip
            first += args.jobs * GAMES_PER_JOB
            for found in pool.map(_review_games, batch):
                for mine, theirs in zip(total, found, strict=True):
                    mine.extend(theirs)
    seats = args.deals * args.players
    return (*(part[:seats] for part in total[:3]), *total[3:])  # type: ignore[return-value]


def _noise_pairs(args: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    seed, first, games, playouts = args
    run = SimulationRequest(lineup_of(("expected", "expert")), RuleOptions(), seed, games, first)
    pairs = []
    for record in whole_deals(run):
        request = request_from_record(record, run, "expert", playouts)
        few, many = review_deal(request), review_deal(replace(request, playouts=10 * playouts))
        for low, high in zip(few.decisions, many.decisions, strict=True):
            if not isinstance(low, LayAwayDecision) and low.label != "forced":
                pairs.append((low.loss, high.loss))
    return pairs


def noise(args: argparse.Namespace) -> None:
    """Each loss with ``--playouts`` against the same loss with ten times as many."""
    pairs: list[tuple[float, float]] = []
    first = 0
    with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
        while len(pairs) < args.noise:
            batch = [(args.seed, first + k * GAMES_PER_JOB, GAMES_PER_JOB, args.playouts)
                     for k in range(args.jobs)]  # fmt: skip
            first += args.jobs * GAMES_PER_JOB
            for found in pool.map(_noise_pairs, batch):
                pairs += found
    moved = [abs(low - high) for low, high in pairs]
    clean = [low for low, high in pairs if high == 0]
    print(
        f"{len(pairs)} tiles with a choice, {args.playouts} against {10 * args.playouts} "
        f"play-outs: the loss moves by {fmean(moved):.3f} on average ({_quantiles(moved)})"
    )
    for label, below in THRESHOLDS[:2]:
        alarms = sum(loss >= below for loss in clean) / len(clean)
        print(
            f"  of the {len(clean)} without loss by the larger count, {alarms:.1%} are past "
            f"{label} ({below}) by the smaller"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument(
        "--strategies", nargs="+", default=["random", "greedy", "expected", "expert"]
    )
    parser.add_argument("--noise", type=int, default=0, help="tiles to compare, see above")
    args = parser.parse_args()
    if args.noise:
        noise(args)
        return 0
    print(f"{args.deals} whole deals per strategy, {args.players} players, every seat reviewed,")
    print(f"{args.playouts} play-outs, seed {args.seed}; means per seat and deal, 95% intervals")
    every_loss: list[float] = []
    for strategy in args.strategies:
        started = time.monotonic()
        lay_away, play, luck, lay_labels, play_labels, losses = measure(strategy, args)
        every_loss += losses
        print(f"\n{strategy} ({time.monotonic() - started:.0f} s)")
        print(f"  lay-away loss {_interval(lay_away)}   play loss {_interval(play)}")
        print(f"  luck {_interval([x for x in luck if not math.isnan(x)])}")
        print(f"  lay-aways: {_shares(lay_labels)}")
        print(f"  tiles with a choice ({len(play_labels)}): {_shares(play_labels)}")
        print(
            f"  their losses: {_quantiles(losses)}; exactly 0: {losses.count(0) / len(losses):.1%}"
        )
    print(f"\nevery strategy's tiles with a choice: {_quantiles(every_loss)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
