"""A deal to review, checked: the deal as ``/v1/deals/score`` referees it, plus the tiles each
seat drew before laying away.

The deal's own checks are the referee's (``rules.deal.score_deal``: every tile once, every
seat and score in range, a legal and complete record), refereed once, what each seat knew at
each tile read off that pass (``reading``); here only what the drawn tiles add:
one set per seat of the size the deal draws, none of them twice or the starter, each holding
the hand kept, and what it lays away in the crib. The crib may be left out: it is then what
the seats laid away (with three players it holds a tile drawn blind, so it must be given).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scoring_api.rules.constants import DEALS
from scoring_api.rules.deal import Deal, DealScore
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.tiles import Tile, ensure_distinct

from ..advisor import Model
from .reading import TileLaid, refereed

DEFAULT_PLAYOUTS = 300
"""Play-outs per tile reviewed unless a request asks for more (bench/README.md: the time)."""
MAX_PLAYOUTS = 3000
"""The most a request may ask for: ten times the default, well within a worker's timeout."""


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A deal and what its seats drew, and how to review it."""

    deal: Deal
    """The deal as ``/v1/deals/score`` takes it; an empty ``crib``: the crib is implied."""
    drawn: Sequence[Sequence[Tile]]
    """Each seat's tiles before laying away (six with two players, five with three or four)."""
    model: Model
    """How choices are valued: ``expert`` (two players) or ``expected``."""
    seats: tuple[int, ...] | None = None
    """The seats reviewed (None: every seat)."""
    playouts: int = DEFAULT_PLAYOUTS
    """Play-outs per tile of the play reviewed."""


def laid_away(drawn: Sequence[Tile], hand: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles of ``drawn`` not kept in ``hand``."""
    return tuple(tile for tile in drawn if tile not in hand)


def _hands(deal: Deal) -> Sequence[Sequence[Tile]]:
    if deal.hands is None:
        raise MalformedInputError("a review needs every seat's hand, as shown", "/hands")
    return deal.hands


def _check_drawn(request: ReviewRequest) -> None:
    deal, drawn = request.deal, request.drawn
    hands = _hands(deal)
    n = deal.rules.players
    size = DEALS[n].drawn
    if len(drawn) != n:
        raise MalformedInputError(f"expected {n} sets of drawn tiles, one per seat", "/drawn")
    for seat, tiles in enumerate(drawn):
        if len(tiles) != size:
            raise MalformedInputError(
                f"with {n} players each draws {size} tiles, got {len(tiles)}", f"/drawn/{seat}"
            )
    placed = [(t, f"/drawn/{seat}/{i}") for seat, tiles in enumerate(drawn) for i, t in
              enumerate(tiles)]  # fmt: skip
    ensure_distinct([(deal.starter, "/starter"), *placed])
    if len(hands) != n:
        return  # the referee names /hands
    for seat, (tiles, hand) in enumerate(zip(drawn, hands, strict=True)):
        for i, tile in enumerate(hand):
            if tile not in tiles:
                raise MalformedInputError(
                    f"{tile} is not among the tiles seat {seat} drew", f"/hands/{seat}/{i}"
                )


def _crib(request: ReviewRequest) -> tuple[Tile, ...]:
    """The crib given, or the one the lay-aways imply."""
    deal = request.deal
    if deal.crib:
        return tuple(deal.crib)
    shape = DEALS[deal.rules.players]
    if shape.blind:
        raise MalformedInputError(
            f"with {deal.rules.players} players give the crib: it holds a tile drawn blind",
            "/crib",
        )
    hands = _hands(deal)
    if len(hands) != len(request.drawn):
        return ()  # the referee names /hands
    return tuple(
        tile
        for tiles, hand in zip(request.drawn, hands, strict=True)
        for tile in laid_away(tiles, hand)
    )


@dataclass(frozen=True, slots=True)
class CheckedDeal:
    """A deal to review as the referee has checked and scored it."""

    deal: Deal
    """The deal, its crib given or implied."""
    hands: Sequence[Sequence[Tile]]
    """Each seat's four kept tiles (the deal's, known to be there)."""
    score: DealScore
    """The referee's answer: every scoring event, the winner if any."""
    tiles: tuple[TileLaid, ...]
    """Every tile of the play, in order, with what its seat knew when he laid it."""


def checked_deal(request: ReviewRequest) -> CheckedDeal:
    """The deal with its crib, and as the referee scores it; ``MalformedInputError`` naming
    the field for anything that does not add up, ``IllegalPlayError`` for an illegal record."""
    _check_drawn(request)
    crib = _crib(request)
    deal = replace(request.deal, crib=crib)
    scored, laid = refereed(deal, request.drawn)
    hands = _hands(deal)
    for seat, (tiles, hand) in enumerate(zip(request.drawn, hands, strict=True)):
        for tile in laid_away(tiles, hand):
            if tile not in crib:
                raise MalformedInputError(
                    f"seat {seat} laid {tile} away, and the crib does not hold it", "/crib"
                )
    seats = request.seats
    if seats is not None:
        for i, seat in enumerate(seats):
            if not 0 <= seat < deal.rules.players or seat in seats[:i]:
                raise MalformedInputError(
                    f"each seat once, from 0 to {deal.rules.players - 1}", f"/seats/{i}"
                )
    if not 1 <= request.playouts <= MAX_PLAYOUTS:
        raise MalformedInputError(f"from 1 to {MAX_PLAYOUTS} play-outs", "/playouts")
    return CheckedDeal(deal, hands, scored, laid)
