"""POST /v1/hands/score and /v1/hands/score-batch through HTTP."""

from __future__ import annotations

import pytest

from .contract import ContractClient, pointers, problem_of

# docs/rules.md section 6, the show: hand, starter, total with default rules.
WORKED_SHOWS = [
    (["3-3", "1-5", "2-4", "0-3"], "0-6", 24),
    (["0-4", "0-5", "0-6", "1-3"], "1-4", 24),
    (["0-5", "1-4", "2-3", "4-6"], "5-5", 22),
    (["0-0", "0-5", "1-4", "2-3"], "4-6", 22),
    (["1-6", "2-5", "3-4", "3-5"], "3-6", 21),
    (["1-6", "2-5", "3-5", "3-6"], "4-6", 14),
    (["0-1", "0-2", "1-1", "2-5"], "0-0", 8),
    (["0-1", "0-2", "3-4", "5-6"], "6-6", 2),
]
SCORE = "/v1/hands/score"
BATCH = "/v1/hands/score-batch"


@pytest.mark.parametrize(("hand", "starter", "total"), WORKED_SHOWS)
def test_worked_examples(api: ContractClient, hand: list[str], starter: str, total: int) -> None:
    body = api.post(SCORE, {"hand": hand, "starter": starter}).get_json()
    assert body["total"] == total
    assert sum(item["points"] for item in body["items"]) == total
    assert sum(body["subtotals"].values()) == total
    assert "claim" not in body


def test_subtotals_and_items_of_the_maximum_hand(api: ContractClient) -> None:
    body = api.post(SCORE, {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}).get_json()
    assert body["subtotals"] == {"fifteen": 12, "pair": 12, "run": 0}
    assert {"kind": "pair", "tiles": ["0-6", "1-5"], "points": 2} in body["items"]


def test_double_blank_option(api: ContractClient) -> None:
    request = {"hand": ["0-0", "0-5", "1-4", "2-3"], "starter": "4-6"}
    off = {**request, "rules": {"double_blank_in_fifteens": False}}
    assert api.post(SCORE, request).get_json()["total"] == 22
    body = api.post(SCORE, off).get_json()
    assert body["total"] == 14
    assert body["rules"]["double_blank_in_fifteens"] is False


def test_every_notation_answers_canonically(api: ContractClient) -> None:
    body = api.post(
        SCORE, {"hand": ["3-3", "5-1", "2|4", [3, 0]], "starter": [6.0, 0], "crib": True}
    ).get_json()
    assert body["hand"] == ["3-3", "1-5", "2-4", "0-3"]
    assert body["starter"] == "0-6"
    assert body["crib"] is True
    assert body["total"] == 24


@pytest.mark.parametrize(
    ("claimed", "claim"),
    [
        (24, {"claimed": 24, "correct": True, "missed": 0, "overclaimed": 0}),
        (20, {"claimed": 20, "correct": False, "missed": 4, "overclaimed": 0}),
        (25.0, {"claimed": 25, "correct": False, "missed": 0, "overclaimed": 1}),
    ],
)
def test_claim(api: ContractClient, claimed: float, claim: dict[str, object]) -> None:
    request = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": claimed}
    assert api.post(SCORE, request).get_json()["claim"] == claim


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"hand": ["3-3", "1-5", "7-1", "0-3"]}, "/hand/2"),
        ({"hand": ["3-3", "1-5", " 2-4", "0-3"]}, "/hand/2"),
        ({"hand": ["3-3", "1-5", [2, True], "0-3"]}, "/hand/2"),
        ({"hand": ["3-3", "1-5", [2.5, 4], "0-3"]}, "/hand/2"),
        ({"hand": ["3-3", "1-5", "2-4"]}, "/hand"),
        ({"hand": ["3-3", "1-5", "2-4", "3-3"]}, "/hand/3"),
        ({"starter": "3|3"}, "/starter"),
        ({"starter": None}, "/starter"),
        ({"crib": 1}, "/crib"),
        ({"crib": "false"}, "/crib"),
        ({"claimed": "12"}, "/claimed"),
        ({"claimed": True}, "/claimed"),
        ({"claimed": 12.5}, "/claimed"),
        ({"claimed": -1}, "/claimed"),
        ({"rules": {"target": 100}}, "/rules/target"),
        ({"rules": {"target": True}}, "/rules/target"),
        ({"rules": {"double_blank_in_fifteens": 0}}, "/rules/double_blank_in_fifteens"),
        ({"rules": {"nobs": True}}, "/rules/nobs"),
        ({"starer": "0-6"}, "/starer"),
        ({"a/b~c": 1}, "/a~1b~0c"),
    ],
)
def test_invalid_fields_are_named(
    api: ContractClient, change: dict[str, object], pointer: str
) -> None:
    request = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", **change}
    body = problem_of(api.post(SCORE, request), 422)
    assert pointer in pointers(body)


def test_missing_fields_and_wrong_body_type(api: ContractClient) -> None:
    assert set(pointers(problem_of(api.post(SCORE, {}), 422))) == {"/hand", "/starter"}
    assert pointers(problem_of(api.post(SCORE, [1, 2]), 422)) == [""]


def test_rules_accept_whole_floats(api: ContractClient) -> None:
    request = {"hand": ["0-1", "0-2", "3-4", "5-6"], "starter": "6-6", "rules": {"target": 121.0}}
    assert api.post(SCORE, request).get_json()["rules"]["target"] == 121


def _batch_item(hand: list[str], starter: str) -> dict[str, object]:
    return {"hand": hand, "starter": starter}


def test_batch_totals_in_order(api: ContractClient) -> None:
    hands = [_batch_item(hand, starter) for hand, starter, _ in WORKED_SHOWS]
    body = api.post(BATCH, {"hands": hands}).get_json()
    assert body == {"totals": [total for _, _, total in WORKED_SHOWS]}


def test_batch_rules_and_unusual_notations(api: ContractClient) -> None:
    hands = [
        _batch_item(["0-0", "5-0", "4|1", "2-3"], "4-6"),
        {"hand": ["0-0", [0, 5], "1-4", "2-3"], "starter": [6, 4]},
    ]
    body = api.post(BATCH, {"hands": hands, "rules": {"double_blank_in_fifteens": False}})
    assert body.get_json() == {"totals": [14, 14]}


def test_batch_of_ten_thousand(api: ContractClient) -> None:
    hands = [_batch_item(hand, starter) for hand, starter, _ in WORKED_SHOWS] * 1250
    totals = api.post(BATCH, {"hands": hands}).get_json()["totals"]
    assert totals == [total for _, _, total in WORKED_SHOWS] * 1250
    too_many = problem_of(api.post(BATCH, {"hands": [*hands, hands[0]]}), 422)
    assert pointers(too_many) == ["/hands"]


def test_empty_batch(api: ContractClient) -> None:
    assert api.post(BATCH, {"hands": []}).get_json() == {"totals": []}


@pytest.mark.parametrize(
    ("item", "pointer"),
    [
        (_batch_item(["3-3", "1-5", "9-9", "0-3"], "0-6"), "/hands/17/hand/2"),
        (_batch_item(["3-3", "1-5", "2-4", "0-3"], "3|3"), "/hands/17/starter"),
        (_batch_item(["3-3", "1-5", "5-1", "0-3"], "0-6"), "/hands/17/hand/2"),
        (_batch_item(["3-3", "1-5", "2-4"], "0-6"), "/hands/17/hand"),
        ({"hand": ["3-3", "1-5", "2-4", "0-3"]}, "/hands/17/starter"),
        ({**_batch_item(["3-3", "1-5", "2-4", "0-3"], "0-6"), "crib": True}, "/hands/17/crib"),
        ("3-3", "/hands/17"),
        (None, "/hands/17"),
    ],
)
def test_batch_errors_name_the_hand(api: ContractClient, item: object, pointer: str) -> None:
    good = _batch_item(["3-3", "1-5", "2-4", "0-6"], "0-3")
    hands = [good] * 17 + [item] + [good] * 3
    body = problem_of(api.post(BATCH, {"hands": hands}), 422)
    assert pointers(body) == [pointer]


def test_batch_reports_every_bad_hand(api: ContractClient) -> None:
    bad = _batch_item(["3-3", "1-5", "2-4", "0-3"], "3-3")
    good = _batch_item(["3-3", "1-5", "2-4", "0-3"], "0-6")
    body = problem_of(api.post(BATCH, {"hands": [bad, good, bad]}), 422)
    assert pointers(body) == ["/hands/0/starter", "/hands/2/starter"]


def test_batch_agrees_with_single_scores(api: ContractClient) -> None:
    hands = [
        _batch_item(["1-2", "0-4", "5-5", "6-6"], "0-3"),
        _batch_item(["2-2", "1-3", "0-4", "4-6"], "5-5"),
        _batch_item(["0-0", "0-5", "1-4", "2-3"], "4-6"),
    ]
    singles = [api.post(SCORE, item).get_json()["total"] for item in hands]
    assert api.post(BATCH, {"hands": hands}).get_json()["totals"] == singles


def test_bare_hand_fast_path_answers_like_the_full_path(api: ContractClient) -> None:
    bare = {"hand": ["0-0", "5-0", "1-4", "2-3"], "starter": "4-6"}
    full = {**bare, "crib": False, "rules": {}}
    assert api.post(SCORE, bare).get_json() == api.post(SCORE, full).get_json()
