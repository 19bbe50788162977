"""Work limits, on the real service: no single request holds a worker for long.

- body size: 2 MiB (413), with or without Content-Length (tests/reliability/
  test_hostile_bodies.py sends 10 MB both ways);
- list lengths: 10,000 hands, 32 plays (422, same file);
- games per simulation: SCORING_API_MAX_GAMES (422 before anything is played);
- time: SCORING_API_JSON_SECONDS (a JSON answer past it is a 503 problem),
  SCORING_API_STREAM_SECONDS (a stream past it ends with an error line) and
  SCORING_API_BODY_SECONDS (a body trickled in slower than that is a 408 problem, so slow
  clients cannot take every worker thread).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from live_server import VALID_HAND, Answer, Server, serve

from .helpers import QUICK_SECONDS, check_healthy, check_problem

PLAYERS = [{"strategy": "expected"}, {"strategy": "expected"}]
BUDGET_SECONDS = 2.0
BODY_SECONDS = 1.0
WORKERS, THREADS = 2, 4  # gunicorn.conf.py's default threads per worker


@pytest.fixture(scope="module")
def budgeted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The default cap on games (100,000, minutes of play) and 2 s time budgets.

    Runs are played inline in shards of about 0.05 s (50 games at first): the budget is
    asked before each shard, the first too, when it cannot have run out yet, so a run past
    its budget has played at least one shard however busy the machine is. (On the embedded
    cluster, its start and a first shard may take longer than 2 s on a loaded machine.)
    """
    env = {
        "SCORING_API_JSON_SECONDS": str(BUDGET_SECONDS),
        "SCORING_API_STREAM_SECONDS": str(BUDGET_SECONDS),
        "SCORING_API_BODY_SECONDS": str(BODY_SECONDS),
        "SCORING_API_SCHEDULER": "off",
        "SCORING_API_SHARD_SECONDS": "0.05",
    }
    log = tmp_path_factory.mktemp("gunicorn") / "budgeted.log"
    with serve(log, workers=WORKERS, env=env) as server:
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
    quick = [{"strategy": "greedy"}, {"strategy": "greedy"}]  # about 2 ms a game
    answer = budgeted.post_json("/v1/simulations", {"games": 2, "seed": 1, "players": quick})
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


def trickle(server: Server, chunked: bool, seconds: float) -> Answer:
    """Send a hand of docs/rules.md section 6 a byte at a time, 0.2 s apart, for ``seconds``."""
    body = json.dumps(VALID_HAND).encode()
    framing = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % len(body)
    with socket.create_connection(("127.0.0.1", server.port), timeout=seconds + 30) as sock:
        sock.sendall(
            b"POST /v1/hands/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\n" + framing + b"\r\n\r\n"
        )
        answer = b""
        until = time.monotonic() + seconds
        for byte in body:
            if time.monotonic() > until:
                break
            piece = bytes([byte])
            try:
                sock.sendall(b"1\r\n" + piece + b"\r\n" if chunked else piece)
            except OSError:
                break
            sock.settimeout(0.2)
            try:
                answer = sock.recv(65536)
            except TimeoutError:
                continue
            finally:
                sock.settimeout(seconds + 30)
            break
        while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
            more = sock.recv(65536)
            if not more:
                break
            answer += more
    head, _, payload = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return Answer(int(lines[0].split()[1]), headers, payload)


@pytest.mark.parametrize("chunked", [False, True])
def test_a_trickled_body_is_cut_off_with_408(budgeted: Server, chunked: bool) -> None:
    started = time.monotonic()
    answer = trickle(budgeted, chunked, seconds=30)
    took = time.monotonic() - started
    problem = check_problem(answer, 408)
    assert f"{BODY_SECONDS:g} s" in problem["detail"]
    assert took < BODY_SECONDS + QUICK_SECONDS, took  # the whole body would take 11 s
    check_healthy(budgeted)


def test_slow_clients_cannot_take_every_worker_thread(budgeted: Server) -> None:
    """More tricklers than threads in all workers; a normal request is still answered."""
    tricklers = [
        threading.Thread(target=trickle, args=(budgeted, n % 2 == 0, 30))
        for n in range(WORKERS * THREADS + 2)
    ]
    for client in tricklers:
        client.start()
    time.sleep(0.5)
    started = time.monotonic()
    answer = budgeted.post_json("/v1/hands/score", VALID_HAND, timeout=60)
    took = time.monotonic() - started
    for client in tricklers:
        client.join(timeout=60)
    assert answer.status == 200
    assert answer.json()["total"] == 24
    assert took < BODY_SECONDS + QUICK_SECONDS, took
