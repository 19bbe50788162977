"""Citations of the project's rule book, docs/rules.md, must name sections that exist.

A citation is ``docs/rules.md section 3``, ``docs/rules.md, section 8.2``, the short form
``rules.md section 4``, or a list such as ``docs/rules.md sections 3 and 8.2`` (every number of
the list is checked). Section numbers come from the headings of docs/rules.md (``## 3. ...``,
``### 8.2 ...``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
THIS_FILE = Path(__file__).resolve()

SCAN_DIRS = ("scoring_api", "tests", "docs", "bench", "scripts")
SCAN_FILES = ("README.md", "openapi.yaml", "pyproject.toml", "gunicorn.conf.py", "Dockerfile")
SUFFIXES = {".py", ".md", ".yaml", ".yml", ".js", ".html", ".css", ".toml", ".sh", ".txt"}
SKIP_DIRS = {"__pycache__", ".venv", "node_modules"}

EXPECTED_HEADINGS = (
    "# Domino cribbage: the rules this service implements",
    "## 1. Tiles",
    "## 2. The deal (two players)",
    "## 3. The play (pegging)",
    "## 4. The show",
    "### 4.1 Muggins",
    "## 5. The game",
    "## 6. Worked examples (default rules)",
    "## 7. Words (the seed's Russian terms)",
    "## 8. Three and four players",
    "### 8.1 The deal",
    "### 8.2 The play",
    "### 8.3 The show",
    "### 8.4 The game",
    "### 8.5 Worked examples (default rules)",
)

HEADING = re.compile(r"^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)

_NUMBER = r"\d+(?:\.\d+)?"
# "docs/rules.md section 3", "docs/rules.md, sections 3 and 8.2", "rules.md section 4";
# case-sensitive, so the old "RULES.md" never counts as a citation of docs/rules.md.
CITATION = re.compile(
    rf"(?:docs/)?rules\.md,?\s+sections?\s+"
    rf"({_NUMBER}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_NUMBER})*)"
)
NUMBER = re.compile(_NUMBER)
# The old rule book and the old decisions file (case-sensitive: docs/rules.md is fine).
OLD_CITATION = re.compile(r"RULES\.md|rules-decisions\.md")


def section_numbers(text: str) -> set[str]:
    """Section numbers of the headings of a rule book text: "## 3. X" -> "3"."""
    return set(HEADING.findall(text))


def find_citations(text: str) -> list[tuple[int, str]]:
    """(line, section number) for every section cited in ``text``; lines count from 1."""
    found = []
    for match in CITATION.finditer(text):
        for number in NUMBER.finditer(match.group(1)):
            line = text.count("\n", 0, match.start(1) + number.start()) + 1
            found.append((line, number.group(0)))
    return found


def _is_text_candidate(path: Path) -> bool:
    return path.suffix in SUFFIXES or path.suffix == ""


def scanned_files() -> list[Path]:
    """The files whose citations are checked (this file excluded: its strings are examples)."""
    files = [ROOT / name for name in SCAN_FILES if (ROOT / name).is_file()]
    for top in SCAN_DIRS:
        base = ROOT / top
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel_parts = path.relative_to(ROOT).parts
            if any(part in SKIP_DIRS or part.startswith(".") for part in rel_parts):
                continue
            if path.is_file() and _is_text_candidate(path):
                files.append(path)
    return [path for path in files if path.resolve() != THIS_FILE]


def read_text(path: Path) -> str | None:
    """The file's text, or None for a binary (or non-UTF-8) file."""
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def all_citations() -> list[tuple[str, int, str]]:
    """(relative path, line, section number) of every citation in the scanned files."""
    found = []
    for path in scanned_files():
        text = read_text(path)
        if text is None:
            continue
        rel = path.relative_to(ROOT).as_posix()
        found.extend((rel, line, number) for line, number in find_citations(text))
    return found


# The scanner itself, on small strings.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see docs/rules.md section 3.", [(1, "3")]),
        ("see docs/rules.md, section 8.2 for three", [(1, "8.2")]),
        ("the table of rules.md section 4", [(1, "4")]),
        ("docs/rules.md sections 3 and 8.2", [(1, "3"), (1, "8.2")]),
        ("docs/rules.md sections 3, 4 and 6", [(1, "3"), (1, "4"), (1, "6")]),
        ("docs/rules.md sections 3, 4, and 8.5", [(1, "3"), (1, "4"), (1, "8.5")]),
        ("x\n# docs/rules.md\n# section 3", []),
        ("one\ndocs/rules.md\nsection 5", [(3, "5")]),
        ("docs/rules.md section 6, the whole play", [(1, "6")]),
        ("RULES.md section 6", []),
        ("rules-decisions.md section 2", []),
        ("docs/rules.md section three", []),
    ],
)
def test_citation_regex(text: str, expected: list[tuple[int, str]]) -> None:
    assert find_citations(text) == expected


def test_heading_regex() -> None:
    text = "# Title\n## 3. The play\ntext ## 4. not a heading\n### 8.2 The play\n## Notes\n"
    assert section_numbers(text) == {"3", "8.2"}


# The real rule book and the real repository.


def test_rules_md_has_every_section() -> None:
    assert RULES.is_file(), "docs/rules.md is missing"
    lines = set(RULES.read_text(encoding="utf-8").splitlines())
    missing = [heading for heading in EXPECTED_HEADINGS if heading not in lines]
    assert not missing, "docs/rules.md lacks headings:\n" + "\n".join(missing)
    numbers = section_numbers(RULES.read_text(encoding="utf-8"))
    expected = {"1", "2", "3", "4", "5", "6", "7", "8", "8.1", "8.2", "8.3", "8.4", "8.5"}
    assert expected <= numbers


def test_scanner_finds_citations() -> None:
    files = {path.relative_to(ROOT).as_posix() for path in scanned_files()}
    assert "README.md" in files
    assert "docs/rules.md" in files
    assert all_citations(), "no citation of docs/rules.md found anywhere"


def test_cited_sections_exist() -> None:
    sections = section_numbers(RULES.read_text(encoding="utf-8"))
    bad = [
        f"{rel}:{line}: section {number}"
        for rel, line, number in all_citations()
        if number not in sections
    ]
    assert not bad, "citations of sections docs/rules.md does not have:\n" + "\n".join(bad)


def test_no_old_rule_book_citations() -> None:
    old = []
    for path in scanned_files():
        text = read_text(path)
        if text is None:
            continue
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(text.splitlines(), start=1):
            old.extend(f"{rel}:{number}: {match}" for match in OLD_CITATION.findall(line))
    assert not old, "files still citing the old rule book:\n" + "\n".join(old)
