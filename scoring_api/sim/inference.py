"""The others' holdings with three or four players, drawn as their lay-aways make likely.

Each other seat drew five tiles: those he has laid this deal, those he still holds and the one
he laid away, which nobody has seen. A draw of his holding comes with a tile laid away, both
from the tiles the searching seat has not seen, and is kept only if ``expected``'s lay-away of
those five (the model of every other seat, as the expert is the model of the other with two
players) lays that tile away; after ``MAX_TRIES`` draws without one his holding is drawn as
``views.draw_holdings`` draws it, with no lay-away. The seats are dealt in ``draw_holdings``'s
order, one at a time (each seat's draws see the tiles dealt before him, not the seats after), so
the deal is an approximation of the likelihood, not the exact joint one; a tile drawn as laid
away is dealt to nobody else.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from scoring_api.rules.constants import DEALS
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.tiles import TileMask, tiles_in

from .expected import best_discard
from .review.views import PlayView, dealing_order, draw_holdings, draw_some

MAX_TRIES = 8
"""Draws per seat that his lay-away may reject before his holding is drawn uniformly."""


def _fits(free_above: list[int], held: Sequence[int]) -> bool:
    """Whether the seats still to be dealt, in dealing order (each one's go bound no higher
    than the one's before, so each may hold every value the one before may), can each be
    dealt his holding: ``free_above`` counts the tiles left that each may hold."""
    needed = 0
    for free, count in zip(free_above, held, strict=True):
        needed += count
        if free < needed:
            return False
    return True


def inferred_holdings(
    view: PlayView, played: Sequence[TileMask], dealer: int, rules: RuleOptions, rng: Random
) -> list[list[int]]:
    """One deal of the others' tiles (values lowest first, his own his hand), each other
    seat's holding drawn with a lay-away that ``expected`` would have made. ``played``: by
    seat, the tiles laid this deal."""
    hands: list[list[int]] = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    taken = [False] * len(view.unseen)
    away_count = DEALS[view.players].laid_away
    crib_side = view.sides[dealer]
    order = dealing_order(view)
    for place, seat in enumerate(order):
        later = order[place + 1 :]
        held, floor = view.held[seat], view.above[seat]
        laid = [tile.value for tile in tiles_in[played[seat]]]
        free = [i for i in range(len(view.unseen)) if not taken[i]]
        eligible = [i for i in free if view.unseen[i] > floor]
        later_held = [view.held[other] for other in later]
        chosen: list[int] | None = None
        for _ in range(MAX_TRIES):
            holding = draw_some(rng, list(eligible), held)
            away = draw_some(rng, [i for i in free if i not in holding], away_count)
            values = tuple(sorted(laid + [view.unseen[i] for i in holding + away]))
            positions = best_discard(values, view.sides[seat] == crib_side, rules)
            if sorted(values[p] for p in positions) != sorted(view.unseen[i] for i in away):
                continue
            left = [i for i in free if i not in holding and i not in away]
            free_above = [
                sum(1 for i in left if view.unseen[i] > view.above[other]) for other in later
            ]
            if _fits(free_above, later_held):
                chosen = holding + away
                break
        if chosen is None:
            chosen = draw_some(rng, eligible, held)
        for i in chosen:
            taken[i] = True
        hands[seat] = sorted(view.unseen[i] for i in chosen[:held])
    return hands


def holdings_for(
    view: PlayView,
    played: Sequence[TileMask],
    dealer: int,
    rules: RuleOptions | None,
    rng: Random,
) -> list[list[int]]:
    """``inferred_holdings`` where the rules are known (a seat of a game), else
    ``views.draw_holdings``."""
    if rules is None or len(played) != view.players:
        return draw_holdings(view, rng)
    return inferred_holdings(view, played, dealer, rules, rng)
