"""Play a run in shards, inline or on a Dask cluster, yielding each shard as it finishes.

- Shards are sized by time: the first from a rough cost per strategy, the next from the
  speed the finished ones measured (``SCORING_API_SHARD_SECONDS``, 1 s by default), smaller
  near the end so that the workers finish together.
- At most ``WINDOW_PER_WORKER`` x workers shards of a request are in flight: concurrent
  requests interleave on the cluster (its scheduler is first come, first served) and a
  cancelled request leaves little behind (running tasks cannot be stopped, queued ones are
  dropped).
- Between completions (at least every ``POLL_SECONDS``) ``stop()`` is asked whether to go
  on (the client disconnected, the time budget ran out); on the way out, however it is left,
  every shard still queued is cancelled.
- A worker lost mid-run is the scheduler's business: it plays the shard again elsewhere, and
  the result is the same. A shard that fails for good, or a scheduler that is lost, ends the
  run with ``RunFailed`` naming the missing game ranges; a result from other code with
  ``OtherCode``.

One ``Client`` per process (per gunicorn worker), made on first use, never in gunicorn's
master (its forked workers would hang) and never at import time.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prometheus_client import Counter, Gauge

from scoring_api.sim.runs import SimulationRequest, Totals

from . import shards
from .embedded import SCHEDULER_FILE_ENV

if TYPE_CHECKING:
    from distributed import Client, Future

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10
POLL_SECONDS = 0.25
WINDOW_PER_WORKER = 2
MIN_SHARD = 50
MAX_SHARD = 2_000_000
# Rough cost of one game, in seconds per strategy (a fresh process, caches cold): only the
# first shards are sized from it, the rest from what those measured.
COLD_SECONDS_PER_GAME = {"random": 1 / 10_000, "greedy": 1 / 4_000, "expected": 1 / 2_000}

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


class ClusterUnavailable(Exception):  # noqa: N818 - names the 503 it becomes
    """The configured scheduler cannot be reached."""


@dataclass
class RunFailed(Exception):  # noqa: N818 - names the 503 it becomes
    """Part of a run could not be played: the missing ranges, as (first_game, games)."""

    detail: str
    missing: list[tuple[int, int]]

    def __str__(self) -> str:
        return self.detail


class OtherCode(RunFailed):
    """A worker runs other code than this server: its games could differ."""


@dataclass(frozen=True, slots=True)
class Shard:
    first_game: int
    games: int
    totals: Totals
    rows: list[shards.GameRow] | None = None  # each game, if asked for


def missing_ranges(first: int, end: int, done: list[tuple[int, int]]) -> list[tuple[int, int]]:
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
        cost = sum(COLD_SECONDS_PER_GAME.get(name, 1 / 1_000) for name in sim.strategies) / len(
            sim.strategies
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


Stop = Callable[[], str | None]  # a reason to stop now, or None


def _never() -> str | None:
    return None


def play_inline(
    sim: SimulationRequest, shard_seconds: float, stop: Stop = _never, rows: bool = False
) -> Iterator[Shard]:
    """The run in shards in this thread, in game order (``stop`` asked between shards)."""
    sizer = Sizer(sim, shard_seconds, 1)
    spec = shards.spec_of(sim)
    at, end = sim.first_game, sim.first_game + sim.games
    while at < end:
        reason = stop()
        if reason:
            raise RunFailed(reason, [(at, end - at)])
        result = shards.play_range(spec, at, sizer.next(end - at), rows)
        sizer.measure(result.games, result.seconds)
        SHARDS_PLAYED.labels("inline", "ok").inc()
        yield Shard(result.first_game, result.games, result.totals, result.rows)
        at += result.games


def play_on_cluster(
    client: Client,
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    rows: bool = False,
) -> Iterator[Shard]:
    """The run in shards on the cluster, each yielded as it finishes (any order)."""
    try:
        workers = max(1, len(client.nthreads()))
    except Exception as exc:  # the scheduler gone since the client was made
        raise ClusterUnavailable(f"The simulation cluster cannot be asked: {exc}") from exc
    CLUSTER_WORKERS.set(workers)
    window = WINDOW_PER_WORKER * workers
    sizer = Sizer(sim, shard_seconds, workers)
    spec = shards.spec_of(sim)
    run_id = uuid.uuid4().hex[:12]
    first, end = sim.first_game, sim.first_game + sim.games
    at = first
    done: list[tuple[int, int]] = []
    pending: dict[Future[Any], tuple[int, int]] = {}
    finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()

    def failed(detail: str) -> RunFailed:
        return RunFailed(detail, missing_ranges(first, end, done))

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
                if reason:
                    raise failed(reason) from None
                if client.status in ("closed", "closing"):
                    raise failed("The simulation cluster's scheduler was lost.") from None
                continue
            if future not in pending:
                continue
            shard_first, games = pending.pop(future)
            SHARDS_IN_FLIGHT.dec()
            if future.status != "finished":
                SHARDS_PLAYED.labels("cluster", "failed").inc()
                raise failed(_failure(future))
            result: dict[str, Any] = future.result()
            if result.get("code") != shards.CODE:
                SHARDS_PLAYED.labels("cluster", "other_code").inc()
                raise OtherCode(
                    f"A simulation worker runs other code (scoring_api {result.get('code')}) "
                    f"than this server (scoring_api {shards.CODE}): install the same wheel "
                    "on every node.",
                    missing_ranges(first, end, done),
                )
            SHARDS_PLAYED.labels("cluster", "ok").inc()
            sizer.measure(games, float(result["seconds"]))
            done.append((shard_first, games))
            played = result.get("rows")
            yield Shard(shard_first, games, Totals.from_dict(result["totals"]), played)
            reason = stop()
            if reason and (at < end or pending):
                raise failed(reason)
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
        return f"A shard of the simulation failed: {type(error).__name__}: {error}"
    return "The simulation cluster's scheduler was lost (a shard was cancelled)."


# --- one client per process ------------------------------------------------------------


class ClusterClient:
    """The process's client of the scheduler a setting names, made on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._client: Client | None = None
        self._address: str | None = None

    def get(self, scheduler: str) -> Client | None:
        """The client, or None to play inline (``off``, or no embedded cluster here)."""
        if scheduler == "off":
            return None
        address = scheduler
        if scheduler == "embedded":
            found = embedded_address()
            if found is None:
                return None
            address = found
        with self._lock:
            client = self._client
            if client is not None and (
                self._address != address or client.status not in ("running", "connecting")
            ):
                self._close_locked()
                client = None
            if client is None:
                client = self._connect(address)
                self._client, self._address = client, address
            return client

    def _connect(self, address: str) -> Client:
        from distributed import Client

        try:
            client = Client(
                address,
                set_as_default=False,
                timeout=CONNECT_SECONDS,
                name=f"scoring-api-{os.getpid()}",
            )
        except (OSError, TimeoutError) as exc:
            raise ClusterUnavailable(
                f"The simulation cluster's scheduler ({address}) cannot be reached: {exc}"
            ) from exc
        return client

    def close(self) -> None:
        with self._lock:
            self._close_locked()

    def _close_locked(self) -> None:
        if self._client is not None:
            try:
                self._client.close(timeout=2)
            except Exception:  # closing a client of a dead scheduler may time out
                log.debug("closing the cluster client", exc_info=True)
        self._client = self._address = None


CLIENT = ClusterClient()
_unavailable_logged = False


def embedded_address() -> str | None:
    """The embedded cluster's scheduler address; None if there is none (yet).

    None when this process was not started by gunicorn with the project's configuration
    (tests of the app in-process, ``flask run``), or while the cluster is still starting (a
    few seconds after the server) or if it did not come up: the run is then played inline,
    with the same answer, rather than waiting for it.
    """
    global _unavailable_logged
    path = os.environ.get(SCHEDULER_FILE_ENV)
    if not path:
        return None
    try:
        address: str = json.loads(Path(path).read_text())["address"]
    except (OSError, ValueError, KeyError):
        if not _unavailable_logged:
            log.warning("embedded simulation cluster not up (yet): playing inline")
            _unavailable_logged = True
        return None
    return address


def play(
    sim: SimulationRequest,
    scheduler: str,
    shard_seconds: float,
    stop: Stop = _never,
    rows: bool = False,
) -> Iterator[Shard]:
    """The run's shards on the cluster the setting names, or inline when there is none."""
    client = CLIENT.get(scheduler)
    if client is None:
        return play_inline(sim, shard_seconds, stop, rows)
    return play_on_cluster(client, sim, shard_seconds, stop, rows)


def in_order(shards_done: Iterator[Shard], first_game: int) -> Iterator[Shard]:
    """The shards in game order (those finished early wait, at most a window of them)."""
    waiting: dict[int, Shard] = {}
    at = first_game
    for shard in shards_done:
        waiting[shard.first_game] = shard
        while at in waiting:
            ready = waiting.pop(at)
            at += ready.games
            yield ready
