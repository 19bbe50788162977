"""How long a whole game's review takes: ``POST /v1/games/review`` on gunicorn, one request at
a time (issue 42 item 6), beside ``POST /v1/games/score`` of the same records.

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/game_review_speed.py [--games N]

The service as configured (gunicorn.conf.py, one worker on 127.0.0.1, the expert's and the
win probability's tables read as the worker starts), one keep-alive connection, ``--games``
whole games per table as game records (``sim.game_records``; two players expert v expert,
three, four alone and partners expected v expected; seed 4242), every deal reviewed at the
default 300 play-outs under the default model. Printed per table: the games' mean deals, the
median and 95th percentile of the answer time, the worker's CPU time per request and the
median in-process; the same for the referee of the records. Targets: a two-player game at
most 1 s at the median, four players at most 4 s. Timing only: nothing asserts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import checkout  # noqa: F401
from live_server import serve  # gunicorn as the tests start it
from review_speed import timed

from scoring_api.app import create_app
from scoring_api.rules import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for

SEED = 4242
TABLES = {
    "two players": (RuleOptions(), "expert"),
    "three players": (RuleOptions(players=3), "expected"),
    "four players": (RuleOptions(players=4), "expected"),
    "partners": (RuleOptions(players=4, partners=True), "expected"),
}
TARGETS_MS = {"two players": 1000, "four players": 4000}


def records_for(table: str, games: int) -> list[dict[str, Any]]:
    rules, strategy = TABLES[table]
    players = [strategy_for(strategy)] * rules.players
    found = []
    for index in range(games):
        stream = seeded(SEED).child(list(TABLES).index(table)).child(index)
        game = play_game(players, rules, stream, index % rules.players, transcript=True)
        names = [f"Seat {seat}" for seat in range(rules.players)]
        found.append(game_record(game, rules, names, [strategy] * rules.players))
    return found


def in_process(path: str, bodies: list[dict[str, Any]]) -> float:
    client = create_app({"TESTING": True}).test_client()
    times = []
    for body in bodies:
        started = time.perf_counter()
        assert client.post(path, json=body).status_code == 200
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="per table")
    parser.add_argument("--tables", nargs="+", default=list(TABLES), choices=list(TABLES))
    args = parser.parse_args()
    print(f"{args.games} games a table; load average {os.getloadavg()[0]:.1f} at start")
    print(f"{'table':14} {'answer':7} {'deals':>6} {'median ms':>10} {'p95 ms':>8} "
          f"{'CPU ms':>8} {'in-process':>10}  target")  # fmt: skip
    records = {table: records_for(table, args.games) for table in args.tables}
    with tempfile.TemporaryDirectory() as logs, serve(Path(logs) / "g.log", workers=1) as server:
        (pid,) = server.wait_workers(1)
        for table in args.tables:
            bodies = records[table]
            deals = statistics.fmean(len(body["deals"]) for body in bodies)
            for answer, path in (("review", "/v1/games/review"), ("score", "/v1/games/score")):
                timed(server.port, pid, path, bodies[:2])  # warm the worker's caches
                median, p95, cpu = timed(server.port, pid, path, bodies)
                local = in_process(path, bodies)
                target = TARGETS_MS.get(table) if answer == "review" else None
                verdict = ""
                if target is not None:
                    verdict = f"<= {target}: {'ok' if median <= target else 'MISSED'}"
                print(f"{table:14} {answer:7} {deals:6.1f} {median:10.0f} {p95:8.0f} {cpu:8.0f} "
                      f"{local:10.0f}  {verdict}", flush=True)  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
