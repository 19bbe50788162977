"""Three and four players and partnerships through every endpoint (docs/rules.md section 8);
every answer is checked against openapi.yaml by the contract client."""

from __future__ import annotations

from typing import Any

import pytest
from rulebook import FOUR_HANDS, FOUR_LAID, THREE_HANDS, THREE_LAID, record

from .contract import ContractClient, pointers, problem_of

PEGGING = "/v1/pegging/score"
VALIDATE = "/v1/plays/validate"
SIMULATE = "/v1/simulations"
ADVISE = "/v1/discards/advise"

THREE_POINTS = [0, 2, 2, 0, 4, 0, 0, 5, 0, 1, 0, 3]
FOUR_POINTS = [0, 2, 2, 0, 2, 0, 2, 2, 6, 1, 0, 2, 3, 5, 0, 3]
PARTNERS = {"players": 4, "partners": True}


@pytest.mark.parametrize("with_hands", [False, True])
def test_the_three_player_play_of_the_rule_book(api: ContractClient, with_hands: bool) -> None:
    body: dict[str, Any] = {
        "plays": record(THREE_LAID),
        "dealer": 2,
        "starter": "5-5",
        "rules": {"players": 3},
    }
    if with_hands:
        body["hands"] = THREE_HANDS
    answer = api.post(PEGGING, body).get_json()
    assert [entry["points"] for entry in answer["plays"]] == THREE_POINTS
    assert answer["scores"] == [9, 2, 6]
    assert "side_scores" not in answer
    assert answer["complete"] is True
    assert answer["plays"][9]["closes"] == "go"  # C's 1-4: A skipped, B and C said go


@pytest.mark.parametrize("dealer", [None, 3])
def test_the_partnership_play_of_the_rule_book(api: ContractClient, dealer: int | None) -> None:
    body: dict[str, Any] = {"plays": record(FOUR_LAID), "hands": FOUR_HANDS, "rules": PARTNERS}
    if dealer is not None:
        body["dealer"] = dealer  # the last seat deals by default: the same play
    answer = api.post(PEGGING, body).get_json()
    assert [entry["points"] for entry in answer["plays"]] == FOUR_POINTS
    assert answer["scores"] == [9, 7, 6, 8]
    assert answer["side_scores"] == [15, 15]


def test_validate_a_play_for_three_players(api: ContractClient) -> None:
    plays = record(THREE_LAID[:4])  # A 3-4, B 2-6, C 3-5, A 0-4: count 27
    rules = {"players": 3}
    body = {"plays": plays, "play": {"player": 1, "go": True}, "dealer": 2, "rules": rules}
    assert api.post(VALIDATE, body).get_json()["legal"] is True
    # A lays 1-3 at once: B and C said go (inferred), and the 31 scores with the pair.
    body = {"plays": plays, "play": {"player": 0, "tile": "1-3"}, "dealer": 2, "rules": rules}
    verdict = api.post(VALIDATE, body).get_json()
    assert verdict["legal"] is True
    assert verdict["points"] == 4
    assert verdict["scores"] == [4, 2, 2]
    # At 15 C (on turn) cannot pass, so A may not lay yet.
    early = record(THREE_LAID[:2])
    body = {"plays": early, "play": {"player": 0, "tile": "0-0"}, "dealer": 2, "rules": rules}
    verdict = api.post(VALIDATE, body).get_json()
    assert verdict == {"legal": False, "reason": verdict["reason"]}
    assert verdict["reason"]["code"] == "out_of_turn"


def test_validate_gives_side_scores_with_partners(api: ContractClient) -> None:
    body = {"plays": record(FOUR_LAID[:1]), "play": {"player": 1, "tile": "1-2"}, "rules": PARTNERS}
    verdict = api.post(VALIDATE, body).get_json()
    assert (verdict["scores"], verdict["side_scores"]) == ([0, 2, 0, 0], [0, 2])


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"plays": [{"player": 2, "tile": "1-2"}]}, "/plays/0/player"),
        ({"plays": [], "dealer": 2}, "/dealer"),
        ({"plays": [], "rules": {"players": 3}, "dealer": 3}, "/dealer"),
        ({"plays": [], "rules": {"players": 3}, "hands": FOUR_HANDS[:2]}, "/hands"),
        ({"plays": [], "rules": {"partners": True}}, "/rules/partners"),
        ({"plays": [], "rules": {"players": 3, "partners": True}}, "/rules/partners"),
        ({"plays": [], "rules": {"players": 5}}, "/rules/players"),
    ],
)
def test_seats_out_of_range_are_named(
    api: ContractClient, body: dict[str, Any], pointer: str
) -> None:
    assert pointers(problem_of(api.post(PEGGING, body), 422)) == [pointer]


def test_an_illegal_record_names_its_entry_for_four_players(api: ContractClient) -> None:
    # N 6-6, E 1-2, then W lays out of turn: S (seat 2) holds 0-3, which fits.
    plays = [*record(FOUR_LAID[:2]), {"player": 3, "tile": "0-4"}]
    body = {"plays": plays, "hands": FOUR_HANDS, "rules": {"players": 4}}
    problem = problem_of(api.post(PEGGING, body), 422)
    assert (problem["index"], problem["code"]) == (2, "out_of_turn")


def simulate(lineup: list[str], **extra: Any) -> dict[str, Any]:
    return {"games": 6, "seed": 8, "players": [{"strategy": s} for s in lineup], **extra}


@pytest.mark.parametrize(
    ("lineup", "rules"),
    [
        (["expected", "greedy", "random"], None),
        (["expected", "greedy", "random", "expected"], None),
        (["expected", "random", "expected", "random"], {"partners": True}),
    ],
)
def test_simulations_for_every_table(
    api: ContractClient, lineup: list[str], rules: dict[str, Any] | None
) -> None:
    request = simulate(lineup, **({"rules": rules} if rules else {}), transcripts=True)
    answer = api.post(SIMULATE, request).get_json()
    assert answer["rules"]["players"] == len(lineup)
    assert [player["strategy"] for player in answer["players"]] == lineup
    sides = 2 if rules else len(lineup)
    assert len(answer["totals"]["wins"]) == sides
    assert len(answer["totals"]["points"]) == len(lineup)
    assert sum(answer["totals"]["wins"]) == 6
    if rules:
        assert answer["rules"]["target"] == 121
        assert [side["seats"] for side in answer["sides"]] == [[0, 2], [1, 3]]
    else:
        assert "sides" not in answer
    deal = answer["transcripts"][0]["transcript"][0]
    assert len(deal["hands"]) == len(lineup)
    assert ("blind" in deal) == (len(lineup) == 3)
    shows = [(show["whose"], show["player"]) for show in deal["shows"]]
    n, dealer = len(lineup), deal["dealer"]
    order = [(dealer + k) % n for k in range(1, n + 1)]
    expected = [("dealer" if s == dealer else "non_dealer", s) for s in order]
    assert shows == [*expected, ("crib", dealer)]


def test_a_lineup_and_rules_that_disagree_are_refused(api: ContractClient) -> None:
    request = simulate(["random"] * 3, rules={"players": 4})
    assert pointers(problem_of(api.post(SIMULATE, request), 422)) == ["/rules/players"]
    request = simulate(["random"] * 3, first_dealer=3)
    assert pointers(problem_of(api.post(SIMULATE, request), 422)) == ["/first_dealer"]
    request = simulate(["random"] * 5)
    assert pointers(problem_of(api.post(SIMULATE, request), 422)) == ["/players"]


def test_advice_for_three_and_four_players(api: ContractClient) -> None:
    tiles = ["0-5", "1-4", "2-3", "4-6", "5-5"]
    for rules in ({"players": 3}, {"players": 4}, PARTNERS):
        for dealer, partner_deals in ((True, False), (False, False)):
            body = {"tiles": tiles, "dealer": dealer, "rules": rules}
            answer = api.post(ADVISE, body).get_json()
            assert len(answer["options"]) == 5
            assert all(len(option["discard"]) == 1 for option in answer["options"])
            nets = [option["expected_net"] for option in answer["options"]]
            assert nets == sorted(nets, reverse=True)
            sign = 1 if dealer or partner_deals else -1
            for option in answer["options"]:
                net = option["expected_hand"] + sign * option["expected_crib"]
                assert option["expected_net"] == pytest.approx(net)
    body = {"tiles": tiles, "dealer": False, "partner_deals": True, "rules": PARTNERS}
    partner = api.post(ADVISE, body).get_json()
    dealing = api.post(ADVISE, {**body, "dealer": True, "partner_deals": False}).get_json()
    assert partner["options"] == dealing["options"]  # his side's crib either way
    assert partner["partner_deals"] is True


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5"], "dealer": True}, "/tiles"),
        (
            {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": True,
             "rules": {"players": 3}},
            "/tiles",
        ),
        (
            {"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5"], "dealer": False,
             "partner_deals": True, "rules": {"players": 4}},
            "/partner_deals",
        ),
    ],
)  # fmt: skip
def test_advice_refuses_the_wrong_number_of_tiles(
    api: ContractClient, body: dict[str, Any], pointer: str
) -> None:
    assert pointers(problem_of(api.post(ADVISE, body), 422)) == [pointer]


def test_rules_catalogue_lists_players_and_partners(api: ContractClient) -> None:
    options = {option["name"]: option for option in api.get("/v1/rules").get_json()["options"]}
    assert options["players"]["allowed"] == [2, 3, 4]
    assert options["partners"]["allowed"] == [False, True]
    assert "section 8" in options["players"]["description"]
