"""The same request gives byte-identical answers from two separate gunicorn servers.

Each server runs with its own PYTHONHASHSEED, so any dependence on set or dict-of-str order,
on the process or on the worker would show up as different bytes.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")

REQUESTS = [
    {
        "games": 40,
        "seed": 123456789,
        "players": [{"strategy": "expected"}, {"strategy": "greedy"}],
        "first_dealer": "draw",
    },
    {
        "games": 3,
        "seed": 2**53 - 1,
        "first_game": 10**12,
        "players": [{"strategy": "random"}, {"strategy": "expected"}],
        "rules": {"target": 121, "double_blank_in_fifteens": False},
        "transcripts": True,
    },
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_gunicorn(hash_seed: str, **extra_env: str) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn with the project's gunicorn.conf.py and one worker; returns it and its URL."""
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONHASHSEED": hash_seed,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_LOG_LEVEL": "warning",
        **extra_env,
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    server = subprocess.Popen(
        [str(GUNICORN), "-c", "gunicorn.conf.py", "scoring_api.app:create_app()"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=1):
                return server, base
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not start")


@pytest.fixture(scope="module")
def servers() -> Iterator[list[str]]:
    started = [start_gunicorn("1"), start_gunicorn("4242")]
    try:
        yield [base for _, base in started]
    finally:
        for server, _ in started:
            server.terminate()
            server.wait(timeout=30)


def post(base: str, body: dict[str, object], accept: str) -> bytes:
    request = urllib.request.Request(
        f"{base}/v1/simulations",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept": accept},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.status == 200
        answer: bytes = response.read()
        return answer


@pytest.mark.parametrize("accept", ["application/json", "application/x-ndjson"])
@pytest.mark.parametrize("body", REQUESTS, ids=["summary", "transcripts"])
def test_byte_identical_across_processes(
    servers: list[str], body: dict[str, object], accept: str
) -> None:
    first, second = (post(base, body, accept) for base in servers)
    assert first == second
    assert len(first) > 1000
