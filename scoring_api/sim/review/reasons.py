"""Why a decision lost what it lost: its loss split into parts a player understands, each
figure taken from the same valuation that measured the loss (docs/review.md, the reasons).

A tile of the play: the points it scores at once (``now``), the points the next seat to lay
can score at once with his best reply over the holdings he could have (``reply``: how often
and how much, drawn as the loss's play-outs draw them), and the rest of the play (``rest``:
what is left of the play-out's net). A lay-away: the kept hand's expected show, the crib's
(for or against his side) and the play's, where the model counts it. The parts add up to the
loss; for a tile the play-outs' margin (95%, of the paired difference) is said with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import points_of_code, spans_of_code, values_code, with_value
from scoring_api.rules.seats import turn_orders
from scoring_api.rules.tiles import Tile

from ..advisor import Advice
from ..intervals import half_width
from ..layaway import RankedOption
from ..playouts.knowledge import SeatView
from .worth import DIGITS

PartName = Literal["now", "reply", "rest", "hand", "crib", "play"]
"""``now``: the tile's own points; ``reply``: the next seat's best reply at once; ``rest``:
the rest of the play; ``hand``, ``crib``, ``play``: a lay-away's expected show and play."""
NAMED: Final = 0.05
"""A part below this share of the loss (in points) is left out of the sentence."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a decision's loss."""

    name: PartName
    """Which part."""
    chosen: float
    """Its figure for the option chosen (points, for his side; ``reply``: the next seat's)."""
    best: float
    """Its figure for the best option."""
    loss: float
    """What it adds to the loss; the parts' losses add up to the decision's."""


@dataclass(frozen=True, slots=True)
class Reply:
    """What the next seat to lay could score at once after a tile, over the holdings drawn."""

    seat: int | None
    """The seat next to lay (None: nobody replies at once: 31, or nobody else may lay)."""
    chance: float
    """The share of the holdings drawn where he holds a tile that scores at once."""
    points: float
    """The mean of the most he can score at once, over all the holdings drawn."""
    kind: str | None
    """What his best reply most often makes (``fifteen``, ``pair``, ``run``...), None if
    he never scores."""


@dataclass(frozen=True, slots=True)
class TileFacts:
    """What a tile did at once, and let the next seat do."""

    tile: Tile
    """The tile."""
    count: int
    """The count after it."""
    now: int
    """What it scores at once (go points aside)."""
    kinds: tuple[str, ...]
    """What it makes (``fifteen``, ``thirty_one``, ``pair``, ``run``...)."""
    reply: Reply
    """The next seat's reply."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a decision lost what it lost."""

    parts: tuple[Part, ...]
    """The loss's parts, in a fixed order; their losses add up to the loss."""
    margin: float
    """The play-outs' margin of the loss (95%); 0 where the figures are exact."""
    chosen: TileFacts | None
    """A tile's: the tile chosen, at once (None for a lay-away)."""
    best: TileFacts | None
    """A tile's: the best tile."""
    english: str
    """The reason in one line."""
    russian: str
    """The same in Russian."""


def _kinds(code: int, count: int) -> tuple[str, ...]:
    return tuple(kind for kind, _, _ in spans_of_code(code, count))


def next_to_lay(view: SeatView) -> int | None:
    """The seat that lays next after ``view.seat`` lays a tile that does not make 31: the
    first seat clockwise that still holds a tile and has not said go (None if it is he)."""
    held = list(view.held)
    held[view.seat] -= 1
    for seat in turn_orders(view.players)[view.seat]:
        if seat != view.seat and held[seat] > 0 and not view.passed[seat]:
            return seat
    return None


def best_reply(hand: Sequence[int], code: int, count: int) -> tuple[int, str | None]:
    """The most a hand of values can score at once on the count ``code`` (total ``count``),
    and what that reply makes first (None when nothing scores)."""
    most, kind = 0, None
    for value in hand:
        if count + value <= MAX_COUNT:
            after = with_value(code, value)
            points = points_of_code(after, count + value)
            if points > most:
                most = points
                kind = _kinds(after, count + value)[0]
    return most, kind


def tile_facts(view: SeatView, tile: Tile, deals: Sequence[list[list[int]]]) -> TileFacts:
    """What ``tile`` scores at once and what the next seat could reply over ``deals``."""
    count = view.count + tile.value
    code = with_value(values_code(view.count_values), tile.value)
    now = points_of_code(code, count)
    seat = None if count == MAX_COUNT else next_to_lay(view)
    scored, total = 0, 0
    kinds: dict[str, int] = {}
    if seat is not None:
        for hands in deals:
            points, kind = best_reply(hands[seat], code, count)
            if kind is not None:
                scored += 1
                total += points
                kinds[kind] = kinds.get(kind, 0) + 1
    n = max(len(deals), 1)
    common = max(sorted(kinds), key=lambda k: kinds[k]) if kinds else None
    reply = Reply(seat, round(scored / n, DIGITS), round(total / n, DIGITS), common)
    return TileFacts(tile, count, now, _kinds(code, count), reply)


def _reply_net(view: SeatView, facts: TileFacts) -> float:
    """The next seat's reply as it counts in the seat's net (against him unless a partner)."""
    seat = facts.reply.seat
    if seat is None:
        return 0.0
    same = view.sides[seat] == view.sides[view.seat]
    return facts.reply.points if same else -facts.reply.points


def margin_of(differences: Sequence[int]) -> float:
    """The 95% margin of the mean of ``differences`` (a paired difference, deal by deal)."""
    n = len(differences)
    if n < 2:
        return 0.0
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return round(half_width(variance, n), DIGITS)


def play_reason(
    view: SeatView,
    chosen: Tile,
    best: Tile,
    loss: float,
    deals: Sequence[list[list[int]]],
    nets: dict[int, list[int]],
) -> Reason:
    """Why laying ``chosen`` rather than ``best`` lost ``loss`` (as the review rounds it),
    over the loss's own play-outs: ``deals`` (``worth.playout_deals``) and each value's nets
    on them (``worth.playout_nets``), those the loss was worked out from."""
    mine, theirs = nets[chosen.value], nets[best.value]
    worth_c, worth_b = sum(mine) / len(mine), sum(theirs) / len(theirs)
    facts_c, facts_b = tile_facts(view, chosen, deals), tile_facts(view, best, deals)
    reply_c, reply_b = _reply_net(view, facts_c), _reply_net(view, facts_b)
    rest_c = worth_c - facts_c.now - reply_c
    rest_b = worth_b - facts_b.now - reply_b
    parts = tuple(
        _rounded(part)
        for part in (
            # floats, not the ints they are: the pure build would write 2 where the
            # compiled one writes 2.0 (the same bytes on either)
            Part("now", float(facts_c.now), float(facts_b.now), float(facts_b.now - facts_c.now)),
            Part("reply", facts_c.reply.points, facts_b.reply.points, reply_b - reply_c),
            Part("rest", rest_c, rest_b, rest_b - rest_c),
        )
    )
    margin = margin_of([b - c for b, c in zip(theirs, mine, strict=True)])
    english = _play_english(parts, facts_c, facts_b, loss, margin)
    russian = _play_russian(parts, facts_c, facts_b, loss, margin)
    return Reason(parts, margin, facts_c, facts_b, english, russian)


def lay_away_reason(
    advice: Advice, chosen: RankedOption, best: RankedOption, own_crib: bool, loss: float
) -> Reason:
    """Why laying away ``chosen`` rather than ``best`` lost ``loss``, on the advisor's
    figures (exact: no margin)."""
    sign = 1.0 if own_crib else -1.0
    parts = [
        Part("hand", chosen.expected_hand, best.expected_hand,
             best.expected_hand - chosen.expected_hand),
        Part("crib", chosen.expected_crib, best.expected_crib,
             sign * (best.expected_crib - chosen.expected_crib)),
    ]  # fmt: skip
    if chosen.expected_pegging is not None and best.expected_pegging is not None:
        parts.append(
            Part("play", chosen.expected_pegging, best.expected_pegging,
                 best.expected_pegging - chosen.expected_pegging)
        )  # fmt: skip
    rounded = tuple(_rounded(part) for part in parts)
    kept = " ".join(tile.text for tile in advice.kept(best))
    english = _lay_away_english(rounded, kept, own_crib, loss)
    russian = _lay_away_russian(rounded, kept, own_crib, loss)
    return Reason(rounded, 0.0, None, None, english, russian)


def _rounded(part: Part) -> Part:
    return Part(
        part.name, round(part.chosen, DIGITS), round(part.best, DIGITS), round(part.loss, DIGITS)
    )


def named(parts: Sequence[Part], loss: float) -> list[Part]:
    """The parts a sentence names: those adding at least ``NAMED`` of the loss, largest
    first, at most two; the largest alone when none does."""
    ordered = sorted(parts, key=lambda part: -part.loss)
    chosen = [part for part in ordered if part.loss >= NAMED * max(loss, 0.0) and part.loss > 0]
    return chosen[:2] or ordered[:1]


# The sentences. Each names the largest parts with their figures, then the sum and margin.

_KINDS_EN: Final = {
    "fifteen": "fifteen", "thirty_one": "31", "pair": "a pair", "pair_royal": "a pair royal",
    "double_pair_royal": "a double pair royal", "run": "a run",
}  # fmt: skip
_KINDS_RU: Final = {
    "fifteen": "пятнадцать", "thirty_one": "31", "pair": "пару", "pair_royal": "тройку",
    "double_pair_royal": "каре", "run": "ряд",
}  # fmt: skip


def _made_en(facts: TileFacts) -> str:
    if not facts.now:
        return f"{facts.tile} to {facts.count} scored nothing"
    made = " and ".join(_KINDS_EN[kind] for kind in facts.kinds)
    return f"{facts.tile} made {made} for {facts.now}"


def _made_ru(facts: TileFacts) -> str:
    if not facts.now:
        return f"{facts.tile} на {facts.count} ничего не дал"
    made = " и ".join(_KINDS_RU[kind] for kind in facts.kinds)
    return f"{facts.tile} составил {made} на {facts.now} оч."


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _reply_en(facts: TileFacts) -> str:
    reply = facts.reply
    if reply.seat is None or reply.kind is None:
        return f"{facts.tile} to {facts.count} left no score at once"
    each = reply.points / reply.chance
    return (
        f"{facts.tile} to {facts.count} gave seat {reply.seat} a score at once (mostly "
        f"{_KINDS_EN.get(reply.kind, reply.kind)}) in {_percent(reply.chance)} of what he "
        f"could hold, {each:.1f} points each time"
    )


def _reply_ru(facts: TileFacts) -> str:
    reply = facts.reply
    if reply.seat is None or reply.kind is None:
        return f"после {facts.tile} на {facts.count} ответить очками нельзя"
    each = reply.points / reply.chance
    return (
        f"после {facts.tile} на {facts.count} игрок {reply.seat} сразу набирает очки (чаще "
        f"всего {_KINDS_RU.get(reply.kind, reply.kind)}) в {_percent(reply.chance)} "
        f"возможных раскладов, по {each:.1f} оч."
    )


def _tail_en(loss: float, margin: float) -> str:
    within = f" ± {margin:.2f}" if margin else ""
    return f" (in all {loss:.2f} points{within})"


def _tail_ru(loss: float, margin: float) -> str:
    within = f" ± {margin:.2f}" if margin else ""
    return f" (всего {loss:.2f} оч.{within})"


def _play_english(
    parts: Sequence[Part], chosen: TileFacts, best: TileFacts, loss: float, margin: float
) -> str:
    phrases = []
    for part in named(parts, loss):
        if part.name == "now":
            phrases.append(f"{_made_en(best)}, {chosen.tile} {chosen.now or 'nothing'}")
        elif part.name == "reply":
            phrases.append(_reply_en(chosen) + f" ({best.tile}: {_percent(best.reply.chance)})")
        else:
            phrases.append(f"the rest of the play came out {part.loss:.2f} points worse")
    text = "; ".join(phrases)
    return text[:1].upper() + text[1:] + _tail_en(loss, margin) + "."


def _play_russian(
    parts: Sequence[Part], chosen: TileFacts, best: TileFacts, loss: float, margin: float
) -> str:
    phrases = []
    for part in named(parts, loss):
        if part.name == "now":
            phrases.append(f"{_made_ru(best)}, а {chosen.tile} — {chosen.now} оч.")
        elif part.name == "reply":
            phrases.append(_reply_ru(chosen) + f" ({best.tile}: {_percent(best.reply.chance)})")
        else:
            phrases.append(f"остаток розыгрыша вышел на {part.loss:.2f} оч. хуже")
    text = "; ".join(phrases)
    return text[:1].upper() + text[1:] + _tail_ru(loss, margin) + "."


def _lay_away_english(parts: Sequence[Part], kept: str, own_crib: bool, loss: float) -> str:
    phrases = []
    for part in named(parts, loss):
        if part.name == "hand":
            phrases.append(f"the hand kept shows {part.chosen:.2f} on average, keeping {kept} "
                           f"{part.best:.2f}")  # fmt: skip
        elif part.name == "crib":
            whose = "his crib" if own_crib else "the crib against him"
            phrases.append(f"{whose} shows {part.chosen:.2f} on average, {part.best:.2f} "
                           "with the best lay-away")  # fmt: skip
        else:
            phrases.append(f"the play with the tiles kept is worth {part.chosen:+.2f}, "
                           f"{part.best:+.2f} with {kept}")  # fmt: skip
    text = "; ".join(phrases)
    return text[:1].upper() + text[1:] + _tail_en(loss, 0.0) + "."


def _lay_away_russian(parts: Sequence[Part], kept: str, own_crib: bool, loss: float) -> str:
    phrases = []
    for part in named(parts, loss):
        if part.name == "hand":
            phrases.append(f"оставленная рука даёт в среднем {part.chosen:.2f}, а {kept} — "
                           f"{part.best:.2f}")  # fmt: skip
        elif part.name == "crib":
            whose = "его крибедж" if own_crib else "крибедж соперника"
            phrases.append(f"{whose} даёт в среднем {part.chosen:.2f}, при лучшем сбросе "
                           f"{part.best:.2f}")  # fmt: skip
        else:
            phrases.append(f"розыгрыш с оставленными костями стоит {part.chosen:+.2f}, "
                           f"с {kept} — {part.best:+.2f}")  # fmt: skip
    text = "; ".join(phrases)
    return text[:1].upper() + text[1:] + _tail_ru(loss, 0.0) + "."
