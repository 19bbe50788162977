"""The players' page in a real browser: tap tiles, read the count, follow the play.

Run: ``pytest -m e2e tests/e2e`` (needs /usr/bin/chromium and ``pip install playwright``).
``E2E_UPDATE_DOCS=1`` also refreshes the screenshots committed under docs/screenshots/.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

N, D = 0, 1  # player 0 = the non-dealer, who leads; player 1 = the dealer

# docs/rules.md section 6, "A whole play": (player, tile or None for a go).
WHOLE_PLAY: list[tuple[int, str | None]] = [
    (N, "3-4"),
    (D, "2-6"),
    (N, "4-4"),
    (D, "1-6"),
    (N, None),
    (N, "0-6"),
    (D, "3-3"),
    (N, "2-2"),
    (D, "4-5"),
]


def tap(page: Page, tile: str) -> None:
    page.locator(f'#palette button[data-tile="{tile}"]').click()


def record(page: Page) -> Locator:
    return page.locator("#play-record li.entry")


def lay(page: Page, player: int, tile: str | None) -> None:
    """Record one entry as a player does on the phone: pick who, then tap the tile (or Go).

    A tile laid after its player's own go, when it cannot fit the count, also records the
    other player's go (he could not play either), so an entry may add two lines.
    """
    before = record(page).count()
    page.locator(f'.who-btn[data-player="{player}"]').click()
    if tile is None:
        page.locator("#play-go").click()
    else:
        tap(page, tile)
    expect(record(page).nth(before)).to_be_visible()
    last = record(page).last
    expect(last).to_have_attribute("data-player", str(player))
    if tile is None:
        expect(last.locator(".said-go")).to_be_visible()
    else:
        expect(last.locator(".mini")).to_have_attribute("title", tile)


def assert_fits_the_width(page: Page) -> None:
    """Nothing sticks out sideways: the page reads without scrolling left and right."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def check_hand(page: Page, hand: list[str], starter: str) -> None:
    for tile in [*hand, starter]:
        tap(page, tile)


def test_check_a_hand_by_tapping_tiles(open_page: OpenPage) -> None:
    visit = open_page(viewport=PHONE)
    page = visit.page
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")

    total = page.locator("#hand-total")
    expect(total).to_have_attribute("data-total", "24")
    expect(total).to_be_in_viewport()  # brought into sight on the phone
    expect(total).to_have_text("24 points")
    items = page.locator("#hand-items li")
    expect(items).to_have_count(12)
    assert page.locator('#hand-items li[data-kind="fifteen"]').count() == 6
    assert page.locator('#hand-items li[data-kind="pair"]').count() == 6
    # every item shows its tiles, drawn, and its points
    first = page.locator('#hand-items li[data-kind="fifteen"]').first
    assert first.locator(".mini").count() == 3
    expect(first.locator(".pts")).to_have_text("+2")
    aloud = page.locator("#hand-aloud").inner_text()
    assert aloud.startswith("Fifteen two, fifteen four, fifteen six")
    assert aloud.endswith("fifteen twelve, a double pair royal is twenty-four.")
    # the chosen tiles are marked in the picture, the starter apart
    expect(page.locator('#palette [data-tile="0-6"]')).to_have_class("tile r0 c6 starter")
    expect(page.locator('#palette [data-tile="3-3"]')).to_have_attribute("aria-pressed", "true")
    assert_fits_the_width(page)
    save_screenshot(page, "hand-phone", docs=True)

    # a claimed count: what was missed
    page.locator("#claimed").fill("20")
    page.locator("#claimed").press("Enter")
    expect(page.locator("#hand-claim")).to_have_text("You claimed 20: you missed 4 points.")


def test_typing_tiles_and_an_over_claim_on_the_crib(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP).page
    page.locator("#crib-box").check()
    page.locator("#claimed").fill("23")
    page.locator("#type-input").fill("6-1 2-5 3|4 35 3 - 6")
    page.locator("#type-input").press("Enter")
    expect(page.locator("#hand-total")).to_have_attribute("data-total", "21")
    expect(page.locator(".total-label")).to_have_text("Crib total")
    expect(page.locator("#hand-claim")).to_have_text("You claimed 23: that is 2 points too many.")
    assert page.locator('#hand-items li[data-kind="run"]').count() == 3
    expect(page.locator("#hand-aloud")).to_have_text(
        "Fifteen two, fifteen four, fifteen six, a pair royal is twelve, a run of three is"
        " fifteen, another run of three is eighteen, another run of three is twenty-one."
    )
    save_screenshot(page, "hand-desktop")

    # a typo is explained, not sent
    page.locator("#type-input").fill("3-9")
    page.locator("#type-input").press("Enter")
    expect(page.locator("#type-error")).to_contain_text("“3-9” is not a tile")


def test_tap_a_chosen_tile_to_take_it_back(open_page: OpenPage) -> None:
    page = open_page().page
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_be_visible()
    tap(page, "1-5")
    expect(page.locator("#hand-total")).to_have_count(0)
    expect(page.locator("#picker-hint")).to_have_text("Tap a tile for hand tile 2 of 4.")
    tap(page, "5-5")
    expect(page.locator("#hand-total")).to_have_attribute("data-total", "12")


def test_keyboard_only(open_page: OpenPage) -> None:
    page = open_page().page
    page.locator('#palette [data-tile="3-3"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # 3-4
    page.keyboard.press("ArrowDown")  # 4-4
    page.keyboard.press(" ")
    assert page.evaluate("document.activeElement.dataset.tile") == "4-4"
    expect(page.locator("#hand-slots .slot").nth(0)).to_have_attribute("data-tile", "3-3")
    expect(page.locator("#hand-slots .slot").nth(1)).to_have_attribute("data-tile", "4-4")
    # focus is visible: an outline is drawn around the focused tile
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"


def test_follow_the_whole_play_from_the_rules(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE, path="/#play").page
    expect(page.locator("#tab-play")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#play-turn")).to_have_text("Non-dealer (N) to play")
    for player, tile in WHOLE_PLAY[:4]:
        lay(page, player, tile)
    expect(page.locator("#play-count")).to_have_text("30")
    expect(page.locator("#score-1")).to_have_text("2")
    expect(page.locator("#score-0")).to_have_text("2")
    # the next player is suggested for the next entry
    expect(page.locator('.who-btn[data-player="0"]')).to_have_attribute("aria-pressed", "true")
    for player, tile in WHOLE_PLAY[4:]:
        lay(page, player, tile)

    expect(page.locator("#score-1")).to_have_text("6")
    expect(page.locator("#score-0")).to_have_text("2")
    expect(page.locator("#play-turn")).to_have_text("The play is over.")
    entries = record(page)
    expect(entries.nth(1).locator(".entry-pts")).to_have_text("+2")
    expect(entries.nth(1).locator(".entry-items")).to_have_text("Fifteen 2")
    expect(entries.nth(3).locator(".entry-items")).to_have_text("Go 1")
    expect(entries.last.locator(".entry-items")).to_have_text("Last tile 1")
    expect(page.locator("#play-record li.divider")).to_have_count(1)
    assert page.locator("#play-record").inner_text().count("Go") >= 2
    assert_fits_the_width(page)
    save_screenshot(page, "play-phone")

    # undo the last entry
    entries_before = entries.count()
    page.locator("#play-undo").click()
    expect(record(page)).to_have_count(entries_before - 1)
    expect(entries.last.locator(".mini")).to_have_attribute("title", "2-2")
    expect(page.locator("#score-1")).to_have_text("5")
    expect(page.locator("#play-turn")).to_have_text("Dealer (D) to play")


def test_an_illegal_play_is_refused_before_it_is_recorded(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP, path="/#play").page
    warning = page.locator("#play-warning")
    page.locator('.who-btn[data-player="1"]').click()
    tap(page, "2-2")  # the non-dealer leads
    expect(warning.locator(".reason")).to_have_attribute("data-code", "out_of_turn")
    expect(warning).to_contain_text("It is the turn of the Non-dealer (N).")
    expect(page.locator("#play-record")).to_have_count(0)

    for player, tile in WHOLE_PLAY[:4]:
        lay(page, player, tile)
    expect(warning).to_be_hidden()

    tap(page, "5-5")  # 30 + 10
    expect(warning).to_be_visible()
    expect(warning.locator(".reason")).to_have_attribute("data-code", "count_over_31")
    expect(warning).to_contain_text("Not recorded: N 5-5.")
    expect(warning).to_contain_text("5-5 would make the count 40, over 31.")
    assert "{" not in warning.inner_text()
    expect(record(page)).to_have_count(4)
    save_screenshot(page, "play-desktop", docs=True)

    page.locator('.who-btn[data-player="0"]').click()
    tap(page, "2-6")  # laid by the dealer already
    expect(warning.locator(".reason")).to_have_attribute("data-code", "tile_repeated")
    expect(warning).to_contain_text("2-6 has already been played.")
    expect(record(page)).to_have_count(4)

    # a legal entry clears the warning
    lay(page, N, None)
    expect(warning).to_be_hidden()


def test_switch_to_russian(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE, locale="en-US").page
    expect(page.locator("#tab-hand")).to_have_text("Hand or crib")
    page.locator('.lang-btn[data-lang="ru"]').click()
    assert page.evaluate("document.documentElement.lang") == "ru"
    expect(page.locator("#tab-hand")).to_have_text("Рука или криб")
    expect(page.locator("#tab-play")).to_have_text("Розыгрыш")
    expect(page.locator("#panel-hand .slot-caption").nth(1)).to_have_text("Стартер")
    expect(page.locator('label.check span[data-i18n="is_crib"]')).to_have_text("Это криб")
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_have_text("24 очка")
    aloud = page.locator("#hand-aloud").inner_text()
    assert aloud.startswith("Пятнадцать — два, пятнадцать — четыре")
    assert aloud.endswith("пятнадцать — двенадцать, двойной триплет — двадцать четыре.")
    expect(page.locator('#hand-items li[data-kind="pair"] .kind').first).to_have_text("Пара")
    assert_fits_the_width(page)
    save_screenshot(page, "hand-phone-ru")

    page.locator("#tab-play").click()
    expect(page.locator("#play-go")).to_have_text("«Иди!»")
    for player, tile in WHOLE_PLAY[:4]:
        lay(page, player, tile)
    tap(page, "5-5")
    expect(page.locator("#play-warning")).to_be_in_viewport()
    expect(page.locator("#play-warning")).to_contain_text(
        "Не записано: П 5-5. С костью 5-5 счёт стал бы 40 — больше 31."
    )
    lay(page, N, None)
    lay(page, D, None)
    expect(record(page).nth(3).locator(".entry-items")).to_have_text("«Иди!» 1")
    expect(page.locator("#play-record li.divider")).to_have_text("новый счёт")
    assert_fits_the_width(page)
    save_screenshot(page, "play-phone-ru")

    # the choice is remembered on the next visit
    page.reload()
    page.wait_for_selector("body.ready")
    expect(page.locator("#tab-hand")).to_have_text("Рука или криб")


def test_russian_browser_gets_russian(open_page: OpenPage) -> None:
    page = open_page(locale="ru-RU").page
    expect(page.locator("h1")).to_have_text("Домино-крибидж: проверка счёта")
    expect(page.locator('.lang-btn[data-lang="ru"]')).to_have_attribute("aria-pressed", "true")


def test_server_errors_are_shown_in_words(open_page: OpenPage) -> None:
    page = open_page().page
    problem = {
        "type": "urn:domino-cribbage:problem:invalid-input",
        "title": "Unprocessable Content",
        "status": 422,
        "detail": "The request has 1 invalid field.",
        "errors": [{"pointer": "/hand/2", "detail": "Not a tile."}],
    }
    page.route(
        "**/v1/hands/score",
        lambda route: route.fulfill(
            status=422, content_type="application/problem+json", body=json.dumps(problem)
        ),
    )
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    box = page.locator("#hand-result .warn")
    expect(box).to_contain_text("The request has 1 invalid field.")
    expect(box).to_contain_text("hand tile 3: Not a tile.")
    assert "{" not in box.inner_text()


def test_advice_missing_from_the_server_is_explained(open_page: OpenPage) -> None:
    page = open_page(path="/#advice").page
    page.route(
        "**/v1/discards/advise",
        lambda route: route.fulfill(
            status=404,
            content_type="application/problem+json",
            body=json.dumps(
                {
                    "type": "about:blank",
                    "title": "Not Found",
                    "status": 404,
                    "detail": "The requested URL was not found on the server.",
                }
            ),
        ),
    )
    for tile in ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"]:
        tap(page, tile)
    expect(page.locator("#advice-result")).to_have_text("Advice is not available on this server.")


def _advice_answers(base_url: str) -> bool:
    body = json.dumps({"tiles": ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"], "dealer": True})
    request = urllib.request.Request(
        f"{base_url}/v1/discards/advise",
        data=body.encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return bool(answer.status == 200)
    except urllib.error.HTTPError:
        return False


def test_advice_ranks_the_lay_away(open_page: OpenPage, base_url: str) -> None:
    if not _advice_answers(base_url):
        pytest.skip("POST /v1/discards/advise does not answer on this server")
    page = open_page(viewport=PHONE, path="/#advice").page
    for tile in ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"]:
        tap(page, tile)
    options = page.locator("#advice-options > li")
    expect(options.first).to_be_visible(timeout=60_000)
    assert options.first.locator(".opt-main .mini").count() == 2
    assert options.first.locator(".opt-sub .mini").count() == 4
    nets = page.locator(".opt-net").all_inner_texts()
    assert len(nets) >= 3
    assert_fits_the_width(page)
    save_screenshot(page, "advice-phone")
    page.locator('input[name="advice-dealer"][value="0"]').check()
    expect(page.locator("#advice-options .opt-sub").first).to_contain_text(
        "their crib", timeout=60_000
    )


def test_no_request_leaves_the_origin(open_page: OpenPage, base_url: str) -> None:
    visit = open_page(viewport=DESKTOP)
    page = visit.page
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_be_visible()
    page.locator("#tab-play").click()
    lay(page, N, "3-4")
    page.locator("#tab-advice").click()
    for tile in ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"]:
        tap(page, tile)
    page.wait_for_load_state("networkidle")
    page.locator('.lang-btn[data-lang="ru"]').click()
    assert visit.requests, "no request was seen"
    assert visit.outside_requests() == []
    assert any(url.startswith(f"{base_url}/v1/") for url in visit.requests)
