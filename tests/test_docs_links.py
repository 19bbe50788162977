"""Every link of the README and the docs leads somewhere, and the README stays a front door.

A relative link (``[text](docs/page.md#a-heading)``, ``<img src="...">``) must name a file or
folder of the repository, and its ``#anchor`` a heading of the target, by GitHub's slug rules.
Absolute links are not fetched (there is no internet here): they may only go to the sites
listed in ``KNOWN_SITES``. Links inside code (fenced blocks, backquotes) are not links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
README_MAX_LINES = 160
KNOWN_SITES = {
    "localhost",  # the service itself, as the examples run it
    "127.0.0.1",
    "pypi.org",
    "www.npmjs.com",
}

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+).*?\1")
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
ABSOLUTE = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s<>()\[\]\"'`]+", re.IGNORECASE)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def documents() -> list[Path]:
    """The README, every page of docs/ and the benchmarks' README."""
    return [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "README.md"]


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, with code spans blanked out."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, CODE_SPAN.sub("", line)


def links(text: str) -> list[tuple[int, str]]:
    """(line number, target) of every markdown or HTML link of a document's prose."""
    found = []
    for number, line in prose_lines(text):
        for pattern in (MARKDOWN_LINK, HTML_LINK):
            found.extend((number, match.group(1)) for match in pattern.finditer(line))
    return found


def absolute_links(text: str) -> list[tuple[int, str]]:
    """(line number, URL) of every absolute URL of a document's prose, linked or bare."""
    return [
        (number, match.group(0).rstrip(".,;:!?"))
        for number, line in prose_lines(text)
        for match in ABSOLUTE.finditer(line)
    ]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to ``-``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a document's headings (a repeated heading gets ``-1``, ``-2``, ...)."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = HEADING.match(line)
        if fenced or match is None:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken(document: Path, text: str) -> list[str]:
    """Why each relative link of ``text`` (the text of ``document``) leads nowhere."""
    problems = []
    for number, target in links(text):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:
            continue  # absolute: absolute_links() checks those
        path, fragment = unquote(parts.path), unquote(parts.fragment)
        where = f"{document.relative_to(ROOT).as_posix()}:{number}: {target}"
        target_text = text  # a bare #anchor is one of this page's headings
        if path:
            resolved = (document.parent / path).resolve()
            if not resolved.is_relative_to(ROOT):
                problems.append(f"{where}: outside the repository")
                continue
            if not resolved.exists():
                problems.append(f"{where}: no such file")
                continue
            if not fragment:
                continue
            if resolved.suffix != ".md":
                problems.append(f"{where}: an anchor into a file that is not markdown")
                continue
            target_text = resolved.read_text(encoding="utf-8")
            where += f": no such heading in {resolved.relative_to(ROOT).as_posix()}"
        else:
            where += ": no such heading on this page"
        if fragment and fragment not in anchors(target_text):
            problems.append(where)
    return problems


# The checker itself, on small texts.


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Settings", "settings"),
        ("The strength ladder", "the-strength-ladder"),
        (
            "Where simulations run: `SCORING_API_SCHEDULER`",
            "where-simulations-run-scoring_api_scheduler",
        ),
        ("Metrics (`GET /metrics`)", "metrics-get-metrics"),
        ("8.2 The play", "82-the-play"),
        ("The players' page", "the-players-page"),
        ("In containers: [compose](../deploy/compose.yaml)", "in-containers-compose"),
    ],
)
def test_slug_follows_githubs_rules(heading: str, anchor: str) -> None:
    assert slug(heading) == anchor


def test_repeated_headings_are_numbered_and_code_is_not_a_heading() -> None:
    text = "# Title\n## Runs\n```sh\n# a comment\n```\n## Runs\n"
    assert anchors(text) == {"title", "runs", "runs-1"}


def test_links_in_code_are_not_links() -> None:
    text = (
        "See [the page](docs/page.md) and ![shot](a.png), <img src='b.png'>.\n"
        "`[not](a-link.md)` and http://in.prose.example/x.\n"
        "```sh\ncurl http://localhost:8000 [no](c.md)\n```\n"
    )
    assert links(text) == [(1, "docs/page.md"), (1, "a.png"), (1, "b.png")]
    assert absolute_links(text) == [(2, "http://in.prose.example/x")]


def test_a_missing_file_or_heading_is_reported() -> None:
    text = (
        "[a](operations.md#settings) [b](nowhere.md) [c](operations.md#nowhere) [d](#top)\n"
        "[e](#bottom) [f](../../outside.md) [g](screenshots/hand-phone.png#x)\n# Top\n"
    )
    problems = broken(ROOT / "docs" / "example.md", text)
    assert [problem.split(": ", 2)[-1] for problem in problems] == [
        "no such file",
        "no such heading in docs/operations.md",
        "no such heading on this page",
        "outside the repository",
        "an anchor into a file that is not markdown",
    ]


# The real README and docs.


def test_the_readme_is_a_front_door_of_at_most_160_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines"


def test_the_readme_starts_with_the_two_commands_that_set_everything_up() -> None:
    first_screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:30])
    assert "./scripts/serve" in first_screen
    assert "./scripts/test" in first_screen


def test_every_document_is_checked_and_has_links() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in documents()}
    assert {"README.md", "docs/rules.md", "docs/operations.md", "bench/README.md"} <= names
    readme_links = links(README.read_text(encoding="utf-8"))
    assert len(readme_links) >= 10, readme_links


@pytest.mark.parametrize(
    "document", documents(), ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_every_relative_link_resolves(document: Path) -> None:
    problems = broken(document, document.read_text(encoding="utf-8"))
    assert not problems, "links that lead nowhere:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "document", documents(), ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_absolute_links_go_only_to_known_sites(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    unknown = [
        f"{number}: {url}"
        for number, url in absolute_links(text)
        if urlsplit(url).hostname not in KNOWN_SITES
    ]
    assert not unknown, "links to sites not in KNOWN_SITES:\n" + "\n".join(unknown)
