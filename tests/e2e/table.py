"""Helpers of the browser tests: set up a table, tap tiles, read the record and the board."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

A, B, C = 0, 1, 2
# docs/rules.md section 8.5, three players, C deals: (seat, tile or None for a go).
THREE_PLAY: list[tuple[int, str | None]] = [
    (A, "3-4"), (B, "2-6"), (C, "3-5"), (A, "0-4"), (B, None), (C, None), (A, "1-3"),
    (B, "0-5"), (C, "1-5"), (A, "2-2"), (B, "4-6"), (C, "1-4"), (B, None), (C, None),
    (B, "2-5"), (C, "4-4"),
]  # fmt: skip


def tap(page: Page, tile: str) -> None:
    page.locator(f'#palette button[data-tile="{tile}"]').click()


def record(page: Page) -> Locator:
    return page.locator("#play-record li.entry")


def side_score(page: Page, side: int) -> Locator:
    return page.locator(f"#side-score-{side}")


def start_game(
    page: Page,
    players: int | str,
    names: list[str] | None = None,
    dealer: int | None = None,
    target: int | None = None,
) -> None:
    """Set up the table: 2, 3, 4 or "partners"; names clockwise; who deals first."""
    page.locator(f'input[name="mode"][value="{players}"]').check()
    for seat, name in enumerate(names or []):
        page.locator(f"#name-{seat}").fill(name)
    if dealer is not None:
        page.locator("#first-dealer").select_option(str(dealer))
    if target is not None:
        page.locator(f'input[name="target"][value="{target}"]').check()
    page.locator("#start-game").click()
    expect(page.locator("#board")).to_be_visible()


def lay(page: Page, seat: int, tile: str | None, *, pick: bool = False) -> None:
    """One entry, tapped as at the table: the page has the seat on turn chosen already
    (``pick`` taps the seat first, as for a tile laid past seats who said go silently)."""
    before = record(page).count()
    if pick:
        page.locator(f'.who-btn[data-player="{seat}"]').click()
    if tile is None:
        page.locator("#play-go").click()
    else:
        tap(page, tile)
    expect(record(page)).to_have_count(before + 1)
    last = record(page).last
    expect(last).to_have_attribute("data-player", str(seat))
    if tile is None:
        expect(last.locator(".said-go")).to_be_visible()
    else:
        expect(last.locator(".mini")).to_have_attribute("title", tile)


def type_tiles(page: Page, text: str) -> None:
    page.locator("#type-input").fill(text)
    page.locator("#type-input").press("Enter")


def assert_fits_the_width(page: Page) -> None:
    """Nothing sticks out sideways: the page reads without scrolling left and right."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def resume_second_deal(page: Page, scores: list[int]) -> None:
    """A game saved after its first deal at ``scores`` (no event kept), reopened at the
    second deal: a position near the target without playing a whole deal to reach it."""
    # The page saves the game again when the chance before the first deal answers: edit it
    # after that, or the page's save would put the first deal back.
    page.wait_for_function(
        """() => 'chances' in (JSON.parse(localStorage.getItem("domino-cribbage.game")) || {})"""
    )
    page.evaluate(
        """scores => {
        const game = JSON.parse(localStorage.getItem("domino-cribbage.game"));
        game.deals[0].result = {events: [], scores, winner: null, lurched: []};
        game.deals.push({dealer: 0, starter: null, plays: [], crib: [], claims: null,
                         pegging: null, result: null});
        localStorage.setItem("domino-cribbage.game", JSON.stringify(game));
        }""",
        scores,
    )
    page.reload()
    page.wait_for_selector("body.ready")
