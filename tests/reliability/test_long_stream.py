"""A stream far longer than gunicorn's worker timeout goes on: gthread workers keep answering
the arbiter's heartbeat while a request plays (a sync worker would be killed)."""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path

from live_server import serve

from .helpers import check_healthy

# Seconds. Not less: a gthread worker tells the arbiter it is alive about once a second, so
# on a busy machine a 1 s timeout kills healthy workers.
TIMEOUT = 3
WATCHED = 3 * TIMEOUT  # how long the test reads the stream
# Searching players, tens of milliseconds a game: the stream lasts far longer than the test
# watches it on any machine, so what is measured is the clock, never the engine's speed.
BODY = {"games": 100_000, "seed": 1, "players": [{"strategy": "search"}] * 2}


def test_stream_outlives_the_worker_timeout(tmp_path: Path) -> None:
    # Inline, in the worker itself: that is what must outlive the timeout.
    env = {"GUNICORN_TIMEOUT": str(TIMEOUT), "SCORING_API_SCHEDULER": "off"}
    with serve(tmp_path / "gunicorn.log", workers=1, env=env) as server:
        (worker,) = server.workers()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request(
            "POST",
            "/v1/simulations",
            json.dumps(BODY),
            {"Content-Type": "application/json", "Accept": "application/x-ndjson"},
        )
        response = conn.getresponse()
        assert response.status == 200
        started = time.monotonic()
        games = []
        while time.monotonic() - started < WATCHED:
            line = json.loads(response.readline())
            assert "totals" not in line, "the stream ended before the test stopped watching"
            games.append(line["index"])
        conn.close()
        assert games == list(range(len(games)))
        assert server.workers() == {worker}, "the worker was replaced while it streamed"
        assert "WORKER TIMEOUT" not in server.tail(100_000)
        check_healthy(server)
