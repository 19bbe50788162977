"""The ``endgame`` player: plays for the game, not the points.

Near the end of a game the points a play is worth are not what it is worth: a side that needs
three points to win wants the tile most likely to get them first, not the tile that scores
most on average. Two players only (the expert's tables are of two-player deals: its
``players``). It plays as ``expert`` until a side is within ``NEAR`` points of the target.
From then on, at each choice of the play (two values that fit), it draws ``HOLDINGS``
holdings of the other as ``search`` does (against the expert's lay-away of his six,
fitting the tiles he laid and his goes: ``playouts.holdings.AgainstLayAway``, from the
stream named by what the seat knows) and plays each value out against each, both laying by
the expert's play table, tile by tile so that the side that first reaches the target wins
(``playouts.two_player.StateNets.race``). A play-out where neither does is valued by the
chance to win at the show (``winprob.chances``): each hand counted with the starter (his own,
the other's drawn holding with the tiles he laid), then the crib and the deals to come. It
lays the value with the best mean chance (the highest value on a tie). Its lay-away is the
expert's.

It knows only what its ``Seat`` knows: the scores before the deal (``Seat.scores``), the
starter (``Seat.starter``), its own tiles, the tiles laid, the goes and the rules. How it
fares against ``expert``: bench/play_for_the_game.py (bench/README.md, "Play for the game").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import next_seat
from scoring_api.rules.show import show_table, value_keys
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile, tiles_in

from .coverage import uncovered
from .expert.strategy import ExpertLayAway, ExpertStrategy, play_key
from .expert.tables import EXPERT_PLAYERS, ExpertTables
from .playouts.holdings import AgainstLayAway
from .playouts.two_player import ME, OTHER, StateNets
from .seat import Seat
from .strategies import Strategy
from .winprob.chances import Moment, chances
from .winprob.montecarlo import SHOW_STAGE

NEAR: Final = 15
"""Points from the target (either side's) from which it plays for the game."""
HOLDINGS: Final = 200
"""Holdings of the other drawn per choice near the end."""


@mypyc_attr(allow_interpreted_subclasses=True)
class EndgameStrategy(ExpertStrategy):
    """The expert (or ``base`` in the play), but near the end of the game each choice of the
    play is valued by the chance to win over ``holdings`` play-outs (``by="chance"``), or, the
    bench's control, by their mean net points (``by="points"``, ``search``'s measure)."""

    name = "endgame"
    description = (
        "Two players only. Plays as expert until a side is within 15 points of the target; "
        "from then on, with a choice in the play, draws 200 holdings of the other as search "
        "does, plays each value out against each tile by tile (whoever reaches the target "
        "first wins) and lays the value with the best mean chance to win, a play-out that "
        "ends the deal valued by the chance tables at the show."
    )
    players = (EXPERT_PLAYERS,)
    players_reason = "it plays by the expert's tables, which are of two-player deals"
    seat_seconds = 12e-3
    """Its play-outs near the end (bench/play_for_the_game.py: 20,000 games against expert
    in about 4 minutes of CPU)."""

    def __init__(
        self,
        tables: ExpertTables | None = None,
        near: int = NEAR,
        holdings: int = HOLDINGS,
        by: str = "chance",
        base: Strategy | None = None,
    ) -> None:
        super().__init__(tables)
        self.near, self.holdings, self.by = near, holdings, by
        self.base = base
        """Who lays far from the end (None: the expert; the bench tries ``search``), whose
        lay-away is the expert's either way."""
        self._sampler: tuple[ExpertTables, AgainstLayAway] | None = None
        self.decided = 0
        """Choices near the end with two values that fit (the bench counts them)."""
        self.changed = 0
        """Of those, where the chance's best value was not the points' best."""

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        if seat.players != EXPERT_PLAYERS:
            raise ValueError(f"{self.name} is for {EXPERT_PLAYERS} players only")
        rules = near_the_end(seat, self.near)
        if rules is None:  # the expert's choice far from the end, or where the seat lacks it
            if self.base is not None:
                return self.base.lay(seat, rng)
            return super().lay(seat, rng)
        best = self._best(seat, rules)
        return next(tile for tile in seat.playable if tile.value == best)

    def _best(self, seat: Seat, rules: RuleOptions) -> int:
        """The value it lays near the end: the best mean chance over the play-outs (or the
        best net points, ``by="points"``)."""
        view = seat.view()
        holdings = self._against().holdings(view, view.stream(), self.holdings)
        key = play_key(seat)
        assert key is not None, "a choice of values"
        state = StateNets(key, self.tables.play)
        chance, net = values_for_the_game(seat, rules, state, holdings, self.by == "chance")
        by_points = max(net, key=lambda v: (net[v], v))
        best = max(chance, key=lambda v: (chance[v], v)) if self.by == "chance" else by_points
        self.decided += 1
        self.changed += best != by_points
        return best

    def _against(self) -> AgainstLayAway:
        """The sampler of the other's holdings, kept (its look-ups) while the tables are."""
        tables, found = self.tables, self._sampler
        if found is None or found[0] is not tables:
            found = self._sampler = (tables, AgainstLayAway(ExpertLayAway(tables)))
        return found[1]


def near_the_end(seat: Seat, near: int) -> RuleOptions | None:
    """The rules where ``seat``'s choice of the play is valued by the chance to win (two
    players, the chance's tables covering the rules, the starter and the scores told, a side
    within ``near`` points of the target, a choice of values); else None."""
    rules = seat.rules
    playable = seat.playable
    if (
        seat.players != EXPERT_PLAYERS
        or rules is None
        or uncovered(rules) is not None
        or seat.starter is None
        or not seat.scores
        or playable[0].value == playable[-1].value
        or max(seat.scores) < rules.target - near
    ):
        return None
    return rules


def values_for_the_game(
    seat: Seat,
    rules: RuleOptions,
    state: StateNets,
    holdings: Sequence[list[int]],
    by_chance: bool = True,
    weights: Sequence[int] | None = None,
) -> tuple[dict[int, float], dict[int, int]]:
    """Each value ``seat`` may lay (``state.candidates``), played out against each of
    ``holdings`` of the other tile by tile until a side reaches the target: its total chance
    to win (0 each where not ``by_chance``), and its total net points, each holding counted
    ``weights[i]`` times (once each without). A play-out where neither side reaches the
    target is valued by the chance at the show."""
    other = next_seat(seat.seat, EXPERT_PLAYERS)
    kept = [tile.value for tile in seat.remaining()]
    kept += [tile.value for tile in tiles_in[seat.played[seat.seat]]]
    his_laid = [tile.value for tile in tiles_in[seat.played[other]]]
    rooms = (rules.target - seat.scores[seat.seat], rules.target - seat.scores[other])
    chance: dict[int, float] = {}
    net: dict[int, int] = {}
    for value in state.candidates:
        chance[value], net[value] = 0.0, 0
        for i, his in enumerate(holdings):
            times = 1 if weights is None else weights[i]
            points = [0, 0]
            first = state.race(value, his, points, rooms)
            net[value] += times * (points[ME] - points[OTHER])
            if not by_chance:
                continue
            if first >= 0:  # a side reaches the target in the play: the game is over
                won = float(first == ME)
            else:
                hands = (kept, his_laid + his)
                won = _chance_at_show(seat, rules, other, points, hands)
            chance[value] += won if weights is None else times * won
    return chance, net


def _chance_at_show(
    seat: Seat,
    rules: RuleOptions,
    other: int,
    points: list[int],
    hands: tuple[list[int], list[int]],
) -> float:
    """The seat's chance once the play-out's ``points`` (ME, OTHER) are scored, at the show:
    its hand and the other's (``hands``: their four values each) counted with the starter."""
    starter = seat.starter
    assert starter is not None
    scores = list(seat.scores)
    scores[seat.seat] += points[ME]
    scores[other] += points[OTHER]
    shown = show_table(rules)
    totals = {
        seat.seat: shown[value_keys([*hands[0], starter.value])],
        other: shown[value_keys([*hands[1], starter.value])],
    }
    dealer = seat.dealer
    order = (next_seat(dealer, EXPERT_PLAYERS), dealer)  # the non-dealer shows first
    known = tuple(((s - dealer) % EXPERT_PLAYERS, totals[s]) for s in order)
    return chances(rules, scores, dealer, Moment(SHOW_STAGE, starter.value, known))[seat.seat]
