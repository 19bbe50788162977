"""A history the seat cannot tell from the true one: the others' hidden tiles drawn anew,
uniformly among every deal consistent with what he saw (OpenSpiel's
``resample_from_infostate``, which its ISMCTS calls).

What a seat does not see: the tiles the others drew and have not laid (those they hold, those
they laid away), the blind tile with three players, and the order in which the others' tiles
were dealt; in a deal already shown, only which of the crib's tiles came from whom. What
constrains them: how many each holds and has laid away, the tiles seen (his own, the starter,
every tile laid), and every go said: a seat that said go at count ``c`` holds only tiles of
value above ``31 - c`` (docs/rules.md section 3, a go the deal proves wrong; the referee keeps
it as ``SeatPlay.above``). The seats' holdings are drawn first, the fullest-count go first (each
one's possible tiles then hold the next one's, so the draw is uniform over every deal that
fits), then the lay-aways, the blind tile and the order of every draw.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring_api.rules.seat_play import NO_GO
from scoring_api.rules.seats import leader, seats_from
from scoring_api.rules.tiles import ALL_MASK, ALL_TILES
from scoring_api.sim.stepwise import NO_TILE, DealLog, StepGame, history_of

from .views import crib_of, crib_shown, drawn_by, laid_by

Random = Callable[[], float]
"""A source of uniform numbers in [0, 1)."""


def _pick(random: Random, n: int) -> int:
    return min(int(random() * n), n - 1)


def draw_some(random: Random, pool: list[int], k: int) -> list[int]:
    """``k`` of ``pool``, uniformly (a partial Fisher-Yates shuffle in place: the rest of the
    pool is left in ``pool[k:]``)."""
    for i in range(k):
        j = i + _pick(random, len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def draw_holdings(
    random: Random, pool: list[int], held: dict[int, int], above: dict[int, int]
) -> tuple[dict[int, list[int]], list[int]]:
    """Each seat of ``held`` (how many tiles he holds) dealt that many tiles of ``pool``
    (tile indices), all of value above his go bound ``above``, uniformly over every deal that
    fits; and the tiles left."""
    holdings: dict[int, list[int]] = {}
    left = list(pool)
    for seat in sorted(held, key=lambda s: -above[s]):
        eligible = [t for t in left if ALL_TILES[t].value > above[seat]]
        chosen = draw_some(random, eligible, held[seat])
        holdings[seat] = chosen
        taken = set(chosen)
        left = [t for t in left if t not in taken]
    return holdings, left


def _tiles(mask: int) -> list[int]:
    return [i for i in range(len(ALL_TILES)) if mask >> i & 1]


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _redealt(
    log: DealLog, players: int, drawn: int, seat: int, tiles_of: dict[int, list[int]]
) -> list[int]:
    """The deal's draws in order: ``seat``'s as they came, each other seat's ``tiles_of``
    in the order given."""
    order: list[int] = []
    for other in seats_from(leader(log.dealer, players), players):
        if other == seat:
            start = (seat - log.dealer - 1) % players * drawn
            order += log.order[start : start + drawn]
        else:
            order += tiles_of.get(other, [])
    return order


def _resampled(game: StepGame, log: DealLog, seat: int, random: Random) -> DealLog:
    n, drawn = game.players, game.drawn
    laid = laid_by(log, n)
    others = [other for other in range(n) if other != seat]
    dealt = len(log.order)
    counts = {
        other: min(drawn, max(0, dealt - (other - log.dealer - 1) % n * drawn)) for other in others
    }
    if log.starter != NO_TILE and log is game.log:
        above = {other: game.referee.seats[other].above for other in others}
    else:
        above = dict.fromkeys(others, NO_GO)
    seen = drawn_by(log, seat, drawn, n)
    for mask in laid:
        seen |= mask
    if log.starter != NO_TILE:
        seen |= 1 << log.starter
    pool = _tiles(ALL_MASK & ~seen)
    held = {o: counts[o] - _count(laid[o]) - _count(log.away[o]) for o in others}
    holdings, left = draw_holdings(random, pool, held, above)
    if crib_shown(log):
        # The crib was shown: only who laid which of its tiles away is hidden.
        left = _tiles(crib_of(log) & ~log.away[seat])
    copy = log.copy()
    for other in others:
        away = draw_some(random, left, _count(log.away[other]))
        left = left[len(away) :]
        copy.away[other] = sum(1 << t for t in away)
        tiles = _tiles(laid[other]) + holdings[other] + away
        holdings[other] = draw_some(random, tiles, len(tiles))
    if log.blind != NO_TILE:
        copy.blind = draw_some(random, left, 1)[0]
    copy.order = _redealt(log, n, drawn, seat, holdings)
    return copy


def resampled_history(game: StepGame, seat: int, random: Random) -> list[int]:
    """The actions of a game ``seat`` cannot tell from ``game``, its hidden tiles drawn anew."""
    deals = [_resampled(game, log, seat, random) for log in game.deals]
    return history_of(game.first_dealer, deals, game.players)
