"""POST /v1/pegging/score and /v1/plays/validate through HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from rulebook import WHOLE_HANDS, WHOLE_PLAY

from scoring_api.rules import ALL_TILES

from .contract import ContractClient, pointers, problem_of

PEGGING = "/v1/pegging/score"
VALIDATE = "/v1/plays/validate"


def _tiles_of_values(values: list[int]) -> list[str]:
    """Distinct tiles with the given values, in order."""
    unused = list(ALL_TILES)
    chosen = []
    for value in values:
        tile = next(t for t in unused if t.value == value)
        unused.remove(tile)
        chosen.append(str(tile))
    return chosen


@pytest.mark.parametrize("goes_listed", [True, False])
def test_worked_whole_play(api: ContractClient, goes_listed: bool) -> None:
    plays = [p for p in WHOLE_PLAY if goes_listed or "go" not in p]
    body = api.post(PEGGING, {"plays": plays, "hands": WHOLE_HANDS, "dealer": 1}).get_json()
    assert body["scores"] == [2, 6]
    assert body["complete"] is True
    assert body["next_player"] is None
    laid = [entry for entry in body["plays"] if "tile" in entry]
    assert [entry["points"] for entry in laid] == [0, 2, 2, 1, 0, 2, 0, 1]
    assert laid[3]["closes"] == "go"
    assert laid[-1]["closes"] == "last_tile"


@pytest.mark.parametrize(
    ("values", "points"),
    [
        ([7, 8, 9], [0, 2, 3]),
        ([6, 6, 6, 6], [0, 2, 6, 12]),
        ([5, 3, 4], [0, 0, 3]),
        ([3, 4, 4, 5], [0, 0, 2, 0]),
        ([2, 1, 0], [0, 0, 3]),
        ([7, 8, 0], [0, 2, 0]),
        ([7, 6, 6, 6, 6], [0, 0, 2, 6, 14]),
        ([5, 5, 5], [0, 2, 8]),
    ],
)
def test_worked_counts(api: ContractClient, values: list[int], points: list[int]) -> None:
    plays = [{"player": i % 2, "tile": t} for i, t in enumerate(_tiles_of_values(values))]
    body = api.post(PEGGING, {"plays": plays}).get_json()
    assert [entry["points"] for entry in body["plays"]] == points


def test_dealer_zero_and_notations(api: ContractClient) -> None:
    plays = [{"player": 1, "tile": [4, 3]}, {"player": 0, "tile": "6|2"}]
    body = api.post(PEGGING, {"plays": plays, "dealer": 0, "starter": "5-5"}).get_json()
    assert [entry["tile"] for entry in body["plays"]] == ["3-4", "2-6"]
    assert body["scores"] == [2, 0]
    assert body["count"] == 15
    assert body["next_player"] == 1


def test_empty_record(api: ContractClient) -> None:
    body = api.post(PEGGING, {"plays": []}).get_json()
    assert body == {
        "plays": [],
        "scores": [0, 0],
        "count": 0,
        "next_player": 0,
        "complete": False,
        "said_go": [],
    }


@pytest.mark.parametrize(
    ("plays", "index", "code"),
    [
        ([{"player": 1, "tile": "3-4"}], 0, "out_of_turn"),
        ([{"player": 0, "tile": "3-4"}, {"player": 1, "tile": "4-3"}], 1, "tile_repeated"),
        ([{"player": 0, "tile": "5-5"}], 0, "starter_played"),
    ],
)
def test_illegal_record(
    api: ContractClient, plays: list[dict[str, Any]], index: int, code: str
) -> None:
    body = problem_of(api.post(PEGGING, {"plays": plays, "starter": "5-5"}), 422)
    assert (body["index"], body["code"]) == (index, code)
    assert pointers(body) == [f"/plays/{index}"]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"plays": [{"player": 2, "tile": "3-4"}]}, "/plays/0/player"),
        ({"plays": [{"player": 0, "tile": "3-4", "go": True}]}, "/plays/0"),
        ({"plays": [{"player": 0}]}, "/plays/0"),
        ({"plays": [{"player": 0, "go": False}]}, "/plays/0/go"),
        ({"plays": [{"player": 0, "tile": "3-9"}]}, "/plays/0/tile"),
        ({"dealer": 2}, "/dealer"),
        ({"dealer": True}, "/dealer"),
        ({"hands": [["3-4", "4-4", "0-6"], ["2-6", "1-6", "4-5", "3-3"]]}, "/hands/0"),
        ({"hands": [["3-4", "4-4", "0-6", "2-2"], ["2-6", "1-6", "4-5", "3-4"]]}, "/hands/1/3"),
        ({"plays": [], "extra": 1}, "/extra"),
    ],
)
def test_pegging_invalid_fields(api: ContractClient, change: dict[str, Any], pointer: str) -> None:
    body = problem_of(api.post(PEGGING, {"plays": [], **change}), 422)
    assert pointer in pointers(body)


def test_validate_legal_play(api: ContractClient) -> None:
    request = {
        "plays": [{"player": 0, "tile": "1-4"}],
        "play": {"player": 1, "tile": "2-3"},
        "hand": ["2-3", "6-6"],
    }
    body = api.post(VALIDATE, request).get_json()
    assert body["legal"] is True
    assert body["points"] == 2
    assert body["items"] == [{"kind": "pair", "tiles": ["1-4", "2-3"], "points": 2}]
    assert (body["count"], body["scores"]) == (10, [0, 2])


@pytest.mark.parametrize(
    ("request_body", "code"),
    [
        ({"plays": [], "play": {"player": 1, "tile": "2-3"}}, "out_of_turn"),
        ({"plays": [], "play": {"player": 0, "go": True}}, "go_with_playable_tile"),
        ({"plays": [], "play": {"player": 0, "tile": "1-1"}, "starter": "1-1"}, "starter_played"),
        (
            {
                "plays": [{"player": 0, "tile": "3-4"}],
                "play": {"player": 1, "tile": "5-6"},
                "hand": ["1-1"],
            },
            "tile_not_in_hand",
        ),
        (
            {
                "plays": [
                    {"player": 0, "tile": "6-6"},
                    {"player": 1, "tile": "5-6"},
                ],
                "play": {"player": 0, "tile": "4-5"},
            },
            "count_over_31",
        ),
    ],
)
def test_validate_illegal_play_is_an_answer(
    api: ContractClient, request_body: dict[str, Any], code: str
) -> None:
    body = api.post(VALIDATE, request_body).get_json()
    assert body["legal"] is False
    assert body["reason"]["code"] == code
    assert body["reason"]["message"]


def test_validate_illegal_record_is_an_error(api: ContractClient) -> None:
    request = {"plays": [{"player": 1, "tile": "3-4"}], "play": {"player": 0, "go": True}}
    body = problem_of(api.post(VALIDATE, request), 422)
    assert (body["index"], body["code"]) == (0, "out_of_turn")


@pytest.mark.parametrize(
    ("request_body", "pointer"),
    [
        ({"plays": []}, "/play"),
        ({"play": {"player": 0, "go": True}}, "/plays"),
        ({"plays": [], "play": {"player": 0, "go": "yes"}}, "/play/go"),
        ({"plays": [], "play": {"player": 0, "go": True}, "hand": ["1-1", "1-1"]}, "/hand/1"),
        (
            {
                "plays": [],
                "play": {"player": 0, "go": True},
                "hand": ["1-1", "1-2", "1-3", "1-4", "1-5"],
            },
            "/hand",
        ),
    ],
)
def test_validate_invalid_fields(
    api: ContractClient, request_body: dict[str, Any], pointer: str
) -> None:
    assert pointer in pointers(problem_of(api.post(VALIDATE, request_body), 422))


# docs/rules.md section 3: the seat that said go at 23 lays a tile that would not have fitted
# there; the goes of the seats on turn after him are left out, so the count closed (the go to
# its last layer) and the tile leads the next count. Seat 0 leads; the last seat deals.
MIXED_RECORDS = {
    2: [(0, "6-6"), (1, "5-6"), (0, None), (0, "5-5")],
    3: [(0, "6-6"), (1, "4-6"), (2, "0-1"), (0, None), (0, "5-5")],
    4: [(0, "6-6"), (1, "4-6"), (2, "0-1"), (3, "0-0"), (0, None), (0, "5-5")],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_mixed_record_is_read_as_the_rule_book_says(api: ContractClient, players: int) -> None:
    plays = [
        {"player": seat, "go": True} if tile is None else {"player": seat, "tile": tile}
        for seat, tile in MIXED_RECORDS[players]
    ]
    rules = {"players": players}
    body = api.post(PEGGING, {"plays": plays, "rules": rules}).get_json()
    last_layer = players - 1
    assert [entry["closes"] for entry in body["plays"]][-3:] == ["go", None, None]
    assert body["plays"][-3]["player"] == last_layer
    assert body["scores"] == [int(seat == last_layer) for seat in range(players)]
    assert (body["count"], body["next_player"], body["said_go"]) == (10, 1, [])
    verdict = api.post(VALIDATE, {"plays": plays[:-1], "play": plays[-1], "rules": rules})
    answer = verdict.get_json()
    assert answer["legal"] is True, answer
    assert (answer["count"], answer["scores"]) == (10, body["scores"])
    assert (answer["next_player"], answer["leader"]) == (1, 0)


def test_a_tile_tapped_after_goes_names_the_seat_whose_lead_it_is(api: ContractClient) -> None:
    # docs/rules.md section 6 after "N go": D is on turn at 30, and the 0-6 is N's lead
    after_go = WHOLE_PLAY[:5]
    state = api.post(PEGGING, {"plays": after_go}).get_json()
    assert (state["next_player"], state["said_go"]) == (1, [0])
    refused = api.post(VALIDATE, {"plays": after_go, "play": {"player": 1, "tile": "0-6"}})
    assert refused.get_json() == {
        "legal": False,
        "reason": {
            "code": "count_over_31",
            "message": "0-6 would make the count 36: say Go",
            "hint": "lead_next_count",
        },
        "leader": 0,
    }
    laid = api.post(VALIDATE, {"plays": after_go, "play": {"player": 0, "tile": "0-6"}})
    assert laid.get_json() == {
        "legal": True,
        "points": 0,
        "items": [],
        "count": 6,
        "scores": [2, 3],
        "next_player": 1,
        "leader": 0,
    }


@pytest.mark.parametrize(
    ("plays", "play", "hint"),
    [
        (WHOLE_PLAY[:4], {"player": 0, "tile": "5-5"}, "say_go"),
        (WHOLE_PLAY[:4], {"player": 1, "tile": "5-5"}, "wait_for_close"),
        (WHOLE_PLAY[:1], {"player": 0, "tile": "2-6"}, "wait_for_turn"),
        (WHOLE_PLAY[:2], {"player": 0, "go": True}, "lay_a_tile"),
        (WHOLE_PLAY[:2], {"player": 0, "tile": "4-3"}, "choose_another_tile"),
    ],
)
def test_a_refusal_carries_a_hint(
    api: ContractClient, plays: list[dict[str, Any]], play: dict[str, Any], hint: str
) -> None:
    reason = api.post(VALIDATE, {"plays": plays, "play": play}).get_json()["reason"]
    assert reason["hint"] == hint
