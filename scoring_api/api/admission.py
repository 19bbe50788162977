"""Admission: work that costs seconds of CPU runs in pools of slots, at most a cap of it at
once on the server (all gunicorn workers together; with a shared store, all replicas) and at
most a share of it for one client (its address); one more is a 503 problem with an honest
``Retry-After``.

Two pools:

- ``SIMULATIONS``: ``POST /v1/simulations`` (``SCORING_API_MAX_SIMULATIONS``,
  ``SCORING_API_CLIENT_SIMULATIONS``). Without a cap, a handful of simulations take every
  worker thread and the health checks go unanswered; without a share, one client's streams
  hold every slot while the others wait.
- ``ANSWERS``: expensive answers, those that play games out or search
  (``POST /v1/deals/review``, ``POST /v1/discards/advise``, ``POST /v1/plays/advise``,
  ``POST /v1/games/score`` and ``/v1/games/review``; ``SCORING_API_MAX_ANSWERS``,
  ``SCORING_API_CLIENT_ANSWERS``). Without them, one client's reviews at once take the CPU
  that every other client's one-hand score waits for (docs/reliability.md has what was
  measured).

An endpoint opts in with one line in its view, once its body is read (a bad body is a 422
whatever the load): ``admission.admit(admission.ANSWERS)``. The slot is held until the
answer is written (a stream: until it ends or is closed; a client that takes none of its
bytes for ``SCORING_API_SEND_SECONDS`` is cut off) and, beyond that, while work done on
the request's behalf still runs elsewhere (``Slot.hold``: a stopped simulation's shards
finishing their game on the cluster), so that a client's share counts its running work,
not only its open requests.

Beside the pools, each gunicorn worker gives admitted work at most its threads less
``SCORING_API_CHEAP_THREADS`` (``_Threads``): gunicorn hands a worker's requests to its
threads first come, first served, so a cheap request on a worker whose every thread held
expensive work waited for one of them (seconds), whatever the pools' caps. Behind the
stack's nginx, expensive routes go to gunicorns of their own (docs/deploy.md).

Each holder labels its slot with the time it will be free: a simulation with its time
budget (sure), an answer with how long this process's last answers of its pool took
(expected); a simulation that stops early relabels its slot with the time its work left on
the cluster has to end. ``Retry-After`` is the nearest of those, over the client's own slots
when its share is full, over all when the pool is. The slots live in the shared store
(``admission_shared.py``) when ``SCORING_API_RATE_STORE`` is Redis, else (and while the
store fails) on this machine (``admission_slots.LocalSlots``).
"""

from __future__ import annotations

import collections
import functools
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from flask import Response, after_this_request, request
from werkzeug.exceptions import ServiceUnavailable

from scoring_api.settings import Settings, current_settings

from . import admission_shared
from .admission_slots import Holder, LocalSlots, Refusal, Why, label, release
from .observability import log_field
from .streams import limit_sending, when_written

_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"  # made afresh by gunicorn.conf.py for each server run
WORKER_THREADS_ENV = "SCORING_WORKER_THREADS"
"""The request threads of each gunicorn worker (gunicorn.conf.py hands its ``threads`` to
the workers): none set (the app in-process), no bound on the threads admitted work holds."""
_MEASURED = 20  # answers whose durations make a pool's expected duration


@dataclass(frozen=True)
class Pool:
    """A kind of work admitted together: its settings and how its refusals name it."""

    name: str
    """Its slots' name in the stores."""
    cap_setting: str
    """The setting of how many may run at once (0: no cap)."""
    share_setting: str
    """The setting of how many of them one client may run (0: no share)."""
    work: str
    """What it runs, in a refusal's words."""
    durations: collections.deque[float] = field(
        default_factory=lambda: collections.deque(maxlen=_MEASURED), compare=False
    )
    """How long this process's last slots of the pool were held, in seconds."""

    def cap(self, settings: Settings) -> int:
        cap: int = getattr(settings, self.cap_setting)
        return cap

    def share(self, settings: Settings) -> int:
        share: int = getattr(settings, self.share_setting)
        return share

    def expected_seconds(self) -> float:
        """How long a slot is expected to be held: the longest of the last few (0:
        none measured yet, unknown)."""
        return max(self.durations, default=0.0)


SIMULATIONS = Pool("simulations", "max_simulations", "client_simulations", "simulations")
ANSWERS = Pool(
    "answers", "max_answers", "client_answers", "expensive answers (reviews, advice, games)"
)


class Slot:
    """A slot held for a request: freed once every hold on it is let go (the answer sent,
    and each piece of work still running on the request's behalf)."""

    def __init__(
        self,
        pool: Pool,
        client: str,
        free: Callable[[], None],
        relabel: Callable[[Holder], None],
    ) -> None:
        self._pool, self._client = pool, client
        self._free, self._relabel = free, relabel
        self._holds = 0
        self._lock = threading.Lock()
        self._taken = time.monotonic()

    def hold(self) -> Callable[[], None]:
        """One more hold on the slot; what lets it go (once)."""
        with self._lock:
            self._holds += 1
        done = threading.Event()

        def let_go() -> None:
            if not done.is_set():
                done.set()
                self._let_go()

        return let_go

    def _let_go(self) -> None:
        with self._lock:
            self._holds -= 1
            last = self._holds == 0
        if last:
            self._pool.durations.append(time.monotonic() - self._taken)
            self._free()

    def free_within(self, seconds: float) -> None:
        """Its work will be over within ``seconds``: the label others' Retry-After reads."""
        self._relabel(Holder(self._client, time.time() + seconds))


class _Threads:
    """This process's request threads held by admitted work (both pools), at most its
    threads less ``SCORING_API_CHEAP_THREADS``: gunicorn hands a worker's requests to its
    threads first come, first served, so a cheap request on a worker whose every thread
    held expensive work waited for one of them to end (seconds), however few the pools
    admitted on the server."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.held = 0

    @staticmethod
    def most(settings: Settings) -> int:
        """How many it may hold (0: no bound)."""
        threads = int(os.environ.get(WORKER_THREADS_ENV) or 0)
        if threads <= 0 or settings.cheap_threads <= 0:
            return 0
        return max(1, threads - settings.cheap_threads)

    def take(self, most: int) -> bool:
        with self._lock:
            if self.held >= most:
                return False
            self.held += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self.held -= 1


_THREADS = _Threads()


def _take_thread(pool: Pool, settings: Settings) -> Callable[[], None]:
    """One of this worker's threads for admitted work, or a 503; what gives it back."""
    most = _Threads.most(settings)
    if not most:
        return lambda: None
    if not _THREADS.take(most):
        retry = max(1, math.ceil(pool.expected_seconds()))
        raise ServiceUnavailable(
            f"This server's worker is running {most} expensive requests at once, all the "
            "request threads it gives them (the others answer cheap requests): retry in a "
            "moment, or on another server.",
            retry_after=retry,
        )
    return _THREADS.give_back


def _no_slot(pool: Pool) -> Slot:
    """The slot of a pool without a cap: nothing to free."""
    return Slot(pool, "", lambda: None, lambda holder: None)


_dirs_lock = threading.Lock()
_local_dir: Path | None = None


def slots_dir(pool: Pool) -> Path:
    """The pool's directory of slots on this machine: the server's, shared by its workers
    (beside the metrics), or this process's own outside gunicorn."""
    global _local_dir
    shared = os.environ.get(_DIR_ENV)
    if shared:
        return Path(shared) / "admission" / pool.name
    with _dirs_lock:
        if _local_dir is None:
            _local_dir = Path(tempfile.mkdtemp(prefix="scoring-api-slots-"))
    return _local_dir / pool.name


def take(pool: Pool, settings: Settings, holder: Holder) -> Slot | Refusal:
    """A slot of ``pool`` for ``holder`` in the shared store when there is one and it
    answers, else on this machine (kept for the store, which gets it when it answers)."""
    cap, share = pool.cap(settings), pool.share(settings)
    shared = admission_shared.slots_for(settings.rate_store, pool.name)
    if shared is not None:
        answer = shared.take(cap, holder, share)
        if isinstance(answer, Refusal):
            return answer
        if answer is not None:
            return Slot(
                pool,
                holder.client,
                functools.partial(shared.release, answer),
                functools.partial(shared.relabel, answer),
            )
    fd = LocalSlots(slots_dir(pool)).take(cap, holder, share)
    if isinstance(fd, Refusal):
        return fd
    if shared is None:
        free, relabel = functools.partial(release, fd), functools.partial(label, fd)
        return Slot(pool, holder.client, free, relabel)
    kept = os.urandom(16).hex()  # the store failed: it counts this slot once it answers
    shared.remember(kept, holder)

    def free_both() -> None:
        release(fd)
        shared.release(kept)

    def relabel_both(new: Holder) -> None:
        label(fd, new)
        shared.relabel(kept, new)

    return Slot(pool, holder.client, free_both, relabel_both)


def running(pool: Pool, settings: Settings) -> int:
    """How many of the pool's slots are held now, on the server (or the tier, with a shared
    store): what a request admitted in it shares the cores with."""
    cap = pool.cap(settings)
    if cap <= 0:
        return 0
    shared = admission_shared.slots_for(settings.rate_store, pool.name)
    if shared is not None:
        count = shared.held()
        if count is not None:
            return count
    return LocalSlots(slots_dir(pool)).held(cap)


def _refused(pool: Pool, settings: Settings, client: str, refusal: Refusal) -> ServiceUnavailable:
    if refusal.why is Why.SHARE:
        detail = (
            f"This client ({client}) is running its {pool.share(settings)} {pool.work} at "
            "once, its share of the server's: retry once one ends."
        )
    elif refusal.why is Why.RECOUNTING:
        detail = (
            f"The server is counting its running {pool.work} again (its shared store "
            "restarted): retry in a few seconds."
        )
    else:
        detail = (
            f"The server is running its {pool.cap(settings)} {pool.work} at once; retry "
            "shortly, or on another server."
        )
    return ServiceUnavailable(detail, retry_after=refusal.retry_after())


def _take_slot(pool: Pool, settings: Settings, seconds: float | None) -> Slot:
    if pool.cap(settings) <= 0:
        return _no_slot(pool)
    client = request.remote_addr or "unknown"
    expected = pool.expected_seconds() if seconds is None else seconds
    holder = Holder(client, time.time() + expected if expected > 0 else 0.0)
    taken = take(pool, settings, holder)
    if isinstance(taken, Refusal):
        raise _refused(pool, settings, client, taken)
    return taken


def admit(pool: Pool, seconds: float | None = None) -> Slot:
    """A slot of ``pool`` for this request until its answer is written (a stream: until it
    ends or is closed; cut off when its client stops reading), labelled with the time it
    will be free: ``seconds`` from now (its time budget; 0: unknown), or by default the
    pool's expected duration.

    Raises a 503 (``Retry-After``) when the pool is full, the client's share of it, or the
    request threads this worker gives expensive work.
    """
    settings = current_settings()
    thread_back = _take_thread(pool, settings)
    try:
        slot = _take_slot(pool, settings, seconds)
    except BaseException:
        thread_back()
        raise
    answered = slot.hold()
    held = {"pool": pool.name, "taken_at": round(time.time(), 6)}
    log_field(request.environ, "slot", held)

    def done(completed: bool, sent: int) -> None:
        held["freed_at"] = round(time.time(), 6)  # before it is: within the hold
        thread_back()
        answered()

    @after_this_request
    def _release_when_written(response: Response) -> Response:
        # Until its last byte is written (a stream: until it ends or is closed; a client
        # that stops reading: until it is cut off), not merely until it is made: an
        # answer nobody reads holds a request thread, and so counts against its client.
        limit_sending(request.environ, settings.send_seconds)
        return when_written(response, request.environ, done)

    return slot
