"""The shard: games ``first_game`` to ``first_game + games - 1`` of a run, summed.

This module is what Dask workers import: the scheduler and the workers unpickle the task
by reference (``scoring_api.sim_cluster.shards.play_shard``), so every node must run the
same package. Each result carries ``CODE``, a fingerprint of the package's sources, and the
server refuses results from other code (a 503): its bytes could differ.
"""

from __future__ import annotations

import gc
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring_api import __version__
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.runs import SimulationRequest, Totals, game_line, play_one

PACKAGE = Path(__file__).resolve().parents[1]


def _fingerprint() -> str:
    """The package version and a hash of every Python source of the package."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


CODE = _fingerprint()
_gc_tuned = False


def spec_of(sim: SimulationRequest) -> dict[str, Any]:
    """The run as plain data (what a shard needs besides its range): pickles anywhere."""
    return {
        "strategies": list(sim.strategies),
        "rules": sim.rules.as_dict(),
        "seed": sim.seed,
        "first_dealer": sim.first_dealer,
    }


def request_of(spec: dict[str, Any], first_game: int, games: int) -> SimulationRequest:
    return SimulationRequest(
        strategies=tuple(spec["strategies"]),
        rules=RuleOptions(**spec["rules"]),
        seed=spec["seed"],
        games=games,
        first_game=first_game,
        first_dealer=spec["first_dealer"],
    )


# One game of a per-game stream, as its line shows it (``runs.game_line``).
GameRow = dict[str, object]


@dataclass(frozen=True, slots=True)
class ShardResult:
    first_game: int
    games: int
    totals: Totals
    seconds: float  # the worker's time playing it
    rows: list[GameRow] | None = None  # each game, when a per-game stream asks for them
    code: str = CODE


def play_range(
    spec: dict[str, Any], first_game: int, games: int, rows: bool = False
) -> ShardResult:
    sim = request_of(spec, first_game, games)
    started = time.perf_counter()
    totals = Totals.empty(sim.rules)
    played: list[GameRow] | None = [] if rows else None
    for index in range(first_game, first_game + games):
        game = play_one(sim, index)
        totals.add(game)
        if played is not None:
            played.append(game_line(index, game))
    return ShardResult(first_game, games, totals, time.perf_counter() - started, played)


def play_shard(
    spec: dict[str, Any], first_game: int, games: int, rows: bool = False
) -> dict[str, Any]:
    """The Dask task: plain data in and out, so that a worker of other code still answers."""
    global _gc_tuned
    if not _gc_tuned:  # as gunicorn.conf.py tunes each worker: the games are acyclic
        gc.set_threshold(100_000, 50, 100)
        _gc_tuned = True
    result = play_range(spec, first_game, games, rows)
    return {
        "code": CODE,
        "first_game": first_game,
        "games": games,
        "totals": result.totals.as_dict(),
        "seconds": result.seconds,
        "rows": result.rows,
    }
