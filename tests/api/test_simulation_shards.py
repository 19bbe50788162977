"""Runs in shards (in-process, so inline): shard streams, the JSON form, limits, and what
each writer makes of a run that stops.

The same code on a real Dask cluster is tested in tests/cluster/.
"""

from __future__ import annotations

import dataclasses
import itertools
import socket
from typing import Any

import pytest

from scoring_api.app import create_app
from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.sim.registry import STRATEGIES, lineup_of, strategy_for
from scoring_api.sim.runs import SimulationRequest, Totals
from scoring_api.sim.search import MAX_BUDGET, SearchStrategy
from scoring_api.sim_cluster import costs, shards
from scoring_api.sim_cluster.costs import Sizer
from scoring_api.sim_cluster.runner import Shards, play_inline
from scoring_api.sim_cluster.shards import GAME_LINES, play_range
from scoring_api.sim_cluster.stops import RunStopped, Stop, StopKind, StopReason, missing_ranges
from scoring_api.sim_cluster.writers import game_lines, json_answer, shard_lines

from .contract import ContractClient, pointers, problem_of
from .helpers import NDJSON, SIMULATE, lines_of, sim, spec_validator


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
    sizer = Sizer(
        SimulationRequest(lineup_of(("random", "random")), DEFAULT_RULES, 1, 10**6), 1.0, 2
    )
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


# --- the writers: what a run that stops becomes, whatever stopped it ---------------------

RUN = SimulationRequest(lineup_of(("random", "greedy")), DEFAULT_RULES, 3, 200, first_game=10)
FAILED = StopReason(StopKind.FAILED, "A shard of the simulation failed: boom.")


def _out_of_order(reason: StopReason) -> Shards:
    """Games 60-109, then 10-59, then the run stops: 110-209 are not played."""
    yield play_range(RUN, 60, 50, GAME_LINES)
    yield play_range(RUN, 10, 50, GAME_LINES)
    raise RunStopped(reason, [(110, 100)], played=100)


def _stop_after(shards: int, reason: StopReason) -> Stop:
    asked = itertools.count()
    return lambda: reason if next(asked) >= shards else None


def test_game_lines_name_every_game_not_streamed_from_the_first() -> None:
    lines = lines_of(b"".join(game_lines(RUN, _out_of_order(FAILED))))
    *games, error = lines
    assert [line["index"] for line in games] == list(range(10, 110))
    assert error["next_game"] == 110
    assert error["missing"] == [{"first_game": 110, "games": 100}]
    assert error["detail"].startswith(FAILED.detail)


def test_game_lines_held_back_are_missing_when_the_run_stops() -> None:
    def stops_early() -> Shards:
        yield play_range(RUN, 60, 50, GAME_LINES)  # waits for 10-59, which never come
        raise RunStopped(FAILED, [(10, 50), (110, 100)], played=50)

    (error,) = lines_of(b"".join(game_lines(RUN, stops_early())))
    assert error["missing"] == [{"first_game": 10, "games": 200}]


def test_shard_lines_name_the_gaps_between_the_shards_sent() -> None:
    *shards, error = lines_of(b"".join(shard_lines(RUN, _out_of_order(FAILED))))
    assert [(line["first_game"], line["games"]) for line in shards] == [(60, 50), (10, 50)]
    assert error["missing"] == [{"first_game": 110, "games": 100}]


@pytest.mark.parametrize("write", [game_lines, shard_lines])
def test_a_stream_whose_client_is_gone_just_ends(write: Any) -> None:
    gone = StopReason(StopKind.GONE, "The client went away.")
    lines = lines_of(b"".join(write(RUN, _out_of_order(gone))))
    assert "error" not in {line["type"] for line in lines}
    assert "summary" not in {line["type"] for line in lines}


def test_inline_shards_stop_between_shards_naming_what_is_left() -> None:
    long = dataclasses.replace(RUN, games=100_000)  # shards of 50 games, then 0.05 s each
    shards = play_inline(long, 0.0, _stop_after(2, FAILED), GAME_LINES)
    *games, error = lines_of(b"".join(game_lines(long, shards)))
    played = len(games)
    assert 0 < played < long.games
    assert error["missing"] == [{"first_game": 10 + played, "games": long.games - played}]
    with pytest.raises(RunStopped) as stopped:
        json_answer(long, play_inline(long, 0.0, _stop_after(1, FAILED)))
    assert stopped.value.reason is FAILED
    played = stopped.value.played
    assert stopped.value.missing == [(10 + played, long.games - played)]


def test_the_json_answer_past_its_budget_is_a_503_saying_what_was_played() -> None:
    config = {"TESTING": True, "SCORING_API_JSON_SECONDS": 1e-9}
    answer = create_app(config).test_client().post(SIMULATE, json=sim(20))
    body = problem_of(answer, 503)
    spec_validator("Problem").validate(body)
    assert body["games_played"] == 0
    assert body["detail"].startswith("The run's time budget of 1e-09 s ran out after 0 of 20")


def test_a_json_run_whose_client_left_is_logged_499_not_as_a_failure() -> None:
    app = create_app({"TESTING": True})
    server_side, client_side = socket.socketpair()
    client_side.close()  # the client went away before its answer
    with server_side:
        answer = app.test_client().post(
            SIMULATE, json=sim(20), environ_overrides={"gunicorn.socket": server_side}
        )
    assert answer.status_code == 499
    assert answer.data == b""
    assert app.test_client().post(SIMULATE, json=sim(20)).status_code == 200


def test_one_answer_for_the_view_and_the_command_line(api: ContractClient) -> None:
    request = sim(30, 5, "expected", "random", first_game=4, first_dealer="draw")
    run = SimulationRequest(lineup_of(("expected", "random")), DEFAULT_RULES, 5, 30, 4, "draw")
    assert api.post(SIMULATE, request).get_json() == json_answer(run, play_inline(run, 1.0))


# --- bounded in time whatever the lineup ----------------------------------------------------


def test_shards_are_sized_in_seconds_from_the_lineups_cost() -> None:
    """Four players searching at the largest budget cost seconds a game: shards of one game
    (a floor of 50 games made shards of minutes); random seats cost microseconds."""
    rules = RuleOptions(players=4)
    searching = SimulationRequest(lineup_of(("search",) * 4, (MAX_BUDGET,) * 4), rules, 1, 100)
    assert costs.seconds_per_game(searching) > 2.0
    assert Sizer(searching, 1.0, 2).next(100) == 1
    cheap = SimulationRequest(lineup_of(("random",) * 4), rules, 1, 10**6)
    assert Sizer(cheap, 1.0, 2).next(10**6) > 100
    # Search costs more with more seats and a bigger budget, its default by the table's.
    at = strategy_for("search", 1000)
    assert at.seconds_per_game(4) > at.seconds_per_game(2)
    assert strategy_for("search", 4000).seconds_per_game(2) > at.seconds_per_game(2)
    default = strategy_for("search")
    assert default.seconds_per_game(2) == at.seconds_per_game(2)
    assert default.seconds_per_game(4) == strategy_for("search", 200).seconds_per_game(4)
    # Every strategy says its own cost: none is guessed by name.
    for strategy in STRATEGIES:
        if not isinstance(strategy, SearchStrategy):
            assert "seat_seconds" in vars(type(strategy)), strategy.name
        assert 0 < strategy.seconds_per_game(2) < 1


def test_a_run_travels_to_the_cluster_as_names_and_budgets() -> None:
    """What a worker plays is the request's lineup, resolved again by name and budget; a
    strategy that is not the registry's cannot be sent (it would be played as another)."""
    lineup = lineup_of(("search", "expert"), (300, None))
    run = SimulationRequest(lineup, DEFAULT_RULES, 5, 30, 4, "draw")
    spec = shards.spec_of(run)
    assert (spec["lineup"], spec["budgets"]) == (["search", "expert"], [300, None])
    assert shards.request_of(spec, 4, 30) == run
    own = dataclasses.replace(run, lineup=(SearchStrategy(300), lineup[1]))
    with pytest.raises(ValueError, match="registry"):
        shards.spec_of(own)


def test_an_inline_run_stops_between_the_games_of_a_shard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stop is asked between games, not only between shards: one shard of all the games
    here, and the run still stops after four of them (asked before each: the clock's
    throttle off)."""
    monkeypatch.setattr(shards, "CHECK_SECONDS", 0.0)
    long = dataclasses.replace(RUN, games=1_000)
    with pytest.raises(RunStopped) as stopped:
        json_answer(long, play_inline(long, 10**9, _stop_after(5, FAILED)))
    assert stopped.value.played == 4  # asked before the shard, then before each game
    assert stopped.value.missing == [(14, 996)]
    *games, error = lines_of(
        b"".join(game_lines(long, play_inline(long, 10**9, _stop_after(5, FAILED), GAME_LINES)))
    )
    assert [line["index"] for line in games] == [10, 11, 12, 13]  # the games played are sent
    assert error["missing"] == [{"first_game": 14, "games": 996}]


def test_a_run_stops_between_the_choices_of_slow_seats() -> None:
    """A run asked to stop only between games kept a worker for the game under way (tens of
    seconds for four players searching to 121 on a busy machine). A slow seat (search,
    endgame) asks before each choice: the game is dropped mid-way."""
    searching = SimulationRequest(
        lineup_of(("search", "expected"), (50, None)), DEFAULT_RULES, 5, 3
    )
    asked = itertools.count()
    shard = play_range(searching, 0, 3, halt=lambda: next(asked) >= 3)
    assert shard.games == 0  # stopped inside the first game, at the seat's third choice
    assert next(asked) == 4
    # Fast seats only: between games alone (a look per choice would cost more than them).
    asked = itertools.count()
    fast = dataclasses.replace(searching, lineup=lineup_of(("expected", "expected")))
    assert play_range(fast, 0, 3, halt=lambda: next(asked) >= 2).games == 2
    # Stopping changes nothing that is played: the same games, the same sums.
    whole = play_range(searching, 0, 3)
    assert whole.games == 3
    assert whole.totals == play_range(searching, 0, 3, halt=lambda: False).totals
