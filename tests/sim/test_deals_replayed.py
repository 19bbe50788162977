"""A simulated game's transcript, fed deal by deal to the deal referee (rules/deal.py), gives
the same events, scores and winner as the game engine: the two apply one game end rule, under
the rule book's rules and under each other value of each rule option (``RULE_OPTIONS``)."""

from __future__ import annotations

import pytest

from scoring_api.rules import RULE_OPTIONS, Play, RuleOptions, parse_rules
from scoring_api.rules.deal import Deal, score_deal
from scoring_api.sim.outcome import DealRecord, GameResult
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, play_all

MODES = {
    "rule-book": parse_rules({}),
    **{
        f"{option.name}={value}": parse_rules(
            {option.name: value, **({"players": 4} if option.name == "partners" else {})}
        )
        for option in RULE_OPTIONS
        for value in option.allowed[1:]
    },
}
"""The rule book's rules, and each other value of each option alone (partners at four)."""


def engine_events(record: DealRecord, rules: RuleOptions) -> list[tuple[int, int]]:
    """(seat, points) of each event the engine scored in this deal, go points on their own."""
    found = [(record.dealer, record.starter_points)]
    for play in record.plays:
        closing = [i.points for i in play.items if i.kind in ("go", "last_tile")]
        found.append((play.player, play.points - sum(closing)))
        found += [(play.player, points) for points in closing]
    found += [(shown.player, shown.total) for shown in record.shows]
    return [(seat, points) for seat, points in found if points]


def replay(game: GameResult, rules: RuleOptions) -> None:
    assert game.transcript is not None
    scores = [0] * rules.sides
    for number, record in enumerate(game.transcript):
        kept = [
            [tile for tile in drawn if tile not in away]
            for drawn, away in zip(record.hands, record.discards, strict=True)
        ]
        crib = [tile for away in record.discards for tile in away] + record.blind
        plays = [Play(entry.player, entry.tile) for entry in record.plays]
        deal = score_deal(Deal(rules, record.dealer, scores, record.starter, kept, crib, plays))
        refereed = [(event.seat, event.points) for event in deal.events if event.points]
        assert refereed == engine_events(record, rules), number
        scores = list(deal.scores)
        if number < len(game.transcript) - 1:
            assert deal.winner is None
    assert deal.winner is not None
    assert deal.winner.side == game.winner
    assert scores == game.scores
    assert list(deal.lurched) == game.lurched


@pytest.mark.parametrize("mode", MODES)
def test_simulated_games_replayed_deal_by_deal(mode: str) -> None:
    rules = MODES[mode]
    lineup = ("expected", "greedy", "random", "expected")[: rules.players]
    request = SimulationRequest(
        lineup_of(lineup), rules, seed=424242, games=25, first_dealer="draw"
    )
    for game in play_all(request, transcript=True):
        replay(game, rules)
