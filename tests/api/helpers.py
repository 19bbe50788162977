"""What the HTTP tests share: the rule book's plays, simulation bodies and lines, the spec's
schemas as validators, and the edge-agreement mutations (tests never import test modules)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from marshmallow import Schema, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scoring_api.api.hands import parse_shows
from scoring_api.api.problems import InvalidInput
from scoring_api.api.schemas import BatchSchema

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


SIMULATE = "/v1/simulations"
NDJSON = {"Accept": "application/x-ndjson"}


LINE = spec_validator("SimulationLine")


def sim(games: int, seed: int = 42, *names: str, **extra: Any) -> dict[str, Any]:
    strategies = names or ("greedy", "random")
    return {
        "games": games,
        "seed": seed,
        "players": [{"strategy": name} for name in strategies],
        **extra,
    }


def lines_of(body: bytes) -> list[dict[str, Any]]:
    """Each NDJSON line parsed and checked against the spec's SimulationLine schema."""
    text = body.decode()
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    for line in lines:
        LINE.validate(line)
    return lines
