"""Muggins over HTTP (docs/rules.md section 4.1) and the count said aloud (hands and deals):
every answer checked against openapi.yaml; every call that cannot be right a 422 naming it."""

from __future__ import annotations

from typing import Any

import pytest
from rulebook import FOUR_HANDS, FOUR_LAID, THREE_CRIB, THREE_HANDS, THREE_LAID, record

from .contract import ContractClient, pointers, problem_of

DEAL = "/v1/deals/score"
HAND = "/v1/hands/score"


def three(claims: dict[str, Any], muggins: bool = True, **extra: Any) -> dict[str, Any]:
    """docs/rules.md section 8.5 from 0: C deals; shows A 12, B 8, C 4, crib 5."""
    return {
        "rules": {"players": 3, "muggins": muggins},
        "dealer": 2,
        "scores": [0, 0, 0],
        "starter": "5-5",
        "hands": THREE_HANDS,
        "crib": THREE_CRIB,
        "plays": record(THREE_LAID),
        "claims": claims,
        **extra,
    }


def shows(answer: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(e["kind"], e["seat"], e["points"]) for e in answer["events"]
            if e["kind"] in ("hand", "crib", "muggins")]  # fmt: skip


def test_the_option_is_listed_and_echoed(api: ContractClient) -> None:
    options = {o["name"]: o for o in api.get("/v1/rules").get_json()["options"]}
    assert (options["muggins"]["default"], options["muggins"]["allowed"]) == (False, [False, True])
    answer = api.post(HAND, {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"})
    assert answer.get_json()["rules"]["muggins"] is False


def test_the_caller_takes_what_a_short_claim_missed(api: ContractClient) -> None:
    body = three({"hands": [None, 5, None], "muggins": {"hands": [[], [2], []]}})
    answer = api.post(DEAL, body).get_json()
    assert shows(answer) == [("hand", 0, 12), ("hand", 1, 5), ("muggins", 2, 3),
                             ("hand", 2, 4), ("crib", 2, 5)]  # fmt: skip
    mugging = answer["events"][[e["kind"] for e in answer["events"]].index("muggins")]
    assert mugging["mugged"] == {"seat": 1, "show": "hand"}
    assert (mugging["side"], mugging["items"]) == (2, [])
    assert {"aloud", "claim"}.isdisjoint(mugging)
    assert answer["scores"] == [9 + 12, 2 + 5, 1 + 6 + 3 + 4 + 5]
    # without muggins the same claim only says what was missed
    plain = api.post(DEAL, three({"hands": [None, 5, None]}, muggins=False)).get_json()
    assert shows(plain) == [("hand", 0, 12), ("hand", 1, 8), ("hand", 2, 4), ("crib", 2, 5)]
    assert plain["events"][-3]["claim"]["missed"] == 3


def test_with_partners_the_first_opponent_in_turn_takes_them(api: ContractClient) -> None:
    body = {
        "rules": {"players": 4, "partners": True, "muggins": True},
        "scores": [0, 0],
        "starter": "3-3",
        "hands": FOUR_HANDS,
        "crib": ["0-0", "0-2", "1-1", "1-5"],
        "plays": record(FOUR_LAID),
        "claims": {"crib": 0, "muggins": {"crib": [2, 0]}},  # W (3) deals: N (0) is first
    }
    answer = api.post(DEAL, body).get_json()
    crib, mugging = answer["events"][-2:]
    assert (crib["kind"], crib["seat"], crib["points"]) == ("crib", 3, 0)
    assert crib["claim"]["missed"] > 0
    assert (mugging["kind"], mugging["seat"], mugging["side"]) == ("muggins", 0, 0)
    assert mugging["points"] == crib["claim"]["missed"]
    assert mugging["mugged"] == {"seat": 3, "show": "crib"}


@pytest.mark.parametrize(
    ("claims", "muggins", "pointer"),
    [
        ({"hands": [None, 5], "muggins": {"hands": [[], [2]]}}, False, "/claims/muggins/hands/1"),
        ({"hands": [None, 5], "muggins": {"hands": [[], [1]]}}, True, "/claims/muggins/hands/1/0"),
        ({"hands": [None, 8], "muggins": {"hands": [[], [0]]}}, True, "/claims/muggins/hands/1"),
        ({"muggins": {"crib": [0]}}, True, "/claims/muggins/crib"),
        ({"muggins": {"hands": [[1, 1]]}}, True, "/claims/muggins/hands/0/1"),
        ({"muggins": {"hands": [[4]]}}, True, "/claims/muggins/hands/0/0"),
        ({"muggins": {"hands": [[1]], "seat": 0}}, True, "/claims/muggins/seat"),
    ],
)
def test_a_call_that_cannot_be_right_is_a_422_naming_it(
    api: ContractClient, claims: dict[str, Any], muggins: bool, pointer: str
) -> None:
    answer = api.post(DEAL, three(claims, muggins))
    assert pointers(problem_of(answer, 422)) == [pointer]


def test_the_review_leaves_the_claims_out(api: ContractClient) -> None:
    drawn = [[*hand, tile] for hand, tile in zip(THREE_HANDS, ["5-6", "0-1", "3-6"], strict=True)]
    body = {k: v for k, v in three({}).items() if k != "claims"}
    body |= {"drawn": drawn, "playouts": 20}
    plain = api.post("/v1/deals/review", body).get_json()
    short = {"hands": [2, 1, 0], "crib": 0, "muggins": {"hands": [[1], [2], [0]]}}
    claimed = api.post("/v1/deals/review", {**body, "claims": short}).get_json()
    assert claimed == plain
    # left out, but checked as /v1/deals/score checks them: a call that cannot be right
    wrong = {"hands": [None, 5], "muggins": {"hands": [[], [1]]}}  # B calls on his own hand
    refused = api.post("/v1/deals/review", {**body, "claims": wrong})
    assert pointers(problem_of(refused, 422)) == ["/claims/muggins/hands/1/0"]


@pytest.mark.parametrize(
    ("hand", "starter", "en", "ru"),
    [
        (["3-3", "1-5", "2-4", "0-3"], "0-6",
         "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve,"
         " and a double pair royal is twenty-four.",
         "Пятнадцать — два, пятнадцать — четыре, пятнадцать — шесть, пятнадцать — восемь,"
         " пятнадцать — десять, пятнадцать — двенадцать и двойной триплет — двадцать четыре."),
        (["0-1", "0-2", "1-1", "2-5"], "0-0",
         "A pair is two, a run of three is five, and another run of three is eight.",
         "Пара — два, прогон из трёх — пять и ещё прогон из трёх — восемь."),
        (["0-1", "0-2", "3-4", "5-6"], "6-6", "Fifteen two.", "Пятнадцать — два."),
        (["0-5", "1-4", "4-6", "2-3"], "5-6",
         "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair royal is fourteen.",
         "Пятнадцать — два, пятнадцать — четыре, пятнадцать — шесть, пятнадцать — восемь и"
         " триплет — четырнадцать."),
        (["0-5", "1-4", "2-3", "4-6"], "5-5",  # docs/rules.md section 6: 22
         "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve,"
         " fifteen fourteen, a pair royal is twenty, and another pair is twenty-two.",
         "Пятнадцать — два, пятнадцать — четыре, пятнадцать — шесть, пятнадцать — восемь,"
         " пятнадцать — десять, пятнадцать — двенадцать, пятнадцать — четырнадцать, триплет —"
         " двадцать и ещё пара — двадцать два."),
        (["0-1", "1-2", "3-5", "4-6"], "2-2", "Fifteen two and fifteen four.",
         "Пятнадцать — два и пятнадцать — четыре."),
        (["0-0", "0-1", "0-3", "0-4"], "0-6",
         "Nothing at all: a “nineteen” hand.", "Ничего: ноль очков."),
    ],
)  # fmt: skip
def test_the_count_said_aloud(
    api: ContractClient, hand: list[str], starter: str, en: str, ru: str
) -> None:
    answer = api.post(HAND, {"hand": hand, "starter": starter}).get_json()
    assert answer["aloud"] == {"en": en, "ru": ru}


def test_each_show_of_a_deal_is_said_aloud(api: ContractClient) -> None:
    answer = api.post(DEAL, three({}, muggins=False)).get_json()
    said = {(e["kind"], e["seat"]): e["aloud"] for e in answer["events"] if "aloud" in e}
    assert set(said) == {("hand", 0), ("hand", 1), ("hand", 2), ("crib", 2)}
    for (kind, seat), words in said.items():
        shown = THREE_CRIB if kind == "crib" else THREE_HANDS[seat]
        alone = api.post(HAND, {"hand": shown, "starter": "5-5"}).get_json()
        assert words == alone["aloud"]
    assert not [e for e in answer["events"] if e["kind"] in ("play", "go") and "aloud" in e]
