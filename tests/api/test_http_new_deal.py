"""POST /v1/deals/new: a game's deal from its seed and index, drawn from the engine's stream
(the practice table's deals), every answer checked against openapi.yaml."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring_api.rules.constants import DEALS, TILE_COUNT
from scoring_api.rules.stream import seeded
from scoring_api.rules.tiles import BY_VALUE

from .contract import SPEC, ContractClient, pointers, problem_of

NEW = "/v1/deals/new"


def _ok(api: ContractClient, body: Any) -> dict[str, Any]:
    response = api.post(NEW, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


@pytest.mark.parametrize("name", ["twoPlayers", "threePlayers"])
def test_the_examples_are_real_answers(api: ContractClient, name: str) -> None:
    operation = SPEC["paths"][NEW]["post"]
    asked = operation["requestBody"]["content"]["application/json"]["examples"][name]["value"]
    said = operation["responses"]["200"]["content"]["application/json"]["examples"][name]
    assert _ok(api, copy.deepcopy(asked)) == said["value"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_deal_has_the_shape_of_its_table(api: ContractClient, players: int) -> None:
    shape = DEALS[players]
    for index in range(20):
        answer = _ok(api, {"seed": 4100, "index": index, "rules": {"players": players}})
        assert [len(hand) for hand in answer["drawn"]] == [shape.drawn] * players
        assert len(answer["blind"]) == shape.blind
        tiles = [*(tile for hand in answer["drawn"] for tile in hand), *answer["blind"]]
        tiles.append(answer["starter"])
        assert len(set(tiles)) == len(tiles) == players * shape.drawn + shape.blind + 1
        order = [str(tile) for tile in BY_VALUE]
        for hand in answer["drawn"]:
            assert hand == sorted(hand, key=order.index)  # lowest value first
        assert (answer["seed"], answer["index"], answer["stream"]) == (4100, index, 2)


def test_the_deal_is_the_streams_own_shuffle(api: ContractClient) -> None:
    """The tiles are the first places of a Fisher-Yates shuffle of the set by rank, drawn
    from game 0 of the seed's run, its deals' region at block ``index << 4``
    (``sim/streams.py``): written out here from ``rules.stream`` alone."""
    seed, index = 987_654_321, 7
    deck = list(range(TILE_COUNT))
    game = seeded(seed).child(0)
    game.seek(index << 4)  # the deals' region starts at block 0
    game.shuffle(deck, 13)
    answer = _ok(api, {"seed": seed, "index": index})
    names = [str(tile) for tile in BY_VALUE]
    assert answer["drawn"] == [
        [names[rank] for rank in sorted(deck[0:6])],
        [names[rank] for rank in sorted(deck[6:12])],
    ]
    assert answer["starter"] == names[deck[12]]


def test_the_same_request_deals_the_same_tiles_and_others_differ(api: ContractClient) -> None:
    body = {"seed": 31, "index": 2, "rules": {"players": 4, "partners": True}}
    first = _ok(api, body)
    assert _ok(api, body) == first
    assert first["rules"]["partners"] is True
    assert first["rules"]["target"] == 121
    hands = {str(_ok(api, {**body, "index": i})["drawn"]) for i in range(10)}
    seeds = {str(_ok(api, {**body, "seed": s})["drawn"]) for s in range(10)}
    assert len(hands) == len(seeds) == 10


def test_every_tile_is_dealt_evenly(api: ContractClient) -> None:
    """Over 600 deals each tile is the starter about 600 / 28 times: a chi-square far below
    its 0.1% point (53.7 for 27 degrees of freedom) for a uniform draw."""
    deals = 600
    counts = dict.fromkeys((str(tile) for tile in BY_VALUE), 0)
    for index in range(deals):
        counts[_ok(api, {"seed": 5, "index": index})["starter"]] += 1
    expected = deals / TILE_COUNT
    chi_square = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi_square < 53.7, counts


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"index": 0}, "/seed"),
        ({"seed": 1}, "/index"),
        ({"seed": -1, "index": 0}, "/seed"),
        ({"seed": 2**53, "index": 0}, "/seed"),
        ({"seed": 1, "index": -3}, "/index"),
        ({"seed": 1, "index": 1.5}, "/index"),
        ({"seed": 1, "index": 2**44}, "/index"),
        ({"seed": "7", "index": 0}, "/seed"),
        ({"seed": 1, "index": 0, "rules": {"players": 5}}, "/rules/players"),
        ({"seed": 1, "index": 0, "dealer": 0}, "/dealer"),
    ],
)
def test_a_bad_request_names_its_field(
    api: ContractClient, body: dict[str, Any], pointer: str
) -> None:
    assert pointer in pointers(problem_of(api.post(NEW, body), 422))
