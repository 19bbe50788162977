"""The shard: games ``first_game`` to ``first_game + games - 1`` of a run, summed.

Every run is played as shards, inline or on the cluster (``runner``). This module is also
what Dask workers import: the scheduler and the workers unpickle the task by reference
(``scoring_api.sim_cluster.shards.play_shard``), so every node must run the same package.
Each result carries ``CODE``, a fingerprint of the package's sources, and the server
refuses results from other code (a 503): its bytes could differ.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring_api import __version__
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile
from scoring_api.sim.layaway import DrawnValues, Positions
from scoring_api.sim.outcome import GameResult
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import RunGames, SimulationRequest, Totals, game_line
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import Strategy

PACKAGE = Path(__file__).resolve().parents[1]


def _fingerprint() -> str:
    """The package version and a hash of every Python source of the package."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


CODE = _fingerprint()
CHECK_SECONDS = 0.2
"""How often a shard looks whether its run is over, between games and between the choices
of slow seats (inline: the client and the budget; on a worker: the deadline and the
server's stop event, a round trip)."""
SLOW_SEAT_SECONDS = 1e-3
"""A seat whose choices cost at least this a game (``Strategy.seconds_per_game``: ``search``,
``endgame``) is asked to stop before each of them, not only between games: a game of four
players searching to 121 takes seconds (tens on a busy machine), which a run its client left
kept playing. Faster seats are not: the look would cost more than their games."""
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


def spec_of(sim: SimulationRequest, deadline: float = 0.0, stop_event: str = "") -> dict[str, Any]:
    """The run as plain data (what a shard needs besides its range): pickles anywhere. With
    the time (epoch seconds) its games must stop by (0: none), and the name of the Dask event
    the server sets to stop them ("": none). Its players go by name and budget, so only the
    registry's strategies can be played this way (``ValueError`` for another)."""
    budgets = [strategy.given_budget() for strategy in sim.lineup]
    if lineup_of(sim.names, budgets) != sim.lineup:
        raise ValueError("only the registry's strategies are played from a run's plain data")
    return {
        "lineup": list(sim.names),
        "rules": sim.rules.as_dict(),
        "seed": sim.seed,
        "first_dealer": sim.first_dealer,
        "budgets": budgets,
        "deadline": deadline,
        "stop_event": stop_event,
    }


def request_of(spec: dict[str, Any], first_game: int, games: int) -> SimulationRequest:
    return SimulationRequest(
        lineup=lineup_of(spec["lineup"], spec["budgets"]),
        rules=RuleOptions(**spec["rules"]),
        seed=spec["seed"],
        games=games,
        first_game=first_game,
        first_dealer=spec["first_dealer"],
    )


Halt = Callable[[], bool]
"""Asked between games: whether the run is over (its stop looks at most every
``CHECK_SECONDS``)."""


def _never() -> bool:
    return False


class GameHalted(Exception):  # noqa: N818 - the run's end, not a fault
    """The run is over in the middle of a game: the game is dropped."""


class _Halting(Strategy):
    """A slow seat's strategy, asked before each of its choices whether the run is over."""

    name = "halting"
    description = "A slow seat's own strategy, stopped between its choices when asked."

    def __init__(self, inner: Strategy, halt: Halt) -> None:
        self.inner, self.halt = inner, halt

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        if self.halt():
            raise GameHalted
        return self.inner.discard(values, own_crib, rules, rng, scores)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        if self.halt():
            raise GameHalted
        return self.inner.lay(seat, rng)


def _stopping_between_choices(sim: SimulationRequest, halt: Halt) -> list[Strategy]:
    """The lineup's strategies, the slow ones asking ``halt`` before each choice."""
    players = sim.rules.players
    return [
        _Halting(strategy, halt)
        if strategy.seconds_per_game(players) >= SLOW_SEAT_SECONDS
        else strategy
        for strategy in sim.lineup
    ]


def play_range(
    sim: SimulationRequest,
    first_game: int,
    games: int,
    lines: GameLines | None = None,
    halt: Halt = _never,
) -> Shard:
    """Games ``first_game`` .. ``first_game + games - 1`` of the run, in index order; fewer
    (from ``first_game`` on, perhaps none) when ``halt`` says so before one of them, or
    before a slow seat's choice in one of them (that game is dropped)."""
    rules = sim.rules
    transcripts = lines is not None and lines.transcripts
    started = time.perf_counter()
    totals = Totals.empty(rules)
    rows: list[GameRow] = []
    index, end = first_game, first_game + games
    played_at = RunGames(sim, transcripts, _stopping_between_choices(sim, halt))
    with contextlib.suppress(GameHalted):
        while index < end and not halt():
            game = played_at.play(index)
            totals.add(game)
            if lines is not None:
                rows.append(lines.line(index, game, rules))
            index += 1
    seconds = time.perf_counter() - started
    played = index - first_game
    return Shard(first_game, played, totals, seconds, None if lines is None else tuple(rows))


class Every:
    """``check`` asked at most every ``CHECK_SECONDS`` (by the clock): the stop of a run
    looked at between games without costing a game's worth of time per game."""

    def __init__(self, check: Callable[[], bool]) -> None:
        self._check = check
        self._next = 0.0
        self.said = False
        """Whether ``check`` said to stop (it is not asked again)."""

    def __call__(self) -> bool:
        now = time.monotonic()
        if not self.said and now >= self._next:
            self._next = now + CHECK_SECONDS
            self.said = self._check()
        return self.said


def _stopped_on_the_cluster(spec: dict[str, Any]) -> Halt:
    """On a worker: the run's deadline passed (epoch seconds; 0: none), or the server set
    the run's stop event (when it stops the run: the client gone, its budget, a failure)."""
    deadline: float = spec.get("deadline", 0.0)
    name: str = spec.get("stop_event", "")
    event: Any = None
    if name:
        from distributed import Event

        with contextlib.suppress(Exception):  # no scheduler: the deadline still holds
            event = Event(name)

    def over() -> bool:
        if 0 < deadline <= time.time():
            return True
        if event is None:
            return False
        try:
            return bool(event.is_set())
        except Exception:  # the scheduler gone: the shard's result goes nowhere either
            return True

    return Every(over)


def play_shard(
    spec: dict[str, Any], first_game: int, games: int, rows: bool = False
) -> dict[str, Any]:
    """The Dask task: plain data in and out, so that a worker of other code still answers.
    The run's deadline and stop event travel in ``spec`` (a worker of older code ignores
    them): the games stop between two of them once the run is over."""
    global _gc_tuned
    if not _gc_tuned:  # as gunicorn.conf.py tunes each worker: the games are acyclic
        gc.set_threshold(100_000, 50, 100)
        _gc_tuned = True
    sim = request_of(spec, first_game, games)
    halt = _stopped_on_the_cluster(spec)
    return play_range(sim, first_game, games, GAME_LINES if rows else None, halt).as_data()
