"""The game review's levels: where each ladder strategy's error rate falls, the bands drawn
from that, and how often ten fresh games of each land in its own band (issue 53 item 3).

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/review_levels.py [--games N] [--check N] [--quick]

Each ladder strategy (random, greedy, expected, expert, search) plays ``--games`` two-player
games against the expert (seats alternating; game ``i`` plays from the stream
``seeded(CALIBRATION).child(k).child(i)``, ``k`` the strategy's place in ``LADDER``), each
reviewed whole as ``POST /v1/games/review`` reviews it (``review_game``, the expert model,
300 play-outs); its player's error rate over each game (``review.game.error_rate``: the mean
loss in the chance to win over his decisions with a choice, in thousandths) is kept. The
bands: between two strategies next on the ladder, the cut that places most of both
strategies' sets of ten games on their own sides (each strategy weighed alike; 400 sets of
ten of its calibration games drawn again); two strategies whose cut places fewer than
``APART`` of their sets rightly cannot be told apart and share a band. Then ``--check``
fresh games of each (the same paths from ``seeded(CHECK)``) are placed by those bands and
by the shipped ones (``review.game.LEVELS``): the share in its own band, one game at a time and ten
games pooled (their losses over their choices: the issue's ten reviewed games), per
strategy. ``--quick``: 12 and 20 games. ``--dump``/``--load``: keep each game's figures in
a file and draw the bands again from it. Nothing here asserts: docs/review.md holds the
figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from itertools import pairwise

import checkout  # noqa: F401

from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.review.game import LEVELS, GameToReview, error_rate, level_of, review_game

LADDER = ("search", "expert", "expected", "greedy", "random")
"""Best first."""
APART = 0.8
"""The share of two neighbours' sets of ten games a cut must place rightly for them to have
two bands (0.5 is a coin): the issue's 80%."""
POOLED = 10
"""Games pooled into one error rate: the issue's ten reviewed games."""
RESAMPLES = 400
"""Sets of ``POOLED`` calibration games the cuts are drawn on."""
CALIBRATION = 53_001
"""The root seed of the calibration games (issue 53, item 3)."""
CHECK = 53_002
"""The root seed of the fresh games the bands are checked on."""
RESAMPLE = 53_003
"""The root seed of the sets of calibration games drawn again."""


def games_of(strategy: str, games: int, playouts: int, seed: int) -> list[tuple[float, int]]:
    """The strategy's loss in the chance to win and decisions with a choice in each of
    ``games`` games against the expert: game ``i`` from ``seeded(seed).child(k).child(i)``,
    ``k`` the strategy's place in ``LADDER``."""
    rules = RuleOptions()
    root = seeded(seed).child(LADDER.index(strategy))
    found = []
    for index in range(games):
        seat = index % 2
        players = [strategy_for("expert"), strategy_for("expert")]
        players[seat] = strategy_for(strategy)
        game = play_game(players, rules, root.child(index), (index // 2) % 2, transcript=True)
        records = game.transcript or []
        scored = score_game(rules, [recorded_deal(record) for record in records])
        drawn = [record.hands for record in records]
        review = review_game(GameToReview(rules, scored, drawn, "expert", playouts))
        player = review.players[seat]
        if player.choices:
            found.append((player.chance_loss, player.choices))
    return found


def rates(games: list[tuple[float, int]], pooled: int = 1) -> list[float]:
    """The error rate of each run of ``pooled`` games (their losses over their choices)."""
    found = []
    for start in range(0, len(games) - pooled + 1, pooled):
        part = games[start : start + pooled]
        rate = error_rate(sum(loss for loss, _ in part), sum(n for _, n in part))
        assert rate is not None
        found.append(rate)
    return found


def pooled(games: list[tuple[float, int]]) -> list[float]:
    """The error rates of ``RESAMPLES`` sets of ``POOLED`` of ``games`` (drawn without
    putting back, set ``r`` from the stream ``seeded(RESAMPLE).child(r)``): what ten games
    pooled look like."""
    found = []
    for resample in range(RESAMPLES):
        part = list(games)
        seeded(RESAMPLE).child(resample).shuffle(part, POOLED)
        part = part[:POOLED]
        rate = error_rate(sum(loss for loss, _ in part), sum(n for _, n in part))
        assert rate is not None
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
    parser.add_argument("--check", type=int, default=100, help="fresh games a strategy")
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="12 and 20 games")
    parser.add_argument("--dump", help="write each game's loss and choices to this JSON file")
    parser.add_argument("--load", help="read them from this file instead of playing the games")
    args = parser.parse_args()
    if args.quick:
        args.games, args.check = 12, 20
    print(f"# bench/review_levels.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    started = time.monotonic()
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            played = json.load(file)
        calibration, checks = played["calibration"], played["check"]
        args.games, args.check = len(calibration[LADDER[0]]), len(checks[LADDER[0]])
    else:
        calibration = {s: games_of(s, args.games, args.playouts, CALIBRATION) for s in LADDER}
        checks = {s: games_of(s, args.check, args.playouts, CHECK) for s in LADDER}
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as file:
            json.dump({"calibration": calibration, "check": checks}, file)
    print(f"\nerror rate per game against the expert, {args.games} games each:")
    for strategy in LADDER:
        print(f"  {strategy:9} {_spread(rates(calibration[strategy]))}")
    bands: list[tuple[str, float]] = []
    merged: list[str] = [LADDER[0]]
    print(f"\ncuts between neighbours, on {RESAMPLES} sets of {POOLED} calibration games drawn"
          " again (share of both placed rightly):")  # fmt: skip
    for better, worse in pairwise(LADDER):
        ours, theirs = pooled(calibration[better]), pooled(calibration[worse])
        cut, right = best_cut(ours, theirs)
        apart = right >= APART
        print(f"  {better:9}| {worse:9} at {cut:6.2f}: {100 * right:5.1f}%"
              f"{'' if apart else '  -> one band'}")  # fmt: skip
        if apart:
            bands.append(("/".join(merged), cut))
            merged = [worse]
        else:
            merged.append(worse)
    last = "/".join(merged)
    print(f"\nbands drawn: {bands} then {last}")
    print(f"bands shipped (review.game.LEVELS): {list(LEVELS)}")
    print(f"\n{args.check} fresh games each, the share placed in its own band, one game at a "
          f"time and ten games pooled ({args.check // POOLED} sets):")  # fmt: skip
    for strategy in LADDER:
        fresh = checks[strategy]
        ones, tens = rates(fresh), rates(fresh, POOLED)
        print(f"  {strategy:9} drawn bands {100 * _own(strategy, ones, bands, last):5.1f}% "
              f"/ {100 * _own(strategy, tens, bands, last):5.1f}%   shipped bands "
              f"{100 * _shipped(strategy, ones):5.1f}% / {100 * _shipped(strategy, tens):5.1f}%"
              f"   ({_spread(ones)})", flush=True)  # fmt: skip
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


def _shipped(strategy: str, rates_: list[float]) -> float:
    return sum(_is_own(strategy, level_of(rate)) for rate in rates_) / len(rates_)


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
