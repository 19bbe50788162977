"""The players' page in a real browser: check a hand, follow the play, get advice, in Russian.

Run: ``pytest -m e2e tests/e2e`` (needs /usr/bin/chromium and ``pip install playwright``).
``E2E_UPDATE_DOCS=1`` also refreshes the screenshots committed under docs/screenshots/.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import assert_fits_the_width, lay, record, side_score, start_game, tap

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

N, D = 0, 1  # Nina (seat 0) leads; Dan (seat 1) deals

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


def check_hand(page: Page, hand: list[str], starter: str) -> None:
    for tile in [*hand, starter]:
        tap(page, tile)


def test_check_a_hand_by_tapping_tiles(open_page: OpenPage) -> None:
    visit = open_page(viewport=PHONE, path="/#hand")
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
    assert aloud.endswith("fifteen twelve, and a double pair royal is twenty-four.")
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
    page = open_page(viewport=DESKTOP, path="/#hand").page
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
        " fifteen, another run of three is eighteen, and another run of three is twenty-one."
    )
    save_screenshot(page, "hand-desktop")

    # a typo is explained, not sent
    page.locator("#type-input").fill("3-9")
    page.locator("#type-input").press("Enter")
    expect(page.locator("#type-error")).to_contain_text("“3-9” is not a tile")

    # the claim takes what the service takes: a whole number from 0 to 100
    page.locator("#type-input").fill("6-1 2-5 3|4 35 3 - 6")
    page.locator("#type-input").press("Enter")
    page.locator("#claimed").fill("101")
    page.locator("#claimed").press("Enter")
    expect(page.locator("#hand-result .warn")).to_have_text(
        "The claimed count must be a whole number from 0 to 100."
    )
    expect(page.locator("#hand-result .warn")).to_be_in_viewport()
    page.locator("#claimed").fill("100")
    page.locator("#claimed").press("Enter")
    expect(page.locator("#hand-claim")).to_have_text("You claimed 100: that is 79 points too many.")


def test_tap_a_chosen_tile_to_take_it_back(open_page: OpenPage) -> None:
    page = open_page(path="/#hand").page
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_be_visible()
    tap(page, "1-5")
    expect(page.locator("#hand-total")).to_have_count(0)
    expect(page.locator("#picker-hint")).to_have_text("Tap a tile for hand tile 2 of 4.")
    tap(page, "5-5")
    expect(page.locator("#hand-total")).to_have_attribute("data-total", "12")


def test_keyboard_only(open_page: OpenPage) -> None:
    page = open_page(path="/#hand").page
    # the 28 tiles are one tab stop: from the field after them, Shift+Tab lands on one tile
    # and the next Shift+Tab leaves them
    assert page.locator('#palette button[tabindex="0"]').count() == 1
    assert page.locator('#palette button[tabindex="-1"]').count() == 27
    page.locator("#type-input").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.tile") == "0-0"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.closest('#palette') === null")
    page.locator('#palette [data-tile="3-3"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # 3-4
    page.keyboard.press("ArrowDown")  # 4-4
    page.keyboard.press(" ")
    assert page.evaluate("document.activeElement.dataset.tile") == "4-4"
    expect(page.locator('#palette [data-tile="4-4"]')).to_have_attribute("tabindex", "0")
    assert page.locator('#palette button[tabindex="0"]').count() == 1
    expect(page.locator("#hand-slots .slot").nth(0)).to_have_attribute("data-tile", "3-3")
    expect(page.locator("#hand-slots .slot").nth(1)).to_have_attribute("data-tile", "4-4")
    # focus is visible: an outline is drawn around the focused tile
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#palette') === null")
    # the tab bar sits in a landmark
    assert page.locator("nav [role=tablist]").count() == 1


def start_two(page: Page) -> None:
    start_game(page, 2, ["Nina", "Dan"], dealer=D)
    tap(page, "1-2")  # the starter


def test_the_go_flow_of_the_rules_asks_before_giving_the_tile_to_its_leader(
    open_page: OpenPage,
) -> None:
    """docs/rules.md section 6: after "N go" D cannot play either; N's next tile is N's. Tapped
    for D on turn, it is refused for him, and the page asks (issue 24: never given unasked)
    before it records it as N's lead of the next count, D's go left out."""
    page = open_page(viewport=PHONE).page
    start_two(page)
    expect(page.locator("#play-turn")).to_have_text("Nina to play")
    for player, tile in WHOLE_PLAY[:4]:
        lay(page, player, tile)
    expect(page.locator("#play-count")).to_have_text("30")
    expect(side_score(page, 1)).to_have_text("2")
    expect(side_score(page, 0)).to_have_text("2")
    expect(page.locator('.who-btn[data-player="0"]')).to_have_attribute("aria-pressed", "true")
    lay(page, N, None)  # "N go": D on turn
    warning = page.locator("#play-warning")
    tap(page, "0-6")  # N's, with no tap on a seat: refused for D, offered as N's lead
    expect(warning.locator(".reason")).to_have_attribute("data-code", "count_over_31")
    expect(warning).to_contain_text("Did Nina lay it, to lead the next count")
    expect(record(page)).to_have_count(5)
    warning.locator("button.offer-yes").click()  # one tap: yes, Nina's
    expect(record(page)).to_have_count(6)
    expect(record(page).last).to_have_attribute("data-player", str(N))
    for player, tile in WHOLE_PLAY[6:]:
        lay(page, player, tile)
    expect(warning).to_be_hidden()

    # 6 and 2 in the play; the play over, the hands are counted at once (D 8, N 7)
    expect(side_score(page, 1)).to_have_text("14")
    expect(side_score(page, 0)).to_have_text("9")
    expect(page.locator("#play-turn")).to_have_text("The play is over. Now the crib's four tiles.")
    expect(page.locator("#play-count")).to_have_text("25")
    entries = record(page)
    expect(entries.nth(1).locator(".entry-pts")).to_have_text("+2")
    expect(entries.nth(1).locator(".entry-items")).to_have_text("Fifteen: 2")
    expect(entries.nth(3).locator(".entry-items")).to_have_text("Go: 1")
    expect(entries.last.locator(".entry-items")).to_have_text("Last tile: 1")
    expect(page.locator("#play-record li.divider")).to_have_count(1)
    assert_fits_the_width(page)
    save_screenshot(page, "play-phone")

    # undo the last entry
    entries_before = entries.count()
    page.locator("#play-undo").click()
    expect(record(page)).to_have_count(entries_before - 1)
    expect(entries.last.locator(".mini")).to_have_attribute("title", "2-2")
    expect(side_score(page, 1)).to_have_text("5")
    expect(page.locator("#play-turn")).to_have_text("Dan to play")


def test_a_tile_after_ones_own_go_leads_the_next_count(open_page: OpenPage) -> None:
    """docs/rules.md section 3: Nina said go at 23, then lays 5-5 (it would not have fitted
    there): Dan's go is left out, the count closed (Dan +1) and her 5-5 leads the next one. The
    page asks; the service says."""
    page = open_page(viewport=PHONE).page
    start_two(page)
    for player, tile in [(N, "6-6"), (D, "5-6"), (N, None)]:
        lay(page, player, tile)
    expect(page.locator('.who-btn[data-player="0"] .who-note')).to_have_text("said Go")
    lay(page, N, "5-5", pick=True)
    expect(page.locator("#play-warning")).to_be_hidden()
    expect(page.locator("#play-count")).to_have_text("10")
    expect(side_score(page, D)).to_have_text("1")
    expect(record(page).nth(1).locator(".entry-items")).to_have_text("Go: 1")
    expect(page.locator("#play-record li.divider")).to_have_count(1)
    expect(page.locator("#play-turn")).to_have_text("Dan to play")
    expect(page.locator('.who-btn[data-player="0"] .who-note')).to_have_count(0)

    # a game saved before the service kept the board: the page asks for it on load
    page.evaluate(
        """() => {
        const game = JSON.parse(localStorage.getItem("domino-cribbage.game"));
        delete game.deals[0].live;
        localStorage.setItem("domino-cribbage.game", JSON.stringify(game));
        }"""
    )
    page.reload()
    page.wait_for_selector("body.ready")
    expect(side_score(page, D)).to_have_text("1")
    expect(record(page)).to_have_count(4)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_illegal_play_is_refused_before_it_is_recorded(
    open_page: OpenPage, viewport: dict[str, int]
) -> None:
    page = open_page(viewport=viewport).page
    start_two(page)
    warning = page.locator("#play-warning")
    page.locator('.who-btn[data-player="1"]').click()
    tap(page, "6-6")  # Nina leads, not Dan: the tile at the bottom of the picture
    expect(warning.locator(".reason")).to_have_attribute("data-code", "out_of_turn")
    expect(warning).to_contain_text("It is Nina's turn.")
    expect(warning).to_be_in_viewport()
    expect(page.locator("#play-record")).to_have_count(0)

    for player, tile in WHOLE_PLAY[:4]:
        lay(page, player, tile, pick=True)
    expect(warning).to_be_hidden()

    tap(page, "5-5")  # 30 + 10, and Nina has not said go
    expect(warning).to_be_in_viewport()
    expect(warning.locator(".reason")).to_have_attribute("data-code", "count_over_31")
    expect(warning).to_contain_text("Not recorded: Nina 5-5.")
    expect(warning).to_contain_text("5-5 would make the count 40, over 31.")
    expect(warning).to_contain_text("If no tile fits, say Go first.")  # the service's hint
    assert "{" not in warning.inner_text()
    expect(record(page)).to_have_count(4)
    if viewport == DESKTOP:
        save_screenshot(page, "play-desktop", docs=True)

    tap(page, "2-6")  # laid by Dan already
    expect(warning.locator(".reason")).to_have_attribute("data-code", "tile_repeated")
    expect(warning).to_contain_text("2-6 has already been played.")
    expect(record(page)).to_have_count(4)

    # a legal entry clears the warning
    lay(page, N, None)
    expect(warning).to_be_hidden()


def test_switch_to_russian(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE, locale="en-US", path="/#hand").page
    expect(page.locator("#tab-hand")).to_have_text("Hand or crib")
    page.locator('.lang-btn[data-lang="ru"]').click()
    assert page.evaluate("document.documentElement.lang") == "ru"
    expect(page.locator("#tab-hand")).to_have_text("Рука или криб")
    expect(page.locator("#tab-game")).to_have_text("Партия")
    expect(page.locator("#panel-hand .slot-caption").nth(1)).to_have_text("Стартер")
    expect(page.locator('label.check span[data-i18n="is_crib"]')).to_have_text("Это криб")
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_have_text("24 очка")
    aloud = page.locator("#hand-aloud").inner_text()
    assert aloud.startswith("Пятнадцать — два, пятнадцать — четыре")
    assert aloud.endswith("пятнадцать — двенадцать и двойной триплет — двадцать четыре.")
    expect(page.locator('#hand-items li[data-kind="pair"] .kind').first).to_have_text("Пара")
    assert_fits_the_width(page)
    save_screenshot(page, "hand-phone-ru")

    page.locator("#tab-game").click()
    expect(page.locator("#tab-game")).to_have_text("Партия")
    expect(page.locator("#start-game")).to_have_text("Начать игру")
    start_game(page, 3)  # the names by default, the Russian letters; the third seat deals
    expect(page.locator("#deal-heading")).to_have_text("Сдача 1: сдаёт В, первый ход: А")
    expect(page.locator(".board-title")).to_have_text("Доска · игра до 61 · сдача 1")
    expect(page.locator("#play-go")).to_have_text("«Иди!»")
    tap(page, "5-5")
    for seat, tile in [(0, "3-4"), (1, "2-6"), (2, "3-5"), (0, "0-4")]:
        lay(page, seat, tile)
    tap(page, "5-6")  # 27 + 11, and Б has not said go
    expect(page.locator("#play-warning")).to_be_in_viewport()
    expect(page.locator("#play-warning")).to_contain_text(
        "Не записано: Б 5-6. С костью 5-6 счёт стал бы 38 — больше 31."
    )
    expect(page.locator("#play-warning")).to_contain_text("сначала скажите «Иди!»")
    lay(page, 1, None)
    lay(page, 2, None)
    expect(page.locator('.who-btn[data-player="1"] .who-note')).to_have_text("«Иди!» сказано")
    lay(page, 0, "1-3")
    expect(record(page).nth(6).locator(".entry-items")).to_have_text("Тридцать одно: 2, Пара: 2")
    expect(page.locator("#play-record li.divider")).to_have_text("тридцать одно: новый счёт")
    assert_fits_the_width(page)
    save_screenshot(page, "play-phone-ru")

    # the choice is remembered on the next visit
    page.reload()
    page.wait_for_selector("body.ready")
    expect(page.locator("#tab-hand")).to_have_text("Рука или криб")


def test_russian_browser_gets_russian(open_page: OpenPage) -> None:
    page = open_page(locale="ru-RU").page
    expect(page.locator("#tab-game")).to_have_text("Партия")
    expect(page.locator("h1")).to_have_text("Домино-крибидж: проверка счёта")
    expect(page.locator('.lang-btn[data-lang="ru"]')).to_have_attribute("aria-pressed", "true")


def test_server_errors_are_shown_in_words(open_page: OpenPage) -> None:
    page = open_page(path="/#hand").page
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
    # every expected value has its label in sight: hand, crib, the play (two players: the
    # expert model, which counts it, by default), net
    best = options.first
    expect(best.locator(".opt-net .figure-label")).to_have_text("net")
    expect(best.locator(".exp-hand .figure-label")).to_have_text("hand")
    expect(best.locator(".exp-crib .figure-label")).to_have_text("your crib")
    expect(best.locator(".exp-play .figure-label")).to_have_text("play")
    assert best.locator(".opt-net strong").inner_text()[0] in "+−"
    assert_fits_the_width(page)
    save_screenshot(page, "advice-phone")
    page.locator('input[name="advice-dealer"][value="0"]').check()
    expect(page.locator("#advice-options .opt-sub").first).to_contain_text(
        "their crib", timeout=60_000
    )


def test_no_request_leaves_the_origin(open_page: OpenPage, base_url: str) -> None:
    visit = open_page(viewport=DESKTOP, path="/#hand")
    page = visit.page
    check_hand(page, ["3-3", "1-5", "2-4", "0-3"], "0-6")
    expect(page.locator("#hand-total")).to_be_visible()
    page.locator("#tab-game").click()
    start_two(page)
    lay(page, N, "3-4")
    page.locator("#tab-advice").click()
    for tile in ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"]:
        tap(page, tile)
    page.wait_for_load_state("networkidle")
    page.locator('.lang-btn[data-lang="ru"]').click()
    assert visit.requests, "no request was seen"
    assert visit.outside_requests() == []
    assert any(url.startswith(f"{base_url}/v1/") for url in visit.requests)
