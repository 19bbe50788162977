"""The others' holdings drawn as their lay-aways make likely (``AgainstExpected`` with three
and four players, ``AgainstLayAway`` with the expert's lay-away with two): every deal fits what
the seat knows, and the lay-away shows in which holdings are drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import seeded
from scoring_api.rules.tiles import tiles_in
from scoring_api.sim.expected import best_discard
from scoring_api.sim.expert.strategy import ExpertLayAway, ExpertStrategy
from scoring_api.sim.expert.tables import ExpertTables, shipped_tables
from scoring_api.sim.game import play_game
from scoring_api.sim.playouts.holdings import AGAINST_EXPECTED, UNIFORM, AgainstLayAway
from scoring_api.sim.playouts.knowledge import SeatView
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import ExpectedStrategy

from .helpers import Recorder

MODES = [RuleOptions(players=3), RuleOptions(players=4), RuleOptions(players=4, partners=True)]
DRAWS = 20


def choices(rules: RuleOptions) -> list[Seat]:
    """What a search seat was told at each of its choices over three games."""
    recorder = Recorder()
    others = [ExpectedStrategy() for _ in range(rules.players - 1)]
    for game in range(3):
        play_game([recorder, *others], rules, seeded(game), game % rules.players)
    assert len(recorder.choices) > 15
    return [seat for seat, _, _ in recorder.choices]


def keepable(view: SeatView, hands: Sequence[Sequence[int]], rules: RuleOptions) -> int:
    """How many other seats' holdings ``expected`` would have kept: with some tile nobody
    is dealt, the five (his laid tiles, his holding, that tile) lay that tile away."""
    left = Counter(view.unseen)
    for seat, hand in enumerate(hands):
        if seat != view.seat:
            left.subtract(hand)
    kept = 0
    for seat, hand in enumerate(hands):
        if seat == view.seat:
            continue
        laid = [tile.value for tile in tiles_in[view.played[seat]]]
        own_crib = view.sides[seat] == view.sides[view.dealer]
        for value in (v for v in left if left[v] > 0):
            values = tuple(sorted([*laid, *hand, value]))
            if values[best_discard(values, own_crib, rules)[0]] == value:
                kept += 1
                break
    return kept


@pytest.mark.parametrize("rules", MODES, ids=["three", "four", "partners"])
def test_every_deal_fits_what_the_seat_knows(rules: RuleOptions) -> None:
    for seat in choices(rules):
        view = seat.view()
        for hands in AGAINST_EXPECTED.deals(view, view.stream(), DRAWS):
            assert hands[view.seat] == list(view.hand)
            dealt: Counter[int] = Counter()
            for other, hand in enumerate(hands):
                if other == view.seat:
                    continue
                assert len(hand) == view.held[other]
                assert hand == sorted(hand)
                assert all(value > view.above[other] for value in hand)
                dealt.update(hand)
            assert not dealt - Counter(view.unseen)  # no tile dealt twice, none he has seen


@pytest.mark.parametrize("rules", MODES, ids=["three", "four", "partners"])
def test_the_holdings_drawn_are_those_their_lay_aways_make_likely(rules: RuleOptions) -> None:
    """Drawn uniformly, about a quarter of the others' holdings are ones ``expected`` would
    not have kept from any five; drawn with the lay-away, few are (those where every try was
    rejected)."""
    inferred = uniform = seats = 0
    for seat in choices(rules):
        view = seat.view()
        rng = view.stream()
        for _ in range(DRAWS):
            inferred += keepable(view, AGAINST_EXPECTED.deals(view, rng, 1)[0], rules)
            uniform += keepable(view, UNIFORM.deals(view, rng, 1)[0], rules)
            seats += rules.players - 1
    assert inferred / seats > 0.85
    assert inferred / seats > uniform / seats + 0.1


def test_the_views_seed_is_what_the_seat_knows_and_nothing_else() -> None:
    """The draws are seeded by the view alone: a seat told the same, the same deals."""
    seat = choices(RuleOptions(players=4))[0]
    view = seat.view()
    assert view == seat.snapshot().view()
    again = AGAINST_EXPECTED.deals(seat.snapshot().view(), view.stream(), 5)
    assert AGAINST_EXPECTED.deals(view, view.stream(), 5) == again


def two_player_choices() -> list[Seat]:
    """What a search seat was told at each of its choices over three two-player games."""
    recorder = Recorder()
    for game in range(3):
        play_game([recorder, ExpertStrategy()], DEFAULT_RULES, seeded(game), game % 2)
    assert len(recorder.choices) > 15
    return [seat for seat, _, _ in recorder.choices]


def expert_would_keep(view: SeatView, holding: Sequence[int], tables: ExpertTables) -> bool:
    """Whether some two unseen tiles beside the other's laid tiles and ``holding`` make six of
    which the expert keeps all but those two."""
    other = next_seat(view.seat, 2)
    laid = [tile.value for tile in tiles_in[view.played[other]]]
    left = Counter(view.unseen) - Counter(holding)
    for first, second in combinations(sorted(left.elements()), 2):
        values = tuple(sorted([*laid, *holding, first, second]))
        away = tables.discard(values, view.dealer == other)
        if sorted(values[p] for p in away) == [first, second]:
            return True
    return False


def test_two_players_every_holding_fits_and_most_are_ones_the_expert_keeps() -> None:
    """``AgainstLayAway`` with the expert's lay-away: the other's holdings fit what the seat
    knows, and far more of them are ones the expert would have kept than uniform ones are."""
    tables = shipped_tables()
    sampler = AgainstLayAway(ExpertLayAway(tables))
    kept = uniform = 0
    seats = two_player_choices()
    for seat in seats:
        view = seat.view()
        other = next_seat(view.seat, 2)
        rng = view.stream()
        for hands in sampler.deals(view, rng, DRAWS):
            assert hands[view.seat] == list(view.hand)
            holding = hands[other]
            assert len(holding) == view.held[other]
            assert holding == sorted(holding)
            assert all(value > view.above[other] for value in holding)
            assert not Counter(holding) - Counter(view.unseen)
            kept += expert_would_keep(view, holding, tables)
        for hands in UNIFORM.deals(view, rng, DRAWS):
            uniform += expert_would_keep(view, hands[other], tables)
    draws = DRAWS * len(seats)
    assert kept / draws > 0.9
    assert kept / draws > uniform / draws + 0.1
