"""A gunicorn worker's resident memory over a long, varied load (issue 40, item 6).

Run from the repository root:
    .venv/bin/python bench/worker_memory.py [--requests N] [--clients C]

One worker as ``./scripts/serve`` runs it (gunicorn.conf.py), never recycled
(``GUNICORN_MAX_REQUESTS=0``), no limits, simulations inline; ``--clients`` threads send
``--requests`` requests in all, client ``c``'s drawn from the stream
``seeded(SEED).child(CLIENTS).child(c)``: hand scores, batches of 100
random hands, advice (both models), simulations of 20 games with a new seed each (two to four
players, every strategy but search), pegging records, and four-player deal reviews at 200
play-outs, each under a set of rules drawn from all 96 a client may name. Printed: the
worker's resident size every ``--every`` requests, and at the end. What it levels off at is
what its bounded memos and caches hold (docs/operations.md). Nothing is asserted.

``--idle`` measures a fresh server instead (issue 44, item 4): ``--workers`` workers
(default 2), once every process's CPU time has stopped growing, print for the master and each
worker its resident size (RSS), its proportional share (PSS) and its private memory (USS:
``Private_Clean + Private_Dirty``) from ``/proc/PID/smaps_rollup``, and its CPU time since its
start (user + system); then again after ``--expert`` expert advice requests (hands from the
stream ``seeded(SEED).child(EXPERT)``; the tables' pages a worker's lookups write to,
reference counts, become its own).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import checkout  # noqa: F401  (this checkout first on sys.path)
from live_server import serve
from reliability.helpers import four_player_review

from scoring_api.rules.stream import Stream, seeded

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
TABLES = [(2, False), (3, False), (4, False), (4, True)]
RULES = [
    {"target": t, "starter_double_points": s, "double_blank_in_fifteens": d, "players": p,
     "partners": q, "muggins": m}
    for t, s, d, (p, q), m in itertools.product(
        [61, 121], [0, 1, 2], [True, False], TABLES, [False, True])
]  # fmt: skip
ENV = {"GUNICORN_MAX_REQUESTS": "0", "SCORING_API_SCHEDULER": "off"}
SEED = 40_006
"""The root seed of the requests (issue 40, item 6)."""
CLIENTS = 0
"""The seed's child whose child ``c`` draws client ``c``'s requests."""
EXPERT = 1
"""The seed's child that draws ``--idle``'s expert advice requests."""


def sample(stream: Stream, items: list[str], k: int) -> list[str]:
    """``k`` of ``items`` drawn without putting back, in the order drawn."""
    drawn = list(items)
    stream.shuffle(drawn, k)
    return drawn[:k]


def request_of(rng: Stream, review: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    rules = rng.choice(RULES)
    players = rules["players"]
    kind = rng.below(6)
    if kind == 0:
        tiles = sample(rng, TILES, 5)
        return "/v1/hands/score", {"hand": tiles[:4], "starter": tiles[4], "rules": rules}
    if kind == 1:
        hands = [{"hand": (s := sample(rng, TILES, 5))[:4], "starter": s[4]} for _ in range(100)]
        return "/v1/hands/score-batch", {"hands": hands, "rules": rules}
    if kind == 2:
        model = "expert" if players == 2 and rng.random() < 0.5 else "expected"
        drawn = sample(rng, TILES, 6 if players == 2 else 5)
        body = {"tiles": drawn, "dealer": rng.random() < 0.5, "rules": rules, "model": model}
        return "/v1/discards/advise", body
    if kind == 3:
        names = ["random", "greedy", "expected"] + (["expert"] if players == 2 else [])
        seats = [{"strategy": rng.choice(names)} for _ in range(players)]
        seed = rng.word() << 21 | rng.word() >> 11  # 53 bits, as a request's seed may have
        body = {"games": 20, "seed": seed, "rules": rules, "players": seats}
        return "/v1/simulations", body
    if kind == 4:
        plays = [{"player": 0, "tile": "3-4"}, {"player": 1, "tile": "2-6"}]
        return "/v1/pegging/score", {"plays": plays, "dealer": 1}
    return "/v1/deals/review", {**review, "playouts": 200}


def rss_mb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return (
        int(next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1])
        // 1024
    )


def rollup_mb(pid: int) -> dict[str, float]:
    """RSS, PSS and USS (private) of a process, in MiB, from /proc/PID/smaps_rollup."""
    kb = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        kb[name.rstrip(":")] = int(value)
    private = kb["Private_Clean"] + kb["Private_Dirty"]
    return {"RSS": kb["Rss"] / 1024, "PSS": kb["Pss"] / 1024, "USS": private / 1024}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process since it started."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def settled(pids: list[int]) -> None:
    """Wait until no process's CPU time grows over two seconds: every worker has booted."""
    last = None
    while (now := [cpu_seconds(pid) for pid in pids]) != last:
        last = now
        time.sleep(2)


def idle(args: argparse.Namespace) -> int:
    with (
        tempfile.TemporaryDirectory() as logs,
        serve(Path(logs) / "g.log", workers=args.workers, env=ENV) as server,
    ):
        workers = sorted(server.wait_workers(args.workers))
        processes = [("master", server.process.pid)] + [("worker", pid) for pid in workers]
        settled([pid for _, pid in processes])

        def show(when: str) -> None:
            print(when, flush=True)
            for name, pid in processes:
                m = rollup_mb(pid)
                print(
                    f"  {name} {pid}: RSS {m['RSS']:.1f} MiB, PSS {m['PSS']:.1f} MiB, "
                    f"USS {m['USS']:.1f} MiB, CPU {cpu_seconds(pid):.2f} s",
                    flush=True,
                )

        show(f"idle, {args.workers} workers:")
        if args.expert:
            rng = seeded(SEED).child(EXPERT)
            rules = {"players": 2}
            for _ in range(args.expert):
                body = {"tiles": sample(rng, TILES, 6), "dealer": rng.random() < 0.5,
                        "rules": rules, "model": "expert"}  # fmt: skip
                assert server.post_json("/v1/discards/advise", body, 120).status == 200
            show(f"after {args.expert} expert advice requests:")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40_000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--every", type=int, default=5_000)
    parser.add_argument("--idle", action="store_true", help="a fresh server's memory and CPU")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--expert", type=int, default=200)
    args = parser.parse_args()
    if args.idle:
        return idle(args)
    with (
        tempfile.TemporaryDirectory() as logs,
        serve(Path(logs) / "g.log", workers=1, env=ENV) as server,
    ):
        (worker,) = server.wait_workers(1)
        review = four_player_review(server)
        print(f"worker {worker}: {rss_mb(worker)} MB idle", flush=True)
        sent = itertools.count(1)
        lock = threading.Lock()

        def client(seed: int) -> None:
            rng = seeded(SEED).child(CLIENTS).child(seed)
            while (number := next(sent)) <= args.requests:
                path, body = request_of(rng, review)
                status = server.post_json(path, body, 120).status
                assert status == 200, (status, path, body)
                if number % args.every == 0:
                    with lock:
                        print(f"{number:,} requests: {rss_mb(worker)} MB", flush=True)

        threads = [threading.Thread(target=client, args=(seed,)) for seed in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        print(f"after {args.requests:,} requests: {rss_mb(worker)} MB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
