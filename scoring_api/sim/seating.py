"""Who sits where and scores for whom in a game (docs/rules.md sections 2 and 8), worked out
once per number of players and partnership: the game asks it on every turn."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import leader, next_seat, seats_from


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
    rules = RuleOptions(players=players, partners=partners)
    return Seating(
        side_of=tuple(rules.side_of(seat) for seat in range(players)),
        next_of=tuple(next_seat(seat, players) for seat in range(players)),
        shows=tuple(seats_from(leader(dealer, players), players) for dealer in range(players)),
        sides=rules.sides,
    )
