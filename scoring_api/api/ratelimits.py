"""Per-client rate limits on the expensive endpoints, with the ``limits`` library.

Each limited endpoint has its setting (``SCORING_API_SIMULATION_RATE``, ``..._ADVICE_RATE``,
``..._REVIEW_RATE``, ``..._BATCH_RATE``, in ``limits``' syntax such as ``60/minute`` or
``10/second;600/hour``); past it a client gets a 429 problem with ``Retry-After``. A client
is its address (``request.remote_addr``: the real one behind a trusted proxy, see
``SCORING_API_PROXIES``).
Counts use a moving window and live in ``SCORING_API_RATE_STORE``: in memory (each worker
counts alone) or in Redis, shared by every worker and server. If the store fails, the
worker counts in memory until it answers again, rather than failing requests.

``limits`` is the engine of Flask-Limiter, used directly: Flask-Limiter's hook runs on every
request and cost about 77 us even on routes without a limit (the score of one hand takes
about 500 us in all); here only the limited views pay, with one check per limit.
"""

from __future__ import annotations

import functools
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from flask import Flask, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from scoring_api.settings import Settings

# endpoint -> the Settings field holding its rate
LIMITED_ENDPOINTS = {
    "simulations.simulate": "simulation_rate",
    "advice.advise": "advice_rate",
    "plays.advise": "advice_rate",
    "review.review": "review_rate",
    "games.review": "review_rate",
    "hands.score_batch": "batch_rate",
}
OFF = "off"
RECHECK_SECONDS = 30  # how often a failed store is tried again

log = logging.getLogger(__name__)


class RateLimits:
    """The limiter of one app: its store, and an in-memory stand-in while the store fails."""

    def __init__(self, store_uri: str) -> None:
        self._limiter = MovingWindowRateLimiter(storage_from_string(store_uri))
        self._fallback = MovingWindowRateLimiter(MemoryStorage())
        self._failed_at: float | None = None

    def _active(self) -> MovingWindowRateLimiter:
        if self._failed_at is not None and time.monotonic() - self._failed_at > RECHECK_SECONDS:
            self._failed_at = None  # try the store again
        return self._fallback if self._failed_at is not None else self._limiter

    def check(self, endpoint: str, items: list[RateLimitItem]) -> None:
        """Count this request for its client; raise a 429 when a limit is exceeded."""
        client = request.remote_addr or "unknown"
        limiter = self._active()
        try:
            for item in items:
                if not limiter.hit(item, endpoint, client):
                    reset = limiter.get_window_stats(item, endpoint, client).reset_time
                    raise _too_many(item, max(1, math.ceil(reset - time.time())))
        except TooManyRequests:
            raise
        except Exception:
            if limiter is self._fallback:
                raise
            log.warning("rate limit store failed: counting in memory", exc_info=True)
            self._failed_at = time.monotonic()
            self.check(endpoint, items)


def _too_many(item: RateLimitItem, wait: int) -> TooManyRequests:
    return TooManyRequests(
        f"Too many requests from this client: at most {item}. Retry after {wait} s.",
        retry_after=wait,
    )


def init_rate_limits(app: Flask, settings: Settings) -> RateLimits | None:
    """Wrap each limited view (after the blueprints are registered) with its limit."""
    rates = {
        endpoint: getattr(settings, attribute) for endpoint, attribute in LIMITED_ENDPOINTS.items()
    }
    rates = {endpoint: rate for endpoint, rate in rates.items() if rate.strip().lower() != OFF}
    if not rates:
        return None
    limits = RateLimits(settings.rate_store)
    for endpoint, rate in rates.items():
        items = parse_many(rate)
        app.view_functions[endpoint] = _limited(
            app.view_functions[endpoint], limits, endpoint, items
        )
    return limits


def _limited(
    view: Callable[..., Any], limits: RateLimits, endpoint: str, items: list[RateLimitItem]
) -> Callable[..., Any]:
    @functools.wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        limits.check(endpoint, items)
        return view(*args, **kwargs)

    return limited
