"""The same player as in the simulator: simulated games' transcripts replayed
through the two advice endpoints, asking at every decision what the seat's strategy lays away
and lays, from what that seat knew and nothing else (tests/decisions.py); the answer is the
simulator's move.

Every strategy that lays without the game's chance is here: greedy, expected and expert are
functions of what the seat knows, and search draws from a generator seeded by it (its turn's
knowledge written out), in the simulator as through the API. random draws from the game's own
generator in a simulation, so the API (which seeds it from the request) makes other choices.
"""

from __future__ import annotations

from typing import Any

import pytest
from decisions import LAY_AWAY, decisions

from scoring_api.rules import parse_rules
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest

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


@pytest.mark.parametrize("mode", MODES)
def test_every_decision_of_simulated_games_is_the_simulators(
    api: ContractClient, mode: str
) -> None:
    given, lineup = MODES[mode]
    rules = parse_rules(given)
    budgets = tuple(BUDGET if name == "search" else None for name in lineup)
    request = SimulationRequest(lineup_of(lineup, budgets), rules, 4141, 2, first_dealer="draw")
    asked = {"lay_away": 0, "tile": 0, "go": 0}
    for index in range(request.games):
        for decision in decisions(request, index):
            name = lineup[decision.seat]
            body = {**decision.body, "strategy": name}
            if name == "search":
                body["budget"] = BUDGET
            if decision.path != LAY_AWAY:
                body["playouts"] = PLAYOUTS
            response = api.post(decision.path, body)
            assert response.status_code == 200, (body, response.get_data(as_text=True))
            answer = response.get_json()
            if decision.path == LAY_AWAY:
                assert sorted(answer["choice"]["discard"]) == decision.made, body
                asked["lay_away"] += 1
            else:
                assert answer["seat"] == decision.seat
                assert answer["choice"] == decision.made, (body, answer)
                asked["go" if "go" in decision.made else "tile"] += 1
    assert asked["lay_away"] >= 4 * rules.players
    assert asked["tile"] >= 4 * 4 * rules.players
    assert asked["go"] >= 1
