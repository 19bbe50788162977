"""A history the seat cannot tell from the true one: the others' hidden tiles drawn anew,
uniformly among every deal consistent with what he saw (OpenSpiel's
``resample_from_infostate``, which its ISMCTS calls).

What a seat does not see: the tiles the others drew and have not laid (those they hold, those
they laid away), the blind tile with three players, and the order in which the others' tiles
were dealt; in a deal already shown, only which of the crib's tiles came from whom. What
constrains them: how many each holds and has laid away, the tiles seen (his own, the starter,
every tile laid), and every go said: a seat that said go at count ``c`` holds only tiles of
value above ``31 - c`` (docs/rules.md section 3, a go the deal proves wrong; the referee keeps
it as ``PublicPlay.above``). The seats' holdings are drawn first, the fullest-count go first (each
one's possible tiles then hold the next one's, so the draw is uniform over every deal that
fits), then the lay-aways, the blind tile and the order of every draw.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring_api.rules.seats import leader, seats_from
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import ALL_MASK, ALL_TILES
from scoring_api.sim.chance import draw_some
from scoring_api.sim.playouts.holdings import UNIFORM
from scoring_api.sim.playouts.knowledge import SeatView
from scoring_api.sim.stepwise import NO_TILE, DealLog, StepGame, history_of

from .views import crib_of, crib_shown, laid_by, seen_by, view_of

Numbers = Callable[[], float]
"""A source of uniform numbers in [0, 1): OpenSpiel's ``UniformProbabilitySampler``, or any."""


def _drawn(numbers: Numbers) -> Stream:
    """The stream of a resampling, named by two of the sampler's numbers (53 bits each)."""
    high, low = (int(min(float(numbers()), _BELOW_ONE) * 2.0**53) for _ in range(2))
    return seeded(high << 53 | low)


_BELOW_ONE = 1.0 - 2.0**-53


def _holdings(rng: Stream, view: SeatView, pool: list[int]) -> tuple[list[list[int]], list[int]]:
    """Each other seat's tiles in hand, drawn from ``pool`` (the tile indices of
    ``view.unseen``): his values by the simulator's uniform draw (``playouts.holdings.UNIFORM``:
    on values, the fullest-count go first), each value then one of its tiles left, uniformly;
    and the tiles left."""
    deal = UNIFORM.deals(view, rng, 1)[0]
    holdings: list[list[int]] = []
    for other, values in enumerate(deal):
        tiles = []
        for value in values if other != view.seat else ():
            same = [tile for tile in pool if ALL_TILES[tile].value == value]
            tile = same[rng.below(len(same))]
            pool.remove(tile)
            tiles.append(tile)
        holdings.append(tiles)
    return holdings, pool


def _tiles(mask: int) -> list[int]:
    return [i for i in range(len(ALL_TILES)) if mask >> i & 1]


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _redealt(
    log: DealLog, players: int, drawn: int, seat: int, tiles_of: list[list[int]]
) -> list[int]:
    """The deal's draws in order: ``seat``'s as they came, each other seat's ``tiles_of``
    in the order given."""
    order: list[int] = []
    for other in seats_from(leader(log.dealer, players), players):
        if other == seat:
            start = (seat - log.dealer - 1) % players * drawn
            order += log.order[start : start + drawn]
        else:
            order += tiles_of[other]
    return order


def _resampled(game: StepGame, log: DealLog, seat: int, rng: Stream) -> DealLog:
    n = game.players
    if crib_shown(log):
        # Played out and shown: every tile but the crib's was laid in sight of all, and the
        # crib shown; only who laid which of its tiles away is hidden.
        holdings: list[list[int]] = [[] for _ in range(n)]
        left = _tiles(crib_of(log) & ~log.away[seat])
    else:
        pool = sorted(_tiles(ALL_MASK & ~seen_by(game, log, seat)), key=_value)
        holdings, left = _holdings(rng, view_of(game, log, seat), pool)
    copy = log.copy()
    laid = laid_by(log, n)
    for other in range(n):
        if other == seat:
            continue
        away = draw_some(rng, left, _count(log.away[other]))
        left = left[len(away) :]
        copy.away[other] = sum(1 << t for t in away)
        tiles = _tiles(laid[other]) + holdings[other] + away
        holdings[other] = draw_some(rng, tiles, len(tiles))
    if log.blind != NO_TILE:
        copy.blind = draw_some(rng, left, 1)[0]
    copy.order = _redealt(log, n, game.drawn, seat, holdings)
    return copy


def _value(tile: int) -> int:
    return ALL_TILES[tile].value


def resampled_history(game: StepGame, seat: int, numbers: Numbers) -> list[int]:
    """The actions of a game ``seat`` cannot tell from ``game``, its hidden tiles drawn anew
    from ``numbers``."""
    rng = _drawn(numbers)
    deals = [_resampled(game, log, seat, rng) for log in game.deals]
    return history_of(game.first_dealer, deals, game.players)
