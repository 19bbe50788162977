"""The others' holdings drawn as their lay-aways make likely (three and four players): every
deal fits what the seat knows, and the lay-away shows in which holdings are drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

import pytest

from scoring_api.rules import RuleOptions
from scoring_api.rules.tiles import TileMask, tiles_in
from scoring_api.sim.expected import best_discard
from scoring_api.sim.game import play_game
from scoring_api.sim.inference import holdings_for, inferred_holdings
from scoring_api.sim.review.views import PlayView, draw_holdings
from scoring_api.sim.search import play_view
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
        play_game([recorder, *others], rules, Random(f"infer:{game}"), game % rules.players)
    assert len(recorder.choices) > 15
    return [seat for seat, _, _ in recorder.choices]


def keepable(
    view: PlayView, hands: Sequence[Sequence[int]], played: Sequence[TileMask], dealer: int,
    rules: RuleOptions,
) -> int:  # fmt: skip
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
        laid = [tile.value for tile in tiles_in[played[seat]]]
        own_crib = view.sides[seat] == view.sides[dealer]
        for value in (v for v in left if left[v] > 0):
            values = tuple(sorted([*laid, *hand, value]))
            if values[best_discard(values, own_crib, rules)[0]] == value:
                kept += 1
                break
    return kept


@pytest.mark.parametrize("rules", MODES, ids=["three", "four", "partners"])
def test_every_deal_fits_what_the_seat_knows(rules: RuleOptions) -> None:
    for seat in choices(rules):
        view = play_view(seat)
        rng = Random(view.seed)
        for _ in range(DRAWS):
            hands = inferred_holdings(view, seat.played, seat.dealer, rules, rng)
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
        view = play_view(seat)
        rng = Random(view.seed)
        for _ in range(DRAWS):
            hands = inferred_holdings(view, seat.played, seat.dealer, rules, rng)
            inferred += keepable(view, hands, seat.played, seat.dealer, rules)
            uniform += keepable(view, draw_holdings(view, rng), seat.played, seat.dealer, rules)
            seats += rules.players - 1
    assert inferred / seats > 0.85
    assert inferred / seats > uniform / seats + 0.1


def test_without_the_rules_the_holdings_are_drawn_uniformly() -> None:
    rules = RuleOptions(players=4)
    seat = choices(rules)[0]
    view = play_view(seat)
    assert holdings_for(view, seat.played, seat.dealer, None, Random(3)) == draw_holdings(
        view, Random(3)
    )
    assert holdings_for(view, seat.played, seat.dealer, rules, Random(3)) == inferred_holdings(
        view, seat.played, seat.dealer, rules, Random(3)
    )
