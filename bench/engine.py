"""The engine's cost per game, compiled against pure, through the app's own /v1/simulations.

Run from the repository root, after ./scripts/setup (which compiles the engine):
    .venv/bin/python bench/engine.py [--games N] [--rounds R] [--skip-instructions]
        [--engines compiled] [--pairings random expert] [--profile DIR]

Instructions (the main figure, the same whatever else the machine is doing): each pairing's
request is posted to ``create_app()``'s test client in a fresh process under valgrind's
callgrind, once with N games and once with 2N, and the difference is divided by N, so start-up,
imports and the first request's set-up cancel out. The pure build is the same checkout with
``SCORING_API_ENGINE=pure``. Then games per second, wall clock: R rounds, each running every
pairing in a fresh process of each build, alternating which goes first; the ratio of medians
is the compiled build's speed-up. ``--profile DIR`` keeps each callgrind run's file in DIR
(``<build>-<pairing>-<games>.out``) for ``callgrind_annotate``: the per-game profile is the
2N run's functions minus the N run's. Nothing here asserts: bench/README.md holds the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from callgrind import per_unit, run_counted

ROOT = Path(__file__).resolve().parent.parent

# Each pairing's request and its target in instructions a game, compiled: issue 52's for
# random v random and expert v expert, issue 21's for the other two (bench/README.md).
PAIRINGS = {
    "random v random": ({"players": [{"strategy": "random"}] * 2}, 150_000),
    "expected v greedy": (
        {"players": [{"strategy": "expected"}, {"strategy": "greedy"}]},
        1_200_000,
    ),
    "expert v expert": ({"players": [{"strategy": "expert"}] * 2}, 230_000),
    "four players, random": (
        {"players": [{"strategy": "random"}] * 4, "rules": {"players": 4}},
        800_000,
    ),
}

SNIPPET = r"""
import json, sys, time
from scoring_api.app import create_app
from scoring_api import ENGINE
body, games, timed = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
client = create_app().test_client()
started = time.perf_counter()
answer = client.post("/v1/simulations", json={**body, "games": games, "seed": 1})
elapsed = time.perf_counter() - started
assert answer.status_code == 200, answer.get_data(as_text=True)
print(json.dumps({"engine": ENGINE.build, "games_per_second": games / elapsed}))
"""


def games_per_second(build: str, body: dict[str, object], games: int) -> float:
    """Games a second of one process playing ``games`` games of ``body``."""
    env = {**os.environ, "SCORING_API_ENGINE": build, "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-c", SNIPPET, json.dumps(body), str(games), "1"]
    out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    answer = json.loads(out.stdout.strip().splitlines()[-1])
    assert answer["engine"] == build, answer
    return float(answer["games_per_second"])


def instructions_per_game(
    build: str, body: dict[str, object], games: int, profile: tuple[Path, str] | None = None
) -> float:
    """Instructions of 2N games minus those of N, per game (``profile``: the directory and
    the pairing's name the callgrind files are kept under)."""
    env = {**os.environ, "SCORING_API_ENGINE": build, "PYTHONHASHSEED": "0"}

    def count(n: int) -> int:
        out_file = None
        if profile is not None:
            folder, name = profile
            out_file = folder / f"{build}-{name.replace(' ', '_').replace(',', '')}-{n}.out"
        command = [sys.executable, "-c", SNIPPET, json.dumps(body), str(n), "1"]
        collected, stdout = run_counted(command, cwd=ROOT, env=env, out_file=out_file)
        assert json.loads(stdout.strip().splitlines()[-1])["engine"] == build, stdout
        return collected

    return per_unit(count, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="N of the callgrind runs")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds, wall clock")
    parser.add_argument("--timed-games", type=int, default=2000)
    parser.add_argument("--skip-instructions", action="store_true")
    parser.add_argument("--skip-timing", action="store_true", help="instructions only")
    parser.add_argument("--engines", nargs="+", default=["pure", "compiled"])
    parser.add_argument(
        "--pairings", nargs="+", help="the pairings whose name starts with one of these"
    )
    parser.add_argument("--profile", type=Path, help="keep the callgrind files in this folder")
    args = parser.parse_args()
    pairings = {
        name: spec
        for name, spec in PAIRINGS.items()
        if not args.pairings or any(name.startswith(prefix) for prefix in args.pairings)
    }
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    if not args.skip_instructions:
        print(f"instructions per game ({args.games} and {2 * args.games} games, callgrind)")
        print("| pairing | target | pure | compiled | pure / compiled | met |")
        print("| --- | ---: | ---: | ---: | ---: | --- |")
        for name, (body, target) in pairings.items():
            profile = None if args.profile is None else (args.profile, name)
            got = {b: instructions_per_game(b, body, args.games, profile) for b in args.engines}
            pure, compiled = (got.get(build, float("nan")) for build in ("pure", "compiled"))
            print(
                f"| {name} | {target:,} | {pure:,.0f} | {compiled:,.0f} "
                f"| {pure / compiled:.2f}x | {'yes' if compiled <= target else 'no'} |",
                flush=True,
            )
    if args.skip_timing:
        return
    print(
        f"\ngames per second, wall clock ({args.timed_games} games, median of {args.rounds}"
        " interleaved rounds)"
    )
    print("| pairing | pure | compiled | compiled / pure |")
    print("| --- | ---: | ---: | ---: |")
    for name, (body, _) in pairings.items():
        speeds: dict[str, list[float]] = {"pure": [], "compiled": []}
        for k in range(args.rounds):
            order = ("pure", "compiled") if k % 2 == 0 else ("compiled", "pure")
            for build in order:
                speeds[build].append(games_per_second(build, body, args.timed_games))
        pure, compiled = (statistics.median(speeds[b]) for b in ("pure", "compiled"))
        print(f"| {name} | {pure:,.0f} | {compiled:,.0f} | {compiled / pure:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
