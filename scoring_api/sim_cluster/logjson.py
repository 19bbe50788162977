"""Dask's own log lines as JSON, in the service's fields (time, level, logger, message).

``distributed`` configures its loggers when it is imported, from the Dask setting
``distributed.logging``; a dict with ``version`` there is handed to ``logging.config.
dictConfig``. ``DASK_ENV`` says so through the environment (Dask reads a Python literal
from a ``DASK_*`` variable), so it reaches every process that imports ``distributed``: the
embedded cluster's process, its scheduler and the worker processes its nannies spawn, the
gunicorn workers' clients, and ``python -m scoring_api simulate``. This module imports
neither ``distributed`` nor ``prometheus_client``: gunicorn's master loads it.

``disable_existing_loggers`` is off: importing ``distributed`` in a gunicorn worker must not
silence the app's own loggers. Dask logs at WARNING and above (its INFO lines, thousands a
session, say nothing an operator acts on); ``SCORING_DASK_LOG_LEVEL`` lowers it.
"""

from __future__ import annotations

import logging
import os
from typing import Any

JSON_FORMATTER = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "fmt": "{asctime}{levelname}{name}{message}",
    "style": "{",
    "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
}


class LostSchedulerFilter(logging.Filter):
    """A worker's failed heartbeat, one warning line instead of an error with a traceback.

    When the cluster stops, its scheduler may close before a worker's last heartbeat (the
    workers are closed first, but on a busy machine one may still be beating); the worker
    then closes itself. It is what a stopping cluster does, not a fault, and an operator
    needs no traceback for it; a scheduler lost while running still shows, as a warning
    each heartbeat, with the error's type.
    """

    MESSAGE = "Failed to communicate with scheduler during heartbeat"

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "distributed.worker" and str(record.msg).startswith(self.MESSAGE):
            error = record.exc_info[1] if record.exc_info else None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg = f"{self.MESSAGE} ({type(error).__name__})" if error else self.MESSAGE
            record.args, record.exc_info, record.exc_text = (), None, None
        return True


def dask_logging(level: str = "WARNING") -> dict[str, Any]:
    """The ``logging.config.dictConfig`` schema Dask applies to its loggers."""
    handler = {"level": level, "handlers": ["json"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": JSON_FORMATTER},
        "filters": {"lost_scheduler": {"()": f"{__name__}.LostSchedulerFilter"}},
        "handlers": {
            "json": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "filters": ["lost_scheduler"],
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            name: dict(handler) for name in ("distributed", "dask", "tornado", "asyncio", "bokeh")
        },
    }


def dask_env() -> dict[str, str]:
    """The environment variable that makes every Dask process log JSON."""
    level = os.environ.get("SCORING_DASK_LOG_LEVEL", "WARNING").upper()
    return {"DASK_DISTRIBUTED__LOGGING": repr(dask_logging(level))}
