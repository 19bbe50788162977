"""The Review view: after a deal is counted, the scorer taps who laid which crib tile away and
the page shows the costly decisions in words and tiles, the lay-aways side by side and the
deal's luck, in English and Russian, at 360 px and on a desktop, by keyboard too.

The deal is the whole play of docs/rules.md section 6 (Ann is N, Bob deals), with the tiles
each laid away: Ann 1-2 and 5-6, Bob 0-0 and 5-5; the starter 1-5.
"""

from __future__ import annotations

import os
import shutil

import pytest

from .axe import serious_violations
from .conftest import ARTIFACTS, DESKTOP, DOCS_SCREENSHOTS, PHONE, OpenPage, save_screenshot
from .table import assert_fits_the_width, start_game, type_tiles

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# starter, play (both goes typed: a tile is not given to its leader unasked), crib
DEAL = "1-5 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5 1-2 5-6 0-0 5-5"


def _counted_deal(page: Page) -> None:
    start_game(page, 2, ["Ann", "Bob"], dealer=1)
    type_tiles(page, DEAL)
    expect(page.locator("#deal-events li.event").first).to_be_visible()
    expect(page.locator("#review-heading")).to_have_text("Review this deal")


def _lay_away(page: Page, seat: int, tile: str) -> None:
    page.locator(f'[id="lay-{seat}-{tile}"]').click()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_deal_reviewed_after_it_is_counted(open_page: OpenPage, viewport: dict) -> None:  # type: ignore[type-arg]
    visit = open_page(viewport=viewport)
    page = visit.page
    _counted_deal(page)
    go = page.locator("#review-go")
    expect(go).to_be_disabled()  # nothing to review until the lay-aways are in
    _lay_away(page, 0, "1-2")
    expect(go).to_be_disabled()
    _lay_away(page, 0, "5-6")
    # Bob's are the two tiles left, filled in; taken tiles cannot be his
    expect(page.locator('[id="lay-1-0-0"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[id="lay-1-5-5"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[id="lay-1-1-2"]')).to_be_disabled()
    go.click()
    costly = page.locator("#review-costly li")
    expect(costly.first).to_be_visible()
    words = costly.locator(".costly-words").all_inner_texts()
    assert any(w.startswith("Ann led 3-4: ") and w.endswith(" points worse than 2-2")
               for w in words), words  # fmt: skip
    assert all(w.startswith(("Ann ", "Bob ")) for w in words)
    expect(page.locator("#review-findings")).to_be_focused()
    tables = page.locator("table.review-options")
    expect(tables).to_have_count(2)
    ann = tables.first
    expect(ann.locator("caption")).to_have_text("Ann's lay-away")
    expect(ann.locator("tr.chosen th .tile-names")).to_have_text("1-2 5-6")
    expect(ann.locator("tr.best th .tile-names")).to_have_text("0-6 5-6")
    luck = page.locator("#review-luck li")
    expect(luck).to_have_count(2)
    expect(luck.first).to_contain_text("luck +")
    assert_fits_the_width(page)
    name = "review-phone" if viewport == PHONE else "review-desktop"
    save_screenshot(page, name)
    _review_picture(page, name)
    assert visit.outside_requests() == []


def _review_picture(page: Page, name: str) -> None:
    """The Review view alone (the page is long), for docs/page.md with E2E_UPDATE_DOCS=1."""
    path = ARTIFACTS / f"{name}-view.png"
    page.mouse.move(0, 0)
    page.locator("#review").screenshot(path=str(path))
    if os.environ.get("E2E_UPDATE_DOCS") == "1":
        shutil.copyfile(path, DOCS_SCREENSHOTS / path.name)


def test_the_review_is_kept_and_speaks_russian(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    _counted_deal(page)
    _lay_away(page, 0, "1-2")
    _lay_away(page, 0, "5-6")
    page.locator("#review-go").click()
    expect(page.locator("#review-costly li").first).to_be_visible()
    page.reload()
    expect(page.locator("#review-costly li").first).to_be_visible()  # kept with the deal
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(page.locator("#review-heading")).to_have_text("Разбор сдачи")
    words = page.locator("#review-costly .costly-words").all_inner_texts()
    assert any(w.startswith("Ann: начало счёта с 3-4 — на ") for w in words), words
    expect(page.locator(".review-label").first).not_to_have_text("Mistake")
    # a lay-away changed takes the answer away until it is asked for again
    _lay_away(page, 0, "5-6")
    expect(page.locator("#review-costly")).to_have_count(0)
    expect(page.locator("#review-go")).to_be_disabled()


def test_the_lay_aways_by_keyboard_alone(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP).page
    _counted_deal(page)
    page.locator('[id="lay-0-1-2"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator('[id="lay-0-1-2"]')).to_be_focused()  # focus stays on the tile
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # 5-6, the next of the crib
    expect(page.locator('[id="lay-0-5-6"]')).to_have_attribute("aria-pressed", "true")
    page.locator("#review-go").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review-findings")).to_be_focused()
    group = page.get_by_role("group", name="Ann laid away two tiles")
    expect(group).to_be_visible()


@pytest.mark.usefixtures("axe_available")
@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")],
    ids=["phone", "desktop", "phone-dark"],
)
def test_no_serious_violation_in_the_review(
    open_page: OpenPage,
    viewport: dict,  # type: ignore[type-arg]
    scheme: str,
) -> None:
    page = open_page(viewport=viewport, color_scheme=scheme, bypass_csp=True).page
    _counted_deal(page)
    found = serious_violations(page, "review asked")
    _lay_away(page, 0, "1-2")
    _lay_away(page, 0, "5-6")
    page.locator("#review-go").click()
    expect(page.locator("#review-costly li").first).to_be_visible()
    found += serious_violations(page, "review shown")
    page.locator('.lang-btn[data-lang="ru"]').click()
    found += serious_violations(page, "review in Russian")
    assert found == []
