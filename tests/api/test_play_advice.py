"""POST /v1/plays/advise (and ``strategy`` on /v1/discards/advise): the options of the seat on
turn as /v1/plays/validate judges them, the strategy's choice among them, the best by their
worth, and every state that cannot be a 422 naming its field, as validate names it."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from live_server import UNLIMITED

from scoring_api.api.schemas import AdviceSchema, PlayAdviceSchema
from scoring_api.app import create_app
from scoring_api.sim.registry import NAMES, named

from .contract import ContractClient, pointers, problem_of
from .helpers import TRICKY, edge_accepts, mutated, spec_validator

ADVISE = "/v1/plays/advise"
VALIDATE = "/v1/plays/validate"
# docs/rules.md section 6: N (seat 0) holds 3-4 4-4 0-6 2-2, D (seat 1, the dealer) holds
# 2-6 1-6 4-5 3-3; N laid away 1-2 5-6, D 0-0 5-5; the starter is 1-5.
SIX = [
    {"player": 0, "tile": "3-4"},
    {"player": 1, "tile": "2-6"},
    {"player": 0, "tile": "4-4"},
    {"player": 1, "tile": "1-6"},
    {"player": 0, "go": True},
]
N_ON_15 = {
    "dealer": 1,
    "starter": "1-5",
    "hand": ["4-4", "0-6", "2-2"],
    "laid_away": ["1-2", "5-6"],
    "plays": SIX[:2],
}
D_ON_30 = {
    "dealer": 1,
    "starter": "1-5",
    "hand": ["3-3", "4-5"],
    "laid_away": ["0-0", "5-5"],
    "plays": SIX,
}
DETERMINISTIC = [name for name in NAMES if name != "random"]


def advise(api: ContractClient, body: dict[str, Any], path: str = ADVISE) -> dict[str, Any]:
    response = api.post(path, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


def verdict(api: ContractClient, body: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """/v1/plays/validate's verdict on ``entry`` for the seat of an advice body."""
    asked = {key: body[key] for key in ("plays", "dealer", "starter", "hand") if key in body}
    return advise(api, {**asked, "play": entry}, VALIDATE)


def entry_of(seat: int, option: dict[str, Any]) -> dict[str, Any]:
    return {"player": seat, **{key: option[key] for key in ("tile", "go") if key in option}}


@pytest.mark.parametrize("strategy", DETERMINISTIC)
def test_the_options_are_what_validate_allows(api: ContractClient, strategy: str) -> None:
    body = {**N_ON_15, "strategy": strategy, "playouts": 40}
    answer = advise(api, body)
    assert (answer["seat"], answer["count"], answer["strategy"]) == (0, 15, strategy)
    offered = {option["tile"] for option in answer["options"]}
    for tile in body["hand"]:
        legal = verdict(api, body, {"player": 0, "tile": tile})["legal"]
        assert legal == (tile in offered), tile
    assert not verdict(api, body, {"player": 0, "go": True})["legal"]
    worth = [option["expected"] for option in answer["options"]]
    assert worth == sorted(worth, reverse=True)
    assert answer["best"] == entry_of(0, answer["options"][0])
    assert answer["choice"]["tile"] in offered
    assert verdict(api, body, answer["choice"])["legal"]
    assert answer["choice"]["tile"] in answer["explanation"]


def test_a_seat_that_cannot_lay_is_told_to_say_go(api: ContractClient) -> None:
    answer = advise(api, {**D_ON_30, "strategy": "random"})
    assert answer["seat"] == 1
    assert answer["count"] == 30
    assert [list(option) for option in answer["options"]] == [["go", "expected"]]
    assert answer["choice"] == answer["best"] == {"player": 1, "go": True}
    assert verdict(api, D_ON_30, answer["choice"])["legal"]
    for tile in D_ON_30["hand"]:
        assert not verdict(api, D_ON_30, {"player": 1, "tile": tile})["legal"]


def test_goes_listed_or_left_out_give_the_same_answer(api: ContractClient) -> None:
    # docs/rules.md section 6: N go, D cannot lay (go), N leads the next count with 0-6, and
    # D is on turn at 6; D's go listed, or left out.
    listed = [*SIX, {"player": 1, "go": True}, {"player": 0, "tile": "0-6"}]
    left_out = [*SIX[:4], {"player": 0, "tile": "0-6"}]
    body = {**D_ON_30, "plays": listed}
    answer = advise(api, body)
    assert answer["count"] == 6
    assert answer["seat"] == 1
    assert advise(api, {**body, "plays": left_out}) == answer


def test_the_defaults_are_said(api: ContractClient) -> None:
    answer = advise(api, N_ON_15)
    assert (answer["strategy"], answer["model"], answer["playouts"]) == ("expert", "expert", 300)
    assert "budget" not in answer
    searched = advise(api, {**N_ON_15, "strategy": "search", "playouts": 20})
    assert searched["budget"] == 1000
    three = {
        "rules": {"players": 3},
        "dealer": 2,
        "starter": "5-5",
        "hand": ["3-4", "0-4", "1-3", "2-2"],
        "laid_away": ["0-1"],
        "plays": [],
        "strategy": "search",
        "budget": 30,
        "playouts": 20,
    }
    answer = advise(api, three)
    assert (answer["model"], answer["budget"], answer["seat"], answer["count"]) == (
        "expected",
        30,
        0,
        0,
    )


@pytest.mark.parametrize("strategy", NAMES)
def test_the_same_request_gives_the_same_answer(api: ContractClient, strategy: str) -> None:
    body = {**N_ON_15, "strategy": strategy, "playouts": 30}
    first = api.post(ADVISE, body).get_data()
    assert api.post(ADVISE, copy.deepcopy(body)).get_data() == first


def _state(**change: Any) -> dict[str, Any]:
    return {**N_ON_15, **change}


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        (_state(hand=["3-4", "0-6", "2-2"]), "/hand/0"),  # laid already
        (_state(hand=["1-5", "0-6", "2-2"]), "/hand/0"),  # the starter
        (_state(hand=["4-4", "0-6"]), "/hand"),  # he holds three
        (_state(hand=["4-4", "0-6", "2-2", "3-3"]), "/hand"),
        (_state(hand=["4-4", "0-6", "4-4"]), "/hand/2"),
        (_state(laid_away=["1-2"]), "/laid_away"),
        (_state(laid_away=["1-2", "2-6"]), "/laid_away/1"),  # D laid it
        (_state(laid_away=["1-2", "0-6"]), "/laid_away/1"),  # in his hand
        (_state(laid_away=["1-5", "5-6"]), "/laid_away/0"),  # the starter
        (_state(seat=1), "/seat"),
        (_state(seat=2), "/seat"),  # two players
        (_state(scores=[0, 0, 0]), "/scores"),
        (_state(scores=[60, 59]), "/plays"),  # D's fifteen won the game
        (_state(plays=[*SIX[:1], {"player": 0, "tile": "2-6"}]), "/plays/1"),
        (_state(strategy="greedy", budget=10), "/budget"),
        (_state(strategy="ladder"), "/strategy"),
        (_state(playouts=0), "/playouts"),
    ],
)
def test_a_state_that_cannot_be_is_named(
    api: ContractClient, body: dict[str, Any], pointer: str
) -> None:
    assert pointer in pointers(problem_of(api.post(ADVISE, body), 422))


def test_an_illegal_record_is_refused_as_validate_refuses_it(api: ContractClient) -> None:
    # docs/rules.md section 3: N said go at 23, and 0-2 would have made 25.
    plays = [
        {"player": 0, "tile": "6-6"},
        {"player": 1, "tile": "5-6"},
        {"player": 0, "go": True},
        {"player": 0, "tile": "0-2"},
    ]
    body = {"starter": "1-5", "hand": ["3-3"], "laid_away": ["1-2", "1-3"], "plays": plays}
    problem = problem_of(api.post(ADVISE, body), 422)
    assert (problem["index"], problem["code"], problem["go_index"]) == (3, "go_proved_wrong", 2)
    # the same tile held after that go, N on turn again once D's go closed the count: his
    # hand names it, as validate's does
    closed = [*plays[:3], {"player": 1, "go": True}]
    held = {**body, "plays": closed, "hand": ["0-2", "3-3", "1-1"], "laid_away": ["1-3", "1-4"]}
    problem = problem_of(api.post(ADVISE, {**held, "seat": 0}), 422)
    assert pointers(problem) == ["/hand/0"]
    proposed = {"plays": closed, "play": {"player": 0, "tile": "3-3"}, "hand": held["hand"]}
    assert pointers(problem_of(api.post(VALIDATE, proposed), 422)) == ["/hand/0"]


def test_the_play_over_leaves_nothing_to_advise(api: ContractClient) -> None:
    whole = [*SIX[:4], *[{"player": p, "tile": t} for p, t in
             ((0, "0-6"), (1, "3-3"), (0, "2-2"), (1, "4-5"))]]  # fmt: skip
    body = {**N_ON_15, "hand": ["1-1"], "plays": whole}
    assert pointers(problem_of(api.post(ADVISE, body), 422)) == ["/plays"]


def test_a_client_over_its_advice_rate_gets_429() -> None:
    """The play's advice counts apart from the lay-away's, at the same rate."""
    limited = {"TESTING": True, **UNLIMITED, "SCORING_API_ADVICE_RATE": "2/minute"}
    api = ContractClient(create_app(limited))
    body = {**N_ON_15, "playouts": 5}
    statuses = [api.post(ADVISE, body).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    assert api.post("/v1/discards/advise", {"tiles": DRAWN, "dealer": True}).status_code == 200


BASE = {**N_ON_15, "strategy": "search", "budget": 5, "playouts": 5, "rules": {"target": 121}}


def spec_accepts(name: str, body: dict[str, Any], default: str | None) -> bool:
    """The spec's schema, and the one rule beside it that its description states: a budget
    is for search only (a 422 naming it; JSON Schema could say it only in a form that the
    contract's linter misreads)."""
    for_another = "budget" in body and body.get("strategy", default) != "search"
    return spec_validator(name).is_valid(body) and not for_another


@settings(max_examples=150, deadline=None)
@given(body=mutated(BASE), extra=st.one_of(st.none(), TRICKY))
def test_edge_agrees_with_spec(body: dict[str, Any], extra: Any) -> None:
    if extra is not None:
        body["seat"] = copy.deepcopy(extra)
    spec_says = spec_accepts("PlayAdviceRequest", body, "expert")
    assert spec_says == edge_accepts(PlayAdviceSchema(), body), body


# ---------------------------------------------------------------- the lay-away's strategy

DISCARDS = "/v1/discards/advise"
DRAWN = ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"]


def test_the_ranking_alone_without_a_strategy(api: ContractClient) -> None:
    answer = advise(api, {"tiles": DRAWN, "dealer": True}, DISCARDS)
    assert "choice" not in answer
    assert "strategy" not in answer


@pytest.mark.parametrize("strategy", NAMES)
@pytest.mark.parametrize("rules", [{}, {"players": 3}, {"players": 4, "partners": True}])
def test_each_strategy_chooses_one_of_the_options(
    api: ContractClient, strategy: str, rules: dict[str, Any]
) -> None:
    tiles = DRAWN if not rules else DRAWN[:5]
    body = {"tiles": tiles, "dealer": False, "rules": rules, "strategy": strategy}
    refused = named(strategy).refusal(rules.get("players", 2))
    if refused is not None:  # two players only
        assert pointers(problem_of(api.post(DISCARDS, body), 422)) == ["/strategy"]
        return
    answer = advise(api, body, DISCARDS)
    assert answer["strategy"] == strategy
    assert answer["choice"] in answer["options"]
    assert advise(api, copy.deepcopy(body), DISCARDS) == answer  # random too: seeded


def test_the_strategies_lay_away_as_they_are_described(api: ContractClient) -> None:
    body = {"tiles": DRAWN, "dealer": True, "model": "expected"}
    ranked = advise(api, {**body, "strategy": "expected"}, DISCARDS)
    assert ranked["choice"] == ranked["options"][0]  # the best under its own model
    expert = advise(api, {**body, "model": "expert", "strategy": "expert"}, DISCARDS)
    assert expert["choice"] == expert["options"][0]
    search = advise(api, {**body, "model": "expert", "strategy": "search", "budget": 9}, DISCARDS)
    assert search["choice"] == expert["choice"]  # search lays away as expert
    greedy = advise(api, {**body, "strategy": "greedy"}, DISCARDS)["choice"]
    assert greedy["expected_hand"] == max(o["expected_hand"] for o in ranked["options"])


def test_a_budget_is_for_search_only(api: ContractClient) -> None:
    body = {"tiles": DRAWN, "dealer": True, "strategy": "expert", "budget": 10}
    assert pointers(problem_of(api.post(DISCARDS, body), 422)) == ["/budget"]


ADVICE_BASE = {"tiles": DRAWN, "dealer": True, "strategy": "search", "budget": 3}


@settings(max_examples=100, deadline=None)
@given(body=mutated(ADVICE_BASE))
def test_the_lay_aways_edge_agrees_with_spec(body: dict[str, Any]) -> None:
    spec_says = spec_accepts("AdviceRequest", body, None)
    assert spec_says == edge_accepts(AdviceSchema(), body), body
