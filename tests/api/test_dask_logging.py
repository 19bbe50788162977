"""Dask's log lines: a worker's heartbeat lost to a stopping scheduler is one warning line."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from collections.abc import Iterator

import pytest

from scoring_api.sim_cluster.logjson import LostSchedulerFilter, dask_logging

NAMES = ("distributed", "dask", "tornado", "asyncio", "bokeh")


@pytest.fixture
def dask_log() -> Iterator[io.StringIO]:
    """Dask's logging configuration applied, its stream captured, and undone afterwards."""
    saved = {
        name: (
            logging.getLogger(name).handlers[:],
            logging.getLogger(name).level,
            logging.getLogger(name).propagate,
        )
        for name in NAMES
    }
    logging.config.dictConfig(dask_logging("WARNING"))
    stream = io.StringIO()
    handler = logging.getLogger("distributed").handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(stream)
    try:
        yield stream
    finally:
        for name, (handlers, level, propagate) in saved.items():
            logger = logging.getLogger(name)
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate = propagate


def _lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_a_lost_heartbeat_is_a_warning_without_a_traceback(dask_log: io.StringIO) -> None:
    worker = logging.getLogger("distributed.worker")
    try:
        raise OSError("ConnectionPool closing.")
    except OSError:
        worker.exception(f"{LostSchedulerFilter.MESSAGE}.")
    [line] = _lines(dask_log)
    assert line["level"] == "WARNING"
    assert line["logger"] == "distributed.worker"
    assert line["message"] == f"{LostSchedulerFilter.MESSAGE} (OSError)"
    assert "Traceback" not in dask_log.getvalue()


def test_other_errors_keep_their_level_and_traceback(dask_log: io.StringIO) -> None:
    worker = logging.getLogger("distributed.worker")
    try:
        raise ValueError("something else")
    except ValueError:
        worker.exception("Compute failed")
    [line] = _lines(dask_log)
    assert line["level"] == "ERROR"
    assert "Traceback" in str(line.get("exc_info"))
