"""Operations: health, readiness, metrics, the served spec, docs, request IDs, CORS, logs."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest
import yaml

from scoring_api.api.observability import request_log

from .contract import SPEC, SPEC_PATH, ContractClient

SHOW = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}


def test_healthz_and_readyz(api: ContractClient) -> None:
    assert api.get("/healthz").get_json() == {"status": "ok"}
    ready = api.get("/readyz").get_json()
    assert ready["status"] == "ready"
    assert all(ready["checks"].values())


def test_served_yaml_is_byte_equal_to_the_top_level_file(api: ContractClient) -> None:
    response = api.get("/openapi.yaml")
    assert response.get_data() == SPEC_PATH.read_bytes()
    assert yaml.safe_load(response.get_data()) == SPEC


def test_served_json_is_the_same_document(api: ContractClient) -> None:
    assert api.get("/openapi.json").get_json() == SPEC


def test_metrics_count_requests_by_route_template(api: ContractClient) -> None:
    api.post("/v1/hands/score", SHOW)
    api.get("/no/such/page")
    text = api.get("/metrics").get_data(as_text=True)
    assert 'route="/v1/hands/score"' in text
    assert 'route="<unmatched>"' in text
    assert "http_request_duration_seconds_bucket" in text
    assert "/no/such/page" not in text


def test_docs_page_works_offline(api: ContractClient) -> None:
    for path in ("/docs", "/docs/"):
        page = api.get(path).get_data(as_text=True)
        assert '"validatorUrl": null' in page
        assert '"url": "/openapi.json"' in page
        assets = re.findall(r'(?:src|href)="([^"]+)"', page)
        assert "/docs/swagger-ui-bundle.js" in assets
        assert all(asset.startswith("/docs/") for asset in assets), assets
        assert "https://" not in page
    bundle = api.get("/docs/swagger-ui-bundle.js")
    assert bundle.status_code == 200
    assert len(bundle.get_data()) > 100_000
    assert api.get("/docs/swagger-ui.css").mimetype == "text/css"
    assert api.get("/docs/no-such-asset.js").status_code == 404


@pytest.mark.parametrize(
    ("offered", "kept"),
    [("abc-123_X.y", True), ("bad id;<script>", False), ("x" * 129, False), ("", False)],
)
def test_request_id(api: ContractClient, offered: str, kept: bool) -> None:
    response = api.request("GET", "/healthz", headers={"X-Request-ID": offered})
    answered = response.headers["X-Request-ID"]
    assert (answered == offered) is kept
    assert 1 <= len(answered) <= 128


def test_request_id_on_errors_too(api: ContractClient) -> None:
    response = api.request("GET", "/nowhere", headers={"X-Request-ID": "trace-1"})
    assert response.headers["X-Request-ID"] == "trace-1"


def test_cors_on_the_api_only(api: ContractClient) -> None:
    assert api.post("/v1/hands/score", SHOW).headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Origin" not in api.get("/healthz").headers


def test_cors_preflight(api: ContractClient) -> None:
    response = api.request(
        "OPTIONS",
        "/v1/hands/score",
        headers={"Origin": "https://example.org", "Access-Control-Request-Method": "POST"},
    )
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in response.headers["Access-Control-Allow-Headers"]
    assert "Content-Type" not in response.headers


def test_one_json_log_line_per_request(api: ContractClient) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.getLogger("scoring_api").handlers[0].formatter)
    request_log.addHandler(handler)
    try:
        api.request("POST", "/v1/hands/score", json_body=SHOW, headers={"X-Request-ID": "log-1"})
    finally:
        request_log.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["request_id"] == "log-1"
    assert record["route"] == "/v1/hands/score"
    assert record["status"] == 200
    assert record["duration_ms"] >= 0
