"""POST /v1/deals/score: a whole deal refereed, event by event, to the winner
(docs/rules.md sections 5, 6 and 8.5); every answer is checked against openapi.yaml."""

from __future__ import annotations

from typing import Any

import pytest
from rulebook import (
    FOUR_HANDS,
    FOUR_LAID,
    THREE_CRIB,
    THREE_HANDS,
    THREE_LAID,
    WHOLE_HANDS,
    WHOLE_PLAY,
    record,
)

from .contract import ContractClient, pointers, problem_of

DEAL = "/v1/deals/score"


def three_player_deal(scores: list[int], **extra: Any) -> dict[str, Any]:
    return {
        "rules": {"players": 3},
        "dealer": 2,
        "scores": scores,
        "starter": "5-5",
        "hands": THREE_HANDS,
        "crib": THREE_CRIB,
        "plays": record(THREE_LAID),
        **extra,
    }


def test_the_three_player_deal_of_the_rule_book_in_full(api: ContractClient) -> None:
    answer = api.post(DEAL, three_player_deal([0, 0, 0])).get_json()
    kinds = [(event["kind"], event["seat"], event["points"]) for event in answer["events"]]
    assert kinds[0] == ("starter", 2, 1)  # 5-5: C +1
    shows = [k for k in kinds if k[0] in ("hand", "crib")]
    assert shows == [("hand", 0, 12), ("hand", 1, 8), ("hand", 2, 4), ("crib", 2, 5)]
    pegged = [0, 0, 0]
    for kind, seat, points in kinds:
        if kind in ("play", "go"):
            pegged[seat] += points
    assert pegged == [9, 2, 6]
    # Row 10: C's 1-4 scores nothing of its own; its go point is an event of its own.
    go = [e for e in answer["events"] if e["kind"] == "go"]
    assert [(e["seat"], e["entry"]) for e in go] == [(2, 9), (2, 11)]
    assert answer["scores"] == [9 + 12, 2 + 8, 1 + 6 + 4 + 5]
    assert answer["events"][-1]["scores"] == answer["scores"]
    assert answer["winner"] is None
    assert answer["lurched"] == []


def test_the_three_player_game_end_stops_at_a_hand(api: ContractClient) -> None:
    # docs/rules.md section 8.5: A 40, B 54, C 44 before the deal; A reaches 61 with his hand
    # and wins; B's hand, C's hand and the crib are not counted.
    body = three_player_deal([40, 54, 44], claims={"hands": [12, 9, None], "crib": 5})
    answer = api.post(DEAL, body).get_json()
    last = answer["events"][-1]
    assert (last["kind"], last["seat"], last["points"]) == ("hand", 0, 12)
    assert last["claim"] == {"claimed": 12, "correct": True, "missed": 0, "overclaimed": 0}
    assert answer["winner"] == {"side": 0, "event": len(answer["events"]) - 1}
    assert answer["scores"] == [61, 56, 51]
    assert answer["lurched"] == []
    assert not [e for e in answer["events"] if e["kind"] == "crib"]


def test_a_win_in_the_play_ends_the_deal_there(api: ContractClient) -> None:
    # B at 58 pegs 2 with 2-6 (entry 1) and reaches 60; at 59 the same fifteen wins.
    answer = api.post(DEAL, three_player_deal([10, 59, 20])).get_json()
    last = answer["events"][-1]
    assert (last["kind"], last["seat"], last["entry"]) == ("play", 1, 1)
    assert answer["winner"]["side"] == 1
    assert answer["scores"] == [10, 61, 21]
    assert answer["lurched"] == [0, 2]  # below 31 of 61
    # A record cut at the winning tile is enough.
    cut = three_player_deal([10, 59, 20], plays=record(THREE_LAID[:2]))
    assert api.post(DEAL, cut).get_json()["winner"] == answer["winner"]


def test_a_go_point_that_wins_comes_after_the_tiles_own_points(api: ContractClient) -> None:
    # C scores the starter double (1), a pair (2), then his 1-4 (entry 9) scores nothing of
    # its own and its go point (1): from 57 the go point itself wins.
    answer = api.post(DEAL, three_player_deal([0, 0, 57])).get_json()
    last = answer["events"][-1]
    assert (last["kind"], last["seat"], last["entry"], last["points"]) == ("go", 2, 9, 1)
    assert answer["scores"][2] == 61
    # His last tile 4-4 (entry 11) makes a fifteen (2) and takes the last-tile point (1):
    # from 55 the fifteen wins at 61, and the last-tile point is never scored.
    answer = api.post(DEAL, three_player_deal([0, 0, 55])).get_json()
    last = answer["events"][-1]
    assert (last["kind"], last["seat"], last["entry"], last["points"]) == ("play", 2, 11, 2)
    assert answer["scores"][2] == 61


def test_a_partnership_deal_scores_for_sides(api: ContractClient) -> None:
    body = {
        "rules": {"players": 4, "partners": True},
        "scores": [0, 0],
        "starter": "3-3",
        "hands": FOUR_HANDS,
        "crib": ["0-0", "0-2", "1-1", "1-5"],
        "plays": record(FOUR_LAID),
    }
    answer = api.post(DEAL, body).get_json()
    assert answer["dealer"] == 3  # the last seat deals by default
    assert answer["rules"]["target"] == 121
    play = [e for e in answer["events"] if e["kind"] in ("play", "go")]
    assert sum(e["points"] for e in play if e["side"] == 0) == 15
    assert sum(e["points"] for e in play if e["side"] == 1) == 15
    assert [e["seat"] for e in answer["events"] if e["kind"] == "hand"] == [0, 1, 2, 3]
    crib = answer["events"][-1]
    assert (crib["kind"], crib["seat"], crib["side"]) == ("crib", 3, 1)
    assert answer["events"][0]["kind"] == "starter"  # 3-3 is a double: W's side


def test_the_two_player_play_of_section_6(api: ContractClient) -> None:
    body = {
        "scores": [0, 0],
        "starter": "5-6",
        "hands": WHOLE_HANDS,
        "crib": ["0-0", "0-1", "0-2", "1-1"],
        "plays": WHOLE_PLAY,
    }
    answer = api.post(DEAL, body).get_json()
    pegged = [0, 0]
    for event in answer["events"]:
        if event["kind"] in ("play", "go"):
            pegged[event["seat"]] += event["points"]
    assert pegged == [2, 6]  # "Pegging: D 6, N 2"


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"crib": ["5-6", "0-1", "3-6", "3-4"]}, "/crib/3"),  # A's 3-4 again
        ({"starter": "3-5"}, "/starter"),  # C's tile
        ({"scores": [0, 0]}, "/scores"),
        ({"scores": [61, 0, 0]}, "/scores/0"),
        ({"hands": THREE_HANDS[:2]}, "/hands"),
        ({"dealer": 3}, "/dealer"),
        ({"plays": record(THREE_LAID[:5])}, "/plays"),  # stops before the end, nobody won
        ({"claims": {"hands": [101]}}, "/claims/hands/0"),
    ],
)
def test_a_deal_that_does_not_add_up_is_named(
    api: ContractClient, change: dict[str, Any], pointer: str
) -> None:
    body = {**three_player_deal([0, 0, 0]), **change}
    assert pointers(problem_of(api.post(DEAL, body), 422)) == [pointer]


def test_each_seat_plays_the_tiles_he_shows(api: ContractClient) -> None:
    laid = list(THREE_LAID)
    laid[0] = (0, "6-6")  # not in A's hand
    problem = problem_of(api.post(DEAL, three_player_deal([0, 0, 0], plays=record(laid))), 422)
    assert (problem["index"], problem["code"]) == (0, "tile_not_in_hand")


def test_a_deal_in_play_gives_the_board_so_far(api: ContractClient) -> None:
    # the page asks this after every entry: the scores before the deal, the starter and the
    # plays so far; no hands or crib yet
    body = three_player_deal([0, 0, 0], plays=record(THREE_LAID[:5]))
    del body["hands"], body["crib"]
    answer = api.post(DEAL, body).get_json()
    kinds = [(e["kind"], e["seat"], e["points"]) for e in answer["events"]]
    # the double starter, B's fifteen, C's pair, A's 31 with a pair (4): docs/rules.md 8.5
    assert kinds == [("starter", 2, 1), ("play", 1, 2), ("play", 2, 2), ("play", 0, 4)]
    assert (answer["scores"], answer["winner"], answer["lurched"]) == ([4, 2, 3], None, [])
    # before any tile: the starter double alone
    started = api.post(DEAL, {**body, "plays": []}).get_json()
    assert started["scores"] == [0, 0, 1]


def test_a_deal_in_play_stops_at_the_winner(api: ContractClient) -> None:
    body = three_player_deal([10, 59, 20], plays=record(THREE_LAID[:3]))
    del body["hands"], body["crib"]
    answer = api.post(DEAL, body).get_json()
    assert answer["winner"] == {"side": 1, "event": 1}
    assert answer["scores"] == [10, 61, 21]
    assert answer["lurched"] == [0, 2]


def test_the_crib_and_the_claims_come_with_the_hands(api: ContractClient) -> None:
    body = three_player_deal([0, 0, 0])
    del body["hands"]
    assert pointers(problem_of(api.post(DEAL, body), 422)) == ["/hands"]
    # the crib's claim is checked with the crib
    hands_only = three_player_deal([0, 0, 0], claims={"hands": [12, None, None], "crib": 5})
    del hands_only["crib"]
    assert pointers(problem_of(api.post(DEAL, hands_only), 422)) == ["/crib"]
    # claims are checked at the show: not with a deal in play
    in_play = three_player_deal([0, 0, 0], claims={"crib": 5})
    del in_play["hands"], in_play["crib"]
    assert pointers(problem_of(api.post(DEAL, in_play), 422)) == ["/hands"]


def test_the_hands_before_the_crib_are_the_show_so_far(api: ContractClient) -> None:
    # the page asks this when the play is over: each hand counted, the crib still to come
    whole = api.post(DEAL, three_player_deal([0, 0, 0], claims={"hands": [12, 9, None]}))
    body = three_player_deal([0, 0, 0], claims={"hands": [12, 9, None]})
    del body["crib"]
    answer = api.post(DEAL, body).get_json()
    assert answer["events"] == whole.get_json()["events"][:-1]  # all but the crib
    assert [e["kind"] for e in answer["events"][-3:]] == ["hand", "hand", "hand"]
    assert answer["events"][-2]["claim"] == {
        "claimed": 9,
        "correct": False,
        "missed": 0,
        "overclaimed": 1,
    }
    assert answer["scores"] == [9 + 12, 2 + 8, 1 + 6 + 4]
    assert answer["winner"] is None


def test_a_hand_that_wins_before_the_crib_is_the_deal_whole(api: ContractClient) -> None:
    # docs/rules.md section 8.5: A reaches 61 with his hand; the crib is never needed
    body = three_player_deal([40, 54, 44])
    del body["crib"]
    answer = api.post(DEAL, body).get_json()
    assert answer == api.post(DEAL, three_player_deal([40, 54, 44])).get_json()
    assert answer["events"][answer["winner"]["event"]]["kind"] == "hand"
