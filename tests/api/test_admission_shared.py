"""The simulation cap counted in Redis, across replicas (scoring_api/api/admission_shared.py):
two apps sharing one store hold the cap together, a dead holder's slot comes back, and a
store that fails means counting on this machine."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from live_server import UNLIMITED

from scoring_api.api import admission_shared
from scoring_api.app import create_app

GAME = {"games": 1, "players": [{"strategy": "random"}, {"strategy": "random"}]}
STREAM = {"Accept": "application/x-ndjson"}
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[str]:
    if not Path(REDIS).exists():
        pytest.skip("no redis-server")
    sock = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [
            REDIS,
            "--port",
            "0",
            "--unixsocket",
            str(sock),
            "--unixsocketperm",
            "700",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(100):
        if sock.exists():
            break
        time.sleep(0.05)
    try:
        yield f"redis+unix://{sock}"
    finally:
        process.terminate()
        process.wait(5)
        admission_shared._shared.clear()


def _replica(store: str, cap: int = 2, share: int = 1) -> Flask:
    settings = {"SCORING_API_MAX_SIMULATIONS": cap, "SCORING_API_CLIENT_SIMULATIONS": share}
    return create_app({"TESTING": True, **UNLIMITED, **settings, "SCORING_API_RATE_STORE": store})


def test_the_cap_and_a_clients_share_hold_across_replicas(store: str) -> None:
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


def test_a_dead_replicas_slot_expires(store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admission_shared, "LEASE_SECONDS", 1)
    url = admission_shared.redis_url(store)
    assert url is not None
    dead = admission_shared.SharedSlots(url)  # its process dies: nobody renews nor frees
    monkeypatch.setattr(dead, "_start_renewer", lambda: None)
    assert isinstance(dead.take(1, "a", 0, 0), admission_shared.Held)
    assert dead.take(1, "b", 0, 0) == admission_shared.Refused(False, [0.0])  # full
    time.sleep(1.2)
    assert isinstance(dead.take(1, "b", 0, 0), admission_shared.Held)


def test_a_failed_store_counts_on_this_machine(tmp_path: Path) -> None:
    api = _replica(f"redis+unix://{tmp_path}/none.sock", cap=1).test_client()
    stream = api.post("/v1/simulations", json=GAME, headers=STREAM)
    assert stream.status_code == 200
    assert api.post("/v1/simulations", json=GAME).status_code == 503  # the local flock cap
    stream.close()
    assert api.post("/v1/simulations", json=GAME).status_code == 200
    admission_shared._shared.clear()
