"""CPU instructions under valgrind's callgrind: the one runner the bench scripts count with.

A count is a fresh process's total (callgrind's ``Collected``), the same whatever else the
machine is doing. A script counts ``2N`` things and ``N`` in two processes and divides the
difference by ``N`` (``per_unit``), so start-up and imports cancel out.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path


def run_counted(
    command: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    out_file: Path | None = None,
) -> tuple[int, str]:
    """``command``'s instructions under callgrind and its standard output (``out_file``
    keeps callgrind's profile for ``callgrind_annotate``)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file or os.devnull}",
         *command],
        cwd=cwd, env=dict(env), check=True, capture_output=True, text=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found, done.stderr[-2000:]
    return int(found.group(1)), done.stdout


def per_unit(count: Callable[[int], int], n: int) -> float:
    """Instructions a unit: ``count(2 * n) - count(n)``, divided by ``n``."""
    return (count(2 * n) - count(n)) / n
