"""Deals of simulated games as review requests: what the tests and bench/ review
(bench/review_speed.py, bench/review_figures.py)."""

from __future__ import annotations

from collections.abc import Iterator

from scoring_api.rules.deal import Deal
from scoring_api.rules.records import Play
from scoring_api.sim.advisor import Model
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.review.inputs import DEFAULT_PLAYOUTS, ReviewRequest
from scoring_api.sim.runs import SimulationRequest, play_one


def request_from_record(
    record: DealRecord,
    request: SimulationRequest,
    model: Model,
    playouts: int = DEFAULT_PLAYOUTS,
    seats: tuple[int, ...] | None = None,
) -> ReviewRequest:
    """The review of a transcript's deal, from scores of 0 (so it is a whole deal)."""
    rules = request.rules
    hands = [
        [tile for tile in drawn if tile not in away]
        for drawn, away in zip(record.hands, record.discards, strict=True)
    ]
    crib = [tile for away in record.discards for tile in away] + list(record.blind)
    plays = [Play(entry.player, entry.tile) for entry in record.plays]
    deal = Deal(rules, record.dealer, [0] * rules.sides, record.starter, hands, crib, plays)
    return ReviewRequest(deal, record.hands, model, seats, playouts)


def whole_deals(request: SimulationRequest) -> Iterator[DealRecord]:
    """Every deal of the run's games that was played to the end (the last of a game may stop
    at the winning point), game by game, in order."""
    shows = request.rules.players + 1
    for index in range(request.first_game, request.first_game + request.games):
        transcript = play_one(request, index, transcript=True).transcript
        assert transcript is not None
        yield from (record for record in transcript if len(record.shows) == shows)
