"""Every strategy a run may name, by name (``GET /v1/strategies`` lists them in this order)."""

from __future__ import annotations

from .expert.strategy import ExpertStrategy
from .search import SearchStrategy
from .strategies import ExpectedStrategy, GreedyStrategy, RandomStrategy, Strategy

STRATEGIES: dict[str, Strategy] = {
    strategy.name: strategy
    for strategy in (
        RandomStrategy(),
        GreedyStrategy(),
        ExpectedStrategy(),
        ExpertStrategy(),
        SearchStrategy(),
    )
}
