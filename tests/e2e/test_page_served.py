"""The players' page as files: served at /, self-contained, no inline script. No browser needed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

WEB = Path(__file__).resolve().parents[2] / "scoring_api" / "web"
ASSETS = sorted(p for p in (WEB / "static").iterdir() if p.suffix in {".js", ".css", ".svg"})


def test_the_page_is_served_at_the_root(app: Flask) -> None:
    response = app.test_client().get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self';" in policy  # no inline script, no eval
    html = response.get_data(as_text=True)
    for asset in re.findall(r'(?:src|href)="(/web/static/[^"]+)"', html):
        answer = app.test_client().get(asset)
        assert answer.status_code == 200, asset
        answer.close()
    assert '<script type="module" src="/web/static/app.js"></script>' in html


@pytest.mark.parametrize("path", [WEB / "templates" / "web" / "index.html", *ASSETS], ids=str)
def test_nothing_is_fetched_from_elsewhere(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # the SVG namespace is a name, not a fetch
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.\w+[^\s\"'`)]*", text))
    urls.discard("http://www.w3.org/2000/svg")
    assert not urls
    assert "@import" not in text
    # the page's own font, from its own files (static/fonts/), declared in page.css alone
    for source in re.findall(r"url\(([^)]*)\)", text):
        assert path.name == "page.css", source
        assert (path.parent / source.strip("\"'")).is_file(), source
    if path.name != "page.css":
        assert "@font-face" not in text


# Every character the page's own words use beyond ASCII: each is in the font it ships
# (static/fonts/, its Latin and Cyrillic faces' character maps, read with fontTools when the
# font was added). An arrow or a check mark is not: the page draws those (tiles.arrowSvg).
IN_THE_FONT = set("«±·»–—“”…−") | {chr(c) for c in range(0x0400, 0x0460)}


@pytest.mark.parametrize("path", [WEB / "templates" / "web" / "index.html", *ASSETS], ids=str)
def test_every_character_of_the_page_is_in_its_font(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert {ch for ch in text if ord(ch) > 127} <= IN_THE_FONT, path.name


def test_the_page_serves_its_font(app: Flask) -> None:
    client = app.test_client()
    for name in ("noto-sans-latin-wght-normal.woff2", "noto-sans-cyrillic-wght-normal.woff2"):
        answer = client.get(f"/web/static/fonts/{name}")
        assert answer.status_code == 200
        assert answer.mimetype == "font/woff2"
        assert answer.get_data()[:4] == b"wOF2"
        answer.close()


@pytest.mark.parametrize("path", [WEB / "templates" / "web" / "index.html", *ASSETS], ids=str)
def test_no_inline_handlers_and_no_html_strings(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\son[a-z]+\s*=", text), "an inline event handler"
    assert not re.search(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write", text)
    assert "eval(" not in text
