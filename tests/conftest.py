"""Fixtures shared by the HTTP and packaging tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from live_server import UNLIMITED

from scoring_api.app import create_app

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"


@pytest.fixture(scope="session")
def app() -> Flask:
    # Many simulations and advice requests from one test client: no rate limits here
    # (tests/api/test_admission.py makes apps with them).
    return create_app({"TESTING": True, **UNLIMITED})
