"""Garbage from other apps, sent to the real service: each gets its documented 4xx
(problem+json) quickly, and the workers stay healthy.

The documented answers (README "Errors", openapi.yaml): 400 not JSON (deep nesting past
the parser's 1,024 levels, non-UTF-8 bytes, 1e309, NaN/Infinity, an object repeating a
name), 413 a body over 2 MiB (with Content-Length or chunked), 415 not application/json,
422 JSON whose fields break the contract (too many items, nesting where a tile belongs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_server import VALID_HAND, Answer, Server

from .helpers import QUICK_SECONDS, check_healthy, check_problem

MIB = 1024 * 1024

POSTS = [
    "/v1/hands/score",
    "/v1/hands/score-batch",
    "/v1/pegging/score",
    "/v1/plays/validate",
    "/v1/simulations",
    "/v1/discards/advise",
]
# A valid body per endpoint, and where in it a hostile value goes (the value replaces "@").
SLOTS = {
    "/v1/hands/score": [
        '{"hand": @, "starter": "0-6"}',
        '{"hand": ["3-3", "1-5", "2-4", @], "starter": "0-6"}',
        '{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": @}',
    ],
    "/v1/hands/score-batch": ['{"hands": @}', '{"hands": [@]}', '{"hands": [], "rules": @}'],
    "/v1/pegging/score": ['{"plays": @}', '{"plays": [{"player": 0, "tile": @}]}'],
    "/v1/plays/validate": [
        '{"plays": [], "play": @}',
        '{"plays": [], "play": {"player": @, "tile": "3-4"}}',
    ],
    "/v1/simulations": [
        '{"games": @, "players": [{"strategy": "random"}, {"strategy": "random"}]}',
        '{"games": 1, "players": [@, {"strategy": "random"}]}',
    ],
    "/v1/discards/advise": [
        '{"tiles": @, "dealer": true}',
        '{"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": @}',
    ],
}


def send(
    server: Server, path: str, body: bytes, content_type: str | None = "application/json"
) -> Answer:
    headers = {"Content-Type": content_type} if content_type else {}
    started = time.monotonic()
    answer = server.request("POST", path, body, headers, timeout=QUICK_SECONDS * 4)
    took = time.monotonic() - started
    assert took < QUICK_SECONDS, f"{path} took {took:.1f} s"
    return answer


@pytest.fixture(autouse=True)
def healthy_after(live: Server) -> Iterator[None]:
    yield
    check_healthy(live)


def chunked(server: Server, path: str, body: bytes, piece: int = 64 * 1024) -> Answer:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=QUICK_SECONDS * 4)
    try:
        conn.putrequest("POST", path)
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Transfer-Encoding", "chunked")
        conn.endheaders()
        try:
            for start in range(0, len(body), piece):
                chunk = body[start : start + piece]
                conn.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            conn.send(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before reading everything
        response = conn.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return Answer(response.status, headers, response.read())
    finally:
        conn.close()


# ---- fixed cases: one per kind of garbage the issue names ----------------------------------


@pytest.mark.parametrize("path", POSTS)
def test_ten_megabytes_is_413(live: Server, path: str) -> None:
    body = b'{"hands": [' + b" " * (10 * MIB) + b"]}"
    check_problem(send(live, path, body), 413)


@pytest.mark.parametrize("size", [2 * MIB, 10 * MIB])
def test_ten_megabytes_chunked_is_413(live: Server, size: int) -> None:
    # Valid JSON if cut at 2 MiB: the old answer was a 200 (or a 400) for a body over the limit.
    body = json.dumps(VALID_HAND).encode() + b" " * size
    check_problem(chunked(live, "/v1/hands/score", body), 413)


def test_a_small_chunked_body_is_read(live: Server) -> None:
    answer = chunked(live, "/v1/hands/score", json.dumps(VALID_HAND).encode(), piece=7)
    assert answer.status == 200
    assert answer.json()["total"] == 24


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"[" * 1025 + b"]" * 1025, 400),  # past orjson's depth limit
        (b'{"a":' * 5000 + b"1" + b"}" * 5000, 400),
        (b'{"hand": ' + b"[" * 1000 + b"]" * 1000 + b', "starter": "0-6"}', 422),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": 1e309}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": -1e309}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": NaN}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": Infinity}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": -Infinity}', 400),
        (
            b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": 1'
            + b"0" * 400
            + b"}",
            400,
        ),  # an integer past a double's range, like 1e309
        (
            b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "claimed": 1'
            + b"0" * 29
            + b"}",
            422,
        ),  # a double, out of the claim's range
        (b'{"hand": ["3-3", "1-5", "2-4", "0\xff3"], "starter": "0-6"}', 400),
        (b'\xfe\xff{"hand": []}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "\xed\xa0\x80"}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "starter": "6-6"}', 400),
        (b'{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6", "st\\u0061rter": "6-6"}', 400),
        (
            b'{"hands": [{"hand": ["3-3", "1-5", "2-4", "0-3"], "hand": ["3-3", "1-5", "2-4", '
            b'"0-4"], "starter": "0-6"}]}',
            400,
        ),
    ],
)
def test_garbage_json_gets_its_4xx(live: Server, raw: bytes, status: int) -> None:
    path = "/v1/hands/score-batch" if raw.startswith(b'{"hands"') else "/v1/hands/score"
    check_problem(send(live, path, raw), status)


def test_huge_arrays_are_422_naming_the_field(live: Server) -> None:
    hand = json.dumps(VALID_HAND)
    batch = ('{"hands": [' + ",".join([hand] * 10_001) + "]}").encode()
    assert len(batch) < 2 * MIB
    problem = check_problem(send(live, "/v1/hands/score-batch", batch), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/hands"]
    zeros = ('{"hands": [' + ",".join(["0"] * 900_000) + "]}").encode()
    assert len(zeros) < 2 * MIB
    check_problem(send(live, "/v1/hands/score-batch", zeros), 422)
    plays = json.dumps({"plays": [{"player": i % 2, "go": True} for i in range(60_000)]})
    assert len(plays) < 2 * MIB
    problem = check_problem(send(live, "/v1/pegging/score", plays.encode()), 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/plays"]


def test_many_unknown_fields_are_a_bounded_422(live: Server) -> None:
    body = dict(VALID_HAND) | {f"x{i}": i for i in range(50_000)}
    problem = check_problem(send(live, "/v1/hands/score", json.dumps(body).encode()), 422)
    assert len(problem["errors"]) == 100
    assert problem["more_errors"] == 49_900


# ---- generated cases ---------------------------------------------------------------------

WRONG_TYPES = st.sampled_from(
    [
        None,
        "text/plain",
        "text/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/octet-stream",
        "application/x-ndjson",
        "application/jsonx",
        "image/png",
    ]
)
HOSTILE_SETTINGS = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@HOSTILE_SETTINGS
@given(path=st.sampled_from(POSTS), content_type=WRONG_TYPES, body=st.binary(max_size=2000))
def test_wrong_content_type_is_415(
    live: Server, path: str, content_type: str | None, body: bytes
) -> None:
    check_problem(send(live, path, json.dumps(VALID_HAND).encode() + body, content_type), 415)


@HOSTILE_SETTINGS
@given(
    path=st.sampled_from(POSTS),
    depth=st.integers(1025, 20_000),
    opener=st.sampled_from([(b"[", b"]"), (b'{"k":', b"}"), (b'[{"a":[', b"]}]")]),
)
def test_nesting_past_the_parser_limit_is_400(
    live: Server, path: str, depth: int, opener: tuple[bytes, bytes]
) -> None:
    body = opener[0] * depth + b"1" + opener[1] * depth
    if len(body) > 2 * MIB:
        return
    check_problem(send(live, path, body), 400)


@HOSTILE_SETTINGS
@given(
    data=st.data(),
    path=st.sampled_from(POSTS),
    depth=st.integers(1, 300),
    opener=st.sampled_from([(b"[", b"]"), (b'{"k":', b"}")]),
)
def test_nesting_in_a_field_is_422(
    live: Server, data: st.DataObject, path: str, depth: int, opener: tuple[bytes, bytes]
) -> None:
    slot = data.draw(st.sampled_from(SLOTS[path]))
    value = opener[0] * depth + b"1" + opener[1] * depth
    check_problem(send(live, path, slot.encode().replace(b"@", value)), 422)


@HOSTILE_SETTINGS
@given(
    data=st.data(),
    path=st.sampled_from(POSTS),
    garbage=st.binary(min_size=1, max_size=64).filter(lambda b: not _utf8(b)),
)
def test_non_utf8_bytes_are_400(
    live: Server, data: st.DataObject, path: str, garbage: bytes
) -> None:
    slot = data.draw(st.sampled_from(SLOTS[path]))
    check_problem(send(live, path, slot.encode().replace(b"@", b'"' + garbage + b'"')), 400)


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


NOT_JSON_NUMBERS = st.sampled_from([b"NaN", b"Infinity", b"-Infinity", b"nan", b"inf"]) | st.builds(
    lambda sign, mantissa, exponent: b"%s%de%d" % (sign, mantissa, exponent),
    st.sampled_from([b"", b"-"]),
    st.integers(1, 9),
    st.integers(309, 100_000),
)


@HOSTILE_SETTINGS
@given(data=st.data(), path=st.sampled_from(POSTS), number=NOT_JSON_NUMBERS)
def test_numbers_json_cannot_hold_are_400(
    live: Server, data: st.DataObject, path: str, number: bytes
) -> None:
    slot = data.draw(st.sampled_from(SLOTS[path]))
    check_problem(send(live, path, slot.encode().replace(b"@", number)), 400)


@HOSTILE_SETTINGS
@given(path=st.sampled_from(POSTS), data=st.data())
def test_a_repeated_name_is_400(live: Server, path: str, data: st.DataObject) -> None:
    slot = data.draw(st.sampled_from(SLOTS[path]))
    value = data.draw(st.sampled_from(['"0-6"', "1", "[]", "{}", '"a:b"', "null"]))
    document = slot.replace("@", value)
    # repeat the first member of the top-level object, anywhere among the members
    name = document[1 : document.index(":")].strip()
    spare = f"{name}: {value}, "
    body = "{" + spare + document[1:]
    check_problem(send(live, path, body.encode()), 400)
