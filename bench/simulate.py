"""Benchmark of whole-game simulation and the discard advisor, in-process and over HTTP.

Run from the repository root:  .venv/bin/python bench/simulate.py [--random-games N] ...

1. Games per second on one core, in-process (``scoring_api.sim.runs.run``), for
   random v random and expected v expected.
2. The same runs through ``POST /v1/simulations`` to gunicorn started with gunicorn.conf.py
   and a single worker on 127.0.0.1, every run inline in it (``SCORING_API_SCHEDULER=off``:
   no cluster), as JSON and as the NDJSON stream, as a percentage of
   the in-process speed. Both sides play exactly the same games (same seed and indices)
   after a first run each, so the advisor's caches (keyed by the six values drawn) are as
   warm in the worker as in this process: the difference is the HTTP layer alone. The
   timed runs alternate in rounds (best of ``--repeat``) so that load from elsewhere hits
   both sides alike. gunicorn.conf.py tunes each worker's garbage collector; the percentage
   compares with in-process runs under the same settings, both by wall-clock time (as the
   client sees it) and per CPU second of the worker (from /proc, steadier on a busy machine).
   Also printed: a fresh process's first (cold) run and the best warm run with the default
   collector.
3. The advisor's latency: ``POST /v1/discards/advise`` with random six-tile hands over one
   keep-alive connection (median and 95th percentile), and ``advise_discards`` in-process
   (hand ``i`` the first six tiles the stream ``seeded(HANDS_SEED).child(i)`` shuffles).

4. Three and four players and partnerships: games per second of random and expected, each
   in a fresh process pinned to the same core (``--seatings-only`` runs just this part).
5. The expert: expert v expert in fresh processes (the first run), its tables read before
   the timing as a gunicorn worker reads them as it starts, and (derived) with the reading
   inside it; beside expected v expected in the same minutes (``--expert-only``).

Targets: >= 5,000 games/s random, >= 1,000 games/s expected, HTTP >= 90% of in-process per
worker, advisor median < 50 ms (expert model: < 20 ms); with three or four players >= 2,500
random and >= 800 expected; expert v expert >= 1,000 games/s in a fresh process. Timing
only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from checkout import ROOT
from live_server import serve

from scoring_api.rules import ALL_TILES, DEFAULT_RULES
from scoring_api.rules.constants import PLAYERS
from scoring_api.rules.stream import seeded
from scoring_api.sim.advisor import MODELS, Model, advise_discards
from scoring_api.sim.expert.tables import shipped_tables
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run

SEED = 20261130
HANDS_SEED = 20261131
"""The root seed of the advisor's hands (not ``SEED``, whose children are the games)."""
NDJSON = "application/x-ndjson"
TARGETS = {"random": 5_000, "expected": 1_000, "expert": 1_000}
SEATING_TARGETS = {"random": 2_500, "expected": 800}
ADVICE_TARGETS = {"expected": 50, "expert": 20}  # median ms over HTTP
SEATINGS = {
    "two (for reference)": {"players": PLAYERS},
    "three": {"players": 3},
    "four": {"players": 4},
    "partners": {"players": 4, "partners": True},
}
# One run in a fresh process: its first games meet cold caches, as a new worker's do.
FRESH_RUN = """
import json, sys, time
from scoring_api.rules import parse_rules
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run
rules, name = parse_rules(json.loads(sys.argv[1])), sys.argv[2]
games, seed = int(sys.argv[3]), int(sys.argv[4])
started = time.perf_counter()
run(SimulationRequest(lineup_of((name,) * rules.players), rules, seed, games))
print(games / (time.perf_counter() - started))
"""

EXPERT_RUN = """
import sys, time
from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.expert.tables import EXPERT_PLAYERS, shipped_tables
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run
games, seed = int(sys.argv[1]), int(sys.argv[2])
started = time.perf_counter()
shipped_tables()
load = time.perf_counter() - started
started = time.perf_counter()
run(SimulationRequest(lineup_of(("expert",) * EXPERT_PLAYERS), DEFAULT_RULES, seed, games))
print(load, games / (time.perf_counter() - started))
"""


Speeds = tuple[float, float]  # games per wall-clock second, games per CPU second


def timed_run(names: tuple[str, ...], games: int) -> Speeds:
    """Speeds of one ``run`` of the benchmark's games in this process."""
    wall, cpu = time.perf_counter(), time.process_time()
    run(SimulationRequest(lineup_of(names), DEFAULT_RULES, SEED, games))
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, all its threads (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def worker_gc() -> Iterator[None]:
    """The collector tuned as gunicorn.conf.py's post_worker_init tunes each worker."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


@contextmanager
def gunicorn() -> Iterator[tuple[int, int]]:
    """One gunicorn worker with the project's gunicorn.conf.py; yields its port and pid. Its
    runs are played inline, in that worker (no cluster), so the comparison with in-process
    and the worker's CPU time both measure what the HTTP layer adds."""
    with (
        tempfile.TemporaryDirectory() as logs,
        serve(
            Path(logs) / "gunicorn.log", workers=1, env={"SCORING_API_SCHEDULER": "off"}
        ) as server,
    ):
        (pid,) = server.wait_workers(1)
        yield server.port, pid


def post(conn: http.client.HTTPConnection, path: str, body: object, accept: str) -> bytes:
    conn.request(
        "POST", path, json.dumps(body), {"Content-Type": "application/json", "Accept": accept}
    )
    response = conn.getresponse()
    data = response.read()
    assert response.status == 200, data[:500]
    return data


def timed_post(worker: tuple[int, int], names: tuple[str, ...], games: int, accept: str) -> Speeds:
    """Speeds of one POST /v1/simulations of the benchmark's games; CPU is the worker's."""
    port, pid = worker
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3600)
    body = {"games": games, "seed": SEED, "players": [{"strategy": name} for name in names]}
    wall, cpu = time.perf_counter(), cpu_seconds(pid)
    post(conn, "/v1/simulations", body, accept)
    speeds = games / (time.perf_counter() - wall), games / (cpu_seconds(pid) - cpu)
    conn.close()
    return speeds


def random_sixes(count: int) -> list[list[str]]:
    """``count`` six-tile hands: hand ``i`` from the stream ``seeded(HANDS_SEED).child(i)``."""
    hands = []
    for i in range(count):
        tiles = list(ALL_TILES)
        seeded(HANDS_SEED).child(i).shuffle(tiles, 6)
        hands.append([str(tile) for tile in tiles[:6]])
    return hands


def advisor_latency(port: int, count: int, model: str) -> tuple[float, float]:
    """Median and 95th percentile (ms) of advise requests, each a fresh random hand."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    for i, six in enumerate(random_sixes(count)):
        started = time.perf_counter()
        body = {"tiles": six, "dealer": i % 2 == 0, "model": model}
        post(conn, "/v1/discards/advise", body, "*/*")
        times.append((time.perf_counter() - started) * 1000)
    conn.close()
    return statistics.median(times), statistics.quantiles(times, n=20)[-1]


def advisor_in_process(count: int, model: Model) -> float:
    """Median (ms) of ``advise_discards`` on the same kind of hands (a fresh process's caches;
    the expert's tables read before the first)."""
    shipped_tables()
    times = []
    for i, six in enumerate(random_sixes(count)):
        tiles = [next(t for t in ALL_TILES if str(t) == name) for name in six]
        started = time.perf_counter()
        advise_discards(tiles, i % 2 == 0, DEFAULT_RULES, model)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=100_000)
    parser.add_argument("--expected-games", type=int, default=30_000)
    parser.add_argument("--advise", type=int, default=200, help="advisor requests")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds; the best counts")
    parser.add_argument("--expert-games", type=int, default=3_000)
    parser.add_argument("--seatings-only", "--tables-only", action="store_true", help="only part 4")
    parser.add_argument("--expert-only", action="store_true", help="only part 5")
    args = parser.parse_args()
    # One core for this process and the gunicorn it starts (which inherits the affinity).
    os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    print(f"python {platform.python_version()} on {platform.machine()}, pinned to one core")
    seating_games = {"random": args.random_games // 2, "expected": args.expected_games // 2}
    if args.seatings_only:
        seatings(args.repeat, seating_games)
        return
    if args.expert_only:
        expert(args.repeat, args.expert_games)
        return
    # The advisor first, while its caches are cold in both processes (the realistic case).
    for model in MODELS:
        median = advisor_in_process(args.advise, model)
        print(f"advisor in-process, model {model}: median {median:.2f} ms")
    with gunicorn() as worker:
        for model in MODELS:
            median, p95 = advisor_latency(worker[0], args.advise, model)
            print(
                f"advisor over HTTP, model {model}: median {median:.2f} ms, p95 {p95:.2f} ms "
                f"({args.advise} random hands; target median < {ADVICE_TARGETS[model]} ms)"
            )
        for name, games in (("random", args.random_games), ("expected", args.expected_games)):
            names = (name,) * PLAYERS
            cold = timed_run(names, games)[0]
            timed_post(worker, names, games, "application/json")  # the worker's first run
            warm = max(timed_run(names, games)[0] for _ in range(args.repeat))
            # In rounds, so that a load spike from elsewhere hits both sides alike.
            best = {"in-process": (0.0, 0.0), "JSON": (0.0, 0.0), "NDJSON": (0.0, 0.0)}
            with worker_gc():
                for _ in range(args.repeat):
                    best["in-process"] = _best(best["in-process"], timed_run(names, games))
                    for label, accept in (("JSON", "application/json"), ("NDJSON", NDJSON)):
                        speeds = timed_post(worker, names, games, accept)
                        best[label] = _best(best[label], speeds)
            local = best["in-process"]
            print(
                f"{name} v {name} ({games:,} games): in-process {cold:,.0f} games/s cold, "
                f"{warm:,.0f} warm, {local[0]:,.0f} warm with the worker's gc settings "
                f"({local[1]:,.0f} per CPU second; target {TARGETS[name]:,})"
            )
            for label in ("JSON", "NDJSON"):
                (wall, cpu) = best[label]
                print(
                    f"  over HTTP ({label}): {wall:,.0f} games/s = {100 * wall / local[0]:.1f}%"
                    f" of in-process; per worker CPU second {cpu:,.0f} = "
                    f"{100 * cpu / local[1]:.1f}% (target >= 90%)"
                )
    seatings(args.repeat, seating_games)
    expert(args.repeat, args.expert_games)


def fresh_run(rules: dict[str, object], name: str, games: int) -> float:
    """Games per second of one run under ``rules`` (JSON) in a fresh process (inheriting this
    one's core), every seat playing ``name``."""
    out = subprocess.run(
        [sys.executable, "-c", FRESH_RUN, json.dumps(rules), name, str(games), str(SEED)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout)


def seatings(repeat: int, games: dict[str, int]) -> None:
    """Random and expected at each number of players, and with partners."""
    for label, rules in SEATINGS.items():
        for name in ("random", "expected"):
            speeds = [fresh_run(rules, name, games[name]) for _ in range(repeat)]
            print(
                f"{label} ({rules}), {name} x {rules['players']} ({games[name]:,} games, fresh "
                f"process): median {statistics.median(speeds):,.0f} games/s, best "
                f"{max(speeds):,.0f} (target {SEATING_TARGETS[name]:,})"
            )


def expert(repeat: int, games: int) -> None:
    """Expert v expert and expected v expected, alternating fresh processes; the expert's
    tables read before the timing (as a gunicorn worker reads them as it starts), and in it."""
    speeds: dict[str, list[float]] = {"expert": [], "expert, reading": [], "expected": []}
    loads = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", EXPERT_RUN, str(games), str(SEED)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=True,
            capture_output=True,
            text=True,
        )
        load, speed = map(float, out.stdout.split())
        loads.append(load)
        speeds["expert"].append(speed)
        speeds["expert, reading"].append(games / (games / speed + load))
        speeds["expected"].append(fresh_run({"players": PLAYERS}, "expected", games))
    print(f"the expert's tables read in {statistics.median(loads):.2f} s (median)")
    for label, found in speeds.items():
        what = {
            "expert": "tables read before",
            "expert, reading": "tables read in the timing",
            "expected": "cold caches",
        }[label]
        name = label.split(",")[0]
        print(
            f"{name} v {name} ({games:,} games, fresh process, {what}): "
            f"median {statistics.median(found):,.0f} games/s, best {max(found):,.0f} "
            f"(target {TARGETS[name]:,})"
        )


def _best(a: Speeds, b: Speeds) -> Speeds:
    return max(a[0], b[0]), max(a[1], b[1])


if __name__ == "__main__":
    main()
