"""The search's lay-away near the end of a game, by the chance to win (``layaway_chance``)."""

from __future__ import annotations

from random import Random

import pytest

from scoring_api.rules import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.rules.tiles import ALL_TILES
from scoring_api.sim.expert.model import expert_ranking
from scoring_api.sim.expert.tables import shipped_tables
from scoring_api.sim.layaway_chance import CANDIDATES, NEAR, for_the_game
from scoring_api.sim.playouts.two_player import (
    ME,
    OTHER,
    UNREACHED,
    play_out,
    plays_of,
    race_play,
)
from scoring_api.sim.search import SearchStrategy

RULES = RuleOptions()


def _drawn(rng: Random) -> tuple[int, ...]:
    """Six tiles' values, lowest first."""
    return tuple(sorted(tile.value for tile in rng.sample(ALL_TILES, 6)))


@pytest.mark.parametrize(
    ("rules", "scores"),
    [
        (RULES, ()),  # not told the scores
        (RULES, (RULES.target - NEAR - 1, RULES.target - NEAR - 1)),  # far from the end
        (RuleOptions(players=3), (55, 55, 55)),  # the expert's tables are of two players
        (RuleOptions(starter_double_points=0), (55, 55)),  # the chance's tables lack it
    ],
)
def test_the_chance_does_not_decide_where_it_is_not_known(
    rules: RuleOptions, scores: tuple[int, ...]
) -> None:
    values = _drawn(Random(1))[: 5 if rules.players == 3 else 6]
    found = for_the_game(shipped_tables(), values, True, rules, scores, seeded(1))
    assert found is None


def test_near_the_end_it_lays_away_one_of_the_experts_best_and_sometimes_not_his_first() -> None:
    """From scores where a few points decide the game, the lay-away is one of the expert's
    best ``CANDIDATES`` by points, the same from the same stream, and not always his."""
    tables, rng = shipped_tables(), Random(5)
    differ = 0
    for i in range(12):
        values, own_crib = _drawn(rng), i % 2 == 0
        scores = (rng.randrange(50, 61), rng.randrange(45, 61))
        found = for_the_game(tables, values, own_crib, RULES, scores, seeded(i))
        assert found == for_the_game(tables, values, own_crib, RULES, scores, seeded(i))
        best = [o.laid_away for o in expert_ranking(tables, values, own_crib, RULES)]
        assert found in [*best[:CANDIDATES], tables.discard(values, own_crib)]
        differ += found != tables.discard(values, own_crib)
    assert differ > 0


def test_the_search_lays_away_as_the_expert_far_from_the_end_or_when_told_not_to() -> None:
    tables, rng = shipped_tables(), Random(9)
    for i in range(20):
        values = _drawn(rng)
        expert = tables.discard(values, True)
        far = (10, 20)
        assert SearchStrategy().discard(values, True, RULES, seeded(i), far) == expert
        never = SearchStrategy(lay_near=-1)
        assert never.discard(values, True, RULES, seeded(i), (58, 59)) == expert


def test_a_whole_play_raced_scores_as_the_play_out() -> None:
    """``race_play`` from the first tile, nobody near the target, scores what ``play_out``
    scores from the same hands, either seat leading."""
    rng, play = Random(3), shipped_tables().play
    for i in range(200):
        tiles = rng.sample(ALL_TILES, 8)
        hands = [sorted(t.value for t in tiles[:4]), sorted(t.value for t in tiles[4:])]
        leader = ME if i % 2 else OTHER
        raced, played = [0, 0], [0, 0]
        first = race_play([list(h) for h in hands], leader, raced, UNREACHED, plays_of(play))
        play_out(
            [list(h) for h in hands], leader, (), [False, False], ME + OTHER - leader, played, play
        )
        assert first < 0
        assert raced == played
        # With a target in reach, the seat that gets there first is named.
        points = [0, 0]
        rooms = (max(1, played[ME]), max(1, played[OTHER]))
        first = race_play([list(h) for h in hands], leader, points, rooms, plays_of(play))
        assert first in (ME, OTHER)
        assert points[first] >= rooms[first]
