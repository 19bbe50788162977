"""GET /v1/rules, /v1/tiles and /v1/strategies, and their agreement with the core, the spec
and the shipped ladder."""

from __future__ import annotations

import json

from scoring_api.api.reference import LADDER
from scoring_api.rules import ALL_TILES, RULE_OPTIONS

from .contract import SPEC, ContractClient


def test_rules_list_every_option(api: ContractClient) -> None:
    body = api.get("/v1/rules").get_json()
    assert [option["name"] for option in body["options"]] == [o.name for o in RULE_OPTIONS]
    assert body["defaults"] == {
        "target": 61,
        "starter_double_points": 1,
        "double_blank_in_fifteens": True,
        "players": 2,
        "partners": False,
        "muggins": False,
    }
    target = body["options"][0]
    assert (target["default"], target["allowed"]) == (61, [61, 121])


def test_spec_rules_schema_matches_the_core() -> None:
    schemas = SPEC["components"]["schemas"]
    properties = schemas["Rules"]["properties"]
    assert list(properties) == [option.name for option in RULE_OPTIONS]
    assert schemas["RulesInEffect"]["properties"] == properties  # the same named schemas
    for option in RULE_OPTIONS:
        # each option is a named schema (Target, ...) that generated clients name too
        name = properties[option.name]["$ref"].rsplit("/", 1)[-1]
        schema = schemas[name]
        assert schema["title"] == name
        assert schema["default"] == option.default
        if schema["type"] == "boolean":
            assert set(option.allowed) == {True, False}
        else:
            assert schema["enum"] == list(option.allowed)


def test_tiles(api: ContractClient) -> None:
    tiles = api.get("/v1/tiles").get_json()["tiles"]
    assert [t["tile"] for t in tiles] == [str(tile) for tile in ALL_TILES]
    assert tiles[-1] == {"tile": "6-6", "low": 6, "high": 6, "value": 12, "double": True}
    assert sum(t["double"] for t in tiles) == 7


def test_rules_give_the_deal_for_each_number_of_players(api: ContractClient) -> None:
    """docs/rules.md section 8.1: six tiles each with two players, five with three or four
    (the page's lay-away takes that many), the crib of four in every case."""
    deals = api.get("/v1/rules").get_json()["deals"]
    assert deals == [
        {"players": 2, "drawn": 6, "laid_away": 2, "blind": 0},
        {"players": 3, "drawn": 5, "laid_away": 1, "blind": 1},
        {"players": 4, "drawn": 5, "laid_away": 1, "blind": 0},
    ]
    for deal in deals:
        assert deal["players"] * deal["laid_away"] + deal["blind"] == 4


def test_strategies_carry_their_ratings_from_the_shipped_ladder(api: ContractClient) -> None:
    """Each strategy's ratings are the shipped table's rows of its name, at each budget
    (docs/strength.md); ISMCTS, not a strategy of the service, is rated but not listed."""
    ladder = json.loads(LADDER.read_text())
    body = api.get("/v1/strategies").get_json()
    assert body["ladder"] == {k: ladder[k] for k in ("date", "command", "seed")}
    served = {
        (rating["table"], strategy["name"], rating["budget"]): rating["rating"]
        for strategy in body["strategies"]
        for rating in strategy["ratings"]
    }
    shipped = {}
    for table, rows in ladder["tables"].items():
        for row in rows:
            name, _, budget = row["player"].partition("@")
            if name != "ismcts":
                shipped[(table, name, int(budget) if budget else None)] = row["rating"]
    assert served == shipped
    two = {name for table, name, _ in served if table == "two"}
    assert {"random", "greedy", "expected", "expert", "search", "endgame"} <= two
    partners = {name for table, name, _ in served if table == "partners"}
    assert "endgame" not in partners
