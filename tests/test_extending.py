"""docs/extending.md's lists of what a strategy and a rule option touch are the code's: each
list is checked against what the package and the tests import or name today, so a new reader
of the registry, of ``RULE_OPTIONS`` or of the show table, or a new place that names a show
option by hand, fails here until the page lists it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from scoring_api.sim.registry import STRATEGIES, named
from scoring_api.sim.strategies import EVERY_TABLE
from scoring_api.web import PRACTICE_SEATS, SIMULATION_SEATS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scoring_api"
PAGE = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
SHOW_OPTIONS = ("double_blank_in_fifteens", "starter_double_points")
"""The options of the show and the starter: a new one of their kind is named where they are."""
SHOW_LOOKUPS = {
    "show_table",
    "show_table_of",
    "show_total",
    "show_totals",
    "show_key",
    "value_keys",
    "values_of_key",
    "VALUE_WEIGHTS",
    "TABLE_SIZE",
}
"""The show table's look-ups (``rules/show.py``)."""


def listed(name: str) -> set[str]:
    """The paths the page's list ``name`` names: every path in backquotes on its lines, from
    its ``<!-- list: name -->`` marker to the first line after it that is no part of a list
    (not blank, not indented, not an item)."""
    marker = f"<!-- list: {name} -->\n"
    assert marker in PAGE, name
    lines = []
    for line in PAGE.split(marker, 1)[1].splitlines():
        if line and not line[0].isspace() and not re.match(r"(- |\d+\. )", line):
            break
        lines.append(line)
    return set(re.findall(r"`((?:scoring_api|tests)/[\w/.-]+\.(?:py|js|html))`", "\n".join(lines)))


def _python_files() -> list[Path]:
    return sorted(
        path
        for folder in (PACKAGE, ROOT / "tests")
        for path in folder.rglob("*.py")
        if "_compiled" not in path.parts and "node_modules" not in path.parts
    )


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@cache
def _imported_names(path: Path) -> set[tuple[str, str]]:
    """(module, name) of every ``from module import name`` of a file (``import module``:
    (module, "")), relative modules resolved against its package."""
    tree = ast.parse(path.read_text())
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            found |= {(module, alias.name) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {(alias.name, "") for alias in node.names}
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a tree."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def _names_an_option(tree: ast.AST, options: tuple[str, ...]) -> bool:
    """Whether the code names one of ``options``: an attribute, a keyword, or a string that
    is not a docstring."""
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in options:
            return True
        if isinstance(node, ast.keyword) and node.arg in options:
            return True
        if isinstance(node, ast.Constant) and node.value in options and id(node) not in docs:
            return True
    return False


def _spellings(option: str) -> tuple[str, ...]:
    """The stems a page file spells an option with: ``double_blank``, ``doubleBlank``,
    ``double-blank`` (its first two words)."""
    first, second = option.split("_")[:2]
    return (f"{first}_{second}", f"{first}{second.title()}", f"{first}-{second}")


def test_the_registrys_readers_are_listed() -> None:
    readers = set()
    for path in _python_files():
        if not path.is_relative_to(PACKAGE) or path.is_relative_to(PACKAGE / "sim"):
            continue
        for module, name in _imported_names(path):
            if module == "scoring_api.sim.registry" or (module, name) == (
                "scoring_api.sim",
                "registry",
            ):
                readers.add(_relative(path))
    assert readers == listed("registry-readers")


def test_nothing_outside_the_simulator_imports_a_strategys_class() -> None:
    """Outside ``scoring_api/sim/`` a strategy is reached through the registry: the base class
    and its ``Budget`` are the only strategy types imported."""
    for path in PACKAGE.rglob("*.py"):
        if path.is_relative_to(PACKAGE / "sim") or "_compiled" in path.parts:
            continue
        for _, name in _imported_names(path):
            assert not (name.endswith("Strategy") and name != "Strategy"), (path, name)


@pytest.mark.parametrize("name", ["strategy-places", "option-places"])
def test_the_places_to_write_exist(name: str) -> None:
    """Every place the page says to write exists (a file moved or renamed fails here)."""
    places = listed(name)
    assert places
    assert all((ROOT / place).is_file() for place in places), places


def test_the_readers_of_the_rule_options_are_listed() -> None:
    readers = set()
    for path in _python_files():
        if path.name == "__init__.py" or path == PACKAGE / "rules" / "options.py":
            continue
        names = {name for _, name in _imported_names(path)}
        if "RULE_OPTIONS" in names:
            readers.add(_relative(path))
    assert readers == listed("option-readers")


def test_the_places_that_name_a_show_option_are_listed() -> None:
    naming = set()
    for path in PACKAGE.rglob("*"):
        if "_compiled" in path.parts:
            continue
        if path.suffix == ".py" and _names_an_option(ast.parse(path.read_text()), SHOW_OPTIONS):
            naming.add(_relative(path))
        elif path.suffix in (".js", ".html"):
            text = path.read_text(encoding="utf-8")
            if any(stem in text for option in SHOW_OPTIONS for stem in _spellings(option)):
                naming.add(_relative(path))
    assert naming == listed("option-names")


def test_the_show_tables_readers_are_listed() -> None:
    readers = set()
    for path in PACKAGE.rglob("*.py"):
        if path.is_relative_to(PACKAGE / "rules") or "_compiled" in path.parts:
            continue
        for module, name in _imported_names(path):
            if module in ("scoring_api.rules", "scoring_api.rules.show") and name in SHOW_LOOKUPS:
                readers.add(_relative(path))
    assert readers == listed("show-readers")


def test_the_lists_see_what_they_check() -> None:
    """The helpers find what they must: a list's paths, an option named in code but not in a
    docstring, an option spelled in a page file."""
    assert "scoring_api/sim/registry.py" in listed("strategy-places")
    assert _names_an_option(ast.parse("rules.double_blank_in_fifteens"), SHOW_OPTIONS)
    assert not _names_an_option(ast.parse('"""double_blank_in_fifteens"""'), SHOW_OPTIONS)
    assert "doubleBlank" in _spellings("double_blank_in_fifteens")
    with pytest.raises(AssertionError):
        listed("no-such-list")


@pytest.mark.parametrize(
    ("seats", "players"), [(SIMULATION_SEATS, EVERY_TABLE), (PRACTICE_SEATS, EVERY_TABLE)]
)
def test_the_pages_default_seats_are_strategies_that_sit_there(
    seats: tuple[str, ...], players: tuple[int, ...]
) -> None:
    """The page's default seats, named once by the service, are the registry's and sit at
    every table the page offers them at (the registry's names: a renamed one fails here)."""
    for name in seats:
        assert named(name) in STRATEGIES
        assert all(named(name).refusal(n) is None for n in players), name
