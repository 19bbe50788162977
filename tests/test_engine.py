"""The two builds of the engine (scoring_api/engine.py, setup.py): a compiled build is used
only while every source it was compiled from is unchanged, the mode is the user's to choose,
and the compiled classes travel to other processes as the pure ones do."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring_api.engine import ENGINE, choose
from scoring_api.rules import DEFAULT_RULES, parse_rules, parse_tile

ROOT = Path(__file__).resolve().parents[1]
COMPILED, _ = choose("auto")
needs_compiled = pytest.mark.skipif(
    COMPILED.build != "compiled" and not os.environ.get("ENGINE_REQUIRED"),
    reason=f"no current compiled build in this checkout ({COMPILED.reason})",
)


def _engine_of(package_root: Path, mode: str) -> subprocess.CompletedProcess[str]:
    """Which engine a fresh interpreter gets importing the package under ``package_root``."""
    env = {**os.environ, "PYTHONPATH": str(package_root), "SCORING_API_ENGINE": mode}
    code = (
        "import scoring_api, scoring_api.rules.tiles as t;"
        "print(scoring_api.ENGINE.build, t.__file__.endswith('.py'), scoring_api.ENGINE.reason)"
    )
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=package_root
    )


@pytest.fixture
def copied_package(tmp_path: Path) -> Path:
    shutil.copytree(
        ROOT / "scoring_api", tmp_path / "scoring_api", ignore=shutil.ignore_patterns("__pycache__")
    )
    return tmp_path


@needs_compiled
def test_an_unchanged_copy_runs_compiled(copied_package: Path) -> None:
    result = _engine_of(copied_package, "auto")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("compiled False"), result.stdout


@needs_compiled
def test_an_edited_source_is_never_shadowed_by_its_compiled_file(copied_package: Path) -> None:
    tiles = copied_package / "scoring_api" / "rules" / "tiles.py"
    tiles.write_text(tiles.read_text() + "\nEDITED = True\n")
    result = _engine_of(copied_package, "auto")
    assert result.returncode == 0, result.stderr
    build, from_source, reason = result.stdout.split(" ", 2)
    assert (build, from_source) == ("pure", "True")
    assert "tiles.py (scoring_api.rules.tiles) has changed" in reason
    refused = _engine_of(copied_package, "compiled")
    assert refused.returncode != 0
    assert "SCORING_API_ENGINE=compiled, but tiles.py" in refused.stderr


@needs_compiled
def test_a_source_added_since_the_build_sends_the_engine_back_to_the_sources(
    copied_package: Path,
) -> None:
    (copied_package / "scoring_api" / "sim" / "added.py").write_text("ADDED = True\n")
    result = _engine_of(copied_package, "auto")
    assert result.returncode == 0, result.stderr
    build, from_source, reason = result.stdout.split(" ", 2)
    assert (build, from_source) == ("pure", "True")
    assert "scoring_api.sim.added is new since the engine was compiled" in reason


def test_pure_is_pure_and_a_wrong_mode_is_refused(copied_package: Path) -> None:
    result = _engine_of(copied_package, "pure")
    assert result.stdout.startswith("pure True SCORING_API_ENGINE=pure"), result.stderr
    wrong = _engine_of(copied_package, "fast")
    assert wrong.returncode != 0
    assert "SCORING_API_ENGINE must be one of auto, pure, compiled, not 'fast'" in wrong.stderr


def test_the_engine_classes_pickle_to_equal_values() -> None:
    """As the process pools send them, in either build (a run travels to the cluster as
    plain data: ``sim_cluster.shards.spec_of``)."""
    rules = parse_rules({"players": 4, "partners": True, "double_blank_in_fifteens": False})
    for value in (rules, DEFAULT_RULES, parse_tile("3-5")):
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(rules)).partners is True


def test_a_failing_compiler_gives_the_pure_build(tmp_path: Path) -> None:
    """Where no C compiler works the build warns and is pure: no manifest, no error."""
    for name in ("setup.py", "pyproject.toml", "README.md", "openapi.yaml"):
        shutil.copy(ROOT / name, tmp_path)
    shutil.copytree(
        ROOT / "scoring_api",
        tmp_path / "scoring_api",
        ignore=shutil.ignore_patterns("__pycache__", "_compiled"),
    )
    env = {**os.environ, "CC": "/bin/false", "SCORING_API_BUILD": ""}
    result = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "the engine was not compiled" in result.stderr
    assert not (tmp_path / "scoring_api" / "_compiled" / "manifest.json").exists()


def test_this_process_runs_the_build_its_mode_asks_for() -> None:
    mode = os.environ.get("SCORING_API_ENGINE", "auto")
    assert ENGINE.mode == mode
    assert ENGINE.build == ("pure" if mode == "pure" else COMPILED.build)


def test_the_table_builder_runs_from_the_command_line_on_either_build() -> None:
    # ``-m scoring_api.sim.builders.expert`` cannot run a compiled module: the CLI reaches it.
    answer = subprocess.run(
        [sys.executable, "-m", "scoring_api", "build-expert-tables", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert answer.returncode == 0, answer.stderr
    assert "Build the expert's tables from a seed." in answer.stdout
    assert "--rollout-samples" in answer.stdout
