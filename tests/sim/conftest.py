"""Engine-level simulation tests; the strength test is long and marked so it can be picked."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "strength: 2 x 10,000 whole games between strategies (about a minute)"
    )
    config.addinivalue_line(
        "markers", "review_figures: the deal review's losses checked over many deals (minutes)"
    )
