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
- That wait (``_Drain``) is bounded, and it ends the moment the cluster is known to be gone
  (``client.Watch``: the scheduler lost, the embedded cluster's process dead or started
  again): a dead cluster's futures may never end, and nothing asked of it may hold the slot
  (each call to it runs apart, for at most ``ASK_SECONDS``). How each ended is counted
  (``simulation_stopped_runs_total``) and logged.
- A worker lost mid-run is the scheduler's business: it plays the shard again elsewhere, and
  the result is the same. A run that cannot go on ends with ``RunStopped``: its typed
  reason, the game ranges missing and how many games were played.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, Protocol

from prometheus_client import Counter, Gauge

from scoring_api.sim.runs import SimulationRequest

from . import shards
from .client import CLIENT, ClusterUnavailable, Watch
from .costs import Sizer
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
ASK_SECONDS = 5.0
"""The longest a call to the cluster may take before the run (or its drain) goes on without
its answer: a client whose cluster died may wait on it for good."""

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
STOPPED_RUNS = Counter(
    "simulation_stopped_runs",
    "Runs stopped with shards still on the cluster, by how the wait for them ended (their "
    "slot let go): drained (they ended), cluster_lost, timed_out.",
    ["ended"],
)
DRAINING = Gauge(
    "simulation_stopped_runs_draining",
    "Stopped runs whose shards still run on the cluster: their slots are held until then.",
    multiprocess_mode="livesum",
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
        (``_Drain``, in a thread of its own: the answer does not wait)."""
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
        drain = _Drain(self.client, self.watch, futures, self.stop_event, wait, let_go)
        threading.Thread(target=drain.run, name="shard-drain", daemon=True).start()


def _ask(call: Callable[[], object], what: str) -> bool:
    """``call`` (a call to the cluster) in a thread of its own, waited for at most
    ``ASK_SECONDS``: whether it returned. A call to a dead scheduler may never return (its
    client's loop stopped under it); it is then left to itself."""
    done = threading.Event()

    def run() -> None:
        try:
            call()
        except Exception:  # the scheduler or the client gone: nothing to ask there
            log.debug("%s failed", what, exc_info=True)
        finally:
            done.set()

    threading.Thread(target=run, name="cluster-call", daemon=True).start()
    if not done.wait(ASK_SECONDS):
        log.warning("%s took more than %.0f s: going on without it", what, ASK_SECONDS)
        return False
    return True


class _Drain:
    """A stopped run's shards, waited for: its stop event set, the request's slot let go
    once the shards have ended, the cluster is known to be gone, or ``seconds`` have passed,
    whichever comes first; then the run forgotten on the cluster. Nothing here waits on the
    cluster itself (its calls go through ``_ask``), so the slot always comes back."""

    def __init__(
        self,
        client: Client,
        watch: Watch,
        futures: list[Future[Any]],
        stop_event: str,
        seconds: float,
        let_go: Callable[[], None] | None,
    ) -> None:
        self.client, self.watch, self.futures = client, watch, futures
        self.stop_event, self.seconds, self.let_go = stop_event, seconds, let_go

    def run(self) -> None:
        from distributed import Event

        started = time.monotonic()
        DRAINING.inc()
        try:
            event = Event(self.stop_event, client=self.client)
            _ask(event.set, "setting a stopped run's event")
            ended, why = self._wait(started)
        finally:
            DRAINING.dec()
            SHARDS_IN_FLIGHT.dec(len(self.futures))
            if self.let_go is not None:
                self.let_go()
        took = time.monotonic() - started
        STOPPED_RUNS.labels(ended).inc()
        if ended == "drained":
            log.info("a stopped run's %d shards ended %.1f s after it stopped; its slot is "
                     "free", len(self.futures), took)  # fmt: skip
        else:
            log.warning("a stopped run's slot let go %.1f s after it stopped, %d shards not "
                        "ended: %s", took, self._running(), why)  # fmt: skip
        if ended != "cluster_lost":  # a dead cluster has nothing to forget
            _ask(lambda: self.client.cancel(self.futures), "cancelling a stopped run's shards")
            _ask(event.clear, "clearing a stopped run's event")

    def _running(self) -> int:
        return sum(not future.done() for future in self.futures)

    def _wait(self, started: float) -> tuple[str, str]:
        """How the wait ended (``drained``, ``cluster_lost``, ``timed_out``), and why."""
        while True:
            gone = self.watch.gone()  # first: a lost client cancels its futures (done)
            if gone is not None:
                return "cluster_lost", f"the simulation cluster was lost: {gone}"
            if not self._running():
                return "drained", ""
            if time.monotonic() - started > self.seconds:
                return "timed_out", f"its shards still ran after {self.seconds:.0f} s"
            time.sleep(POLL_SECONDS / 2)


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
