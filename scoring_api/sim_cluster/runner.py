"""Play a run in shards, inline or on a Dask cluster, yielding each shard as it finishes.

Every run is a sequence of shards (``shards.Shard``), whatever its size and wherever it is
played: inline in this thread in game order, or on the cluster in any order (``in_order``
puts them back in order, with a bounded window).

- Shards are sized by time: the first from a rough cost per strategy, the next from the
  speed the finished ones measured (``SCORING_API_SHARD_SECONDS``, 1 s by default), smaller
  near the end so that the workers finish together.
- At most ``WINDOW_PER_WORKER`` x workers shards of a request are in flight: concurrent
  requests interleave on the cluster (its scheduler is first come, first served) and a
  cancelled request leaves little behind (running tasks cannot be stopped, queued ones are
  dropped).
- Between shards (on the cluster, between completions and at least every
  ``POLL_SECONDS``) ``stop()`` is asked whether to go on (the client disconnected, the time
  budget ran out); on the way out, however it is left, every shard still queued is
  cancelled.
- A worker lost mid-run is the scheduler's business: it plays the shard again elsewhere, and
  the result is the same. A run that cannot go on ends with ``RunStopped``: its typed
  reason, the game ranges missing and how many games were played.
"""

from __future__ import annotations

import logging
import queue
import uuid
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from prometheus_client import Counter, Gauge

from scoring_api.sim.runs import SimulationRequest

from . import shards
from .client import CLIENT, ClusterUnavailable
from .shards import GAME_LINES, GameLines, Shard

if TYPE_CHECKING:
    from distributed import Client, Future

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
WINDOW_PER_WORKER = 2
MIN_SHARD = 50
MAX_SHARD = 2_000_000
# Rough cost of one game, in seconds per strategy (a fresh process, caches cold): only the
# first shards are sized from it, the rest from what those measured.
COLD_SECONDS_PER_GAME = {
    "random": 1 / 10_000,
    "greedy": 1 / 4_000,
    "expected": 1 / 2_000,
    "search": 1 / 20,
}

SHARDS_IN_FLIGHT = Gauge(
    "simulation_shards_in_flight",
    "Shards of simulations submitted to the Dask cluster and not yet back.",
    multiprocess_mode="livesum",
)
CLUSTER_WORKERS = Gauge(
    "simulation_cluster_workers",
    "Dask workers the simulation cluster had when a run last started.",
    multiprocess_mode="livemax",
)
SHARDS_PLAYED = Counter(
    "simulation_shards",
    "Shards of simulations finished, by where they were played and how they ended.",
    ["where", "outcome"],
)

Shards = Generator[Shard, None, None]
"""A run's shards as they are played (closing it cancels what is still queued)."""

GameRange = tuple[int, int]
"""Games ``first_game`` .. ``first_game + games - 1`` of a run, as (first_game, games)."""


class StopKind(Enum):
    """Why a run ends before its last game."""

    GONE = "gone"
    """The client went away: there is nobody to tell."""
    TIME_BUDGET = "time budget"
    """The request's time budget ran out."""
    FAILED = "failed"
    """A shard failed for good, or the cluster's scheduler was lost."""
    OTHER_CODE = "other code"
    """A worker runs other code than this server: its games could differ."""
    UNREACHABLE = "unreachable"
    """The cluster's scheduler cannot be reached: nothing was played."""


@dataclass(frozen=True, slots=True)
class StopReason:
    """A run's reason to stop now: its kind, and a sentence for people."""

    kind: StopKind
    """What happened."""
    detail: str
    """What happened, in words (the answer's detail, ahead of what to do about it)."""


@dataclass
class RunStopped(Exception):  # noqa: N818 - the run's end, not a fault of the code
    """The run ended before its last game."""

    reason: StopReason
    """Why."""
    missing: list[GameRange]
    """The game ranges not played, in order: each one may be asked for again."""
    played: int
    """Games played (and yielded) before it stopped."""

    def __str__(self) -> str:
        return self.reason.detail


Stop = Callable[[], StopReason | None]
"""Asked between shards: a reason to stop now, or None to go on."""


def _never() -> StopReason | None:
    return None


def missing_ranges(first: int, end: int, done: list[GameRange]) -> list[GameRange]:
    """The (first_game, games) ranges of ``[first, end)`` not covered by ``done``."""
    gaps = []
    at = first
    for start, games in sorted(done):
        if start > at:
            gaps.append((at, start - at))
        at = max(at, start + games)
    if at < end:
        gaps.append((at, end - at))
    return gaps


class Sizer:
    """Shard sizes aiming at ``seconds`` each, from the speed measured so far."""

    def __init__(self, sim: SimulationRequest, seconds: float, workers: int) -> None:
        cost = sum(COLD_SECONDS_PER_GAME.get(name, 1 / 1_000) for name in sim.lineup) / len(
            sim.lineup
        )
        self.seconds_per_game = cost
        self.target = max(seconds, 0.05)
        self.workers = max(workers, 1)
        self.measured = False

    def measure(self, games: int, seconds: float) -> None:
        if games <= 0 or seconds <= 0:
            return
        observed = seconds / games
        # The first measure replaces the guess; later ones move it gently (noise, warm-up).
        if self.measured:
            self.seconds_per_game = 0.7 * self.seconds_per_game + 0.3 * observed
        else:
            self.seconds_per_game = observed
            self.measured = True

    def next(self, remaining: int) -> int:
        size = int(self.target / self.seconds_per_game)
        if not self.measured:
            size //= 8  # the guess may be optimistic: learn from short first shards
        size = max(MIN_SHARD, min(size, MAX_SHARD))
        # Near the end, shorter shards (down to a quarter) so that the workers finish together.
        if remaining <= 2 * self.workers * size:
            size = max(size // 4, MIN_SHARD, -(-remaining // (2 * self.workers)))
        # No small remainder left over for one more shard.
        if remaining < size + max(size // 4, MIN_SHARD):
            size = remaining
        return max(1, min(remaining, size))


def play_inline(
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
) -> Shards:
    """The run in shards in this thread, in game order (``stop`` asked before each)."""
    sizer = Sizer(sim, shard_seconds, 1)
    at, end = sim.first_game, sim.first_game + sim.games
    while at < end:
        reason = stop()
        if reason is not None:
            raise RunStopped(reason, [(at, end - at)], at - sim.first_game)
        shard = shards.play_range(sim, at, sizer.next(end - at), lines)
        sizer.measure(shard.games, shard.seconds)
        SHARDS_PLAYED.labels("inline", "ok").inc()
        yield shard
        at = shard.end


def play_on_cluster(
    client: Client,
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    rows: bool = False,
) -> Shards:
    """The run in shards on the cluster, each yielded as it finishes (any order)."""
    first, end = sim.first_game, sim.first_game + sim.games
    try:
        workers = max(1, len(client.nthreads()))
    except Exception as exc:  # the scheduler gone since the client was made
        raise unreachable(sim, f"The simulation cluster cannot be asked: {exc}") from exc
    CLUSTER_WORKERS.set(workers)
    window = WINDOW_PER_WORKER * workers
    sizer = Sizer(sim, shard_seconds, workers)
    spec = shards.spec_of(sim)
    run_id = uuid.uuid4().hex[:12]
    at = first
    done: list[GameRange] = []
    pending: dict[Future[Any], GameRange] = {}
    finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()

    def stopped(reason: StopReason) -> RunStopped:
        played = sum(games for _, games in done)
        return RunStopped(reason, missing_ranges(first, end, done), played)

    try:
        while at < end or pending:
            while at < end and len(pending) < window:
                games = sizer.next(end - at)
                future = client.submit(
                    shards.play_shard,
                    spec,
                    at,
                    games,
                    rows,
                    key=f"simulation-shard-{run_id}-{at}",
                    pure=False,
                )
                pending[future] = (at, games)
                SHARDS_IN_FLIGHT.inc()
                future.add_done_callback(finished.put)
                at += games
            try:
                future = finished.get(timeout=POLL_SECONDS)
            except queue.Empty:
                reason = stop()
                if reason is not None:
                    raise stopped(reason) from None
                if client.status in ("closed", "closing"):
                    lost = "The simulation cluster's scheduler was lost."
                    raise stopped(StopReason(StopKind.FAILED, lost)) from None
                continue
            if future not in pending:
                continue
            shard_first, games = pending.pop(future)
            SHARDS_IN_FLIGHT.dec()
            if future.status != "finished":
                SHARDS_PLAYED.labels("cluster", "failed").inc()
                raise stopped(StopReason(StopKind.FAILED, _failure(future)))
            try:
                result: dict[str, Any] = future.result()
            except Exception as exc:  # finished, but fetching it met the scheduler going away
                SHARDS_PLAYED.labels("cluster", "failed").inc()
                lost = f"The simulation cluster was lost fetching a shard: {_named(exc)}"
                raise stopped(StopReason(StopKind.FAILED, lost)) from exc
            if result.get("code") != shards.CODE:
                SHARDS_PLAYED.labels("cluster", "other_code").inc()
                other = (
                    f"A simulation worker runs other code (scoring_api {result.get('code')}) "
                    f"than this server (scoring_api {shards.CODE}): install the same wheel "
                    "on every node."
                )
                raise stopped(StopReason(StopKind.OTHER_CODE, other))
            SHARDS_PLAYED.labels("cluster", "ok").inc()
            shard = Shard.from_data(result)
            sizer.measure(games, shard.seconds)
            done.append((shard_first, games))
            yield shard
            reason = stop()
            if reason is not None and (at < end or pending):
                raise stopped(reason)
    finally:
        if pending:
            futures = list(pending)
            SHARDS_IN_FLIGHT.dec(len(futures))
            try:
                client.cancel(futures)
            except Exception:  # the scheduler may be gone: nothing left to cancel there
                log.warning("cancelling %d shards failed", len(futures), exc_info=True)


def _failure(future: Future[Any]) -> str:
    if future.status == "error":
        try:
            error = future.exception(timeout=5)
        except Exception as exc:  # the scheduler went away while asking
            error = exc
        return f"A shard of the simulation failed: {_named(error)}"
    return "The simulation cluster's scheduler was lost (a shard was cancelled)."


def _named(error: BaseException | None) -> str:
    return f"{type(error).__name__}: {error}"


def unreachable(sim: SimulationRequest, detail: str) -> RunStopped:
    """The run stopped before its first game: the cluster could not be asked."""
    return RunStopped(
        StopReason(StopKind.UNREACHABLE, detail), [(sim.first_game, sim.games)], played=0
    )


def play_on(
    client: Client | None,
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
) -> Shards:
    """The run's shards on the client's cluster, or inline without one.

    Lines other than ``GAME_LINES`` (those with transcripts) are made inline: the workers
    make only those.
    """
    if client is None or lines not in (None, GAME_LINES):
        return play_inline(sim, shard_seconds, stop, lines)
    return play_on_cluster(client, sim, shard_seconds, stop, rows=lines is not None)


def play(
    sim: SimulationRequest,
    scheduler: str,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
) -> Shards:
    """The run's shards on the cluster the setting names (``off``: inline).

    Nothing is played or asked before the first shard is asked for: a stream's status is
    sent by then, so a scheduler that cannot be reached is its error line, not a 500.
    """
    try:
        client = CLIENT.get(scheduler)
    except ClusterUnavailable as exc:
        raise unreachable(sim, str(exc)) from exc
    yield from play_on(client, sim, shard_seconds, stop, lines)


def in_order(shards_done: Iterator[Shard], first_game: int) -> Iterator[Shard]:
    """The shards in game order (those finished early wait, at most a window of them)."""
    waiting: dict[int, Shard] = {}
    at = first_game
    for shard in shards_done:
        waiting[shard.first_game] = shard
        while at in waiting:
            ready = waiting.pop(at)
            at = ready.end
            yield ready
