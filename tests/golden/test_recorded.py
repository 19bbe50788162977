"""Every recorded answer (``cases.py``), byte for byte, from this build.

The answers were recorded from the pure-Python build (``record.py``); any build (another
layout of the code, a compiled engine) must give the same bytes. Shard lines are cut by
time: of them the summary line is compared, and the shard lines must tile the run and add up
to the summary's totals.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from cases import Case, answer, apps, cases, is_shard_lines, read_answers
from flask import Flask

from scoring_api.sim.runs import Totals

CASES = cases()


@pytest.fixture(scope="module")
def built() -> dict[str, Flask]:
    return apps()


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict[str, Any]]:
    return read_answers()


def test_every_case_is_recorded(recorded: dict[str, dict[str, Any]]) -> None:
    assert sorted(recorded) == sorted(case[0] for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_the_answer_is_the_recorded_one(
    case: Case, built: dict[str, Flask], recorded: dict[str, dict[str, Any]]
) -> None:
    assert answer(built, case) == recorded[case[0]]


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if is_shard_lines(c) and not c[4].get("transcripts")],
    ids=lambda case: case[0],
)
def test_shard_lines_add_up_to_the_summary(case: Case, built: dict[str, Flask]) -> None:
    _, app, method, path, body, headers = case
    response = built[app].test_client().open(path, method=method, json=body, headers=headers)
    lines = [json.loads(line) for line in response.get_data(as_text=True).splitlines()]
    shards, summary = lines[:-1], lines[-1]
    assert summary["type"] == "summary"
    at = body.get("first_game", 0)
    merged = Totals.from_dict(shards[0]["totals"])
    for line in sorted(shards, key=lambda line: line["first_game"]):
        assert line["first_game"] == at
        at += line["games"]
    for line in shards[1:]:
        merged.merge(Totals.from_dict(line["totals"]))
    assert at == body.get("first_game", 0) + body["games"]
    assert merged.as_dict() == summary["totals"]
