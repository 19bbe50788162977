"""The ``expected`` model: its one-choice shortcuts agree with its ranking, ties included."""

from __future__ import annotations

from random import Random

import pytest

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.tiles import ALL_TILES
from scoring_api.sim.expected import (
    best_discard,
    best_hand_discard,
    expected_figures,
    expected_ranking,
)
from scoring_api.sim.layaway import DISCARDS

RULES = [DEFAULT_RULES, RuleOptions(double_blank_in_fifteens=False), RuleOptions(players=3)]


def _hands(rules: RuleOptions, count: int) -> list[tuple[int, ...]]:
    """Sorted drawn values, with many repeated values (which tie options) among them: each
    of them a set of dominoes could hold (0 and 1 one tile each, 2 and 3 two)."""
    drawn = DISCARDS[rules.players].drawn
    rng = Random(f"expected:{rules.players}")
    hands = [tuple(sorted(t.value for t in rng.sample(ALL_TILES, drawn))) for _ in range(count)]
    return [*hands, (2, 2, 5, 5, 10, 10)[:drawn], (2, 2, 3, 3, 4, 4)[:drawn]]


@pytest.mark.parametrize("rules", RULES)
def test_best_discard_is_the_first_of_the_ranking(rules: RuleOptions) -> None:
    for values in _hands(rules, 150):
        for own_crib in (False, True):
            ranking = expected_ranking(values, own_crib, rules)
            assert best_discard(values, own_crib, rules) == ranking[0].laid_away, values
            nets = [option.expected_net for option in ranking]
            assert nets == sorted(nets, reverse=True)
            tied = [o.laid_away for o in ranking if o.expected_net == ranking[0].expected_net]
            assert tied == sorted(tied)  # ties in position order


@pytest.mark.parametrize("rules", RULES)
def test_best_hand_discard_keeps_the_best_expected_hand(rules: RuleOptions) -> None:
    for values in _hands(rules, 50):
        ranking = expected_ranking(values, True, rules)
        best = max(option.expected_hand for option in ranking)
        by_position = sorted(ranking, key=lambda option: option.laid_away)
        first = next(o.laid_away for o in by_position if o.expected_hand == best)
        assert best_hand_discard(values, rules) == first


def test_values_no_set_holds_are_refused() -> None:
    # One 0-0 and one 0-1: two 0s or two 1s were never drawn from one set.
    for values in ((0, 0, 5, 5, 10, 10), (1, 1, 2, 3, 4)):
        with pytest.raises(ValueError, match="no set of dominoes"):
            expected_figures(values, DEFAULT_RULES)
