"""``python -m scoring_api.research.ladder``: the ladder built in one command.

Plays every pairing's paired deals that the results file does not hold yet (so a run that
stopped resumes where it stopped: each finished shard is one line appended to ``--results``),
on this machine's cores (``--jobs``) or an existing Dask cluster (``--scheduler``), then fits
each table and writes its Markdown table and SVG picture into ``--docs`` (docs/strength.md,
between its ``<!-- ladder:TABLE -->`` markers, the command and the date beside them) and the
ratings ``GET /v1/strategies`` serves (``--shipped``).

It lives in the package, not in bench/, because the cluster's workers import the shard
function from the installed package (a function travels by reference), and because it needs
the research extra (ISMCTS through the research game), as a researcher's install has it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from .games import Shard, play_shard, shard_of
from .players import (
    LADDER_PARTNERS,
    LADDER_TWO,
    PARTNERS,
    TWO,
    player,
    sits_at,
)
from .report import (
    TableResult,
    fresh_lines,
    markdown,
    pairings_markdown,
    read_lines,
    shipped,
    svg,
    table_result,
)

SEED = 56_561
"""The ladder's seed: no table was built on it, no strategy tuned on it."""
ANCHORS = ("random", "greedy", "expected", "expert")
"""Whom ISMCTS meets besides its other budgets (each of its games costs seconds)."""
ROOT = Path.cwd()
TITLES = {TWO: "Two players, to 61", PARTNERS: "Four players in partnerships, to 121"}


def pairings(labels: Sequence[str], table: str, against: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of the table's players but ISMCTS's, which meets ``against`` and itself at
    its other budgets."""
    found = []
    for n, a in enumerate(labels):
        for b in labels[n + 1 :]:
            slow = [p for p in (a, b) if player(p).is_ismcts]
            other = {a, b} - set(slow)
            if slow and other and not other <= set(against):
                continue
            found.append((a, b))
    return found


def plan(
    table: str,
    pairs: Sequence[tuple[str, str]],
    deals: int,
    ismcts_deals: int,
    shard_deals: int,
    seed: int,
    done: set[tuple[str, str, str, int, int, int]],
) -> list[Shard]:
    """The shards still to play: each pairing's deals 0 .. its count - 1 that no line holds."""
    covered: dict[tuple[str, str], set[int]] = {}
    for key in done:
        t, a, b, s, first, n = key
        if t == table and s == seed:
            covered.setdefault((a, b), set()).update(range(first, first + n))
    shards = []
    for a, b in pairs:
        slow = player(a).is_ismcts or player(b).is_ismcts
        count, size = (ismcts_deals, 1) if slow else (deals, shard_deals)
        missing = [i for i in range(count) if i not in covered.get((a, b), set())]
        for run in _runs(missing, size):
            shards.append(Shard(table, a, b, seed, run[0], len(run)))
    return shards


def _runs(indices: list[int], size: int) -> Iterator[list[int]]:
    """Consecutive indices in runs of at most ``size``."""
    run: list[int] = []
    for i in indices:
        if run and (i != run[-1] + 1 or len(run) == size):
            yield run
            run = []
        run.append(i)
    if run:
        yield run


def _cost(shard: Shard) -> float:
    """A rough cost, to start the slowest first."""
    budgets = [player(p).budget or 1 for p in (shard.a, shard.b) if player(p).is_ismcts]
    return shard.deals * (1 + 100 * sum(budgets))


def play(shards: list[Shard], results: Path, jobs: int, scheduler: str | None) -> None:
    """Play the shards, each result appended to ``results`` as it finishes."""
    shards = sorted(shards, key=_cost, reverse=True)
    results.parent.mkdir(parents=True, exist_ok=True)
    total = len(shards)
    with results.open("a") as out:

        def record(line: dict[str, Any], done: int) -> None:
            out.write(json.dumps(line, sort_keys=True) + "\n")
            out.flush()
            shard = shard_of(line)
            print(f"[{done}/{total}] {shard.table} {shard.a} v {shard.b} deals "
                  f"{shard.first}..{shard.first + shard.deals - 1}", file=sys.stderr)  # fmt: skip

        if scheduler:
            _on_cluster(shards, scheduler, record)
            return
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(play_shard, shard) for shard in shards]
            for done, future in enumerate(as_completed(futures), 1):
                record(future.result(), done)


def _on_cluster(shards: list[Shard], scheduler: str, record: Any) -> None:
    """On an existing Dask cluster (every worker with the research extra and this package's
    version): each shard one task (``pure=False``: no two merged)."""
    from distributed import Client
    from distributed import as_completed as completed

    with Client(scheduler, set_as_default=False) as client:
        client.get_versions(check=True, packages=["scoring_api"])
        futures = [client.submit(play_shard, shard, pure=False) for shard in shards]
        for done, future in enumerate(completed(futures, loop=client.loop), 1):
            record(future.result(), done)


def write_docs(docs: Path, result: TableResult, picture: Path, stamp: str) -> None:
    """Replace the table's part of ``docs`` (between its markers) with the new figures."""
    start, end = f"<!-- ladder:{result.table} -->", f"<!-- /ladder:{result.table} -->"
    text = docs.read_text()
    if start not in text or end not in text:
        raise SystemExit(f"{docs} has no {start} ... {end} markers")
    deals = sum(d.deals for d in result.pairings.values())
    body = (
        f"{start}\n{stamp}, {deals:,} paired deals ({2 * deals:,} games) over "
        f"{len(result.pairings)} pairings:\n\n{markdown(result)}\n\n"
        f"![{TITLES[result.table]}]({os.path.relpath(picture, docs.parent)})\n\n"
        f"<details><summary>Each pairing</summary>\n\n{pairings_markdown(result)}\n\n"
        f"</details>\n{end}"
    )
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    docs.write_text(pattern.sub(lambda _: body, text))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring_api.research.ladder",
                                     description=__doc__.split("\n\n")[1])  # fmt: skip
    parser.add_argument("--two", nargs="*", default=list(LADDER_TWO), help="two-player labels")
    parser.add_argument("--partners", nargs="*", default=list(LADDER_PARTNERS),
                        help="partnership labels (none: no such table)")  # fmt: skip
    parser.add_argument("--deals", type=int, default=2_000, help="per pairing (two games each)")
    parser.add_argument("--partner-deals", type=int, default=500, help="per partnership pairing")
    parser.add_argument("--ismcts-deals", type=int, default=10, help="per pairing with ISMCTS")
    parser.add_argument("--ismcts-against", nargs="*", default=list(ANCHORS))
    parser.add_argument("--shard-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--scheduler", help="a Dask scheduler's address (default: this machine)")
    parser.add_argument("--results", type=Path, default=Path("build/ladder/results.ndjson"))
    parser.add_argument("--report-only", action="store_true", help="fit what the file holds")
    parser.add_argument("--docs", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--pictures", type=Path, default=Path("docs/strength"))
    parser.add_argument("--shipped", type=Path, default=Path("scoring_api/api/strength.json"))
    args = parser.parse_args(argv)
    try:
        tables = {TWO: [player(p).label for p in args.two],
                  PARTNERS: [player(p).label for p in args.partners]}  # fmt: skip
    except ValueError as error:
        parser.error(str(error))
    for table, labels in tables.items():
        for label in labels:
            if not sits_at(label, table):
                parser.error(f"{label} does not sit at the {table} table")
    lines, changed = fresh_lines(read_lines(args.results))
    for label, count in sorted(changed.items()):
        print(f"{label} plays otherwise now: {count} lines of its games set aside",
              file=sys.stderr)  # fmt: skip
    if not args.report_only:
        done = {shard_of(line).key for line in lines}
        shards = []
        for table, labels in tables.items():
            deals = args.deals if table == TWO else args.partner_deals
            ismcts = [label for label in labels if player(label).is_ismcts]
            pairs = pairings(labels, table, [*args.ismcts_against, *ismcts])
            shards += plan(table, pairs, deals, args.ismcts_deals, args.shard_deals, args.seed,
                           done)  # fmt: skip
        print(f"{len(shards)} shards to play ({len(done)} already in {args.results})",
              file=sys.stderr)  # fmt: skip
        play(shards, args.results, args.jobs, args.scheduler)
        lines, _ = fresh_lines(read_lines(args.results))
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    # the command that plays it all (with --report-only it plays nothing: left out)
    given = [a for a in (sys.argv[1:] if argv is None else argv) if a != "--report-only"]
    command = "python -m scoring_api.research.ladder " + shlex.join(given)
    stamp = f"`{command.strip()}`, seed {args.seed}, {date}"
    results = []
    for table, labels in tables.items():
        if not labels:
            continue
        result = table_result(table, args.seed, lines)
        results.append(result)
        args.pictures.mkdir(parents=True, exist_ok=True)
        picture = args.pictures / f"{table}.svg"
        picture.write_text(svg(result, f"{TITLES[table]}: Elo, 95% intervals ({date})"))
        print(f"\n{TITLES[table]}\n\n{markdown(result)}\n")
        for upper, lower, factor in result.games_for_target():
            print(f"  {upper} over {lower}: x{factor:.1f} the games for 20-point intervals")
        if args.docs.exists():
            write_docs(args.docs, result, picture, stamp)
    args.shipped.write_text(json.dumps(shipped(results, date, command.strip(), args.seed),
                                       indent=1) + "\n")  # fmt: skip
    return 0
