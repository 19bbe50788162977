"""The API reference (/docs, Swagger UI) in a real browser, on a 360-pixel phone, offline.

Run: ``pytest -m e2e tests/e2e`` (needs /usr/bin/chromium and ``pip install playwright``).
"""

from __future__ import annotations

import json

import pytest

from .conftest import PHONE, OpenPage, Visit, save_screenshot

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

OPERATIONS = ".opblock-summary"  # one row per operation, rendered once the spec has loaded


def _open_docs(open_page: OpenPage) -> Visit:
    return open_page(viewport=PHONE, path="/docs", mobile=True, ready=OPERATIONS)


def test_docs_read_on_a_phone(open_page: OpenPage) -> None:
    visit = _open_docs(open_page)
    page = visit.page
    # Laid out at the phone's width (a page without a viewport meta gets 980 px, scaled down).
    layout = page.evaluate(
        "() => ({width: document.documentElement.clientWidth, scale: visualViewport.scale,"
        " scroll: document.documentElement.scrollWidth})"
    )
    assert layout == {"width": 360, "scale": 1, "scroll": 360}, layout
    summaries = page.locator(".opblock-summary-description")
    assert summaries.count() >= 14
    for index in range(summaries.count()):
        size = summaries.nth(index).evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize) * visualViewport.scale"
        )
        assert size >= 12, (summaries.nth(index).inner_text(), size)
        box = summaries.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 360
    # The CORS preflights are described once, in the introduction, not as nine OPTIONS rows.
    assert page.locator(".opblock-options").count() == 0
    expect(page.locator(".info")).to_contain_text("A preflight (OPTIONS on any /v1")
    save_screenshot(page, "docs-phone")


def test_try_it_out_offline(open_page: OpenPage) -> None:
    visit = _open_docs(open_page)
    page = visit.page
    operation = page.locator("#operations-hands-scoreHand")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    live = operation.locator(".live-responses-table")
    expect(live.locator("tbody td.response-col_status").first).to_have_text("200")
    body = json.loads(live.locator("tbody .response-col_description pre").first.inner_text())
    assert body["total"] == 24  # the example (docs/rules.md section 6) scores 24
    expect(live).to_contain_text("x-request-id")  # a declared header, shown with the answer
    assert visit.base_url + "/v1/hands/score" in visit.requests
    assert visit.outside_requests() == []
    save_screenshot(page, "docs-try-it-out-phone")
