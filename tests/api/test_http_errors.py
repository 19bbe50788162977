"""Every failure is an RFC 9457 problem, Flask's own errors included; no traceback leaks."""

from __future__ import annotations

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring_api.app import MAX_CONTENT_LENGTH, create_app

from .contract import ContractClient, problem_of

SCORE = "/v1/hands/score"


@pytest.mark.parametrize(
    "raw", ['{"hand": [', "", "{'hand': 1}", '{"claimed": NaN}', "[" * 100_000, b"\xff\xfe"]
)
def test_malformed_json_is_400(api: ContractClient, raw: str | bytes) -> None:
    data = raw if isinstance(raw, bytes) else raw.encode()
    problem_of(api.request("POST", SCORE, data=data, content_type="application/json"), 400)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_wrong_content_type_is_415(api: ContractClient, content_type: str | None) -> None:
    response = api.request("POST", SCORE, data=b'{"hand": []}', content_type=content_type)
    assert "application/json" in problem_of(response, 415)["detail"]


def test_body_too_large_is_413(api: ContractClient) -> None:
    body = b'{"hands": [' + b" " * MAX_CONTENT_LENGTH + b"]}"
    response = api.request(
        "POST", "/v1/hands/score-batch", data=body, content_type="application/json"
    )
    problem_of(response, 413)


def test_unknown_route_is_404(api: ContractClient) -> None:
    problem_of(api.get("/v1/nothing-here"), 404)


def test_wrong_method_is_405_with_allow(api: ContractClient) -> None:
    response = api.get(SCORE)
    problem_of(response, 405)
    assert "POST" in response.headers["Allow"]


def test_unexpected_error_is_500_without_traceback() -> None:
    app: Flask = create_app({"TESTING": False})

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    body = problem_of(response, 500)
    assert "secret internals" not in response.get_data(as_text=True)
    assert body["title"] == "Internal Server Error"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 130)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
TILE_LIKE = st.sampled_from(["3-5", "5|3", "6-6", "0-0", "3-3"]) | st.lists(
    st.integers(0, 6), min_size=2, max_size=2
)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    path=st.sampled_from(
        [SCORE, "/v1/hands/score-batch", "/v1/pegging/score", "/v1/plays/validate"]
    ),
    body=st.fixed_dictionaries(
        {},
        optional={
            "hand": st.lists(TILE_LIKE | JSON, max_size=5),
            "starter": TILE_LIKE | JSON,
            "hands": st.lists(JSON, max_size=3) | JSON,
            "plays": st.lists(
                st.fixed_dictionaries(
                    {"player": st.integers(0, 1)}, optional={"tile": TILE_LIKE, "go": JSON}
                ),
                max_size=6,
            ),
            "play": JSON,
            "rules": JSON,
            "dealer": JSON,
            "claimed": JSON,
        },
    ),
)
def test_no_input_gives_a_500(api: ContractClient, path: str, body: dict[str, object]) -> None:
    assert api.post(path, body).status_code in {200, 422}


def test_a_422_quotes_each_bad_value_once(api: ContractClient) -> None:
    """Issue 50, item 5: the detail repeated every error's own words, bad value and all
    (and the page shows both). It names the fields; each error says what is wrong."""
    body = {"hand": ["3-3", "1-5", "2-4", "9-9"], "starter": "7-7"}
    response = api.post(SCORE, body)
    problem = problem_of(response, 422)
    assert problem["detail"] == "The request body has invalid fields: /hand/3, /starter"
    assert [error["pointer"] for error in problem["errors"]] == ["/hand/3", "/starter"]
    text = response.get_data(as_text=True)
    assert text.count("9-9") == 1
    assert text.count("7-7") == 1
