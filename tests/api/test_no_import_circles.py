"""No import circle runs through the HTTP layer or the run pipeline (``scoring_api.api``,
``scoring_api.sim_cluster``): every import counts, those inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scoring_api"
CHECKED = ("scoring_api.api", "scoring_api.sim_cluster")


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _imported(name: str) -> set[str]:
    """The package's modules that importing ``name`` imports directly.

    ``import a.b.c`` runs ``a``, ``a.b`` and ``a.b.c``; ``from a.b import c`` also ``a.b.c``
    when it is a module. A module's own packages are imported before it: not an edge back.
    """
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *filter(None, [base])])
            targets += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    found = set()
    for target in targets:
        bits = target.split(".")
        for end in range(1, len(bits) + 1):
            module = ".".join(bits[:end])
            if module in MODULES and module != name and not name.startswith(module + "."):
                found.add(module)
    return found


def _circle_from(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """A path of imports from ``start`` back to itself, if there is one (depth first)."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        module, path = stack.pop()
        for imported in sorted(graph[module]):
            if imported == start:
                return [*path, start]
            if imported not in seen:
                seen.add(imported)
                stack.append((imported, [*path, imported]))
    return None


def test_the_checker_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circle_from("a", graph) == ["a", "b", "c", "a"]
    assert _circle_from("d", graph) is None


def test_relative_imports_are_resolved() -> None:
    imported = _imported("scoring_api.sim_cluster.runner")
    assert {"scoring_api.sim_cluster.shards", "scoring_api.sim_cluster.client"} <= imported
    assert "scoring_api.sim_cluster" not in imported  # its own package


def test_no_import_circle_through_the_api_or_the_pipeline() -> None:
    graph = {name: _imported(name) for name in MODULES}
    circles = [
        circle
        for name in sorted(MODULES)
        if name.startswith(CHECKED) and (circle := _circle_from(name, graph))
    ]
    assert not circles, circles
