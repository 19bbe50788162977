"""A game's deals from its seed alone: what the practice table plays (``POST /v1/deals/new``).

Deal ``index`` of the game with ``seed`` is drawn from the stream ``deal_stream(seed,
index)`` (``rules.stream``: the root stream of the seed, its child by ``GAME`` and that one's
child by the deal's index), so any deal of a game is dealt again alone, by any worker, from
the two ints. The draw is the simulator's: the tiles by rank (``BY_VALUE``), a shuffle of
the ``drawn`` places a deal takes (``Stream.shuffle``: ``drawn`` draws), each seat's tiles
from seat 0 on, then the tiles drawn blind into the crib, then the starter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring_api.rules.constants import DEALS
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import BY_VALUE, Tile

from .ranks import RANKS

STREAM_VERSION: Final = 2
"""The version of the engine's random numbers an answer was drawn from: 2, Philox4x32-10
streams (``rules.stream``); 1 was a Mersenne Twister seeded from text."""
GAME: Final = 0
"""The label of a seed's child that deals the game's deals, one child per deal below it."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """The tiles of one deal, as drawn."""

    drawn: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles, seat 0 first, each hand lowest value first (``BY_VALUE``)."""
    blind: tuple[Tile, ...]
    """The tiles the dealer draws blind into the crib (one with three players, else none)."""
    starter: Tile
    """The starter, turned after the lay-away."""


def deal_stream(seed: int, index: int) -> Stream:
    """The stream of deal ``index`` (``0 <= index < 2^63``) of the game with ``seed``
    (``0 <= seed < 2^128``)."""
    return seeded(seed).child(GAME).child(index)


def deal_tiles(stream: Stream, players: int) -> Dealt:
    """The deal of ``players`` (2 to 4) that ``stream`` draws."""
    shape = DEALS[players]
    each = shape.drawn
    drawn = players * each + shape.blind + 1
    deck = list(RANKS)
    stream.shuffle(deck, drawn)
    hands = tuple(
        tuple(BY_VALUE[rank] for rank in sorted(deck[seat * each : (seat + 1) * each]))
        for seat in range(players)
    )
    blind = tuple(BY_VALUE[rank] for rank in sorted(deck[players * each : drawn - 1]))
    return Dealt(hands, blind, BY_VALUE[deck[drawn - 1]])


def game_deal(seed: int, index: int, players: int) -> Dealt:
    """Deal ``index`` of the game with ``seed`` at a table of ``players``."""
    return deal_tiles(deal_stream(seed, index), players)
