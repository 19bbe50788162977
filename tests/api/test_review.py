"""POST /v1/deals/review over HTTP: every answer checked against openapi.yaml, its examples
real answers, the same bytes every time and for every deal a seat could not tell apart, and
a 422 naming the field for anything that does not add up."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from scoring_api.app import create_app
from scoring_api.sim.advisor import default_model
from scoring_api.sim.review.inputs import MAX_PLAYOUTS

from .contract import SPEC, ContractClient, pointers, problem_of

REVIEW = "/v1/deals/review"
ADVISE = "/v1/discards/advise"
ROOT = Path(__file__).resolve().parents[2]


def _example(status: str | None, name: str) -> Any:
    operation = SPEC["paths"][REVIEW]["post"]
    where = operation["responses"][status] if status else operation["requestBody"]
    return copy.deepcopy(where["content"]["application/json"]["examples"][name]["value"])


TWO = _example(None, "twoPlayers")
THREE = _example(None, "threePlayersOneSeat")


def review(api: ContractClient, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(REVIEW, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


def test_the_examples_are_real_answers(api: ContractClient) -> None:
    assert review(api, THREE) == _example("200", "threePlayersOneSeat")
    # The expert's figures come from tables that will be rebuilt: compared in full by
    # scripts/spec_examples.py --check (CI's contract step), here what does not use them.
    answer, documented = review(api, TWO), _example("200", "twoPlayers")
    assert answer.keys() == documented.keys()
    assert [(d["kind"], d["seat"], d.get("entry")) for d in answer["decisions"]] == [
        (d["kind"], d["seat"], d.get("entry")) for d in documented["decisions"]
    ]
    assert answer["model"] == "expert" == default_model(2)


def test_a_lay_away_is_valued_as_the_advisor_values_it(api: ContractClient) -> None:
    for body in (TWO, THREE):
        players = body.get("rules", {}).get("players", 2)
        for decision in review(api, body)["decisions"]:
            if decision["kind"] != "lay_away":
                continue
            seat = decision["seat"]
            advice = api.post(
                ADVISE,
                {
                    "tiles": body["drawn"][seat],
                    "dealer": seat == body["dealer"],
                    "rules": {"players": players},
                },
            ).get_json()
            assert decision["options"] == advice["options"]
            best, chosen = (
                advice["options"][0],
                next(o for o in advice["options"] if o["discard"] == decision["chosen"]),
            )
            assert decision["loss"] == round(best["expected_net"] - chosen["expected_net"], 4)


def test_the_same_request_gives_the_same_bytes_in_any_process(api: ContractClient) -> None:
    first, second = api.post(REVIEW, TWO).get_data(), api.post(REVIEW, TWO).get_data()
    assert first == second
    script = (
        "import sys, json; from scoring_api.app import create_app; "
        "c = create_app({'TESTING': True}).test_client(); "
        f"sys.stdout.buffer.write(c.post({REVIEW!r}, json=json.loads(sys.argv[1])).get_data())"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, json.dumps(TWO)],
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        cwd=ROOT,
        check=True,
        timeout=120,
    )
    assert run.stdout == first


def test_what_seat_0_never_saw_does_not_change_a_byte_of_his_review(api: ContractClient) -> None:
    """Seat 1's lay-away stays face down until the show: any other two unseen tiles leave
    seat 0's every decision, and what his tiles were worth, as they were."""
    changed = copy.deepcopy(TWO)
    changed["drawn"][1] = [*changed["hands"][1], "0-1", "6-6"]
    original = review(api, {**TWO, "seats": [0]})
    other = review(api, {**changed, "seats": [0]})
    assert json.dumps(original["decisions"]) == json.dumps(other["decisions"])
    keep = ("lay_away_loss", "play_loss", "expected")
    assert [{k: s[k] for k in keep} for s in original["seats"]] == [
        {k: s[k] for k in keep} for s in other["seats"]
    ]
    assert original["seats"][0]["scored"] != other["seats"][0]["scored"]  # the crib did change


def test_the_seats_asked_for_are_reviewed(api: ContractClient) -> None:
    answer = review(api, THREE)
    assert {d["seat"] for d in answer["decisions"]} == {1}
    assert [s["seat"] for s in answer["seats"]] == [1]
    whole = review(api, {**THREE, "seats": [2, 0, 1]})
    assert [s["seat"] for s in whole["seats"]] == [0, 1, 2]
    mine = [d for d in whole["decisions"] if d["seat"] == 1]
    assert mine == answer["decisions"]


def _invalid(api: ContractClient, body: dict[str, Any]) -> list[str]:
    return pointers(problem_of(api.post(REVIEW, body), 422))


def test_a_body_that_does_not_add_up_is_a_422_naming_the_field(api: ContractClient) -> None:
    drawn = TWO["drawn"]
    assert _invalid(api, {**TWO, "drawn": [drawn[0], [*drawn[1], "6-6"]]}) == ["/drawn/1"]
    assert _invalid(api, {**TWO, "drawn": [drawn[0][:5], drawn[1][:5]]}) == ["/drawn/0"]
    assert _invalid(api, {**TWO, "drawn": [drawn[0]]}) == ["/drawn"]
    swapped = [[*drawn[0][1:], "0-1"], drawn[1]]  # 3-4, kept in the hand, is not drawn
    assert _invalid(api, {**TWO, "drawn": swapped}) == ["/hands/0/0"]
    twice = [drawn[0], [*drawn[1][:5], "1-2"]]
    assert _invalid(api, {**TWO, "drawn": twice}) == ["/drawn/1/5"]
    assert _invalid(api, {**TWO, "crib": ["1-2", "5-6", "0-0", "0-1"]}) == ["/crib"]
    no_crib = {key: value for key, value in THREE.items() if key != "crib"}
    assert _invalid(api, no_crib) == ["/crib"]
    assert _invalid(api, {**THREE, "model": "expert"}) == ["/model"]
    assert _invalid(api, {**TWO, "model": "best"}) == ["/model"]
    assert _invalid(api, {**TWO, "seats": [0, 0]}) == ["/seats/1"]
    assert _invalid(api, {**TWO, "seats": [2]}) == ["/seats/0"]
    assert _invalid(api, {**TWO, "seats": []}) == ["/seats"]
    assert _invalid(api, {**TWO, "playouts": MAX_PLAYOUTS + 1}) == ["/playouts"]
    assert _invalid(api, {**TWO, "playouts": 0}) == ["/playouts"]
    assert _invalid(api, {**TWO, "playouts": 2.5}) == ["/playouts"]
    assert _invalid(api, {key: v for key, v in TWO.items() if key != "drawn"}) == ["/drawn"]
    assert _invalid(api, {**TWO, "hands": TWO["hands"][:1]}) == ["/hands"]


def test_an_illegal_record_is_a_422_at_its_entry(api: ContractClient) -> None:
    plays = [*TWO["plays"]]
    plays[2], plays[3] = plays[3], plays[2]  # seat 1 lays twice running
    body = problem_of(api.post(REVIEW, {**TWO, "plays": plays}), 422)
    assert (body["index"], body["code"]) == (2, "out_of_turn")
    assert pointers(body) == ["/plays/2"]


def test_reviews_are_rate_limited_like_the_advice() -> None:
    limited = create_app({"TESTING": True, "SCORING_API_REVIEW_RATE": "2/minute"})
    client = ContractClient(limited)
    body = {**TWO, "playouts": 1}
    statuses = [client.post(REVIEW, body).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
