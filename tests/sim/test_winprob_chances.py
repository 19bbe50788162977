"""The chance to win from a position: between deals, after each event of a deal, with points
taken off (docs/winprob.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring_api.rules.deal import score_deal
from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.coverage import uncovered
from scoring_api.sim.expert.strategy import ExpertStrategy
from scoring_api.sim.game import play_game, play_on
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.winprob.chances import (
    BETWEEN,
    PLAYOUTS,
    chance_with_fewer,
    chances,
)
from scoring_api.sim.winprob.deals import before_entry, deal_chances
from scoring_api.sim.winprob.tables import shipped_tables

TWO, THREE, FOUR = RuleOptions(), RuleOptions(players=3), RuleOptions(players=4)
PARTNERS = RuleOptions(players=4, partners=True)
MODES = [TWO, RuleOptions(target=121), THREE, FOUR, PARTNERS]


def _ids(rules: RuleOptions) -> str:
    return f"{rules.players}{'p' if rules.partners else ''}-{rules.target}"


@pytest.mark.parametrize("mode", ["two", "partners"])
def test_more_points_never_lower_a_sides_chance(mode: str) -> None:
    """The same deals from more points reach the target no later: each table rises with its
    side's score and falls with the other's (the race is exact on the library's deals)."""
    for table in shipped_tables().modes[mode].wins.values():
        size = len(table)
        for p in range(size):
            for q in range(size):
                if p + 1 < size:
                    assert table[p + 1][q] >= table[p][q]
                if q + 1 < size:
                    assert table[p][q + 1] <= table[p][q]


@pytest.mark.parametrize("rules", MODES, ids=_ids)
def test_the_chances_add_up_and_follow_the_seats(rules: RuleOptions) -> None:
    rng = seeded(3)
    for _ in range(5):
        scores = [int(rng.random() * rules.target) for _ in range(rules.sides)]
        dealer = int(rng.random() * rules.players)
        found = chances(rules, scores, dealer)
        assert sum(found) == pytest.approx(1.0, abs=1e-3)
        assert found == chances(rules, scores, dealer)  # the same answer, play-outs seeded
        if rules.sides == 2:  # the same position seen from the other side
            other = chances(rules, scores[::-1], (dealer + 1) % rules.players)
            assert found == pytest.approx(other[::-1], abs=2e-4)


def _game(rules: RuleOptions, seed: int):  # type: ignore[no-untyped-def]
    players = [ExpertStrategy()] * rules.players
    game = play_game(players, rules, seeded(seed), seed % rules.players, transcript=True)
    return score_game(rules, [recorded_deal(r) for r in game.transcript or []])


@pytest.mark.parametrize("rules", MODES, ids=_ids)
def test_a_deal_in_play_has_the_chances_of_the_whole_deal_so_far(rules: RuleOptions) -> None:
    """An event's chance is what the table knows then: the same whether the deal is sent in
    play (no hands) or whole; after the crib, the next deal's chance before it begins; the
    winning event, one for the winner."""
    game = _game(rules, 11)
    for refereed in game.deals:
        assert refereed.deal is not None
        assert refereed.score is not None
        whole = deal_chances(refereed.deal, refereed.score)
        if refereed.score.winner is not None:
            assert whole.now[refereed.score.winner.side] == 1.0
            assert whole.events[-1] == whole.now
        else:
            following = (refereed.dealer + 1) % rules.players
            assert whole.now == chances(rules, refereed.score.scores, following)
        for entries in range(1, len(refereed.deal.plays), 3):
            in_play = replace(refereed.deal, hands=None, crib=None,
                              plays=refereed.deal.plays[:entries])  # fmt: skip
            partial = deal_chances(in_play, score_deal(in_play)).events
            assert partial == whole.events[: len(partial)]


def test_a_point_near_the_end_weighs_more() -> None:
    """Taking two points off a side: little at the start, much at 58 of 61; a fraction of a
    point in proportion; below nought the rest goes to the other side."""
    early = chances(TWO, (10, 10), 0)[0] - chance_with_fewer(TWO, (10, 10), 0, BETWEEN, 0, 2)
    late = chances(TWO, (58, 57), 0)[0] - chance_with_fewer(TWO, (58, 57), 0, BETWEEN, 0, 2)
    assert 0 < early < late
    whole = chance_with_fewer(TWO, (40, 50), 1, BETWEEN, 1, 3)
    half = chance_with_fewer(TWO, (40, 50), 1, BETWEEN, 1, 3.5)
    next_ = chance_with_fewer(TWO, (40, 50), 1, BETWEEN, 1, 4)
    assert half == pytest.approx((whole + next_) / 2)
    assert chance_with_fewer(TWO, (1, 20), 0, BETWEEN, 0, 3) == chances(TWO, (0, 22), 0)[0]
    assert chance_with_fewer(TWO, (1, 20), 0, BETWEEN, 0, 0) == chances(TWO, (1, 20), 0)[0]


def test_a_players_chance_before_his_tile_counts_what_was_scored_before_it() -> None:
    game = _game(TWO, 4)
    refereed = game.deals[0]
    assert refereed.deal is not None
    assert refereed.score is not None
    events = refereed.score.events
    for entry, play in enumerate(refereed.deal.plays):
        if play.tile is None:
            continue
        scores, _ = before_entry(refereed.deal, refereed.score, entry)
        earlier = [e for e in events if e.kind == "starter" or ((e.entry or 0) < entry and
                   e.kind in ("play", "go"))]  # fmt: skip
        assert scores == (earlier[-1].scores if earlier else tuple(refereed.deal.scores))


@pytest.mark.parametrize(
    ("rules", "scores", "dealer"),
    [(THREE, (50, 45, 55), 1), (FOUR, (40, 50, 45, 55), 2)],
    ids=["three", "four"],
)
def test_play_outs_agree_with_games_played_on(
    rules: RuleOptions, scores: tuple[int, ...], dealer: int
) -> None:
    """Three and four sides: the play-outs' shares against 1,500 games the engine plays on
    from the same position, within both 99.9% intervals combined (z = 3.29)."""
    games = 1500
    wins = [0] * rules.sides
    players = [ExpertStrategy()] * rules.players
    for i in range(games):
        wins[play_on(players, rules, seeded(i), dealer, scores).winner] += 1
    found = chances(rules, scores, dealer)
    for side, won in enumerate(wins):
        p = (won / games + found[side]) / 2
        half = 3.29 * (p * (1 - p) * (1 / games + 1 / PLAYOUTS)) ** 0.5
        assert abs(won / games - found[side]) <= half, (side, won / games, found[side])


def test_tables_exist_for_the_rule_books_show_rules_only() -> None:
    assert uncovered(RuleOptions(target=121, muggins=True, players=3)) is None
    assert uncovered(RuleOptions(starter_double_points=2)) == "starter_double_points"
    assert uncovered(RuleOptions(starter_double_points=2), starter=False) is None
    blank = RuleOptions(starter_double_points=0, double_blank_in_fifteens=False)
    assert uncovered(blank) == "starter_double_points"
    assert uncovered(blank, starter=False) == "double_blank_in_fifteens"
