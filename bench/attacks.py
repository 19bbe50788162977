"""Issue 50's attacks, against a service already running on 127.0.0.1 (``./scripts/serve``
or ``./scripts/stack``), each bounded in time and count; one line of figures each.

Run from the repository root:
    .venv/bin/python bench/attacks.py ATTACK --port PORT [--tree PID] [...]

``--tree``: the pid of the server's root process (gunicorn's master under ``./scripts/serve``,
the ``scripts/stack`` process under the stack), for the attacks that kill or watch the
embedded Dask cluster. Clients are loopback addresses (127.0.0.2 and up), so the service
counts each as its own client: gunicorn alone sees the TCP peer, the stack's nginx passes
it on.

- ``dead-cluster``: a client opens two shard streams of 10,000,000 expected games (one is
  admitted, its share being 1) and closes both; the embedded cluster's process is SIGKILLed
  3 s later (``--lineup search`` instead: four players searching, their games still running
  on the cluster when it dies). Then the same client asks for 5,000 random games every
  second: how long until it is answered 200.
- ``unread``: 12 connections from one client, one every ``--gap`` seconds, each ask for a
  100-game four-player JSON simulation to 121 with transcripts (about 3.4 MB) and never read it;
  held for ``--seconds`` from the first; meanwhile
  another client scores hands one after the other: their latency, and what the 12 got.
- ``dear``: 5 clients each keep 4 four-player deal reviews (3,000 play-outs) in flight for
  ``--seconds``; another client's hand scores meanwhile: median, 95th percentile, worst.
- ``abandon``: a shard stream of four players searching (budget 4,000) to 121 is left
  after its first line (``--kill-after`` seconds later): how long the cluster's workers
  keep burning CPU for it.
- ``reviews``: 9 clients each ask at once for the review of the same long four-player game
  (asking again when refused at once, after its ``Retry-After``): how each admitted one
  ended (answered whole or in part, out of time with or without its deals).
- ``problem``: a hand with a bad tile: how often the 422 quotes it.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import checkout  # noqa: F401  (this checkout first on sys.path)
from live_server import VALID_HAND
from reliability.helpers import four_player_review

OTHER = "127.0.0.2"
TARGET_P95_MS = 100


class Target:
    """The service under attack: plain HTTP/1.1 calls from chosen loopback addresses."""

    def __init__(self, port: int) -> None:
        self.port = port

    def connection(self, source: str, timeout: float = 120) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=timeout, source_address=(source, 0)
        )

    def post(
        self, path: str, body: Any, source: str, timeout: float = 120, accept: str = ""
    ) -> tuple[int, dict[str, str], bytes]:
        conn = self.connection(source, timeout)
        try:
            headers = {"Content-Type": "application/json"}
            if accept:
                headers["Accept"] = accept
            conn.request("POST", path, json.dumps(body), headers)
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def timed_scores(self, until: float, latencies: list[float], failures: list[str]) -> None:
        """Hand scores from OTHER, one after the other, until ``until``."""
        while time.monotonic() < until:
            started = time.perf_counter()
            try:
                status, _, body = self.post("/v1/hands/score", VALID_HAND, OTHER, timeout=120)
                if status != 200 or json.loads(body)["total"] != 24:
                    failures.append(str(status))
            except (OSError, http.client.HTTPException) as error:
                failures.append(repr(error))
            latencies.append((time.perf_counter() - started) * 1000)
            time.sleep(0.02)


def latency_line(latencies: list[float]) -> str:
    if len(latencies) < 2:
        return f"{len(latencies)} hand scores"
    p95 = statistics.quantiles(latencies, n=20)[-1]
    return (
        f"{len(latencies)} hand scores from {OTHER}: median {statistics.median(latencies):.1f} "
        f"ms, p95 {p95:.1f} ms, worst {max(latencies):.0f} ms"
    )


# --- the processes of the server ------------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def descendants(root: int) -> list[int]:
    found, todo = [], [root]
    while todo:
        for child in _children(todo.pop()):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> bytes:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    return b""


def cluster_process(root: int) -> int:
    """The embedded cluster's process under ``root`` (the first one, replica 1's)."""
    for pid in descendants(root):
        if b"scoring_api.sim_cluster.embedded" in cmdline(pid):
            return pid
    raise SystemExit(f"no embedded cluster under pid {root}")


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# --- the attacks --------------------------------------------------------------------------

NDJSON = "application/x-ndjson"


def dead_cluster(target: Target, args: argparse.Namespace) -> str:
    attacker = "127.0.0.3"
    if args.lineup == "search":
        body: dict[str, Any] = {"rules": {"players": 4}, "seed": 1, "games": 1000}
        body["players"] = [{"strategy": "search", "budget": 1000}] * 4
    else:
        body = {"games": 10_000_000, "seed": 1, "players": [{"strategy": "expected"}] * 2}
    body["lines"] = "shards"
    opened = []
    for _ in range(2):
        conn = target.connection(attacker, 60)
        conn.request("POST", "/v1/simulations", json.dumps(body),
                     {"Content-Type": "application/json", "Accept": NDJSON})  # fmt: skip
        response = conn.getresponse()
        if response.status == 200:
            response.readline()
        opened.append((conn, response.status))
    for conn, _ in opened:
        assert conn.sock is not None
        conn.sock.close()
        conn.close()
    time.sleep(args.kill_after)
    os.kill(cluster_process(args.tree), signal.SIGKILL)
    killed = time.monotonic()
    small = {"games": 5000, "seed": 2, "players": [{"strategy": "random"}] * 2}
    answers: collections.Counter[str] = collections.Counter()
    while time.monotonic() - killed < args.seconds:
        status, _, data = target.post("/v1/simulations", small, attacker)
        if status == 200:
            seconds = time.monotonic() - killed
            return (
                f"streams {[status for _, status in opened]}; cluster SIGKILLed "
                f"{args.kill_after:g} s after they closed; the client's 5,000 games answered 200 "
                f"{seconds:.1f} s after the kill (before that: {dict(answers)})"
            )
        detail = json.loads(data).get("detail", "") if data.startswith(b"{") else ""
        answers[f"{status} {detail[:45]}"] += 1
        time.sleep(1)
    return f"never answered 200 within {args.seconds:g} s of the kill: {dict(answers)}"


def unread(target: Target, args: argparse.Namespace) -> str:
    attacker = "127.0.0.3"
    body = {"games": 100, "seed": 7, "transcripts": True, "rules": {"players": 4, "target": 121}}
    body["players"] = [{"strategy": "expected"}] * 4
    request = json.dumps(body).encode()
    head = (
        f"POST /v1/simulations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
        f"\r\nContent-Length: {len(request)}\r\n\r\n"
    ).encode()
    socks = []

    def send() -> None:
        for _ in range(args.connections):  # one after the other, as each answer is made
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # never read
            sock.bind((attacker, 0))
            sock.connect(("127.0.0.1", target.port))
            sock.sendall(head + request)
            socks.append(sock)
            time.sleep(args.gap)

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    latencies: list[float] = []
    failures: list[str] = []
    target.timed_scores(time.monotonic() + args.seconds, latencies, failures)
    sender.join()
    statuses: collections.Counter[str] = collections.Counter()
    for sock in socks:
        sock.settimeout(5)
        try:
            line = sock.recv(64).split(b"\r\n", 1)[0].decode(errors="replace")
            statuses[line.removeprefix("HTTP/1.1 ") or "closed"] += 1
        except OSError as error:
            statuses[type(error).__name__] += 1
        sock.close()
    return (
        f"{args.connections} unread 100-game answers, one every {args.gap:g} s, for "
        f"{args.seconds:g} s; "
        f"{latency_line(latencies)}; failures {len(failures)}; the unread got {dict(statuses)}"
    )


def dear(target: Target, args: argparse.Namespace) -> str:
    review = four_player_review(target)  # (it asks a port, as of a server)
    seen: collections.Counter[int | str] = collections.Counter()
    until = time.monotonic() + args.seconds

    def attack(source: str) -> None:
        while time.monotonic() < until:
            try:
                seen[target.post("/v1/deals/review", review, source)[0]] += 1
            except (OSError, http.client.HTTPException) as error:
                seen[type(error).__name__] += 1

    threads = [
        threading.Thread(target=attack, args=(f"127.0.0.{10 + client}",), daemon=True)
        for client in range(5)
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    latencies: list[float] = []
    failures: list[str] = []
    target.timed_scores(until, latencies, failures)
    for thread in threads:
        thread.join(180)
    verdict = "met" if statistics.quantiles(latencies, n=20)[-1] < TARGET_P95_MS else "missed"
    return (
        f"5 clients x 4 reviews for {args.seconds:g} s: {dict(seen)}; {latency_line(latencies)} "
        f"(target p95 < {TARGET_P95_MS} ms: {verdict}); failures {len(failures)}"
    )


def abandon(target: Target, args: argparse.Namespace) -> str:
    cluster = cluster_process(args.tree)
    workers = [pid for pid in descendants(cluster) if b"spawn_main" in cmdline(pid)]
    body: dict[str, Any] = {"games": 20, "seed": 11, "rules": {"players": 4, "target": 121}}
    body["players"] = [{"strategy": "search", "budget": 4000}] * 4
    body["lines"] = "shards"
    conn = target.connection("127.0.0.4", 600)
    conn.request("POST", "/v1/simulations", json.dumps(body),
                 {"Content-Type": "application/json", "Accept": NDJSON})  # fmt: skip
    response = conn.getresponse()
    assert response.status == 200, response.read()[:300]
    first = json.loads(response.readline())  # a shard played: the next ones are under way
    time.sleep(args.kill_after)
    assert conn.sock is not None
    conn.sock.close()
    conn.close()
    left = time.monotonic()
    busy_until = left
    last = cpu_seconds(workers)
    while time.monotonic() - left < args.seconds:
        time.sleep(0.5)
        now = cpu_seconds(workers)
        if now - last > 0.1:  # more than a fifth of a core over the half second
            busy_until = time.monotonic()
        elif time.monotonic() - busy_until > 3:
            break
        last = now
    return (
        f"four players searching (budget 4,000) to 121, left {args.kill_after:g} s after its "
        f"first shard ({first['games']} games): the cluster's {len(workers)} workers burned "
        f"CPU for {busy_until - left:.1f} s after"
    )


def long_game(players: int, seed: int) -> dict[str, Any]:
    from scoring_api.rules import RuleOptions
    from scoring_api.sim.game import play_game
    from scoring_api.sim.game_records import game_record
    from scoring_api.sim.registry import strategy_for
    from scoring_api.sim.streams import game_stream

    rules = RuleOptions(players=players, target=121)
    game = play_game([strategy_for("expected")] * players, rules, game_stream(seed, 0), 0,
                     transcript=True)  # fmt: skip
    names = [f"Seat {seat}" for seat in range(players)]
    return game_record(game, rules, names, ["expected"] * players)


def reviews(target: Target, args: argparse.Namespace) -> str:
    record = {**long_game(4, 4242), "playouts": args.playouts}
    outcomes: collections.Counter[str] = collections.Counter()
    seconds: list[float] = []

    def ask(source: str) -> None:
        while True:  # refused up front: asked again when the server says
            started = time.monotonic()
            status, headers, data = target.post("/v1/games/review", record, source, timeout=300)
            took = time.monotonic() - started
            document = json.loads(data)
            detail = document.get("detail", "")
            if status == 503 and "ran out" not in detail:
                why = "would not fit its budget" if "would take" in detail else "busy"
                outcomes[f"refused up front, {why} (asked again)"] += 1
                time.sleep(float(headers.get("Retry-After", "1")))
                continue
            seconds.append(took)
            break
        if status == 200:
            kind = "answered whole" if document.get("complete", True) else "answered in part"
        else:
            done = sum(deal.get("reviewed", False) for deal in document.get("deals", []))
            kind = f"{status}, out of time with {done} deals reviewed"
        outcomes[kind] += 1

    threads = [
        threading.Thread(target=ask, args=(f"127.0.0.{20 + client}",)) for client in range(9)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    deals = len(record["deals"])
    return (
        f"9 reviews at once of a four-player game to 121 ({deals} deals, "
        f"{args.playouts} play-outs): {dict(outcomes)}; slowest {max(seconds):.1f} s"
    )


def problem(target: Target, args: argparse.Namespace) -> str:
    bad = "9-7"
    status, _, data = target.post("/v1/hands/score", {**VALID_HAND, "starter": bad}, OTHER)
    return f"a 422 ({status}) quoting {bad!r}: {data.decode().count(bad)} times: {data.decode()}"


ATTACKS: dict[str, Callable[[Target, argparse.Namespace], str]] = {
    "dead-cluster": dead_cluster,
    "unread": unread,
    "dear": dear,
    "abandon": abandon,
    "reviews": reviews,
    "problem": problem,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attack", choices=list(ATTACKS))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--tree", type=int, help="the server's root pid (dead-cluster, abandon)")
    parser.add_argument("--seconds", type=float, default=30, help="the attack's length")
    parser.add_argument("--kill-after", type=float, default=3)
    parser.add_argument("--lineup", choices=["expected", "search"], default="expected")
    parser.add_argument("--connections", type=int, default=12)
    parser.add_argument("--gap", type=float, default=3, help="between the unread requests")
    parser.add_argument("--playouts", type=int, default=300)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    line = ATTACKS[args.attack](Target(args.port), args)
    print(f"{args.attack}: {line} (load {load:.1f} -> {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
