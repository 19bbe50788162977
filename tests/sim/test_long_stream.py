"""A stream far longer than gunicorn's worker timeout completes: gthread workers keep
answering the arbiter's heartbeat while a request plays (a sync worker would be killed)."""

from __future__ import annotations

import json
import time

from .test_determinism import post, start_gunicorn

# Seconds. Not less: a gthread worker tells the arbiter it is alive about once a second, so
# on a busy machine a 1 s timeout kills healthy workers. The stream below takes several times it.
TIMEOUT = 3


def test_stream_outlives_the_worker_timeout() -> None:
    server, base = start_gunicorn("0", GUNICORN_TIMEOUT=str(TIMEOUT))
    try:
        body = {"games": 40_000, "seed": 1, "players": [{"strategy": "random"}] * 2}
        started = time.monotonic()
        lines = post(base, body, "application/x-ndjson").decode().splitlines()
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert elapsed > 2 * TIMEOUT
    assert len(lines) == 40_001
    assert json.loads(lines[-1])["totals"]["games"] == 40_000
