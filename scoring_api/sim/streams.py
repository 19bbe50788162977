"""Which stream each random draw of the simulator and the service comes from: the key scheme.

Every draw is made from a ``rules.stream.Stream`` (Philox4x32-10, counter-based), named by a
path of small ints from a root; nothing is seeded from text, nothing goes through Python's
``hash``, so a game, a deal, a choice or a review is replayed alone from its name, compiled
or pure, on any worker or cluster node.

**The version.** ``STREAM_VERSION`` (2) is this scheme on Philox; 1 was Python's Mersenne
Twister seeded from text (``Random(f"{seed}:{i}")``, ``Random(view.seed)``). Simulations,
reviews, advice and game records say which stream made them (a ``"stream"`` field); a
request for another gets a 422 naming the field: a seed of version 1 plays another game here.

**Games.** A run's integer seed (``0 <= seed < 2^53``) is the root, ``seeded(seed)`` (the
seed is the key; the nonce is zero). Game ``i`` of the run is its child ``i``
(``game_stream``: one Philox block). Inside a game, the game's stream is split by *regions*
of its counter, not by more children (``region``: a copy of the key sought to block
``label << REGION_SHIFT``, no Philox block at all); each region has 2^48 blocks, more than
any game draws, so no two regions share a word:

- ``DEAL`` (0): the deals. Deal ``d`` of the game (0 first) draws from block ``d << 4`` of
  the region (64 words; a deal takes one bounded draw per tile it draws, at most 21, and a
  draw is redrawn with probability below 2^-27), so any deal is replayed alone. The deck is
  shuffled from the front for the tiles the deal draws (``Stream.shuffle`` with ``places``):
  each seat's tiles in turn from the dealer's left, the blind tile, the starter last.
- ``FIRST_DEALER`` (1): the draw for the first dealer (``first_dealer: "draw"``).
- ``SEAT + s`` (2 + seat): seat ``s``'s own choices, drawn in order through the game: the
  ``rng`` his strategy's ``discard`` and ``lay`` are handed (``random`` draws from it). It
  is named by the run's seed, the game and the seat alone, so it can depend on nothing he
  has not seen, and another seat's choices never move it.

The other seats' strategies never draw from the deal's region: the deals of a seed are the
same whoever plays them (a ladder's two seatings of a seed see the same tiles all game).

**What a seat knows.** The draws a seat makes to decide from what he knows (search's and the
endgame's play-outs and their holdings samplers, the computer's move, the review's
play-outs, the advisor's random lay-away) come from a stream named by that knowledge packed
into ints, never by the game's seed: the same knowledge gives the same draws in a game, in
``POST /v1/plays/advise`` and in a review, and nothing he has not seen can move them. Such a
stream is ``known_stream(key)``: the root ``KNOWN = seeded(2^64)`` (nonce 1, which no run
seed below 2^64 reaches), its child by the key's kind, then a child by each further word of
the key in turn (``child``: each word below 2^63). The kinds and their words (tiles by index
0..27, masks with bit ``index`` per tile; a seat, a dealer and ``last`` in 3 bits):

- ``TURN`` (0), a game's turn (``turn_key``, ``Seat.view``): word 1 his drawn tiles and the
  starter ``own | seen << 28 | seat << 56 | dealer << 59`` (``seen``: every tile he has
  seen); word 2 the current count ``len | v0 << 4 | v1 << 8 ...`` (its values, 4 bits each,
  at most 14); word 3 ``players | (last + 1) << 3`` and, for each seat ``s`` at bit
  ``6 + 12 s``, the tiles he holds (3 bits), his go bound plus one (6 bits, 0 for none) and
  whether he said go in the count (1 bit).
- ``RECORD`` (1), a tile of a deal's record (``record_key``, the review's play-outs): word 1
  ``drawn | starter << 28 | seat << 33 | dealer << 36 | players << 39 | partners << 42 |
  events << 43`` (his drawn tiles as a mask, the starter's index, how many events came
  before); then the events in order, 8 a word, 7 bits each: ``who | tile << 2`` (28 for a
  go).
- ``OPENING`` (2), a seat's drawn tiles before he lays any away (``opening_key``, the
  review's worth of a whole play): ``drawn | seat << 28 | dealer << 31 | players << 34 |
  partners << 37``.
- ``LAY_AWAY`` (3), a lay-away (``lay_away_key``, ``POST /v1/hands/advise``): ``drawn |
  own_crib << 28 | players << 29 | partners << 32``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring_api.rules.stream import Stream, seeded

STREAM_VERSION: Final = 2
"""This scheme on Philox4x32-10; 1 was the Mersenne Twister seeded from text."""
OLD_STREAM: Final = 1
"""The version before: its seeds play other games here (a request for it is a 422)."""

REGION_SHIFT: Final = 48
"""A game's region ``label`` starts at block ``label << REGION_SHIFT``."""
DEAL: Final = 0
"""The game's region of the deals: deal ``d`` at block ``d << DEAL_SHIFT`` of it."""
DEAL_SHIFT: Final = 4
"""Blocks (of four words) each deal's region holds: 16."""
FIRST_DEALER: Final = 1
"""The game's region of the draw for the first dealer."""
SEAT: Final = 2
"""The game's region of seat 0's own choices; seat ``s``'s is ``SEAT + s``."""

TURN: Final = 0
"""The kind of key of a game's turn (``turn_key``)."""
RECORD: Final = 1
"""The kind of key of a tile of a deal's record (``record_key``)."""
OPENING: Final = 2
"""The kind of key of a seat's drawn tiles before the lay-away (``opening_key``)."""
LAY_AWAY: Final = 3
"""The kind of key of a lay-away (``lay_away_key``)."""

KNOWN: Final = seeded(1 << 64)
"""The root of the streams named by what a seat knows (never drawn from: only its
children, which leave it as it is)."""

GO: Final = 28
"""A go in a record's events, where a tile's index would be."""
_COUNT_MAX: Final = 14
"""Values a count's word holds."""
_EVENTS_PER_WORD: Final = 8


def game_stream(seed: int, index: int) -> Stream:
    """Game ``index`` of the run of ``seed``: its stream, whose regions the game draws from."""
    return seeded(seed).child(index)


def region(game: Stream, label: int, block: int = 0) -> Stream:
    """The stream of ``game``'s region ``label`` from its block ``block`` on: the same key,
    sought there (no Philox block is made)."""
    found = Stream(game.k0, game.k1, game.n0, game.n1)
    found.seek((label << REGION_SHIFT) + block)
    return found


def known_stream(key: Sequence[int]) -> Stream:
    """The stream of a seat's knowledge packed by ``turn_key``, ``record_key``,
    ``opening_key`` or ``lay_away_key`` (its kind first)."""
    stream = KNOWN
    for word in key:
        stream = stream.child(word)
    return stream


def _seat_bits(seat: int) -> int:
    if not 0 <= seat < 8:
        raise ValueError(f"a seat is 0 to 7, not {seat}")
    return seat


def turn_key(
    seat: int,
    dealer: int,
    own: int,
    seen: int,
    count_values: Sequence[int],
    last: int | None,
    held: Sequence[int],
    above: Sequence[int],
    passed: Sequence[bool],
) -> tuple[int, ...]:
    """What a seat knows at a game's turn, packed (the module's docstring, ``TURN``)."""
    if len(count_values) > _COUNT_MAX:
        raise ValueError(f"a count of {len(count_values)} tiles")
    count = len(count_values)
    for i, value in enumerate(count_values):
        count |= value << (4 + 4 * i)
    table = len(held) | (0 if last is None else _seat_bits(last) + 1) << 3
    for s, (holds, bound, said) in enumerate(zip(held, above, passed, strict=True)):
        table |= (holds | (bound + 1) << 3 | int(said) << 9) << (6 + 12 * s)
    tiles = own | seen << 28 | _seat_bits(seat) << 56 | _seat_bits(dealer) << 59
    return (TURN, tiles, count, table)


def record_key(
    players: int,
    partners: bool,
    dealer: int,
    starter: int,
    seat: int,
    drawn: int,
    events: Sequence[tuple[int, int]],
) -> tuple[int, ...]:
    """What a seat knows at a tile of a deal's record, packed (``RECORD``): ``drawn`` his
    tiles as a mask, ``starter`` its index, ``events`` every (seat, tile index or ``GO``)
    before it."""
    head = (
        drawn
        | starter << 28
        | _seat_bits(seat) << 33
        | _seat_bits(dealer) << 36
        | players << 39
        | int(partners) << 42
        | len(events) << 43
    )
    words = [RECORD, head]
    for start in range(0, len(events), _EVENTS_PER_WORD):
        word = 0
        for i, (who, tile) in enumerate(events[start : start + _EVENTS_PER_WORD]):
            word |= (_seat_bits(who) & 3 | tile << 2) << (7 * i)
        words.append(word)
    return tuple(words)


def opening_key(
    players: int, partners: bool, dealer: int, seat: int, drawn: int
) -> tuple[int, ...]:
    """What a seat knows before he lays away, packed (``OPENING``): ``drawn`` as a mask."""
    word = drawn | _seat_bits(seat) << 28 | _seat_bits(dealer) << 31
    return (OPENING, word | players << 34 | int(partners) << 37)


def lay_away_key(players: int, partners: bool, own_crib: bool, drawn: int) -> tuple[int, ...]:
    """What a player knows when he lays away, packed (``LAY_AWAY``): ``drawn`` as a mask."""
    return (LAY_AWAY, drawn | int(own_crib) << 28 | players << 29 | int(partners) << 32)
