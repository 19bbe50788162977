"""What the engine's generator costs, in CPU instructions, against today's ``random.Random``.

Run from the repository root, after ./scripts/setup (whose build tools compile the loops):
    .venv/bin/python bench/stream_costs.py [--n N] [--builds compiled pure] [--only NAME ...]

Each loop of ``bench/stream_loops.py`` does one thing N times and 2N times, each in a fresh
process under valgrind's callgrind; the difference divided by N is that thing's cost, the same
figure however busy the machine is (start-up and imports cancel out). The loops module is
compiled by mypyc (the engine's compiler, its version and ``-O3``, from build/engine-tools)
in a temporary folder, together with a copy of ``scoring_api/rules/stream.py``, a leaf of the
engine: the loops then call the generator C to C, as the engine's own code does, and
``Random`` as the engine called it on the first stream. The pure
figures are the same sources interpreted. Each figure includes its loop's step, which the
``empty`` row shows. Counting only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from callgrind import per_unit, run_counted

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "build" / "engine-tools" / "bin" / "python"
COPIED = ("scoring_api/rules/stream.py",)

LOOPS = {
    "empty": "the loop alone",
    "stream_seed_run": "stream: a run's root from its integer seed",
    "stream_seed_game": "stream: a game's deal stream (two children)",
    "stream_word": "stream: a word",
    "stream_below": "stream: a draw below 28",
    "stream_random": "stream: a float",
    "stream_shuffle": "stream: a shuffle of 28 tiles (27 draws)",
    "stream_deal": "stream: a two-player deal, 13 of 28 (13 draws, new deck)",
    "random_seed_game": "Random: a game's seeding from its string",
    "random_pick": "Random: a draw below 28 (pick_with)",
    "random_random": "Random: a float (bound random)",
    "random_shuffle": "Random: a shuffle of 28 tiles (27 draws)",
    "random_deal": "Random: a two-player deal, 13 of 28 (13 draws, new deck)",
}

SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(ext_modules=mypycify({modules!r}, opt_level="3"))
"""


def lay_out(folder: Path) -> None:
    """The two engine modules under their package names, and the loops beside them."""
    for source in COPIED:
        target = folder / source
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, target)
        for package in (target.parent, target.parent.parent):
            (package / "__init__.py").touch()
    shutil.copy(ROOT / "bench" / "stream_loops.py", folder / "stream_loops.py")


def compile_loops(folder: Path) -> None:
    modules = [*COPIED, "stream_loops.py"]
    (folder / "setup.py").write_text(SETUP.format(modules=modules))
    subprocess.run(
        [str(TOOLS), "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=folder,
        check=True,
        capture_output=True,
    )


def per_call(folder: Path, loop: str, n: int) -> float:
    """Instructions a call of ``loop``, compiled or pure as ``folder`` holds it."""
    env = {**os.environ, "PYTHONPATH": str(folder), "PYTHONHASHSEED": "0"}

    def count(calls: int) -> int:
        snippet = f"import stream_loops; stream_loops.{loop}({calls})"
        return run_counted([sys.executable, "-c", snippet], cwd=folder, env=env)[0]

    return per_unit(count, n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="N of the callgrind runs")
    parser.add_argument("--builds", nargs="+", default=["compiled", "pure"])
    parser.add_argument("--only", nargs="+", choices=sorted(LOOPS), help="these loops")
    args = parser.parse_args()
    loops = args.only or list(LOOPS)
    with tempfile.TemporaryDirectory() as temporary:
        folders = {}
        for build in args.builds:
            folders[build] = Path(temporary) / build
            lay_out(folders[build])
            if build == "compiled":
                compile_loops(folders[build])
        print(f"instructions a call ({args.n} and {2 * args.n} calls, callgrind)")
        print("| what | " + " | ".join(args.builds) + " |")
        print("| --- |" + " ---: |" * len(args.builds))
        for loop in loops:
            figures = [per_call(folders[build], loop, args.n) for build in args.builds]
            row = " | ".join(f"{figure:,.0f}" for figure in figures)
            print(f"| {LOOPS[loop]} | {row} |", flush=True)


if __name__ == "__main__":
    main()
