"""Every strategy a run may name, by name (``GET /v1/strategies`` lists them in this order),
and the strategy a seat plays given its budget (only ``search`` takes one)."""

from __future__ import annotations

from functools import lru_cache

from .expert.strategy import ExpertStrategy
from .search.strategy import DEFAULT_BUDGET, MAX_BUDGET, SearchStrategy
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
BUDGETED = frozenset({SearchStrategy.name})
"""The strategies that take a budget (play-outs per choice): 1 to ``MAX_BUDGET``."""


def budget_error(name: str, budget: int | None) -> str | None:
    """Why a seat of ``name`` cannot play with ``budget`` (None: no budget asked), or None."""
    if budget is None:
        return None
    if name not in BUDGETED:
        return f"only {', '.join(sorted(BUDGETED))} takes a budget, not {name}"
    if not 1 <= budget <= MAX_BUDGET:
        return f"a budget is 1 to {MAX_BUDGET} play-outs per choice, not {budget}"
    return None


def played_budget(name: str, budget: int | None) -> int | None:
    """The budget a seat plays with: the one asked, or the default; None for a strategy
    that takes none."""
    if name not in BUDGETED:
        return None
    return DEFAULT_BUDGET if budget is None else budget


def strategy_of(name: str, budget: int | None = None) -> Strategy:
    """The strategy a seat plays: ``STRATEGIES[name]``, at ``budget`` where it takes one."""
    played = played_budget(name, budget)
    if played is None or played == DEFAULT_BUDGET:
        return STRATEGIES[name]
    return _searching(played)


@lru_cache(maxsize=64)
def _searching(budget: int) -> Strategy:
    return SearchStrategy(budget)
