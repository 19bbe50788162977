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

from .embedded import scheduler_address

if TYPE_CHECKING:
    from distributed import Client

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10


class ClusterUnavailable(Exception):  # noqa: N818 - names the 503 it becomes
    """The configured scheduler cannot be reached."""


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
            found = scheduler_address()
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
