"""A game's deals from its seed (``sim.dealing``, the practice table's): the simulator's own
deals of game 0 of that seed's run, each dealt again alone."""

from __future__ import annotations

import pytest

from scoring_api.rules.options import RuleOptions
from scoring_api.sim.dealing import game_deal
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.runs import SimulationRequest, play_one


@pytest.mark.parametrize(
    "rules",
    [RuleOptions(), RuleOptions(players=3), RuleOptions(players=4, partners=True, target=121)],
    ids=["two", "three", "partners"],
)
@pytest.mark.parametrize("seed", [0, 777, 2**53 - 1])
def test_the_practice_deals_are_the_first_game_of_the_seeds_run(
    rules: RuleOptions, seed: int
) -> None:
    lineup = (strategy_for("greedy"),) * rules.players
    game = play_one(SimulationRequest(lineup, rules, seed, 1), 0, transcript=True)
    assert game.transcript is not None
    assert len(game.transcript) >= 2
    for index, record in reversed(list(enumerate(game.transcript))):  # each alone, last first
        dealt = game_deal(seed, index, rules.players)
        assert [list(hand) for hand in dealt.drawn] == record.hands, index
        assert list(dealt.blind) == record.blind, index
        assert dealt.starter == record.starter, index
