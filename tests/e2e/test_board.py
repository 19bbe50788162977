"""The board of the game tab (board.js): the pegs read from its SVG after scripted deals.

Each peg carries its number and stands on the hole of that number (the end hole past the
target); the front peg is the side's score in words, the back peg the score before its last
event. The deals are the rule book's (docs/rules.md section 8.5), their scores worked there.
"""

from __future__ import annotations

import pytest
from rulebook import THREE_CRIB

from .board import assert_pegs
from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import (
    THREE_PLAY,
    assert_fits_the_width,
    lay,
    resume_second_deal,
    start_game,
    tap,
)

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_pegs_follow_a_three_player_deal_and_its_undo(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    start_game(page, 3, ["A", "B", "C"], dealer=2)
    expect(page.locator("#board .track")).to_have_count(3)
    expect(page.locator('#board .track[data-side="0"] circle.hole')).to_have_count(62)
    assert_pegs(page, [0, 0, 0], [0, 0, 0], 61)
    tap(page, "5-5")  # the starter, a double: C 1
    assert_pegs(page, [0, 0, 1], [0, 0, 0], 61)
    for seat, tile in THREE_PLAY:
        lay(page, seat, tile)
    # pegging: A 4 then 5; B 2; C 2, a go, 2, a go (after his starter point); the play over,
    # the hands are counted at once (A 12, B 8, C 4), the crib waits for its tiles
    assert_pegs(page, [21, 10, 11], [9, 2, 7], 61)
    for tile in THREE_CRIB:
        tap(page, tile)
    # the crib: C's 5 after his hand's 4
    assert_pegs(page, [21, 10, 16], [9, 2, 11], 61)
    assert_fits_the_width(page)
    label = page.locator("#board svg").get_attribute("aria-label") or ""
    assert label.startswith("The board, game to 61: A at 21, back peg at 9;")
    save_screenshot(page, "board-three-phone", docs=True, part="#panel-game .inputs")
    page.locator("#play-undo").click()  # a crib tile: the board after the hands again
    assert_pegs(page, [21, 10, 11], [9, 2, 7], 61)


def test_the_board_ends_on_the_winner(open_page: OpenPage) -> None:
    """Two players to 61, a game saved at Nina 20, Dan 59: Dan wins on his pair."""
    page = open_page(viewport=DESKTOP).page
    start_game(page, 2, ["Nina", "Dan"], dealer=1)
    resume_second_deal(page, [20, 59])
    assert_pegs(page, [20, 59], [0, 0], 61)  # no event kept: the pegs behind the start
    tap(page, "1-2")
    lay(page, 1, "3-4")
    lay(page, 0, "2-6")  # fifteen: Nina 22
    lay(page, 1, "4-4")  # a pair: Dan 61, in the end hole
    assert_pegs(page, [22, 61], [20, 59], 61)
    expect(page.locator('#board .track[data-side="1"]')).to_have_class("track s1 won")
    expect(page.locator('#board .track[data-side="0"]')).to_have_class("track s0")
    expect(page.locator("#board .lurch-line").first).to_have_attribute("data-after-hole", "30")
    save_screenshot(page, "board-won-desktop", docs=True)


def test_partners_to_121_in_russian_and_dark(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE, locale="ru-RU", color_scheme="dark").page
    start_game(page, "partners", ["N", "E", "S", "W"], dealer=3)
    expect(page.locator("#board .track")).to_have_count(2)
    expect(page.locator('#board .track[data-side="1"] circle.hole')).to_have_count(122)
    expect(page.locator("#board .lurch-line").first).to_have_attribute("data-after-hole", "60")
    expect(page.locator("#board .track-name")).to_have_text(["N & S", "E & W"])
    tap(page, "1-3")
    for seat, tile in [(0, "6-6"), (1, "1-2"), (2, "0-3")]:  # E 2 (fifteen), S 2 (pair)
        lay(page, seat, tile)
    assert_pegs(page, [2, 2], [0, 0], 121)
    label = page.locator("#board svg").get_attribute("aria-label") or ""
    assert label.startswith("Доска, игра до 121: N & S — 2, задний колышек на 0;")
    assert_fits_the_width(page)
    save_screenshot(page, "board-partners-phone-dark")
