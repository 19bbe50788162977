"""The ``api`` fixture: the app behind a client that checks answers against the spec."""

from __future__ import annotations

import pytest
from flask import Flask

from .contract import ContractClient


@pytest.fixture(scope="session")
def api(app: Flask) -> ContractClient:
    return ContractClient(app)
