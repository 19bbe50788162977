"""The result in view (issue 24): after each stage of a game, and for the hand tab's
messages, what the scorer needs next is in the viewport, on a phone and on a desktop."""

from __future__ import annotations

import pytest

from .conftest import DESKTOP, PHONE, OpenPage
from .table import THREE_CRIB, C, resume_second_deal, side_score, start_game, tap, type_tiles

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

PLAY = "5-5 3-4 2-6 3-5 0-4 go go 1-3 0-5 1-5 2-2 4-6 1-4 go go 2-5 4-4"  # docs/rules.md 8.5


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_each_stage_and_each_message_comes_into_view(open_page: OpenPage, viewport: dict) -> None:
    page = open_page(viewport=viewport, color_scheme="light").page
    page.emulate_media(reduced_motion="reduce")  # no smooth scroll: in view at once
    start_game(page, 3, ["A", "B", "C"], dealer=C, target=61)
    type_tiles(page, PLAY)  # the play over: the hands counted, the crib asked for
    expect(page.locator("#play-turn")).to_contain_text("crib")
    expect(page.locator("#play-turn")).to_be_in_viewport()
    type_tiles(page, " ".join(THREE_CRIB))  # the deal counted: its scores and "Next deal"
    expect(page.locator("#next-deal")).to_be_visible()
    expect(page.locator("#next-deal")).to_be_in_viewport()
    expect(side_score(page, 0)).to_be_in_viewport()
    resume_second_deal(page, [60, 60, 60])  # the next point wins
    type_tiles(page, PLAY)
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("#winner")).to_be_in_viewport()

    page.locator("#tab-hand").click()
    for tile in ("3-3", "1-5", "2-4"):
        tap(page, tile)
    page.locator("#hand-count").click()  # too few tiles: its message where it is seen
    expect(page.locator("#hand-result")).not_to_be_empty()
    expect(page.locator("#hand-result")).to_be_in_viewport()
    type_tiles(page, "7-7")  # a badly typed tile
    expect(page.locator("#type-error")).to_be_visible()
    expect(page.locator("#type-error")).to_be_in_viewport()
