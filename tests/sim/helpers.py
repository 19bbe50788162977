"""Helpers shared by the simulator's tests (tests import helpers, never each other)."""

from __future__ import annotations

from collections.abc import Callable

from scoring_api.rules import Play, PlayReferee, RuleOptions
from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile
from scoring_api.sim.outcome import DealRecord, GameResult
from scoring_api.sim.playouts.laying import greedy_of_code
from scoring_api.sim.registry import lineup_of, named
from scoring_api.sim.search import NEAR_END, SearchStrategy
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import Strategy


def stored_fields(cls: type) -> set[str]:
    """The fields a plain class of the engine stores, its bases' too: their ``__slots__``,
    which a compiled class lists as ``__mypyc_attrs__`` instead."""
    found: set[str] = set()
    for klass in cls.__mro__:
        found |= set(getattr(klass, "__mypyc_attrs__", None) or getattr(klass, "__slots__", ()))
    return found


SMALL_BUDGET = 3
"""The search's budget where a test checks the bookkeeping of its games, not its strength."""


def small_lineup(names: tuple[str, ...]) -> tuple[Strategy, ...]:
    """The registry's strategies of ``names``, each that takes a budget at ``SMALL_BUDGET``."""
    return lineup_of(
        names, [None if named(name).budget_range is None else SMALL_BUDGET for name in names]
    )


RECORDER_BUDGET = 6
"""The budget of ``Recorder``'s search."""


class Recorder(SearchStrategy):
    """Plays as ``search`` and keeps each choice: what the seat was told, where his own
    stream stood (its name and place), and the tile laid."""

    def __init__(self, near: int = NEAR_END) -> None:
        super().__init__(RECORDER_BUDGET, near=near)
        self.choices: list[tuple[Seat, tuple[object, ...], Tile]] = []

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        state = (rng.k0, rng.k1, rng.n0, rng.n1, rng.block, rng.left)
        tile = super().lay(seat, rng)
        if seat.playable[0].value != seat.playable[-1].value:
            self.choices.append((seat.snapshot(), state, tile))
        return tile


def side_events(record: DealRecord, rules: RuleOptions) -> list[tuple[int, int]]:
    """(side, points) of every scoring event, in order. A go point rides on its tile's entry
    but is its own event, after the tile's own points (docs/rules.md section 5)."""
    found = [(rules.side_of(record.dealer), record.starter_points)]
    for play in record.plays:
        closing = [i.points for i in play.items if i.kind in ("go", "last_tile")]
        found.append((rules.side_of(play.player), play.points - sum(closing)))
        found += [(rules.side_of(play.player), points) for points in closing]
    found += [(rules.side_of(shown.player), shown.total) for shown in record.shows]
    return [event for event in found if event[1]]


def check_game(
    game: GameResult, rules: RuleOptions, check_deal: Callable[[DealRecord, RuleOptions], None]
) -> None:
    """A game's transcript (any number of players, partners too): the deal passes left, each
    deal checked by ``check_deal``, every deal but the last played out and shown; its scoring
    events add up to its scores, none after the target; the winner and the lurched sides are
    the transcript's; every seat's points by source and by role add up to them."""
    assert game.transcript is not None
    assert len(game.transcript) == game.deals
    n, sides = rules.players, rules.sides
    for number, record in enumerate(game.transcript):
        assert record.dealer == (game.first_dealer + number) % n
        check_deal(record, rules)
        if number < game.deals - 1:
            assert len(record.shows) == n + 1
            assert sum(play.tile is not None for play in record.plays) == 4 * n
    scores = [0] * sides
    events = [event for record in game.transcript for event in side_events(record, rules)]
    for side, points in events[:-1]:
        scores[side] += points
        assert max(scores) < rules.target, "scored after the target was reached"
    winner, points = events[-1]
    scores[winner] += points
    assert scores == game.scores
    assert winner == game.winner
    assert scores[winner] >= rules.target
    half = (rules.target + 1) // 2
    assert game.lurched == [s for s in range(sides) if s != winner and scores[s] < half]
    assert game.lurch == bool(game.lurched)
    by_seat = [sum(game.points[seat].values()) for seat in range(n)]
    assert rules.side_totals(by_seat) == game.scores
    assert by_seat == [sum(game.role_points[seat]) for seat in range(n)]
    assert sum(game.dealt) == game.deals


ValueOf = Callable[[PlayReferee, int, list[int]], int]
"""The value a seat lays: of the referee as it stands, the seat on turn and the values of his
tiles that fit."""


def play_through(referee: PlayReferee, value_of: ValueOf) -> list[Play]:
    """The rest of a play through the referee, every seat on turn laying a tile of the value
    ``value_of`` chooses, or saying go where nothing fits: the tiles laid, in order."""
    laid: list[Play] = []
    while (seat := referee.turn) is not None:
        playable = referee.playable(seat)
        if not playable:
            referee.go(seat)
            continue
        value = value_of(referee, seat, [tile.value for tile in playable])
        tile = next(tile for tile in playable if tile.value == value)
        referee.lay(seat, tile)
        laid.append(Play(seat, tile))
    return laid


def greedy(referee: PlayReferee, seat: int, values: list[int]) -> int:
    """The greedy play-out's value (``laying.greedy_of_code``), as ``play_through`` asks it."""
    return greedy_of_code(values, referee.count_code, MAX_COUNT - referee.count)
