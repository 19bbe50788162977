"""Two servers on one machine, started back to back, each with its embedded cluster.

At its start a server removes what killed runs left (``scratch.clean_stale``), among them
the ``sem.mp-*`` semaphores of its user that no live process maps. Those of the other
server's cluster are live: they must stay, or its Dask processes fail in
``SemLock._rebuild`` and its simulations are a 503 "restarting" (issue 40, item 5).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from live_server import start

from .helpers import RUN, SIMULATE, SMALL_SHARDS, metric, wait_until

CLUSTER_SHARDS = 'simulation_shards_total{outcome="ok",where="cluster"}'


def semaphores() -> set[Path]:
    return set(Path("/dev/shm").glob("sem.mp-*"))


def test_two_servers_started_back_to_back_both_play_on_their_clusters(tmp_path: Path) -> None:
    before = semaphores()
    first = start(tmp_path / "first.log", workers=1, env=SMALL_SHARDS)
    with contextlib.ExitStack() as stops:
        stops.callback(first.stop)
        # The second starts (and cleans up) as the first's cluster starts its workers: when
        # its first semaphores appear (made for a worker process that is still starting).
        wait_until(lambda: semaphores() - before, 60, "the first cluster's semaphores")
        second = start(tmp_path / "second.log", workers=1, env=SMALL_SHARDS)
        stops.callback(second.stop)
        for server in (first, second):
            server.wait_ready()
            server.wait_cluster()
        for server in (first, second, first):
            answer = server.post_json(SIMULATE, RUN, timeout=120)
            assert answer.status == 200, (answer.body[:300], server.tail())
        for server in (first, second):
            assert metric(server, CLUSTER_SHARDS) > 0
            assert metric(server, "simulation_cluster_restarts_total") == 0, server.tail()
            assert "FileNotFoundError" not in server.tail(200_000)
