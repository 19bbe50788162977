"""Answers an attacker cannot inflate: bounded 422s, fixed metric labels, no foreign Host."""

from __future__ import annotations

import json
import re

from flask import Flask

from .contract import ContractClient

SHOW = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
MIB = 1024 * 1024


def test_a_422_lists_100_errors_and_counts_the_rest(api: ContractClient) -> None:
    body = SHOW | {f"x{i}": i for i in range(5_000)}
    problem = api.post("/v1/hands/score", body).get_json()
    assert len(problem["errors"]) == 100
    assert problem["more_errors"] == 4_900
    assert "validation_stopped" not in problem
    assert "(and 4997 more)" in problem["detail"]


def test_unknown_fields_of_a_nested_object_are_bounded_too(api: ContractClient) -> None:
    body = {
        "games": 1,
        "players": [
            {"strategy": "random"} | {f"x{i}": i for i in range(1_000)},
            {"strategy": "random"},
        ],
    }
    problem = api.post("/v1/simulations", body).get_json()
    assert len(problem["errors"]) == 100
    assert problem["more_errors"] == 900
    assert all(e["pointer"].startswith("/players/0/x") for e in problem["errors"])


def test_a_batch_of_bad_hands_stops_validating_at_100_errors(api: ContractClient) -> None:
    hands = [{f"k{i}": 1 for i in range(25)} for _ in range(8_000)]
    raw = json.dumps({"hands": hands}).encode()
    assert len(raw) < 2 * MIB
    response = api.request(
        "POST", "/v1/hands/score-batch", data=raw, content_type="application/json"
    )
    assert response.status_code == 422
    problem = response.get_json()
    assert len(response.get_data()) < 20_000  # was 19.7 MB for 360,612 errors
    assert len(problem["errors"]) == 100
    assert problem["validation_stopped"] is True
    # Each hand has 27 errors (25 unknown fields, no hand, no starter): the fourth hand's take
    # the count to 108, past 100, and validation stops there, 7,996 hands unread.
    assert problem["more_errors"] == 8
    assert "(and at least 105 more)" in problem["detail"]
    assert {e["pointer"].split("/")[2] for e in problem["errors"]} == {"0", "1", "2", "3"}


def test_a_few_errors_are_all_listed_without_extra_fields(api: ContractClient) -> None:
    problem = api.post("/v1/hands/score", {"hand": ["3-3"], "x": 1}).get_json()
    assert len(problem["errors"]) == 3
    assert "more_errors" not in problem


def _samples(api: ContractClient, name: str) -> list[str]:
    text = api.get("/metrics").get_data(as_text=True)
    return [line for line in text.splitlines() if line.startswith(name + "{")]


def test_made_up_methods_share_one_label(app: Flask) -> None:
    client = app.test_client()
    for method in ("FOOBAR", "QWERTYUIOP", "BREW"):
        assert client.open("/v1/tiles", method=method).status_code == 405
    lines = "\n".join(_samples(ContractClient(app), "http_requests_total"))
    assert 'method="other",route="/v1/tiles",status="405"' in lines
    assert "FOOBAR" not in lines
    assert "BREW" not in lines


def test_a_405_is_counted_under_its_real_route(api: ContractClient) -> None:
    assert api.get("/v1/hands/score").status_code == 405
    lines = "\n".join(_samples(api, "http_requests_total"))
    # (the route does not serve GET: its method is "other", so no client can grow the labels)
    assert 'method="other",route="/v1/hands/score",status="405"' in lines


def test_a_foreign_host_is_refused(app: Flask) -> None:
    client = app.test_client()
    for host in ("evil.example", "localhost.evil.example", "127.0.0.2"):
        response = client.get("/v1/tiles", headers={"Host": host})
        assert response.status_code == 400, host
        assert response.mimetype == "application/problem+json"
    for host in ("localhost", "localhost:8000", "127.0.0.1:9", "[::1]:8080"):
        assert client.get("/v1/tiles", headers={"Host": host}).status_code == 200, host


def test_probes_answer_any_host(app: Flask) -> None:
    client = app.test_client()
    for path in ("/healthz", "/readyz", "/metrics"):
        assert client.get(path, headers={"Host": "10.1.2.3:8000"}).status_code == 200, path


def test_configured_hosts_and_the_wildcard() -> None:
    from scoring_api.app import create_app

    own = create_app({"TESTING": True, "SCORING_API_ALLOWED_HOSTS": "api.example.com,.example.org"})
    client = own.test_client()
    assert client.get("/v1/tiles", headers={"Host": "api.example.com"}).status_code == 200
    assert client.get("/v1/tiles", headers={"Host": "x.example.org"}).status_code == 200
    assert client.get("/v1/tiles", headers={"Host": "localhost"}).status_code == 400
    anyone = create_app({"TESTING": True, "SCORING_API_ALLOWED_HOSTS": "*"}).test_client()
    assert anyone.get("/v1/tiles", headers={"Host": "whatever.example"}).status_code == 200


def test_redirects_do_not_reflect_the_host(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/v1//tiles", headers={"Host": "localhost:8000"})
    assert response.status_code == 308
    assert response.headers["Location"] == "/v1/tiles"
    assert not re.match(r"^(https?:)?//", response.headers["Location"])
