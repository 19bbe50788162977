"""Clients generated from the served spec, as an integrator would, against gunicorn.

The tests skip (with the reason) where a generator is missing: openapi-python-client (the
dev extras pin it) or tools/contract/node_modules (``npm ci`` there). With
``CLIENT_REQUIRED=1`` (CI's clients step) a missing tool is a failure instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import Server, serve

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "contract"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(item.path).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.client)


def require(missing: str | None) -> None:
    """Skip for a missing tool, or fail under CLIENT_REQUIRED=1 (no silent skip in CI)."""
    if missing and os.environ.get("CLIENT_REQUIRED") == "1":
        pytest.fail(missing)
    if missing:
        pytest.skip(missing)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    with serve(ROOT / "artifacts" / "client-gunicorn.log", workers=1) as running:
        yield running
