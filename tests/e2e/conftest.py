"""End-to-end fixtures: the real app under gunicorn, driven by Debian's Chromium via Playwright.

The browser tests skip (with the reason) where /usr/bin/chromium or the playwright package is
missing, so the rest of the suite still runs anywhere. Never ``playwright install``: the
tests drive the system Chromium through ``executable_path``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from live_server import serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = ROOT / "artifacts" / "screenshots"
DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-default-apps",
    "--disable-extensions",
]
PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: drives the players' page in headless Chromium")


def _missing_browser() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The app served by gunicorn, as the service runs it, on a free port of 127.0.0.1."""
    reason = _missing_browser()
    if reason and os.environ.get("E2E_REQUIRED") == "1":  # CI's e2e step: no silent skip
        pytest.fail(reason)
    if reason:
        pytest.skip(reason)
    with serve(ROOT / "artifacts" / "e2e-gunicorn.log", workers=1) as server:
        yield server.url


@pytest.fixture(scope="session")
def browser(base_url: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def axe_available() -> None:
    """axe-core is there (``axe.AXE``): skip without it, or fail under E2E_REQUIRED=1."""
    from .axe import AXE

    if AXE.exists():
        return
    reason = f"{AXE} is missing: npm ci --prefix tests/e2e"
    if os.environ.get("E2E_REQUIRED") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@dataclass
class Visit:
    """One browser tab on the page, with every request it made."""

    page: Page
    base_url: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def outside_requests(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(self.base_url + "/")]


OpenPage = Callable[..., Visit]


@pytest.fixture
def open_page(browser: Browser, base_url: str) -> Iterator[OpenPage]:
    """Open the page in a fresh context: ``open_page(viewport=PHONE, locale="en-US")``.

    ``mobile=True`` emulates a phone's browser (the page is laid out at 980 px unless its
    viewport meta says otherwise); ``ready`` is the selector that says the page is ready.
    Requests to anywhere but the server are recorded and refused (offline).
    """
    contexts: list[Any] = []
    visits: list[Visit] = []

    def _open(
        viewport: ViewportSize | None = None,
        locale: str = "en-US",
        path: str = "/",
        color_scheme: str = "light",
        bypass_csp: bool = False,
        *,
        mobile: bool = False,
        ready: str = "body.ready",
    ) -> Visit:
        # bypass_csp: only for the accessibility test, which injects axe-core as a script
        context = browser.new_context(
            viewport=viewport or PHONE,
            locale=locale,
            service_workers="block",
            is_mobile=mobile,
            has_touch=mobile,
            color_scheme=color_scheme,  # type: ignore[arg-type]
            bypass_csp=bypass_csp,
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        context.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(base_url + "/")
                else route.abort("internetdisconnected")
            ),
        )
        page = context.new_page()
        visit = Visit(page, base_url)
        page.on("request", lambda request: visit.requests.append(request.url))
        page.on(
            "console",
            lambda message: (
                visit.console_errors.append(message.text)
                # an HTTP error answer (the advice 404) is logged too: the page handles those
                if message.type == "error" and "Failed to load resource" not in message.text
                else None
            ),
        )
        page.on("pageerror", lambda error: visit.console_errors.append(str(error)))
        page.goto(base_url + path)
        page.wait_for_selector(ready)
        visits.append(visit)
        return visit

    yield _open
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()
    for visit in visits:
        assert visit.outside_requests() == [], "the page reached outside its own origin"
        assert visit.console_errors == [], visit.console_errors


def save_screenshot(page: Page, name: str, *, docs: bool = False, part: str | None = None) -> Path:
    """Save under artifacts/screenshots/ (kept by CI); with E2E_UPDATE_DOCS=1 and ``docs``,
    refresh the committed copy under docs/screenshots/ that docs/page.md and the README show.
    ``part``: a selector, to save that element alone rather than the whole page."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.mouse.move(0, 0)  # no hover highlight left on the last tile tapped
    if part:
        page.locator(part).screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    if docs and os.environ.get("E2E_UPDATE_DOCS") == "1":
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOCS_SCREENSHOTS / path.name)
    return path
