"""A stream far longer than gunicorn's worker timeout completes: gthread workers keep
answering the arbiter's heartbeat while a request plays (a sync worker would be killed)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from live_server import serve

from .helpers import post

# Seconds. Not less: a gthread worker tells the arbiter it is alive about once a second, so
# on a busy machine a 1 s timeout kills healthy workers. The stream below takes several times it.
TIMEOUT = 3
GAMES = 80_000  # under the default cap of 100,000 a request


def test_stream_outlives_the_worker_timeout(tmp_path: Path) -> None:
    # Inline, in the worker itself: that is what must outlive the timeout (on the cluster the
    # stream would also finish sooner than the test needs).
    env = {"GUNICORN_TIMEOUT": str(TIMEOUT), "SCORING_API_SCHEDULER": "off"}
    with serve(tmp_path / "gunicorn.log", workers=1, env=env) as server:
        # About 15 s at 5,500 random games a second: several times the timeout on any machine.
        body = {"games": GAMES, "seed": 1, "players": [{"strategy": "random"}] * 2}
        started = time.monotonic()
        lines = post(server.url, body, "application/x-ndjson").decode().splitlines()
        elapsed = time.monotonic() - started
    assert elapsed > 2 * TIMEOUT
    assert len(lines) == GAMES + 1
    assert json.loads(lines[-1])["totals"]["games"] == GAMES
