"""Stronger strategies win: over 10,000 games with seats alternated, the 95% interval of the
stronger side's win rate lies above 50%.

The engine runs in-process, in shards across the available cores (shards of one run merge
exactly, so the figures are those of a single 10,000-game run). About a minute on one core.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.game import GameResult
from scoring_api.sim.runs import Z95, SimulationRequest, Totals, play_one, run, wilson_interval

GAMES = 10_000
SHARD = 1_000
SEED = 20261130


def win_interval(stronger: str, weaker: str) -> tuple[float, float]:
    """95% interval of ``stronger``'s win rate over GAMES games, seats alternating."""
    shards = [
        SimulationRequest((stronger, weaker), DEFAULT_RULES, SEED, SHARD, first, "alternate")
        for first in range(0, GAMES, SHARD)
    ]
    totals = Totals.empty(DEFAULT_RULES)
    workers = min(len(os.sched_getaffinity(0)), len(shards))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for shard in pool.map(run, shards):
            totals.merge(shard)
    assert totals.games == GAMES
    assert totals.dealt[0] == pytest.approx(totals.dealt[1], rel=0.05)
    low, high = wilson_interval(totals.wins[0], GAMES)
    print(f"{stronger} v {weaker}: {totals.wins[0] / GAMES:.4f} [{low:.4f}, {high:.4f}]")
    return low, high


@pytest.mark.strength
@pytest.mark.parametrize(
    ("stronger", "weaker"), [("expert", "expected"), ("expected", "greedy"), ("greedy", "random")]
)
def test_stronger_strategy_wins(stronger: str, weaker: str) -> None:
    low, _ = win_interval(stronger, weaker)
    assert low > 0.5


SEARCH_SEEDS = 150
"""Seeds of the search test, each played with both seatings: 300 games."""
SEARCH_BUDGET = 8
"""A small budget: a sixth of the default."""


def _paired_games(budget: int) -> list[tuple[GameResult, GameResult]]:
    """Each seed with search in seat 0 against expected, then in seat 1 (the same tiles)."""
    budgets = (budget, None)
    ab = SimulationRequest(("search", "expected"), DEFAULT_RULES, SEED, SEARCH_SEEDS,
                           budgets=budgets)  # fmt: skip
    ba = SimulationRequest(("expected", "search"), DEFAULT_RULES, SEED, SEARCH_SEEDS,
                           budgets=budgets[::-1])  # fmt: skip
    return [(play_one(ab, i), play_one(ba, i)) for i in range(SEARCH_SEEDS)]


@pytest.mark.strength
def test_search_beats_expected_at_a_small_budget() -> None:
    """Over 300 games: search wins more than half, and the play (what it searches) gains it
    points per deal over expected, with the 95% interval above 0 (per seed: both seatings'
    play points minus expected's, over their deals; a ratio estimate)."""
    games = _paired_games(SEARCH_BUDGET)
    wins = sum((ab.winner == 0) + (ba.winner == 1) for ab, ba in games)
    nets, deals = [], []
    for ab, ba in games:
        net = ab.points[0]["play"] - ab.points[1]["play"]
        nets.append(net + ba.points[1]["play"] - ba.points[0]["play"])
        deals.append(ab.deals + ba.deals)
    per_deal = sum(nets) / sum(deals)
    residuals = [net - per_deal * n for net, n in zip(nets, deals, strict=True)]
    mean_deals = sum(deals) / len(deals)
    spread = math.sqrt(sum(r * r for r in residuals) / (len(residuals) - 1))
    half = Z95 * spread / mean_deals / math.sqrt(len(residuals))
    rate = wins / (2 * SEARCH_SEEDS)
    print(f"search ({SEARCH_BUDGET}) v expected: {rate:.4f}; play points per deal over "
          f"expected {per_deal:+.3f} [{per_deal - half:+.3f}, {per_deal + half:+.3f}]")  # fmt: skip
    assert rate > 0.5
    assert per_deal - half > 0
