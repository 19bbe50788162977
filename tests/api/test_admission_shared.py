"""Slots counted in Redis, across replicas (scoring_api/api/admission_shared.py): two apps
sharing one store hold the cap together, a dead holder's slot comes back, a store that
restarts empty gets its running slots back before it admits anyone, and a store that
fails means counting on this machine, then in the store again once it answers.

A real redis-server on a unix socket (CI installs it; ``REDIS_REQUIRED=1`` there: no skip).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from live_server import UNLIMITED

from scoring_api.api import admission_shared
from scoring_api.api.admission_slots import Holder, Refusal, Why
from scoring_api.app import create_app

GAME = {"games": 1, "players": [{"strategy": "random"}, {"strategy": "random"}]}
STREAM = {"Accept": "application/x-ndjson"}
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"


class Redis:
    """redis-server on a unix socket, nothing kept on disk: stopped, it comes back empty."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.sock = directory / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def store(self) -> str:
        return f"redis+unix://{self.sock}"

    def start(self, fresh: bool = True) -> None:
        """Started; ``fresh``: told that nothing ran before (as ./scripts/stack does)."""
        command = [REDIS, "--port", "0", "--unixsocket", str(self.sock)]
        command += ["--unixsocketperm", "700", "--save", "", "--appendonly", "no"]
        command += ["--dir", str(self.directory)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        for _ in range(200):
            if self.sock.exists():
                break
            time.sleep(0.05)
        if fresh:
            self.client().set(admission_shared.COUNTED, 0)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(5)
        self.sock.unlink(missing_ok=True)

    def client(self) -> Any:
        import redis

        return redis.Redis(unix_socket_path=str(self.sock))


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[Redis]:
    if not Path(REDIS).exists():
        if os.environ.get("REDIS_REQUIRED") == "1":
            pytest.fail("no redis-server (apt-get install redis-server)")
        pytest.skip("no redis-server")
    server = Redis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        admission_shared._shared.clear()


@pytest.fixture
def fast_leases(monkeypatch: pytest.MonkeyPatch) -> None:
    """Renewals every 0.1 s, a recount of 0.5 s: the same rules, quicker."""
    monkeypatch.setattr(admission_shared, "RENEW_SECONDS", 0.1)
    monkeypatch.setattr(admission_shared, "RECOUNT_SECONDS", 0.5)


def _replica(store: str, cap: int = 2, share: int = 1) -> Flask:
    settings = {"SCORING_API_MAX_SIMULATIONS": cap, "SCORING_API_CLIENT_SIMULATIONS": share}
    return create_app({"TESTING": True, **UNLIMITED, **settings, "SCORING_API_RATE_STORE": store})


def _slots(redis_server: Redis) -> admission_shared.SharedSlots:
    """Another process's view of the simulation slots (a replica of its own)."""
    url = admission_shared.redis_url(redis_server.store)
    assert url is not None
    return admission_shared.SharedSlots(url, "simulations")


def test_the_cap_and_a_clients_share_hold_across_replicas(redis_server: Redis) -> None:
    store = redis_server.store
    one, two = _replica(store).test_client(), _replica(store).test_client()
    first = one.post("/v1/simulations", json=GAME, headers=STREAM)
    assert first.status_code == 200
    refused = two.post("/v1/simulations", json=GAME)  # same client, the other replica
    assert refused.status_code == 503
    assert "its 1 simulations" in refused.get_json()["detail"]
    other = {"REMOTE_ADDR": "10.0.0.2"}
    second = two.post("/v1/simulations", json=GAME, headers=STREAM, environ_base=other)
    assert second.status_code == 200
    third = {"REMOTE_ADDR": "10.0.0.3"}
    full = one.post("/v1/simulations", json=GAME, environ_base=third)
    assert full.status_code == 503
    assert int(full.headers["Retry-After"]) >= 1
    second.close()  # (the test client's contexts close last opened first)
    first.close()
    assert two.post("/v1/simulations", json=GAME, environ_base=third).status_code == 200


def test_a_dead_replicas_slot_expires(redis_server: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admission_shared, "LEASE_SECONDS", 1)
    dead = _slots(redis_server)  # its process dies: nobody renews nor frees
    monkeypatch.setattr(dead, "_renew", lambda: None)
    assert isinstance(dead.take(1, Holder("a", 0), 0), str)
    assert dead.take(1, Holder("b", 0), 0) == Refusal(Why.FULL, (0.0,))
    time.sleep(1.2)
    assert isinstance(dead.take(1, Holder("b", 0), 0), str)


def test_a_restarted_store_counts_the_running_slots_before_it_admits(
    redis_server: Redis, fast_leases: None
) -> None:
    """Issue 40, item 4: both slots held by running work, Redis restarted empty: new
    clients were admitted, four ran at once with a cap of two."""
    holders = _slots(redis_server)
    assert isinstance(holders.take(2, Holder("10.0.0.1", 0), 1), str)
    assert isinstance(holders.take(2, Holder("10.0.0.2", 0), 1), str)
    redis_server.stop()
    redis_server.start(fresh=False)  # empty: its slots and its count are gone
    newcomer = _slots(redis_server)
    waited = newcomer.take(2, Holder("10.0.0.3", 0), 1)
    assert isinstance(waited, Refusal)
    assert waited.why is Why.RECOUNTING
    assert 1 <= waited.retry_after() <= 1  # the recount's 0.5 s, rounded up
    time.sleep(0.6)  # the recount is over: the running slots are back by now
    full = newcomer.take(2, Holder("10.0.0.3", 0), 1)
    assert isinstance(full, Refusal)
    assert full.why is Why.FULL
    assert redis_server.client().hlen(admission_shared.PREFIX + "simulations") == 2


def test_a_failed_store_counts_on_this_machine_then_in_the_store(
    redis_server: Redis, fast_leases: None
) -> None:
    api = _replica(redis_server.store, cap=1).test_client()
    redis_server.stop()
    stream = api.post("/v1/simulations", json=GAME, headers=STREAM)
    assert stream.status_code == 200  # counted on this machine meanwhile
    assert api.post("/v1/simulations", json=GAME).status_code == 503  # the local flock cap
    redis_server.start()
    deadline = time.monotonic() + 10
    while not redis_server.client().hlen(admission_shared.PREFIX + "simulations"):
        assert time.monotonic() < deadline, "the local slot never reached the store"
        time.sleep(0.05)
    elsewhere = _slots(redis_server).take(1, Holder("10.0.0.7", 0), 0)  # another replica
    assert isinstance(elsewhere, Refusal)
    assert elsewhere.why is Why.FULL
    stream.close()
    assert redis_server.client().hlen(admission_shared.PREFIX + "simulations") == 0
