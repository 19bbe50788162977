"""Property-based contract test: schemathesis drives the app in-process (WSGI).

Configuration (seed, examples per operation, the 422s JSON Schema cannot rule out) is in
the top-level schemathesis.toml. Checks: no 5xx, every answer in the spec (status, content
type, headers, body), schema-valid requests accepted, schema-invalid ones rejected.
"""

from __future__ import annotations

from pathlib import Path

import schemathesis
from live_server import UNLIMITED
from schemathesis.config import SchemathesisConfig

from scoring_api.app import create_app

ROOT = Path(__file__).resolve().parents[2]

schema = schemathesis.openapi.from_wsgi(
    "/openapi.json",
    # A tiny cap on games keeps generated simulations fast; above it they are 422s.
    create_app(
        {
            "TESTING": True,
            "SCORING_API_MAX_GAMES": 20,
            "SCORING_API_MAX_STREAM_GAMES": 20,
            **UNLIMITED,
        }
    ),
    config=SchemathesisConfig.from_path(ROOT / "schemathesis.toml"),
)


@schema.parametrize()
def test_api_conforms_to_its_spec(case: schemathesis.Case) -> None:
    case.call_and_validate()
