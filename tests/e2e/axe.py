"""axe-core in the page, for the browser tests (``conftest.axe_available`` skips without it).

axe-core comes from npm, pinned in tests/e2e/package.json (``npm ci --prefix tests/e2e``),
and is injected into the page by the test (the context bypasses the page's CSP for that).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page: Page, screen: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${
            v.nodes.map((n) => n.target.join(" ")).join(", ")}`)"""
    )
    return [f"{screen}: {line}" for line in found]
