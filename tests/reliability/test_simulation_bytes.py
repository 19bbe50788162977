"""The same request gives byte-identical answers from two separate gunicorn servers.

Each server runs with its own PYTHONHASHSEED, so any dependence on set or dict-of-str order,
on the process or on the worker would show up as different bytes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_server import serve

from .helpers import post

REQUESTS = [
    {
        "games": 40,
        "seed": 123456789,
        "players": [{"strategy": "expected"}, {"strategy": "greedy"}],
        "first_dealer": "draw",
    },
    {
        "games": 3,
        "seed": 2**53 - 1,
        "first_game": 10**12,
        "players": [{"strategy": "random"}, {"strategy": "expected"}],
        "rules": {"target": 121, "double_blank_in_fifteens": False},
        "transcripts": True,
    },
    {  # the expert's tables, and its lay-away worked out under other show rules
        "games": 30,
        "seed": 987654321,
        "players": [{"strategy": "expert"}, {"strategy": "expected"}],
        "rules": {"double_blank_in_fifteens": False},
    },
    {"games": 60, "seed": 5, "players": [{"strategy": "expert"}, {"strategy": "expert"}]},
]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    logs = tmp_path_factory.mktemp("gunicorn")
    with (
        serve(logs / "hash-seed-1.log", workers=1, env={"PYTHONHASHSEED": "1"}) as first,
        serve(logs / "hash-seed-4242.log", workers=1, env={"PYTHONHASHSEED": "4242"}) as second,
    ):
        yield [first.url, second.url]


@pytest.mark.parametrize("accept", ["application/json", "application/x-ndjson"])
@pytest.mark.parametrize(
    "body", REQUESTS, ids=["summary", "transcripts", "expert-other-rules", "expert"]
)
def test_byte_identical_across_processes(
    servers: list[str], body: dict[str, object], accept: str
) -> None:
    first, second = (post(base, body, accept) for base in servers)
    assert first == second
    assert len(first) > 1000
