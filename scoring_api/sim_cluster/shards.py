"""The shard: games ``first_game`` to ``first_game + games - 1`` of a run, summed.

Every run is played as shards, inline or on the cluster (``runner``). This module is also
what Dask workers import: the scheduler and the workers unpickle the task by reference
(``scoring_api.sim_cluster.shards.play_shard``), so every node must run the same package.
Each result carries ``CODE``, a fingerprint of the package's sources, and the server
refuses results from other code (a 503): its bytes could differ.
"""

from __future__ import annotations

import gc
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring_api import __version__
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.outcome import GameResult
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

GameRow = dict[str, object]
"""One game as its per-game line shows it, ``"type"`` aside (JSON-ready)."""


@dataclass(frozen=True, slots=True)
class GameLines:
    """What a shard keeps of each game besides the sums: its per-game line."""

    line: Callable[[int, GameResult, RuleOptions], GameRow]
    """Game ``index``'s line."""
    transcripts: bool = False
    """Whether the games are played with their transcripts, for a line that shows them."""


GAME_LINES = GameLines(game_line)
"""Each game's line as a per-game stream shows it, transcript aside: the only lines the
cluster's workers make (others, such as the view's with transcripts, are made inline)."""


@dataclass(frozen=True, slots=True)
class Shard:
    """A played range of a run's games: their sums, and their lines when asked for."""

    first_game: int
    """The index of its first game."""
    games: int
    """How many games, from ``first_game`` on."""
    totals: Totals
    """Their sums (shards of a run merge into the run's)."""
    seconds: float
    """The time spent playing them (the next shards are sized from it)."""
    rows: tuple[GameRow, ...] | None = None
    """Each game's line in index order, when the run's writer shows games."""

    @property
    def end(self) -> int:
        """The index after its last game."""
        return self.first_game + self.games

    def as_data(self) -> dict[str, Any]:
        """Plain data (what the task returns), with the code that played it."""
        return {
            "code": CODE,
            "first_game": self.first_game,
            "games": self.games,
            "totals": self.totals.as_dict(),
            "seconds": self.seconds,
            "rows": None if self.rows is None else list(self.rows),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Shard:
        """The shard of a task's result (its code checked by the caller)."""
        rows = data["rows"]
        return cls(
            data["first_game"],
            data["games"],
            Totals.from_dict(data["totals"]),
            float(data["seconds"]),
            None if rows is None else tuple(rows),
        )


def spec_of(sim: SimulationRequest) -> dict[str, Any]:
    """The run as plain data (what a shard needs besides its range): pickles anywhere."""
    return {
        "lineup": list(sim.lineup),
        "rules": sim.rules.as_dict(),
        "seed": sim.seed,
        "first_dealer": sim.first_dealer,
        "budgets": list(sim.budgets),
    }


def request_of(spec: dict[str, Any], first_game: int, games: int) -> SimulationRequest:
    return SimulationRequest(
        lineup=tuple(spec["lineup"]),
        rules=RuleOptions(**spec["rules"]),
        seed=spec["seed"],
        games=games,
        first_game=first_game,
        first_dealer=spec["first_dealer"],
        budgets=tuple(spec["budgets"]),
    )


def play_range(
    sim: SimulationRequest, first_game: int, games: int, lines: GameLines | None = None
) -> Shard:
    """Games ``first_game`` .. ``first_game + games - 1`` of the run, in index order."""
    rules = sim.rules
    transcripts = lines is not None and lines.transcripts
    started = time.perf_counter()
    totals = Totals.empty(rules)
    rows: list[GameRow] = []
    for index in range(first_game, first_game + games):
        game = play_one(sim, index, transcripts)
        totals.add(game)
        if lines is not None:
            rows.append(lines.line(index, game, rules))
    seconds = time.perf_counter() - started
    return Shard(first_game, games, totals, seconds, None if lines is None else tuple(rows))


def play_shard(
    spec: dict[str, Any], first_game: int, games: int, rows: bool = False
) -> dict[str, Any]:
    """The Dask task: plain data in and out, so that a worker of other code still answers."""
    global _gc_tuned
    if not _gc_tuned:  # as gunicorn.conf.py tunes each worker: the games are acyclic
        gc.set_threshold(100_000, 50, 100)
        _gc_tuned = True
    sim = request_of(spec, first_game, games)
    return play_range(sim, first_game, games, GAME_LINES if rows else None).as_data()
