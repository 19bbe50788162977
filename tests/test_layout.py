"""The layout shows the architecture: the rules core stands alone, and modules stay small."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scoring_api"
MAX_LINES = 400


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved against its package."""
    tree = ast.parse(path.read_text())
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(parts[: len(parts) - node.level])
                found.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                found.add(node.module)
    return found


def test_the_rules_core_imports_nothing_but_itself_and_the_standard_library() -> None:
    allowed_roots = {"__future__", "collections", "dataclasses", "functools", "itertools"}
    allowed_roots |= {"math", "re", "typing"}
    for path in sorted((PACKAGE / "rules").glob("*.py")):
        for module in _imports(path):
            if module.startswith("scoring_api."):
                assert module.startswith("scoring_api.rules"), (path.name, module)
            else:
                assert module.split(".")[0] in allowed_roots, (path.name, module)


def test_the_simulator_builds_on_the_core_and_not_on_the_web() -> None:
    for path in sorted((PACKAGE / "sim").rglob("*.py")):
        for module in _imports(path):
            assert not module.startswith(("flask", "scoring_api.api", "marshmallow")), (
                path.name,
                module,
            )


def test_no_python_module_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert not long
