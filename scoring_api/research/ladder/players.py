"""The ladder's players by label: a strategy of the registry (``expert``), one at a budget
(``search@300``), or OpenSpiel's ISMCTS at a number of simulations a decision
(``ismcts@400``), which plays through the research game (``python_domino_cribbage``)."""

from __future__ import annotations

from dataclasses import dataclass

from scoring_api.sim.registry import NAMES, named, strategy_for
from scoring_api.sim.strategies import Strategy

ISMCTS = "ismcts"
TWO = "two"
"""The two-player table (to 61)."""
PARTNERS = "partners"
"""The four-player partnership table (to 121), seats 0 and 2 against 1 and 3."""
TABLES = (TWO, PARTNERS)
TABLE_PLAYERS = {TWO: 2, PARTNERS: 4}

LADDER_TWO = (
    "random",
    "greedy",
    "expected",
    "expert",
    "search@100",
    "search@300",
    "search@1000",
    "endgame",
    "ismcts@100",
    "ismcts@400",
    "ismcts@1000",
)
"""The issue's two-player ladder: every strategy, search at three budgets, ISMCTS at three."""
LADDER_PARTNERS = ("random", "greedy", "expected", "expert", "search@50", "search@200")
"""Those that sit at a table of four (``expert`` plays as ``expected`` there, ``endgame``
not at all); search at its default budget there (200) and a quarter of it."""


@dataclass(frozen=True, slots=True)
class Player:
    """A label read."""

    label: str
    """As given: ``name`` or ``name@budget``."""
    name: str
    """A registry strategy's name, or ``ismcts``."""
    budget: int | None
    """Its budget (ISMCTS: simulations a decision); None: the strategy's default."""

    @property
    def is_ismcts(self) -> bool:
        return self.name == ISMCTS

    def strategy(self) -> Strategy:
        """The registry's strategy (not for ISMCTS)."""
        return strategy_for(self.name, self.budget)


def player(label: str) -> Player:
    """The player a label names (``ValueError`` saying why not)."""
    name, _, budget_text = label.partition("@")
    budget = None
    if budget_text:
        if not budget_text.isdigit() or int(budget_text) < 1:
            raise ValueError(f"{label}: the budget after @ is a positive whole number")
        budget = int(budget_text)
    if name == ISMCTS:
        if budget is None:
            raise ValueError(f"{label}: ISMCTS needs its simulations a decision (ismcts@100)")
        return Player(label, name, budget)
    if name not in NAMES:
        raise ValueError(f"{label}: not a strategy ({', '.join(NAMES)}) nor ismcts@N")
    if budget is not None:
        try:
            strategy_for(name, budget)
        except ValueError as error:  # it takes no budget, or not that much
            raise ValueError(f"{label}: {error}") from None
    return Player(label, name, budget)


def sits_at(label: str, table: str) -> bool:
    """Whether the player can take a seat at that table."""
    found = player(label)
    if found.is_ismcts:
        return table == TWO
    return named(found.name).refusal(TABLE_PLAYERS[table]) is None
