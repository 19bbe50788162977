"""How many CPUs this process may use: its CPU set, and a container's CPU quota too.

``os.sched_getaffinity`` sees a container's CPU set (``--cpuset-cpus``) but not its quota
(``--cpus 2``, Kubernetes ``limits.cpu``), which cgroups v2 write in ``cpu.max`` as
``"<quota> <period>"`` (``"max <period>"``: no quota); cgroups v1 in ``cpu.cfs_quota_us`` and
``cpu.cfs_period_us``. gunicorn.conf.py starts one worker per CPU found here: a worker
beyond the quota would only be throttled.
"""

from __future__ import annotations

import contextlib
import math
import os
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")


def quota_from_cpu_max(text: str) -> float | None:
    """CPUs allowed by a cgroup v2 ``cpu.max`` line, or None for no quota."""
    parts = text.split()
    if len(parts) != 2 or parts[0] == "max":
        return None
    quota, period = int(parts[0]), int(parts[1])
    return quota / period if quota > 0 and period > 0 else None


def _own_cgroup_dirs(root: Path) -> list[Path]:
    """This process's cgroup directory (v2, from /proc/self/cgroup), then the root's."""
    found = []
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            if line.startswith("0::"):
                found.append(root / line[3:].lstrip("/"))
    found.append(root)
    return found


def cgroup_quota(root: Path | None = None) -> float | None:
    """CPUs allowed by this process's cgroup quota (v2, else v1), or None for no quota."""
    root = CGROUP_ROOT if root is None else root
    for directory in _own_cgroup_dirs(root):
        with contextlib.suppress(OSError, ValueError):
            return quota_from_cpu_max((directory / "cpu.max").read_text())
    with contextlib.suppress(OSError, ValueError):
        quota = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period = int((root / "cpu" / "cpu.cfs_period_us").read_text())
        if quota > 0 and period > 0:
            return quota / period
    return None


def available_cpus(cpu_set: int | None = None, quota: float | None = None) -> int:
    """The CPUs to size for: the CPU set, lowered to the quota rounded up, at least 1.

    Rounded up: a quota of 1.5 CPUs is used whole only by two workers (one worker can use
    one CPU at most).
    """
    cores = len(os.sched_getaffinity(0)) if cpu_set is None else cpu_set
    if quota is not None:
        cores = min(cores, math.ceil(quota))
    return max(1, cores)
