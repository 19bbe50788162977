"""The expert's table build, compiled against pure: time, and that both write the same bytes.

Run from the repository root, after ./scripts/setup (which compiles the engine):
    .venv/bin/python bench/table_build.py [--games N] [--rounds R] [--jobs J] [--full]

Each round runs ``python -m scoring_api build-expert-tables`` once with each build
(``SCORING_API_ENGINE=pure`` and ``compiled``), alternating which goes first, in fresh
processes, and prints each run's wall time and CPU time (the builder's worker processes
included). The ratio of the medians is the compiled build's speed-up, measured in one run
whatever else the machine does to both. A smaller build (``--games``, ``--peg-deals``) has
every phase of the full one; ``--full`` runs the shipped build's defaults and compares its
files with the shipped ones. Both builds' files must be the same bytes, or it says so.
Nothing here asserts: bench/README.md holds the figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "scoring_api" / "sim" / "expert"
FILES = ("tables.json.gz", "rollout.json.gz")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build_once(engine: str, out: Path, options: list[str]) -> tuple[float, float]:
    """One build with ``engine``: (wall seconds, CPU seconds of it and its workers)."""
    out.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "scoring_api", "build-expert-tables", *options]
    argv += ["--out", str(out / FILES[0]), "--rollout-out", str(out / FILES[1])]
    env = {**os.environ, "SCORING_API_ENGINE": engine}
    cpu, started = _children_cpu(), time.monotonic()
    subprocess.run(argv, cwd=ROOT, env=env, check=True, stderr=subprocess.DEVNULL)
    return time.monotonic() - started, _children_cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="per round of self-play")
    parser.add_argument("--peg-deals", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--full", action="store_true", help="the shipped build's defaults")
    parser.add_argument("--engines", nargs="+", default=["pure", "compiled"])
    args = parser.parse_args()
    options = ["--jobs", str(args.jobs)]
    if not args.full:
        options += ["--games", str(args.games), "--peg-deals", str(args.peg_deals)]
    print(f"# bench/table_build.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    times: dict[str, list[tuple[float, float]]] = {engine: [] for engine in args.engines}
    with tempfile.TemporaryDirectory() as scratch:
        for round_ in range(args.rounds):
            order = args.engines if round_ % 2 == 0 else args.engines[::-1]
            for engine in order:
                wall, cpu = build_once(engine, Path(scratch) / engine, options)
                times[engine].append((wall, cpu))
                print(f"round {round_ + 1} {engine:>8}: {wall:7.1f} s wall, {cpu:7.1f} s CPU")
        written = {e: [(Path(scratch) / e / f).read_bytes() for f in FILES] for e in times}
        shipped = [(SHIPPED / name).read_bytes() for name in FILES]
    medians = {e: statistics.median(w for w, _ in runs) for e, runs in times.items()}
    for engine, runs in times.items():
        cpu = statistics.median(c for _, c in runs)
        print(f"{engine:>8}: median {medians[engine]:7.1f} s wall, {cpu:7.1f} s CPU")
    if {"pure", "compiled"} <= set(medians):
        print(f"compiled is {medians['pure'] / medians['compiled']:.2f} times faster (wall)")
    builds = list(written.values())
    same = all(files == builds[0] for files in builds)
    print("every build wrote the same bytes" if same else "THE BUILDS WROTE DIFFERENT BYTES")
    if args.full:
        for engine, files in written.items():
            match = "the shipped bytes" if files == shipped else "NOT the shipped bytes"
            print(f"{engine}: {match}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
