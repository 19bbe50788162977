"""A stopped run's work on the cluster ends within a game, and its client's share counts it
until then (issue 40, item 2).

Four players searching at budget 1000 cost about a second and a half a game here: shards
of 50 games (the old floor) kept both workers a minute or more after the client left, while
another client's big run got 503 after 0 games. Real ``dask scheduler`` and ``dask worker``
processes (``dask_processes``), gunicorn as ``./scripts/serve`` runs it.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from live_server import Answer, Server, serve

from scoring_api.rules import RuleOptions
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest
from scoring_api.sim_cluster.runner import play_on_cluster

from .dask_processes import Scheduler, scheduler, workers
from .helpers import RUN, SIMULATE, SMALL_SHARDS, metric, wait_until

SEARCH_SEATS = RuleOptions(players=4)
SEARCHING = SimulationRequest(lineup_of(("search",) * 4, (1000,) * 4), SEARCH_SEATS, 3, 100)
SEARCHING_BODY = {
    "games": 100,
    "seed": 3,
    "rules": {"players": 4},
    "players": [{"strategy": "search", "budget": 1000}] * 4,
    "lines": "shards",
}
DRAINED_SECONDS = 60  # generous: the fix takes a game or two (seconds), the old code minutes
A, B = "127.0.0.1", "127.0.0.2"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scheduler]:
    directory = tmp_path_factory.mktemp("bounded")
    with scheduler(directory) as sched, workers(sched, 2, directory):
        yield sched


def running(sched: Scheduler) -> list[str]:
    """The runs whose shards the workers are running now, by id (``simulation-shard-<run>-
    <first game>``; a stopped run's shards included: the scheduler forgets a cancelled task
    that its worker still runs)."""
    keys: dict[str, list[str]] = sched._ask(  # type: ignore[arg-type]
        lambda client: client.run(
            lambda dask_worker: [str(task.key) for task in dask_worker.state.executing]
        )
    )
    return [key.split("-")[2] for found in keys.values() for key in found]


def executing(sched: Scheduler) -> int:
    return len(running(sched))


class Holds:
    """The request's slot as the runner sees it: its holds, when let go, its labels."""

    def __init__(self) -> None:
        self.held = 0
        self.let_go_at: float | None = None
        self.labels: list[float] = []

    def hold(self) -> Callable[[], None]:
        self.held += 1

        def let_go() -> None:
            self.let_go_at = time.monotonic()

        return let_go

    def free_within(self, seconds: float) -> None:
        self.labels.append(seconds)


def test_a_stopped_runs_shards_end_within_a_game_and_hold_the_slot_until_then(
    cluster: Scheduler,
) -> None:
    from distributed import Client

    holds = Holds()
    with Client(cluster.address, set_as_default=False, timeout=10) as client:
        shards = play_on_cluster(client, SEARCHING, 1.0, holds=holds)
        first = next(shards)
        assert 1 <= first.games <= 2  # sized in seconds from the lineup: a game or so
        wait_until(lambda: executing(cluster) > 0, 30, "shards running")
        shards.close()  # the client went away, say
        stopped = time.monotonic()
        assert holds.held == 1  # the slot is held for the work still running
        wait_until(lambda: holds.let_go_at is not None, DRAINED_SECONDS, "the slot let go")
        assert executing(cluster) == 0
        assert holds.let_go_at is not None
        drained = holds.let_go_at - stopped
        (expected,) = holds.labels
        assert 0 < expected < DRAINED_SECONDS
    print(f"a stopped run's shards ended {drained:.1f} s after it stopped (label {expected:.1f} s)")


@pytest.fixture(scope="module")
def capped(cluster: Scheduler, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {
        **SMALL_SHARDS,
        "SCORING_API_SCHEDULER": cluster.address,
        "SCORING_API_MAX_SIMULATIONS": "2",
        "SCORING_API_CLIENT_SIMULATIONS": "1",
        "SCORING_API_JSON_SECONDS": "20",
    }
    log = tmp_path_factory.mktemp("bounded-server") / "server.log"
    with serve(log, workers=1, env=env) as server:
        yield server


def test_an_abandoned_stream_holds_its_clients_share_until_its_games_end(
    cluster: Scheduler, capped: Server
) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", capped.port, timeout=120)
    headers = {"Content-Type": "application/json", "Accept": "application/x-ndjson"}
    conn.request("POST", SIMULATE, json.dumps(SEARCHING_BODY), headers)
    response = conn.getresponse()
    assert json.loads(response.readline())["type"] == "shard"
    wait_until(lambda: executing(cluster) > 0, 30, "its next shards running")
    (abandoned,) = set(running(cluster))
    assert conn.sock is not None
    conn.sock.close()  # the client leaves
    conn.close()
    left = time.monotonic()
    # Another client's big run is served meanwhile (before: 503 after 0 games, the workers
    # held by the abandoned shards), within its 20 s budget.
    answers: list[Answer] = []
    other = threading.Thread(target=lambda: answers.append(capped.post_json(SIMULATE, RUN, 60, B)))
    other.start()
    # The leaver's next run waits for its abandoned games: 503 until they have ended.
    refusals = []
    while True:
        probe = capped.post_json(SIMULATE, {**RUN, "games": 10}, 60, A)
        if probe.status == 200:
            break
        assert probe.status == 503
        refusals.append(int(probe.headers["retry-after"]))
        assert time.monotonic() - left < DRAINED_SECONDS, "the share never came back"
        time.sleep(0.2)
    admitted = time.monotonic() - left
    assert abandoned not in running(cluster)  # its slot came back once its games had ended
    other.join(60)
    assert answers
    assert answers[0].status == 200
    assert refusals
    assert min(refusals) >= 1
    print(f"refused {len(refusals)} times (Retry-After {refusals}), admitted {admitted:.1f} s")


def test_a_stream_cut_by_its_own_workers_exit_says_so_not_that_the_cluster_was_lost(
    cluster: Scheduler, tmp_path: Path
) -> None:
    """Issue 40, item 6: a replica whose master died (its worker exits after the graceful
    timeout, closing its client of the cluster) ended its streams with "the simulation
    cluster's scheduler was lost", though the cluster was fine."""
    env = {**SMALL_SHARDS, "SCORING_API_SCHEDULER": cluster.address}
    env["GUNICORN_GRACEFUL_TIMEOUT"] = "2"
    with serve(tmp_path / "server.log", workers=1, env=env) as server:
        (worker,) = server.wait_workers(1)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        headers = {"Content-Type": "application/json", "Accept": "application/x-ndjson"}
        conn.request("POST", SIMULATE, json.dumps({**SEARCHING_BODY, "games": 1000}), headers)
        response = conn.getresponse()
        assert json.loads(response.readline())["type"] == "shard"
        os.kill(worker, signal.SIGTERM)  # as when its master is gone
        lines = [json.loads(line) for line in response.read().decode().splitlines()]
        conn.close()
    error = lines[-1]
    assert error["type"] == "error"
    assert "This server is stopping" in error["detail"]
    assert "cluster is fine" in error["detail"]
    assert "lost" not in error["detail"]
    assert error["missing"]


def _children_of(pid: int) -> set[int]:
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def test_a_stopped_runs_slot_comes_back_when_the_cluster_dies_under_it(tmp_path: Path) -> None:
    """Issue 50, item 1: a stopped run's drain waited on the futures of a cluster that had
    died (its client reconnecting, then closed under the wait): its client's share held on
    (a 503 "running its 1 simulations at once" for minutes, in the issue's runs). Here the
    run's games are frozen on the workers (SIGSTOP) so that only the cluster's death can end
    the wait, then the cluster dies (its process and workers SIGKILLed); the master starts it
    again, and the client's next run is answered."""
    env = {
        **SMALL_SHARDS,
        "SCORING_API_MAX_SIMULATIONS": "2",
        "SCORING_API_CLIENT_SIMULATIONS": "1",
    }
    log = tmp_path / "server.log"
    with serve(log, workers=1, env=env) as server:
        server.wait_cluster()
        (cluster,) = [pid for pid in server.children() if pid not in server.workers()]
        workers = {
            pid
            for pid in _children_of(cluster)
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        }
        assert len(workers) == 2
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        headers = {"Content-Type": "application/json", "Accept": "application/x-ndjson"}
        body = {**SEARCHING_BODY, "players": [{"strategy": "search", "budget": 4000}] * 4}
        conn.request("POST", SIMULATE, json.dumps(body), headers)
        response = conn.getresponse()
        assert json.loads(response.readline())["type"] == "shard"
        try:
            for pid in workers:  # its next shards' games go no further
                os.kill(pid, signal.SIGSTOP)
            assert conn.sock is not None
            conn.sock.close()  # the client leaves: the run stops, its slot waits for them
            conn.close()
            wait_until(lambda: b'"stream":true' in log.read_bytes(), 30, "the stream's end")
            refused = server.post_json(SIMULATE, {**RUN, "games": 5_000}, 60)
            assert refused.status == 503, refused.body[:300]
            assert b"its 1 simulations at once" in refused.body  # its shards are waited for
            assert metric(server, "simulation_stopped_runs_draining") == 1
            for pid in (cluster, *workers):
                os.kill(pid, signal.SIGKILL)
        finally:
            for pid in workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        while True:
            answer = server.post_json(SIMULATE, {**RUN, "games": 5_000}, 60)
            if answer.status == 200:
                break
            assert answer.status == 503, answer.body[:300]
            assert time.monotonic() - killed < 30, answer.body[:300]
            time.sleep(0.5)
        back = time.monotonic() - killed
        lost = 'simulation_stopped_runs_total{ended="cluster_lost"}'
        assert metric(server, lost) == 1
        assert metric(server, "simulation_stopped_runs_draining") == 0
    logged = [json.loads(line) for line in log.read_text().splitlines() if "stopped run" in line]
    assert any("simulation cluster was lost" in line["message"] for line in logged), logged
    print(f"the client's next run answered 200 {back:.1f} s after the cluster was killed")
