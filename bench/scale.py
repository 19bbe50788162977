"""Benchmark of simulations at scale: one big run inline, then on the embedded Dask cluster.

Run from the repository root:  .venv/bin/python bench/scale.py [--games 100000] ...

1. gunicorn (gunicorn.conf.py, one worker) with ``SCORING_API_SCHEDULER=off``: the run's
   JSON answer played inline, in the worker, one core. Timed by wall clock and by the
   worker's CPU seconds (from /proc).
2. gunicorn as the README serves it (the embedded cluster: one Dask worker per core), the
   same request: wall clock, and the CPU seconds of every process of the server (master,
   gunicorn worker, the cluster's process with its scheduler, the Dask workers); the shards
   played, from /metrics.
3. Both answers must be byte-identical (the script fails otherwise).

Reported: the wall-clock speed-up; the parallel efficiency, games per CPU second of all the
server's processes against inline (inline CPU seconds / cluster CPU seconds); the overhead
per shard (the extra CPU seconds over inline, per shard), split into the workers' side and
the centre (scheduler and gunicorn worker: what one run's coordination costs wherever the
workers are); and a projection of the efficiency at 64 workers from those, for a run long
enough that the last wave of shards does not count (and what that wave costs on this run).

Both servers first play a warm-up run (``--warm-up`` games per process) so that the
advisor's caches are as warm in the Dask workers as in the inline worker. Target: >= 90%
efficiency on this machine's cores. Timing only: nothing here is asserted but the bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from checkout import ROOT
from live_server import Server, serve

SEED = 20261201
IDLE_SECONDS = 5.0
PROBE_GAMES = 20_000


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree(pid: int) -> set[int]:
    """The process and all its descendants."""
    found, todo = {pid}, [pid]
    while todo:
        parent = todo.pop()
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{parent}/task").iterdir():
                for child in map(int, (task / "children").read_text().split()):
                    if child not in found:
                        found.add(child)
                        todo.append(child)
    return found


def command_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


def cpu_of(pids: set[int]) -> dict[int, float]:
    times = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            times[pid] = cpu_seconds(pid)
    return times


def post(server: Server, body: dict[str, object]) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=3600)
    conn.request("POST", "/v1/simulations", json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status == 200, data[:500]
    return data


def shards_played(server: Server) -> float:
    text = server.request("GET", "/metrics").body.decode()
    name = 'simulation_shards_total{outcome="ok",where="cluster"}'
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name))


@dataclass
class Timed:
    answer: bytes
    wall: float
    cpu: dict[int, float]  # CPU seconds per process during the run
    shards: float = 0.0


def timed(server: Server, body: dict[str, object], pids: set[int]) -> Timed:
    before_shards = shards_played(server)
    before = cpu_of(pids)
    started = time.perf_counter()
    answer = post(server, body)
    wall = time.perf_counter() - started
    after = cpu_of(pids)
    cpu = {pid: after[pid] - before[pid] for pid in before if pid in after}
    return Timed(answer, wall, cpu, shards_played(server) - before_shards)


PLAIN = """
import gc, sys, time
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run
gc.freeze()
gc.set_threshold(100_000, 50, 100)
a, b, seed, first, games, warm, total = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
run(SimulationRequest(lineup_of((a, b)), RuleOptions(), seed, warm, first_game=total))
started = time.process_time()
run(SimulationRequest(lineup_of((a, b)), RuleOptions(), seed, games, first_game=first))
print(time.process_time() - started)
"""


def plain_processes(players: list[str], games: int, count: int, warm: int) -> float:
    """CPU seconds of ``count`` plain processes (no Dask, no HTTP) playing the run at once.

    The machine's own ceiling: processes that share nothing still slow each other down
    (memory bandwidth, caches, a busy host), so games per CPU second fall with several at
    once whatever does the distribution.
    """
    share = -(-games // count)
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                PLAIN,
                *players,
                str(SEED),
                str(first),
                str(min(share, games - first)),
                str(warm),
                str(games),
            ],
            stdout=subprocess.PIPE,
            cwd=ROOT,
        )
        for first in range(0, games, share)
    ]
    return sum(float(process.communicate()[0]) for process in processes)


@contextlib.contextmanager
def server(env: dict[str, str]) -> Iterator[Server]:
    with (
        tempfile.TemporaryDirectory() as logs,
        serve(Path(logs) / "gunicorn.log", workers=1, env=env) as live,
    ):
        yield live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", nargs=2, default=["expected", "random"])
    parser.add_argument("--warm-up", type=int, default=30_000, help="games per process first")
    parser.add_argument("--shard-seconds", type=float, default=1.0)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    players = [{"strategy": name} for name in args.players]
    # The overhead probe: short games in shards of the minimum size (50 games, ~10 ms), so
    # that the cost per shard is most of the run's and shows above the noise.
    probe: dict[str, object] = {
        "games": PROBE_GAMES,
        "seed": SEED,
        "first_game": 2 * args.games,
        "players": [{"strategy": "random"}, {"strategy": "random"}],
    }
    body: dict[str, object] = {"games": args.games, "seed": SEED, "players": players}
    print(
        f"python {platform.python_version()} on {platform.machine()}, {cores} cores, "
        f"load average {os.getloadavg()[0]:.1f}; {args.games:,} games "
        f"{args.players[0]} v {args.players[1]}, shards of about {args.shard_seconds:g} s"
    )
    # No per-request cap below the run, no budget: the run itself is what is measured.
    common = {
        "SCORING_API_MAX_GAMES": str(max(args.games, 100_000)),
        "SCORING_API_JSON_SECONDS": "0",
        "SCORING_API_SHARD_SECONDS": str(args.shard_seconds),
    }

    # Inline: the plain loop of the worker, as before the cluster (no shards at all).
    inline_env = {
        **common,
        "SCORING_API_SCHEDULER": "off",
        "SCORING_API_INLINE_GAMES": str(args.games),
    }
    with server(inline_env) as live:
        (worker,) = live.wait_workers(1)
        post(live, {**body, "games": args.warm_up, "first_game": args.games})
        inline = timed(live, body, {worker})
        probe_inline = timed(live, probe, {worker})
    inline_cpu = inline.cpu[worker]
    print(
        f"inline:   {inline.wall:7.1f} s wall, {inline_cpu:7.1f} CPU s "
        f"({args.games / inline_cpu:,.0f} games per CPU second)"
    )

    with server(common) as live:
        live.wait_cluster()
        pids = tree(live.process.pid)
        workers = [pid for pid in pids if "multiprocessing.spawn" in command_of(pid)]
        warm = {**body, "games": args.warm_up * len(workers), "first_game": args.games}
        post(live, warm)
        time.sleep(1)
        before = cpu_of(pids)
        time.sleep(IDLE_SECONDS)
        after = cpu_of(pids)
        idle = {pid: (after[pid] - before[pid]) / IDLE_SECONDS for pid in before if pid in after}
        cluster = timed(live, body, pids)
    tiny = {**common, "SCORING_API_SHARD_SECONDS": "0.0001"}
    with server(tiny) as live:
        live.wait_cluster()
        pids = tree(live.process.pid)
        probe_workers = {pid for pid in pids if "multiprocessing.spawn" in command_of(pid)}
        post(live, {**probe, "first_game": 3 * args.games})  # warm-up
        probe_cluster = timed(live, probe, pids)
    if probe_cluster.answer != probe_inline.answer:
        raise SystemExit("the probe's cluster answer differs from the inline one")
    probe_shards = max(probe_cluster.shards, 1)
    probe_cpu, probe_inline_cpu = sum(probe_cluster.cpu.values()), sum(probe_inline.cpu.values())
    per_shard = (probe_cpu - probe_inline_cpu) / probe_shards
    probe_centre = sum(cpu for pid, cpu in probe_cluster.cpu.items() if pid not in probe_workers)
    centre_per_shard = probe_centre / probe_shards  # idle included: an upper bound
    print(
        f"overhead probe: {PROBE_GAMES:,} random v random games in {probe_shards:.0f} shards "
        f"of about {PROBE_GAMES / probe_shards:.0f}: {probe_cpu:.1f} CPU s on the cluster, "
        f"{probe_inline_cpu:.1f} inline: {1000 * per_shard:.1f} ms CPU per shard, of which "
        f"the centre (scheduler, gunicorn) {1000 * centre_per_shard:.1f} ms"
    )
    if cluster.answer != inline.answer:
        raise SystemExit("the cluster's answer differs from the inline one")
    plain = plain_processes(args.players, args.games, len(workers), args.warm_up)
    print(
        f"{len(workers)} plain processes at once (no Dask, no HTTP): {plain:7.1f} CPU s "
        f"({100 * inline_cpu / plain:.1f}% of inline's games per CPU second: this machine's "
        "ceiling for any distribution)"
    )
    total = sum(cluster.cpu.values())
    on_workers = sum(cluster.cpu.get(pid, 0.0) for pid in workers)
    centre = total - on_workers
    shards = max(cluster.shards, 1)
    print(
        f"embedded: {cluster.wall:7.1f} s wall, {total:7.1f} CPU s in all "
        f"{len(cluster.cpu)} processes ({len(workers)} Dask workers {on_workers:.1f}, "
        f"the rest {centre:.1f}); {cluster.shards:.0f} shards; same bytes as inline"
    )
    idle_centre = sum(rate for pid, rate in idle.items() if pid not in workers)
    print(
        f"idle, the cluster's processes use {100 * sum(idle.values()):.1f}% of a core "
        f"(the centre {100 * idle_centre:.1f}%)"
    )
    speed_up = inline.wall / cluster.wall
    efficiency = inline_cpu / total
    shard_cpu = plain / shards  # the games of one shard, played by a plain process
    print(
        f"speed-up {speed_up:.2f}x on {len(workers)} workers (wall-clock efficiency "
        f"{100 * speed_up / len(workers):.0f}%); parallel efficiency (games per CPU second, "
        f"all processes, against inline) {100 * efficiency:.1f}% (target >= 90%); against "
        f"the plain processes {100 * plain / total:.1f}%"
    )
    # At 64 workers each shard still costs its overhead (the probe's, per shard: the
    # worker's, the scheduler's and the client's share together) and the rest scales.
    for seconds in (shard_cpu, 1.0, 2.0):
        eff = seconds / (seconds + max(per_shard, 0.0))
        print(
            f"projection at 64 workers, shards of {seconds:.2f} CPU s: {100 * eff:.1f}% of the "
            f"plain processes' games per CPU second for a long run; the centre hands out "
            f"{64 / seconds:.0f} shards/s, {100 * 64 / seconds * centre_per_shard:.0f}% of a core"
        )
    print(
        f"the last wave of shards (about half a shard per worker idle at the end) costs "
        f"{100 * (len(workers) * shard_cpu / 2) / plain:.1f}% of this run here, "
        f"{100 * (64 * shard_cpu / 2) / plain:.0f}% of it at 64 workers: runs for many "
        "workers want millions of games"
    )


if __name__ == "__main__":
    main()
