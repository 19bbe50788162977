"""A game's deals from its seed alone: what the practice table plays (``POST /v1/deals/new``).

The practice game with ``seed`` is game 0 of the run of that seed (``streams``): deal
``index`` is drawn from that game's deals' region at the deal's own blocks
(``deal_stream``), so any deal of a game is dealt again alone, by any worker, from the two
ints, and the tiles are those a simulation of the seed deals in its first game's deal
``index``. The draw is the simulator's: the tiles by rank (``BY_VALUE``), a shuffle of the
places a deal takes (``Stream.shuffle``: one draw each), each seat's tiles from seat 0 on,
then the tiles drawn blind into the crib, then the starter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoring_api.rules.constants import DEALS
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import BY_VALUE, Tile

from .ranks import RANKS
from .streams import DEAL, DEAL_SHIFT, REGION_SHIFT, game_stream, region

GAME: Final = 0
"""The game of a seed's run that the practice table plays."""
MAX_DEAL_INDEX: Final = (1 << (REGION_SHIFT - DEAL_SHIFT)) - 1
"""The last deal a game's deals' region holds."""


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
    """The stream of deal ``index`` (``0 <= index <= MAX_DEAL_INDEX``) of the game with
    ``seed`` (``0 <= seed < 2^128``)."""
    return region(game_stream(seed, GAME), DEAL, index << DEAL_SHIFT)


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
