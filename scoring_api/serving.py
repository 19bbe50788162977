"""What gunicorn.conf.py hands gunicorn by name: its logger, which builds an access line only
for an access logger that would write it."""

from __future__ import annotations

import logging
from typing import Any

from gunicorn.glogging import Logger as GunicornLogger  # type: ignore[import-untyped]


class Logger(GunicornLogger):  # type: ignore[misc]  # gunicorn is untyped
    """gunicorn's logger, but its access line is built only where ``gunicorn.access`` logs at
    INFO: gunicorn decides on whether any logging config is given, and the project's config
    sends that logger nowhere (the app logs each request itself, as JSON)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)  # applies the logging config, then asks the logger
        self._access_log_enabled = self._compute_access_log_enabled()

    def _compute_access_log_enabled(self) -> bool:
        enabled: bool = super()._compute_access_log_enabled()
        return enabled and self.access_log.isEnabledFor(logging.INFO)
