"""A go the deal proves wrong, through every endpoint that reads a play (docs/rules.md section 3):
/v1/pegging/score, /v1/plays/validate, /v1/deals/score and /v1/deals/review."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from rulebook import WRONG_GOES, entries

from scoring_api.rules import ALL_TILES

from .contract import SPEC, ContractClient, pointers, problem_of

PEGGING = "/v1/pegging/score"
VALIDATE = "/v1/plays/validate"
DEAL = "/v1/deals/score"
REVIEW = "/v1/deals/review"


def unused_tile(plays: list[dict[str, Any]]) -> str:
    laid = {play["tile"] for play in plays if "tile" in play}
    return next(str(tile) for tile in ALL_TILES if str(tile) not in laid)


@pytest.mark.parametrize(
    ("players", "dealer", "laid", "index", "go_index", "message"),
    [example[1:] for example in WRONG_GOES],
    ids=[example[0] for example in WRONG_GOES],
)
def test_every_endpoint_refuses_the_tile_that_proves_a_go_wrong(
    api: ContractClient,
    players: int,
    dealer: int,
    laid: list[tuple[int, str | None]],
    index: int,
    go_index: int,
    message: str,
) -> None:
    plays = entries(laid)
    table = {"rules": {"players": players}, "dealer": dealer}
    said_at = int(re.findall(r"said go at (\d+)", message)[0])
    refused = problem_of(api.post(PEGGING, {**table, "plays": plays}), 422)
    expected = {"index": index, "code": "go_proved_wrong", "go_index": go_index}
    expected["go_count"] = said_at
    assert {key: refused[key] for key in expected} == expected
    assert (refused["detail"], pointers(refused)) == (message, [f"/plays/{index}"])

    # the board during the play: the deal in play, refereed as far as it goes
    in_play = {**table, "scores": [0] * players, "starter": unused_tile(plays), "plays": plays}
    board = problem_of(api.post(DEAL, in_play), 422)
    assert {key: board[key] for key in expected} == expected
    assert api.post(DEAL, {**in_play, "plays": plays[:index]}).status_code == 200

    verdict = api.post(VALIDATE, {**table, "plays": plays[:index], "play": plays[index]})
    assert verdict.get_json() == {
        "legal": False,
        "reason": {
            "code": "go_proved_wrong",
            "message": message,
            "hint": "undo_go",
            "go_index": go_index,
            "go_count": said_at,
        },
    }


def test_a_hand_given_to_validate_may_not_hold_a_tile_that_fitted_his_go(
    api: ContractClient,
) -> None:
    plays = entries([(0, "6-6"), (1, "5-6"), (0, None)])
    body = {"plays": plays, "play": {"player": 0, "go": True}, "dealer": 1}
    refused = problem_of(api.post(VALIDATE, {**body, "hand": ["5-5", "0-2"]}), 422)
    assert pointers(refused) == ["/hand/1"]
    assert "player 0 said go at 23, but 0-2 would have made 25" in refused["errors"][0]["detail"]
    assert api.post(VALIDATE, {**body, "hand": ["5-5", "4-5"]}).get_json()["legal"] is True


def _review_example() -> dict[str, Any]:
    operation = SPEC["paths"][REVIEW]["post"]
    example = operation["requestBody"]["content"]["application/json"]["examples"]["twoPlayers"]
    return copy.deepcopy(example["value"])


@pytest.mark.parametrize("listed", [True, False], ids=["go listed", "go left out"])
def test_a_review_refuses_it_where_the_hands_show_it(api: ContractClient, listed: bool) -> None:
    # The README's deal: D goes at 23 holding 3-3 (and 1-6), N plays on to 29 and goes, D
    # leads 3-3. A review has every hand, so the go is refused where it is said (or, left
    # out, where N's second tile in a row implies it); without the hands, where 3-3 proves it.
    review = _review_example()
    laid: list[tuple[int, str | None]] = [
        (0, "3-4"), (1, "2-6"), (0, "4-4"), (1, None), (0, "0-6"), (0, None), (1, "3-3"),
    ]  # fmt: skip
    if not listed:
        laid = [(seat, tile) for seat, tile in laid if tile is not None]
    plays = entries(laid)
    refused = problem_of(api.post(REVIEW, {**review, "plays": plays}), 422)
    code = "go_with_playable_tile" if listed else "out_of_turn"
    assert (refused["index"], refused["code"]) == (3, code)
    assert "go_index" not in refused
    in_play = {key: review[key] for key in ("dealer", "scores", "starter")}
    board = problem_of(api.post(DEAL, {**in_play, "plays": plays}), 422)
    at = 6 if listed else 4
    assert (board["index"], board["code"], board["go_index"]) == (at, "go_proved_wrong", 3)
    assert board["detail"].startswith("player 1 said go at 23")
