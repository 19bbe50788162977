"""Every strategy a request may name, in the order ``GET /v1/strategies`` lists them.

The registry is read only: a name is resolved to its strategy once, where a request is read
(the API's schemas and views, the command line, a shard on a cluster's worker), and runs take
the strategy objects. Whoever plays a strategy of his own (the expert's table builder, the
bench's exploiter) hands the object to the run instead of naming it here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from .endgame import EndgameStrategy
from .expert.strategy import ExpertStrategy
from .search import SearchStrategy
from .strategies import ExpectedStrategy, GreedyStrategy, RandomStrategy, Strategy

STRATEGIES: Final[tuple[Strategy, ...]] = (
    RandomStrategy(),
    GreedyStrategy(),
    ExpectedStrategy(),
    ExpertStrategy(),
    SearchStrategy(),
    EndgameStrategy(),
)
NAMES: Final = tuple(strategy.name for strategy in STRATEGIES)
"""Their names, in order."""
_BY_NAME: Final = {strategy.name: strategy for strategy in STRATEGIES}
BUDGETED: Final = tuple(s.name for s in STRATEGIES if s.budget_range is not None)
"""The strategies that take a budget."""
MAX_BUDGET: Final = max(s.budget_range.maximum for s in STRATEGIES if s.budget_range is not None)
"""The most budget any of them takes (each checks its own maximum too)."""
DEFAULT_PLAYER: Final = ExpertStrategy.name
"""Whose move the computer's move answers for where a request names no strategy: the
strongest at the speed of a look-up."""


def named(name: str) -> Strategy:
    """The registry's strategy of that name (``KeyError`` for none)."""
    return _BY_NAME[name]


def budget_refusal(name: str | None, budget: int) -> str | None:
    """Why the strategy ``name`` (None: no strategy named) cannot take ``budget``, or None."""
    takes = None if name is None else _BY_NAME[name].budget_range
    if takes is None:
        return f"a budget is for {' and '.join(BUDGETED)} only"
    if not 1 <= budget <= takes.maximum:
        return f"{name}'s budget is from 1 to {takes.maximum}"
    return None


def strategy_for(name: str, budget: int | None = None) -> Strategy:
    """The strategy of a seat: ``name``'s, at ``budget`` if given (``ValueError`` where it
    takes none, or not that much)."""
    if budget is None:
        return _BY_NAME[name]
    why = budget_refusal(name, budget)
    if why is not None:
        raise ValueError(why)
    return _at_budget(name, budget)


@lru_cache(maxsize=64)
def _at_budget(name: str, budget: int) -> Strategy:
    return _BY_NAME[name].with_budget(budget)


def lineup_of(names: Sequence[str], budgets: Sequence[int | None] = ()) -> tuple[Strategy, ...]:
    """The strategies of a table, seat 0 first: each seat's name, at its budget where given
    (``budgets`` by seat; none given: the defaults)."""
    return tuple(
        strategy_for(name, budgets[seat] if seat < len(budgets) else None)
        for seat, name in enumerate(names)
    )
