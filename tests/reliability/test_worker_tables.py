"""The workers share the expert's tables the master read before the fork (issue 44, item 4:
each worker read them itself after the fork, about 48 MiB of its own memory and 0.5 s of CPU,
again at every recycle).

Two checks, neither timed: the master holds the tables once the workers exist (its resident
size, 38 MiB without them, 82 MiB with them here), and a booted worker's private memory (USS,
the pages it shares with no other process) stays under ``WORKER_USS``: 24-33 MiB with the
tables shared, 78-84 MiB when each worker read its own (bench/worker_memory.py --idle).
"""

from __future__ import annotations

import time
from pathlib import Path

from live_server import START_SECONDS, serve

MIB = 1024 * 1024
MASTER_RSS = 60 * MIB
WORKER_USS = 55 * MIB


def smaps_rollup(pid: int) -> dict[str, int]:
    """The process's memory totals in bytes, by the names of /proc/PID/smaps_rollup."""
    lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]
    return {line.split()[0].rstrip(":"): int(line.split()[1]) * 1024 for line in lines}


def cpu_ticks(pid: int) -> tuple[int, str]:
    """A process's user + system CPU time in clock ticks, and its state (R, S, D...)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12]), fields[0]


def wait_booted(pids: list[int]) -> None:
    """Until every worker sleeps with no CPU time added over a second: its boot is over
    (a worker still importing the app or reading tables would be running or gaining ticks)."""
    deadline = time.monotonic() + START_SECONDS
    last: list[int] = []
    while time.monotonic() < deadline:
        seen = [cpu_ticks(pid) for pid in pids]
        ticks = [t for t, _ in seen]
        if ticks == last and all(state == "S" for _, state in seen):
            return
        last = ticks
        time.sleep(1)
    raise AssertionError(f"workers {pids} still busy after {START_SECONDS} s")


def test_the_workers_share_the_tables_the_master_read(tmp_path: Path) -> None:
    env = {"SCORING_API_SCHEDULER": "off"}
    with serve(tmp_path / "g.log", workers=2, env=env) as server:
        workers = sorted(server.wait_workers(2))
        master = smaps_rollup(server.process.pid)
        assert master["Rss"] > MASTER_RSS, f"master: {master['Rss'] / MIB:.1f} MiB resident"
        wait_booted(workers)
        for pid in workers:
            memory = smaps_rollup(pid)
            private = memory["Private_Clean"] + memory["Private_Dirty"]
            print(f"worker {pid}: USS {private / MIB:.1f} MiB, RSS {memory['Rss'] / MIB:.1f} MiB")
            assert private < WORKER_USS, f"worker {pid}: {private / MIB:.1f} MiB of its own"
