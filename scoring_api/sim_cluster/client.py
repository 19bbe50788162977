"""The process's client of the simulation cluster: one per process (per gunicorn worker).

Made on first use, never in gunicorn's master (its forked workers would hang) and never at
import time: this module imports ``distributed`` only to connect. gunicorn's
``worker_exit`` hook closes it (``CLIENT.close()``).
"""

from __future__ import annotations

import logging
import os
import threading
from typing import TYPE_CHECKING

from . import embedded

if TYPE_CHECKING:
    from distributed import Client, Security

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10


class ClusterUnavailable(Exception):  # noqa: N818 - names the 503 it becomes
    """The configured scheduler cannot be reached."""

    retry_after = embedded.RETRY_AFTER_SECONDS


class ClusterRestarting(ClusterUnavailable):
    """The embedded cluster's process exited and the master is starting it again."""

    def __init__(self, restarts: int) -> None:
        super().__init__(
            "The simulation cluster is restarting (its process exited; restart "
            f"{restarts}); retry in a few seconds."
        )


class ClusterClient:
    """The process's client of the scheduler a setting names, made on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._client: Client | None = None
        self._address: str | None = None
        self.closing = False
        """Whether this process closed it for good (its gunicorn worker exits): a run cut
        by that says so, not that the cluster was lost."""

    def get(self, scheduler: str) -> Client | None:
        """The client, or None to play inline (``off``, or no embedded cluster here)."""
        if scheduler == "off":
            return None
        address, security = scheduler, None
        if scheduler == "embedded":
            found = embedded_cluster()
            if found is None:
                return None
            address, security = found
        with self._lock:
            client = self._client
            if client is not None and (
                self._address != address or client.status not in ("running", "connecting")
            ):
                self._close_locked()
                client = None
            if client is None:
                client = self._connect(address, security)
                self._client, self._address = client, address
            return client

    def _connect(self, address: str, security: Security | None) -> Client:
        """A client of ``address``; without ``security``, Dask's configuration's (``tls://``
        schedulers: ``DASK_DISTRIBUTED__COMM__TLS__*``, docs/deploy.md)."""
        from distributed import Client

        try:
            client = Client(
                address,
                security=security,
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
        """Close it for good (``worker_exit``): runs still going end as ``STOPPING``."""
        self.closing = True
        with self._lock:
            self._close_locked()

    def _close_locked(self) -> None:
        if self._client is not None:
            try:
                self._client.close(timeout=2)
            except Exception:  # closing a client of a dead scheduler may time out
                log.debug("closing the cluster client", exc_info=True)
        self._client = self._address = None


class Watch:
    """Whether the cluster a run was started on is known to be gone: its client lost the
    scheduler (it reconnects, or gave up), or the embedded cluster's process exited or was
    started again. Local reads only (the client's state, the cluster's files): it never
    waits on the cluster it watches."""

    def __init__(self, client: Client) -> None:
        self.client = client
        found = embedded.status()
        address = getattr(getattr(client, "scheduler", None), "address", None)
        self.embedded_pid = found.pid if found.state == "up" and found.address == address else 0

    def gone(self) -> str | None:
        """What happened to the cluster, in words; None while nothing is known."""
        status = str(self.client.status)
        if status != "running":
            return f"its client lost the scheduler (the client is {status})"
        if self.embedded_pid:
            found = embedded.status()
            if found.state == "restarting":
                return "the embedded cluster's process exited"
            if found.pid != self.embedded_pid:
                return "the embedded cluster was started again"
        return None


_unavailable_logged = False


def embedded_cluster() -> tuple[str, Security] | None:
    """The embedded cluster's address and credentials; None to play inline.

    None when this process was not started by gunicorn with the project's configuration
    (tests of the app in-process, ``flask run``), or while the cluster is still starting (a
    few seconds after the server): the run is then played inline, with the same answer,
    rather than waiting for it. While it restarts (its process exited): ClusterRestarting.
    """
    global _unavailable_logged
    found = embedded.status()
    if found.state == "restarting":
        raise ClusterRestarting(found.restarts)
    if found.state != "up":
        if found.state == "starting" and not _unavailable_logged:
            log.warning("embedded simulation cluster not up (yet): playing inline")
            _unavailable_logged = True
        return None
    return found.address, found.security()


CLIENT = ClusterClient()
