"""Answers say which stream made them, and a request for the stream before is a clear 422
(issue 52 item 3): over HTTP, each answer checked against openapi.yaml."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring_api.rules.options import RuleOptions
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.streams import OLD_STREAM, STREAM_VERSION, game_stream

from .contract import SPEC, ContractClient, pointers, problem_of

ASKED = [
    ("/v1/simulations", "twoGames"),
    ("/v1/deals/review", "twoPlayers"),
    ("/v1/games/review", "inProgress"),
    ("/v1/plays/advise", "afterFifteen"),
    ("/v1/discards/advise", "nonDealer"),
]
"""Each operation whose answer draws random numbers, and a request example of it."""


def _request(path: str, name: str) -> dict[str, Any]:
    examples = SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    value: dict[str, Any] = copy.deepcopy(examples["examples"][name]["value"])
    value.pop("stream", None)
    return value


@pytest.mark.parametrize(("path", "name"), ASKED)
def test_the_answer_says_its_stream_and_asking_for_it_changes_nothing(
    api: ContractClient, path: str, name: str
) -> None:
    body = _request(path, name)
    answer = api.post(path, body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["stream"] == STREAM_VERSION == 2
    again = api.post(path, {**body, "stream": STREAM_VERSION})
    assert again.get_json() == answer.get_json()


@pytest.mark.parametrize(("path", "name"), ASKED)
@pytest.mark.parametrize("stream", [OLD_STREAM, 0, 3, 2.5, "2"])
def test_asking_for_another_stream_is_a_422_naming_it(
    api: ContractClient, path: str, name: str, stream: object
) -> None:
    problem = problem_of(api.post(path, {**_request(path, name), "stream": stream}), 422)
    assert pointers(problem) == ["/stream"]
    if stream == OLD_STREAM:
        assert "only stream 2 is served" in problem["errors"][0]["detail"]
        assert "stream 1 made other games" in problem["errors"][0]["detail"]


def test_a_game_record_the_engine_played_says_its_stream_and_scores() -> None:
    rules = RuleOptions()
    players = [strategy_for("greedy"), strategy_for("random")]
    game = play_game(players, rules, game_stream(5, 0), 0, transcript=True)
    record = game_record(game, rules, ["a", "b"], ["greedy", "random"])
    assert record["stream"] == STREAM_VERSION


def test_the_game_record_of_the_engine_is_taken_back(api: ContractClient) -> None:
    rules = RuleOptions()
    players = [strategy_for("expected"), strategy_for("greedy")]
    game = play_game(players, rules, game_stream(5, 1), 1, transcript=True)
    record = game_record(game, rules, ["a", "b"], ["expected", "greedy"])
    scored = api.post("/v1/games/score", record)
    assert scored.status_code == 200, scored.get_data(as_text=True)
    old = {**record, "stream": OLD_STREAM}
    assert pointers(problem_of(api.post("/v1/games/score", old), 422)) == ["/stream"]
