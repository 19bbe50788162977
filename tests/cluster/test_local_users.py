"""What another account on the same machine can do to the service: nothing.

Each test plays a stranger (``local_user.stranger()``, a second account) preparing the
shared parts of the machine before the service starts, as issues 40 and 50 did by hand.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from live_server import ROOT, serve

import scoring_api

from .helpers import RUN, SIMULATE, SMALL_SHARDS, metric
from .local_user import stranger

REAL_PACKAGE = Path(scoring_api.__file__).parent
REAL_MULTIPROCESSING = Path(multiprocessing.__file__).parent
CLUSTER_SHARDS = 'simulation_shards_total{outcome="ok",where="cluster"}'
# A package that says it was imported, then behaves as the real one (so nothing shows).
PLANTED = """\
import os, pathlib
pathlib.Path({proof!r}).write_text(f"imported by uid {{os.getuid()}}, pid {{os.getpid()}}")
__path__ = [{real!r}]
exec(compile(open({real!r} + "/__init__.py").read(), {real!r} + "/__init__.py", "exec"))
"""


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A world-writable, sticky temporary directory (as /tmp is), reachable by anyone."""
    directory = Path(tempfile.mkdtemp(prefix="scoring-api-shared-tmp-", dir="/tmp"))
    directory.chmod(0o1777)
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@dataclass(frozen=True)
class Planted:
    """A stranger's package where Dask's default workspace would be, and its proof file."""

    tmp: Path
    proof: Path
    package: Path

    def untouched(self) -> None:
        """Never imported, and nothing of the service's beside it."""
        assert not self.proof.exists(), self.proof.read_text()
        assert [p.name for p in (self.tmp / "dask-scratch-space").iterdir()] == ["scoring_api"]
        assert os.listdir(self.package) == ["__init__.py"]


@pytest.fixture
def planted(shared_tmp: Path) -> Planted:
    """Dask's default workspace, ``$TMPDIR/dask-scratch-space``, goes first on its processes'
    ``sys.path``: a stranger who makes it first chooses what they import."""
    return _plant(shared_tmp, shared_tmp / "dask-scratch-space" / "scoring_api", REAL_PACKAGE)


def _plant(shared_tmp: Path, package: Path, real: Path) -> Planted:
    """A package at ``package`` that a stranger made (its parent too, writable by all, when
    missing) and that behaves as ``real`` once it has said it was imported."""
    account = stranger()
    proof = shared_tmp / "proof"
    if not package.parent.exists():
        account.run(["mkdir", "-m", "0777", str(package.parent)])
    account.run(["mkdir", "-m", "0755", str(package)])
    code = PLANTED.format(proof=str(proof), real=str(real))
    account.run(["sh", "-c", f"cat > {package / '__init__.py'}"], input=code)
    assert (package / "__init__.py").stat().st_uid == account.uid
    return Planted(shared_tmp, proof, package)


def test_the_servers_cluster_never_imports_a_planted_package(
    planted: Planted, tmp_path: Path
) -> None:
    env = {**SMALL_SHARDS, "TMPDIR": str(planted.tmp)}
    with serve(tmp_path / "server.log", workers=1, env=env) as server:
        server.wait_cluster()
        answer = server.post_json(SIMULATE, RUN, timeout=120)
        assert answer.status == 200, answer.body[:300]
        assert metric(server, CLUSTER_SHARDS) > 0  # played by the cluster's workers
    planted.untouched()


def test_the_command_lines_cluster_never_imports_a_planted_package(planted: Planted) -> None:
    command = [sys.executable, "-m", "scoring_api", "simulate", "--games", "300"]
    command += ["--players", "greedy", "random", "--workers", "1", "--no-progress"]
    done = subprocess.run(
        command,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(planted.tmp)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert json.loads(done.stdout)["games"] == 300
    planted.untouched()


@pytest.fixture
def planted_cwd(shared_tmp: Path) -> Planted:
    """Issue 50, item 4: a ``multiprocessing`` package a stranger left in a directory anyone
    may write, the directory the service is then started from. Dask starts its workers and
    multiprocessing its resource tracker with ``python -c``, which puts the working
    directory first on the import path: it ran there as the service's user."""
    return _plant(shared_tmp, shared_tmp / "multiprocessing", REAL_MULTIPROCESSING)


def test_a_server_started_in_a_shared_directory_never_imports_from_it(
    planted_cwd: Planted, tmp_path: Path
) -> None:
    with serve(tmp_path / "server.log", workers=1, env=SMALL_SHARDS, cwd=planted_cwd.tmp) as server:
        server.wait_cluster()
        answer = server.post_json(SIMULATE, RUN, timeout=120)
        assert answer.status == 200, answer.body[:300]
        assert metric(server, CLUSTER_SHARDS) > 0  # played by the cluster's workers
    assert not planted_cwd.proof.exists(), planted_cwd.proof.read_text()


def test_the_command_line_run_in_a_shared_directory_never_imports_from_it(
    planted_cwd: Planted,
) -> None:
    command = [str(Path(sys.executable).with_name("scoring-api")), "simulate", "--games", "300"]
    command += ["--players", "greedy", "random", "--workers", "1", "--no-progress"]
    command += ["--shard-seconds", "0.1"]  # shards on the cluster's worker
    done = subprocess.run(
        command, capture_output=True, cwd=planted_cwd.tmp, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert json.loads(done.stdout)["games"] == 300
    assert not planted_cwd.proof.exists(), planted_cwd.proof.read_text()
