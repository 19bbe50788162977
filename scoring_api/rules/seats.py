"""Seats around the table: numbered 0..n-1 clockwise; the next seat is on a seat's left.

Every "the other player" and "whose turn next" of the rules core and the simulator is one of
these functions, never arithmetic written in place (docs/rules.md section 8); a table's
seating (``seating_of``: who scores for whom, who sits on whose left, the order of the show)
is worked out from them once per table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from .constants import MAX_PLAYERS
from .options import RuleOptions

NO_SEAT: Final = -1
"""No seat (nobody on turn once the play is over, no last layer before a count's first tile):
a machine int in the compiled engine, where ``None`` would be a boxed object."""


def next_seat(seat: int, players: int) -> int:
    """The seat on ``seat``'s left: the next to play, and the next to deal."""
    after = seat + 1  # (seat + 1) % players, without the division the referee asks per turn
    return 0 if after == players else after


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


_NO_SEAT_BYTE: Final = 255
"""``NO_SEAT`` in ``_FIRST_AFTER``'s bytes."""


def _first_after_table(players: int) -> bytes:
    """``first_after`` of every seat and set of seats at a table of ``players``."""
    table = bytearray()
    for after in range(MAX_PLAYERS):
        for seats in range(1 << MAX_PLAYERS):
            order = seats_after(after, players) if after < players else ()
            table.append(next((seat for seat in order if seats >> seat & 1), _NO_SEAT_BYTE))
    return bytes(table)


_FIRST_AFTER: Final = tuple(_first_after_table(players) for players in range(MAX_PLAYERS + 1))


def first_after(after: int, seats: int, players: int) -> int:
    """The first seat of ``seats`` (a mask, bit ``seat``) in turn order from ``after``'s left,
    ``after`` himself last; ``NO_SEAT`` if ``seats`` is empty. Looked up: the referee asks it
    on every turn."""
    found = _FIRST_AFTER[players][after << MAX_PLAYERS | seats]
    return NO_SEAT if found == _NO_SEAT_BYTE else found


@dataclass(frozen=True, slots=True)
class Seating:
    """One table's seating: sides, left-hand neighbours and the order of the show."""

    side_of: tuple[int, ...]
    """The side each seat scores for."""
    next_of: tuple[int, ...]
    """The seat on each seat's left."""
    shows: tuple[tuple[int, ...], ...]
    """For each dealer, the hands shown in order: from his left round to him (the crib
    follows)."""
    sides: int
    """How many sides score."""


@cache
def seating_of(players: int, partners: bool) -> Seating:
    """The seating of a table of ``players`` (in two partnerships or not), worked out once: a
    game asks it on every turn."""
    rules = RuleOptions(players=players, partners=partners)
    return Seating(
        side_of=tuple(rules.side_of(seat) for seat in range(players)),
        next_of=tuple(next_seat(seat, players) for seat in range(players)),
        shows=tuple(seats_from(leader(dealer, players), players) for dealer in range(players)),
        sides=rules.sides,
    )
