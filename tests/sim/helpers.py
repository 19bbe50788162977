"""Helpers shared by the simulator's tests (tests import helpers, never each other)."""

from __future__ import annotations

SMALL_BUDGET = 3
"""The search's budget where a test checks the bookkeeping of its games, not its strength."""


def small_budgets(lineup: tuple[str, ...]) -> tuple[int | None, ...]:
    return tuple(SMALL_BUDGET if name == "search" else None for name in lineup)
