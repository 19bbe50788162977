"""How long a deal review takes: ``POST /v1/deals/review`` on gunicorn, one request at a time.

Run from the repository root:
    .venv/bin/python bench/review_speed.py [--deals N] [--playouts P ...]

The service as configured (gunicorn.conf.py, one worker on 127.0.0.1, the expert's tables read
as the worker starts), one keep-alive connection, ``--deals`` whole deals of simulated games
(every seat reviewed, the default model) for each table: two players (expert v expert), three
players, four alone and two partnerships (expected). Each table is timed at the default number
of play-outs and at each of ``--playouts``; printed: the median and 95th percentile of the
answer time, the worker's CPU time per request (which depends far less on what else the
machine runs) and the median in-process for reference. Targets: two players at most 500 ms,
four at most 2 s, at the default play-outs, at the median. Timing only: nothing asserts.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import checkout  # noqa: F401
from live_server import serve
from sim.samples import request_from_record, whole_deals

from scoring_api.rules import RuleOptions, Tile
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.review.deal import review_deal
from scoring_api.sim.review.inputs import DEFAULT_PLAYOUTS, ReviewRequest
from scoring_api.sim.runs import SimulationRequest

SEED = 777
TABLES = {
    "two players": (RuleOptions(), "expert"),
    "three players": (RuleOptions(players=3), "expected"),
    "four players": (RuleOptions(players=4), "expected"),
    "partners": (RuleOptions(players=4, partners=True), "expected"),
}
TARGETS_MS = {"two players": 500, "four players": 2000, "partners": 2000}


def _entry(player: int, tile: Tile | None) -> dict[str, Any]:
    return {"player": player, "go": True} if tile is None else {"player": player, "tile": tile.text}


def body_of(request: ReviewRequest) -> dict[str, Any]:
    """A review request as the endpoint takes it."""
    deal = request.deal
    return {
        "rules": {"players": deal.rules.players, "partners": deal.rules.partners},
        "dealer": deal.dealer,
        "scores": list(deal.scores),
        "starter": deal.starter.text,
        "drawn": [[t.text for t in tiles] for tiles in request.drawn],
        "hands": [[t.text for t in hand] for hand in deal.hands],
        "crib": [t.text for t in deal.crib],
        "plays": [_entry(p.player, p.tile) for p in deal.plays],
        "playouts": request.playouts,
    }


def requests_for(table: str, deals: int) -> list[ReviewRequest]:
    rules, model = TABLES[table]
    strategy = "expert" if model == "expert" else "expected"
    run = SimulationRequest(lineup_of((strategy,) * rules.players), rules, SEED, deals)
    found = [request_from_record(r, run, model) for r in whole_deals(run)]  # type: ignore[arg-type]
    return found[:deals]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(
    port: int, pid: int, path: str, bodies: list[dict[str, Any]]
) -> tuple[float, float, float]:
    """Median and 95th percentile of the answer time (ms) of ``bodies`` posted to ``path``,
    and the worker's CPU ms a request (bench/game_review_speed.py times its answers so too)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    times = []
    cpu = cpu_seconds(pid)
    for body in bodies:
        started = time.perf_counter()
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        data = response.read()
        assert response.status == 200, data[:300]
        times.append((time.perf_counter() - started) * 1000)
    conn.close()
    per_request = (cpu_seconds(pid) - cpu) * 1000 / len(bodies)
    return statistics.median(times), statistics.quantiles(times, n=20)[-1], per_request


def in_process(requests: list[ReviewRequest]) -> float:
    times = []
    for request in requests:
        started = time.perf_counter()
        review_deal(request)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="per table")
    parser.add_argument("--playouts", type=int, nargs="*", default=[100, 1000, 3000])
    parser.add_argument("--tables", nargs="+", default=list(TABLES), choices=list(TABLES))
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{args.deals} deals a table, every seat reviewed; load average {load:.1f} at start")
    print(f"{'table':14} {'play-outs':>9} {'median ms':>10} {'p95 ms':>8} {'CPU ms':>8} "
          f"{'in-process':>10}  target")  # fmt: skip
    requests = {table: requests_for(table, args.deals) for table in args.tables}
    with tempfile.TemporaryDirectory() as logs, serve(Path(logs) / "g.log", workers=1) as server:
        (pid,) = server.wait_workers(1)
        for table in args.tables:
            for playouts in [DEFAULT_PLAYOUTS, *args.playouts]:
                chosen = [replace(r, playouts=playouts) for r in requests[table]]
                if playouts != DEFAULT_PLAYOUTS:
                    chosen = chosen[: max(5, len(chosen) * DEFAULT_PLAYOUTS // playouts)]
                bodies = [body_of(r) for r in chosen]
                timed(server.port, pid, "/v1/deals/review", bodies[:2])  # warm the worker's caches
                median, p95, cpu = timed(server.port, pid, "/v1/deals/review", bodies)
                local = in_process(chosen)
                target = TARGETS_MS.get(table) if playouts == DEFAULT_PLAYOUTS else None
                verdict = ""
                if target is not None:
                    verdict = f"<= {target}: {'ok' if median <= target else 'MISSED'}"
                print(f"{table:14} {playouts:9} {median:10.0f} {p95:8.0f} {cpu:8.0f} "
                      f"{local:10.0f}  {verdict}", flush=True)  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
