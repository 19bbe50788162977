"""The HTTP layer: one blueprint per resource, registered by ``register_api``.

A new resource is a module with a ``bp`` blueprint added to ``BLUEPRINTS`` plus its paths in
openapi.yaml; errors, CORS, request IDs, logs and metrics then apply to it unchanged.
"""

from __future__ import annotations

from flask import Blueprint, Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from scoring_api.settings import EXTENSION_KEY, Settings

from . import advice, deals, games, hands, ops, pegging, plays, reference, review, simulations
from .cors import init_cors
from .docs import register_docs
from .hosts import init_hosts
from .observability import init_observability
from .problems import register_error_handlers
from .ratelimits import init_rate_limits

BLUEPRINTS: tuple[Blueprint, ...] = (
    hands.bp,
    pegging.bp,
    plays.bp,
    deals.bp,
    review.bp,
    games.bp,
    reference.bp,
    simulations.bp,
    advice.bp,
    ops.bp,
)


def register_api(app: Flask) -> None:
    init_observability(app)
    init_hosts(app)
    init_cors(app)
    register_error_handlers(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    register_docs(app)
    settings: Settings = app.extensions[EXTENSION_KEY]
    init_rate_limits(app, settings)
    if settings.proxies:
        # Only behind that many proxies that overwrite X-Forwarded-For (deploy/nginx): with 0,
        # a client could forge the header to pass as another for logs and rate limits.
        proxies = settings.proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
