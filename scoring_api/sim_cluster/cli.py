"""``python -m scoring_api simulate`` (or ``scoring-api simulate``): a run from the shell.

The same run as ``POST /v1/simulations``, and the same JSON summary byte for byte (on
stdout, or ``--output``): on a Dask cluster of this machine's cores started for the command
(the default, everything on 127.0.0.1), inline (``--scheduler off``) or on an existing
cluster (``--scheduler tcp://host:8786``). A progress bar goes to stderr; ``--shards FILE``
writes the NDJSON shard lines (as ``"lines": "shards"`` streams them) to a file.

Exit status: 0 with the summary; 3 when part of the run could not be played (the missing
ranges are printed, and the shard file keeps what was played); 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import shutil
import sys
import time
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING

import orjson

from scoring_api import scratch
from scoring_api.rules import MalformedInputError
from scoring_api.rules.constants import MAX_PLAYERS, PLAYERS
from scoring_api.rules.options import RULE_OPTIONS, parse_rules
from scoring_api.settings import check_scheduler
from scoring_api.sim.registry import MAX_BUDGET, NAMES, STRATEGIES, named, strategy_for
from scoring_api.sim.runs import MAX_SEED, SimulationRequest

from . import credentials
from .client import ClusterUnavailable
from .embedded import QUIET_DASK, spawn, stop_process, wait_up, worker_count
from .runner import Shards, play_on
from .stops import RunStopped, unreachable
from .writers import json_answer, shard_line

if TYPE_CHECKING:
    from distributed import Client

EXIT_INCOMPLETE = 3
START_SECONDS = 120  # the cluster's processes import the package: seconds on a busy machine


def _first_dealer(value: str) -> str | int:
    if value in ("alternate", "draw"):
        return value
    if value in [str(seat) for seat in range(MAX_PLAYERS)]:
        return int(value)
    raise argparse.ArgumentTypeError("alternate, draw or a seat 0 to 3")


def _scheduler(value: str) -> str:
    try:
        return check_scheduler(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _budget_help() -> str:
    """What ``--budget`` sets, as the strategies that take one say it."""
    said = [
        f"{s.name} seats' most holdings per choice, 1 to {budget.maximum} (default "
        f"{budget.two_players} with two players, {budget.more_players} with more)"
        for s in STRATEGIES
        if (budget := s.budget_range) is not None
    ]
    return f"the {'; the '.join(said)}"


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="scoring-api", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser(
        "simulate",
        help="play a run of games between strategies and print its JSON summary",
        description="Play games first_game .. first_game + games - 1 between two, three or "
        "four strategies (one per seat); print the JSON summary POST /v1/simulations would "
        "answer.",
    )
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument(
        "--players",
        nargs="+",
        required=True,
        choices=list(NAMES),
        metavar="STRATEGY",
        help="one strategy per seat, seat 0 first: their number is the number of players",
    )
    sim.add_argument("--seed", type=int, help="0 to 2^53-1 (default: chosen and printed)")
    sim.add_argument("--first-game", type=int, default=0)
    sim.add_argument("--budget", type=int, help=_budget_help())
    sim.add_argument("--first-dealer", type=_first_dealer, default="alternate")
    for option in RULE_OPTIONS:
        if option.name == "players":  # the lineup says it
            continue
        if isinstance(option.default, bool):
            sim.add_argument(
                f"--{option.name.replace('_', '-')}",
                type=lambda text: {"true": True, "false": False}[text.lower()],
                metavar="true|false",
                help=option.description,
            )
        else:
            sim.add_argument(
                f"--{option.name.replace('_', '-')}",
                type=int,
                choices=option.allowed,
                help=option.description,
            )
    sim.add_argument(
        "--scheduler",
        type=_scheduler,
        default="embedded",
        help="embedded (default: a Dask cluster on this machine's cores, for this command), "
        "off (inline, one core) or a scheduler address such as tcp://host:8786",
    )
    sim.add_argument(
        "--workers", type=int, default=0, help="embedded cluster's workers (0 = one per core)"
    )
    sim.add_argument("--shard-seconds", type=float, default=1.0)
    sim.add_argument("--shards", metavar="FILE", help="write one NDJSON line per shard here")
    sim.add_argument("--output", metavar="FILE", help="write the summary here, not stdout")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return top


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, else a line every 5 s."""

    def __init__(self, total: int, out: IO[str], enabled: bool) -> None:
        self.total, self.out, self.enabled = total, out, enabled
        self.terminal = out.isatty()
        self.done = 0
        self.started = self.shown = time.monotonic()

    def add(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        if not self.enabled or (
            not self.terminal and now - self.shown < 5 and self.done < self.total
        ):
            return
        self.shown = now
        seconds = now - self.started
        rate = self.done / seconds if seconds else 0.0
        left = (self.total - self.done) / rate if rate else 0.0
        filled = int(30 * self.done / self.total)
        start, end = ("\r", " ") if self.terminal else ("", "\n")
        self.out.write(
            f"{start}[{'#' * filled}{'.' * (30 - filled)}] "
            f"{self.done:,}/{self.total:,} games, {rate:,.0f}/s, {seconds:.0f} s, "
            f"about {left:.0f} s left{end}"
        )
        self.out.flush()

    def end(self) -> None:
        if self.enabled and self.terminal:
            self.out.write("\n")
            self.out.flush()


@contextlib.contextmanager
def cluster_client(scheduler: str, workers: int) -> Iterator[Client | None]:
    """The client the option asks for: None inline, else one of a local or given cluster."""
    if scheduler == "off":
        yield None
        return
    for name, value in QUIET_DASK.items():
        os.environ.setdefault(name, value)
    from distributed import Client

    if scheduler != "embedded":
        try:
            client = Client(scheduler, set_as_default=False, timeout=10)
        except (OSError, TimeoutError) as exc:
            raise ClusterUnavailable(f"The scheduler {scheduler} cannot be reached: {exc}") from exc
        with client:
            yield client
        return
    # The server's cluster process, started for this command (embedded.spawn: isolated from
    # the working directory, which the command may be run from whoever can write it), with
    # fresh credentials and workspaces in a directory of our own: nobody else on the
    # machine may use this cluster, nor choose what its processes import.
    directory = scratch.make_dir("scoring-api-cluster-", scratch.shm())
    process = spawn(directory, worker_count(workers))
    try:
        try:
            address = wait_up(directory, process, START_SECONDS)
        except OSError as exc:
            raise ClusterUnavailable(f"The simulation cluster did not start: {exc}") from exc
        with Client(
            address, security=credentials.for_role(directory), set_as_default=False, timeout=10
        ) as client:
            yield client
    finally:
        stop_process(process)
        shutil.rmtree(directory, ignore_errors=True)


def _recorded(shards: Shards, progress: Progress, shard_file: IO[bytes] | None) -> Shards:
    """The shards as they come, each shown on the progress bar and written to the file."""
    with contextlib.closing(shards):
        for shard in shards:
            progress.add(shard.games)
            if shard_file is not None:
                shard_file.write(shard_line(shard))
                shard_file.flush()
            yield shard


def simulate(args: argparse.Namespace, stdout: IO[bytes], stderr: IO[str]) -> int:
    sim = SimulationRequest(
        lineup=tuple(
            strategy_for(name, None if named(name).budget_range is None else args.budget)
            for name in args.players
        ),
        rules=args.rules,
        seed=secrets.randbelow(MAX_SEED + 1) if args.seed is None else args.seed,
        games=args.games,
        first_game=args.first_game,
        first_dealer=args.first_dealer,
    )
    progress = Progress(sim.games, stderr, not args.no_progress)
    shard_file = open(args.shards, "wb") if args.shards else None  # noqa: SIM115
    try:
        with cluster_client(args.scheduler, args.workers) as client:
            shards = play_on(client, sim, args.shard_seconds)
            document = json_answer(sim, _recorded(shards, progress, shard_file))
    except ClusterUnavailable as exc:
        return _incomplete(unreachable(sim, str(exc)), progress, stderr)
    except RunStopped as stopped:
        return _incomplete(stopped, progress, stderr)
    finally:
        if shard_file is not None:
            shard_file.close()
    progress.end()
    summary = orjson.dumps(document)
    if args.output:
        with open(args.output, "wb") as out:
            out.write(summary + b"\n")
    else:
        stdout.write(summary + b"\n")
        stdout.flush()
    return 0


def _incomplete(stopped: RunStopped, progress: Progress, stderr: IO[str]) -> int:
    progress.end()
    ranges = ", ".join(f"first_game {first} games {games}" for first, games in stopped.missing)
    stderr.write(f"scoring-api simulate: {stopped} Missing: {ranges}\n")
    return EXIT_INCOMPLETE


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.games < 1 or not 0 <= args.first_game <= MAX_SEED:
        parser().error("--games must be at least 1 and --first-game from 0 to 2^53-1")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        parser().error("--seed must be from 0 to 2^53-1")
    if args.budget is not None and not 1 <= args.budget <= MAX_BUDGET:
        parser().error(f"--budget must be from 1 to {MAX_BUDGET}")
    if not PLAYERS <= len(args.players) <= MAX_PLAYERS:
        parser().error(f"--players takes {PLAYERS} to {MAX_PLAYERS} strategies, one per seat")
    for name in args.players:
        why = named(name).refusal(len(args.players))
        if why is not None:
            parser().error(f"--players: {why}")
    given = {
        option.name: getattr(args, option.name)
        for option in RULE_OPTIONS
        if getattr(args, option.name, None) is not None
    }
    try:  # the rules core's own reading: partners need four players, and play to 121
        args.rules = parse_rules({**given, "players": len(args.players)})
    except MalformedInputError as error:
        parser().error(f"--{error.pointer.rsplit('/', 1)[-1].replace('_', '-')}: {error.detail}")
    if isinstance(args.first_dealer, int) and args.first_dealer >= len(args.players):
        parser().error("--first-dealer must be a seat of this table")
    return simulate(args, sys.stdout.buffer, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
