"""GET /v1/strategies and POST /v1/simulations: summaries, shards, streams, transcripts."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from scoring_api.api.simulation_schemas import SimulationSchema
from scoring_api.app import create_app
from scoring_api.rules import ALL_TILES, RuleOptions, parse_tiles, show_total
from scoring_api.sim.registry import NAMES, STRATEGIES, lineup_of, named
from scoring_api.sim.runs import MAX_SEED, SimulationRequest, Totals, run, summarize
from scoring_api.sim.search import MAX_BUDGET

from .contract import SPEC, ContractClient, pointers, problem_of
from .helpers import (
    NDJSON,
    SIMULATE,
    TRICKY,
    edge_accepts,
    lines_of,
    mutated,
    sim,
    spec_validator,
)

TILE_BY_NAME = {str(tile): tile for tile in ALL_TILES}


@pytest.fixture(scope="module")
def capped() -> ContractClient:
    return ContractClient(create_app({"TESTING": True, "SCORING_API_MAX_GAMES": 10}))


def _example(path: str, status: str | None, name: str) -> Any:
    operation = SPEC["paths"][path]["post"]
    where = operation["responses"][status] if status else operation["requestBody"]
    return where["content"]["application/json"]["examples"][name]["value"]


def test_spec_examples_are_real_answers(api: ContractClient) -> None:
    """Golden seed -> result: the documented answers are what the engine plays today."""
    request = _example(SIMULATE, None, "twoGames")
    assert api.post(SIMULATE, request).get_json() == _example(SIMULATE, "200", "twoGames")
    streamed = SPEC["paths"][SIMULATE]["post"]["responses"]["200"]["content"][
        "application/x-ndjson"
    ]["example"]
    assert api.post(SIMULATE, request, headers=NDJSON).get_data(as_text=True) == streamed
    advise = "/v1/discards/advise"
    answer = api.post(advise, _example(advise, None, "nonDealerExpected")).get_json()
    assert answer == _example(advise, "200", "nonDealerExpected")
    # The default model is the expert's, whose crib, pegging and so order come from tables
    # that will be rebuilt: only what does not depend on them is compared here (all of it:
    # scripts/spec_examples.py --check; run it without --check after a rebuild).
    answer = api.post(advise, _example(advise, None, "nonDealer")).get_json()
    documented = _example(advise, "200", "nonDealer")
    assert answer.keys() == documented.keys()
    assert {k: answer[k] for k in answer if k != "options"} == {
        k: documented[k] for k in documented if k != "options"
    }

    def hands(options: list[dict[str, Any]]) -> set[tuple[Any, ...]]:
        names = ("discard", "keep", "expected_hand", "min_hand", "max_hand")
        return {tuple(json.dumps(option[name]) for name in names) for option in options}

    assert hands(answer["options"]) == hands(documented["options"])


def test_strategies_are_listed_with_descriptions(api: ContractClient) -> None:
    listed = api.get("/v1/strategies").get_json()["strategies"]
    assert [(s["name"], s["description"]) for s in listed] == [
        (s.name, s.description) for s in STRATEGIES
    ]
    sits = {s["name"]: s["players"] for s in listed}
    assert sits == {**{name: [2, 3, 4] for name in NAMES}, "endgame": [2]}
    for name, players in sits.items():  # each table size it is not listed at is refused
        for n in {2, 3, 4}:
            assert (named(name).refusal(n) is None) == (n in players)
    assert [s["name"] for s in listed] == [
        "random", "greedy", "expected", "expert", "search", "endgame"
    ]  # fmt: skip
    assert SPEC["components"]["schemas"]["StrategyName"]["enum"] == list(NAMES)


def test_simulation_page_table_names_every_strategy() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"
    section = page.read_text(encoding="utf-8").split("\n## Strategies\n", 1)[1]
    table = section.split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == list(NAMES)


def test_summary_is_the_cores_summary_with_its_sums(api: ContractClient) -> None:
    body = api.post(SIMULATE, sim(60, 7, first_dealer="draw")).get_json()
    core = SimulationRequest(
        lineup_of(("greedy", "random")), RuleOptions(), 7, 60, first_dealer="draw"
    )
    totals = run(core)
    assert body["totals"] == totals.as_dict()
    assert {k: body[k] for k in summarize(totals, core.lineup)} == json.loads(
        json.dumps(summarize(totals, core.lineup))
    )
    assert (body["seed"], body["first_game"], body["first_dealer"]) == (7, 0, "draw")
    assert body["rules"] == RuleOptions().as_dict()
    zero, one = body["players"]
    assert zero["wins"] + one["wins"] == body["games"] == 60
    for player in body["players"]:
        low, high = player["win_rate_ci95"]
        assert low <= player["win_rate"] <= high
    assert sum(body["hand_scores"]) <= 2 * body["totals"]["deals"]


def test_chosen_seed_is_echoed_and_replays(api: ContractClient) -> None:
    request = sim(5)
    del request["seed"]
    first = api.post(SIMULATE, request).get_json()
    assert 0 <= first["seed"] <= MAX_SEED
    again = api.post(SIMULATE, {**request, "seed": first["seed"]}).get_json()
    assert again == first


def test_same_request_same_bytes(api: ContractClient) -> None:
    request = sim(20, 2**53 - 1, "expected", "greedy", rules={"target": 121})
    assert api.post(SIMULATE, request).get_data() == api.post(SIMULATE, request).get_data()


def test_shards_merge_exactly(api: ContractClient) -> None:
    whole = api.post(SIMULATE, sim(1000, 5, "random", "random")).get_json()
    merged = Totals.empty(RuleOptions())
    for first_game in (0, 500):
        shard = api.post(SIMULATE, sim(500, 5, "random", "random", first_game=first_game))
        merged.merge(Totals.from_dict(shard.get_json()["totals"]))
    assert merged.as_dict() == whole["totals"]
    summary = json.loads(json.dumps(summarize(merged, lineup_of(("random", "random")))))
    assert {k: whole[k] for k in summary} == summary


def test_first_dealer_fixed_or_alternating(api: ContractClient) -> None:
    request = sim(6, 3, transcripts=True)
    alternating = api.post(SIMULATE, request).get_json()["transcripts"]
    assert [game["first_dealer"] for game in alternating] == [0, 1, 0, 1, 0, 1]
    fixed = api.post(SIMULATE, {**request, "first_dealer": 1.0}).get_json()
    assert fixed["first_dealer"] == 1
    assert {game["first_dealer"] for game in fixed["transcripts"]} == {1}


def test_ndjson_stream_matches_the_json_answer(api: ContractClient) -> None:
    request = sim(25, 11, "expected", "random", first_game=100, first_dealer="draw")
    response = api.post(SIMULATE, request, headers=NDJSON)
    assert response.status_code == 200
    assert response.mimetype == "application/x-ndjson"
    lines = lines_of(response.get_data())
    games, summary = lines[:-1], lines[-1]
    assert [line["type"] for line in games] == ["game"] * 25
    assert [line["index"] for line in games] == list(range(100, 125))
    assert summary.pop("type") == "summary"
    assert summary == api.post(SIMULATE, request).get_json()
    wins = [sum(line["winner"] == p for line in games) for p in (0, 1)]
    assert wins == summary["totals"]["wins"]
    assert [sum(line["scores"][p] for line in games) for p in (0, 1)] == summary["totals"][
        "final_scores"
    ]


def test_stream_with_transcripts_carries_them_per_game(api: ContractClient) -> None:
    request = sim(3, 8, transcripts=True)
    lines = lines_of(api.post(SIMULATE, request, headers=NDJSON).get_data())
    answer = api.post(SIMULATE, request).get_json()
    assert [{k: v for k, v in line.items() if k != "type"} for line in lines[:-1]] == answer[
        "transcripts"
    ]
    assert "transcripts" not in lines[-1]


def test_stream_time_budget_ends_with_an_error_line() -> None:
    client = ContractClient(create_app({"TESTING": True, "SCORING_API_STREAM_SECONDS": 1e-9}))
    lines = lines_of(client.post(SIMULATE, sim(5, first_game=3), headers=NDJSON).get_data())
    # The budget is asked before each shard, the first too: here it ran out before any game.
    assert [line["type"] for line in lines] == ["error"]
    assert lines[0]["next_game"] == 3
    assert lines[0]["missing"] == [{"first_game": 3, "games": 5}]
    assert "time budget of 1e-09 s ran out" in lines[0]["detail"]


def test_stream_errors_come_before_the_first_byte(api: ContractClient) -> None:
    response = api.post(SIMULATE, sim(0), headers=NDJSON)
    assert pointers(problem_of(response, 422)) == ["/games"]


def test_cap_on_games_from_config(capped: ContractClient) -> None:
    assert capped.post(SIMULATE, sim(10)).status_code == 200
    body = problem_of(capped.post(SIMULATE, sim(11)), 422)
    assert pointers(body) == ["/games"]
    assert "At most 10 games" in body["errors"][0]["detail"]
    assert "first_game" in body["errors"][0]["detail"]


def test_cap_on_games_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCORING_API_MAX_GAMES", "3")
    client = ContractClient(create_app({"TESTING": True}))
    assert client.post(SIMULATE, sim(3)).status_code == 200
    assert pointers(problem_of(client.post(SIMULATE, sim(4)), 422)) == ["/games"]


def test_default_cap_is_checked_before_playing(api: ContractClient) -> None:
    assert pointers(problem_of(api.post(SIMULATE, sim(100_001)), 422)) == ["/games"]


def test_transcripts_limited_to_100_games(api: ContractClient) -> None:
    response = api.post(SIMULATE, sim(101, transcripts=True))
    assert pointers(problem_of(response, 422)) == ["/transcripts"]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"games": 0}, "/games"),
        ({"games": 2.5}, "/games"),
        ({"games": "10"}, "/games"),
        ({"seed": -1}, "/seed"),
        ({"seed": MAX_SEED + 1}, "/seed"),
        ({"first_game": -1}, "/first_game"),
        ({"first_dealer": 2}, "/first_dealer"),
        ({"first_dealer": True}, "/first_dealer"),
        ({"first_dealer": "loser"}, "/first_dealer"),
        ({"transcripts": "yes"}, "/transcripts"),
        ({"players": [{"strategy": "random"}]}, "/players"),
        ({"players": [{"strategy": "random"}, {"strategy": "best"}]}, "/players/1/strategy"),
        ({"players": [{"strategy": "random"}, {"strategy": "random", "x": 1}]}, "/players/1/x"),
        ({"rules": {"target": 100}}, "/rules/target"),
        ({"turbo": True}, "/turbo"),
    ],
)
def test_invalid_fields_are_named(
    api: ContractClient, change: dict[str, Any], pointer: str
) -> None:
    assert pointers(problem_of(api.post(SIMULATE, {**sim(2), **change}), 422)) == [pointer]


def test_missing_required_fields(api: ContractClient) -> None:
    assert sorted(pointers(problem_of(api.post(SIMULATE, {}), 422))) == ["/games", "/players"]


# --- transcripts: points add up, tiles are used once, the game stops at the target --------


def _events(deal: dict[str, Any]) -> list[tuple[int, int]]:
    """(player, points) of every scoring event of a deal, in the order the rules score them.

    A go point is an item of the tile that closed the count; nothing scores between that tile
    and its go, so counting it with the tile keeps the order.
    """
    events = [(deal["dealer"], deal["starter_points"])]
    events += [(play["player"], play["points"]) for play in deal["plays"]]
    events += [(show["player"], show["total"]) for show in deal["shows"]]
    return [event for event in events if event[1]]


def check_deal(
    deal: dict[str, Any], rules: dict[str, Any], api: ContractClient, last: bool = False
) -> None:
    """One deal of a transcript; ``last``: the game's last, which may stop at the target
    during its play (the pegging endpoint, which knows no target, then scores on)."""
    hands, discards, starter = deal["hands"], deal["discards"], deal["starter"]
    dealt = [*hands[0], *hands[1], starter]
    assert len(set(dealt)) == 13, "a tile dealt twice"
    kept = []
    for hand, pair in zip(hands, discards, strict=True):
        assert set(pair) <= set(hand)
        kept.append([tile for tile in hand if tile not in pair])
    laid = [play["tile"] for play in deal["plays"] if "tile" in play]
    assert len(set(laid)) == len(laid), "a tile played twice"
    for play in deal["plays"]:
        assert play["points"] == sum(item["points"] for item in play["items"])
        if "tile" in play:
            assert play["tile"] in kept[play["player"]]
    double = TILE_BY_NAME[starter].is_double
    assert deal["starter_points"] == (rules["starter_double_points"] if double else 0)
    crib = [*discards[0], *discards[1]]
    shown = {"non_dealer": kept[1 - deal["dealer"]], "dealer": kept[deal["dealer"]], "crib": crib}
    for show, whose in zip(deal["shows"], shown, strict=False):
        assert show["whose"] == whose
        assert show["player"] == (deal["dealer"] if whose != "non_dealer" else 1 - deal["dealer"])
        assert show["total"] == sum(item["points"] for item in show["items"])
        five = parse_tiles([*shown[whose], starter])
        assert show["total"] == show_total(five, RuleOptions(**rules))
    # Another app can replay the play: the pegging endpoint scores it the same way.
    record = [
        {"player": p["player"], **({"tile": p["tile"]} if "tile" in p else {"go": True})}
        for p in deal["plays"]
    ]
    rescored = api.post(
        "/v1/pegging/score", {"plays": record, "dealer": deal["dealer"], "hands": kept}
    ).get_json()
    again, played = rescored["plays"], deal["plays"]
    if last and played:
        # The winning entry's closing point (go or last tile) comes after the target: the
        # game stopped before it, so the transcript's items are the first of the endpoint's.
        assert again[len(played) - 1]["items"][: len(played[-1]["items"])] == played[-1]["items"]
        again, played = again[: len(played) - 1], played[:-1]
    assert [p["points"] for p in again] == [p["points"] for p in played]


def check_game(game: dict[str, Any], rules: dict[str, Any], api: ContractClient) -> None:
    target = rules["target"]
    deals = game["transcript"]
    assert len(deals) == game["deals"]
    for number, deal in enumerate(deals):
        assert deal["dealer"] == (game["first_dealer"] + number) % 2
        check_deal(deal, rules, api, last=number == len(deals) - 1)
        if number < len(deals) - 1:
            assert len(deal["shows"]) == 3
            assert sum("tile" in play for play in deal["plays"]) == 8
    events = [event for deal in deals for event in _events(deal)]
    scores = [0, 0]
    for player, points in events[:-1]:
        scores[player] += points
        assert max(scores) < target, "scored after the target was reached"
    winner, points = events[-1]
    scores[winner] += points
    assert scores == game["scores"]
    assert winner == game["winner"]
    assert scores[winner] >= target > scores[1 - winner]
    assert game["lurch"] == (scores[1 - winner] < (target + 1) // 2)


@pytest.mark.parametrize(
    ("names", "rules"),
    [
        (("expected", "random"), {}),
        (("greedy", "expected"), {"target": 121, "starter_double_points": 2}),
        (("random", "random"), {"starter_double_points": 0, "double_blank_in_fifteens": False}),
    ],
)
def test_transcripts_add_up_and_stop_at_the_target(
    api: ContractClient, names: tuple[str, str], rules: dict[str, Any]
) -> None:
    body = api.post(SIMULATE, sim(12, 99, *names, rules=rules, transcripts=True)).get_json()
    assert [game["index"] for game in body["transcripts"]] == list(range(12))
    for game in body["transcripts"]:
        check_game(game, body["rules"], api)
    assert [sum(g["scores"][p] for g in body["transcripts"]) for p in (0, 1)] == body["totals"][
        "final_scores"
    ]


# --- the edge accepts exactly what the spec accepts ------------------------------------------

BASE = {
    "games": 3,
    "players": [{"strategy": "expected"}, {"strategy": "random"}],
    "seed": 42,
    "first_game": 0,
    "first_dealer": "alternate",
    "rules": {"target": 61},
    "transcripts": False,
}
SIM_TRICKY = st.one_of(
    TRICKY,
    st.sampled_from(["alternate", "draw", "random", "greedy", {"strategy": "greedy"}, 2**53]),
)


@st.composite
def sim_mutated(draw: st.DrawFn) -> dict[str, Any]:
    body = draw(mutated(BASE))
    if draw(st.booleans()):  # also try the values only these fields know
        key = draw(st.sampled_from(sorted(BASE)))
        body[key] = copy.deepcopy(draw(SIM_TRICKY))
    return body


def test_base_request_is_accepted_by_both() -> None:
    assert spec_validator("SimulationRequest").is_valid(BASE)
    assert edge_accepts(SimulationSchema(), BASE)


def sim_edge_accepts(body: dict[str, Any]) -> bool:
    """Whether the edge takes the body; a fixed first dealer past the last seat (seat 2 of two
    players) is a rule across fields JSON Schema cannot express, like a repeated tile."""
    try:
        SimulationSchema().load(body)
    except ValidationError as error:
        players = body.get("players")
        seats = len(players) if isinstance(players, list) else 0
        return error.messages == {"first_dealer": f"a seat from 0 to {seats - 1}, or a word"}
    return True


@settings(max_examples=300, deadline=None)
@given(body=sim_mutated())
def test_edge_agrees_with_spec(body: dict[str, Any]) -> None:
    spec_says = spec_validator("SimulationRequest").is_valid(body)
    assert spec_says == sim_edge_accepts(body), body


def test_a_first_dealer_past_the_last_seat_is_the_edge_s_concern() -> None:
    body = {**BASE, "first_dealer": 2}
    assert spec_validator("SimulationRequest").is_valid(body)
    assert not edge_accepts(SimulationSchema(), body)
    assert sim_edge_accepts(body)


# --- search: its budget ------------------------------------------------------------------


def _search(budget: Any) -> dict[str, Any]:
    return {
        "games": 2,
        "seed": 3,
        "players": [{"strategy": "search", "budget": budget}, {"strategy": "expert"}],
    }


@pytest.mark.parametrize(
    "body",
    [
        _search(0),
        _search(MAX_BUDGET + 1),
        _search(2.5),
        {"games": 1, "players": [{"strategy": "expected", "budget": 4}, {"strategy": "random"}]},
    ],
    ids=["zero", "past_the_limit", "fraction", "not_search"],
)
def test_a_bad_budget_is_named(api: ContractClient, body: dict[str, Any]) -> None:
    assert pointers(problem_of(api.post(SIMULATE, body), 422)) == ["/players/0/budget"]


def test_the_budget_is_played_and_the_run_replays(api: ContractClient) -> None:
    small = api.post(SIMULATE, _search(2))
    assert small.status_code == 200
    assert small.get_data() == api.post(SIMULATE, _search(2)).get_data()
    transcripts = {**_search(2), "transcripts": True}
    other = api.post(SIMULATE, {**transcripts, "players": [
        {"strategy": "search", "budget": 30}, {"strategy": "expert"}]}).get_json()  # fmt: skip
    assert api.post(SIMULATE, transcripts).get_json()["transcripts"] != other["transcripts"]
