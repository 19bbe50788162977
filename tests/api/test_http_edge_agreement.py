"""marshmallow at the edge accepts exactly what openapi.yaml's JSON Schema accepts.

Bodies are valid examples with one part replaced, removed or added, using values where the
two are known to drift (2.0, true, "1", " 3-5", [3.0, 5], 121.0 ...).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema

from scoring_api.api.hands import _fast_show
from scoring_api.api.schemas import (
    BatchSchema,
    DealSchema,
    HandScoreSchema,
    PeggingSchema,
    ShowSchema,
    ValidatePlaySchema,
)

from .helpers import edge_accepts, mutated, spec_validator

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
    "DealRequest": (
        DealSchema,
        {
            "dealer": 1,
            "scores": [10, 20],
            "starter": "5-5",
            "hands": [["3-4", "4-4", "0-6", "2-2"], ["2-6", "1-6", "4-5", "3-3"]],
            "crib": ["0-0", "0-1", "0-2", "1-1"],
            "plays": [{"player": 0, "tile": "3-4"}],
            "claims": {"hands": [None, 8], "crib": 4},
        },
    ),
}


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
