"""The tests' own gunicorn starter: its port is one no outgoing connection is given, and a
port taken before gunicorn binds it costs a retry, not a red run."""

from __future__ import annotations

import socket
from pathlib import Path

import live_server
import pytest
from live_server import free_port, serve


def test_a_free_port_lies_below_the_kernels_ephemeral_ports() -> None:
    start = live_server._ephemeral_ports_start()
    if start <= 11_000:
        pytest.skip(f"ephemeral ports start at {start}: no room below them")
    ports = {free_port() for _ in range(20)}
    assert all(10_000 <= port < start for port in ports), ports


def test_a_server_whose_port_was_taken_starts_on_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bound, not listening: as an outgoing connection holds a port (one that listened would
    # also take the readiness probes' connections and keep them waiting for an answer).
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        ports = iter([taken.getsockname()[1], free_port()])
        monkeypatch.setattr(live_server, "free_port", lambda: next(ports))
        with serve(tmp_path / "server.log", workers=1) as server:
            assert server.port != taken.getsockname()[1]
            assert server.request("GET", "/readyz").status == 200
