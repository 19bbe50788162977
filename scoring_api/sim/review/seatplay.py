"""The play on values for any number of seats (docs/rules.md section 8.2), every seat laying
greedily (the review's play-outs with three and four players) or carefully (the search's).

A hand is a list of values, as in the two-player play-out (``expert.playout``): which tile of
a value is laid never changes what the play scores. Turns go clockwise to the next seat that
holds tiles and has not said go in the count; a seat on turn with nothing that fits says go;
the count closes when nobody can lay (the last layer scores 1, the last tile of all too, none
after 31) and the next count is led by the first seat after the last layer that still holds
a tile. ``tests/sim/test_review_playouts.py`` plays random deals here and through the referee
and checks that every point agrees.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import CountCode, points_of_code, values_code, with_value
from scoring_api.rules.seats import turn_orders

from ..expert.playout import greedy_of_code


def _next_active(
    order: Sequence[int], hands: Sequence[list[int]], passed: Sequence[bool]
) -> int | None:
    """The first seat of ``order`` that holds a tile and has not said go."""
    for seat in order:
        if hands[seat] and not passed[seat]:
            return seat
    return None


def careful_value(
    hand: Sequence[int], values: tuple[int, ...], room: int, replies: Sequence[int]
) -> int:
    """The value the careful play-out lays: the most points now less the most that a value
    of ``replies`` (the next seat's hand; empty if nobody else may lay) scores on it, the
    higher value on a tie; -1 if no value in ``hand`` fits in ``room``. A greedy seat gives
    away fifteens and pairs that a seat minding the reply would not."""
    return _careful(hand, values_code(values), room, replies)


def _careful(hand: Sequence[int], code: CountCode, room: int, replies: Sequence[int]) -> int:
    """``careful_value`` of the count's values as a ``CountCode``."""
    best, best_net = -1, 0
    count = MAX_COUNT - room
    for value in hand:
        if value <= room:
            after, then = with_value(code, value), count + value
            most = 0
            if value < room:  # nobody replies to 31
                for reply in replies:
                    if reply <= room - value:
                        points = points_of_code(with_value(after, reply), then + reply)
                        if points > most:
                            most = points
            net = points_of_code(after, then) - most
            if best < 0 or net > best_net or (net == best_net and value > best):
                best, best_net = value, net
    return best


def play_out_seats(
    hands: list[list[int]],
    turn: int | None,
    values: tuple[int, ...],
    passed: list[bool],
    last: int | None,
    points: list[int],
    first: int | None = None,
    careful: bool = False,
) -> None:
    """Play the rest of a play from the state given, adding to ``points`` by seat.

    ``hands``: each seat's values not yet laid (emptied as they are laid); ``turn``: the seat
    to act (None: nobody holds a tile); ``values``: the current count's values in order;
    ``passed``: who has said go in it; ``last``: who laid its last tile (None before its
    first); ``first``: the value the seat on turn lays now (it must fit), instead of the
    greedy one. Every other tile is the greedy one (``expert.playout.greedy_value``).
    """
    orders = turn_orders(len(hands))
    code, count = values_code(values), sum(values)
    while turn is not None:
        hand = hands[turn]
        if first is not None:
            value, first = first, None
        elif careful:
            replier = _next_active(orders[turn], hands, passed)
            replies = hands[replier] if replier is not None and replier != turn else []
            value = _careful(hand, code, MAX_COUNT - count, replies)
        else:
            value = greedy_of_code(hand, code, MAX_COUNT - count)
        if value < 0:
            passed[turn] = True
        else:
            hand.remove(value)
            code = with_value(code, value)
            count += value
            points[turn] = points[turn] + points_of_code(code, count)
            last = turn
        if count == MAX_COUNT:  # 31 scored its 2 with the tile: a new count at once
            after: int | None = None
        else:
            after = _next_active(orders[turn], hands, passed)
            if after is None:  # nobody can lay: the go point closes the count
                assert last is not None
                points[last] = points[last] + 1
        if after is None:
            assert last is not None
            code, count, passed = 0, 0, [False] * len(hands)
            after = _next_active(orders[last], hands, passed)
        turn = after
