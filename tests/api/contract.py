"""A test client that checks every response against openapi.yaml with openapi-core."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from flask import Flask
from jsonschema import Draft202012Validator
from openapi_core import OpenAPI
from openapi_core.configurations import Config
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
SPEC: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_bytes())
PROBLEM = "application/problem+json"


TEXT_TYPES = (
    "text/plain",
    "text/html",
    "text/css",
    "text/javascript",
    "application/x-ndjson",  # a string to the spec; tests check each line's JSON themselves
)


def _json_bytes(data: bytes | str, **_: Any) -> Any:
    return json.loads(data)


def _text(data: bytes | str, **_: Any) -> str:
    return data.decode() if isinstance(data, bytes) else data


def _yaml(data: bytes | str, **_: Any) -> Any:
    return yaml.safe_load(data)


_OPENAPI = OpenAPI.from_dict(
    SPEC,
    config=Config(
        extra_media_type_deserializers={PROBLEM: _json_bytes, "application/yaml": _yaml}
        | dict.fromkeys(TEXT_TYPES, _text)
    ),
)
_PROBLEM_SCHEMA = Draft202012Validator(
    {"$ref": "urn:spec#/components/schemas/Problem"},  # it refers to FieldError, ReasonCode
    registry=Registry().with_resource(
        "urn:spec", Resource.from_contents(SPEC, default_specification=DRAFT202012)
    ),
)

# Pages for people, not operations: the spec describes them once, in info.description.
PAGES = ("/", "/docs", "/docs/")
PAGE_ASSETS = ("/docs/", "/web/static/")
PAGE_TYPES = (*TEXT_TYPES, "image/png", "image/svg+xml", "application/octet-stream")


def is_page(path: str) -> bool:
    return path in PAGES or path.startswith(PAGE_ASSETS)


class ContractClient:
    """Sends requests through Flask's test client and validates each answer against the spec.

    Answers for paths or methods the spec does not list (404, 405) must still be problems;
    a page (``is_page``) answers a page or a problem, and a /v1 preflight a 204.
    """

    def __init__(self, app: Flask) -> None:
        self._client = app.test_client()

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        data: bytes | str | None = None,
        content_type: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> TestResponse:
        if json_body is not None:
            data, content_type = json.dumps(json_body), content_type or "application/json"
        raw = data.encode() if isinstance(data, str) else data
        response = self._client.open(
            path, method=method, data=raw, content_type=content_type, headers=headers
        )
        response.get_data()  # buffer the body, so closing releases a file being served
        response.close()
        self._check(method, path, raw, content_type, response)
        return response

    def post(self, path: str, body: Any = None, **kwargs: Any) -> TestResponse:
        return self.request("POST", path, json_body=body, **kwargs)

    def get(self, path: str, **kwargs: Any) -> TestResponse:
        return self.request("GET", path, **kwargs)

    @staticmethod
    def _check(
        method: str,
        path: str,
        raw: bytes | None,
        content_type: str | None,
        response: TestResponse,
    ) -> None:
        assert response.status_code < 500, response.get_data(as_text=True)
        request = MockRequest(
            "http://localhost",
            method.lower(),
            path,
            data=raw,
            content_type=content_type or "application/json",
        )
        mock = MockResponse(
            response.get_data(),
            status_code=response.status_code,
            headers=dict(response.headers),
            content_type=response.mimetype,
        )
        try:
            _OPENAPI.validate_response(request, mock)
        except (PathNotFound, OperationNotFound):
            if method == "OPTIONS" and path.startswith("/v1/") and response.status_code == 204:
                # A CORS preflight, as info.description describes it (not an operation).
                assert response.get_data() == b""
                assert response.headers["Access-Control-Allow-Origin"] == "*"
                assert response.headers["Access-Control-Max-Age"] == "600"
                return
            if is_page(path) and method == "GET" and response.status_code == 200:
                assert response.mimetype in PAGE_TYPES, response.mimetype
                return
            assert response.mimetype == PROBLEM
            _PROBLEM_SCHEMA.validate(response.get_json())


def problem_of(response: TestResponse, status: int) -> dict[str, Any]:
    """The problem document of an error answer, after the checks every problem must pass."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.get_json()
    assert body["status"] == status
    assert {"type", "title", "detail"} <= body.keys()
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def pointers(body: dict[str, Any]) -> list[str]:
    return [error["pointer"] for error in body["errors"]]
