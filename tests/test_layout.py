"""The layout shows the architecture: the rules core stands alone, no import cycles (imports
inside functions included), the simulator in floors, and modules of one meaning each."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scoring_api"
MAX_LINES = 500
"""A module this long almost always holds more than one meaning: split it where the meaning
splits (never at a line count: this fails as a question, not as a place to cut)."""


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
    # The compiler's typing helpers (i64: a machine int compiled, a plain int interpreted).
    allowed_roots |= {"mypy_extensions"}
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


def test_no_python_module_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert not long


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(path): path for path in PACKAGE.rglob("*.py")}


def _package_imports(name: str) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text (inside functions
    too). ``from package import module`` counts as the module; a module's own packages are
    imported before it, so they are no edge back."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            modules = {f"{base}.{alias.name}" for alias in node.names} & set(MODULES)
            found |= modules or {base}
    return {
        module
        for module in found & set(MODULES)
        if module != name and not name.startswith(module + ".")
    }


GRAPH = {name: _package_imports(name) for name in MODULES}


def _cycle(graph: dict[str, set[str]]) -> tuple[str, ...] | None:
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        return tuple(error.args[1])
    return None


def test_the_cycle_check_sees_a_cycle_and_resolves_relative_imports() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) is not None
    assert _cycle({"a": {"b"}, "b": set(), "d": {"a"}}) is None
    runner = GRAPH["scoring_api.sim_cluster.runner"]
    assert {"scoring_api.sim_cluster.shards", "scoring_api.sim_cluster.client"} <= runner
    assert "scoring_api.sim_cluster" not in runner  # its own package


def test_no_import_cycle_in_the_package() -> None:
    assert _cycle(GRAPH) is None


def _reaches(name: str) -> set[str]:
    seen: set[str] = set()
    todo = [name]
    while todo:
        for module in GRAPH[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    return seen


SIM = "scoring_api.sim."
FOOT = {
    f"{SIM}{name}"
    for name in ("chance", "streams", "layaway", "ranks", "outcome", "expected", "coverage")
}
"""The simulator's foot: the vocabulary, the random choices and the ``expected`` model."""
FLOOR = {name for name in MODULES if name.startswith(f"{SIM}playouts")}
"""The middle floor: what a seat knows, the draws of hidden tiles, the play-outs."""
REVIEW = f"{SIM}review"
MOVE = f"{SIM}move"


def _reaches_in_sim(name: str) -> set[str]:
    return {module for module in _reaches(name) if module.startswith(SIM)}


def test_the_simulators_foundations_import_nothing_above_them() -> None:
    assert _reaches_in_sim(f"{SIM}layaway") == set()
    assert _reaches_in_sim(f"{SIM}expected") == {f"{SIM}layaway"}
    for name in FOOT:
        assert _reaches_in_sim(name) <= FOOT, name
    # the expert's tables name the play's states as the play-outs do, and nothing above them
    assert _reaches_in_sim(f"{SIM}expert.tables") <= FOOT | FLOOR
    askers = {name for name in MODULES if f"{SIM}advisor" in GRAPH[name]}
    # the façade is the top: the HTTP layer asks it, and the review of a deal (its figures)
    assert askers
    # and the computer's move (the review's model of each option's worth)
    assert all(name.startswith(("scoring_api.api.", f"{REVIEW}.", MOVE)) for name in askers)


def test_the_play_outs_floor_stands_on_the_foot_alone() -> None:
    """What a seat knows, the draws and the play-outs import neither the search, the review,
    the registry nor anything else above them: those stand on the floor."""
    assert {f"{SIM}playouts.knowledge", f"{SIM}playouts.holdings"} <= FLOOR
    for name in FLOOR:
        assert _reaches_in_sim(name) <= FOOT | FLOOR, name
    users = {name for name in MODULES if GRAPH[name] & FLOOR} - FLOOR
    assert {f"{SIM}search", f"{SIM}seat", f"{REVIEW}.worth", f"{SIM}builders.entries"} <= users


FLOORS = (
    ("chance", "streams", "intervals", "layaway", "ranks", "outcome", "coverage", "dealing"),
    ("expected", "game_records", "winprob"),
    ("playouts",),
    ("seat",),
    ("strategies",),
    ("game", "expert"),
    ("runs", "search", "endgame", "layaway_chance", "advisor"),
    ("registry", "review", "builders"),
    ("move",),
)
"""The simulator's floors, the ground first (``sim/__init__.py`` says what each holds): a
module imports nothing of a floor above its own. ``stepwise`` and ``tensors`` (its tensors)
stand apart, on the rules core and the foot."""
APART = ("stepwise", "tensors")


def _floor(name: str) -> int:
    """The floor of a module of the simulator, by its module or its folder."""
    part = name.removeprefix(SIM).split(".")[0]
    for number, names in enumerate(FLOORS):
        if part in names:
            return number
    assert part in APART, f"{name} stands on no floor: place it in FLOORS"
    return 0


def test_no_import_in_the_simulator_runs_up_a_floor() -> None:
    """The builders stand on top with the review: what a request reads (``expert/``,
    ``winprob/``) never imports them, nor the runs or the registry."""
    for name in MODULES:
        if not name.startswith(SIM):
            continue
        for module in GRAPH[name]:
            if module.startswith(SIM):
                assert _floor(module) <= _floor(name), (name, module)
    builders = f"{SIM}builders"
    for name in MODULES:
        if any(module.startswith(builders) for module in GRAPH[name]):
            assert name.startswith((builders, "scoring_api.__main__")), name
    for package in ("expert", "winprob"):
        for name in MODULES:
            if name.startswith(f"{SIM}{package}"):
                assert not {f"{SIM}runs", f"{SIM}registry"} & _reaches(name), name


def test_the_floor_check_sees_an_import_that_runs_up() -> None:
    assert _floor(f"{SIM}builders.selfplay") > _floor(f"{SIM}runs") > _floor(f"{SIM}expert.tables")
    assert _floor(f"{SIM}stepwise") == 0


def test_only_the_http_layer_and_the_move_import_the_review() -> None:
    """The computer's move values its options by the review's measure (``review.worth``)."""
    askers = {
        name
        for name in MODULES
        if not name.startswith(REVIEW) and any(m.startswith(REVIEW) for m in GRAPH[name])
    }
    assert askers  # the review's blueprint
    assert all(name.startswith(("scoring_api.api.", MOVE)) for name in askers), askers


def test_only_the_research_extras_users_import_the_research_package() -> None:
    """scoring_api/research needs the optional extra (OpenSpiel, PettingZoo): nothing of the
    service imports it, and of the project it builds on the rules core and the simulator only
    (its own floors: never the review, the HTTP layer or the cluster; the web not at all)."""
    research = "scoring_api.research"
    for name, imported in GRAPH.items():
        if not name.startswith(research):
            assert not {m for m in imported if m.startswith(research)}, name
    for name in MODULES:
        if name.startswith(research):
            for module in _imports(MODULES[name]):
                assert not module.startswith(("flask", "scoring_api.sim_cluster")), (name, module)
            for module in GRAPH[name]:
                assert module.startswith(("scoring_api.rules.", SIM, f"{research}.")), module
                assert not module.startswith(REVIEW), (name, module)
    assert {f"{research}.openspiel_game", f"{research}.pettingzoo_env"} <= set(MODULES)


def _is_dataclass(node: ast.ClassDef) -> bool:
    return any(
        isinstance(target := (d.func if isinstance(d, ast.Call) else d), ast.Name)
        and target.id == "dataclass"
        for d in node.decorator_list
    )


def _written_inits() -> list[tuple[str, list[str], list[str], list[str]]]:
    """Each dataclass whose ``__init__`` is written out (the compiled engine runs a generated
    one interpreted): its name, its fields, the ``__init__``'s parameters and what it sets."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.ClassDef) and _is_dataclass(node)):
                continue
            fields = [
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            ]
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    parameters = [arg.arg for arg in item.args.args[1:]]
                    sets = [
                        call.args[1].value
                        for call in ast.walk(item)
                        if isinstance(call, ast.Call)
                        and ast.unparse(call.func) == "object.__setattr__"
                        and isinstance(call.args[1], ast.Constant)
                    ]
                    found.append((f"{path.name}:{node.name}", fields, parameters, sets))
    return found


def test_a_written_out_dataclass_init_takes_and_sets_every_field_in_order() -> None:
    written = _written_inits()
    assert {name for name, *_ in written} >= {"show.py:ShowItem", "show.py:ShowScore"}
    for name, fields, parameters, sets in written:
        assert parameters == fields, name
        assert sets == fields, name
