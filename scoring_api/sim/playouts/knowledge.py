"""What a seat knows when he is to lay a tile (``SeatView``), and the keys that name his draws.

Only what his seat could know at the table: his own tiles, the starter, every tile laid and by
whom, the goes said (so how many tiles each seat holds, and below which value none of a seat's
tiles can be). The others' hidden tiles never enter: the holdings his play-outs are played
against are drawn from the tiles he has not seen (``holdings``), and each play-out draws from
the stream named by what he knows packed into ints (``SeatView.known``, ``streams``' key
scheme), so a choice or a review of it cannot change when anything he has not seen changes.
A ``Seat`` gives its view (``Seat.view()``: a game's at each turn, the review of a deal's at
each tile of the record, the computer's move's at the end of one); ``opening_view`` is a
seat's before the play's first tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.referee_state import NO_GO
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import ALL_TILES, Tile, TileMask, tile_mask

from ..streams import GO, known_stream, opening_key, record_key


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a seat knows when he is to lay a tile, in readable form (docs/engine.md: packed and
    readable state): everything the play-outs and the draws of the others' holdings take."""

    seat: int
    """His seat."""
    dealer: int
    """The seat that dealt."""
    sides: tuple[int, ...]
    """The side each seat scores for: his side's points count for him, the others' against."""
    rules: RuleOptions | None
    """The rules of the game (None where not known: the others' lay-aways are then not
    inferred, ``holdings``)."""
    hand: tuple[int, ...]
    """The values of his tiles not yet laid, lowest first."""
    playable: tuple[Tile, ...]
    """His tiles that fit the count, lowest value first: his choices."""
    count_values: tuple[int, ...]
    """The values laid in the current count, in order."""
    passed: tuple[bool, ...]
    """Who has said go in the current count, by seat."""
    last: int | None
    """Who laid the last tile of the current count (None before its first)."""
    held: tuple[int, ...]
    """How many tiles each seat holds."""
    above: tuple[int, ...]
    """By seat: every tile he holds is of a higher value than this, since he said go when it
    would have fitted (``NO_GO`` where he has said none)."""
    played: tuple[TileMask, ...]
    """By seat, the tiles he has laid this deal."""
    unseen: tuple[int, ...]
    """The values of the tiles he has not seen, lowest first, one per tile: the others'
    tiles are among them."""
    known: tuple[int, ...]
    """What he knows packed into ints, its kind first: the name of his draws' stream
    (``streams.known_stream``; ``streams.turn_key``, ``record_seed``, ``opening_seed``)."""

    def stream(self) -> Stream:
        """A new stream of his draws, named by what he knows (``known``)."""
        return known_stream(self.known)

    @property
    def count(self) -> int:
        """The running count he lays on."""
        return sum(self.count_values)

    @property
    def players(self) -> int:
        """Players at the table."""
        return len(self.held)


def opening_view(
    rules: RuleOptions, dealer: int, seat: int, drawn: Sequence[Tile], kept: Sequence[int]
) -> SeatView:
    """What ``seat`` knows before the play's first tile, having drawn ``drawn`` (lowest value
    first) and kept the ``kept`` values: every seat holds as many, nobody has said go, nothing
    is laid, the starter not yet turned; named by ``opening_seed``."""
    players = rules.players
    seen = tile_mask(drawn)
    return SeatView(
        seat=seat,
        dealer=dealer,
        sides=tuple(rules.side_of(other) for other in range(players)),
        rules=rules,
        hand=tuple(sorted(kept)),
        playable=(),
        count_values=(),
        passed=(False,) * players,
        last=None,
        held=(len(kept),) * players,
        above=(NO_GO,) * players,
        played=(0,) * players,
        unseen=tuple(sorted(t.value for t in ALL_TILES if not seen & t.bit)),
        known=opening_seed(rules, dealer, seat, drawn),
    )


# The keys: each is what its seat knows packed into ints (``streams``' docstring has how), so
# a draw is a function of it alone.


def record_seed(
    rules: RuleOptions,
    dealer: int,
    starter: Tile,
    seat: int,
    drawn: Sequence[Tile],
    events: Sequence[tuple[int, Tile | None]],
) -> tuple[int, ...]:
    """A tile of a deal's record (the review's play-outs): the table, the starter, his seat and
    the tiles he drew, every tile laid and go said before it, in order
    (``streams.record_key``)."""
    said = [(who, GO if tile is None else tile.index) for who, tile in events]
    return record_key(
        rules.players, rules.partners, dealer, starter.index, seat, tile_mask(drawn), said
    )


def opening_seed(
    rules: RuleOptions, dealer: int, seat: int, drawn: Sequence[Tile]
) -> tuple[int, ...]:
    """A seat's drawn tiles before he lays any away (the review's worth of a whole play):
    the table, his seat and his drawn tiles (``streams.opening_key``)."""
    return opening_key(rules.players, rules.partners, dealer, seat, tile_mask(drawn))
