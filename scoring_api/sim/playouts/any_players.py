"""The play on values for any number of seats (docs/rules.md section 8.2), every seat laying
greedily (the review's play-outs) or carefully (the search's with three and four players).

A hand is a list of values (``laying``). Turns go clockwise to the next seat that holds
tiles and has not said go in the count; a seat on turn with nothing that fits says go; the
count closes when nobody can lay (the last layer scores 1, the last tile of all too, none
after 31) and the next count is led by the first seat after the last layer that still holds
a tile. ``tests/sim/test_playouts.py`` plays random deals here and through the referee and
checks that every point agrees.
"""

from __future__ import annotations

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import with_value
from scoring_api.rules.seats import NO_SEAT, turn_orders

from .laying import careful_of_code, greedy_of_code, lay_value


def _next_active(order: tuple[int, ...], hands: list[list[int]], passed: list[bool]) -> int:
    """The first seat of ``order`` that holds a tile and has not said go (``NO_SEAT``: none).
    Typed as the lists and tuple it is given: the compiled engine then indexes them in place
    (on ``Sequence`` it made a generic call per seat, 13% of a four-player search)."""
    for seat in order:
        if hands[seat] and not passed[seat]:
            return seat
    return NO_SEAT


def play_out_seats(
    hands: list[list[int]],
    turn: int | None,
    count_values: tuple[int, ...],
    passed: list[bool],
    last: int | None,
    points: list[int],
    first: int | None = None,
    careful: bool = False,
) -> None:
    """Play the rest of a play from the state given, adding to ``points`` by seat.

    ``hands``: each seat's values not yet laid (emptied as they are laid); ``turn``: the seat
    to act (None: nobody holds a tile); ``count_values``: the current count's values in order;
    ``passed``: who has said go in it; ``last``: who laid its last tile (None before its
    first); ``first``: the value the seat on turn lays now (it must fit). Every other tile is
    the greedy one (``laying.greedy_of_code``), or with ``careful`` the careful one
    (``laying.careful_of_code``, minding the next seat's reply).
    """
    orders = turn_orders(len(hands))
    code = count = 0
    for value in count_values:  # on the tuple itself: values_code walks any iterable generically
        code = with_value(code, value)
        count += value
    seat = NO_SEAT if turn is None else turn
    layer = NO_SEAT if last is None else last
    lead = -1 if first is None else first
    while seat != NO_SEAT:
        hand = hands[seat]
        if lead >= 0:
            value, lead = lead, -1
        elif careful:
            replier = _next_active(orders[seat], hands, passed)
            replies = hands[replier] if replier != NO_SEAT and replier != seat else []
            value = careful_of_code(hand, code, MAX_COUNT - count, replies)
        else:
            value = greedy_of_code(hand, code, MAX_COUNT - count)
        if value < 0:
            passed[seat] = True
        else:
            code = lay_value(hand, value, code, count, points, seat)
            count += value
            layer = seat
        if count == MAX_COUNT:  # 31 scored its 2 with the tile: a new count at once
            after = NO_SEAT
        else:
            after = _next_active(orders[seat], hands, passed)
            if after == NO_SEAT:  # nobody can lay: the go point closes the count
                assert layer != NO_SEAT
                points[layer] = points[layer] + 1
        if after == NO_SEAT:
            assert layer != NO_SEAT
            code, count, passed = 0, 0, [False] * len(hands)
            after = _next_active(orders[layer], hands, passed)
        seat = after
