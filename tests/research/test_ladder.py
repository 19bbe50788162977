"""The ladder (scoring_api.research.ladder, docs/strength.md): its Bradley-Terry fit against
answers worked out by hand, its order on a small run, and how it plans and resumes. Only the
ISMCTS shard needs the research extra."""

from __future__ import annotations

import math

import pytest
from research_extra import require_research

from scoring_api.research.ladder.cli import pairings, plan
from scoring_api.research.ladder.fit import ELO, Z95, Deals, NoFitError, fit
from scoring_api.research.ladder.games import Shard, play_shard, plays_of
from scoring_api.research.ladder.players import PARTNERS, TWO, player
from scoring_api.research.ladder.report import fresh_lines, table_result

SEED = 20261207


def test_the_fit_finds_strengths_the_games_follow_exactly() -> None:
    """Strengths 0, ln 2 and ln 4: b beats a and c beats b 2 games in 3, c beats a 4 in 5. Games
    that come out exactly so are fitted exactly (the likelihood's gradient is zero there)."""
    results = {
        ("b", "a"): Deals(both=5, split=10, neither=0),  # 20 of 30
        ("c", "b"): Deals(both=5, split=10, neither=0),  # 20 of 30
        ("c", "a"): Deals(both=9, split=6, neither=0),  # 24 of 30
    }
    ratings = fit(["a", "b", "c"], results).ratings
    assert [r.player for r in ratings] == ["a", "b", "c"]
    assert ratings[1].rating - ratings[0].rating == pytest.approx(ELO * math.log(2))
    assert ratings[2].rating - ratings[0].rating == pytest.approx(ELO * math.log(4))
    assert sum(r.rating for r in ratings) / 3 == pytest.approx(1500)
    assert ELO * math.log(10) == pytest.approx(400)  # odds of 10 to 1 are 400 points


def test_two_players_interval_is_the_paired_deals_one() -> None:
    """With two players the fit is the log-odds of the win rate, and its interval counts the
    deal, not the game, as the unit: the sandwich of the two games' wins less 2p, by deal."""
    deals = Deals(both=0, split=30, neither=10)  # 30 of 80 games
    fitted = fit(["a", "b"], {("b", "a"): deals})
    p = 30 / 80
    diff, low, high = fitted.difference(1, 0)
    assert diff == pytest.approx(ELO * math.log(p / (1 - p)))
    scores = 30 * (1 - 2 * p) ** 2 + 10 * (0 - 2 * p) ** 2
    se = math.sqrt(scores) / (80 * p * (1 - p))
    assert high - diff == pytest.approx(Z95 * ELO * se)
    assert diff - low == pytest.approx(Z95 * ELO * se)
    # narrower than 80 independent games' (the split deals' luck cancels)
    assert se < 1 / math.sqrt(80 * p * (1 - p))
    # each player's own interval, the pair centred on 1500, is half the difference's
    a, b = fitted.ratings
    assert (b.high - b.low) == pytest.approx((high - low) / 2)
    assert a.rating + b.rating == pytest.approx(3000)


def test_a_player_that_won_every_game_has_no_rating() -> None:
    results = {("b", "a"): Deals(3, 1, 0), ("c", "a"): Deals(4, 0, 0), ("c", "b"): Deals(2, 0, 0)}
    with pytest.raises(NoFitError, match="c"):
        fit(["a", "b", "c"], results)


def test_the_ladder_orders_the_strategies() -> None:
    """A small run (300 paired deals a pairing, 600 games): random < greedy < expected <
    expert, each ahead of the next by more than its 95% interval's width (on other seeds
    too, the next's lead's interval lay 12 to 48 points above zero)."""
    labels = ["random", "greedy", "expected", "expert"]
    lines = [play_shard(Shard(TWO, a, b, SEED, 0, 300)) for a, b in pairings(labels, TWO, labels)]
    result = table_result(TWO, SEED, lines)
    ranked = [result.fitted.ratings[i].player for i in result.order]
    assert ranked == ["expert", "expected", "greedy", "random"]
    for row in result.rows():
        if "over_next" in row:
            assert row["over_next"][1] > 0, row
        assert row["games"] == 3 * 600
        assert row["cpu_ms_per_move"] > 0


def test_a_shard_counts_each_deal_once_and_times_both_players() -> None:
    line = play_shard(Shard(TWO, "expected", "greedy", SEED, 7, 5))
    assert line["both"] + line["split"] + line["neither"] == 5
    seconds, moves = line["cpu"]["greedy"]
    assert seconds >= 0
    assert moves > 10 * 5  # a lay-away and several plays a deal, several deals a game


def test_the_plan_plays_only_the_deals_the_results_lack() -> None:
    pairs = [("random", "greedy")]
    first = plan(TWO, pairs, 250, 4, 100, SEED, set())
    assert [(s.first, s.deals) for s in first] == [(0, 100), (100, 100), (200, 50)]
    done = {first[0].key, first[2].key}
    again = plan(TWO, pairs, 400, 4, 100, SEED, done)
    assert [(s.first, s.deals) for s in again] == [(100, 100), (250, 100), (350, 50)]
    assert plan(TWO, pairs, 400, 4, 100, SEED + 1, done)[0].first == 0  # another seed


def test_a_line_counts_only_while_its_players_play_as_they_did() -> None:
    """A results line keeps how each player played; changed since (here: told by a digest
    that is not today's, or not kept at all), its games are set aside to be played again."""
    line = play_shard(Shard(TWO, "expected", "greedy", SEED, 0, 2))
    assert line["plays"] == {"expected": plays_of(TWO, "expected"),
                             "greedy": plays_of(TWO, "greedy")}  # fmt: skip
    assert fresh_lines([line]) == ([line], {})
    older = {**line, "plays": {**line["plays"], "greedy": "another version"}}
    assert fresh_lines([older, line]) == ([line], {"greedy": 1})
    unsaid = {key: value for key, value in line.items() if key != "plays"}
    assert fresh_lines([unsaid]) == ([], {"expected": 1, "greedy": 1})


def test_how_a_player_plays_tells_its_budget_and_its_table() -> None:
    """The digest is of its moves: another budget of the search plays otherwise, and so does
    the same strategy at another table; the same player, worked out again, the same."""
    today = plays_of(TWO, "search@100")
    assert today != plays_of(TWO, "search@300")
    assert plays_of(TWO, "expected") != plays_of(PARTNERS, "expected")
    plays_of.cache_clear()
    assert plays_of(TWO, "search@100") == today


def test_ismcts_meets_the_anchors_and_its_other_budgets_only() -> None:
    labels = ["random", "greedy", "expert", "ismcts@10", "ismcts@30"]
    found = pairings(labels, TWO, ["random", "expert", "ismcts@10", "ismcts@30"])
    assert ("greedy", "ismcts@10") not in found
    assert {("random", "ismcts@10"), ("expert", "ismcts@30"), ("ismcts@10", "ismcts@30")} <= set(
        found
    )
    assert ("random", "greedy") in found


@pytest.mark.parametrize("label", ["ismcts", "search@0", "greedy@5", "nobody"])
def test_a_bad_label_says_why(label: str) -> None:
    with pytest.raises(ValueError, match=label.split("@")[0]):
        player(label)


def test_an_ismcts_shard_plays_the_research_game() -> None:
    require_research()
    line = play_shard(Shard(TWO, "ismcts@4", "random", SEED, 0, 1))
    assert line["both"] + line["split"] + line["neither"] == 1
    seconds, moves = line["cpu"]["ismcts@4"]
    assert moves > 0
    assert seconds > 0


def test_centred_on_one_player_the_others_intervals_are_the_differences() -> None:
    """Centred on ``a`` alone, ``a`` is 1500 exactly and each other's interval is that of its
    difference to ``a``: a player of few games centred away does not widen the others'."""
    results = {
        ("b", "a"): Deals(both=5, split=10, neither=0),
        ("c", "b"): Deals(both=5, split=10, neither=0),
        ("c", "a"): Deals(both=9, split=6, neither=0),
    }
    everyone = fit(["a", "b", "c"], results)
    on_a = fit(["a", "b", "c"], results, ["a"])
    a, b, c = on_a.ratings
    assert (a.rating, a.low, a.high) == (1500, 1500, 1500)
    for k, r in ((1, b), (2, c)):
        diff, low, high = everyone.difference(k, 0)
        assert r.rating - 1500 == pytest.approx(diff)
        assert (r.low - 1500, r.high - 1500) == pytest.approx((low, high))
