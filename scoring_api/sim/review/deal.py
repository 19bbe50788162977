"""The review of a deal: what each decision cost its seat, in expected points (docs/review.md).

Every decision in the order it was taken: each seat's lay-away, valued as the discard advisor
values it (``advise_discards``, the same figures), then each tile of the play, valued by
play-outs over what its seat could know (``worth``). A decision's loss is the best
option's worth minus the chosen one's, never negative. Per seat: the losses added up, what
his drawn tiles were worth at the start of the deal with the best choices (``expected``),
what the deal gave him on the same measure (``scored``), and the difference with the losses
added back (``luck``): what the tiles, not the choices, did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring_api.rules.deal import Deal, DealScore
from scoring_api.rules.seats import leader, seats_from
from scoring_api.rules.tiles import Tile, by_value

from ..advisor import Advice, Model, advise_discards
from ..expert.tables import shipped_tables
from ..layaway import RankedOption
from ..playouts.knowledge import opening_view
from ..playouts.nets import net
from ..playouts.two_player import PlayTable
from .inputs import CheckedDeal, ReviewRequest, checked_deal, laid_away
from .labels import Label, label_of, lay_away_sentence, play_sentence
from .reading import TileLaid
from .reasons import Reason, lay_away_reason, play_reason
from .worth import DIGITS, opening_value, playout_deals, playout_nets, worth_of


@dataclass(frozen=True, slots=True)
class LayAwayDecision:
    """A seat's lay-away, reviewed."""

    seat: int
    """Who laid away."""
    advice: Advice
    """His drawn tiles and every way to lay some away, best first: what
    ``/v1/discards/advise`` answers for them."""
    chosen: RankedOption
    """The one he took."""
    best: RankedOption
    """The best one (his own where it is as good)."""
    loss: float
    """The best option's expected net minus his."""
    label: Label
    """The loss in a word."""
    explanation: str
    """The decision in one sentence."""
    reason: Reason | None
    """Why it lost what it lost (None without a loss)."""


@dataclass(frozen=True, slots=True)
class TileOption:
    """A tile a seat could lay, and what it was worth."""

    tile: Tile
    """The tile."""
    expected: float
    """The mean points of the rest of the play after it, his side's minus the others'."""


@dataclass(frozen=True, slots=True)
class PlayDecision:
    """A tile of the play, reviewed."""

    seat: int
    """Who laid it."""
    entry: int
    """Its entry in the record."""
    count: int
    """The count it was laid on."""
    options: tuple[TileOption, ...]
    """Every tile he could lay, best first (the higher value first among equals)."""
    chosen: Tile
    """The tile he laid."""
    best: Tile
    """The best one (his own where it is as good)."""
    loss: float
    """The best tile's worth minus his."""
    label: Label
    """The loss in a word."""
    explanation: str
    """The decision in one sentence."""
    reason: Reason | None
    """Why it lost what it lost (None without a loss)."""


Decision = LayAwayDecision | PlayDecision


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's deal in a few figures."""

    seat: int
    """The seat."""
    lay_away_loss: float
    """What his lay-away cost."""
    play_loss: float
    """What his tiles in the play cost, added up."""
    expected: float
    """What his drawn tiles were worth at the start, with the best lay-away: its expected net
    (with the play's worth for its kept tiles where the model leaves the play out)."""
    scored: int | None
    """What the deal gave him on that measure: his hand, the crib (for or against his side),
    the play (his side's minus the others'). None when the game ended during the deal."""
    luck: float | None
    """``scored`` minus ``expected`` with his losses added back: what the tiles did."""


@dataclass(frozen=True, slots=True)
class DealReview:
    """A deal reviewed."""

    model: Model
    """How the choices were valued."""
    playouts: int
    """Play-outs per tile of the play."""
    decisions: tuple[Decision, ...]
    """Each decision of the seats reviewed, in the order taken: the lay-aways from the
    dealer's left round to the dealer, then the tiles of the play."""
    seats: tuple[SeatSummary, ...]
    """Each seat reviewed, in seat order."""


def _lay_away(
    checked: CheckedDeal, seat: int, drawn: Sequence[Tile], model: Model
) -> LayAwayDecision:
    deal, rules = checked.deal, checked.deal.rules
    own_crib = rules.side_of(seat) == rules.side_of(deal.dealer)
    advice = advise_discards(drawn, own_crib, rules, model)
    options = advice.options
    away = set(laid_away(drawn, checked.hands[seat]))
    chosen = next(option for option in options if set(advice.laid_away(option)) == away)
    loss = round(options[0].expected_net - chosen.expected_net, DIGITS)
    best = chosen if loss <= 0 else options[0]
    label = label_of(loss, len(options))
    sentence = lay_away_sentence(
        seat, advice.laid_away(chosen), advice.laid_away(best), loss, label
    )
    reason = lay_away_reason(advice, chosen, best, own_crib, loss) if loss > 0 else None
    return LayAwayDecision(seat, advice, chosen, best, max(loss, 0.0), label, sentence, reason)


def _play(laid: TileLaid, samples: int, table: PlayTable | None) -> PlayDecision:
    view = laid.view
    deals = playout_deals(view, samples)
    nets = playout_nets(view, deals, table)  # played out once: the worths and the reason's
    worth = worth_of(nets, samples)
    options = tuple(
        sorted(
            (TileOption(tile, worth[tile.value]) for tile in view.playable),
            key=lambda option: (-option.expected, -option.tile.value, option.tile),
        )
    )
    loss = round(options[0].expected - worth[laid.tile.value], DIGITS)
    best = laid.tile if loss <= 0 else options[0].tile
    label = label_of(loss, len(worth))
    sentence = play_sentence(view.seat, laid.tile, view.count, best, loss, label)
    reason = play_reason(view, laid.tile, best, loss, deals, nets) if loss > 0 else None
    return PlayDecision(
        view.seat, laid.entry, view.count, options, laid.tile, best, max(loss, 0.0), label,
        sentence, reason,
    )  # fmt: skip


def _scored(deal: Deal, score: DealScore, seat: int) -> int | None:
    """His hand, the crib for or against his side, the play his side's minus the others'."""
    if score.winner is not None:
        return None
    rules = deal.rules
    play = [0] * rules.players
    total = 0
    for event in score.events:
        if event.kind in ("play", "go"):
            play[event.seat] = play[event.seat] + event.points
        elif event.kind == "hand" and event.seat == seat:
            total += event.points
        elif event.kind == "crib":
            mine = rules.side_of(event.seat) == rules.side_of(seat)
            total += event.points if mine else -event.points
    sides = tuple(rules.side_of(s) for s in range(rules.players))
    return total + net(play, sides, seat)


def _expected(request: ReviewRequest, decision: LayAwayDecision) -> float:
    """What the seat's drawn tiles were worth with the best lay-away, as he saw them."""
    best = decision.advice.options[0]
    if best.expected_pegging is not None:
        return best.expected_net
    rules, seat = request.deal.rules, decision.seat
    kept = [tile.value for tile in decision.advice.kept(best)]
    view = opening_view(rules, request.deal.dealer, seat, by_value(request.drawn[seat]), kept)
    return round(best.expected_net + opening_value(view, request.playouts), DIGITS)


def _play_table(model: Model) -> PlayTable | None:
    """What the play-outs lay by: the expert's table under its model, else greedily."""
    if model != "expert":
        return None
    return shipped_tables().play


def review_deal(request: ReviewRequest) -> DealReview:
    """Review a deal.

    Raises ``MalformedInputError`` naming the field of a deal that does not add up, and
    ``IllegalPlayError`` for an illegal record (``inputs.checked_deal``); ``advise_discards``
    refuses ``expert`` with three or four players (at ``/model``).
    """
    checked = checked_deal(request)
    deal, score = checked.deal, checked.score
    rules = deal.rules
    reviewed = set(range(rules.players) if request.seats is None else request.seats)
    lay_aways = [
        _lay_away(checked, seat, request.drawn[seat], request.model)
        for seat in seats_from(leader(deal.dealer, rules.players), rules.players)
        if seat in reviewed
    ]
    table = _play_table(request.model)
    plays = [
        _play(laid, request.playouts, table) for laid in checked.tiles if laid.view.seat in reviewed
    ]
    summaries = []
    for decision in sorted(lay_aways, key=lambda decision: decision.seat):
        seat = decision.seat
        play_loss = round(sum(p.loss for p in plays if p.seat == seat), DIGITS)
        expected = _expected(request, decision)
        scored = _scored(deal, score, seat)
        luck = None
        if scored is not None:
            luck = round(scored - expected + decision.loss + play_loss, DIGITS)
        summaries.append(SeatSummary(seat, decision.loss, play_loss, expected, scored, luck))
    return DealReview(request.model, request.playouts, (*lay_aways, *plays), tuple(summaries))
