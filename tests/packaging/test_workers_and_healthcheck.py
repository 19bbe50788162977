"""Workers follow a container's CPU quota as well as its CPU set; the health check follows
the address gunicorn binds."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

from scoring_api import cpus
from scoring_api.healthcheck import target

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize(
    ("fixture", "quota"),
    [("cgroup-v2-quota", 1.5), ("cgroup-v2-none", None), ("cgroup-v1-quota", 0.5)],
)
def test_the_quota_is_read_from_the_cgroup_files(fixture: str, quota: float | None) -> None:
    assert cpus.cgroup_quota(FIXTURES / fixture) == quota


def test_cpus_are_the_cpu_set_lowered_to_the_quota_rounded_up() -> None:
    assert cpus.available_cpus(cpu_set=8, quota=1.5) == 2
    assert cpus.available_cpus(cpu_set=8, quota=None) == 8
    assert cpus.available_cpus(cpu_set=2, quota=4.0) == 2
    assert cpus.available_cpus(cpu_set=8, quota=0.5) == 1


def _workers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fixture: str, cores: int) -> int:
    monkeypatch.setattr(cpus, "CGROUP_ROOT", FIXTURES / fixture)
    monkeypatch.setattr(cpus, "_own_cgroup_dirs", lambda root: [root])
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)))
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))  # not a fresh temp dir
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    workers: int = config["workers"]
    return workers


def test_gunicorn_conf_starts_one_worker_per_cpu_of_the_quota(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert _workers(monkeypatch, tmp_path, "cgroup-v2-quota", cores=16) == 2
    assert _workers(monkeypatch, tmp_path, "cgroup-v1-quota", cores=16) == 1
    assert _workers(monkeypatch, tmp_path, "cgroup-v2-none", cores=3) == 3


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"BIND": "127.0.0.1:9001", "PORT": "8000"}, ("127.0.0.1", 9001)),
        ({"BIND": "0.0.0.0:8080"}, ("127.0.0.1", 8080)),
        ({"BIND": "[::]:8080"}, ("::1", 8080)),
        ({"BIND": "unix:/run/api.sock"}, ("unix", "/run/api.sock")),
        ({"PORT": "9000"}, ("127.0.0.1", 9000)),
        ({}, ("127.0.0.1", 8000)),
    ],
)
def test_the_health_check_follows_bind(
    environ: dict[str, str], expected: tuple[str, object]
) -> None:
    assert target(environ) == expected
