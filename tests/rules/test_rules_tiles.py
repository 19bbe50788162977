"""Tiles: notation, canonical form, the double-six set (docs/rules.md section 1).

Expectations come from docs/rules.md only, never from the implementation.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.rules import (
    ALL_TILES,
    MalformedInputError,
    Tile,
    parse_tile,
    parse_tiles,
)

T = TypeVar("T")

# Every (low, high) pair of a double-six set, in the order the interface documents for ALL_TILES.
PAIRS = [(a, b) for a in range(7) for b in range(a, 7)]


def _looks_human(detail: object) -> bool:
    """A sentence-like message: a string with words, not a bare repr or code."""
    return (
        isinstance(detail, str)
        and len(detail) >= 8
        and " " in detail.strip()
        and sum(ch.isalpha() for ch in detail) >= 5
    )


# --- the set -------------------------------------------------------------------------------


def test_all_tiles_is_the_double_six_set_in_documented_order() -> None:
    assert len(ALL_TILES) == 28
    assert len(set(ALL_TILES)) == 28
    assert [(t.low, t.high) for t in ALL_TILES] == PAIRS


def test_tile_index_is_position_in_all_tiles() -> None:
    assert [t.index for t in ALL_TILES] == list(range(28))


def test_tile_values_are_pip_totals() -> None:
    for t in ALL_TILES:
        assert t.value == t.low + t.high
        assert 0 <= t.low <= t.high <= 6


def test_tiles_per_value() -> None:
    per_value = Counter(t.value for t in ALL_TILES)
    assert [per_value[v] for v in range(13)] == [1, 1, 2, 2, 3, 3, 4, 3, 3, 2, 2, 1, 1]


def test_only_value_six_makes_four_of_a_kind_and_extremes_never_pair() -> None:
    per_value = Counter(t.value for t in ALL_TILES)
    assert [v for v, n in per_value.items() if n == 4] == [6]
    assert {v for v, n in per_value.items() if n == 1} == {0, 1, 11, 12}


def test_doubles() -> None:
    doubles = [t for t in ALL_TILES if t.is_double]
    assert [str(t) for t in doubles] == [f"{k}-{k}" for k in range(7)]
    assert all(not t.is_double for t in ALL_TILES if t.low != t.high)


def test_double_blank_is_the_only_value_zero_tile() -> None:
    assert [str(t) for t in ALL_TILES if t.value == 0] == ["0-0"]


def test_tile_is_frozen_and_hashable() -> None:
    t = parse_tile("3-5")
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.low = 4  # type: ignore[misc]
    assert {t: 1}[parse_tile("5-3")] == 1


# --- notation ------------------------------------------------------------------------------


def _notations(a: int, b: int) -> list[object]:
    return [f"{a}-{b}", f"{b}-{a}", f"{a}|{b}", f"{b}|{a}", [a, b], [b, a]]


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_notation_parses_to_the_canonical_tile(a: int, b: int) -> None:
    for obj in _notations(a, b):
        tile = parse_tile(obj)
        assert isinstance(tile, Tile), obj
        assert (tile.low, tile.high) == (a, b), obj
        assert str(tile) == f"{a}-{b}", obj
        assert tile == Tile(a, b)
        assert tile.index == PAIRS.index((a, b))


def test_canonical_output_is_low_end_first() -> None:
    assert str(parse_tile("5-3")) == "3-5"
    assert str(parse_tile("6|0")) == "0-6"
    assert str(parse_tile([4, 2])) == "2-4"
    assert str(parse_tile("3|5")) == "3-5"


def test_an_array_tile_reads_integers_as_json_schema_does() -> None:
    # One dialect with the contract: 5.0 is the integer 5 in JSON Schema, true is no integer.
    assert parse_tile([3, 5.0]) == parse_tile([3.0, 5]) == Tile(3, 5)


MALFORMED = [
    "7-1",
    "3-",
    [1],
    "x",
    True,
    False,
    3.5,
    [3, 5.5],
    [True, 1],
    [1, False],
    None,
    "",
    "3-5-1",
    [-1, 2],
    [3, 5, 1],
    [],
    [7, 0],
    "3-7",
    "-1-2",
    [3, "5"],
    35,
    {"low": 3, "high": 5},
]


@pytest.mark.parametrize("obj", MALFORMED, ids=[repr(o) for o in MALFORMED])
def test_malformed_tile_raises_with_human_detail(obj: object) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_tile(obj)
    err = info.value
    assert isinstance(err, ValueError)
    assert _looks_human(err.detail), err.detail


@pytest.mark.parametrize("obj", ["7-1", [1], None, True], ids=repr)
def test_malformed_tile_reports_the_given_pointer(obj: object) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_tile(obj, pointer="/hand/2")
    assert info.value.pointer == "/hand/2"
    assert ("/hand/2", info.value.detail) in list(info.value.errors)


def test_parse_tiles_accepts_mixed_notations() -> None:
    tiles = parse_tiles(["3-5", [2, 1], "6|6", "4-0"], "/hand", size=4)
    assert [str(t) for t in tiles] == ["3-5", "1-2", "6-6", "0-4"]
    assert isinstance(tiles, tuple)


def test_parse_tiles_without_size() -> None:
    assert [str(t) for t in parse_tiles(["0-0"], "/x")] == ["0-0"]


def test_parse_tiles_points_at_the_bad_element() -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_tiles(["3-5", "9-9", "1-1"], "/hand")
    assert info.value.pointer == "/hand/1"
    assert _looks_human(info.value.detail)


@pytest.mark.parametrize("size", [3, 5])
def test_parse_tiles_checks_size(size: int) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_tiles(["3-5", "1-2", "6-6", "0-4"], "/hand", size=size)
    assert info.value.pointer.startswith("/hand")
    assert _looks_human(info.value.detail)


@pytest.mark.parametrize("repeat", ["3-5", "5-3", "3|5", [5, 3]], ids=repr)
def test_parse_tiles_rejects_a_repeated_tile_in_any_notation(repeat: object) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_tiles(["3-5", "1-2", repeat], "/hand")
    assert info.value.pointer.startswith("/hand")
    assert _looks_human(info.value.detail)


# --- notation outside the four forms -------------------------------------------------------
# docs/rules.md section 1 and docs/core-interface.md: "3-5", "5-3", "3|5" or [3, 5]; "anything else
# raises MalformedInputError". openapi.yaml publishes the same as the pattern ^[0-6][-|][0-6]$.

NON_ASCII_DIGITS = [
    "\uff13-\uff15",  # fullwidth 3-5
    "\u0663-\u0665",  # Arabic-Indic 3-5
    "\u0969-\u096b",  # Devanagari 3-5
    "3-\uff15",
]
WHITESPACE = [" 3-5", "3-5 ", "3 - 5", "3-5\n", "\t3|5"]


@pytest.mark.parametrize("obj", NON_ASCII_DIGITS)
def test_non_ascii_digits_are_malformed(obj: str) -> None:
    with pytest.raises(MalformedInputError):
        parse_tile(obj)


@pytest.mark.parametrize("obj", WHITESPACE, ids=repr)
def test_whitespace_around_a_tile_is_malformed(obj: str) -> None:
    with pytest.raises(MalformedInputError):
        parse_tile(obj)


# --- fuzz: never anything but a tile or MalformedInputError --------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.floats(allow_nan=True)
    | st.text(alphabet="0123456789-| x.eE+", max_size=6)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


def _attempt(parse: Callable[[], T]) -> tuple[T | None, MalformedInputError | None]:
    try:
        return parse(), None
    except MalformedInputError as err:
        return None, err


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_parse_tile_fuzz(obj: object) -> None:
    tile, err = _attempt(lambda: parse_tile(obj, pointer="/t"))
    if err is not None:
        assert err.pointer == "/t"
        assert _looks_human(err.detail)
    else:
        assert tile in ALL_TILES


@settings(max_examples=200, deadline=None)
@given(st.lists(JSON | st.sampled_from(["3-5", "5|3", [1, 2], "6-6", "0-0"]), max_size=6))
def test_parse_tiles_fuzz(objs: list[object]) -> None:
    tiles, err = _attempt(lambda: parse_tiles(objs, "/hand"))
    if err is not None:
        assert err.pointer.startswith("/hand")
    else:
        assert tiles is not None
        assert len(tiles) == len(objs) == len(set(tiles))
        assert all(t in ALL_TILES for t in tiles)
