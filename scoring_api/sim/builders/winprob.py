"""Build the win probability's tables from a seed: ``python -m scoring_api
build-winprob-tables``.

Each mode's library is played in shards (``library.shard_paths``: shard ``s`` is a function of
the seed, the mode and ``s`` alone), in ``--jobs`` processes; what the shards give is added up
in shard order, so a rebuild writes the same bytes. Two sides (two players, partners): the
counts of what the deals score after every cut, and from them the chance to win from every
pair of scores to 61 and to 121 (``race``). Three and four sides: the deals themselves, for
the play-outs (``montecarlo``). Every mode: the cribs by the starter's value.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from pathlib import Path

from scoring_api.rules.constants import HAND_SIZE, MAX_SHOW

from ..winprob.paths import BEFORE, DealPath, cuts, rest
from ..winprob.race import Race, RestCounts, count_rests, win_table
from ..winprob.tables import (
    BEFORE_KEY,
    FORMAT,
    MODES,
    TABLES_PATH,
    TARGETS,
    ModeTables,
    WinTables,
    mode_rules,
    rest_key,
)
from .files import write_json_gz
from .library import SHARD_DEALS, shard_paths

DEFAULT_SEED = 20261210
DEFAULT_DEALS = {"two": 200_000, "partners": 100_000, "three": 30_000, "four": 30_000}
"""The shipped build's library sizes (bench/README.md: the time)."""
STARTER_VALUES = 13
Cribs = list[list[int]]


def two_sided(mode: str) -> bool:
    return mode_rules(mode).sides == 2


def tiles_of(mode: str) -> int:
    """Tiles laid in a deal's play."""
    return HAND_SIZE * mode_rules(mode).players


def counts_of(paths: Sequence[DealPath], mode: str) -> dict[str, RestCounts]:
    """What the deals score after each cut: before the deal and inside its play."""
    return {
        rest_key(cut): count_rests(rest(path.events, cut) for path in paths)
        for cut in (BEFORE, *cuts(tiles_of(mode)))
    }


def cribs_of(paths: Iterable[DealPath]) -> Cribs:
    cribs = [[0] * (MAX_SHOW + 1) for _ in range(STARTER_VALUES)]
    for path in paths:
        cribs[path.starter][path.crib] += 1
    return cribs


def _add(a: dict[tuple[int, int], int], b: dict[tuple[int, int], int]) -> None:
    for key, n in b.items():
        a[key] = a.get(key, 0) + n


def merge(a: RestCounts, b: RestCounts) -> RestCounts:
    """Two counts as one (a library in shards)."""
    totals, first = dict(a.totals), (dict(a.first[0]), dict(a.first[1]))
    _add(totals, dict(b.totals))
    _add(first[0], dict(b.first[0]))
    _add(first[1], dict(b.first[1]))
    return RestCounts(a.deals + b.deals, totals, first)


def _counted_shards(
    shards: Sequence[int], mode: str, seed: int
) -> tuple[dict[str, RestCounts], Cribs]:
    paths = [path for shard in shards for path in shard_paths(mode, seed, shard)]
    return counts_of(paths, mode), cribs_of(paths)


def _shard_paths(shards: Sequence[int], mode: str, seed: int) -> list[DealPath]:
    return [path for shard in shards for path in shard_paths(mode, seed, shard)]


def _batches(shards: int, jobs: int) -> list[range]:
    size = max(1, shards // (jobs * 8))
    return [range(first, min(first + size, shards)) for first in range(0, shards, size)]


def _add_cribs(total: Cribs, more: Cribs) -> None:
    for value, counts in enumerate(more):
        for points, n in enumerate(counts):
            total[value][points] += n


def mode_tables(mode: str, seed: int, deals: int, jobs: int) -> ModeTables:
    """One mode's tables from ``deals`` deals (whole shards)."""
    shards = max(1, deals // SHARD_DEALS)
    batches = _batches(shards, jobs)
    with ProcessPoolExecutor(max(1, jobs), mp_context=get_context("spawn")) as pool:
        if not two_sided(mode):
            parts = list(pool.map(partial(_shard_paths, mode=mode, seed=seed), batches))
            paths = tuple(path for part in parts for path in part)
            return ModeTables(len(paths), _tuples(cribs_of(paths)), {}, {}, paths)
        counted = list(pool.map(partial(_counted_shards, mode=mode, seed=seed), batches))
    rests, cribs = counted[0]
    for more, more_cribs in counted[1:]:
        rests = {key: merge(rests[key], more[key]) for key in rests}
        _add_cribs(cribs, more_cribs)
    race = Race(rests[BEFORE_KEY])
    wins = {target: win_table(race, target) for target in TARGETS}
    return ModeTables(rests[BEFORE_KEY].deals, _tuples(cribs), rests, wins, ())


def _tuples(cribs: Cribs) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(counts) for counts in cribs)


def write_tables(path: Path, tables: WinTables) -> None:
    """The tables as the package ships them (``builders.files``)."""
    write_json_gz(path, tables.as_json())


def build(seed: int, deals: dict[str, int], jobs: int, log: bool) -> WinTables:
    started = time.monotonic()
    modes = {}
    for mode in MODES:
        modes[mode] = mode_tables(mode, seed, deals[mode], jobs)
        if log:
            elapsed = time.monotonic() - started
            print(f"{elapsed:7.1f} s  {mode}: {modes[mode].deals} deals", file=sys.stderr)
    sizes = {f"deals_{mode}": tables.deals for mode, tables in modes.items()}
    return WinTables(FORMAT, {"seed": seed, **sizes}, modes)


def main(argv: Sequence[str] | None = None) -> int:
    # Not from ``__doc__``: a compiled module has none.
    parser = argparse.ArgumentParser(
        prog="python -m scoring_api build-winprob-tables",
        description="Build the win probability's tables from a seed.",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    for mode in MODES:
        parser.add_argument(f"--deals-{mode}", type=int, default=DEFAULT_DEALS[mode])
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--out", type=Path, default=TABLES_PATH)
    args = parser.parse_args(argv)
    deals = {mode: getattr(args, f"deals_{mode}") for mode in MODES}
    tables = build(args.seed, deals, args.jobs, True)
    write_tables(args.out, tables)
    print(f"wrote {args.out}: {args.out.stat().st_size:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
