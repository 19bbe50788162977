"""The embedded cluster refuses strangers, and comes back when its process is killed.

One gunicorn with the embedded cluster (two Dask workers), as ``./scripts/serve`` runs it.
Every TCP port any process of the server listens on is found from the processes
themselves (psutil), not listed by hand; on each, a Dask client without this start's
credentials (none: plain ``tcp://``; or a key of its own over ``tls://``) must fail to
connect and so to run anything, and the HTTP servers answer only ``/health`` and
``/metrics``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import stat
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from live_server import Server, serve

from .helpers import RUN, SIMULATE, SMALL_SHARDS, metric, wait_until

DASK_PORTS = 5  # the scheduler, 2 nannies, 2 workers
HTTP_PORTS = 3  # the scheduler's and each worker's /health and /metrics
HIDDEN = (
    "/",
    "/status",
    "/info/main/workers.html",
    "/json/identity.json",
    "/eventstream",
    "/proxy/8786/x/y",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    logs = tmp_path_factory.mktemp("embedded-security")
    with serve(logs / "server.log", workers=1, env=SMALL_SHARDS) as running:
        running.wait_cluster()
        yield running


def listening_ports(server: Server) -> dict[int, int]:
    """port -> pid, for every TCP port a process of the server listens on."""
    master = psutil.Process(server.process.pid)
    ports = {}
    for process in [master, *master.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            for connection in process.net_connections(kind="tcp"):
                if connection.status == psutil.CONN_LISTEN:
                    ports[connection.laddr.port] = process.pid
    return ports


def http_status(port: int, path: str) -> int | None:
    """The status a GET answers, or None when the port does not speak plain HTTP."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


def sitemap(port: int) -> list[str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    try:
        connection.request("GET", "/sitemap.json")
        paths: list[str] = json.loads(connection.getresponse().read())["paths"]
        return paths
    finally:
        connection.close()


def strangers(ports: set[int]) -> dict[str, str]:
    """What a Dask client without the server's credentials got on each port (stranger.py)."""
    script = Path(__file__).with_name("stranger.py")
    done = subprocess.run(
        [sys.executable, str(script), *map(str, sorted(ports))],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    results: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return results


def test_every_port_refuses_a_client_without_the_credentials(server: Server) -> None:
    ports = listening_ports(server)
    web = {port for port in ports if http_status(port, "/health") == 200}
    dask = set(ports) - web - {server.port}  # the API's own port: gunicorn's
    assert len(web) == HTTP_PORTS, (web, ports)
    assert len(dask) == DASK_PORTS, (dask, ports)
    for port in web:
        assert http_status(port, "/metrics") == 200
        for path in HIDDEN:
            assert http_status(port, path) == 404, (port, path)
        assert sitemap(port) == ["/health", "/metrics", "/sitemap.json"]  # Dask's own list
    tried = strangers(set(ports))
    assert len(tried) == 3 * len(ports)
    assert not [name for name, result in tried.items() if "ran" in result or "run" in result], tried
    print(f"{len(ports)} ports refused strangers: Dask {sorted(dask)}, HTTP {sorted(web)}")


def test_the_credentials_are_the_service_users_alone(server: Server) -> None:
    address = server.wait_cluster()
    assert address.startswith("tls://127.0.0.1:")
    directory = next(
        Path(arg.decode()).parent
        for pid in server.children()
        if (argv := server._cluster_command(pid)) is not None
        for arg in argv[argv.index(b"scoring_api.sim_cluster.embedded") + 1 :][:1]
    )
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    for name in ("cert.pem", "key.pem"):
        assert stat.S_IMODE((directory / name).stat().st_mode) == 0o600


def cluster_rss(server: Server) -> int:
    master = psutil.Process(server.process.pid)
    total = 0
    for process in master.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            total += process.memory_info().rss
    return total


def test_stray_bytes_on_the_cluster_ports_allocate_nothing_big(server: Server) -> None:
    before = cluster_rss(server)
    # Dask's frame header: a count of frames, then their lengths; here 2**40 bytes claimed.
    header = struct.pack("<QQQ", 1, 0, 2**40)
    for port in listening_ports(server):
        for payload in (header, b"\x16\x03\x01" + header, b"GET / HTTP/1.1\r\n" + os.urandom(4096)):
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", port), 3) as sock,
            ):
                sock.settimeout(3)
                sock.sendall(payload * 64)
                with contextlib.suppress(OSError):
                    sock.recv(1024)
    time.sleep(1)
    grown = cluster_rss(server) - before
    assert grown < 64 * 2**20, f"the cluster's processes grew by {grown / 2**20:.0f} MB"
    assert server.post_json(SIMULATE, RUN, timeout=120).status == 200  # still serves


def test_a_killed_cluster_is_restarted_and_serves_again(server: Server) -> None:
    before = server.wait_cluster()
    (cluster,) = [pid for pid in server.children() if server._cluster_command(pid)]
    os.kill(cluster, signal.SIGKILL)
    wait_until(lambda: server.request("GET", "/readyz").status == 503, 10, "/readyz says 503")
    refused = server.post_json(SIMULATE, RUN, timeout=30)
    ready = server.request("GET", "/readyz")
    if refused.status == 503:  # unless it was already back (it takes a few seconds)
        assert "restarting" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        assert ready.json()["cluster"] == "restarting"
        assert int(ready.headers["retry-after"]) >= 1
    killed_at = time.monotonic()
    wait_until(lambda: server.request("GET", "/readyz").status == 200, 60, "the cluster back")
    back = time.monotonic() - killed_at
    after = server.wait_cluster()
    assert after != before
    assert json.loads(server.request("GET", "/readyz").body)["cluster"] == "up"
    answer = server.post_json(SIMULATE, RUN, timeout=120)
    assert answer.status == 200, answer.body[:300]
    assert metric(server, "simulation_cluster_restarts_total") == 1
    assert metric(server, "simulation_cluster_up") == 1
    print(f"the cluster was back {back:.1f} s after its process was killed")
