"""The metrics directory stays bounded as workers die, and a killed run's leftovers go at
start (scoring_api/scratch.py), and Dask's own lines are JSON (logjson.py). Cheap: no server."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, multiprocess

from scoring_api import scratch
from scoring_api.sim_cluster.logjson import dask_env

_CHILD = """
import os, sys
os.environ["PROMETHEUS_MULTIPROC_DIR"] = sys.argv[1]
from prometheus_client import Counter, Gauge, Histogram
Counter("c", "c", ["k"]).labels("a").inc(int(sys.argv[2]))
Histogram("h", "h").observe(0.3)
Gauge("g", "g", multiprocess_mode="livesum").set(1)
print(os.getpid())
"""


def _totals(directory: Path) -> dict[str, float]:
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, str(directory))  # type: ignore[no-untyped-call]
    return {
        f"{sample.name}{sorted(sample.labels.items())}": sample.value
        for metric in registry.collect()
        for sample in metric.samples
        if sample.name in {"c_total", "h_count", "h_sum", "g"}
    }


def test_dead_workers_are_folded_into_two_files_and_the_sums_stay(tmp_path: Path) -> None:
    pids = []
    for count in (1, 2, 3, 4, 5):
        run = subprocess.run(
            [sys.executable, "-c", _CHILD, str(tmp_path), str(count)],
            capture_output=True,
            text=True,
            check=True,
        )
        pids.append(int(run.stdout))
    before = _totals(tmp_path)
    assert before["c_total[('k', 'a')]"] == 15
    assert before["h_count[]"] == 5
    for pid in pids:
        scratch.fold_dead(pid, str(tmp_path))
    after = _totals(tmp_path)
    assert after["c_total[('k', 'a')]"] == 15
    assert after["h_count[]"] == 5
    assert "g[]" not in after  # live gauges of dead workers are gone
    names = sorted(p.name for p in tmp_path.glob("*.db"))
    assert names == ["counter_dead.db", "histogram_dead.db"], names


def test_a_killed_runs_directories_and_semaphores_go_and_live_ones_stay(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    stale = scratch.make_dir("scoring-api-metrics-", str(tmp_path))
    scratch.claim(stale, int(dead.stdout))
    live = scratch.make_dir("scoring-api-cluster-", str(tmp_path))
    foreign = tmp_path / "scoring-api-metrics-noowner"  # no owner file: not provably ours
    foreign.mkdir()
    removed = scratch.clean_stale([str(tmp_path)])
    assert str(stale) in removed
    assert not stale.exists()
    assert live.exists()
    assert foreign.exists()
    if scratch.shm() is None:
        return
    orphan = Path("/dev/shm") / f"sem.mp-scoringtest{os.getpid()}"
    orphan.write_bytes(b"\0" * 32)  # what a SIGKILLed multiprocessing run leaves
    try:
        assert str(orphan) in scratch.clean_stale([])
        assert not orphan.exists()
    finally:
        orphan.unlink(missing_ok=True)


def test_dask_lines_are_json_and_the_apps_loggers_stay_on() -> None:
    code = (
        "import logging, distributed; logging.getLogger('distributed.worker').warning('w'); "
        "assert not logging.getLogger('scoring_api.request').disabled"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **dask_env()},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    line = json.loads(run.stderr.strip().splitlines()[-1])
    assert line["logger"] == "distributed.worker"
    assert line["level"] == "WARNING"
    assert line["message"] == "w"
    assert "time" in line


def test_a_live_semaphore_stays_though_mapped_under_another_name() -> None:
    """glibc maps a new semaphore under its temporary name (``/dev/shm/sem.XXXXXX
    (deleted)``), never ``sem.mp-*``: a clean-up by name unlinked every live one, and the
    other server's Dask processes then failed in ``SemLock._rebuild`` (issue 40, item 5)."""
    if scratch.shm() is None:
        return
    context = multiprocessing.get_context("spawn")  # named semaphores, as Dask's nannies use
    before = set(Path("/dev/shm").glob("sem.mp-*"))
    lock = context.Lock()
    (named,) = set(Path("/dev/shm").glob("sem.mp-*")) - before
    removed = scratch.clean_stale([])
    assert str(named) not in removed
    assert named.exists()
    child = context.Process(target=_take_and_give_back, args=(lock,))
    child.start()  # the child opens it by name (SemLock._rebuild)
    child.join(60)
    assert child.exitcode == 0


def _take_and_give_back(lock: Any) -> None:
    with lock:
        pass
