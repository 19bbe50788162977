"""The application factory: ``gunicorn 'scoring_api.app:create_app()'``."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from .api import register_api
from .api.jsonio import OrjsonProvider
from .rules import DEFAULT_RULES, show_table
from .settings import install_settings
from .web import web

# 10,000 hands in the most verbose notation ([3, 5] arrays, spaces) stay well under this.
MAX_CONTENT_LENGTH = 2 * 1024 * 1024


class ScoringApp(Flask):
    """Flask, but a hook or view is asked once whether it is a coroutine function, not on
    every request (Flask asks ``inspect`` seven times a request: the six hooks and the view).
    """

    def __init__(self, import_name: str) -> None:
        super().__init__(import_name)
        self._callables: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        callable_ = self._callables.get(func)
        if callable_ is None:
            callable_ = self._callables[func] = super().ensure_sync(func)
        return callable_


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A fresh app; the service keeps no state, so every worker builds its own."""
    app = ScoringApp(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH)
    if config:
        app.config.update(config)
    install_settings(app, os.environ)
    register_api(app)
    app.register_blueprint(web)
    # Build the show-total table now (about 0.3 s), not during a worker's first request.
    show_table(DEFAULT_RULES)
    return app
