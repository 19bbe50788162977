"""axe-core on every screen of the page, on a phone and a desktop, light and dark.

axe-core comes from npm, pinned in tests/e2e/package.json (``npm ci --prefix tests/e2e``),
and is injected into the page by the test (the context bypasses the page's CSP for that).
"""

from __future__ import annotations

import json

import pytest

from .axe import serious_violations
from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import lay, start_game, tap

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ADVICE = {
    "model": "expert",
    "options": [
        {"discard": d, "keep": k, "expected_hand": 8.25, "expected_crib": 4.5,
         "expected_pegging": -0.75, "expected_net": 12.0, "min_hand": 6, "max_hand": 14}
        for d, k in [(["0-5", "1-4"], ["2-3", "3-3", "5-5", "4-6"]),
                     (["2-3", "3-3"], ["0-5", "1-4", "5-5", "4-6"]),
                     (["1-4", "4-6"], ["0-5", "2-3", "3-3", "5-5"]),
                     (["0-5", "4-6"], ["1-4", "2-3", "3-3", "5-5"])]
    ]
}  # fmt: skip


@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")],
    ids=["phone", "desktop", "phone-dark"],
)
@pytest.mark.usefixtures("axe_available")
def test_no_serious_violation_on_any_screen(
    open_page: OpenPage, viewport: dict[str, int], scheme: str
) -> None:
    page = open_page(viewport=viewport, color_scheme=scheme, bypass_csp=True).page
    page.route(
        "**/v1/discards/advise",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(ADVICE)),
    )
    found: list[str] = []
    found += serious_violations(page, "setup")
    start_game(page, 3, ["A", "B", "C"], dealer=2)
    tap(page, "5-5")
    for seat, tile in [(0, "3-4"), (1, "2-6"), (2, "3-5"), (0, "0-4")]:
        lay(page, seat, tile)
    tap(page, "5-6")  # refused: a warning on screen
    expect(page.locator("#play-warning")).to_be_visible()
    found += serious_violations(page, "play with a warning")
    page.locator("#play-go").click()
    tap(page, "6-6")  # C at 27: refused, and asked about as B's lead of the next count
    expect(page.locator("#play-warning .offer-yes")).to_be_visible()
    found += serious_violations(page, "play with a tile offered to its leader")
    page.locator("#play-warning .offer-no").click()
    rest = "go 1-3 0-5 1-5 2-2 4-6 1-4 go go 2-5 4-4 5-6 0-1 3-6 0-6"
    for tile in rest.split(" "):
        if tile == "go":
            page.locator("#play-go").click()
        else:
            tap(page, tile)
    expect(page.locator("#deal-events li.event")).to_have_count(12)
    found += serious_violations(page, "deal scored")
    page.locator("#new-game").click()
    found += serious_violations(page, "new game asked")
    page.locator("#confirm-no").click()
    if scheme == "dark":
        save_screenshot(page, "game-dark-phone")

    page.locator("#tab-hand").click()
    for tile in ["3-3", "1-5", "2-4", "0-3", "0-6"]:
        tap(page, tile)
    expect(page.locator("#hand-total")).to_be_visible()
    found += serious_violations(page, "hand counted")
    page.locator("#tab-advice").click()
    for tile in ["0-5", "1-4", "2-3", "3-3", "5-5", "4-6"]:
        tap(page, tile)
    expect(page.locator("#advice-options > li").first).to_be_visible()
    found += serious_violations(page, "advice")
    page.locator('.lang-btn[data-lang="ru"]').click()
    page.locator("#tab-game").click()
    found += serious_violations(page, "game in Russian")
    assert found == []
