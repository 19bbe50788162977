"""What the reliability tests share: the Problem schema's check, a health check, a POST."""

from __future__ import annotations

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
