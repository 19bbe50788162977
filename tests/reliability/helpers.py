"""What the reliability tests share: the Problem schema's check, a health check, a POST,
the costliest review."""

from __future__ import annotations

import http.client
import json
import urllib.request
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from live_server import ROOT, VALID_HAND, Answer, Server
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_bytes())
PROBLEM = Draft202012Validator(
    {"$ref": "urn:spec#/components/schemas/Problem"},  # it refers to FieldError, ReasonCode
    registry=Registry().with_resource(
        "urn:spec", Resource.from_contents(SPEC, default_specification=DRAFT202012)
    ),
)
QUICK_SECONDS = 5.0  # "quickly" on a shared, noisy 2-core machine: typical answers take ms


def check_problem(answer: Answer, status: int) -> dict[str, Any]:
    assert answer.status == status, answer.body[:500]
    assert answer.mimetype == "application/problem+json"
    problem: dict[str, Any] = answer.json()
    PROBLEM.validate(problem)
    assert problem["status"] == status
    assert b"Traceback" not in answer.body
    return problem


def check_healthy(server: Server) -> None:
    """Liveness, and a real request still scores the 24 points of docs/rules.md section 6."""
    assert server.request("GET", "/healthz").json() == {"status": "ok"}
    answer = server.post_json("/v1/hands/score", VALID_HAND)
    assert answer.status == 200
    assert answer.json()["total"] == 24


def post(base: str, body: dict[str, object], accept: str) -> bytes:
    request = urllib.request.Request(
        f"{base}/v1/simulations",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept": accept},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.status == 200
        answer: bytes = response.read()
        return answer


def four_player_review(server: Server) -> dict[str, Any]:
    """A whole four-player deal of a simulated game, as the review takes it, at 3000
    play-outs (about 0.6 s of CPU here: the costliest review there is, give or take)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    body = {"games": 1, "seed": 5, "transcripts": True, "rules": {"players": 4}}
    body["players"] = [{"strategy": "expected"}] * 4
    conn.request("POST", "/v1/simulations", json.dumps(body), {"Content-Type": "application/json"})
    deal = json.loads(conn.getresponse().read())["transcripts"][0]["transcript"][0]
    conn.close()

    def entry(play: dict[str, Any]) -> dict[str, Any]:
        if "tile" in play:
            return {"player": play["player"], "tile": play["tile"]}
        return {"player": play["player"], "go": True}

    return {
        "rules": {"players": 4},
        "dealer": deal["dealer"],
        "scores": [0, 0, 0, 0],
        "starter": deal["starter"],
        "drawn": deal["hands"],
        "hands": [
            [tile for tile in drawn if tile not in away]
            for drawn, away in zip(deal["hands"], deal["discards"], strict=True)
        ],
        "crib": [tile for away in deal["discards"] for tile in away] + deal.get("blind", []),
        "plays": [entry(play) for play in deal["plays"]],
        "playouts": 3000,
    }
