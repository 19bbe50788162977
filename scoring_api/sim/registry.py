"""Every strategy a run may name, by name (``GET /v1/strategies`` lists them in this order)."""

from __future__ import annotations

from functools import lru_cache

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


Budgets = tuple[int | None, ...]
"""Each seat's ``search`` budget, seat 0 first (None, or no entry: the default)."""


def strategy_for(name: str, budget: int | None = None) -> Strategy:
    """The strategy of a seat: the registry's as it is now (the table builder registers its
    own players in turn, so this is never remembered), or ``search`` at the budget given."""
    if budget is None:
        return STRATEGIES[name]
    if name != SearchStrategy.name:
        raise ValueError(f"a budget is for {SearchStrategy.name} only, not {name}")
    return _search_at(budget)


@lru_cache(maxsize=64)
def _search_at(budget: int) -> SearchStrategy:
    return SearchStrategy(budget)
