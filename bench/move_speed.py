"""How long the computer's move takes: ``POST /v1/plays/advise`` on gunicorn, one request at a
time, at every decision of the play of simulated games.

Run from the repository root:
    .venv/bin/python bench/move_speed.py [--games N] [--tables two four ...]

The service as configured (gunicorn.conf.py, one worker on 127.0.0.1, the expert's tables read
as the worker starts), one keep-alive connection. For each table (two players, three, four,
partners), the decisions of ``--games`` simulated games (every entry of the play, tile or go,
asked of its seat with what it knew: tests/decisions.py) are asked of each strategy at its
default (search at its default budget, the options valued at the default 300 play-outs), in
interleaved rounds so that the machine's load falls on every strategy alike. Printed first:
the engine the worker runs (``/readyz``: compiled, or pure where the compiled build is missing
or stale); then the median and 95th percentile of the answer time, the worker's CPU time per
request, how many of the decisions were a choice (two values or more that fit: the search
searches only those) and their median time, and the target where there is one, on the median
of all decisions: expert at most 10 ms, search at most 150 ms with two players and 400 ms with
four. Timing only: nothing asserts.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import checkout  # noqa: F401
from decisions import MOVE, decisions
from live_server import serve

from scoring_api.rules import RuleOptions
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest

SEED = 4242
TABLES = {
    "two": RuleOptions(),
    "three": RuleOptions(players=3),
    "four": RuleOptions(players=4),
    "partners": RuleOptions(players=4, partners=True),
}
STRATEGIES = ("expert", "search")
TARGETS_MS = {("expert", "two"): 10, ("search", "two"): 150, ("search", "four"): 400}


def bodies_for(table: str, games: int) -> list[dict[str, Any]]:
    """Every decision of the play of ``games`` games, expert against expert."""
    rules = TABLES[table]
    run = SimulationRequest(lineup_of(("expert",) * rules.players), rules, SEED, games)
    return [d.body for i in range(games) for d in decisions(run, i) if d.path == MOVE]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ask(conn: http.client.HTTPConnection, body: dict[str, Any]) -> tuple[float, bool]:
    """One answer's time, in ms, and whether the seat had a choice (two values or more that
    fit: a search searches only then)."""
    started = time.perf_counter()
    conn.request("POST", MOVE, json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status == 200, data[:300]
    tiles = [option["tile"] for option in json.loads(data)["options"] if "tile" in option]
    values = {sum(int(pips) for pips in tile.split("-")) for tile in tiles}
    return elapsed, len(values) > 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="per table")
    parser.add_argument("--tables", nargs="+", default=list(TABLES), choices=list(TABLES))
    args = parser.parse_args()
    print(f"{args.games} games a table; load average {os.getloadavg()[0]:.1f} at start")
    with tempfile.TemporaryDirectory() as logs, serve(Path(logs) / "g.log", workers=1) as server:
        (pid,) = server.wait_workers(1)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
        conn.request("GET", "/readyz")
        engine = json.loads(conn.getresponse().read())["engine"]
        print(f"the worker's engine: {engine['build']} ({engine['reason']})")
        print(f"{'strategy':8} {'table':9} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} "
              f"{'CPU ms':>8} {'choices':>8} {'median ms':>10}  target")  # fmt: skip
        for table in args.tables:
            bodies = bodies_for(table, args.games)
            times: dict[str, list[float]] = {name: [] for name in STRATEGIES}
            chosen: dict[str, list[float]] = {name: [] for name in STRATEGIES}
            cpu = dict.fromkeys(STRATEGIES, 0.0)
            for name in STRATEGIES:
                ask(conn, {**bodies[0], "strategy": name})  # warm the worker's caches
            for body in bodies:  # interleaved: each decision asked of each strategy in turn
                for name in STRATEGIES:
                    before = cpu_seconds(pid)
                    elapsed, choice = ask(conn, {**body, "strategy": name})
                    cpu[name] += cpu_seconds(pid) - before
                    times[name].append(elapsed)
                    if choice:
                        chosen[name].append(elapsed)
            for name in STRATEGIES:
                found = times[name]
                median, p95 = statistics.median(found), statistics.quantiles(found, n=20)[-1]
                target = TARGETS_MS.get((name, table))
                verdict = ""
                if target is not None:
                    verdict = f"<= {target}: {'ok' if median <= target else 'MISSED'}"
                print(f"{name:8} {table:9} {len(found):9} {median:10.1f} {p95:8.1f} "
                      f"{cpu[name] * 1000 / len(found):8.1f} {len(chosen[name]):8} "
                      f"{statistics.median(chosen[name]):10.1f}  {verdict}",
                      flush=True)  # fmt: skip
        conn.close()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
