"""The simulator's modules stand in layers: no import circles, imports inside functions
included, and the foundations import nothing above them."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scoring_api"
LAYERED = ("scoring_api.rules", "scoring_api.sim")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    _name(path): path
    for root in LAYERED
    for path in (PACKAGE.parent / root.replace(".", "/")).rglob("*.py")
}


def _imports(name: str) -> set[str]:
    """The layered modules ``name`` imports anywhere in its text; ``from package import
    module`` counts as the module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            modules = {f"{base}.{alias.name}" for alias in node.names} & set(MODULES)
            found |= modules or {base}
    return (found & set(MODULES)) - {name}


GRAPH = {name: _imports(name) for name in MODULES}


def test_no_module_of_the_core_or_the_simulator_imports_in_a_circle() -> None:
    try:
        order = list(TopologicalSorter(GRAPH).static_order())
    except CycleError as error:
        raise AssertionError(f"import circle: {error.args[1]}") from None
    assert set(order) == set(MODULES)


def _reaches(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for module in GRAPH[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    return seen


def test_the_foundations_import_nothing_above_them() -> None:
    sim = "scoring_api.sim."
    assert {m for m in _reaches(f"{sim}layaway") if m.startswith(sim)} == set()
    assert {m for m in _reaches(f"{sim}expected") if m.startswith(sim)} == {f"{sim}layaway"}
    assert {m for m in _reaches(f"{sim}expert.tables") if m.startswith(sim)} == {f"{sim}layaway"}
    assert [name for name in MODULES if f"{sim}advisor" in GRAPH[name]] == []  # the top
