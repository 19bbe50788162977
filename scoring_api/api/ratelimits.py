"""Per-client rate limits on the expensive endpoints, with Flask-Limiter.

Each limited endpoint has its setting (``SCORING_API_SIMULATION_RATE``, ``..._ADVICE_RATE``,
``..._BATCH_RATE``); past it a client gets a 429 problem with ``Retry-After``. A client is its
address (``request.remote_addr``: the real one behind a trusted proxy, see
``SCORING_API_PROXIES``). The counts live in ``SCORING_API_RATE_STORE``: in memory (each
worker counts alone) or in Redis, shared by every worker and server. If Redis is down, each
worker counts in memory until it is back, rather than failing requests.
"""

from __future__ import annotations

import math
import time

from flask import Flask, Response
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from scoring_api.settings import Settings

from .problems import problem

# endpoint -> the Settings field holding its rate
LIMITED_ENDPOINTS = {
    "simulations.simulate": "simulation_rate",
    "advice.advise": "advice_rate",
    "hands.score_batch": "batch_rate",
}
OFF = "off"


def init_rate_limits(app: Flask, settings: Settings) -> Limiter:
    """Wrap each limited view (after the blueprints are registered) with its limit."""
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=settings.rate_store,
        strategy="moving-window",
        swallow_errors=True,
        in_memory_fallback_enabled=True,
        headers_enabled=False,
    )
    for endpoint, attribute in LIMITED_ENDPOINTS.items():
        rate = getattr(settings, attribute)
        if rate.strip().lower() != OFF:
            view = limiter.limit(rate)(app.view_functions[endpoint])
            app.view_functions[endpoint] = view  # type: ignore[assignment]

    def too_many(error: RateLimitExceeded) -> Response:
        current = limiter.current_limit
        wait = max(1, math.ceil(current.reset_at - time.time())) if current else 1
        return problem(
            429,
            f"Too many requests from this client: at most {error.description}. "
            f"Retry after {wait} s.",
            headers=[("Retry-After", str(wait))],
        )

    app.register_error_handler(RateLimitExceeded, too_many)
    return limiter
