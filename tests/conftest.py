"""Fixtures shared by the HTTP and packaging tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from scoring_api.app import create_app

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app({"TESTING": True})
