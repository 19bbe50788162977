"""TLS for the embedded Dask cluster: only holders of this start's key may connect.

Dask's own protocol is not authenticated and its scheduler and workers unpickle what they
are sent, so anyone who can reach a port could run code as the service. The embedded
cluster therefore speaks ``tls://`` with client certificates required both ways
(``distributed.Security``): at each start of the cluster's process a fresh key and
self-signed certificate are made (``distributed.Security.temporary``, by ``cryptography``)
and written, readable by the service's user alone, into the cluster's 0700 directory; the
scheduler, its workers and the gunicorn workers load them from there. A certificate is
its own authority, so a peer with another key (or none) fails the handshake.

``LOCKED_DASK`` also limits the HTTP servers of the scheduler and workers to ``/health``
and ``/metrics`` (no ``/info``, ``/json``, ``/eventstream``, ``/proxy``, ``/statics``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Security

CERT = "cert.pem"
KEY = "key.pem"
LOCKED_DASK = {
    "DASK_DISTRIBUTED__SCHEDULER__HTTP__ROUTES": (
        "['distributed.http.scheduler.prometheus', 'distributed.http.health']"
    ),
    "DASK_DISTRIBUTED__WORKER__HTTP__ROUTES": (
        "['distributed.http.worker.prometheus', 'distributed.http.health']"
    ),
}


def _write_private(path: Path, text: str) -> None:
    """Write a file only its owner may read, atomically (a reader never sees half)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.unlink(missing_ok=True)
    fd = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(text)
    os.replace(temporary, path)


def make(directory: Path) -> Security:
    """Fresh credentials, written into ``directory``; the cluster's side of them."""
    from distributed import Security

    fresh = Security.temporary()
    _write_private(directory / KEY, fresh.tls_client_key)
    _write_private(directory / CERT, fresh.tls_client_cert)
    return for_role(directory, roles=("scheduler", "worker", "client"))


def for_role(directory: Path, roles: tuple[str, ...] = ("client",)) -> Security:
    """The Security of the credentials in ``directory`` for ``roles`` (a client's alone by
    default), encryption required."""
    from distributed import Security

    cert, key = str(directory / CERT), str(directory / KEY)
    files: dict[str, str] = {}
    for role in roles:
        files[f"tls_{role}_cert"] = cert
        files[f"tls_{role}_key"] = key
    return Security(require_encryption=True, tls_ca_file=cert, **files)


def main() -> None:
    """``python -m scoring_api.sim_cluster.credentials DIR``: write a key and certificate for
    a cluster of your own (``tls://``, docs/deploy.md) into DIR, readable by you alone."""
    import sys

    directory = Path(sys.argv[1])
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    make(directory)
    print(f"wrote {directory / CERT} and {directory / KEY}")


if __name__ == "__main__":
    main()
