"""The win probability's table build: time, the same bytes from each engine, and (``--full``)
the shipped bytes.

Run from the repository root, after ./scripts/setup (which compiles the engine):
    .venv/bin/python bench/winprob_build.py [--full] [--engines pure compiled]

Runs ``python -m scoring_api build-winprob-tables`` once with each engine asked for
(``SCORING_API_ENGINE``), in fresh processes, and prints each run's wall time and CPU time (its
worker processes included). Without ``--full`` the build is small (2,000 deals of each mode):
every phase of the full one, quick enough for the pure engine. ``--full`` builds the shipped
sizes and compares the file with ``scoring_api/sim/winprob/tables.json.gz``. Every build must
write the same bytes, or it says so. Nothing here asserts: bench/README.md holds the figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "scoring_api" / "sim" / "winprob" / "tables.json.gz"
MODES = ("two", "three", "four", "partners")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build_once(engine: str, out: Path, options: list[str]) -> tuple[float, float]:
    argv = [sys.executable, "-m", "scoring_api", "build-winprob-tables", *options]
    env = {**os.environ, "SCORING_API_ENGINE": engine}
    cpu, started = _children_cpu(), time.monotonic()
    subprocess.run([*argv, "--out", str(out)], cwd=ROOT, env=env, check=True,
                   stderr=subprocess.DEVNULL)  # fmt: skip
    return time.monotonic() - started, _children_cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the shipped build's sizes")
    parser.add_argument("--engines", nargs="+", default=["compiled"])
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    options = ["--jobs", str(args.jobs)]
    if not args.full:
        options += [f"--deals-{mode}=2000" for mode in MODES]
    print(f"# bench/winprob_build.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    written = {}
    with tempfile.TemporaryDirectory() as scratch:
        for engine in args.engines:
            out = Path(scratch) / f"{engine}.json.gz"
            wall, cpu = build_once(engine, out, options)
            written[engine] = out.read_bytes()
            print(
                f"{engine:>8}: {wall:7.1f} s wall, {cpu:7.1f} s CPU, {len(written[engine]):,} bytes"
            )
    builds = list(written.values())
    print("every build wrote the same bytes" if all(b == builds[0] for b in builds)
          else "THE BUILDS WROTE DIFFERENT BYTES")  # fmt: skip
    if args.full:
        same = builds[0] == SHIPPED.read_bytes()
        print("the shipped bytes" if same else "NOT THE SHIPPED BYTES")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
