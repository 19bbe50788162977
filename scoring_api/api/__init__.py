"""The HTTP layer: one blueprint per resource, registered by ``register_api``.

A new resource is a module with a ``bp`` blueprint added to ``BLUEPRINTS`` plus its paths in
openapi.yaml; errors, CORS, request IDs, logs and metrics then apply to it unchanged.
"""

from __future__ import annotations

from flask import Blueprint, Flask

from . import advice, hands, ops, pegging, plays, reference, simulations
from .cors import init_cors
from .docs import register_docs
from .hosts import init_hosts
from .observability import init_observability
from .problems import register_error_handlers

BLUEPRINTS: tuple[Blueprint, ...] = (
    hands.bp,
    pegging.bp,
    plays.bp,
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
