"""One client cannot hold the simulation slots: a per-client share, and streams that cannot
write give their slot back (gunicorn alone, as ``./scripts/serve`` runs it).

Two client addresses on loopback (127.0.0.1 and 127.0.0.2). A cap of 2 simulations at once,
1 per client, a send timeout of 2 s, simulations played inline (no cluster to start).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from live_server import Server, serve

STREAM_SECONDS = 60
SEND_SECONDS = 2
ENV = {
    "SCORING_API_MAX_SIMULATIONS": "2",
    "SCORING_API_CLIENT_SIMULATIONS": "1",
    "SCORING_API_SEND_SECONDS": str(SEND_SECONDS),
    "SCORING_API_STREAM_SECONDS": str(STREAM_SECONDS),
    "SCORING_API_SCHEDULER": "off",
}
RANDOM = [{"strategy": "random"}, {"strategy": "random"}]
SMALL = {"games": 10, "players": RANDOM}
A, B = "127.0.0.1", "127.0.0.2"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("fair") / "server.log", workers=2, env=ENV) as running:
        yield running


def simulate(server: Server, source: str, body: dict[str, Any]) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=30, source_address=(source, 0)
    )
    conn.request("POST", "/v1/simulations", json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


@contextlib.contextmanager
def stream_held(
    server: Server,
    source: str,
    body: dict[str, Any],
    rcvbuf: int = 0,
    accept: str = "application/x-ndjson",
) -> Iterator[socket.socket]:
    """A simulation stream (or with ``accept`` JSON, a whole answer) from ``source`` whose
    answer this side does not read."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", server.port))
    data = json.dumps(body).encode()
    sock.sendall(
        b"POST /v1/simulations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Accept: %s\r\nContent-Length: %d\r\n\r\n%s" % (accept.encode(), len(data), data)
    )
    try:
        yield sock
    finally:
        sock.close()


def until_admitted(server: Server, source: str, seconds: float) -> float:
    """Seconds until a small simulation from ``source`` is answered 200 (fails past ``seconds``)."""
    started = time.monotonic()
    while True:
        response = simulate(server, source, SMALL)
        if response.status == 200:
            return time.monotonic() - started
        assert response.status == 503, response.status
        assert time.monotonic() - started < seconds, "still refused"
        time.sleep(0.2)


def test_one_client_holds_its_share_and_another_client_gets_a_slot(server: Server) -> None:
    long_stream = {"games": 1_000_000, "players": RANDOM, "lines": "shards"}
    with stream_held(server, A, long_stream) as sock:
        assert sock.recv(12).startswith(b"HTTP/1.1 200")
        refused = simulate(server, A, SMALL)
        assert refused.status == 503
        retry = int(refused.headers["Retry-After"])
        # The truth: the stream's slot is free by its budget plus the send timeout at the latest.
        assert 1 <= retry <= STREAM_SECONDS + SEND_SECONDS
        assert simulate(server, B, SMALL).status == 200  # the other client is served
    print(f"A refused with Retry-After {retry}; B served")
    until_admitted(server, A, 20)  # A's stream gone: its slot is free again


def test_a_stream_that_cannot_write_gives_its_slot_back(server: Server) -> None:
    flood = {"games": 100_000, "players": RANDOM}  # per-game lines, faster than never read
    with stream_held(server, A, flood, rcvbuf=4096):
        time.sleep(0.5)
        assert simulate(server, A, SMALL).status == 503  # its share is held...
        waited = until_admitted(server, A, STREAM_SECONDS / 2)  # ...until the write times out
    print(f"a stream never read gave its slot back {waited:.1f} s later")
    assert _logged(server, '"stream":true', '"completed":false'), "its line says it was cut"


def test_an_answer_never_read_counts_against_its_client_until_it_is_cut_off(
    server: Server,
) -> None:
    """Issue 50, item 2: a whole JSON answer's slot was handed back once the answer was made,
    before it was written: 12 such answers from one address, never read, held all 8 request
    threads (another client's hand score waited 27 s under gunicorn alone). Now it counts
    until written, and a client that takes none of its bytes for the send timeout is cut
    off."""
    body = {"games": 100, "seed": 7, "transcripts": True, "rules": {"players": 4, "target": 121}}
    body["players"] = [{"strategy": "expected"}] * 4  # about 3 MB of JSON
    with stream_held(server, A, body, rcvbuf=4096, accept="application/json") as sock:
        sock.settimeout(60)
        assert sock.recv(12).startswith(b"HTTP/1.1 200")  # made, and being written
        refused = simulate(server, A, SMALL)
        assert refused.status == 503  # its client's share: the answer is not written yet
        assert simulate(server, B, SMALL).status == 200  # the other client is served
        waited = until_admitted(server, A, 30)  # ...until the write is cut off
    print(f"an answer never read gave its slot back {waited:.1f} s later")
    assert _logged(server, '"route":"/v1/simulations"', '"written":false'), "it was cut off"


def _logged(server: Server, *marks: str) -> list[str]:
    """The server's log lines that have every one of ``marks``."""
    lines = server.tail(200_000).splitlines()
    return [line for line in lines if all(mark in line for mark in marks)]
