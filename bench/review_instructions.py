"""A four-player deal review's cost in CPU instructions, through the app's POST /v1/deals/review.

Run from the repository root, after ./scripts/setup (which compiles the engine):
    .venv/bin/python bench/review_instructions.py [--deals N] [--playouts P]
        [--checkout DIR ...]

The deals are the whole deals of a four-player simulation of ``expected`` players (seed 1,
made once by this checkout and written to a file), reviewed at ``P`` play-outs with the
review's default model; each checkout (this one by default; ``--checkout`` adds others, say a
worktree of main, compiled alike) reviews the first N of them and then the first 2N in fresh
processes under valgrind's callgrind, and the difference divided by N is a review's
instructions, start-up and imports cancelled out. The same deals go to every checkout, so
only the code differs. Nothing here asserts: bench/README.md holds the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind import run_counted

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, before any installed copy

SNIPPET = r"""
import json, sys
from scoring_api.app import create_app
from scoring_api import ENGINE
bodies, count = json.load(open(sys.argv[1])), int(sys.argv[2])
client = create_app().test_client()
for body in bodies[:count]:
    answer = client.post("/v1/deals/review", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
print(json.dumps({"engine": ENGINE.build}))
"""


def deal_bodies(deals: int, playouts: int) -> list[dict[str, Any]]:
    """The review requests of the first ``deals`` whole deals of the simulation."""
    from scoring_api.rules.options import RuleOptions
    from scoring_api.sim.registry import lineup_of
    from scoring_api.sim.runs import SimulationRequest, play_one

    rules = RuleOptions(players=4)
    run = SimulationRequest(lineup_of(("expected",) * 4), rules, 1, 1000)
    bodies: list[dict[str, Any]] = []
    index = 0
    while len(bodies) < deals:
        transcript = play_one(run, index, transcript=True).transcript or []
        index += 1
        for record in transcript:
            if len(record.shows) != rules.players + 1 or len(bodies) >= deals:
                continue
            kept = [
                [tile.text for tile in drawn if tile not in away]
                for drawn, away in zip(record.hands, record.discards, strict=True)
            ]
            bodies.append({
                "dealer": record.dealer,
                "scores": [0] * rules.sides,
                "starter": record.starter.text,
                "drawn": [[tile.text for tile in drawn] for drawn in record.hands],
                "hands": kept,
                "plays": [
                    {"player": e.player, "tile": e.tile.text} if e.tile is not None
                    else {"player": e.player, "go": True}
                    for e in record.plays
                ],
                "rules": {"players": rules.players},
                "playouts": playouts,
            })  # fmt: skip
    return bodies


def instructions(checkout: Path, deals_file: Path, count: int) -> tuple[int, str]:
    """Instructions of one process reviewing the first ``count`` deals in ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONHASHSEED": "0"}  # fmt: skip
    env.pop("SCORING_API_ENGINE", None)
    command = [sys.executable, "-c", SNIPPET, str(deals_file), str(count)]
    collected, stdout = run_counted(command, cwd=checkout, env=env)
    return collected, json.loads(stdout.strip().splitlines()[-1])["engine"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="N (N and 2N deals reviewed)")
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--checkout", type=Path, action="append", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        deals_file = Path(folder) / "deals.json"
        deals_file.write_text(json.dumps(deal_bodies(2 * args.deals, args.playouts)))
        print(f"# bench/review_instructions.py --deals {args.deals} --playouts {args.playouts}")
        print("| checkout | engine | instructions a review |")
        print("| --- | --- | ---: |")
        for checkout in [ROOT, *args.checkout]:
            one, engine = instructions(checkout, deals_file, args.deals)
            two, _ = instructions(checkout, deals_file, 2 * args.deals)
            print(f"| {checkout} | {engine} | {(two - one) // args.deals:,} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
