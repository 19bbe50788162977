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

from .contract import SPEC, SPEC_PATH

_REGISTRY = Registry().with_resource(
    "urn:spec", Resource.from_contents(SPEC, default_specification=DRAFT202012)
)
METHODS = {"get", "post", "put", "patch", "delete", "options", "head"}


def test_spec_is_valid_openapi_31() -> None:
    document, _ = read_from_filename(str(SPEC_PATH))
    validate(document)
    assert SPEC["openapi"].startswith("3.1")
    assert "servers" not in SPEC  # full paths: openapi-core mis-matches relative servers


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


def test_every_route_is_in_the_spec_and_back(app: Flask) -> None:
    served = {
        (_flask_path(rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.endpoint.split(".")[-1] != "static"  # files of pages, not API endpoints
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
    }
    served.discard(("/docs/", "get"))  # the same page as /docs
    described = {
        (path, method)
        for path, item in SPEC["paths"].items()
        for method in item
        if method in METHODS - {"options"}
    }
    assert served == described
    preflight = {path for path, item in SPEC["paths"].items() if "options" in item}
    assert preflight == {path for path, _ in described if path.startswith("/v1/")}
