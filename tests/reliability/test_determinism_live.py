"""The same simulation request, sent 20 times at once to two workers: 20 identical bodies."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from live_server import Answer, Server

COPIES = 20
BODY = (
    b'{"games": 20, "seed": 20261130, "first_dealer": "draw",'
    b' "players": [{"strategy": "expected"}, {"strategy": "greedy"}]}'
)


@pytest.mark.parametrize("accept", ["application/json", "application/x-ndjson"])
def test_concurrent_copies_are_byte_identical(live: Server, accept: str) -> None:
    assert len(live.workers()) == 2

    def send(_: int) -> Answer:
        headers = {"Content-Type": "application/json", "Accept": accept}
        return live.request("POST", "/v1/simulations", BODY, headers, timeout=120)

    with ThreadPoolExecutor(COPIES) as pool:
        answers = list(pool.map(send, range(COPIES)))
    assert [a.status for a in answers] == [200] * COPIES
    bodies = {a.body for a in answers}
    assert len(bodies) == 1, f"{len(bodies)} different bodies"
    (body,) = bodies
    assert body.count(b'"seed":20261130') == 1
    assert len(body) > 500
