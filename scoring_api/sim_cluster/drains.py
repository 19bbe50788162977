"""A stopped run's shards on the cluster, waited for: the request's slot is held until they
have ended (each looks between its games, and between a slow seat's choices, at the run's
stop event), and let go the moment they have, the cluster is known to be gone
(``client.Watch``: the scheduler lost, the embedded cluster's process dead or started
again), or a bound has passed, whichever comes first.

Nothing here waits on the cluster itself: a dead cluster's futures may never end, and a
call to a dead scheduler may never return (its client's loop stopped under it, by the
reconnect that gave up or by the next request making a new client). Each call runs apart
for at most ``ASK_SECONDS`` (``ask``). How each wait ended is counted
(``simulation_stopped_runs_total``) and logged.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prometheus_client import Counter, Gauge

from .client import Watch

if TYPE_CHECKING:
    from distributed import Client, Future

log = logging.getLogger(__name__)

POLL_SECONDS = 0.125
ASK_SECONDS = 5.0
"""The longest a call to the cluster may take before the run (or its drain) goes on without
its answer: a client whose cluster died may wait on it for good."""

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


def ask(call: Callable[[], object], what: str) -> bool:
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


class Drain:
    """A stopped run's shards, waited for: its stop event set, the request's slot let go
    once the shards have ended, the cluster is known to be gone, or ``seconds`` have passed,
    whichever comes first; then the run forgotten on the cluster. Nothing here waits on the
    cluster itself (its calls go through ``ask``), so the slot always comes back."""

    def __init__(
        self,
        client: Client,
        watch: Watch,
        futures: list[Future[Any]],
        stop_event: str,
        seconds: float,
        ended: Callable[[], None],
    ) -> None:
        """``ended``: let go of what the run holds (its slot), once, when the wait ends."""
        self.client, self.watch, self.futures = client, watch, futures
        self.stop_event, self.seconds, self.ended = stop_event, seconds, ended

    def run(self) -> None:
        from distributed import Event

        started = time.monotonic()
        DRAINING.inc()
        try:
            event = Event(self.stop_event, client=self.client)
            ask(event.set, "setting a stopped run's event")
            ended, why = self._wait(started)
        finally:
            DRAINING.dec()
            self.ended()
        took = time.monotonic() - started
        STOPPED_RUNS.labels(ended).inc()
        if ended == "drained":
            log.info("a stopped run's %d shards ended %.1f s after it stopped; its slot is "
                     "free", len(self.futures), took)  # fmt: skip
        else:
            log.warning("a stopped run's slot let go %.1f s after it stopped, %d shards not "
                        "ended: %s", took, self._running(), why)  # fmt: skip
        if ended != "cluster_lost":  # a dead cluster has nothing to forget
            ask(lambda: self.client.cancel(self.futures), "cancelling a stopped run's shards")
            ask(event.clear, "clearing a stopped run's event")

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
            time.sleep(POLL_SECONDS)
