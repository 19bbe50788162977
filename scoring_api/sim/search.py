"""The ``search`` player: at each choice of the play, play-outs over the holdings the others
may have, drawn to fit everything the seat has seen.

The lay-away is the expert's (``expected``'s with three or four players). In the play, with a
choice of values, the seat draws up to ``budget`` holdings of the others from the tiles he has
not seen (stopping early once one value is clearly best: ``settled``), each consistent with what
he saw: the counts they hold, every go they said (a seat that said go holds nothing that would
have fitted), and with two players the other's lay-away: the other's six drawn tiles are his
laid tiles plus tiles drawn from the unseen, and a draw is kept only if the expert's lay-away of
those six keeps every tile he has laid (so his holding is drawn as likely as the expert's
lay-away pattern makes it; after ``MAX_TRIES`` draws per holding without one, a holding is drawn
uniformly); with three or four players each other seat's holding is drawn against ``expected``'s
lay-away of his five (``inference``). Each value he may lay is played out against every holding,
the same holdings for each, both seats laying by the expert's play table (greedily where it is
silent: ``expert.playout.play_nets``); with three or four players every seat lays carefully, the
most points now less the next seat's best reply from the tiles he holds in the draw
(``review.playouts.seat_nets``; greedy play-outs, which ignore the reply, made the search no
better than ``expected`` with four players). He lays the value with the best total of the rest
of the play's points, his side's minus the others'.

The draws come from a ``Random`` seeded by what the seat knows, written out (``knowledge``),
never from the game's: a game is still a function of its seed, no draw can depend on a tile he
has not seen (the ``Seat`` names none: ``tests/sim/test_search.py`` checks it), and the
game's own random numbers, so its deals, are those of any other lineup: the ladder's two
seatings of a seed see the same tiles all game long.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt
from random import Random

from mypy_extensions import mypyc_attr

from scoring_api.rules.seats import next_seat
from scoring_api.rules.tiles import ALL_MASK, Tile, tiles_in

from .expert.playout import play_nets
from .expert.strategy import ExpertStrategy
from .expert.tables import EXPERT_DISCARDS, EXPERT_PLAYERS, ExpertTables, PlayKey
from .inference import holdings_for
from .review.playouts import seat_nets
from .review.views import PlayView, draw_some
from .seat import Seat

DEFAULT_BUDGET = 1_000
"""The most holdings drawn per choice by default with two players: each value he may lay is
played out against each, and most choices settle long before (about 22 ms of CPU a game
against expert here, bench/README)."""
DEFAULT_BUDGET_MORE_PLAYERS = 200
"""The default with three or four players, whose careful play-outs (and holdings drawn against
the others' lay-aways) cost several times the two-player ones (about 60 to 100 ms of CPU a game
against expected, bench/README)."""
MAX_BUDGET = 4_000
"""The most a request may ask for (a 422 naming the field past it)."""
FIRST_LOOK = 100
"""Holdings drawn before the search may stop early: a budget this size or
smaller is spent whole."""
LOOK_EVERY = 50
"""Holdings drawn at a time after the first look, until one value is clearly best."""
CLEAR = 3.0
"""Standard errors by which the leader's mean lead must pass zero to stop early."""
INDIFFERENT = 0.05
"""Points: a difference known to within this (at ``CLEAR`` standard errors) decides nothing."""
MAX_TRIES = 8
"""Draws per holding that the other's lay-away may reject before one is drawn uniformly."""


def knowledge(seat: Seat) -> str:
    """What the seat knows at a turn, as text: his seat, the dealer, his six and the starter,
    every tile he has seen, the count, who laid its last tile, how many tiles each seat
    holds, the goes said. The seed of his draws."""
    held = ",".join(str(seat.holds(other)) for other in range(seat.players))
    return (
        f"{seat.seat}|{seat.dealer}|{seat.own}|{seat.seen}|"
        f"{','.join(map(str, seat.count_values))}|{seat.last}|{held}|"
        f"{','.join(map(str, seat.above))}|{''.join('1' if p else '0' for p in seat.passed)}"
    )


def other_holdings(seat: Seat, tables: ExpertTables, rng: Random, samples: int) -> list[list[int]]:
    """``samples`` holdings of the other (two players), values lowest first, each
    consistent with what ``seat`` has seen and the expert's lay-away of the other's six."""
    other = next_seat(seat.seat, EXPERT_PLAYERS)
    unseen = [tile.value for tile in tiles_in[ALL_MASK & ~seat.seen]]
    laid = [tile.value for tile in tiles_in[seat.seen & ~seat.own]]  # the other's, by now
    floor = seat.above[other] if seat.above else -1
    held = seat.opponent_tiles
    hidden = len(EXPERT_DISCARDS.options[0]) + held  # his lay-away and his tiles in hand
    dealer = seat.dealer == other
    holdings: list[list[int]] = []
    tries = 0
    while len(holdings) < samples and tries < MAX_TRIES * samples:
        tries += 1
        values = tuple(sorted(laid + draw_some(rng, list(unseen), hidden)))
        away = tables.discard(values, dealer)
        kept = [value for position, value in enumerate(values) if position not in away]
        for value in laid:
            if value not in kept:
                break
            kept.remove(value)
        else:
            if not kept or kept[0] > floor:
                holdings.append(kept)
    eligible = [value for value in unseen if value > floor]
    while len(holdings) < samples:
        holdings.append(sorted(draw_some(rng, list(eligible), held)))
    return holdings


def settled(nets: dict[int, list[int]]) -> bool:
    """Whether the play-outs so far decide: the leader's mean lead over each other value
    (paired, holding by holding) is more than ``CLEAR`` standard errors, or known to within
    ``INDIFFERENT`` points either way (then either is as good)."""
    leader = max(nets, key=lambda v: (sum(nets[v]), v))
    best = nets[leader]
    n = len(best)
    for value, found in nets.items():
        if value == leader:
            continue
        diffs = [a - b for a, b in zip(best, found, strict=True)]
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        error = sqrt(spread / n)
        if mean <= CLEAR * error and CLEAR * error >= INDIFFERENT:
            return False
    return True


def search_nets(draw: Callable[[int], dict[int, list[int]]], budget: int) -> dict[int, list[int]]:
    """Each value's play-outs, holding by holding, from ``draw(n)`` (``n`` more holdings
    played out): ``FIRST_LOOK`` holdings, then ``LOOK_EVERY`` more at a time until one value
    is clearly best (``settled``) or ``budget`` are drawn."""
    drawn = min(budget, FIRST_LOOK)
    nets = draw(drawn)
    while drawn < budget and not settled(nets):
        more = min(LOOK_EVERY, budget - drawn)
        for value, found in draw(more).items():
            nets[value].extend(found)
        drawn += more
    return nets


def play_view(seat: Seat) -> PlayView:
    """What ``seat`` knows, as the play-outs of three or four players take it."""
    players = seat.players
    return PlayView(
        seat=seat.seat,
        sides=tuple(seat.sides),
        hand=tuple(tile.value for tile in seat.remaining()),
        playable=tuple(seat.playable),
        values=seat.count_values,
        passed=tuple(seat.passed),
        last=seat.last,
        held=tuple(seat.holds(other) for other in range(players)),
        above=tuple(seat.above) if seat.above else (-1,) * players,
        unseen=tuple(tile.value for tile in tiles_in[ALL_MASK & ~seat.seen]),
        seed=knowledge(seat),
    )


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchStrategy(ExpertStrategy):
    """The expert's lay-away; in the play, a search of up to ``budget`` holdings per choice."""

    name = "search"
    description = (
        "Lays away as expert. In the play, with a choice, draws up to `budget` holdings of "
        "the others (until one value is clearly best) consistent with what the seat has seen "
        "(the tiles laid, the goes said and the others' lay-aways, as the expert would make "
        "them with two players and expected with more), plays each value out against each, "
        "both laying by the expert's play table (with three or four players every seat "
        "minding the next seat's best reply), and lays the best."
    )

    def __init__(self, budget: int | None = None, tables: ExpertTables | None = None) -> None:
        super().__init__(tables)
        self.budget = budget
        """The most holdings per choice; None: ``DEFAULT_BUDGET``
        (``DEFAULT_BUDGET_MORE_PLAYERS`` with three or four players)."""

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable
        if playable[0].value == playable[-1].value:
            return playable[0]
        local = Random(knowledge(seat))
        if seat.players == EXPERT_PLAYERS:
            budget = DEFAULT_BUDGET if self.budget is None else self.budget
            nets = search_nets(self._two_player_nets(seat, local), budget)
        else:
            budget = DEFAULT_BUDGET_MORE_PLAYERS if self.budget is None else self.budget
            view = play_view(seat)
            nets = search_nets(
                lambda n: seat_nets(
                    view,
                    [
                        holdings_for(view, seat.played, seat.dealer, seat.rules, local)
                        for _ in range(n)
                    ],
                    True,
                ),
                budget,
            )
        totals = {v: sum(n) for v, n in nets.items()}
        value = max(totals, key=lambda v: (totals[v], v))
        return next(tile for tile in playable if tile.value == value)

    def _two_player_nets(self, seat: Seat, rng: Random) -> Callable[[int], dict[int, list[int]]]:
        """The play-outs of ``n`` more holdings of the other, drawn by ``other_holdings``,
        both laying by the expert's play table."""
        other = next_seat(seat.seat, EXPERT_PLAYERS)
        mine = tuple(tile.value for tile in seat.remaining())
        key: PlayKey = (mine, seat.count_values, seat.opponent_tiles, seat.passed[other])
        tables = self.tables
        return lambda n: play_nets(key, other_holdings(seat, tables, rng, n), tables.play)
