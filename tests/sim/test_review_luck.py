"""The game review's luck: each chance event counted again here from the rules core's show
(``score_show``, item by item, not the bulk table), and the side figures from the events."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring_api.rules import ALL_TILES, RuleOptions
from scoring_api.rules.game import score_game
from scoring_api.rules.show import score_show
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.review.deal import LayAwayDecision
from scoring_api.sim.review.game import GameToReview, review_game
from scoring_api.sim.review.inputs import laid_away
from scoring_api.sim.review.luck import BASELINES, LUCK_KINDS

PLAYOUTS = 20


def _show(tiles: tuple, rules: RuleOptions) -> int:
    return score_show(tiles[:4], tiles[4], rules).total


@pytest.mark.parametrize(
    ("rules", "model"),
    [
        (RuleOptions(), "expert"),
        (RuleOptions(players=3), "expected"),
        (RuleOptions(players=4, partners=True), "expected"),
    ],
    ids=["two", "three", "partners"],
)
def test_each_chance_event_is_counted_again(rules: RuleOptions, model: str) -> None:
    game = play_game([strategy_for(model)] * rules.players, rules, seeded(53), 0,
                     transcript=True)  # fmt: skip
    records = game.transcript or []
    scored = score_game(rules, [recorded_deal(record) for record in records])
    drawn = [record.hands for record in records]
    review = review_game(GameToReview(rules, scored, drawn, model, PLAYOUTS))  # type: ignore[arg-type]
    checked = 0
    for reviewed in review.deals:
        if reviewed.review is None:
            continue
        deal = scored.deals[reviewed.deal].deal
        assert deal is not None
        record = records[reviewed.deal]
        lay_aways = {d.seat: d for d in reviewed.review.decisions if isinstance(d, LayAwayDecision)}
        base = BASELINES[(rules.players, rules.partners, model)]
        for event in reviewed.luck:
            seat = event.seat
            seen = list(record.hands[seat])
            kept = [tile for tile in seen if tile not in record.discards[seat]]
            if event.kind == "deal":
                summary = next(s for s in reviewed.review.seats if s.seat == seat)
                place = (seat - deal.dealer) % rules.players
                assert event.points == pytest.approx(summary.expected - base[place], abs=1e-4)
            elif event.kind == "starter":
                unseen = [tile for tile in ALL_TILES if tile not in seen]
                mean = sum(_show((*kept, t), rules) for t in unseen) / len(unseen)
                want = _show((*kept, deal.starter), rules) - mean
                if seat == deal.dealer:
                    doubles = sum(t.is_double for t in unseen) / len(unseen)
                    points = rules.starter_double_points
                    want += (points if deal.starter.is_double else 0) - doubles * points
                assert event.points == pytest.approx(want, abs=1e-4)
            else:
                assert seat == deal.dealer
                own = laid_away(lay_aways[seat].advice.drawn, kept)
                crib = [*(t for away in record.discards for t in away), *record.blind]
                unseen = [t for t in ALL_TILES if t not in seen and t != deal.starter]
                shows = [
                    _show((*own, *rest, deal.starter), rules)
                    for rest in combinations(unseen, len(crib) - len(own))
                ]
                want = _show((*crib, deal.starter), rules) - sum(shows) / len(shows)
                assert event.points == pytest.approx(want, abs=1e-4)
            checked += 1
    assert checked >= 3 * rules.players
    for player in review.players:
        mine = [e for d in review.deals for e in d.luck if e.seat == player.seat]
        assert [kind for kind, _ in player.events] == list(LUCK_KINDS)
        for kind, points in player.events:
            assert points == pytest.approx(sum(e.points for e in mine if e.kind == kind), abs=1e-3)
        assert player.adjusted == pytest.approx(
            review.end[player.side] - player.side_chance_luck, abs=1e-4
        )
    # a side's luck is its events less the others': over the sides it adds up to nought
    sides = {player.side: player.side_luck for player in review.players}
    assert sum(sides.values()) == pytest.approx(0.0, abs=1e-3)
