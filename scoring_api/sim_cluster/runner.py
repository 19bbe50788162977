"""Play a run in shards, inline or on a Dask cluster, yielding each shard as it finishes.

Every run is a sequence of shards (``shards.Shard``), whatever its size and wherever it is
played: inline in this thread in game order, or on the cluster in any order (the writers'
``in_order`` puts them back in order, with a bounded window).

- Shards are sized by time: the first from the lineup's guessed cost (``costs.py``), the
  next from the speed the finished ones measured (``SCORING_API_SHARD_SECONDS``, 1 s by
  default), smaller near the end so that the workers finish together; one game at least.
- At most ``WINDOW_PER_WORKER`` x workers shards of a request are in flight: concurrent
  requests interleave on the cluster (its scheduler is first come, first served).
- ``stop()`` (the client disconnected, the time budget ran out) is asked between shards (on
  the cluster, between completions and at least every ``POLL_SECONDS``) and, inline, also
  between games (at most every ``shards.CHECK_SECONDS``). On the cluster each shard looks
  between games at the run's deadline and at the run's stop event, which the server sets
  however the run is left: a stopped run's shards end within a game (a running Dask task
  cannot be cancelled), and until they have the request's slot stays held (``Holds``), so
  that a client's share counts its work still running, not only its open requests.
- That wait (``drains.Drain``) is bounded, and it ends the moment the cluster is known to
  be gone (``client.Watch``): a dead cluster's futures may never end, and nothing asked of
  it may hold the slot.
- A worker lost mid-run is the scheduler's business: it plays the shard again elsewhere, and
  the result is the same. A run that cannot go on ends with ``RunStopped``: its typed
  reason, the game ranges missing and how many games were played.
"""

from __future__ import annotations

import logging
import queue
import threading
import uuid
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, Protocol

from prometheus_client import Counter, Gauge

from scoring_api.sim.runs import SimulationRequest

from . import shards
from .client import CLIENT, ClusterUnavailable, Watch
from .costs import Sizer
from .drains import ASK_SECONDS, Drain
from .shards import GAME_LINES, GameLines, Shard
from .stops import (
    OUT_OF_TIME,
    SERVER_STOPPING,
    GameRange,
    RunStopped,
    Stop,
    StopKind,
    StopReason,
    missing_ranges,
    unreachable,
)

if TYPE_CHECKING:
    from distributed import Client, Future

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
WINDOW_PER_WORKER = 2
DRAIN_GAMES = 2
"""A stopped run's shards are expected to end within this many games' time."""
DRAIN_WAIT_SECONDS = 60
"""The longest its slot waits for them (or ``DRAIN_GAMES`` x 10 games' time, if longer)."""

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
"""A run's shards as they are played (closing it stops what is still in flight)."""


class Holds(Protocol):
    """What keeps the request's admission slot while a stopped run's work still runs."""

    def hold(self) -> Callable[[], None]:
        """One more hold on the slot; what lets it go."""

    def free_within(self, seconds: float) -> None:
        """The slot's new label: its work ends within ``seconds``."""


def _never() -> StopReason | None:
    return None


class _Asked:
    """``stop`` asked between games too, at most every ``shards.CHECK_SECONDS``; its
    reason kept."""

    def __init__(self, stop: Stop) -> None:
        self.reason: StopReason | None = None
        self.between_games = shards.Every(self._ask)
        self._stop = stop

    def _ask(self) -> bool:
        self.reason = self._stop()
        return self.reason is not None

    def now(self) -> StopReason | None:
        """Asked now, whenever it was last."""
        if self.reason is None:
            self._ask()
        return self.reason


def play_inline(
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
) -> Shards:
    """The run in shards in this thread, in game order (``stop`` asked before each shard
    and between its games)."""
    sizer = Sizer(sim, shard_seconds, 1)
    asked = _Asked(stop)
    at, end = sim.first_game, sim.first_game + sim.games
    while at < end:
        reason = asked.now()
        if reason is not None:
            raise RunStopped(reason, [(at, end - at)], at - sim.first_game)
        shard = shards.play_range(sim, at, sizer.next(end - at), lines, asked.between_games)
        if shard.games:
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
    deadline: float = 0.0,
    holds: Holds | None = None,
) -> Shards:
    """The run in shards on the cluster, each yielded as it finishes (any order); its games
    stop by ``deadline`` (epoch seconds, 0: none) even if nobody tells them."""
    run = _ClusterRun(client, sim, shard_seconds, stop, rows, deadline, holds)
    try:
        while run.at < run.end or run.pending:
            run.submit_window()
            shard = run.next_shard()
            if shard is None:
                continue
            if shard.games:
                yield shard
            reason = stop()
            if run.cut:  # its games stopped at the deadline: the run is over
                raise run.stopped(reason or OUT_OF_TIME)
            if reason is not None and (run.at < run.end or run.pending):
                raise run.stopped(reason)
    finally:
        run.leave()


class _ClusterRun:
    """One run's shards on the cluster: submitted a window at a time, taken as they finish,
    and when it is left early its stop event set and its work waited for."""

    def __init__(
        self,
        client: Client,
        sim: SimulationRequest,
        shard_seconds: float,
        stop: Stop,
        rows: bool,
        deadline: float,
        holds: Holds | None,
    ) -> None:
        self.client, self.sim, self.stop, self.rows, self.holds = client, sim, stop, rows, holds
        self.first = self.at = sim.first_game
        self.end = sim.first_game + sim.games
        self.done: list[GameRange] = []
        self.cut = False
        """Whether a shard came back short: its games stopped at the run's deadline."""
        self.pending: dict[Future[Any], GameRange] = {}
        self.finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
        self.run_id = uuid.uuid4().hex[:12]
        self.stop_event = f"simulation-stop-{self.run_id}"
        self.spec = shards.spec_of(sim, deadline, self.stop_event)
        self.watch = Watch(client)
        try:
            workers = max(1, len(client.nthreads(callback_timeout=ASK_SECONDS)))
        except Exception as exc:  # the scheduler gone since the client was made
            raise unreachable(sim, f"The simulation cluster cannot be asked: {exc}") from exc
        CLUSTER_WORKERS.set(workers)
        self.window = WINDOW_PER_WORKER * workers
        self.sizer = Sizer(sim, shard_seconds, workers)

    def stopped(self, reason: StopReason) -> RunStopped:
        played = sum(games for _, games in self.done)
        return RunStopped(reason, missing_ranges(self.first, self.end, self.done), played)

    def submit_window(self) -> None:
        """Shards submitted until the window is full or the run has none left."""
        while self.at < self.end and len(self.pending) < self.window:
            games = self.sizer.next(self.end - self.at)
            future = self.client.submit(
                shards.play_shard,
                self.spec,
                self.at,
                games,
                self.rows,
                key=f"simulation-shard-{self.run_id}-{self.at}",
                pure=False,
            )
            self.pending[future] = (self.at, games)
            SHARDS_IN_FLIGHT.inc()
            future.add_done_callback(self.finished.put)
            self.at += games

    def next_shard(self) -> Shard | None:
        """The next shard finished, or None after ``POLL_SECONDS`` without one (the run's
        stop and the client's state asked meanwhile)."""
        try:
            future = self.finished.get(timeout=POLL_SECONDS)
        except queue.Empty:
            reason = self.stop()
            if reason is not None:
                raise self.stopped(reason) from None
            gone = self.watch.gone()
            if gone is not None:
                raise self.stopped(_lost(f"The simulation cluster was lost: {gone}.")) from None
            return None
        if future not in self.pending:
            return None
        first, games = self.pending.pop(future)
        SHARDS_IN_FLIGHT.dec()
        shard = self._shard_of(future)
        self.sizer.measure(shard.games, shard.seconds)
        self.done.append((first, shard.games))
        self.cut = shard.games < games
        return shard

    def _shard_of(self, future: Future[Any]) -> Shard:
        """A finished future's shard, or the run's end (failed, or other code)."""
        if future.status != "finished":
            SHARDS_PLAYED.labels("cluster", "failed").inc()
            raise self.stopped(_lost(_failure(future)))
        try:
            result: dict[str, Any] = future.result(timeout=ASK_SECONDS)
        except Exception as exc:  # finished, but fetching it met the scheduler going away
            SHARDS_PLAYED.labels("cluster", "failed").inc()
            lost = f"The simulation cluster was lost fetching a shard: {_named(exc)}"
            raise self.stopped(_lost(lost)) from exc
        if result.get("code") != shards.CODE:
            SHARDS_PLAYED.labels("cluster", "other_code").inc()
            other = (
                f"A simulation worker runs other code (scoring_api {result.get('code')}) "
                f"than this server (scoring_api {shards.CODE}): install the same wheel "
                "on every node."
            )
            raise self.stopped(StopReason(StopKind.OTHER_CODE, other))
        SHARDS_PLAYED.labels("cluster", "ok").inc()
        return Shard.from_data(result)

    def leave(self) -> None:
        """However the run is left with shards in flight: tell them to stop (its event) and
        keep the request's slot until they have ended, within about ``DRAIN_GAMES`` games
        (``Drain``, in a thread of its own: the answer does not wait)."""
        futures = list(self.pending)
        self.pending.clear()
        if not futures:
            return
        per_game = self.sizer.seconds_per_game
        expected = POLL_SECONDS + shards.CHECK_SECONDS + DRAIN_GAMES * per_game
        let_go = None
        if self.holds is not None:
            self.holds.free_within(expected)
            let_go = self.holds.hold()
        wait = max(DRAIN_WAIT_SECONDS, 10 * DRAIN_GAMES * per_game)

        def ended() -> None:
            SHARDS_IN_FLIGHT.dec(len(futures))
            if let_go is not None:
                let_go()

        drain = Drain(self.client, self.watch, futures, self.stop_event, wait, ended)
        threading.Thread(target=drain.run, name="shard-drain", daemon=True).start()


def _lost(detail: str) -> StopReason:
    """A shard lost, or the client's connection: the cluster's failure, unless this process
    closed the client itself because its gunicorn worker exits (``worker_exit``, after the
    graceful timeout; a replica whose master died): then the cluster is fine, say so."""
    if CLIENT.closing:
        return SERVER_STOPPING
    return StopReason(StopKind.FAILED, detail)


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


def play_on(
    client: Client | None,
    sim: SimulationRequest,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
    deadline: float = 0.0,
    holds: Holds | None = None,
) -> Shards:
    """The run's shards on the client's cluster, or inline without one (``deadline`` and
    ``holds``: the cluster's, ``play_on_cluster``).

    Lines other than ``GAME_LINES`` (those with transcripts) are made inline: the workers
    make only those.
    """
    if client is None or lines not in (None, GAME_LINES):
        return play_inline(sim, shard_seconds, stop, lines)
    rows = lines is not None
    return play_on_cluster(client, sim, shard_seconds, stop, rows, deadline, holds)


def play(
    sim: SimulationRequest,
    scheduler: str,
    shard_seconds: float,
    stop: Stop = _never,
    lines: GameLines | None = None,
    deadline: float = 0.0,
    holds: Holds | None = None,
) -> Shards:
    """The run's shards on the cluster the setting names (``off``: inline).

    Nothing is played or asked before the first shard is asked for: a stream's status is
    sent by then, so a scheduler that cannot be reached is its error line, not a 500.
    """
    try:
        client = CLIENT.get(scheduler)
    except ClusterUnavailable as exc:
        raise unreachable(sim, str(exc)) from exc
    yield from play_on(client, sim, shard_seconds, stop, lines, deadline, holds)
