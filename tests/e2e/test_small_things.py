"""Issue 24 item 4, the small things a scorer sees in the play, at 360x740: the last tile's
point named so, the hint after a go, a tile past the count asked about before it is given to
another seat, and the lay-away of five tiles with three and four players."""

from __future__ import annotations

import pytest

from .conftest import PHONE, OpenPage
from .table import record, side_score, start_game, tap, type_tiles

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

# docs/rules.md section 6 with both goes said: Dan lays the last tile (the starter 1-2)
SECTION_6 = "1-2 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5"


def test_the_last_tiles_point_reads_last_tile_not_go(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    type_tiles(page, SECTION_6 + " 0-0 0-1 5-5 6-6")  # and the crib
    events = page.locator("#deal-events li.event")
    expect(events.last).to_have_attribute("data-kind", "crib")
    goes = page.locator('#deal-events li.event[data-kind="go"]')
    expect(goes).to_have_count(2)  # Dan's go point at 30, then his last tile
    expect(goes.first.locator(".event-what")).to_have_text("Dan: go")
    expect(goes.last.locator(".event-what")).to_have_text("Dan: last tile")
    expect(goes.last.locator(".entry-pts")).to_have_text("+1")
    expect(goes.last.locator(".event-items")).to_contain_text("Last tile: 1")


def test_after_a_go_the_hint_names_who_said_it_and_who_lays_next(open_page: OpenPage) -> None:
    """Four players at 27: Dan and Ann cannot play, and the hint says so; the entry still
    goes to the seat on turn, as the service says (Ben)."""
    page = open_page(viewport=PHONE).page
    start_game(page, 4, ["Ann", "Ben", "Cat", "Dan"], dealer=3)
    hint = page.locator("#picker-hint")
    type_tiles(page, "1-2 6-6 5-5 0-5")  # the starter, then 12, 22, 27: Dan on turn
    expect(hint).to_have_text("Tap the tile Dan lays, or Go.")
    type_tiles(page, "go")
    expect(hint).to_have_text("Dan said Go. Tap the tile Ann lays, or Go.")
    type_tiles(page, "go")
    expect(hint).to_have_text("Ann and Dan said Go. Tap the tile Ben lays, or Go.")
    expect(hint).to_be_in_viewport()
    expect(page.locator("#play-turn")).to_have_text("Ben to play")
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(hint).to_have_text("Ann и Dan сказали «Иди!». Выберите кость, которую кладёт Ben,"
                              " или «Иди!».")  # fmt: skip


def test_a_tile_past_the_count_is_asked_about_before_another_seat_gets_it(
    open_page: OpenPage,
) -> None:
    """Issue 24's case: at 27 with Ben and Cat gone, Dan on turn, 6-6 tapped. The service
    refuses it for Dan and names Ben as the seat it would lead the next count for: the page
    records nothing until the scorer says so, and "No" leaves it out."""
    page = open_page(viewport=PHONE).page
    start_game(page, 4, ["Ann", "Ben", "Cat", "Dan"], dealer=3)
    type_tiles(page, "1-2 5-5 4-5 0-4 0-0 2-2 go go")  # 10, 19, 23, 23, 27; Ben, Cat go
    expect(page.locator("#play-turn")).to_have_text("Dan to play")
    entries = record(page)
    expect(entries).to_have_count(7)
    warning = page.locator("#play-warning")
    tap(page, "6-6")
    expect(warning).to_contain_text("Not recorded: Dan 6-6. 6-6 would make the count 39")
    expect(warning).to_contain_text("Did Ben lay it, to lead the next count")
    yes, no = warning.locator("button.offer-yes"), warning.locator("button.offer-no")
    expect(yes).to_have_text("Yes: Ben leads 6-6")
    expect(yes).to_be_in_viewport()
    expect(no).to_be_in_viewport()
    expect(entries).to_have_count(7)  # nothing given to Ben unasked
    no.click()
    expect(warning).to_be_hidden()
    expect(entries).to_have_count(7)
    expect(page.locator("#play-turn")).to_have_text("Dan to play")

    tap(page, "6-6")
    warning.locator("button.offer-yes").click()
    expect(warning).to_be_hidden()
    expect(entries).to_have_count(8)
    expect(entries.last).to_have_attribute("data-player", "1")
    expect(entries.last.locator(".entry-count")).to_have_text("12")
    expect(side_score(page, 0)).to_have_text("1")  # Ann's go point: the count closed at 27
    expect(page.locator("#play-turn")).to_have_text("Cat to play")


def test_the_lay_away_takes_the_tiles_each_player_draws(open_page: OpenPage) -> None:
    """Six tiles with two players, five with three or four: as many places as the service's
    GET /v1/rules says each draws, and the advice asked for that table."""
    visit = open_page(viewport=PHONE, path="/#advice")
    page = visit.page
    drawn = {
        deal["players"]: deal["drawn"]
        for deal in page.request.get(visit.base_url + "/v1/rules").json()["deals"]
    }
    slots = page.locator("#advice-slots .slot")
    expect(slots).to_have_count(drawn[2])
    expect(page.locator("#advice-heading")).to_have_text("Which two to lay away?")
    expect(page.locator("#picker-hint")).to_have_text(f"Tap your tile 1 of {drawn[2]}.")
    tap(page, "0-5")
    page.locator('input[name="advice-players"][value="3"]').check()
    expect(slots).to_have_count(drawn[3])
    expect(page.locator("#advice-caption")).to_have_text(f"Your {drawn[3]} tiles")
    expect(page.locator("#advice-heading")).to_have_text("Which one to lay away?")
    expect(slots.first).to_have_attribute("data-tile", "0-5")  # the tile chosen stays
    expect(page.locator("#picker-hint")).to_have_text(f"Tap your tile 2 of {drawn[3]}.")
    with page.expect_request("**/v1/discards/advise") as asked:
        for tile in ["1-4", "2-3", "3-3", "5-5"]:
            tap(page, tile)
    assert asked.value.post_data_json["rules"] == {"players": 3}
    assert len(asked.value.post_data_json["tiles"]) == drawn[3]
    best = page.locator("#advice-options > li").first
    expect(best).to_be_visible(timeout=60_000)
    expect(best.locator(".opt-main .mini")).to_have_count(1)  # one laid away
    expect(best.locator(".opt-sub .mini")).to_have_count(4)
    expect(page.locator("#picker-hint")).to_have_text(
        f"All {drawn[3]} chosen. Tap one to take it back."
    )
    expect(page.locator("#picker-hint")).to_be_in_viewport()
    page.locator('input[name="advice-players"][value="4"]').check()
    expect(slots).to_have_count(drawn[4])
    page.locator('input[name="advice-players"][value="2"]').check()
    expect(slots).to_have_count(drawn[2])
    expect(page.locator("#picker-hint")).to_have_text(f"Tap your tile 6 of {drawn[2]}.")


def test_a_tile_that_proves_a_go_wrong_offers_to_take_the_record_back(
    open_page: OpenPage,
) -> None:
    """docs/rules.md section 3, a go the deal proves wrong: Nina said go at 23, then her 0-2
    (which would have made 25) is tapped. The service refuses it and names the go; the page
    says so, in English and Russian, and offers only what is legal: the record taken back to
    that go, the 0-2 laid there. Nothing changes unasked."""
    page = open_page(viewport=PHONE).page
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    type_tiles(page, "1-2 6-6 5-6 go")  # the starter; Nina 6-6, Dan 5-6 (23), Nina go
    entries = record(page)
    expect(entries).to_have_count(3)
    page.locator('.who-btn[data-player="0"]').click()
    tap(page, "0-2")
    warning = page.locator("#play-warning")
    expect(warning.locator(".reason")).to_have_attribute("data-code", "go_proved_wrong")
    expect(warning).to_contain_text("Nina said “Go” at 23, but 0-2 would have made 25")
    expect(warning).not_to_contain_text("lead the next count")
    yes = warning.locator("button.offer-yes")
    expect(yes).to_have_text("Yes: back to the “Go”, Nina lays 0-2")
    expect(warning).to_contain_text("Take the record back to Nina's “Go” (1 entry)")
    expect(yes).to_be_in_viewport()
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(warning).to_contain_text("«Иди!» при счёте 23 (Nina) было неверным: с костью 0-2 счёт")
    expect(warning.locator("button.offer-yes")).to_have_text("Да: к «Иди!», Nina кладёт 0-2")
    page.locator('.lang-btn[data-lang="en"]').click()
    expect(entries).to_have_count(3)
    warning.locator("button.offer-no").click()
    expect(warning).to_be_hidden()
    expect(entries).to_have_count(3)  # "No" leaves the record as it was

    page.locator('.who-btn[data-player="0"]').click()
    tap(page, "0-2")
    warning.locator("button.offer-yes").click()
    expect(warning).to_be_hidden()
    expect(entries).to_have_count(3)  # 6-6, 5-6, and Nina's 0-2 in place of her go
    expect(entries.last).to_have_attribute("data-player", "0")
    expect(entries.last.locator(".entry-count")).to_have_text("25")
    expect(page.locator("#play-turn")).to_have_text("Dan to play")
