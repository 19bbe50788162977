"""The same player as in the simulator (issue 41 item 3): simulated games' transcripts replayed
through the two advice endpoints, asking at every decision what the seat's strategy lays away
and lays, from what that seat knew and nothing else; the answer is the simulator's move.

Every strategy that lays without the game's chance is here: greedy, expected and expert are
functions of what the seat knows, and search draws from a generator seeded by it (its turn's
knowledge written out), in the simulator as through the API. random draws from the game's own
generator in a simulation, so the API (which seeds it from the request) makes other choices.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scoring_api.rules import Play, RuleOptions, parse_rules
from scoring_api.rules.deal import Deal, score_deal
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.runs import SimulationRequest, play_one

from .contract import ContractClient

BUDGET = 40
"""search's budget in these games: small, so that every decision is asked in seconds."""
PLAYOUTS = 10
"""The options' worth is not what is compared: a few play-outs each."""
MODES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "two": ({}, ("expert", "search")),
    "two-greedy": ({"target": 121}, ("greedy", "expected")),
    "three": ({"players": 3}, ("search", "expected", "greedy")),
    "four": ({"players": 4}, ("expert", "greedy", "search", "expected")),
    "partners": ({"players": 4, "partners": True}, ("search", "expert", "greedy", "expected")),
}


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
        kept = [
            [tile for tile in drawn if tile not in away]
            for drawn, away in zip(record.hands, record.discards, strict=True)
        ]
        crib = [tile for away in record.discards for tile in away] + record.blind
        plays = [Play(entry.player, entry.tile) for entry in record.plays]
        if len(record.shows) == rules.players + 1:
            deal = Deal(rules, record.dealer, scores, record.starter, kept, crib, plays)
            scores = list(score_deal(deal).scores)


def player(request: SimulationRequest, seat: int) -> dict[str, Any]:
    name = request.lineup[seat]
    return {"strategy": name, **({"budget": BUDGET} if name == "search" else {})}


def entry(play: Play) -> dict[str, Any]:
    if play.tile is None:
        return {"player": play.player, "go": True}
    return {"player": play.player, "tile": play.tile.text}


def ask(api: ContractClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(path, body)
    assert response.status_code == 200, (body, response.get_data(as_text=True))
    answer: dict[str, Any] = response.get_json()
    return answer


def check_lay_aways(
    api: ContractClient, request: SimulationRequest, record: DealRecord, rules: RuleOptions
) -> int:
    asked = 0
    for seat, (drawn, away) in enumerate(zip(record.hands, record.discards, strict=True)):
        own_crib = rules.side_of(seat) == rules.side_of(record.dealer)
        body = {
            "tiles": [tile.text for tile in drawn],
            "dealer": seat == record.dealer,
            "partner_deals": own_crib and seat != record.dealer,
            "rules": rules.as_dict(),
            **player(request, seat),
        }
        choice = ask(api, "/v1/discards/advise", body)["choice"]
        assert sorted(choice["discard"]) == sorted(tile.text for tile in away), (seat, body)
        asked += 1
    return asked


def check_play(
    api: ContractClient,
    request: SimulationRequest,
    record: DealRecord,
    scores: list[int],
    rules: RuleOptions,
) -> int:
    """Every entry of the play, tile or go, asked of its seat with the record before it (goes
    listed as the simulator wrote them, and every other time those left out that a later
    tile implies)."""
    plays = [Play(scored.player, scored.tile) for scored in record.plays]
    asked = 0
    for i, play in enumerate(plays):
        seat = play.player
        drawn, away = record.hands[seat], record.discards[seat]
        laid = {p.tile for p in plays[:i] if p.player == seat}
        before = plays[:i]
        if i % 2:  # the goes a later tile implies left out (the last ones say whose turn)
            last_tile = max((k for k, p in enumerate(before) if p.tile is not None), default=-1)
            before = [p for k, p in enumerate(before) if p.tile is not None or k > last_tile]
        body = {
            "rules": rules.as_dict(),
            "dealer": record.dealer,
            "scores": scores,
            "starter": record.starter.text,
            "hand": [t.text for t in drawn if t not in away and t not in laid],
            "laid_away": [t.text for t in away],
            "plays": [entry(p) for p in before],
            "seat": seat,
            "playouts": PLAYOUTS,
            **player(request, seat),
        }
        answer = ask(api, "/v1/plays/advise", body)
        assert answer["seat"] == seat
        assert answer["choice"] == entry(play), (i, body, answer)
        asked += 1
    return asked


@pytest.mark.parametrize("mode", MODES)
def test_every_decision_of_simulated_games_is_the_simulators(
    api: ContractClient, mode: str
) -> None:
    given, lineup = MODES[mode]
    rules = parse_rules(given)
    budgets = tuple(BUDGET if name == "search" else None for name in lineup)
    request = SimulationRequest(lineup, rules, 4141, 2, first_dealer="draw", budgets=budgets)
    lay_aways = tiles = 0
    for index in range(request.games):
        for record, scores in deals_with_scores(request, index):
            lay_aways += check_lay_aways(api, request, record, rules)
            tiles += check_play(api, request, record, scores, rules)
    assert lay_aways >= 4 * rules.players
    assert tiles >= 4 * 4 * rules.players
