"""``endgame`` through the API: /v1/plays/advise and /v1/simulations take
it for two players and refuse it, naming the field, for three or four."""

from __future__ import annotations

from typing import Any

from scoring_api.sim.registry import named

from .contract import ContractClient, pointers, problem_of
from .test_play_advice import ADVISE, N_ON_15, advise

SIMULATE = "/v1/simulations"


def test_advise_answers_for_it_near_the_end_and_as_expert_before(api: ContractClient) -> None:
    near = {**N_ON_15, "scores": [50, 52], "strategy": "endgame", "playouts": 30}
    answer = advise(api, near)
    assert answer["strategy"] == "endgame"
    assert answer["choice"]["tile"] in [option["tile"] for option in answer["options"]]
    assert api.post(ADVISE, near).get_data() == api.post(ADVISE, near).get_data()
    far = {**near, "scores": [0, 0]}
    expert = advise(api, {**far, "strategy": "expert"})
    assert advise(api, far)["choice"] == expert["choice"]


def test_advise_refuses_it_for_three_players(api: ContractClient) -> None:
    body = {**N_ON_15, "strategy": "endgame", "rules": {"players": 3}}
    problem = problem_of(api.post(ADVISE, body), 422)
    assert "/strategy" in pointers(problem)
    assert named("endgame").refusal(3) in [e["detail"] for e in problem["errors"]]


def _run(*names: str) -> dict[str, Any]:
    return {"games": 2, "seed": 7, "players": [{"strategy": name} for name in names]}


def test_simulations_take_it_for_two_players_and_refuse_it_for_more(
    api: ContractClient,
) -> None:
    response = api.post(SIMULATE, _run("endgame", "expert"))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_data() == api.post(SIMULATE, _run("endgame", "expert")).get_data()
    for lineup in (("expert", "endgame", "expert"), ("endgame",) * 4):
        problem = problem_of(api.post(SIMULATE, _run(*lineup)), 422)
        seat = lineup.index("endgame")
        assert pointers(problem) == [f"/players/{seat}/strategy"]
