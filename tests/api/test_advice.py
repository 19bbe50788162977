"""POST /v1/discards/advise, checked against brute-force enumeration of the unseen tiles."""

from __future__ import annotations

import copy
from itertools import combinations
from statistics import fmean
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.api.simulation_schemas import AdviceSchema
from scoring_api.rules import ALL_TILES, RuleOptions, Tile, parse_tiles, show_total

from .contract import ContractClient, pointers, problem_of
from .test_http_edge_agreement import TRICKY, edge_accepts, mutated
from .test_simulations import spec_validator

ADVISE = "/v1/discards/advise"
SIX = ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"]


def advise(api: ContractClient, tiles: list[Any], dealer: bool, **extra: Any) -> dict[str, Any]:
    response = api.post(ADVISE, {"tiles": tiles, "dealer": dealer, **extra})
    assert response.status_code == 200, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def unseen(six: tuple[Tile, ...]) -> list[Tile]:
    return [tile for tile in ALL_TILES if tile not in six]


def brute_hand(keep: tuple[Tile, ...], six: tuple[Tile, ...], rules: RuleOptions) -> list[int]:
    """The kept hand's show with each of the 22 unseen starters."""
    return [show_total((*keep, starter), rules) for starter in unseen(six)]


def brute_crib(discard: tuple[Tile, ...], six: tuple[Tile, ...], rules: RuleOptions) -> float:
    """Mean crib over every (opponent's two discards, starter) from the unseen tiles."""
    others = unseen(six)
    totals = [
        show_total((*discard, *pair, starter), rules)
        for pair in combinations(others, 2)
        for starter in others
        if starter not in pair
    ]
    assert len(totals) == 231 * 20
    return fmean(totals)


def test_fifteen_options_best_first(api: ContractClient) -> None:
    body = advise(api, SIX, True)
    options = body["options"]
    assert len(options) == 15
    nets = [option["expected_net"] for option in options]
    assert nets == sorted(nets, reverse=True)
    assert {frozenset(option["discard"]) for option in options} == {
        frozenset(pair) for pair in combinations(SIX, 2)
    }
    for option in options:
        assert sorted(option["discard"] + option["keep"]) == sorted(SIX)
        assert option["expected_net"] == pytest.approx(
            option["expected_hand"] + option["expected_crib"]
        )
    assert body["dealer"] is True
    assert body["rules"] == RuleOptions().as_dict()


def test_non_dealer_subtracts_the_crib(api: ContractClient) -> None:
    for option in advise(api, SIX, False)["options"]:
        assert option["expected_net"] == pytest.approx(
            option["expected_hand"] - option["expected_crib"]
        )


@pytest.mark.parametrize(
    ("tiles", "dealer", "rules"),
    [
        (["0-0", "0-5", "1-4", "2-3", "4-6", "6-6"], True, {}),
        (["3-3", "1-5", "2-4", "0-3", "0-6", "2-5"], False, {}),
        (["0-0", "0-5", "1-4", "2-3", "4-6", "6-6"], False, {"double_blank_in_fifteens": False}),
    ],
)
def test_expected_crib_against_brute_force(
    api: ContractClient, tiles: list[str], dealer: bool, rules: dict[str, Any]
) -> None:
    options = advise(api, tiles, dealer, rules=rules)["options"]
    six, rule_options = parse_tiles(tiles), RuleOptions(**rules)
    for option in options:
        discard = parse_tiles(option["discard"])
        assert option["expected_crib"] == pytest.approx(brute_crib(discard, six, rule_options))


@settings(max_examples=30, deadline=None)
@given(
    six=st.lists(st.sampled_from(ALL_TILES), min_size=6, max_size=6, unique=True),
    dealer=st.booleans(),
    double_blank=st.booleans(),
)
def test_expected_hand_against_brute_force(
    api: ContractClient, six: list[Tile], dealer: bool, double_blank: bool
) -> None:
    rules = RuleOptions(double_blank_in_fifteens=double_blank)
    tiles = [str(tile) for tile in six]
    options = advise(api, tiles, dealer, rules={"double_blank_in_fifteens": double_blank})
    for option in options["options"]:
        shows = brute_hand(parse_tiles(option["keep"]), tuple(six), rules)
        assert len(shows) == 22
        assert option["expected_hand"] == pytest.approx(fmean(shows))
        assert (option["min_hand"], option["max_hand"]) == (min(shows), max(shows))


def test_any_notation_answers_canonically(api: ContractClient) -> None:
    body = advise(api, ["5-0", "4|1", [3, 2], [6.0, 4], "5-5", "0-0"], True)
    assert body["options"] == advise(api, SIX, True)["options"]


@pytest.mark.parametrize(
    ("tiles", "pointer"),
    [
        (["0-5", "1-4", "2-3", "4-6", "5-5", "5-0"], "/tiles/5"),
        (["0-5", "1-4", "3|2", "4-6", "2-3", "0-0"], "/tiles/4"),
        (["0-5", "1-4", "2-3", "4-6", "5-5"], "/tiles"),
        (["0-5", "1-4", "2-3", "4-6", "5-5", "0-7"], "/tiles/5"),
    ],
)
def test_bad_tiles_are_named(api: ContractClient, tiles: list[str], pointer: str) -> None:
    response = api.post(ADVISE, {"tiles": tiles, "dealer": True})
    assert pointers(problem_of(response, 422)) == [pointer]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [({"dealer": 1}, "/dealer"), ({"rules": {"target": 60}}, "/rules/target"), ({"x": 1}, "/x")],
)
def test_invalid_fields_are_named(
    api: ContractClient, change: dict[str, Any], pointer: str
) -> None:
    body = {"tiles": SIX, "dealer": True, **change}
    assert pointers(problem_of(api.post(ADVISE, body), 422)) == [pointer]


BASE = {"tiles": SIX, "dealer": True, "rules": {"target": 121}}


@settings(max_examples=200, deadline=None)
@given(body=mutated(BASE), extra=st.one_of(st.none(), TRICKY))
def test_edge_agrees_with_spec(body: dict[str, Any], extra: Any) -> None:
    if extra is not None:
        body["dealer"] = copy.deepcopy(extra)
    spec_says = spec_validator("AdviceRequest").is_valid(body)
    assert spec_says == edge_accepts(AdviceSchema(), body), body
