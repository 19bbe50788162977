"""Every strategy a run may name, by name (``GET /v1/strategies`` lists them in this order)."""

from __future__ import annotations

from functools import lru_cache

from .endgame import EndgameStrategy
from .expert.strategy import ExpertStrategy
from .expert.tables import EXPERT_PLAYERS
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
        EndgameStrategy(),
    )
}

TWO_PLAYERS_ONLY = frozenset({EndgameStrategy.name})
"""Strategies for two players only (the expert's tables are of two-player deals)."""


def refusal(name: str, players: int) -> str | None:
    """Why ``name`` cannot take a seat at a table of ``players``, or None if it can."""
    if name in TWO_PLAYERS_ONLY and players != EXPERT_PLAYERS:
        return (
            f"{name} is for {EXPERT_PLAYERS} players only (it plays by the expert's tables, "
            f"which are of two-player deals), not {players}"
        )
    return None


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
