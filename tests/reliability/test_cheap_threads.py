"""Cheap answers never wait behind expensive ones for a request thread (issue 50, item 3),
gunicorn alone as ``./scripts/serve`` runs it.

gunicorn hands a worker's requests to its threads first come, first served: with every
thread of a worker held by expensive work (here simulations running out their time
budget, no cap on them), a hand score queued behind them for as long. Each worker now
keeps ``SCORING_API_CHEAP_THREADS`` (1) of its threads from expensive work: one worker of
four threads, four long simulations at once, a hand score from another client.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
from live_server import VALID_HAND, Answer, Server, serve

from .helpers import QUICK_SECONDS

BUDGET = 8  # each simulation's: a hand score queued behind them waited that long
ENV = {
    "GUNICORN_THREADS": "4",
    "SCORING_API_CHEAP_THREADS": "1",  # the default (the tests' servers lift it)
    "SCORING_API_SCHEDULER": "off",
    "SCORING_API_JSON_SECONDS": str(BUDGET),
    "SCORING_API_MAX_SIMULATIONS": "0",  # no cap: the worker's own threads are the bound
}
LONG = {"games": 100_000, "players": [{"strategy": "search"}, {"strategy": "search"}]}
"""A run that outlasts its budget on any machine (tens of ms a game)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    log = tmp_path_factory.mktemp("cheap-threads") / "server.log"
    with serve(log, workers=1, env=ENV) as running:
        yield running


def test_a_hand_score_is_answered_while_expensive_work_holds_what_it_may(server: Server) -> None:
    answers: list[Answer] = []
    started = time.monotonic()
    runs = [
        threading.Thread(
            target=lambda: answers.append(server.post_json("/v1/simulations", LONG, 60))
        )
        for _ in range(4)
    ]
    for run in runs:
        run.start()
        time.sleep(0.3)  # each in turn on its own thread
    asked = time.monotonic()
    score = server.post_json("/v1/hands/score", VALID_HAND, 60, source="127.0.0.2")
    waited = time.monotonic() - asked
    for run in runs:
        run.join(60)
    assert score.status == 200
    assert score.json()["total"] == 24
    assert time.monotonic() - started >= BUDGET  # the long runs did hold their threads
    assert waited < QUICK_SECONDS, f"the hand score waited {waited:.1f} s"
    statuses = sorted(answer.status for answer in answers)
    assert statuses == [503, 503, 503, 503], statuses  # three ran out of time, one refused
    details = [json.loads(answer.body)["detail"] for answer in answers]
    refused = [detail for detail in details if "request threads it gives them" in detail]
    assert len(refused) == 1, details
    print(f"a hand score answered in {waited * 1000:.0f} ms beside 3 simulations; 1 refused")
