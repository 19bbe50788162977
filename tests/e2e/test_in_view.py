"""The result in view (issue 24): after each stage of a game, and for the hand tab's
messages, what the scorer needs next is in the viewport, on a phone and on a desktop."""

from __future__ import annotations

import pytest
from rulebook import THREE_CRIB

from .conftest import DESKTOP, PHONE, OpenPage
from .table import C, resume_second_deal, side_score, start_game, tap, type_tiles

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


SMALLEST_TEXT = """() => {
  let smallest = 1000, which = "";
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const name = `${el.tagName}.${el.className.baseVal ?? el.className}`;
    if (size < smallest) [smallest, which] = [size, name];
  }
  return [smallest, which];
}"""


def test_the_small_things_a_scorer_sees(open_page: OpenPage) -> None:
    """A partnership's win in the plural, no seat left highlighted as next, a disabled Go
    that looks disabled, no text under 14 px on a phone, and a typed box that forgets."""
    page = open_page(viewport=PHONE).page
    start_game(page, "partners", ["N", "E", "S", "W"])
    go = page.locator("#play-go")
    type_tiles(page, "1-2")  # the starter: the play begins, Go can be said
    expect(go).to_be_enabled()
    enabled = go.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).cursor]")
    assert page.evaluate(SMALLEST_TEXT)[0] >= 14, page.evaluate(SMALLEST_TEXT)
    resume_second_deal(page, [120, 120])  # N deals: the starter double's point wins for N & S
    type_tiles(page, "5-5")
    expect(page.locator("#winner")).to_contain_text("N & S win with 121.")
    expect(page.locator('.who-btn[aria-pressed="true"]')).to_have_count(0)
    expect(go).to_be_disabled()
    disabled = go.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).cursor]")
    assert disabled[0] != enabled[0]
    assert disabled[1] in ("not-allowed", "default")
    assert page.evaluate(SMALLEST_TEXT)[0] >= 14, page.evaluate(SMALLEST_TEXT)
    type_tiles(page, "7-7")
    expect(page.locator("#type-error")).to_be_visible()
    page.locator("#tab-hand").click()
    expect(page.locator("#type-input")).to_have_value("")
    assert page.evaluate(SMALLEST_TEXT)[0] >= 14, page.evaluate(SMALLEST_TEXT)


def test_the_set_up_chooses_the_rule_options(open_page: OpenPage) -> None:
    """starter_double_points and double_blank_in_fifteens (docs/rules.md) at the set-up: the
    service, asked with them, scores a double starter 2 for the dealer."""
    page = open_page(viewport=PHONE).page
    page.locator("#starter-double").select_option("2")
    page.locator("#double-blank").select_option("false")
    start_game(page, 2, ["Ann", "Dan"], dealer=0)
    type_tiles(page, "5-5")
    expect(side_score(page, 0)).to_have_text("2")
    rules = page.evaluate('JSON.parse(localStorage.getItem("domino-cribbage.game")).setup')
    assert (rules["starterDouble"], rules["doubleBlank"]) == (2, False)
