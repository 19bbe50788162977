"""POST /v1/discards/advise, checked against brute-force enumeration of the unseen tiles
(``expected``) and against the expert's tables and model (``expert``).

The expert's tables will be rebuilt, bigger: nothing here writes down a figure that comes
from them. Expert answers are checked against the tables' own API and by relations.
"""

from __future__ import annotations

import copy
import math
from itertools import combinations
from random import Random
from statistics import fmean
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.api.schemas import AdviceSchema
from scoring_api.rules import (
    ALL_TILES,
    DEFAULT_RULES,
    RuleOptions,
    Tile,
    parse_rules,
    parse_tiles,
    show_total,
)
from scoring_api.rules.constants import DEALS
from scoring_api.sim.advisor import MODELS, advise_discards, default_model, strategy_choice
from scoring_api.sim.expert.model import drawn_hands, expert_ranking
from scoring_api.sim.expert.strategy import expert_discard
from scoring_api.sim.expert.tables import EXPERT_PLAYERS, shipped_tables
from scoring_api.sim.search import SearchStrategy

from .contract import ContractClient, pointers, problem_of
from .helpers import TRICKY, edge_accepts, mutated, spec_validator

ADVISE = "/v1/discards/advise"
SIX = ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"]
FIVE = ["0-5", "1-4", "2-3", "4-6", "5-5"]
PARTNERS = {"players": 4, "partners": True}


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


def pegging_of(option: dict[str, Any]) -> float:
    """The play's figure where the model counts it, else nothing."""
    pegging = option["expected_pegging"]
    return 0.0 if pegging is None else float(pegging)


@pytest.mark.parametrize("model", MODELS)
def test_fifteen_options_best_first(api: ContractClient, model: str) -> None:
    body = advise(api, SIX, True, model=model)
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
            option["expected_hand"] + option["expected_crib"] + pegging_of(option)
        )
    assert body["dealer"] is True
    assert body["model"] == model
    assert body["rules"] == RuleOptions().as_dict()


@pytest.mark.parametrize("model", MODELS)
def test_non_dealer_subtracts_the_crib(api: ContractClient, model: str) -> None:
    for option in advise(api, SIX, False, model=model)["options"]:
        assert option["expected_net"] == pytest.approx(
            option["expected_hand"] - option["expected_crib"] + pegging_of(option)
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
    options = advise(api, tiles, dealer, rules=rules, model="expected")["options"]
    six, rule_options = parse_tiles(tiles), RuleOptions(**rules)
    for option in options:
        discard = parse_tiles(option["discard"])
        assert option["expected_crib"] == pytest.approx(brute_crib(discard, six, rule_options))


@settings(max_examples=30, deadline=None)
@given(
    six=st.lists(st.sampled_from(ALL_TILES), min_size=6, max_size=6, unique=True),
    dealer=st.booleans(),
    double_blank=st.booleans(),
    model=st.sampled_from(MODELS),
)
def test_expected_hand_against_brute_force(
    api: ContractClient, six: list[Tile], dealer: bool, double_blank: bool, model: str
) -> None:
    """Both models count the kept hand exactly."""
    rules = RuleOptions(double_blank_in_fifteens=double_blank)
    tiles = [str(tile) for tile in six]
    options = advise(
        api, tiles, dealer, rules={"double_blank_in_fifteens": double_blank}, model=model
    )
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
    [
        ({"dealer": 1}, "/dealer"),
        ({"rules": {"target": 60}}, "/rules/target"),
        ({"x": 1}, "/x"),
        ({"scores": [61, 0]}, "/scores/0"),
        ({"scores": [10, 10, 10]}, "/scores"),
        ({"scores": [10]}, "/scores"),
    ],
)
def test_invalid_fields_are_named(
    api: ContractClient, change: dict[str, Any], pointer: str
) -> None:
    body = {"tiles": SIX, "dealer": True, **change}
    assert pointers(problem_of(api.post(ADVISE, body), 422)) == [pointer]


BASE = {"tiles": SIX, "dealer": True, "model": "expert", "rules": {"target": 121}}


@settings(max_examples=200, deadline=None)
@given(body=mutated(BASE), extra=st.one_of(st.none(), TRICKY))
def test_edge_agrees_with_spec(body: dict[str, Any], extra: Any) -> None:
    if extra is not None:
        body["dealer"] = copy.deepcopy(extra)
    spec_says = spec_validator("AdviceRequest").is_valid(body)
    assert spec_says == edge_accepts(AdviceSchema(), body), body


def test_the_expert_model_is_the_default_where_its_tables_are() -> None:
    assert sorted(DEALS) == [2, 3, 4]
    assert [p for p in DEALS if default_model(p) == "expert"] == [EXPERT_PLAYERS]
    assert {default_model(p) for p in DEALS if p != EXPERT_PLAYERS} == {"expected"}


@pytest.mark.parametrize(
    ("tiles", "rules", "model"),
    [
        (SIX, {}, "expert"),
        (FIVE, {"players": 3}, "expected"),
        (FIVE, {"players": 4}, "expected"),
        (FIVE, PARTNERS, "expected"),
    ],
)
def test_the_default_model_depends_on_the_players(
    api: ContractClient, tiles: list[str], rules: dict[str, Any], model: str
) -> None:
    for dealer in (True, False):
        body = advise(api, tiles, dealer, rules=rules)
        assert body["model"] == model
        assert body == advise(api, tiles, dealer, rules=rules, model=model)
        peggings = [option["expected_pegging"] for option in body["options"]]
        if model == "expected":
            assert peggings == [None] * len(peggings)
        else:
            assert all(isinstance(pegging, float) for pegging in peggings)


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize(
    ("tiles", "rules"),
    [(SIX, {}), (SIX, {"double_blank_in_fifteens": False}), (FIVE, {"players": 3}),
     (FIVE, PARTNERS)],
)  # fmt: skip
def test_the_expected_model_answers_the_advisors_figures(
    api: ContractClient, tiles: list[str], rules: dict[str, Any], dealer: bool
) -> None:
    """``expected`` asked for is what the advisor has always answered (its default)."""
    options = advise(api, tiles, dealer, rules=rules, model="expected")["options"]
    core = advise_discards(parse_tiles(tiles), dealer, parse_rules(rules))
    assert [option.expected_pegging for option in core.options] == [None] * len(core.options)
    assert options == [
        {
            "discard": [tile.text for tile in core.laid_away(option)],
            "keep": [tile.text for tile in core.kept(option)],
            "expected_net": option.expected_net,
            "expected_hand": option.expected_hand,
            "expected_crib": option.expected_crib,
            "expected_pegging": None,
            "min_hand": option.min_hand,
            "max_hand": option.max_hand,
        }
        for option in core.options
    ]


EXPERT_HANDS = [
    SIX,
    ["1-2", "3-4", "2-5", "0-6", "5-6", "1-1"],
    ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"],
    ["3-3", "1-5", "2-4", "0-3", "0-6", "2-5"],
]


@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("rules", [{}, {"target": 121}, {"double_blank_in_fifteens": False}])
@pytest.mark.parametrize("tiles", EXPERT_HANDS)
def test_the_expert_model_answers_the_tables_ranking(
    api: ContractClient, tiles: list[str], rules: dict[str, Any], dealer: bool
) -> None:
    """Every figure is the tables' (looked up, not written here), and they add up."""
    options = advise(api, tiles, dealer, rules=rules, model="expert")["options"]
    ordered = sorted(parse_tiles(tiles), key=lambda tile: (tile.value, tile))
    values, rule_options = tuple(tile.value for tile in ordered), parse_rules(rules)
    sign = 1 if dealer else -1
    nets = [option["expected_net"] for option in options]
    assert nets == sorted(nets, reverse=True)
    assert {frozenset(option["discard"]) for option in options} == {
        frozenset(pair) for pair in combinations(tiles, 2)
    }
    for option in options:
        figures = ("expected_net", "expected_hand", "expected_crib", "expected_pegging")
        assert all(math.isfinite(option[name]) for name in figures)
        assert option["expected_net"] == pytest.approx(
            option["expected_hand"] + sign * option["expected_crib"] + option["expected_pegging"]
        )
    ranked = expert_ranking(shipped_tables(), values, dealer, rule_options)
    assert [
        (o["discard"], o["expected_net"], o["expected_hand"], o["expected_crib"],
         o["expected_pegging"], o["min_hand"], o["max_hand"])
        for o in options
    ] == [
        ([ordered[i].text for i in r.laid_away], r.expected_net, r.expected_hand,
         r.expected_crib, r.expected_pegging, r.min_hand, r.max_hand)
        for r in ranked
    ]  # fmt: skip
    # The hand and its range are expected's own, exactly.
    expected = advise(api, tiles, dealer, rules=rules, model="expected")["options"]
    hands = {tuple(o["discard"]): (o["keep"], o["expected_hand"], o["min_hand"], o["max_hand"])
             for o in expected}  # fmt: skip
    for o in options:
        assert (o["keep"], o["expected_hand"], o["min_hand"], o["max_hand"]) == hands[
            tuple(o["discard"])
        ]
    # The best is what the expert strategy lays away.
    best = expert_discard(values, dealer, rule_options)
    assert options[0]["discard"] == [ordered[i].text for i in best]


def test_the_expert_lay_away_is_always_the_best_of_the_ranking() -> None:
    hands = Random(20261201).sample([values for values, _ in drawn_hands()], 150)
    tables = shipped_tables()
    differ = [
        (values, dealer)
        for values in hands
        for dealer in (False, True)
        if expert_ranking(tables, values, dealer, DEFAULT_RULES)[0].laid_away
        != expert_discard(values, dealer, DEFAULT_RULES)
    ]
    assert differ == []


@pytest.mark.parametrize("rules", [{"players": 3}, {"players": 4}, PARTNERS])
def test_the_expert_model_is_refused_with_three_or_four_players(
    api: ContractClient, rules: dict[str, Any]
) -> None:
    body = {"tiles": FIVE, "dealer": False, "model": "expert", "rules": rules}
    problem = problem_of(api.post(ADVISE, body), 422)
    assert pointers(problem) == ["/model"]
    assert "two-player" in problem["errors"][0]["detail"]


@pytest.mark.parametrize(
    "model", ["Expert", "", "greedy", 1, True, None, ["expert"], {"name": "expert"}]
)
def test_a_bad_model_is_named(api: ContractClient, model: Any) -> None:
    body = {"tiles": SIX, "dealer": True, "model": model}
    assert pointers(problem_of(api.post(ADVISE, body), 422)) == ["/model"]


def test_search_told_the_scores_lays_away_as_in_a_game(api: ContractClient) -> None:
    """Told the scores near the end, search's choice is the simulator's (the chance to win
    weighing the expert's best few), here not the expert's; not told them, the expert's."""
    rules, rng, told = RuleOptions(), Random(11), (55, 58)
    for _ in range(40):
        drawn = sorted(rng.sample(ALL_TILES, 6), key=lambda t: (t.value, t.index))
        advice = advise_discards(drawn, True, rules, "expert")
        searched = strategy_choice(advice, True, rules, SearchStrategy(), told)
        if searched != advice.options[0]:
            break
    else:
        pytest.fail("no hand where the chance changes the lay-away")
    tiles = [str(tile) for tile in drawn]
    body = {"tiles": tiles, "dealer": True, "strategy": "search"}
    answer = advise(api, **body, scores=list(told))
    assert answer["choice"]["discard"] == [str(t) for t in advice.laid_away(searched)]
    assert advise(api, **body)["choice"] == answer["options"][0]
