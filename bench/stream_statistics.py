"""The game's statistics on the engine's stream against the old one's (issue 52 item 4).

Run from the repository root of a checkout, after ./scripts/setup (compiled engine):
    .venv/bin/python bench/stream_statistics.py play --games N [--pairing-games M]
        [--processes P] [--seed S] --out FILE.json
    .venv/bin/python bench/stream_statistics.py compare OLD.json NEW.json

``play`` plays, with the simulator of the checkout it is run in (``PYTHONPATH`` picks it),
``--games`` two-player games random v random to 61 and ``--pairing-games`` games of each
pairing of ``PAIRINGS`` (seats alternating who deals first: game ``i`` is dealt first by seat
``i mod 2``, the runs' default), through the runs' own ``play_all``: the same code a
simulation request runs, shard by shard in ``--processes`` processes (each shard a range of
game indexes, so the sums do not depend on how many). Per game it adds up each seat's hand,
crib and play points (and their squares), whether the first dealer's seat won, and seat 0's
wins. The old stream is the same script run from a checkout of main before the simulator
moved (``git worktree add ../old 1adef25``; copy this file there), whose games draw from
``Random(f"{seed}:{i}")``; this checkout's draw from Philox streams.

``compare`` prints each figure of both files with its 95% interval (normal, from the games'
own variance), the difference with its 95% interval, and ``z``, the difference over its
standard error: with about 20 figures, one beyond |z| = 1.96 is what chance gives one time in
three; several, or one far beyond, would say the streams play different games. Nothing here
asserts: the figures go to the notes and docs.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054
"""``scoring_api.sim.intervals.Z95``, written here because ``play`` also runs in checkouts from
before that module."""
PAIRINGS = (
    ("random", "random"),
    ("greedy", "random"),
    ("expected", "greedy"),
    ("expert", "expected"),
)
"""Seat 0's strategy against seat 1's; the first is the ``--games`` run."""
SOURCES = ("hand", "crib", "play")
SHARD = 20_000
"""Games per shard (one task of a process)."""


def _shard(pairing: tuple[str, str], seed: int, first: int, games: int) -> dict[str, Any]:
    """The sums of games ``first`` to ``first + games - 1`` of a pairing's run."""
    from scoring_api.rules.options import RuleOptions
    from scoring_api.sim.registry import strategy_for
    from scoring_api.sim.runs import SimulationRequest, play_all

    lineup = tuple(strategy_for(name) for name in pairing)
    request = SimulationRequest(lineup, RuleOptions(), seed, games, first)
    sums = {f"{source}{seat}": [0, 0] for source in SOURCES for seat in (0, 1)}
    sums["deals"] = [0, 0]
    dealer_won = seat0_won = 0
    for game in play_all(request):
        points = game.points
        for seat in (0, 1):
            for source in SOURCES:
                value = points[seat][source]
                pair = sums[f"{source}{seat}"]
                pair[0] += value
                pair[1] += value * value
        sums["deals"][0] += game.deals
        sums["deals"][1] += game.deals * game.deals
        dealer_won += game.winner == game.first_dealer
        seat0_won += game.winner == 0
    return {"sums": sums, "dealer_won": dealer_won, "seat0_won": seat0_won}


def _merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {"sums": {}, "dealer_won": 0, "seat0_won": 0}
    for part in parts:
        for key, (s, q) in part["sums"].items():
            pair = total["sums"].setdefault(key, [0, 0])
            pair[0] += s
            pair[1] += q
        for key in ("dealer_won", "seat0_won"):
            total[key] += part[key]
    return total


def _run(pairing: tuple[str, str], seed: int, games: int, processes: int) -> dict[str, Any]:
    shards = [(first, min(SHARD, games - first)) for first in range(0, games, SHARD)]
    started = time.monotonic()
    if processes <= 1:
        parts = [_shard(pairing, seed, first, n) for first, n in shards]
    else:
        with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(_shard, pairing, seed, first, n) for first, n in shards]
            parts = [future.result() for future in futures]
    merged = _merge(parts)
    merged |= {"games": games, "pairing": list(pairing), "seconds": time.monotonic() - started}
    return merged


def play(args: argparse.Namespace) -> int:
    import scoring_api

    engine = scoring_api.ENGINE.build
    if engine != "compiled":
        print(f"warning: the {engine} engine", file=sys.stderr)
    found = {"seed": args.seed, "engine": engine, "source": str(Path.cwd()), "runs": []}
    for k, pairing in enumerate(PAIRINGS):
        games = args.games if k == 0 else args.pairing_games
        if games <= 0:
            continue
        run = _run(pairing, args.seed, games, args.processes)
        found["runs"].append(run)
        print(f"{' v '.join(pairing)}: {games:,} games in {run['seconds']:.0f} s", file=sys.stderr)
        Path(args.out).write_text(json.dumps(found, indent=1) + "\n")
    return 0


def _mean(pair: Sequence[int], n: int) -> tuple[float, float]:
    """A mean and its standard error from a sum and a sum of squares over ``n`` games."""
    mean = pair[0] / n
    variance = max(pair[1] / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return mean, math.sqrt(variance / n)


def _share(k: int, n: int) -> tuple[float, float]:
    p = k / n
    return p, math.sqrt(p * (1 - p) / n)


def _figures(run: dict[str, Any]) -> dict[str, tuple[float, float]]:
    n = run["games"]
    figures: dict[str, tuple[float, float]] = {}
    if run["pairing"] == ["random", "random"]:
        for seat in (0, 1):
            for source in SOURCES:
                figures[f"{source} points a game, seat {seat}"] = _mean(
                    run["sums"][f"{source}{seat}"], n
                )
    name = " v ".join(run["pairing"])
    figures[f"{name}: deals a game"] = _mean(run["sums"]["deals"], n)
    figures[f"{name}: first dealer's win rate"] = _share(run["dealer_won"], n)
    figures[f"{name}: seat 0's win rate"] = _share(run["seat0_won"], n)
    return figures


def compare(args: argparse.Namespace) -> int:
    old, new = (json.loads(Path(path).read_text()) for path in (args.old, args.new))
    runs_old = {tuple(run["pairing"]): run for run in old["runs"]}
    print(f"old: {args.old} ({old['engine']}), new: {args.new} ({new['engine']})")
    header = f"{'figure':44} {'old [95%]':>26} {'new [95%]':>26} {'new - old [95%]':>28} {'z':>6}"
    print(header)
    beyond = 0
    count = 0
    for run in new["runs"]:
        before = runs_old.get(tuple(run["pairing"]))
        if before is None:
            continue
        a, b = _figures(before), _figures(run)
        games = f"({before['games']:,} v {run['games']:,} games)"
        print(f"-- {' v '.join(run['pairing'])} {games}")
        for name, (mean_b, se_b) in b.items():
            mean_a, se_a = a[name]
            diff, se = mean_b - mean_a, math.hypot(se_a, se_b)
            z = diff / se if se else 0.0
            count += 1
            beyond += abs(z) > Z95
            print(
                f"{name:44} {_interval(mean_a, se_a):>26} {_interval(mean_b, se_b):>26} "
                f"{_interval(diff, se, signed=True):>28} {z:6.2f}"
            )
    print(f"{beyond} of {count} differences beyond |z| = 1.96 (chance: about {count / 20:.1f})")
    return 0


def _interval(mean: float, se: float, signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{mean:{sign}.4f} [{mean - Z95 * se:{sign}.4f}, {mean + Z95 * se:{sign}.4f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play")
    playing.add_argument("--games", type=int, default=100_000, help="random v random")
    playing.add_argument("--pairing-games", type=int, default=10_000, help="each other pairing")
    playing.add_argument("--processes", type=int, default=2)
    playing.add_argument("--seed", type=int, default=52_2026)
    playing.add_argument("--out", required=True)
    comparing = commands.add_parser("compare")
    comparing.add_argument("old")
    comparing.add_argument("new")
    args = parser.parse_args(argv)
    return play(args) if args.command == "play" else compare(args)


if __name__ == "__main__":
    raise SystemExit(main())
