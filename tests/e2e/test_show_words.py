"""Issue 43 items 6 to 8, 10 and 11 on the page, in Chromium: muggins offered after a short
claim and scored by the service (two and three players), the count said aloud as the service
says it (a hand, each show of a deal; English and Russian), item names that never run a
run's length into its points, every finished deal's scores and review reachable after "Next
deal", and the review's words (the luck line's net beside the board, the Crib column
signed)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rulebook import THREE_CRIB, THREE_HANDS

from .axe import serious_violations
from .conftest import DESKTOP, PHONE, OpenPage, Visit, save_screenshot
from .measure import box
from .table import (
    THREE_PLAY,
    C,
    lay,
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

# docs/rules.md section 6, Nina leads and Dan deals: the starter 1-5, the play, the crib
SECTION_6 = "1-5 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5"
CRIB = "1-2 5-6 0-0 5-5"
NINA, DAN = ["3-4", "4-4", "0-6", "2-2"], ["2-6", "1-6", "4-5", "3-3"]


def api(visit: Visit, path: str, body: dict[str, Any]) -> Any:
    response = visit.page.request.post(visit.base_url + path, data=body)
    assert response.ok, response.text()
    return response.json()


def claim(page: Page, seat: int | str, value: int) -> None:
    page.locator(f"#claim-{seat}").fill(str(value))
    page.locator(f"#claim-{seat}").press("Enter")


def test_muggins_is_offered_after_a_short_claim_and_scored_by_the_service(
    open_page: OpenPage,
) -> None:
    visit = open_page(viewport=PHONE)
    page = visit.page
    page.locator("#muggins").select_option("true")
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    type_tiles(page, SECTION_6)
    expect(page.locator("#play-turn")).to_contain_text("crib")  # every tile laid
    worth = api(visit, "/v1/hands/score", {"hand": NINA, "starter": "1-5"})["total"]
    counted = int(side_score(page, 0).inner_text())  # the play and her hand, unclaimed
    expect(page.locator(".muggins")).to_have_count(0)
    claim(page, 0, worth - 2)
    offer = page.locator('.shown-hand[data-seat="0"] .muggins')
    expect(offer).to_contain_text("Nina missed 2 points. Muggins, called by:")
    expect(offer.locator("button")).to_have_text(["Dan"])  # her opponent alone
    expect(side_score(page, 0)).to_have_text(str(counted - 2))  # her claim, no more
    before = int(side_score(page, 1).inner_text())
    offer.locator("button").click()
    expect(offer.locator("button")).to_have_attribute("aria-pressed", "true")
    expect(side_score(page, 1)).to_have_text(str(before + 2))  # Dan takes the 2
    save_screenshot(page, "muggins-phone", docs=True, part="#play-result .shown")
    type_tiles(page, CRIB)
    mugging = page.locator('#deal-events li.event[data-kind="muggins"]')
    expect(mugging.locator(".event-what")).to_have_text("Dan: muggins on Nina's hand")
    expect(mugging.locator(".entry-pts")).to_have_text("+2")
    # the page's board is the service's answer to the deal as the page sent it
    sent = {"dealer": 1, "scores": [0, 0], "starter": "1-5", "hands": [NINA, DAN],
            "crib": CRIB.split(), "rules": {"muggins": True},
            "plays": page.evaluate("JSON.parse(localStorage.getItem('domino-cribbage.game'))"
                                   ".deals[0].plays"),
            "claims": {"hands": [worth - 2, None], "muggins": {"hands": [[1], []]}}}  # fmt: skip
    answer = api(visit, "/v1/deals/score", sent)
    kinds = page.locator("#deal-events li.event").evaluate_all(
        "els => els.map((el) => [el.dataset.kind, Number(el.dataset.seat)])"
    )
    assert kinds == [[e["kind"], e["seat"]] for e in answer["events"]]
    for side in (0, 1):
        expect(side_score(page, side)).to_have_text(str(answer["scores"][side]))
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(mugging.locator(".event-what")).to_have_text("Dan: «маггинс» на руке (Nina)")


def test_without_muggins_a_short_claim_is_only_said(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    type_tiles(page, SECTION_6)
    expect(page.locator("#play-turn")).to_contain_text("crib")
    counted = side_score(page, 0).inner_text()  # the play and her hand
    claim(page, 0, 1)
    type_tiles(page, CRIB)
    expect(page.locator('#deal-events li.event[data-kind="hand"]').first).to_contain_text(
        "You claimed 1: you missed"
    )
    expect(page.locator(".muggins")).to_have_count(0)
    expect(side_score(page, 0)).to_have_text(counted)  # her whole hand still scored


@pytest.mark.usefixtures("axe_available")  # the offer is checked with axe-core
def test_with_three_the_first_caller_in_turn_takes_the_points(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP, bypass_csp=True).page
    page.locator("#muggins").select_option("true")
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    type_tiles(page, "5-5")
    for seat, tile in THREE_PLAY:
        lay(page, seat, tile)
    claim(page, 1, 5)  # B's hand holds 8 (docs/rules.md section 8.5)
    offer = page.locator('.shown-hand[data-seat="1"] .muggins')
    expect(offer.locator("button")).to_have_text(["A", "C"])
    offer.locator('button[data-caller="0"]').click()
    expect(offer.locator('button[data-caller="0"]')).to_have_attribute("aria-pressed", "true")
    offer.locator('button[data-caller="2"]').click()  # C too: C is first after B
    assert serious_violations(page, "muggins called") == []
    type_tiles(page, " ".join(THREE_CRIB))
    mugging = page.locator('#deal-events li.event[data-kind="muggins"]')
    expect(mugging).to_have_attribute("data-seat", "2")
    expect(mugging.locator(".event-what")).to_have_text("C: muggins on B's hand")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_count_said_aloud_is_the_services_under_the_items(
    open_page: OpenPage,
    viewport: dict,  # type: ignore[type-arg]
) -> None:
    visit = open_page(viewport=viewport, path="/#hand")
    page = visit.page
    for tile in ["1-6", "2-5", "3-4", "3-5", "3-6"]:
        tap(page, tile)
    said = api(visit, "/v1/hands/score", {"hand": ["1-6", "2-5", "3-4", "3-5"],
                                          "starter": "3-6"})["aloud"]  # fmt: skip
    aloud = page.locator("#hand-aloud")
    expect(aloud).to_have_text(said["en"])
    assert box(aloud)["top"] >= box(page.locator("#hand-items"))["bottom"]  # under the items
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(aloud).to_have_text(said["ru"])
    assert said["ru"].endswith("и ещё прогон из трёх — двадцать одно.")


RUN_INTO_POINTS = re.compile(r"\d \d")


def test_each_show_of_a_deal_is_said_aloud_and_no_item_runs_into_its_points(
    open_page: OpenPage,
) -> None:
    visit = open_page(viewport=PHONE)
    page = visit.page
    start_game(page, 3, ["A", "B", "C"], dealer=C)
    type_tiles(page, "5-5")
    for seat, tile in THREE_PLAY:
        lay(page, seat, tile)
    type_tiles(page, " ".join(THREE_CRIB))
    shows = page.locator('#deal-events li.event[data-kind="hand"], '
                         '#deal-events li.event[data-kind="crib"]')  # fmt: skip
    expect(shows).to_have_count(4)
    for lang in ("en", "ru"):
        page.locator(f'.lang-btn[data-lang="{lang}"]').click()
        for seat, hand in enumerate(THREE_HANDS):
            words = api(visit, "/v1/hands/score", {"hand": hand, "starter": "5-5"})["aloud"]
            expect(shows.nth(seat).locator(".event-aloud")).to_have_text(words[lang])
        names = page.locator(".entry-items, .event-items").all_inner_texts()
        assert any("3" in name for name in names), names  # runs of three are named
        assert [n for n in names if RUN_INTO_POINTS.search(n)] == [], names


REVIEWED = "1-5 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5 1-2 5-6 0-0 5-5"


def _reviewed_deal(page: Page) -> None:
    start_game(page, 2, ["Ann", "Bob"], dealer=1)
    type_tiles(page, REVIEWED)
    page.locator('[id="lay-0-1-2"]').click()
    page.locator('[id="lay-0-5-6"]').click()
    page.locator("#review-go").click()
    expect(page.locator("#review-costly li").first).to_be_visible()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_review_says_what_its_net_is_and_signs_the_crib(
    open_page: OpenPage,
    viewport: dict,  # type: ignore[type-arg]
) -> None:
    page = open_page(viewport=viewport).page
    _reviewed_deal(page)
    gained = [int(re.sub(r".*\(\+(\d+)\)", r"\1", cell)) for cell in
              page.locator('#history tr[data-deal="1"] td').all_inner_texts()[1:]]  # fmt: skip
    luck = page.locator("#review-luck li")
    for seat in (0, 1):
        expect(luck.nth(seat)).to_contain_text(f"(the board gave the side +{gained[seat]})")
    expect(page.locator("#review-findings")).to_contain_text("The net of a deal: the hand")
    ann, bob = page.locator("table.review-options").all()
    assert all(t.startswith("−") for t in ann.locator("td.crib-figure").all_inner_texts())
    assert all(t.startswith("+") for t in bob.locator("td.crib-figure").all_inner_texts())
    expect(ann.locator("thead th").nth(2)).to_have_text("Crib (±)")


def test_every_finished_deal_keeps_its_scores_and_review(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    page.emulate_media(reduced_motion="reduce")
    _reviewed_deal(page)
    events = page.locator("#deal-events li.event").count()
    costly = page.locator("#review-costly li").all_inner_texts()
    page.locator("#next-deal").click()
    expect(page.locator("#deal-events")).to_have_count(0)
    expect(page.locator("#history")).to_contain_text("Tap a finished deal's number")
    opener = page.locator('#history button.history-open[data-deal="1"]')
    expect(opener).to_have_accessible_name("Deal 1: its scores and its review")
    for _ in range(2):  # once now, once after the page is opened again
        opener.click()
        expect(opener).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#opened-heading")).to_have_text("Deal 1: every score, and the review")
        expect(page.locator("#opened-heading")).to_be_in_viewport()
        expect(page.locator("#deal-events li.event")).to_have_count(events)
        expect(page.locator("#review-costly li").first).to_be_visible()
        assert page.locator("#review-costly li").all_inner_texts() == costly  # the answer kept
        opener.click()
        expect(page.locator("#deal-events")).to_have_count(0)
        page.reload()
        page.wait_for_selector("body.ready")
    expect(page.locator("#deal-heading")).to_contain_text("Deal 2")
