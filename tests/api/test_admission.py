"""Admission control (a cap on simulations at once) and per-client rate limits."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

from flask import Flask
from live_server import UNLIMITED

from scoring_api.api import admission
from scoring_api.api.admission_slots import Holder, LocalSlots, Refusal, Why, release
from scoring_api.app import create_app

from .contract import SPEC, ContractClient

HAND = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
GAME = {"games": 1, "players": [{"strategy": "random"}, {"strategy": "random"}]}
STREAM = {"Accept": "application/x-ndjson"}


def _capped(cap: int) -> Flask:
    return create_app({"TESTING": True, **UNLIMITED, "SCORING_API_MAX_SIMULATIONS": cap})


def _hold(pool: admission.Pool, cap: int, client: str = "10.0.0.9", until: float = 0.0) -> int:
    """A slot of ``pool`` held on this machine, as another worker's request would: its fd."""
    held = LocalSlots(admission.slots_dir(pool)).take(cap, Holder(client, until), 0)
    assert not isinstance(held, Refusal)
    return held


def test_a_simulation_past_the_cap_is_a_503_with_retry_after() -> None:
    api = _capped(1).test_client()  # (the contract client refuses any 5xx)
    held = _hold(admission.SIMULATIONS, 1)  # another worker's simulation, say
    try:
        response = api.post("/v1/simulations", json=GAME)
        assert response.status_code == 503
        assert int(response.headers["Retry-After"]) >= 1
        assert "at once" in response.get_json()["detail"]
        # Scoring does not wait for a slot.
        hand = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
        assert api.post("/v1/hands/score", json=hand).status_code == 200
    finally:
        release(held)
    assert api.post("/v1/simulations", json=GAME).status_code == 200


def test_a_json_answer_frees_its_slot_and_a_stream_holds_it_until_it_ends() -> None:
    client = _capped(1).test_client()
    for _ in range(3):
        assert client.post("/v1/simulations", json=GAME).status_code == 200
    stream = client.post("/v1/simulations", json=GAME, headers=STREAM)
    assert stream.status_code == 200
    assert client.post("/v1/simulations", json=GAME).status_code == 503  # still streaming
    stream.close()  # the client went away
    assert client.post("/v1/simulations", json=GAME).status_code == 200
    done = client.post("/v1/simulations", json=GAME, headers=STREAM)
    assert done.get_data().count(b"\n") == 2  # read to its end: the slot is free again
    assert client.post("/v1/simulations", json=GAME).status_code == 200


def test_a_bad_request_is_a_422_whatever_the_load() -> None:
    client = _capped(1).test_client()
    held = _hold(admission.SIMULATIONS, 1)
    try:
        assert client.post("/v1/simulations", json={"games": 1}).status_code == 422
    finally:
        release(held)


def test_slots_are_shared_by_processes_and_freed_when_one_dies(tmp_path: object) -> None:
    """Another process holds the only slot; once it is killed the slot is free at once."""
    directory = str(tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                """
                import sys, time
                from scoring_api.api import admission
                from scoring_api.api.admission_slots import Holder, LocalSlots
                slots = LocalSlots(admission.slots_dir(admission.SIMULATIONS))
                assert isinstance(slots.take(1, Holder("a", 0), 0), int)
                print("held", flush=True)
                time.sleep(60)
                """
            ),
        ],
        env={**os.environ, "PROMETHEUS_MULTIPROC_DIR": directory},
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == b"held\n"
        old = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
        try:
            slots = LocalSlots(admission.slots_dir(admission.SIMULATIONS))
            assert slots.take(1, Holder("b", 0), 0) == Refusal(Why.FULL, (0.0,))
            fd = slots.take(2, Holder("b", 0), 0)
            assert isinstance(fd, int)
            release(fd)
            holder.kill()
            holder.wait(timeout=10)
            fd = slots.take(1, Holder("b", 0), 0)
            assert isinstance(fd, int)
            release(fd)
        finally:
            if old is None:
                del os.environ["PROMETHEUS_MULTIPROC_DIR"]
            else:
                os.environ["PROMETHEUS_MULTIPROC_DIR"] = old
    finally:
        holder.kill()
        holder.wait(timeout=10)
        if holder.stdout is not None:
            holder.stdout.close()


def _limited(**rates: str) -> Flask:
    return create_app({"TESTING": True, **UNLIMITED, **rates})


def test_a_client_over_its_rate_gets_429_and_another_client_does_not() -> None:
    api = ContractClient(_limited(SCORING_API_ADVICE_RATE="3/minute"))
    body = {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": True}
    statuses = [api.post("/v1/discards/advise", body).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    client = _limited(SCORING_API_ADVICE_RATE="3/minute").test_client()
    for _ in range(3):
        client.post("/v1/discards/advise", json=body)
    over = client.post("/v1/discards/advise", json=body)
    assert over.status_code == 429
    assert over.mimetype == "application/problem+json"
    assert 1 <= int(over.headers["Retry-After"]) <= 61
    assert "3 per 1 minute" in over.get_json()["detail"]
    other = client.post("/v1/discards/advise", json=body, environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert other.status_code == 200
    # Cheap endpoints are not limited.
    for _ in range(10):
        assert client.get("/v1/tiles").status_code == 200


def test_each_expensive_endpoint_has_its_own_limit() -> None:
    client = _limited(SCORING_API_SIMULATION_RATE="1/minute", SCORING_API_BATCH_RATE="1/minute")
    client = client.test_client()
    batch = {"hands": [{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}]}
    assert client.post("/v1/simulations", json=GAME).status_code == 200
    assert client.post("/v1/simulations", json=GAME).status_code == 429
    assert client.post("/v1/hands/score-batch", json=batch).status_code == 200
    assert client.post("/v1/hands/score-batch", json=batch).status_code == 429


def test_forwarded_for_is_ignored_unless_a_proxy_is_trusted() -> None:
    direct = _limited(SCORING_API_ADVICE_RATE="1/minute").test_client()
    body = {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": True}
    assert direct.post("/v1/discards/advise", json=body).status_code == 200
    forged = {"X-Forwarded-For": "203.0.113.9"}
    assert direct.post("/v1/discards/advise", json=body, headers=forged).status_code == 429
    proxied = create_app(
        {
            "TESTING": True,
            **UNLIMITED,
            "SCORING_API_ADVICE_RATE": "1/minute",
            "SCORING_API_PROXIES": 1,
        }
    ).test_client()
    for address in ("203.0.113.1", "203.0.113.2"):
        headers = {"X-Forwarded-For": address}
        assert proxied.post("/v1/discards/advise", json=body, headers=headers).status_code == 200
    headers = {"X-Forwarded-For": "203.0.113.1"}
    assert proxied.post("/v1/discards/advise", json=body, headers=headers).status_code == 429


def test_a_store_that_fails_falls_back_to_counting_in_memory() -> None:
    # Nothing listens on 127.0.0.1:1: each worker then counts alone, it does not fail.
    client = _limited(
        SCORING_API_ADVICE_RATE="2/minute", SCORING_API_RATE_STORE="redis://127.0.0.1:1"
    ).test_client()
    body = {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": True}
    statuses = [client.post("/v1/discards/advise", json=body).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


REVIEW = {
    **SPEC["paths"]["/v1/deals/review"]["post"]["requestBody"]["content"]["application/json"][
        "examples"
    ]["threePlayersOneSeat"]["value"],
    "playouts": 10,
}
ADVICE = {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": True}
MOVE = {
    **SPEC["paths"]["/v1/plays/advise"]["post"]["requestBody"]["content"]["application/json"][
        "examples"
    ]["afterFifteen"]["value"],
    "playouts": 10,
}


def test_expensive_answers_are_admitted_like_simulations() -> None:
    """Issue 40, item 3: reviews and advice hold slots of their own pool, a client its
    share of them; past either a 503 whose Retry-After is the nearest slot's label."""
    app = create_app(
        {
            "TESTING": True,
            **UNLIMITED,
            "SCORING_API_MAX_ANSWERS": 2,
            "SCORING_API_CLIENT_ANSWERS": 1,
        }
    )
    api = app.test_client()  # 127.0.0.1
    other = {"REMOTE_ADDR": "10.0.0.2"}
    assert api.post("/v1/deals/review", json=REVIEW).status_code == 200
    own = _hold(admission.ANSWERS, 2, "127.0.0.1", time.time() + 7)  # its review elsewhere
    try:
        for path, body in (
            ("/v1/deals/review", REVIEW),
            ("/v1/discards/advise", ADVICE),
            ("/v1/plays/advise", MOVE),  # issue 41: the computer's move opts in too
        ):
            refused = api.post(path, json=body)
            assert refused.status_code == 503, path
            assert 6 <= int(refused.headers["Retry-After"]) <= 7
            assert "its 1 expensive answers" in refused.get_json()["detail"]
        assert api.post("/v1/deals/review", json={"hands": []}).status_code == 422
        assert api.post("/v1/hands/score", json=HAND).status_code == 200  # not admitted
        assert api.post("/v1/deals/review", json=REVIEW, environ_base=other).status_code == 200
        third = _hold(admission.ANSWERS, 2, "10.0.0.3", time.time() + 3)
        try:
            full = api.post("/v1/discards/advise", json=ADVICE, environ_base=other)
            assert full.status_code == 503
            assert 2 <= int(full.headers["Retry-After"]) <= 3  # the nearest of all slots
            assert (
                "running its 2 expensive answers (reviews, advice, games) at once"
                in full.get_json()["detail"]
            )
        finally:
            release(third)
    finally:
        release(own)
    assert api.post("/v1/discards/advise", json=ADVICE).status_code == 200
    assert admission.ANSWERS.expected_seconds() > 0  # measured: the next labels say it


def test_whole_games_are_admitted_as_expensive_answers() -> None:
    """Issue 42: a game refereed (its chances of three and four sides are play-outs) and a
    game reviewed hold a slot of the answers' pool; the chance from a position does not."""
    app = create_app({"TESTING": True, **UNLIMITED, "SCORING_API_MAX_ANSWERS": 1})
    api = app.test_client()
    examples = SPEC["paths"]["/v1/games/score"]["post"]["requestBody"]["content"]
    record = examples["application/json"]["examples"]["inProgress"]["value"]
    held = _hold(admission.ANSWERS, 1, "10.0.0.4", time.time() + 5)
    try:
        for path in ("/v1/games/score", "/v1/games/review"):
            refused = api.post(path, json=record)
            assert refused.status_code == 503, path
            assert 4 <= int(refused.headers["Retry-After"]) <= 5
        assert api.post("/v1/games/review", json={**record, "version": 2}).status_code == 422
        chance = api.post("/v1/games/win-probability", json={"scores": [1, 2], "dealer": 0})
        assert chance.status_code == 200
    finally:
        release(held)
    assert api.post("/v1/games/score", json=record).status_code == 200
