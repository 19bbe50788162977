"""The hand-written OpenAPI document, as the service serves it."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml

# An installed wheel carries the spec inside the package (see pyproject.toml); a source
# checkout (editable install, tests) reads the canonical top-level file.
_PACKAGED = files("scoring_api").joinpath("openapi.yaml")
_CHECKOUT = Path(__file__).resolve().parents[2] / "openapi.yaml"


@cache
def spec_bytes() -> bytes:
    if _PACKAGED.is_file():
        return _PACKAGED.read_bytes()
    return _CHECKOUT.read_bytes()


@cache
def spec_dict() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(spec_bytes())
    return document


@cache
def spec_json() -> str:
    return json.dumps(spec_dict(), indent=2)
