"""marshmallow at the edge accepts exactly what openapi.yaml's JSON Schema accepts.

Bodies are valid examples with one part replaced, removed or added, using values where the
two are known to drift (2.0, true, "1", " 3-5", [3.0, 5], 121.0 ...).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from marshmallow import Schema, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scoring_api.api.hands import _fast_show, parse_shows
from scoring_api.api.problems import InvalidInput
from scoring_api.api.schemas import (
    BatchSchema,
    HandScoreSchema,
    PeggingSchema,
    ShowSchema,
    ValidatePlaySchema,
)

from .contract import SPEC

_REGISTRY = Registry().with_resource(
    "urn:spec", Resource.from_contents(SPEC, default_specification=DRAFT202012)
)


def spec_validator(name: str) -> Draft202012Validator:
    schema = {"$ref": f"urn:spec#/components/schemas/{name}"}
    return Draft202012Validator(schema, registry=_REGISTRY)


TRICKY = st.sampled_from(
    [
        0,
        1,
        2,
        4,
        6,
        7,
        -1,
        2.0,
        6.0,
        2.5,
        1e-42,
        61,
        121,
        121.0,
        100,
        101,
        True,
        False,
        None,
        "1",
        "true",
        "",
        "3-5",
        "5|3",
        "3-3",
        "0-6",
        " 3-5",
        "3-5\n",
        "3 - 5",
        "7-1",
        "3/5",
        [3, 5],
        [3.0, 5],
        [5, 3],
        [3, 5, 1],
        [True, 5],
        [],
        {},
        {"player": 0, "go": True},
        {"player": 1, "tile": "2-2"},
        {"player": 0, "go": False},
        {"hand": ["0-1", "0-2", "0-3", "0-4"], "starter": "0-5"},
        ["0-1", "0-2", "0-3", "0-4"],
        ["1-1", [1, 2], "1|3", "4-1"],
    ]
)

BASES: dict[str, tuple[type[Schema], dict[str, Any]]] = {
    "HandScoreRequest": (
        HandScoreSchema,
        {
            "hand": ["3-3", "1-5", "2-4", "0-3"],
            "starter": "0-6",
            "crib": False,
            "claimed": 12,
            "rules": {"target": 61, "starter_double_points": 1, "double_blank_in_fifteens": True},
        },
    ),
    "Show": (ShowSchema, {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}),
    "BatchRequest": (
        BatchSchema,
        {
            "hands": [{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}],
            "rules": {"target": 121},
        },
    ),
    "PeggingRequest": (
        PeggingSchema,
        {
            "plays": [{"player": 0, "tile": "3-4"}, {"player": 1, "go": True}],
            "dealer": 1,
            "hands": [["3-4", "4-4", "0-6", "2-2"], ["2-6", "1-6", "4-5", "3-3"]],
            "starter": "5-5",
            "rules": {"target": 61},
        },
    ),
    "ValidateRequest": (
        ValidatePlaySchema,
        {
            "plays": [{"player": 0, "tile": "1-4"}],
            "play": {"player": 1, "tile": "2-3"},
            "dealer": 1,
            "hand": ["2-3"],
            "starter": "6-6",
        },
    ),
}


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every object and array in ``value`` (where a part can change)."""
    found = [path] if isinstance(value, dict | list) else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += _containers(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _containers(child, (*path, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    body = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_containers(body)))
        target: Any = body
        for step in path:
            target = target[step]
        action = draw(st.sampled_from(["replace", "remove", "add"]))
        if isinstance(target, dict):
            key = draw(st.sampled_from([*target, "extra", "go", "tile", "player"]))
            if action == "remove":
                target.pop(key, None)
            else:
                target[key] = copy.deepcopy(draw(TRICKY))
        elif action == "add" or not target:
            target.append(copy.deepcopy(draw(TRICKY)))
        elif action == "remove":
            target.pop(draw(st.integers(0, len(target) - 1)))
        else:
            target[draw(st.integers(0, len(target) - 1))] = copy.deepcopy(draw(TRICKY))
    return body


def edge_accepts(schema: Schema, body: Any) -> bool:
    """Whether the edge takes the body; a repeated tile is the core's concern, not the spec's."""
    try:
        loaded = schema.load(body)
        if isinstance(schema, BatchSchema):
            parse_shows(loaded["hands"])
    except ValidationError:
        return False
    except InvalidInput as error:
        return all("appears twice" in detail for _, detail in error.errors)
    return True


@pytest.mark.parametrize("name", list(BASES))
def test_examples_are_accepted_by_both(name: str) -> None:
    schema_class, base = BASES[name]
    assert spec_validator(name).is_valid(base)
    assert edge_accepts(schema_class(), base)


@pytest.mark.parametrize("name", list(BASES))
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_edge_agrees_with_spec(name: str, data: st.DataObject) -> None:
    schema_class, base = BASES[name]
    body = data.draw(mutated(base))
    assert spec_validator(name).is_valid(body) == edge_accepts(schema_class(), body), body


@settings(max_examples=200, deadline=None, derandomize=True)
@given(item=mutated(BASES["Show"][1]))
def test_batch_fast_path_accepts_only_what_the_schema_accepts(item: dict[str, Any]) -> None:
    fast = _fast_show(item)
    if fast is not None:
        shown = ShowSchema().load(item)
        assert fast == (*shown["hand"], shown["starter"])
