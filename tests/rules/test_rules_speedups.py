"""The rules core's speed devices give the answers of the plain computations they replace.

Tile masks, the fitting-tiles table, the memo and the value keys sit under the referee, the
show table and the advisor: each is checked here against a direct computation.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring_api.rules import ALL_TILES
from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.memo import Memo
from scoring_api.rules.referee import FITTING, PlayReferee
from scoring_api.rules.show import VALUE_COUNTS, value_keys, values_of_key
from scoring_api.rules.tiles import BY_VALUE, VALUE_MASKS, tile_mask, tiles_in

tile_sets = st.sets(st.sampled_from(ALL_TILES), max_size=6)


@given(tile_sets)
def test_a_mask_holds_exactly_its_tiles_lowest_value_first(tiles: set) -> None:
    mask = tile_mask(tiles)
    assert [tile for tile in ALL_TILES if mask & tile.bit] == sorted(tiles)
    assert list(tiles_in[mask]) == sorted(tiles, key=lambda tile: (tile.value, tile))


def test_masks_of_values_and_of_what_fits() -> None:
    assert list(BY_VALUE) == sorted(ALL_TILES, key=lambda tile: (tile.value, tile))
    for value, mask in enumerate(VALUE_MASKS):
        assert set(tiles_in[mask]) == {tile for tile in ALL_TILES if tile.value == value}
    for room in range(MAX_COUNT + 1):
        assert set(tiles_in[FITTING[room]]) == {t for t in ALL_TILES if t.value <= room}


@given(st.lists(st.sampled_from(ALL_TILES), min_size=8, max_size=8, unique=True), st.data())
def test_the_referee_offers_the_tiles_that_fit_and_refuses_a_go_while_one_does(
    tiles: list, data: st.DataObject
) -> None:
    hands = [tiles[:4], tiles[4:]]
    referee = PlayReferee(players=2, dealer=1, hands=hands)
    held = [list(hand) for hand in hands]
    while not referee.complete:
        player = referee.turn
        assert player is not None
        room = MAX_COUNT - referee.count
        fitting = sorted((t for t in held[player] if t.value <= room), key=lambda t: (t.value, t))
        assert list(referee.playable(player)) == fitting
        assert (referee.go_refusal(player) is None) == (not fitting)
        if fitting:
            tile = data.draw(st.sampled_from(fitting))
            referee.lay(player, tile)
            held[player].remove(tile)
        else:
            referee.go(player)
    assert held == [[], []]


def test_a_memo_computes_each_key_once_and_empties_itself_when_full() -> None:
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    memo = Memo(square, 3)
    assert [memo[n] for n in (1, 2, 1, 3, 2)] == [1, 4, 1, 9, 4]
    assert calls == [1, 2, 3]
    assert memo[4] == 16  # full: forgets 1, 2 and 3, then remembers 4
    assert memo.table == {4: 16}
    assert memo[1] == 1
    assert calls == [1, 2, 3, 4, 1]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_value_keys_are_order_free_and_decode_to_their_multiset(size: int) -> None:
    seen: dict[int, tuple[int, ...]] = {}
    for values in combinations_with_replacement(range(13), size):
        if any(values.count(v) > VALUE_COUNTS[v] for v in values):
            continue
        key = value_keys(values)
        assert key not in seen, (values, seen.get(key))
        seen[key] = values
        assert values_of_key(key) == values
        for cut in range(1, size):  # keys of disjoint parts add up
            assert value_keys(values[:cut]) + value_keys(values[cut:]) == key


def test_masks_of_distinct_tile_sets_differ() -> None:
    masks = {tile_mask(pair) for pair in combinations(ALL_TILES, 2)}
    assert len(masks) == len(list(combinations(ALL_TILES, 2)))
