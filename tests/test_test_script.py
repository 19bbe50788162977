"""./scripts/test runs every step whatever the one before did, and ends with one line a step
(passed, failed or not run), its exit status not 0 when a step failed: run here in a copy of
the repository's layout whose set-up and Python are stand-ins that say how they were called."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("set-up", "every test but tests/cluster, in parallel", "tests/cluster, alone")


def _script(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/usr/bin/env bash\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _run(tmp_path: Path, setup: int, parallel: int, alone: int, *args: str) -> tuple[int, str]:
    """scripts/test in a stand-in checkout: set-up exits ``setup``; pytest exits ``parallel``
    when run on several cores (``-n``), else ``alone``."""
    shutil.copy(ROOT / "scripts" / "test", tmp_path / "test")
    (tmp_path / "scripts").mkdir()
    shutil.move(tmp_path / "test", tmp_path / "scripts" / "test")
    _script(tmp_path / "scripts" / "setup", f"exit {setup}")
    calls = tmp_path / "calls"
    _script(
        tmp_path / ".venv" / "bin" / "python",
        f'echo "$*" >> {calls}\ncase " $* " in *" -n "*) exit {parallel} ;; esac\nexit {alone}',
    )
    for tools in ("tests/e2e/node_modules", "tools/contract/node_modules"):
        (tmp_path / tools).mkdir(parents=True)
    done = subprocess.run(
        [str(tmp_path / "scripts" / "test"), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout


def _summary(out: str) -> dict[str, str]:
    lines = out.rstrip("\n").splitlines()
    tail = lines[lines.index("scripts/test:") + 1 :]
    assert len(tail) == len(STEPS)  # it ends with one line a step
    return {step: line.strip()[len(step) :].strip() for step, line in zip(STEPS, tail, strict=True)}


def test_a_failed_parallel_run_still_runs_the_cluster_tests_and_says_so(
    tmp_path: Path,
) -> None:
    code, out = _run(tmp_path, setup=0, parallel=1, alone=0)
    assert code == 1
    assert _summary(out) == {
        "set-up": "passed",
        "every test but tests/cluster, in parallel": "failed (exit status 1)",
        "tests/cluster, alone": "passed",
    }
    called = (tmp_path / "calls").read_text().splitlines()
    assert [line.split()[2:4] for line in called] == [["-n", "auto"], ["tests/cluster"]]


@pytest.mark.parametrize(("parallel", "alone", "code"), [(0, 0, 0), (0, 3, 3), (5, 0, 0)])
def test_the_exit_status_says_whether_a_step_failed(
    tmp_path: Path, parallel: int, alone: int, code: int
) -> None:
    found, out = _run(tmp_path, setup=0, parallel=parallel, alone=alone)
    assert found == code
    assert list(_summary(out)) == list(STEPS)


def test_a_failed_set_up_runs_no_test_and_says_so(tmp_path: Path) -> None:
    code, out = _run(tmp_path, setup=2, parallel=0, alone=0)
    assert code == 2
    assert _summary(out) == {
        "set-up": "failed (exit status 2)",
        "every test but tests/cluster, in parallel": "not run",
        "tests/cluster, alone": "not run",
    }
    assert not (tmp_path / "calls").exists()
