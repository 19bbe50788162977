"""The table companion: whole deals and games for 2, 3 and 4 players, kept across reloads.

The deals are the rule book's (docs/rules.md sections 6 and 8.5), entered by tapping.
"""

from __future__ import annotations

import json

import pytest
from rulebook import THREE_CRIB

from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import (
    THREE_PLAY,
    A,
    B,
    C,
    assert_fits_the_width,
    lay,
    record,
    resume_second_deal,
    side_score,
    start_game,
    tap,
    type_tiles,
)

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

N, E, S, W = 0, 1, 2, 3  # partners: N-S (side 0) against E-W (side 1)
# the same deal typed in one go: starter, the play (goes said), the crib
THREE_TYPED = "5-5 3-4 2-6 3-5 0-4 go go 1-3 0-5 1-5 2-2 4-6 1-4 go go 2-5 4-4 " + " ".join(
    THREE_CRIB
)


def test_a_three_player_deal_by_tapping(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    expect(page.locator("#deal-heading")).to_have_text("Deal 1: C deals, A leads")
    expect(page.locator(".side-deals")).to_have_text("C deals")
    tap(page, "5-5")  # the starter, a double: C +1
    expect(side_score(page, C)).to_have_text("1")
    expect(page.locator('.who-btn[data-player="0"]')).to_have_attribute("aria-pressed", "true")
    for seat, tile in THREE_PLAY:
        lay(page, seat, tile)  # never a tap on a seat: the page follows the turn
    points = [e.inner_text() for e in page.locator("#play-record li.entry .entry-pts").all()]
    assert [p for p in points if p] == ["+2", "+2", "+4", "+5", "+1", "+3"]
    expect(page.locator("#count-label")).to_have_text("Last count")
    expect(page.locator("#play-count")).to_have_text("15")  # stays in view after the play
    # pegging A 9, B 2, C 6 (+1 for the starter), then the hands counted as soon as the play
    # is over (A 12, B 8, C 4), live on the board: the crib is still to come
    for side, score in enumerate(["21", "10", "11"]):
        expect(side_score(page, side)).to_have_text(score)
    # a claim at the show is checked with the deal
    page.locator("#claim-0").fill("10")
    page.locator("#claim-0").press("Tab")
    for tile in THREE_CRIB:
        tap(page, tile)
    # the show: A 12, B 8, C 4, crib 5
    for side, score in enumerate(["21", "10", "16"]):
        expect(side_score(page, side)).to_have_text(score)
    events = page.locator("#deal-events li.event")
    expect(events).to_have_count(12)
    expect(events.nth(8)).to_have_attribute("data-kind", "hand")
    expect(events.nth(8).locator(".entry-pts")).to_have_text("+12")
    expect(events.nth(8)).to_contain_text("You claimed 10: you missed 2 points.")
    expect(events.last).to_have_attribute("data-kind", "crib")
    expect(page.locator("#history tbody tr")).to_have_count(1)
    expect(page.locator("#next-deal")).to_be_visible()
    assert_fits_the_width(page)
    save_screenshot(page, "game-three-phone", docs=True)

    # the next deal passes left; undo goes back across the deal
    page.locator("#next-deal").click()
    expect(page.locator("#deal-heading")).to_have_text("Deal 2: A deals, B leads")
    page.locator("#play-undo").click()
    expect(page.locator("#deal-heading")).to_have_text("Deal 1: C deals, A leads")
    page.locator("#play-undo").click()  # the deal's score and its last crib tile
    expect(page.locator("#deal-events")).to_have_count(0)
    expect(side_score(page, C)).to_have_text("11")  # the hands, not the crib
    tap(page, "0-6")
    expect(side_score(page, C)).to_have_text("16")


def test_a_four_player_partnership_deal(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP).page
    start_game(page, "partners", ["N", "E", "S", "W"], dealer=W)
    expect(page.locator('input[name="target"][value="121"]')).to_be_checked()
    expect(page.locator(".side-name")).to_have_text(["N & S", "E & W"])
    tap(page, "1-3")
    plays = [(N, "6-6"), (E, "1-2"), (S, "0-3"), (W, "0-4"), (N, "4-5"), (E, "5-5"),
             (S, "0-5"), (W, "2-3"), (N, "1-4")]  # fmt: skip
    for seat, tile in plays:
        lay(page, seat, tile)
    # E, S and W cannot play: N lays on, his goes left out of the record
    lay(page, N, "0-1", pick=True)
    for seat, tile in [(E, "1-6"), (S, "2-6"), (W, "3-6"), (E, "3-4"), (S, "4-4"), (W, "2-5")]:
        lay(page, seat, tile)
    points = [e.inner_text() or "0" for e in page.locator("#play-record .entry-pts").all()]
    assert points == ["0", "+2", "+2", "0", "+2", "0", "+2", "+2", "+6", "+1", "0", "+2", "+3",
                      "+5", "0", "+3"]  # fmt: skip
    # 15 each in the play, then the hands at once: N 2 and S 9; E 2 and W 4
    expect(side_score(page, 0)).to_have_text("26")
    expect(side_score(page, 1)).to_have_text("21")
    for tile in ["0-2", "2-4", "3-5", "5-6"]:
        tap(page, tile)
    # and W's crib 2 (for E-W)
    expect(side_score(page, 0)).to_have_text("26")
    expect(side_score(page, 1)).to_have_text("23")
    expect(page.locator("#deal-events li.event").last).to_have_attribute("data-kind", "crib")
    expect(page.locator("#winner")).to_be_hidden()
    save_screenshot(page, "game-partners-desktop")


def test_a_game_to_61_ends_at_the_winning_event(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP).page
    start_game(page, 3, ["A", "B", "C"], dealer=C, target=61)
    boards = [["21", "10", "16"], ["37", "31", "26"], ["47", "47", "47"]]
    for n, board in enumerate(boards, start=1):
        type_tiles(page, THREE_TYPED)  # the same tiles: the seats follow the deal round
        expect(page.locator(f'#history tr[data-deal="{n}"] td').nth(1)).not_to_have_text("…")
        for side, score in enumerate(board):
            expect(side_score(page, side)).to_have_text(score)
        page.locator("#next-deal").click()
    # deal 4: C deals again; A reaches 61 with his hand when the play is over: B's and C's
    # hands are not counted, and the crib is not asked for
    type_tiles(page, THREE_TYPED.removesuffix(" " + " ".join(THREE_CRIB)))
    winner = page.locator("#winner")
    expect(winner).to_be_visible()
    expect(page.locator("#crib-group")).to_be_hidden()
    expect(page.locator(".shown-hand.crib")).to_have_count(0)
    expect(page.locator("#play-turn")).not_to_contain_text("crib")
    expect(winner).to_contain_text("A wins with 68.")
    expect(winner).to_contain_text("At A's hand, in deal 4.")
    expect(winner).to_have_text("A wins with 68. At A's hand, in deal 4.")
    events = page.locator("#deal-events li.event")
    expect(events.last).to_have_attribute("data-kind", "hand")
    expect(events.last).to_have_attribute("data-seat", "0")
    expect(events.last).to_have_class("event winning")
    for side, score in enumerate(["68", "49", "54"]):
        expect(side_score(page, side)).to_have_text(score)
    expect(page.locator("#next-deal")).to_be_hidden()
    tap(page, "6-6")
    expect(page.locator("#play-warning")).to_contain_text("The game is over")
    save_screenshot(page, "game-won-desktop", docs=True)


def test_a_win_in_the_play_stops_the_deal_there(open_page: OpenPage) -> None:
    """Two players to 61: a game saved at Nina 20, Dan 59: Dan wins on his pair, not later,
    and Nina, below 31, is lurched."""
    page = open_page(viewport=PHONE).page
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    resume_second_deal(page, [20, 59])
    expect(page.locator("#deal-heading")).to_have_text("Deal 2: Nina deals, Dan leads")
    tap(page, "1-2")
    lay(page, 1, "3-4")
    lay(page, 0, "2-6")  # fifteen: Nina 22
    lay(page, 1, "4-4")  # a pair: Dan 61
    expect(page.locator("#winner")).to_contain_text("Dan wins with 61.")
    expect(page.locator("#winner")).to_contain_text("At Dan's tile, in deal 2.")
    events = page.locator("#deal-events li.event")
    expect(events).to_have_count(2)
    expect(events.last).to_have_attribute("data-seat", "1")
    expect(page.locator("#winner")).to_contain_text("Lurched: Nina.")
    tap(page, "0-0")
    expect(page.locator("#play-warning")).to_contain_text("The game is over")
    page.locator("#play-undo").click()  # back before the pair: the game goes on
    expect(page.locator("#winner")).to_be_hidden()
    expect(side_score(page, 1)).to_have_text("59")


def _three_player_start(page: Page) -> None:
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    tap(page, "5-5")
    for seat, tile in THREE_PLAY[:6]:
        lay(page, seat, tile)


def test_a_reload_in_the_middle_of_a_play_keeps_everything(open_page: OpenPage) -> None:
    visit = open_page(viewport=PHONE)
    page = visit.page
    _three_player_start(page)
    expect(side_score(page, C)).to_have_text("3")
    page.reload()
    page.wait_for_selector("body.ready")
    expect(record(page)).to_have_count(6)
    expect(page.locator("#play-count")).to_have_text("27")
    expect(side_score(page, B)).to_have_text("2")
    expect(side_score(page, C)).to_have_text("3")
    expect(page.locator('.who-btn[data-player="0"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('.who-btn[data-player="1"] .who-note')).to_have_text("said Go")
    # closing the tab: a new tab of the same browser finds the game
    fresh = page.context.new_page()
    fresh.goto(visit.base_url + "/")
    fresh.wait_for_selector("body.ready")
    page.close()
    for seat, tile in THREE_PLAY[6:]:
        lay(fresh, seat, tile)
    expect(side_score(fresh, A)).to_have_text("21")  # 9 in the play, then his hand's 12
    fresh.close()


def test_new_game_asks_first_and_a_damaged_save_is_set_aside(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP).page
    _three_player_start(page)
    page.locator("#new-game").click()
    expect(page.locator("#confirm-new")).to_be_visible()
    page.locator("#confirm-no").click()
    expect(record(page)).to_have_count(6)
    page.locator("#new-game").click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#setup")).to_be_visible()

    page.evaluate("""() => localStorage.setItem("domino-cribbage.game", '{"version": 1, "se')""")
    page.reload()
    page.wait_for_selector("body.ready")
    expect(page.locator("#game-notice")).to_contain_text("could not be read")
    expect(page.locator("#setup")).to_be_visible()


def test_a_refused_deal_is_explained_where_it_was_entered(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    problem = {
        "type": "urn:domino-cribbage:problem:invalid-input",
        "title": "Unprocessable Content",
        "status": 422,
        "detail": "The request has 1 invalid field.",
        "errors": [{"pointer": "/hands/1/2", "detail": "Not played by this seat."}],
    }
    # the whole deal is refused; the deal in play and through the hands (the board) answered
    page.route(
        "**/v1/deals/score",
        lambda route: (
            route.fulfill(
                status=422, content_type="application/problem+json", body=json.dumps(problem)
            )
            if "crib" in (route.request.post_data_json or {})
            else route.continue_()
        ),
    )
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    type_tiles(page, THREE_TYPED)
    error = page.locator("#deal-error")
    expect(error).to_contain_text("hand of seat 2, tile 3: Not played by this seat.")
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_be_in_viewport()
    assert "{" not in error.inner_text()
    expect(page.locator("#deal-events")).to_have_count(0)


def test_claims_typed_in_the_order_of_the_show_are_the_services(open_page: OpenPage) -> None:
    """Each hand's claim when the play is over, the crib's after the crib, one changed after
    the deal was counted: the page says what /v1/deals/score says for those claims."""
    visit = open_page(viewport=PHONE)
    page = visit.page
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    tap(page, "5-5")
    for seat, tile in THREE_PLAY:
        lay(page, seat, tile)
    go = page.locator("#play-go")
    expect(go).to_be_disabled()
    assert go.evaluate("(el) => getComputedStyle(el).cursor") == "not-allowed"
    claims = {"hands": [10, 9, 4], "crib": 7}
    for seat, claimed in enumerate(claims["hands"]):  # A's hand, B's, C's: the show's order
        box = page.locator(f"#claim-{seat}")
        expect(box).to_be_enabled()
        box.fill(str(claimed))
        box.press("Tab")
    for tile in THREE_CRIB:
        tap(page, tile)
    expect(page.locator("#deal-events li.event").last).to_have_attribute("data-kind", "crib")
    crib_claim = page.locator("#claim-crib")
    crib_claim.fill("7")  # after the crib: the deal is counted again with it
    crib_claim.press("Tab")
    expect(page.locator("#deal-events li.event").last).to_contain_text("You claimed 7")
    page.locator("#claim-0").fill("12")  # changed before the next deal
    page.locator("#claim-0").press("Tab")
    claims["hands"][0] = 12
    hand_a = page.locator('#deal-events li.event[data-kind="hand"][data-seat="0"]')
    expect(hand_a).to_contain_text("You claimed 12")
    body = {"rules": {"players": 3}, "dealer": C, "scores": [0, 0, 0], "starter": "5-5",
            "hands": [["3-4", "0-4", "1-3", "2-2"], ["2-6", "0-5", "4-6", "2-5"],
                      ["3-5", "1-5", "1-4", "4-4"]],
            "crib": THREE_CRIB, "claims": claims,
            "plays": [{"player": s, **({"tile": t} if t else {"go": True})}
                      for s, t in THREE_PLAY]}  # fmt: skip
    answer = page.request.post(visit.base_url + "/v1/deals/score", data=body).json()
    expected = [e["claim"] for e in answer["events"] if "claim" in e]
    assert [c["claimed"] for c in expected] == [12, 9, 4, 7]
    kept = page.evaluate(
        """() => JSON.parse(localStorage.getItem("domino-cribbage.game"))
                .deals[0].result.events.filter((e) => e.claim).map((e) => e.claim)"""
    )
    assert kept == expected
    shown = page.locator("#deal-events li.event")
    for event in [e for e in answer["events"] if "claim" in e]:
        claim, unit = event["claim"], lambda n: f"{n} {'point' if n == 1 else 'points'}"
        words = (
            "that is right." if claim["correct"]
            else f"you missed {unit(claim['missed'])}." if claim["missed"]
            else f"that is {unit(claim['overclaimed'])} too many."
        )  # fmt: skip
        where = f'[data-kind="{event["kind"]}"][data-seat="{event["seat"]}"]'
        row = shown.and_(page.locator(where))
        expect(row).to_contain_text(f"You claimed {claim['claimed']}: {words}")
