"""Big runs in shards (in-process, so inline): shard streams, the JSON form, limits.

The same code on a real Dask cluster is tested in tests/cluster/.
"""

from __future__ import annotations

import pytest

from scoring_api.app import create_app
from scoring_api.rules import DEFAULT_RULES
from scoring_api.sim.runs import SimulationRequest, Totals
from scoring_api.sim_cluster.runner import Sizer, missing_ranges

from .contract import ContractClient, pointers, problem_of
from .helpers import NDJSON, SIMULATE, lines_of, sim


@pytest.fixture(scope="module")
def sharded() -> ContractClient:
    """Every run of more than 10 games played in shards of about 10 ms."""
    config = {
        "TESTING": True,
        "SCORING_API_INLINE_GAMES": 10,
        "SCORING_API_SHARD_SECONDS": 0.01,
        "SCORING_API_MAX_STREAM_GAMES": 3_000,
    }
    return ContractClient(create_app(config))


def test_shard_stream_merges_into_the_json_answer(
    api: ContractClient, sharded: ContractClient
) -> None:
    request = sim(1_500, 9, "random", "greedy", first_game=40, first_dealer="draw")
    lines = lines_of(sharded.post(SIMULATE, {**request, "lines": "shards"}, headers=NDJSON).data)
    shards, summary = lines[:-1], lines[-1]
    assert len(shards) > 2
    assert {line["type"] for line in shards} == {"shard"}
    ranges = sorted((line["first_game"], line["games"]) for line in shards)
    assert missing_ranges(40, 1_540, ranges) == []
    assert sum(games for _, games in ranges) == 1_500
    merged = Totals.empty(DEFAULT_RULES)
    for line in shards:
        merged.merge(Totals.from_dict(line["totals"]))
    assert summary.pop("type") == "summary"
    assert summary["totals"] == merged.as_dict()
    assert summary == api.post(SIMULATE, request).get_json()


def test_per_game_stream_in_shards_has_the_inline_bytes(
    api: ContractClient, sharded: ContractClient
) -> None:
    request = sim(600, 4, "greedy", "random", first_game=9, first_dealer="draw")
    inline = api.post(SIMULATE, request, headers=NDJSON).data
    assert sharded.post(SIMULATE, request, headers=NDJSON).data == inline
    lines = lines_of(inline)
    assert [line["index"] for line in lines[:-1]] == list(range(9, 609))


def test_per_game_stream_in_shards_past_its_budget_names_what_is_missing() -> None:
    config = {
        "TESTING": True,
        "SCORING_API_STREAM_SECONDS": 1e-9,
        "SCORING_API_INLINE_GAMES": 10,
        "SCORING_API_SHARD_SECONDS": 0.01,
    }
    client = ContractClient(create_app(config))
    lines = lines_of(client.post(SIMULATE, sim(2_000, first_game=5), headers=NDJSON).data)
    assert [line["type"] for line in lines] == ["error"]
    assert lines[0]["next_game"] == 5
    assert lines[0]["missing"] == [{"first_game": 5, "games": 2_000}]


def test_json_answer_in_shards_has_the_inline_bytes(
    api: ContractClient, sharded: ContractClient
) -> None:
    request = sim(700, 3, "expected", "random", rules={"target": 121})
    assert sharded.post(SIMULATE, request).data == api.post(SIMULATE, request).data


def test_shard_lines_have_their_own_cap_and_no_transcripts(sharded: ContractClient) -> None:
    assert (
        sharded.post(SIMULATE, {**sim(3_000), "lines": "shards"}, headers=NDJSON).status_code == 200
    )
    over = sharded.post(SIMULATE, {**sim(3_001), "lines": "shards"}, headers=NDJSON)
    assert pointers(problem_of(over, 422)) == ["/games"]
    both = sharded.post(
        SIMULATE, {**sim(5), "lines": "shards", "transcripts": True}, headers=NDJSON
    )
    assert pointers(problem_of(both, 422)) == ["/lines"]
    # The JSON answer keeps the per-request cap whatever "lines" says.
    capped = ContractClient(create_app({"TESTING": True, "SCORING_API_MAX_GAMES": 10}))
    assert pointers(problem_of(capped.post(SIMULATE, {**sim(11), "lines": "shards"}), 422)) == [
        "/games"
    ]


def test_shard_stream_time_budget_names_what_is_missing() -> None:
    config = {
        "TESTING": True,
        "SCORING_API_STREAM_SECONDS": 1e-9,
        "SCORING_API_SHARD_SECONDS": 0.01,
    }
    client = ContractClient(create_app(config))
    request = {**sim(2_000, first_game=5), "lines": "shards"}
    lines = lines_of(client.post(SIMULATE, request, headers=NDJSON).data)
    assert [line["type"] for line in lines] == ["error"]
    assert lines[0]["missing"] == [{"first_game": 5, "games": 2_000}]
    assert lines[0]["next_game"] == 5


def test_missing_ranges() -> None:
    assert missing_ranges(0, 10, []) == [(0, 10)]
    assert missing_ranges(0, 10, [(3, 2), (0, 3), (7, 1)]) == [(5, 2), (8, 2)]
    assert missing_ranges(5, 10, [(5, 5)]) == []


def test_shards_are_sized_by_measured_time() -> None:
    sizer = Sizer(SimulationRequest(("random", "random"), DEFAULT_RULES, 1, 10**6), 1.0, 2)
    sizer.measure(1_000, 0.5)  # 2,000 games/s
    assert sizer.next(10**6) == 2_000
    assert sizer.next(1_000) == 500  # the end shared among the workers
    assert sizer.next(7) == 7


@pytest.mark.parametrize(
    ("lineup", "rules"),
    [
        (["random", "greedy", "random"], {}),
        (["random", "greedy", "random", "greedy"], {"partners": True}),
    ],
)
def test_shards_of_three_and_four_player_runs_give_the_inline_bytes(
    api: ContractClient, sharded: ContractClient, lineup: list[str], rules: dict[str, object]
) -> None:
    request = {
        "games": 300,
        "seed": 12,
        "players": [{"strategy": name} for name in lineup],
        "rules": rules,
    }
    assert sharded.post(SIMULATE, request).data == api.post(SIMULATE, request).data
    inline = api.post(SIMULATE, request, headers=NDJSON).data
    assert sharded.post(SIMULATE, request, headers=NDJSON).data == inline
    assert b'"lurched"' in inline or rules  # three sides: each game line says who was lurched
