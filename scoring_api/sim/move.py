"""The computer's move: what a named strategy lays next from what one seat knows, beside the
worth of every option he has (``POST /v1/plays/advise``).

The request is what one seat knows in the play and nothing else: his tiles not yet laid, the
tiles he laid away, the starter, the record so far, the dealer and the rules. The rules core
reads the record once, scoring the deal so far (``rules.deal.refereed_deal``: the scores on
the board) and checking the turn on that reading as ``/v1/plays/validate`` checks a proposed
play (``rules.validation.check_turn``); from it the seat is handed to the strategy as the
game hands it a ``Seat`` (``seat.seat_at_turn``: its choice is the one it makes in a
simulated game from the same knowledge), and what he knows (``Seat.view``, its draws named as a
game's turn) is valued option by option as the review of a deal values a tile (``review.worth``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring_api.rules.deal import Deal, refereed_deal
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.tiles import Tile, TileMask, tile_mask
from scoring_api.rules.validation import check_turn

from .advisor import Model, default_model
from .expert.tables import shipped_tables
from .review.worth import go_value, tile_values
from .seat import seat_at_turn
from .strategies import Strategy


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """What one seat knows in the play, and whose move to answer."""

    rules: RuleOptions
    """The rules of the game."""
    dealer: int
    """The dealer."""
    scores: tuple[int, ...]
    """Each side's score before the deal."""
    starter: Tile
    """The starter."""
    plays: tuple[Play, ...]
    """The record so far, goes listed or left out."""
    hand: tuple[Tile, ...]
    """His tiles not yet laid."""
    laid_away: tuple[Tile, ...]
    """The tiles he laid into the crib."""
    seat: int | None
    """The seat asking (None: whoever is on turn)."""
    strategy: Strategy
    """The strategy whose move ``choice`` is."""
    playouts: int
    """Deals of the unseen tiles each option is valued over."""


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A legal option of the seat on turn and its worth."""

    tile: Tile | None
    """The tile laid; None for a go."""
    expected: float
    """The mean points of the rest of the play after it, its own included, his side's minus
    the others' (the review's measure)."""


@dataclass(frozen=True, slots=True)
class MoveAdvice:
    """The answer for the seat on turn."""

    seat: int
    """The seat on turn."""
    count: int
    """The count he lays on."""
    model: Model
    """How the options were valued (the review's model for that many players)."""
    options: tuple[MoveOption, ...]
    """Every legal option, best first (the higher value first among equals)."""
    choice: Tile | None
    """What the strategy lays (None: go)."""
    best: Tile | None
    """The first option's tile (None: go)."""
    explanation: str
    """The choice and the best in one sentence."""


def own_tiles(request: MoveRequest, laid: Sequence[Tile]) -> TileMask:
    """The tiles he drew (his hand, those he laid, those he laid away) and the starter."""
    return tile_mask([*request.hand, *laid, *request.laid_away]) | request.starter.bit


def advise_move(request: MoveRequest) -> MoveAdvice:
    """The options of the seat on turn with their worth, and the strategy's choice.

    Raises ``IllegalPlayError`` for an illegal record and ``MalformedInputError`` naming the
    field of a state that cannot be (``check_turn``).
    """
    rules, dealer = request.rules, request.dealer
    in_play = Deal(rules, dealer, request.scores, request.starter, None, None, request.plays)
    so_far, reader = refereed_deal(in_play)  # the scores on the board: the starter, the play
    won = so_far.winner
    if won is not None:
        raise MalformedInputError(
            f"side {won.side} has won the game in the play so far: there is no move to advise",
            "/plays",
        )
    assert reader is not None, "nobody won at the starter: the record was read"
    seat = check_turn(reader, request.hand, request.laid_away, request.seat)
    referee = reader.referee
    laid = [play.tile for play in request.plays if play.player == seat and play.tile]
    own = own_tiles(request, laid)
    known = seat_at_turn(referee, seat, own, dealer, rules, so_far.scores, request.starter)
    view = known.view()
    model = default_model(rules.players)
    table = shipped_tables().play if model == "expert" else None
    playable = view.playable
    if playable:
        worth = tile_values(view, request.playouts, table)
        options = tuple(
            sorted(
                (MoveOption(tile, worth[tile.value]) for tile in playable),
                key=lambda option: (-option.expected, -_value(option.tile), option.tile),
            )
        )
        choice: Tile | None = request.strategy.lay(known, view.stream())
    else:
        options = (MoveOption(None, go_value(view, request.playouts, table)),)
        choice = None
    best = options[0].tile
    return MoveAdvice(
        seat, referee.count, model, options, choice, best,
        move_sentence(seat, referee.count, request.strategy.name, choice, options),
    )  # fmt: skip


def _value(tile: Tile | None) -> int:
    return -1 if tile is None else tile.value


def _entry(tile: Tile | None) -> str:
    return "go" if tile is None else tile.text


def move_sentence(
    seat: int, count: int, strategy: str, choice: Tile | None, options: Sequence[MoveOption]
) -> str:
    """``Seat 0 on 15: expert lays 4-4, the best (+1.85 points over the rest of the play).``"""
    where = "leads" if count == 0 else f"on {count}"
    best = options[0]
    if choice is None:
        rest = f"{best.expected:+.2f} points over the rest of the play"
        return f"Seat {seat} {where}: no tile fits, so go ({rest})."
    worth = next(option.expected for option in options if option.tile == choice)
    head = f"Seat {seat} {where}: {strategy} lays {choice}"
    if len(options) == 1 or worth >= best.expected:
        return f"{head}, the best ({worth:+.2f} points over the rest of the play)."
    return (
        f"{head} ({worth:+.2f} points over the rest of the play); "
        f"{_entry(best.tile)} is worth {best.expected - worth:.2f} more."
    )
