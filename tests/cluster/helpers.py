"""What the cluster tests share: the run they play, the servers' shard sizes, metrics, waits."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from live_server import Server

SIMULATE = "/v1/simulations"
SMALL_SHARDS = {
    "SCORING_API_INLINE_GAMES": "100",
    "SCORING_API_SHARD_SECONDS": "0.2",
    "SCORING_API_CLUSTER_WORKERS": "2",
}
RUN = {
    "games": 3_000,
    "seed": 20261201,
    "first_game": 17,
    "first_dealer": "draw",
    "rules": {"target": 121},
    "players": [{"strategy": "greedy"}, {"strategy": "random"}],
}


def metric(server: Server, name: str) -> float:
    text = server.request("GET", "/metrics").body.decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name))


def wait_until(check: Any, seconds: float, what: str | Callable[[], str]) -> None:
    """Wait for ``check``; past ``seconds``, fail saying ``what`` (a callable: as it is then)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise AssertionError(f"not within {seconds} s: {said}")
        time.sleep(0.2)
