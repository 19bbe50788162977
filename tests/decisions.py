"""Every decision of a simulated game as the advice endpoints take it: each seat's lay-away
(``/v1/discards/advise``) and each entry of the play, tile or go (``/v1/plays/advise``), asked
with what that seat knew then and nothing else, beside the move the simulator made. Shared by
tests/api/test_moves_replayed.py and bench/move_speed.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scoring_api.rules import Play, RuleOptions
from scoring_api.rules.deal import Deal, score_deal
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.runs import SimulationRequest, play_one
from scoring_api.sim.strategies import scores_from

LAY_AWAY = "/v1/discards/advise"
MOVE = "/v1/plays/advise"


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: the request and what the simulator did."""

    path: str
    """The endpoint asked."""
    body: dict[str, Any]
    """What the seat knew, as the endpoint takes it."""
    made: Any
    """The simulator's move: the tiles laid away (sorted), or the entry of the record."""
    seat: int
    """The seat deciding."""


def entry(play: Play) -> dict[str, Any]:
    if play.tile is None:
        return {"player": play.player, "go": True}
    return {"player": play.player, "tile": play.tile.text}


def deals_with_scores(
    request: SimulationRequest, index: int
) -> Iterator[tuple[DealRecord, list[int]]]:
    """Each deal of game ``index`` with each side's score before it, refereed deal by deal."""
    rules = request.rules
    transcript = play_one(request, index, transcript=True).transcript
    assert transcript is not None
    scores = [0] * rules.sides
    for record in transcript:
        yield record, scores
        if len(record.shows) == rules.players + 1:
            kept = [
                [tile for tile in drawn if tile not in away]
                for drawn, away in zip(record.hands, record.discards, strict=True)
            ]
            crib = [tile for away in record.discards for tile in away] + record.blind
            plays = [Play(scored.player, scored.tile) for scored in record.plays]
            deal = Deal(rules, record.dealer, scores, record.starter, kept, crib, plays)
            scores = list(score_deal(deal).scores)


def lay_aways(record: DealRecord, scores: list[int], rules: RuleOptions) -> Iterator[Decision]:
    """Each seat's lay-away, told the board before the deal from his own side's score on."""
    for seat, (drawn, away) in enumerate(zip(record.hands, record.discards, strict=True)):
        own_crib = rules.side_of(seat) == rules.side_of(record.dealer)
        body = {
            "tiles": [tile.text for tile in drawn],
            "dealer": seat == record.dealer,
            "partner_deals": own_crib and seat != record.dealer,
            "rules": rules.as_dict(),
            "scores": list(scores_from(scores, rules.side_of(seat))),
        }
        yield Decision(LAY_AWAY, body, sorted(t.text for t in away), seat)


def moves(record: DealRecord, scores: list[int], rules: RuleOptions) -> Iterator[Decision]:
    """Every entry of the play, asked of its seat with the record before it: goes listed as
    the simulator wrote them, and every other entry those a later tile implies left out (the
    last ones say whose turn it is)."""
    plays = [Play(scored.player, scored.tile) for scored in record.plays]
    for i, play in enumerate(plays):
        seat = play.player
        drawn, away = record.hands[seat], record.discards[seat]
        laid = {p.tile for p in plays[:i] if p.player == seat}
        before = plays[:i]
        if i % 2:
            last = max((k for k, p in enumerate(before) if p.tile is not None), default=-1)
            before = [p for k, p in enumerate(before) if p.tile is not None or k > last]
        body = {
            "rules": rules.as_dict(),
            "dealer": record.dealer,
            "scores": scores,
            "starter": record.starter.text,
            "hand": [t.text for t in drawn if t not in away and t not in laid],
            "laid_away": [t.text for t in away],
            "plays": [entry(p) for p in before],
            "seat": seat,
        }
        yield Decision(MOVE, body, entry(play), seat)


def decisions(request: SimulationRequest, index: int) -> Iterator[Decision]:
    """Every decision of game ``index`` of the run, deal by deal: the lay-aways, then the
    play."""
    rules = request.rules
    for record, scores in deals_with_scores(request, index):
        yield from lay_aways(record, scores, rules)
        yield from moves(record, scores, rules)
