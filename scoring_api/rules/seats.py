"""Seats around the table: numbered 0..n-1 clockwise; the next seat is on a seat's left.

Every "the other player" and "whose turn next" of the rules core and the simulator is one of
these functions, never arithmetic written in place (docs/rules.md section 8).
"""

from __future__ import annotations

from functools import cache


def next_seat(seat: int, players: int) -> int:
    """The seat on ``seat``'s left: the next to play, and the next to deal."""
    return (seat + 1) % players


@cache
def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, in turn order, starting with ``first``."""
    return tuple((first + k) % players for k in range(players))


@cache
def seats_after(seat: int, players: int) -> tuple[int, ...]:
    """Every seat once, in turn order from ``seat``'s left, ``seat`` itself last."""
    return seats_from(next_seat(seat, players), players)


def leader(dealer: int, players: int) -> int:
    """The seat that leads the play and shows first: the dealer's left."""
    return next_seat(dealer, players)


@cache
def turn_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """``turn_orders(n)[seat]`` is ``seats_after(seat, n)``: the referee's lookup table."""
    return tuple(seats_after(seat, players) for seat in range(players))
