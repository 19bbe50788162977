"""The simulator's key scheme (scoring_api/sim/streams.py): each stream is where its docstring
says, regions of a game never share a word, and a knowledge key tells apart everything it
packs."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from scoring_api.rules.stream import seeded
from scoring_api.sim.streams import (
    DEAL,
    DEAL_SHIFT,
    FIRST_DEALER,
    GO,
    KNOWN,
    REGION_SHIFT,
    SEAT,
    STREAM_VERSION,
    game_stream,
    known_stream,
    lay_away_key,
    opening_key,
    record_key,
    region,
    turn_key,
)


def _words(stream: object, n: int) -> list[int]:
    return [stream.word() for _ in range(n)]  # type: ignore[attr-defined]


def test_a_game_is_its_runs_child_and_a_region_is_a_seek_of_it() -> None:
    game = game_stream(42, 7)
    root_child = seeded(42).child(7)
    assert (game.k0, game.k1, game.n0, game.n1) == (
        root_child.k0, root_child.k1, root_child.n0, root_child.n1,
    )  # fmt: skip
    deal = region(game, DEAL, 3 << DEAL_SHIFT)
    by_hand = seeded(42).child(7)
    by_hand.seek((DEAL << REGION_SHIFT) + (3 << DEAL_SHIFT))
    assert _words(deal, 9) == _words(by_hand, 9)
    first = region(game, FIRST_DEALER)
    seat = region(game, SEAT + 1)
    assert _words(first, 8) != _words(seat, 8)
    assert _words(game, 4) != _words(region(game, SEAT), 4)  # block 0 is the deal's


def test_the_version_is_the_new_stream() -> None:
    assert STREAM_VERSION == 2


def test_a_knowledge_stream_is_the_known_roots_path_of_children() -> None:
    key = lay_away_key(2, False, True, 0b111111)
    by_hand = KNOWN.child(key[0]).child(key[1])
    assert _words(known_stream(key), 6) == _words(by_hand, 6)
    assert KNOWN.block == 0  # the root is never drawn from


def test_every_turn_field_moves_the_key() -> None:
    base: dict[str, object] = {
        "seat": 1, "dealer": 0, "own": 0b1011 | 1 << 27, "seen": 0b1111 | 1 << 27,
        "count_values": (5, 10), "last": 0, "held": (3, 4), "above": (-1, 20),
        "passed": (False, True),
    }  # fmt: skip
    changed = [
        ("seat", 0), ("dealer", 1), ("own", 0b0111), ("seen", 0b11111), ("count_values", (10, 5)),
        ("count_values", (5, 10, 0)), ("last", None), ("last", 1), ("held", (4, 3)),
        ("above", (-1, 19)), ("above", (0, 20)), ("passed", (True, True)),
    ]  # fmt: skip
    keys = {turn_key(**base)}  # type: ignore[arg-type]
    for field, value in changed:
        keys.add(turn_key(**(base | {field: value})))  # type: ignore[arg-type]
    assert len(keys) == len(changed) + 1
    assert all(0 <= word < 1 << 63 for key in keys for word in key)


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, GO)), max_size=40),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, GO)), max_size=40),
)
def test_records_with_other_events_have_other_keys(
    a: list[tuple[int, int]], b: list[tuple[int, int]]
) -> None:
    key_a = record_key(4, True, 2, 27, 3, 0b11111 << 20, a)
    key_b = record_key(4, True, 2, 27, 3, 0b11111 << 20, b)
    assert (key_a == key_b) == (a == b)
    assert all(0 <= word < 1 << 63 for word in key_a)


def test_openings_and_lay_aways_pack_each_field() -> None:
    openings = {
        opening_key(players, partners, dealer, seat, drawn)
        for players, partners, dealer, seat, drawn in product(
            (2, 3, 4), (False, True), (0, 3), (0, 2), (0b111111, 0b111111 << 22)
        )
    }
    assert len(openings) == 3 * 2 * 2 * 2 * 2
    lay_aways = {
        lay_away_key(players, partners, own_crib, drawn)
        for players, partners, own_crib, drawn in product(
            (2, 3, 4), (False, True), (False, True), (0b111111, 0b111111 << 22)
        )
    }
    assert len(lay_aways) == 3 * 2 * 2 * 2
    kinds = {key[0] for key in (*openings, *lay_aways)}
    assert len(kinds) == 2
