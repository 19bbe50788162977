"""The reliability tests run the real service: gunicorn with gunicorn.conf.py on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_server import Server, serve

# Generated simulations stay cheap: above 20 games a request is a 422 (checked up front),
# shard streams included.
CHEAP = {"SCORING_API_MAX_GAMES": "20", "SCORING_API_MAX_STREAM_GAMES": "20"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "reliability: starts gunicorn (bad input, limits, faults, load)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/reliability/" in item.nodeid:
            item.add_marker(pytest.mark.reliability)


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Two workers, as on the 2-core reference machine, with the cheap simulation cap."""
    with serve(tmp_path_factory.mktemp("gunicorn") / "live.log", workers=2, env=CHEAP) as server:
        yield server
