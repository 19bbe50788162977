"""openapi.yaml itself: valid OpenAPI 3.1, examples that validate, every route described."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scoring_api.rules import HINT_CODES, REASON_CODES

from .contract import PAGES, SPEC, SPEC_PATH

_REGISTRY = Registry().with_resource(
    "urn:spec", Resource.from_contents(SPEC, default_specification=DRAFT202012)
)
METHODS = {"get", "post", "put", "patch", "delete", "options", "head"}


def test_spec_is_valid_openapi_31() -> None:
    document, _ = read_from_filename(str(SPEC_PATH))
    validate(document)
    assert SPEC["openapi"].startswith("3.1")
    # One server, this one: paths are written in full (openapi-core mis-matches relative
    # servers such as /v1), and Swagger UI's "Try it out" then calls the page's own origin.
    assert [server["url"] for server in SPEC["servers"]] == ["/"]
    assert SPEC["security"] == []  # no authentication: info.description says why
    assert "No authentication" in SPEC["info"]["description"]


def test_status_codes_are_quoted() -> None:
    text = SPEC_PATH.read_text()
    assert not re.search(r"^\s+\d{3}:", text, re.MULTILINE)


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _media_examples() -> Iterator[tuple[str, Any]]:
    """(JSON pointer of a media type's schema, example value) for every example in the spec."""

    def media(where: tuple[str, ...], content: dict[str, Any]) -> Iterator[tuple[str, Any]]:
        for media_type, item in content.items():
            schema_at = _pointer(*where, "content", media_type, "schema")
            for name, example in item.get("examples", {}).items():
                yield f"{schema_at} ({name})", example["value"]

    for path, path_item in SPEC["paths"].items():
        for method, operation in path_item.items():
            body = operation.get("requestBody", {})
            yield from media(("paths", path, method, "requestBody"), body.get("content", {}))
            for status, response in operation.get("responses", {}).items():
                where = ("paths", path, method, "responses", status)
                yield from media(where, response.get("content", {}))
    for name, response in SPEC["components"]["responses"].items():
        yield from media(("components", "responses", name), response.get("content", {}))


def _schema_examples() -> Iterator[tuple[str, Any]]:
    """``examples`` keywords inside component schemas (and their oneOf branches)."""
    for name, schema in SPEC["components"]["schemas"].items():
        for i, branch in enumerate([schema, *schema.get("oneOf", [])]):
            at = _pointer("components", "schemas", name, *(["oneOf", str(i - 1)] if i else []))
            for example in branch.get("examples", []):
                yield f"{at} ({example!r})", example


EXAMPLES = list(_media_examples()) + list(_schema_examples())


def test_spec_has_examples() -> None:
    assert len(EXAMPLES) >= 15


@pytest.mark.parametrize(("where", "example"), EXAMPLES, ids=[w for w, _ in EXAMPLES])
def test_every_example_validates(where: str, example: Any) -> None:
    pointer = where.split(" (")[0]
    validator = Draft202012Validator({"$ref": f"urn:spec#/{pointer}"}, registry=_REGISTRY)
    validator.validate(example)


def _flask_path(rule: str) -> str:
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def test_every_route_is_in_the_spec_and_back(app: Flask) -> None:
    served = {
        (_flask_path(rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint.split(".")[-1] != "static"  # files of pages, not API endpoints
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
    }
    # Pages for people (and their assets) are described once, in info.description.
    pages = {(page, "get") for page in PAGES} | {("/docs/{path}", "get")}
    assert pages <= served
    described = {(path, method) for path, method, _ in _operations()}
    assert served - pages == described
    for page in ("`/`", "`/docs`", "`/docs/`", "`/web/static/`"):
        assert page in SPEC["info"]["description"]


def test_cors_preflights_are_described_once_not_as_operations(app: Flask) -> None:
    assert not [path for path, method, _ in _operations() if method == "options"]
    assert "A preflight (`OPTIONS` on any `/v1`" in SPEC["info"]["description"]
    client = app.test_client()
    for path, method, _ in _operations():
        if path.startswith("/v1/"):  # CORS is for /v1: every path answers its preflight
            headers = {"Origin": "https://example.org", "Access-Control-Request-Method": "GET"}
            response = client.options(path, headers=headers)
            assert response.status_code == 204, path
            assert method.upper() in response.headers["Access-Control-Allow-Methods"]


def test_one_operation_id_per_operation() -> None:
    ids = [operation["operationId"] for _, _, operation in _operations()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][A-Za-z]+", name) for name in ids), ids


def test_operations_that_take_input_declare_their_4xx() -> None:
    # The GETs read no input, so they have no 4xx (tools/contract/.redocly.lint-ignore.yaml).
    for path, _, operation in _operations():
        if "requestBody" in operation or "parameters" in operation:
            assert {"400", "408", "413", "415", "422"} <= operation["responses"].keys(), path


def _response(response: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in response:
        found: dict[str, Any] = SPEC["components"]["responses"][response["$ref"].split("/")[-1]]
        return found
    return response


def test_every_response_declares_the_request_id() -> None:
    header = {"$ref": "#/components/headers/RequestId"}
    for path, _, operation in _operations():
        for status, response in operation["responses"].items():
            assert _response(response)["headers"]["X-Request-ID"] == header, (path, status)


def test_no_boolean_const() -> None:
    # openapi-python-client 0.29 writes `if go != Trueand ...` for an optional {const: true}:
    # write {type: boolean, enum: [true]} instead.
    assert not re.search(r"^[^#]*\bconst: (true|false)", SPEC_PATH.read_text(), re.MULTILINE)


def _unions(schema: Any, at: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(schema, dict):
        for i, branch in enumerate(schema.get("oneOf", []) + schema.get("anyOf", [])):
            yield f"{at}/oneOf/{i}", branch
        for key, value in schema.items():
            yield from _unions(value, f"{at}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _unions(value, f"{at}/{i}")


def test_union_branches_are_named() -> None:
    # An inline object or enum in a oneOf becomes PlayType0 or DealScoreWinnerType0 in a
    # generated client: name it as a component (with a title) and refer to it.
    for at, branch in _unions(SPEC, ""):
        inline = "$ref" not in branch and ("properties" in branch or "enum" in branch)
        assert not inline, at


@pytest.mark.parametrize(
    ("name", "codes"), [("ReasonCode", REASON_CODES), ("PlayHint", HINT_CODES)]
)
def test_the_refusal_codes_are_the_cores(name: str, codes: tuple[str, ...]) -> None:
    assert SPEC["components"]["schemas"][name]["enum"] == list(codes)
