"""What an operator reads: process and build metrics, in-flight and domain counters, stream
log lines with their real duration."""

from __future__ import annotations

import io
import json
import logging
import os
import re
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask

from scoring_api.api.observability import request_log
from scoring_api.app import create_app

from .contract import ContractClient

SHOW = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
HAND = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
GAMES = {"games": 3, "seed": 1, "players": [{"strategy": "random"}, {"strategy": "random"}]}


def _value(text: str, sample: str) -> float:
    match = re.search(rf"^{re.escape(sample)} (\S+)$", text, re.MULTILINE)
    assert match, f"{sample} not in the scrape"
    return float(match.group(1))


def test_process_and_build_metrics(api: ContractClient) -> None:
    text = api.get("/metrics").get_data(as_text=True)
    labels = f'{{pid="{os.getpid()}",role="single"}}'
    assert _value(text, f"process_resident_memory_bytes{labels}") > 10_000_000
    assert _value(text, f"process_open_fds{labels}") >= 3
    assert _value(text, f"process_cpu_seconds_total{labels}") > 0
    assert abs(_value(text, f"process_start_time_seconds{labels}") - time.time()) < 86_400
    assert re.search(r'^scoring_api_build_info\{.*version="0\.1\.0".*\} 1\.0$', text, re.MULTILINE)
    assert text.count("# TYPE process_resident_memory_bytes ") == 1


def test_domain_counters_count_hands_and_games(api: ContractClient) -> None:
    before = api.get("/metrics").get_data(as_text=True)
    api.post("/v1/hands/score", SHOW)
    api.post("/v1/hands/score-batch", {"hands": [SHOW, SHOW, SHOW]})
    api.post("/v1/simulations", GAMES)
    after = api.get("/metrics").get_data(as_text=True)
    assert _value(after, "hands_scored_total") - _value(before, "hands_scored_total") == 4
    assert _value(after, "games_simulated_total") - _value(before, "games_simulated_total") == 3


def test_latency_buckets_reach_the_longest_request(api: ContractClient) -> None:
    text = api.get("/metrics").get_data(as_text=True)
    assert 'le="600.0"' in text
    assert "http_requests_in_flight" in text


@contextmanager
def _log_lines() -> Iterator[list[dict[str, object]]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.getLogger("scoring_api").handlers[0].formatter)
    request_log.addHandler(handler)
    lines: list[dict[str, object]] = []
    try:
        yield lines
    finally:
        request_log.removeHandler(handler)
        lines.extend(json.loads(line) for line in stream.getvalue().splitlines())


def test_a_stream_is_logged_when_it_ends_with_its_real_duration(app: Flask) -> None:
    client = app.test_client()
    before = time.time()
    with _log_lines() as lines:
        response = client.post(
            "/v1/simulations",
            json=GAMES | {"games": 40},
            headers={"Accept": "application/x-ndjson"},
        )
        assert lines == [] or all(line.get("path") != "/v1/simulations" for line in lines)
        body = response.get_data()
        response.close()
    (line,) = [line for line in lines if line["path"] == "/v1/simulations"]
    assert line["stream"] is True
    assert line["completed"] is True
    assert line["bytes"] == len(body)
    assert line["games_played"] == 40
    assert "stopped" not in line
    slot = line["slot"]
    assert isinstance(slot, dict)
    assert slot["pool"] == "simulations"
    assert before <= slot["taken_at"] <= slot["freed_at"] <= time.time()


def test_only_admitted_work_logs_the_slot_it_held(app: Flask) -> None:
    client = app.test_client()
    with _log_lines() as lines:
        assert client.post("/v1/hands/score", json=HAND).status_code == 200
    (line,) = [line for line in lines if line["path"] == "/v1/hands/score"]
    assert "slot" not in line


def test_a_stream_cut_off_is_logged_as_not_completed(app: Flask) -> None:
    client = app.test_client()
    with _log_lines() as lines:
        response = client.post(
            "/v1/simulations",
            json=GAMES | {"games": 2_000},
            headers={"Accept": "application/x-ndjson"},
            buffered=False,
        )
        chunks = iter(response.response)
        first = next(chunks)
        time.sleep(0.2)
        response.close()  # the client goes away after the first chunk
    (line,) = [line for line in lines if line["path"] == "/v1/simulations"]
    assert line["completed"] is False
    assert line["bytes"] == len(first)
    assert isinstance(line["duration_ms"], float)
    assert line["duration_ms"] >= 200


@pytest.mark.parametrize(
    "extra",
    [{}, {"games": 100, "transcripts": True}, {"lines": "shards"}],
    ids=["game lines", "game lines with transcripts", "shard lines"],
)
def test_a_stream_whose_client_left_is_logged_cut_with_the_games_it_played(
    extra: dict[str, object],
) -> None:
    # Shards of about 0.05 s (the shortest): the client leaves after the first one's lines.
    app = create_app({"TESTING": True, "SCORING_API_SHARD_SECONDS": 0.001})
    server_side, client_side = socket.socketpair()
    with _log_lines() as lines, server_side:
        response = app.test_client().post(
            "/v1/simulations",
            json=GAMES | {"games": 2_000} | extra,
            headers={"Accept": "application/x-ndjson"},
            buffered=False,
            environ_overrides={"gunicorn.socket": server_side},
        )
        chunks = iter(response.response)
        first = [json.loads(line) for line in next(chunks).splitlines()]
        client_side.close()
        assert b"".join(chunks) == b""  # seen before the next shard: no more lines
        response.close()
    (line,) = [line for line in lines if line["path"] == "/v1/simulations"]
    sent = sum(row["games"] for row in first) if "lines" in extra else len(first)
    assert 1 <= sent < 2_000
    assert line["status"] == 200
    assert line["completed"] is False
    assert line["stopped"] == "gone"
    assert line["games_played"] == sent
