"""Stronger strategies win: over 10,000 games with seats alternated, the 95% interval of the
stronger side's win rate lies above 50%.

The engine runs in-process, in shards across the available cores (shards of one run merge
exactly, so the figures are those of a single 10,000-game run). About a minute on one core.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.intervals import wilson_interval
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, Totals, run

GAMES = 10_000
SHARD = 1_000
SEED = 20261130


def win_interval(stronger: str, weaker: str) -> tuple[float, float]:
    """95% interval of ``stronger``'s win rate over GAMES games, seats alternating."""
    shards = [
        SimulationRequest(
            lineup_of((stronger, weaker)), DEFAULT_RULES, SEED, SHARD, first, "alternate"
        )
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


@pytest.mark.slow
@pytest.mark.strength
@pytest.mark.parametrize(
    ("stronger", "weaker"), [("expert", "expected"), ("expected", "greedy"), ("greedy", "random")]
)
def test_stronger_strategy_wins(stronger: str, weaker: str) -> None:
    low, _ = win_interval(stronger, weaker)
    assert low > 0.5
