"""The cluster tests start real Dask processes and gunicorns: run them alone.

``.venv/bin/python -m pytest tests/cluster`` (CI's ``cluster`` step). Under pytest-xdist
(``./scripts/test``) they are skipped: several xdist workers would each start the same
clusters and servers on the same two cores.
"""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cluster: starts Dask schedulers, workers and gunicorn")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    under_xdist = "PYTEST_XDIST_WORKER" in os.environ
    for item in items:
        if "tests/cluster/" in item.nodeid:
            item.add_marker(pytest.mark.cluster)
            if under_xdist:
                item.add_marker(
                    pytest.mark.skip(reason="run alone: .venv/bin/python -m pytest tests/cluster")
                )
