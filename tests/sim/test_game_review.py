"""The review of a whole game (sim/review/game.py): each deal's review, each decision's loss in
the chance to win, each player's figures (docs/review.md, a whole game)."""

from __future__ import annotations

import pytest

from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.review.deal import review_deal
from scoring_api.sim.review.game import (
    CHANCE_THRESHOLDS,
    KEY_DECISIONS,
    NOT_DRAWN,
    GameReview,
    GameToReview,
    accuracy,
    review_game,
)
from scoring_api.sim.review.inputs import ReviewRequest

PLAYOUTS = 30


def _reviewed(rules: RuleOptions, lineup: list[str], seed: int, drawn: bool = True) -> GameReview:
    players = [strategy_for(name) for name in lineup]
    game = play_game(players, rules, seeded(seed), seed % rules.players, transcript=True)
    records = game.transcript or []
    scored = score_game(rules, [recorded_deal(record) for record in records])
    draws = [record.hands if drawn else None for record in records]
    model = "expert" if rules.players == 2 else "expected"
    return review_game(GameToReview(rules, scored, draws, model, PLAYOUTS))


@pytest.mark.parametrize(
    "rules", [RuleOptions(), RuleOptions(players=3), RuleOptions(players=4, partners=True)]
)
def test_each_player_adds_up_his_decisions(rules: RuleOptions) -> None:
    review = _reviewed(rules, ["greedy"] * rules.players, 5)
    decisions = [d for deal in review.deals for d in deal.decisions]
    assert all(deal.review is not None for deal in review.deals)
    for deal in review.deals:
        assert deal.review is not None
        assert [d.decision for d in deal.decisions] == list(deal.review.decisions)
    for decision in decisions:
        assert decision.loss >= 0
        if decision.decision.loss == 0:
            assert decision.loss == 0
            assert decision.label in ("best", "forced")
        elif decision.label != "forced":
            below = [b for label, b in CHANCE_THRESHOLDS if label == decision.label]
            assert not below or decision.loss < below[0]
    for player in review.players:
        mine = [d for d in decisions if d.decision.seat == player.seat]
        choices = [d for d in mine if d.decision.label != "forced"]
        assert player.choices == len(choices)
        assert player.loss == pytest.approx(sum(d.decision.loss for d in mine), abs=1e-3)
        assert player.chance_loss == pytest.approx(sum(d.loss for d in mine), abs=1e-3)
        mean = sum(accuracy(d.loss) for d in choices) / len(choices)
        assert player.accuracy == pytest.approx(mean, abs=0.051)
        side_losses = sum(d.loss for d in decisions if d.side == player.side)
        moved = review.end[player.side] - review.start[player.side]
        assert player.chance_luck == pytest.approx(moved + side_losses, abs=1e-3)
        assert len(player.key) <= KEY_DECISIONS
        assert [d.loss for d in player.key] == sorted((d.loss for d in player.key), reverse=True)
        assert all(d.decision.seat == player.seat and d.loss > 0 for d in player.key)
        if player.key:
            assert player.key[0].loss == max(d.loss for d in mine)


def test_each_deal_is_reviewed_as_the_deal_review_reviews_it() -> None:
    rules = RuleOptions()
    players = [strategy_for("expected"), strategy_for("random")]
    game = play_game(players, rules, seeded(9), 1, transcript=True)
    records = game.transcript or []
    scored = score_game(rules, [recorded_deal(record) for record in records])
    review = review_game(GameToReview(rules, scored, [r.hands for r in records], "expert", 20))
    for deal, refereed, record in zip(review.deals, scored.deals, records, strict=True):
        assert refereed.deal is not None
        alone = review_deal(ReviewRequest(refereed.deal, record.hands, "expert", None, 20))
        assert deal.review == alone


def test_a_deal_without_its_drawn_tiles_is_not_reviewed() -> None:
    review = _reviewed(RuleOptions(), ["greedy", "greedy"], 2, drawn=False)
    assert all(deal.review is None and deal.reason == NOT_DRAWN for deal in review.deals)
    assert all(player.accuracy is None and player.choices == 0 for player in review.players)


def test_accuracy_falls_with_the_loss() -> None:
    assert accuracy(0.0) == 100.0
    assert accuracy(0.01) > accuracy(0.05) > accuracy(0.2) > accuracy(0.6) > accuracy(0.9) == 0
    assert accuracy(0.05) == pytest.approx(103.1668 * 2.718281828 ** (-0.04354 * 5) - 3.1669,
                                           abs=0.05)  # fmt: skip


def test_the_ladder_shows_in_accuracy() -> None:
    """Over ten games each, the expert's mean accuracy above greedy's, greedy's above
    random's (each playing itself)."""
    rules = RuleOptions()

    def mean_accuracy(name: str) -> float:
        found = []
        for seed in range(10):
            for player in _reviewed(rules, [name, name], seed).players:
                assert player.accuracy is not None
                found.append(player.accuracy)
        return sum(found) / len(found)

    assert mean_accuracy("expert") > mean_accuracy("greedy") > mean_accuracy("random")
