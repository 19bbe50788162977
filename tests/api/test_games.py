"""Whole games over HTTP: the chance to win (POST /v1/games/win-probability and each event of
/v1/deals/score), a game record refereed (/v1/games/score) and reviewed (/v1/games/review),
every answer checked against openapi.yaml, a record that does not add up a 422 naming the deal
and the field."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoring_api.app import create_app
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.winprob.tables import mode_of, shipped_tables

from .contract import SPEC, ContractClient, pointers, problem_of

CHANCES, SCORE, REVIEW = "/v1/games/win-probability", "/v1/games/score", "/v1/games/review"


def _record(rules: RuleOptions, seed: int, strategy: str = "expected") -> dict[str, Any]:
    players = [strategy_for(strategy)] * rules.players
    game = play_game(players, rules, seeded(seed), seed % rules.players, transcript=True)
    names = [f"P{seat}" for seat in range(rules.players)]
    return game_record(game, rules, names, [strategy] * rules.players)


def _ok(api: ContractClient, path: str, body: Any) -> dict[str, Any]:
    response = api.post(path, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


def _refused(api: ContractClient, path: str, body: Any) -> list[str]:
    return pointers(problem_of(api.post(path, body), 422))


def _examples(path: str, name: str) -> tuple[Any, Any]:
    operation = SPEC["paths"][path]["post"]
    asked = operation["requestBody"]["content"]["application/json"]["examples"][name]["value"]
    said = operation["responses"]["200"]["content"]["application/json"]["examples"][name]
    return copy.deepcopy(asked), said["value"]


@pytest.mark.parametrize(
    ("path", "name"),
    [(CHANCES, "nearTheEnd"), (CHANCES, "threePlayers"), (SCORE, "inProgress")],
)
def test_the_examples_are_real_answers(api: ContractClient, path: str, name: str) -> None:
    asked, said = _examples(path, name)
    assert _ok(api, path, asked) == said


def test_a_refusal_example_is_a_real_answer(api: ContractClient) -> None:
    operation = SPEC["paths"][SCORE]["post"]
    asked = operation["requestBody"]["content"]["application/json"]["examples"]
    said = operation["responses"]["422"]["content"]["application/problem+json"]["examples"]
    answer = problem_of(api.post(SCORE, asked["dealerOutOfTurn"]["value"]), 422)
    assert answer == said["dealerOutOfTurn"]["value"]


def test_a_refusal_says_what_a_page_needs_to_word_it(api: ContractClient) -> None:
    """Each error of a record that does not add up carries its deal, the seat whose tiles it
    names and, where the referee knows it, a code with the seats or scores it names."""
    record = _record(RuleOptions(players=3), 6)
    first, second = record["deals"][0]["dealer"], record["deals"][1]["dealer"]

    def error(body: dict[str, Any]) -> dict[str, Any]:
        (found,) = problem_of(api.post(SCORE, body), 422)["errors"]
        return {k: v for k, v in found.items() if k != "detail"}

    out_of_turn = copy.deepcopy(record)
    out_of_turn["deals"][1]["dealer"] = first
    assert error(out_of_turn) == {"pointer": "/deals/1/dealer", "deal": 1,
                                  "code": "dealer_out_of_turn", "dealer": first,
                                  "expected_dealer": second}  # fmt: skip
    carried = copy.deepcopy(record)
    carried["deals"][2]["scores"] = [0, 0, 0]
    expected = _ok(api, SCORE, record)["deals"][2]["before"]
    assert error(carried) == {"pointer": "/deals/2/scores", "deal": 2,
                              "code": "scores_not_carried",
                              "expected_scores": expected}  # fmt: skip
    after = copy.deepcopy(record)
    after["deals"].append({"dealer": (record["deals"][-1]["dealer"] + 1) % 3})
    del after["result"]
    won_in = len(record["deals"]) - 1
    assert error(after) == {"pointer": f"/deals/{won_in + 1}", "deal": won_in + 1,
                            "code": "deal_after_the_win", "won_in": won_in}  # fmt: skip
    whole = copy.deepcopy(record)
    del whole["deals"][0]["crib"], whole["deals"][0]["drawn"], whole["result"]
    assert error(whole) == {"pointer": "/deals/0/crib", "deal": 0, "code": "deal_not_whole"}
    hand = copy.deepcopy(record)
    hand["deals"][1]["hands"][2][1] = hand["deals"][1]["hands"][0][0]
    assert {k: v for k, v in error(hand).items() if k != "pointer"} == {"deal": 1, "seat": 2}


def test_the_chance_between_deals(api: ContractClient) -> None:
    two = _ok(api, CHANCES, {"scores": [55, 58], "dealer": 0})
    assert two["method"] == "exact"
    assert two["playouts"] is None
    turned = _ok(api, CHANCES, {"scores": [58, 55], "dealer": 1})
    assert turned["win_probability"] == pytest.approx(two["win_probability"][::-1], abs=2e-4)
    four = _ok(api, CHANCES, {"rules": {"players": 4}, "scores": [0, 0, 0, 0], "dealer": 3})
    assert four["method"] == "simulated"
    assert four["playouts"] == 2000
    assert sum(four["win_probability"]) == pytest.approx(1.0, abs=1e-3)
    assert _refused(api, CHANCES, {"scores": [1, 2, 3], "dealer": 0}) == ["/scores"]
    assert _refused(api, CHANCES, {"scores": [61, 2], "dealer": 0}) == ["/scores/0"]
    assert _refused(api, CHANCES, {"scores": [1, 2], "dealer": 2}) == ["/dealer"]
    assert _refused(api, CHANCES, {"rules": {"starter_double_points": 2}, "scores": [1, 2],
                                   "dealer": 0}) == ["/rules/starter_double_points"]  # fmt: skip


def test_every_event_of_a_deal_has_the_chance_after_it(api: ContractClient) -> None:
    record = _record(RuleOptions(), 3)
    deal = record["deals"][0]
    body = {"dealer": deal["dealer"], "scores": [0, 0], "starter": deal["starter"],
            "hands": deal["hands"], "crib": deal["crib"], "plays": deal["plays"]}  # fmt: skip
    whole = _ok(api, "/v1/deals/score", body)
    for event in whole["events"]:
        assert sum(event["win_probability"]) == pytest.approx(1.0, abs=1e-3)
    following = _ok(api, CHANCES, {"scores": whole["scores"], "dealer": 1 - deal["dealer"]})
    assert whole["win_probability"] == following["win_probability"]
    in_play = {k: v for k, v in body.items() if k not in ("hands", "crib")}
    in_play["plays"] = deal["plays"][:5]
    partial = _ok(api, "/v1/deals/score", in_play)
    played = partial["events"]
    assert [e["win_probability"] for e in played] == [
        e["win_probability"] for e in whole["events"][: len(played)]
    ]
    other = _ok(api, "/v1/deals/score", {**body, "rules": {"starter_double_points": 2}})
    assert other["win_probability"] is None
    assert all(event["win_probability"] is None for event in other["events"])


@pytest.mark.parametrize("rules", [RuleOptions(), RuleOptions(players=3)])
def test_the_crib_says_the_points_the_chance_counted_on(
    api: ContractClient, rules: RuleOptions
) -> None:
    """Only the crib's event, the one the chance did not know, gives the mean of the cribs
    with its starter's value in the shipped tables (the cribs the chance draws from)."""
    record = _record(rules, 4)
    game = _ok(api, SCORE, record)
    cribs = 0
    for deal, given in zip(game["deals"], record["deals"], strict=True):
        value = sum(int(end) for end in given["starter"].split("-"))
        table = shipped_tables().modes[mode_of(rules)].cribs[value]
        mean = sum(points * n for points, n in enumerate(table)) / sum(table)
        for event in deal["events"]:
            if event["kind"] != "crib":
                assert "expected_points" not in event
                continue
            cribs += 1
            assert event["expected_points"] == pytest.approx(mean, abs=0.005)
    assert cribs >= 2
    deal = record["deals"][0]
    other = _ok(api, "/v1/deals/score", {**{k: v for k, v in deal.items() if k != "drawn"},
                                         "rules": {**record["rules"], "starter_double_points": 2},
                                         "scores": [0] * rules.sides})  # fmt: skip
    assert all("expected_points" not in event for event in other["events"])


@pytest.mark.parametrize(
    "rules", [RuleOptions(), RuleOptions(players=3), RuleOptions(players=4, partners=True)]
)
def test_a_record_is_refereed_as_its_deals_are(api: ContractClient, rules: RuleOptions) -> None:
    """Each deal of the game answered as /v1/deals/score answers it from the scores carried,
    to the winner the record says."""
    record = _record(rules, 5)
    game = _ok(api, SCORE, record)
    assert game["winner"]["side"] == record["result"]["winner"]
    assert game["scores"] == record["result"]["scores"]
    assert game["next_dealer"] is None
    assert game["win_probability"][record["result"]["winner"]] == 1.0
    for deal, answer in zip(record["deals"], game["deals"], strict=True):
        body = {k: v for k, v in deal.items() if k != "drawn"}
        alone = _ok(api, "/v1/deals/score", {**body, "rules": record["rules"],
                                             "scores": answer["before"]})  # fmt: skip
        mine = {k: v for k, v in answer.items() if k not in ("deal", "before")}
        assert {k: v for k, v in alone.items() if k != "rules"} == mine
    two = _ok(api, SCORE, {**{k: v for k, v in record.items() if k != "result"},
                           "deals": record["deals"][:2]})  # fmt: skip
    assert two["winner"] is None
    assert two["next_dealer"] == (record["deals"][1]["dealer"] + 1) % rules.players
    assert two["win_probability"] == two["deals"][-1]["win_probability"]


def test_a_record_that_does_not_add_up_names_the_deal_and_field(api: ContractClient) -> None:
    record = _record(RuleOptions(), 6)

    def changed(**fields: Any) -> dict[str, Any]:
        body = copy.deepcopy(record)
        for where, value in fields.items():
            parts = where.split("__")
            target = body
            for part in parts[:-1]:
                target = target[int(part)] if part.isdigit() else target[part]
            target[parts[-1]] = value
        return body

    assert _refused(api, SCORE, changed(deals__1__dealer=record["deals"][0]["dealer"])) == [
        "/deals/1/dealer"
    ]
    assert _refused(api, SCORE, changed(deals__1__scores=[0, 0])) == ["/deals/1/scores"]
    assert _refused(api, SCORE, changed(result__winner=1 - record["result"]["winner"])) == [
        "/result/winner"
    ]
    assert _refused(api, SCORE, changed(seats=record["seats"][:1] * 3)) == ["/seats"]
    assert _refused(api, SCORE, changed(seats__1__strategy="best")) == ["/seats/1/strategy"]
    assert _refused(api, SCORE, changed(seats__1__budget=10)) == ["/seats/1/budget"]
    drawn = copy.deepcopy(record["deals"][0]["drawn"])
    drawn[1][0] = drawn[0][0]
    assert _refused(api, SCORE, changed(deals__0__drawn=drawn))[0].startswith("/deals/0/drawn")
    plays = copy.deepcopy(record["deals"][1]["plays"])
    plays[0], plays[1] = plays[1], plays[0]
    refusal = problem_of(api.post(SCORE, changed(deals__1__plays=plays)), 422)
    assert (refusal["deal"], refusal["index"]) == (1, 0)
    assert pointers(refusal) == ["/deals/1/plays/0"]
    assert _refused(api, SCORE, {**record, "format": "another"}) == ["/format"]
    assert _refused(api, SCORE, {**record, "version": 2}) == ["/version"]


def test_a_game_is_reviewed_deal_by_deal(api: ContractClient) -> None:
    record = _record(RuleOptions(), 8, "greedy")
    record["deals"][1].pop("drawn")
    answer = _ok(api, REVIEW, {**record, "playouts": 30})
    assert answer["chances"]["method"] == "exact"
    deals = answer["deals"]
    assert deals[1] == {"deal": 1, "reviewed": False, "code": "drawn_not_given",
                        "reason": "the record does not say the tiles each seat drew"}  # fmt: skip
    for index, deal in enumerate(deals):
        if not deal["reviewed"]:
            continue
        given = record["deals"][index]
        alone = _ok(
            api,
            "/v1/deals/review",
            {**given, "rules": record["rules"], "scores": deal["before"], "playouts": 30},
        )
        assert deal["review"] == alone
        assert len(deal["chances"]) == len(alone["decisions"])
    players = answer["players"]
    assert [p["name"] for p in players] == ["P0", "P1"]
    for player in players:
        assert 0 <= player["accuracy"] <= 100
        for key in player["key_decisions"]:
            chance = deals[key["deal"]]["chances"][key["decision"]]
            assert chance["win_probability_loss"] == key["win_probability_loss"] > 0
            assert (
                deals[key["deal"]]["review"]["decisions"][key["decision"]]["seat"]
                == (player["seat"])
            )
    three = _record(RuleOptions(players=3), 2)
    assert _refused(api, REVIEW, {**three, "model": "expert"}) == ["/model"]
    assert _refused(api, REVIEW, {**record, "rules": {"double_blank_in_fifteens": False}}) == [
        "/rules/double_blank_in_fifteens"
    ]


def _reviewer(monkeypatch: pytest.MonkeyPatch, budget: float, factor: float) -> Any:
    """A client of an app whose reviews have ``budget`` seconds, on two cores, each review's
    guessed cost times ``factor`` (what this process measured, as it would have)."""
    from scoring_api.api import game_review

    monkeypatch.setattr(game_review.PACE, "factor", factor)
    monkeypatch.setattr(game_review, "available_cpus", lambda quota=None: 2)
    app = create_app({"TESTING": True, "SCORING_API_REVIEW_SECONDS": budget})
    return app.test_client()  # (the contract client refuses any 5xx)


FOUR = RuleOptions(players=4, target=121)


def test_a_review_that_cannot_finish_in_its_budget_says_so_before_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 50, item 5: six of nine long reviews under contention spent their 20 s and
    answered a 503 with nothing. From its deals, its play-outs and what a deal costs here,
    a review that cannot finish in its budget is refused before it starts."""
    record = {**_record(FOUR, 7), "playouts": 3000}
    client = _reviewer(monkeypatch, budget=2, factor=1.0)
    response = client.post(REVIEW, json=record)
    refused = problem_of(response, 503)
    assert "would take about" in refused["detail"]
    assert "past its time budget of 2 s" in refused["detail"]
    assert "Retry-After" not in response.headers  # too long on any load: ask for less


def test_a_review_that_fits_only_on_a_quieter_server_is_told_when_to_retry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scoring_api.api import admission, game_review
    from scoring_api.api.admission_slots import Holder, LocalSlots, release

    record = {**_record(FOUR, 7), "playouts": 300}
    deals = sum(deal.get("drawn") is not None for deal in record["deals"])
    alone = game_review.Pace.guess(4, 300, deals)
    client = _reviewer(monkeypatch, budget=1.5 * alone, factor=1.0)
    slots = LocalSlots(admission.slots_dir(admission.ANSWERS))
    held = [slots.take(4, Holder(f"10.0.0.{n}", 0), 0) for n in range(3)]  # 3 of 4 running
    try:
        response = client.post(REVIEW, json=record)
    finally:
        for fd in held:
            assert isinstance(fd, int)
            release(fd)
    refused = problem_of(response, 503)
    assert "With 4 expensive answers running on 2 cores" in refused["detail"]
    assert int(response.headers["Retry-After"]) >= 1
    alone_now = client.post(REVIEW, json=record)  # the others done: it starts
    assert alone_now.status_code == 200 or "next_deal" in alone_now.get_json()


def test_a_review_past_its_budget_answers_the_deals_it_reviewed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It fitted, by the guess, but ran out anyway (the server got busier): the deals it
    reviewed are answered, not thrown away."""
    record = {**_record(FOUR, 7), "playouts": 1000}
    client = _reviewer(monkeypatch, budget=1e-3, factor=1e-9)  # a guess far too low
    stopped = problem_of(client.post(REVIEW, json=record), 503)
    assert "time budget of 0.001 s ran out before deal" in stopped["detail"]
    assert len(stopped["deals"]) == stopped["next_deal"] >= 1  # the first deal is reviewed
    assert stopped["deals"][0]["reviewed"] is True
    assert stopped["deals"][0]["review"]["decisions"]


def test_the_record_in_the_docs_is_a_real_one(api: ContractClient) -> None:
    """docs/game-record.md's example: refereed as its result says."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "game-record.md").read_text()
    record = json.loads(re.search(r"```json\n(.*?)```", text, re.DOTALL).group(1))  # type: ignore[union-attr]
    game = _ok(api, SCORE, record)
    assert game["scores"] == record["result"]["scores"] == [12, 22]
    assert game["next_dealer"] is None  # its last deal not begun
