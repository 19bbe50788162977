"""Work limits, on the real service: no single request holds a worker for long.

- body size: 2 MiB (413), with or without Content-Length (tests/reliability/
  test_hostile_bodies.py sends 10 MB both ways);
- list lengths: 10,000 hands, 32 plays (422, same file);
- games per simulation: SCORING_API_MAX_GAMES (422 before anything is played);
- time: SCORING_API_JSON_SECONDS (a JSON answer past it is a 503 problem) and
  SCORING_API_STREAM_SECONDS (a stream past it ends with an error line).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from .server import Server, serve
from .test_hostile_bodies import QUICK_SECONDS, check_healthy, check_problem

PLAYERS = [{"strategy": "expected"}, {"strategy": "expected"}]
BUDGET_SECONDS = 0.5


@pytest.fixture(scope="module")
def budgeted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The default cap on games (100,000, minutes of play) and half-second time budgets."""
    env = {
        "SCORING_API_JSON_SECONDS": str(BUDGET_SECONDS),
        "SCORING_API_STREAM_SECONDS": str(BUDGET_SECONDS),
    }
    log = tmp_path_factory.mktemp("gunicorn") / "budgeted.log"
    with serve(log, workers=2, env=env) as server:
        yield server


def test_games_over_the_cap_are_refused_before_playing(live: Server) -> None:
    started = time.monotonic()
    answer = live.post_json("/v1/simulations", {"games": 21, "players": PLAYERS})
    assert time.monotonic() - started < QUICK_SECONDS
    problem = check_problem(answer, 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/games"]
    assert "At most 20 games" in problem["errors"][0]["detail"]
    assert live.post_json("/v1/simulations", {"games": 20, "players": PLAYERS}).status == 200


def test_default_cap_and_transcript_limit(budgeted: Server) -> None:
    too_many = budgeted.post_json("/v1/simulations", {"games": 100_001, "players": PLAYERS})
    assert [e["pointer"] for e in check_problem(too_many, 422)["errors"]] == ["/games"]
    body = {"games": 101, "players": PLAYERS, "transcripts": True}
    answer = budgeted.post_json("/v1/simulations", body)
    assert [e["pointer"] for e in check_problem(answer, 422)["errors"]] == ["/transcripts"]


def test_json_answer_past_its_time_budget_is_a_503(budgeted: Server) -> None:
    started = time.monotonic()
    body = {"games": 100_000, "seed": 1, "players": PLAYERS}
    answer = budgeted.post_json("/v1/simulations", body)
    took = time.monotonic() - started
    problem = check_problem(answer, 503)
    assert 1 <= problem["games_played"] < 100_000
    assert f"{BUDGET_SECONDS:g} s" in problem["detail"]
    assert took < BUDGET_SECONDS + QUICK_SECONDS, took  # 100,000 games would take minutes
    check_healthy(budgeted)


def test_json_answer_within_its_budget_is_whole(budgeted: Server) -> None:
    answer = budgeted.post_json("/v1/simulations", {"games": 2, "seed": 1, "players": PLAYERS})
    assert answer.status == 200
    assert answer.json()["games"] == 2


def test_stream_past_its_time_budget_ends_with_an_error_line(budgeted: Server) -> None:
    started = time.monotonic()
    answer = budgeted.request(
        "POST",
        "/v1/simulations",
        json.dumps({"games": 100_000, "seed": 1, "players": PLAYERS}).encode(),
        {"Content-Type": "application/json", "Accept": "application/x-ndjson"},
    )
    took = time.monotonic() - started
    assert answer.status == 200
    lines = [json.loads(line) for line in answer.body.splitlines()]
    last = lines[-1]
    assert last["type"] == "error"
    assert last["status"] == 503
    games = [line for line in lines if line["type"] == "game"]
    assert last["next_game"] == len(games) >= 1
    assert [line["index"] for line in games] == list(range(len(games)))
    assert took < BUDGET_SECONDS + QUICK_SECONDS, took
    check_healthy(budgeted)
