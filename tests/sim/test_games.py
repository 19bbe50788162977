"""Whole games in the engine: points add up, tiles are used once, the game stops at the target,
and every game is a pure function of (request, index)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import pytest

from scoring_api.rules import RuleOptions, leader, show_total
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import Tile
from scoring_api.sim.game import play_game
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.registry import NAMES, lineup_of
from scoring_api.sim.runs import (
    FirstDealer,
    SimulationRequest,
    Totals,
    play_all,
    play_one,
    run,
)
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import RandomStrategy, is_blind

from .helpers import check_game, small_lineup

PAIRS = [(a, b) for a in NAMES for b in NAMES]
RULES = [
    RuleOptions(),
    RuleOptions(target=121, starter_double_points=2),
    RuleOptions(starter_double_points=0, double_blank_in_fifteens=False),
]


def check_deal(record: DealRecord, rules: RuleOptions) -> None:
    dealt = [*record.hands[0], *record.hands[1], record.starter]
    assert len(set(dealt)) == 13
    kept = []
    for six, pair in zip(record.hands, record.discards, strict=True):
        assert len(six) == 6
        assert len(set(pair)) == 2
        assert set(pair) <= set(six)
        kept.append([tile for tile in six if tile not in pair])
    laid = [(p.player, p.tile) for p in record.plays if p.tile is not None]
    assert len({tile for _, tile in laid}) == len(laid)
    assert all(tile in kept[player] for player, tile in laid)
    assert all(0 <= p.count <= 31 for p in record.plays)
    expected_starter = rules.starter_double_points if record.starter.is_double else 0
    assert record.starter_points == expected_starter
    crib = [*record.discards[0], *record.discards[1]]
    shown = {
        "non_dealer": (leader(record.dealer, 2), kept[leader(record.dealer, 2)]),
        "dealer": (record.dealer, kept[record.dealer]),
        "crib": (record.dealer, crib),
    }
    for show, name in zip(record.shows, shown, strict=False):
        whose, owner, total, items = show.whose, show.player, show.total, show.items
        assert (whose, owner) == (name, shown[name][0])
        assert total == sum(item.points for item in items)
        assert total == show_total((*shown[name][1], record.starter), rules)


@pytest.mark.parametrize("rules", RULES, ids=["default", "121", "plain"])
@pytest.mark.parametrize(("zero", "one"), PAIRS)
def test_games_add_up_and_stop_at_the_target(zero: str, one: str, rules: RuleOptions) -> None:
    request = SimulationRequest(small_lineup((zero, one)), rules, 20261130, 15, first_dealer="draw")
    for game in play_all(request, transcript=True):
        check_game(game, rules, check_deal)


def test_a_game_depends_only_on_request_and_index() -> None:
    request = SimulationRequest(lineup_of(("expected", "greedy")), RuleOptions(), seed=9, games=30)
    forward = [play_one(request, i, transcript=True) for i in range(30)]
    order = list(range(30))
    Random(1).shuffle(order)
    for i in order:
        assert play_one(request, i, transcript=True) == forward[i]
    assert list(play_all(request, transcript=True)) == forward


def test_transcripts_do_not_change_the_games() -> None:
    request = SimulationRequest(lineup_of(("greedy", "random")), RuleOptions(), seed=4, games=20)
    for plain, recorded in zip(play_all(request), play_all(request, True), strict=True):
        recorded.transcript = None
        assert plain == recorded


@pytest.mark.parametrize("first_dealer", ["alternate", "draw", 0, 1])
def test_shards_merge_into_the_whole_run(first_dealer: FirstDealer) -> None:
    def shard(first: int, games: int) -> Totals:
        names = ("random", "greedy")
        return run(
            SimulationRequest(lineup_of(names), RuleOptions(), 77, games, first, first_dealer)
        )

    merged = Totals.empty(RuleOptions())
    for first, games in ((0, 37), (37, 1), (38, 62)):
        merged.merge(Totals.from_dict(shard(first, games).as_dict()))
    assert merged == shard(0, 100)


def test_totals_are_the_sums_of_the_games() -> None:
    request = SimulationRequest(lineup_of(("expected", "random")), RuleOptions(), 5, 200)
    games = list(play_all(request))
    totals = run(request)
    assert totals.games == sum(totals.wins) == 200
    assert totals.deals == sum(totals.dealt) == sum(game.deals for game in games)
    assert totals.margin == sum(abs(game.scores[0] - game.scores[1]) for game in games)
    assert totals.lurches == [sum(g.lurch and g.winner == p for g in games) for p in (0, 1)]
    for p in (0, 1):
        assert sum(totals.points[p].values()) == totals.final_scores[p]
        assert totals.dealer_points[p] + totals.non_dealer_points[p] == totals.final_scores[p]
    assert sum(totals.hand_scores) == sum(len(game.hand_scores) for game in games)
    assert sum(totals.crib_scores) == sum(len(game.crib_scores) for game in games)


class _LaysAway(RandomStrategy):
    """Lays away the positions it is built with, whatever it drew."""

    def __init__(self, positions: tuple[int, ...]) -> None:
        self.positions = positions

    def discard(
        self,
        values: tuple[int, ...],
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> tuple[int, ...]:
        return self.positions


@pytest.mark.parametrize("positions", [(0, 0), (0, 6), (1,), (0, 1, 2)])
def test_a_strategy_that_lays_away_what_it_did_not_draw_is_an_error(
    positions: tuple[int, ...],
) -> None:
    """Two players lay away two of six positions: a repeat, a seventh tile or a wrong number
    is refused by name, not played as a hand of five."""
    with pytest.raises(ValueError, match=r"random laid away positions .* of 6 tiles"):
        play_game([_LaysAway(positions), RandomStrategy()], RuleOptions(), seeded(1), 0)


class _LooksAtRandom(RandomStrategy):
    """Random, but notes what it is handed: a subclass of a blind strategy that looks."""

    def __init__(self) -> None:
        self.drawn: list[tuple[int, ...]] = []
        self.hands: list[tuple[int, int]] = []

    def discard(
        self,
        values: tuple[int, ...],
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> tuple[int, ...]:
        self.drawn.append(values)
        return super().discard(values, own_crib, rules, rng, scores)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        self.hands.append((seat.playable_ranks, seat.hand_ranks))
        return super().lay(seat, rng)


def test_a_subclass_of_a_blind_strategy_is_handed_what_it_looks_at() -> None:
    """``chooses_blind`` is random's own word: a subclass that looks is not handed zeros for
    its tiles, nor a seat kept current in its playable tiles alone."""
    looking = _LooksAtRandom()
    assert is_blind(RandomStrategy())
    assert not is_blind(looking)
    play_game([looking, RandomStrategy()], RuleOptions(), seeded(7), 0)
    assert looking.drawn
    assert all(len(values) == 6 for values in looking.drawn)
    assert any(any(values) for values in looking.drawn)
    assert all(list(values) == sorted(values) for values in looking.drawn)
    assert looking.hands
    assert all(playable & ~hand == 0 and hand for playable, hand in looking.hands)
    assert any(playable != hand for playable, hand in looking.hands)


class _ToldScores(RandomStrategy):
    """Lays away at random, keeping the scores each lay-away was told."""

    def __init__(self) -> None:
        self.told: list[tuple[int, ...]] = []

    def discard(
        self,
        values: tuple[int, ...],
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> tuple[int, ...]:
        self.told.append(tuple(scores))
        return super().discard(values, own_crib, rules, rng, scores)


@pytest.mark.parametrize("rules", [RuleOptions(), RuleOptions(players=4, partners=True)])
def test_a_lay_away_is_told_the_scores_before_the_deal_its_own_side_first(
    rules: RuleOptions,
) -> None:
    """Each seat is told every side's score before the deal, his side's first: the seats
    of two sides are told the same board, each from his own side; none is at the target."""
    seats = [_ToldScores() for _ in range(rules.players)]
    result = play_game(seats, rules, seeded(7), 0)
    deals = len(seats[0].told)
    assert deals > 2
    assert all(len(seat.told) == deals for seat in seats)
    for p, seat in enumerate(seats):
        side = rules.side_of(p)
        assert seat.told[0] == (0, 0)
        for before, after in zip(seat.told, seat.told[1:], strict=False):
            assert after[0] >= before[0]
            assert after[1] >= before[1]
            assert sum(after) > sum(before)
            assert max(after) < rules.target
        assert seat.told == seats[side].told
        assert [tuple(reversed(told)) for told in seat.told] == seats[
            next_seat(side, rules.sides)
        ].told
    last = seats[0].told[-1]
    assert last[0] <= result.scores[0]
    assert last[1] <= result.scores[1]
