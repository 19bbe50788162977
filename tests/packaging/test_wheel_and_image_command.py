"""The product as users get it: the wheel in a fresh venv, started by the image's command.

Builds the wheel, installs it (with its dependencies, nothing from the source tree) into a new
virtualenv, then runs the Dockerfile's exact ENTRYPOINT + CMD from a directory laid out like
the image's WORKDIR, and runs the Dockerfile's HEALTHCHECK command against it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import free_port

from scoring_api.engine import choose

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()

pytestmark = pytest.mark.packaging


def _exec_form(instruction: str) -> list[str]:
    """The JSON array of an exec-form Dockerfile instruction (the last one wins)."""
    found = re.findall(rf"^\s*{instruction}\s+(\[.*\])\s*$", DOCKERFILE, re.MULTILINE)
    assert found, f"{instruction} must be in exec form"
    command: list[str] = json.loads(found[-1])
    return command


def _healthcheck() -> list[str]:
    joined = DOCKERFILE.replace("\\\n", " ")
    match = re.search(r"^HEALTHCHECK\b.*?\bCMD\s+(\[.*\])\s*$", joined, re.MULTILINE)
    assert match, "HEALTHCHECK must run an exec-form CMD"
    command: list[str] = json.loads(match.group(1))
    return command


STALE_MODULE = "scoring_api/sim/left_over_by_an_old_build.py"
"""Planted in the checkout's earlier builds (``build/lib*``) before the wheel is built: a
module since removed must not ride along into the wheel."""


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    # setuptools' build_lib for a package with extensions (as its build command names it)
    earlier = ROOT / "build" / f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}"
    (earlier / STALE_MODULE).parent.mkdir(parents=True, exist_ok=True)
    (earlier / STALE_MODULE).write_text('"""Removed from the sources."""\n')
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(work),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = work.glob("scoring_api-*.whl")
    with zipfile.ZipFile(wheel) as packed:
        assert STALE_MODULE not in packed.namelist()
    env_dir = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    pip = [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    pip.append("--disable-pip-version-check")
    # As the image does: the lock file's exact versions (hashes checked), then the wheel
    # alone, so a dependency missing from the lock fails here.
    lock = ["--require-hashes", "-r", str(ROOT / "requirements.lock")]
    subprocess.run([*pip, *lock], check=True, capture_output=True)
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True, capture_output=True)
    return env_dir


@pytest.fixture(scope="module")
def server(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("app")  # like the image's WORKDIR /app
    shutil.copy(ROOT / "gunicorn.conf.py", workdir)
    port = free_port()
    env = {
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
        # PORT says another port: the health check must follow BIND, the address bound.
        "PORT": str(free_port()),
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "HOME": str(workdir),
    }
    process = subprocess.Popen(
        [*_exec_form("ENTRYPOINT"), *_exec_form("CMD")],
        cwd=workdir,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            probe = subprocess.run(_healthcheck(), env=env, capture_output=True)
            if probe.returncode == 0:
                break
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the server did not become healthy"
            time.sleep(0.3)
        yield base
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=30)
        assert b"Traceback" not in stderr, stderr.decode()


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        body: bytes = response.read()
        return body


def test_healthy_and_ready(server: str) -> None:
    assert json.loads(_get(f"{server}/healthz")) == {"status": "ok"}
    assert json.loads(_get(f"{server}/readyz"))["status"] == "ready"


def test_installed_wheel_serves_the_top_level_spec(server: str) -> None:
    assert _get(f"{server}/openapi.yaml") == (ROOT / "openapi.yaml").read_bytes()
    assert b"swagger-ui-bundle.js" in _get(f"{server}/docs")
    assert len(_get(f"{server}/docs/swagger-ui-bundle.js")) > 100_000


def test_installed_wheel_serves_the_page_and_its_font(server: str) -> None:
    page = _get(f"{server}/").decode()
    fonts = ROOT / "scoring_api" / "web" / "static" / "fonts"
    for font in sorted(fonts.glob("*.woff2")):
        assert f"/web/static/fonts/{font.name}" in page
        with urllib.request.urlopen(f"{server}/web/static/fonts/{font.name}", timeout=10) as got:
            assert got.headers["Content-Type"] == "font/woff2"
            assert got.read() == font.read_bytes()


def test_scores_and_sums_metrics_over_workers(server: str) -> None:
    body = json.dumps({"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}).encode()
    for _ in range(20):
        request = urllib.request.Request(
            f"{server}/v1/hands/score", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert json.loads(response.read())["total"] == 24
    metrics = _get(f"{server}/metrics").decode()
    line = next(
        line
        for line in metrics.splitlines()
        if line.startswith("http_requests_total{") and 'route="/v1/hands/score"' in line
    )
    assert float(line.rsplit(" ", 1)[1]) == 20


def test_the_wheel_runs_the_engine_the_checkout_built(server: str) -> None:
    """Built from a checkout whose engine is compiled and current, the wheel carries that
    compiled engine (setup.py takes the in-tree build); otherwise the wheel is pure."""
    expected, _ = choose("auto")
    engine = json.loads(_get(f"{server}/readyz"))["engine"]
    assert engine["build"] == expected.build
    assert engine["mode"] == "auto"
