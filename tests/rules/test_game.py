"""A whole game refereed from its record (rules/game.py): the simulator's games end where the
referee says, and a record that does not add up is refused naming the deal and the field."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring_api.rules import IllegalPlayError, MalformedInputError, RuleOptions
from scoring_api.rules.game import RecordedDeal, score_game
from scoring_api.rules.records import Play
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.registry import strategy_for

MODES = [
    RuleOptions(),
    RuleOptions(target=121),
    RuleOptions(players=3),
    RuleOptions(players=4),
    RuleOptions(players=4, partners=True),
]


def _game(rules: RuleOptions, seed: int):  # type: ignore[no-untyped-def]
    players = [strategy_for("greedy")] * rules.players
    result = play_game(players, rules, seeded(seed), seed % rules.players, transcript=True)
    return result, [recorded_deal(record) for record in result.transcript or []]


@pytest.mark.parametrize("rules", MODES, ids=lambda r: f"{r.players}{'p' * r.partners}{r.target}")
def test_simulated_games_end_where_the_referee_says(rules: RuleOptions) -> None:
    for seed in range(8):
        result, deals = _game(rules, seed)
        game = score_game(rules, deals)
        assert game.winner is not None
        assert game.winner.side == result.winner
        assert game.winner.deal == len(deals) - 1
        assert list(game.scores) == list(result.scores)
        assert list(game.lurched) == list(result.lurched)
        assert game.next_dealer is None
        for before, after in zip(game.deals, game.deals[1:], strict=False):
            assert before.score is not None
            assert after.before == before.score.scores


def test_a_game_in_progress_is_refereed_as_far_as_it_goes() -> None:
    rules = RuleOptions()
    _, deals = _game(rules, 3)
    two = score_game(rules, deals[:2])
    assert two.winner is None
    assert two.next_dealer == (deals[1].dealer + 1) % 2
    not_begun = RecordedDeal(deals[2].dealer, None)
    three = score_game(rules, [*deals[:2], not_begun])
    assert three.scores == two.scores
    assert three.next_dealer is None
    assert three.deals[-1].score is None
    in_play = replace(deals[2], hands=None, crib=None, plays=list(deals[2].plays)[:3])
    assert score_game(rules, [*deals[:2], in_play]).deals[-1].score is not None


def test_a_record_that_does_not_add_up_names_the_deal_and_field() -> None:
    rules = RuleOptions()
    _, deals = _game(rules, 5)

    def refused(record: list[RecordedDeal]) -> str:
        with pytest.raises(MalformedInputError) as caught:
            score_game(rules, record)
        return caught.value.pointer

    assert refused([]) == "/deals"
    assert refused([deals[0], replace(deals[1], dealer=deals[0].dealer)]) == "/deals/1/dealer"
    assert refused([deals[0], replace(deals[1], scores=[0, 0])]) == "/deals/1/scores"
    assert refused([replace(deals[0], crib=None), deals[1]]) == "/deals/0/crib"
    assert refused([replace(deals[0], starter=None), deals[1]]) == "/deals/0/starter"
    assert refused([replace(deals[0], starter=None)]) == "/deals/0/starter"  # it has plays
    assert refused([deals[0], replace(deals[1], hands=[[]])]) == "/deals/1/hands"
    assert refused([*deals, replace(deals[0], dealer=(deals[-1].dealer + 1) % 2)]) == (
        f"/deals/{len(deals)}"
    )
    with_scores = [replace(d, scores=g.before) for d, g in
                   zip(deals, score_game(rules, deals).deals, strict=True)]  # fmt: skip
    assert score_game(rules, with_scores).winner == score_game(rules, deals).winner


def test_an_illegal_play_names_its_deal() -> None:
    rules = RuleOptions()
    _, deals = _game(rules, 6)
    plays = list(deals[1].plays)
    plays[0], plays[1] = plays[1], plays[0]
    with pytest.raises(IllegalPlayError) as caught:
        score_game(rules, [deals[0], replace(deals[1], plays=[*plays, Play(0)])])
    assert caught.value.deal == 1
    assert caught.value.index == 0
