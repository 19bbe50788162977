"""The reasons of a review, checked against an independent count: no false reason.

Labelled decisions (a loss above nought) are taken from simulated deals of every mode (two
players under both models, three, four, four as partners). For each:

- the parts add up to the loss;
- a tile's own points and the next seat's replies are scored by the independent referee of
  the tests (``tests/rules/nplayer_oracle.tile_points``, which imports nothing of the
  product), and who replies is read off the seats' tiles and goes;
- how often the next seat can score at once, and how much on average, are counted exactly:
  every holding he could have, weighed by the ways the other seats' tiles can be dealt
  around it within their goes (the play-outs draw every such deal equally likely), and the
  play-outs' figures must lie within their sampling error of that (4.5 standard errors);
- a lay-away's hand part is the kept hand's show over every starter the seat had not seen,
  scored by the rules core's show, not the advisor's tables; under ``expected`` with two
  players, its crib part is counted exactly too (every lay-away of the other, every starter);
- the sentence names the largest parts with their figures.

The default run takes ``DEFAULT_DECISIONS`` of them; the issue's 1,000 run under ``slow``.
"""

from __future__ import annotations

import importlib.util
import math
import sys
from collections.abc import Iterator
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from scoring_api.rules import ALL_TILES, RuleOptions, Tile
from scoring_api.rules.show import show_total
from scoring_api.sim.playouts.knowledge import SeatView
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.review.deal import Decision, LayAwayDecision, PlayDecision, review_deal
from scoring_api.sim.review.inputs import ReviewRequest
from scoring_api.sim.review.reading import refereed
from scoring_api.sim.review.reasons import Reason, TileFacts, named
from scoring_api.sim.runs import SimulationRequest

from .samples import request_from_record, whole_deals

_spec = importlib.util.spec_from_file_location(
    "nplayer_oracle", Path(__file__).parents[1] / "rules" / "nplayer_oracle.py"
)
assert _spec is not None
assert _spec.loader is not None
_oracle = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("nplayer_oracle", _oracle)
_spec.loader.exec_module(_oracle)
tile_points = _oracle.tile_points
"""The independent referee's points of a tile (it imports nothing of the product)."""

PLAYOUTS = 200
DEFAULT_DECISIONS = 120
ISSUE_DECISIONS = 1000
SIGMAS = 4.5
MODES = [
    (RuleOptions(), ("greedy", "random"), "expert"),
    (RuleOptions(), ("expected", "random"), "expected"),
    (RuleOptions(players=3), ("greedy", "expected", "random"), "expected"),
    (RuleOptions(players=4), ("greedy", "random", "expected", "random"), "expected"),
    (RuleOptions(players=4, partners=True), ("expected", "random") * 2, "expected"),
]


def _labelled(per_mode: int) -> Iterator[tuple[ReviewRequest, Decision]]:
    """``per_mode`` labelled decisions of each mode, with their review requests."""
    for rules, lineup, model in MODES:
        run = SimulationRequest(lineup_of(lineup), rules, 53_0000 + rules.players, 400)
        found = 0
        for record in whole_deals(run):
            request = request_from_record(record, run, model, PLAYOUTS)  # type: ignore[arg-type]
            for decision in review_deal(request).decisions:
                if decision.reason is not None:
                    yield request, decision
                    found += 1
                    if found >= per_mode:
                        break
            if found >= per_mode:
                break
        assert found == per_mode, f"only {found} labelled decisions in {rules}"


def _deal_counts(unseen: list[int], floors: list[tuple[int, int]], taken: list[int]) -> int:
    """The ways to deal seats of ``floors`` (go bound, tiles held; fullest-count go first)
    from ``unseen`` less the tiles ``taken``, each tile of a seat above its bound."""
    left = list(unseen)
    for value in taken:
        left.remove(value)
    ways, dealt = 1, 0
    for floor, held in floors:
        eligible = sum(1 for value in left if value > floor) - dealt
        ways *= comb(eligible, held) if eligible >= held else 0
        dealt += held
    return ways


def _exact_reply(view: SeatView, facts: TileFacts) -> tuple[float, float, float]:
    """The chance the next seat can score at once, the mean and the variance of the most he
    can score, over every holding he could have, weighed by the deals around it."""
    seat = facts.reply.seat
    assert seat is not None
    laid = [*view.count_values, facts.tile.value]
    unseen = list(view.unseen)
    others = [
        (view.above[other], view.held[other])
        for other in range(view.players)
        if other not in (seat, view.seat)
    ]
    others.sort(key=lambda pair: -pair[0])
    score = {v: tile_points([*laid, v]) if sum(laid) + v <= 31 else 0 for v in set(unseen)}
    floor = view.above[seat]
    eligible = [value for value in unseen if value > floor]
    total = hits = points = squares = 0.0
    for holding in combinations(eligible, view.held[seat]):
        weight = _deal_counts(unseen, others, list(holding))
        if not weight:
            continue
        most = max(score[value] for value in holding)
        total += weight
        hits += weight * (most > 0)
        points += weight * most
        squares += weight * most * most
    mean = points / total
    return hits / total, mean, squares / total - mean * mean


def _next_seat_by_hand(view: SeatView) -> int | None:
    n = view.players
    me = view.seat
    for step in range(1, n):
        seat = (me + step) % n
        if view.held[seat] > 0 and not view.passed[seat]:
            return seat
    return None


def _check_tile(view: SeatView, facts: TileFacts) -> None:
    laid = [*view.count_values, facts.tile.value]
    assert facts.count == sum(laid)
    assert facts.now == tile_points(laid)
    if facts.count == 31:
        assert facts.reply.seat is None
        return
    assert facts.reply.seat == _next_seat_by_hand(view)
    if facts.reply.seat is None:
        return
    chance, mean, variance = _exact_reply(view, facts)
    n = PLAYOUTS
    spread = SIGMAS * math.sqrt(chance * (1 - chance) / n) + 1e-9
    assert abs(facts.reply.chance - chance) <= spread, (facts, chance)
    assert abs(facts.reply.points - mean) <= SIGMAS * math.sqrt(variance / n) + 1e-9, (facts, mean)


def _check_sentence(reason: Reason, loss: float) -> None:
    for part in named(reason.parts, loss):
        if part.name == "reply" and reason.chosen is not None:
            assert f"{100 * reason.chosen.reply.chance:.0f}%" in reason.english
            assert f"{100 * reason.chosen.reply.chance:.0f}%" in reason.russian
        elif part.name == "now" and reason.best is not None:
            assert f"for {reason.best.now}" in reason.english
        elif part.name == "rest":
            assert f"{part.loss:.2f} points worse" in reason.english
        elif part.name in ("hand", "crib"):
            assert f"{part.chosen:.2f}" in reason.english
            assert f"{part.best:.2f}" in reason.english
    assert f"in all {loss:.2f} points" in reason.english


def _hand_show(kept: tuple[Tile, ...], drawn: list[Tile], rules: RuleOptions) -> float:
    starters = [tile for tile in ALL_TILES if tile not in drawn]
    return sum(show_total([*kept, s], rules) for s in starters) / len(starters)


def _crib_show(away: tuple[Tile, ...], drawn: list[Tile], rules: RuleOptions) -> float:
    """Two players: the crib's mean show, the other laying away two of his six unseen tiles
    at random (every pair of the unseen equally likely), every starter of the rest."""
    unseen = [tile for tile in ALL_TILES if tile not in drawn]
    total = count = 0
    for pair in combinations(unseen, 2):
        rest = [tile for tile in unseen if tile not in pair]
        for starter in rest:
            total += show_total([*away, *pair, starter], rules)
            count += 1
    return total / count


def _check(request: ReviewRequest, decision: Decision, exact_cribs: list[int]) -> None:
    reason = decision.reason
    assert reason is not None
    loss = decision.loss
    assert abs(sum(part.loss for part in reason.parts) - loss) <= 0.0006
    _check_sentence(reason, loss)
    rules = request.deal.rules
    if isinstance(decision, PlayDecision):
        assert reason.margin >= 0  # 0 where every play-out differs alike
        _, laid = refereed(request.deal, request.drawn)
        view = next(t.view for t in laid if t.entry == decision.entry)
        assert reason.chosen is not None
        assert reason.best is not None
        assert reason.chosen.tile == decision.chosen
        assert reason.best.tile == decision.best
        _check_tile(view, reason.chosen)
        _check_tile(view, reason.best)
        return
    assert isinstance(decision, LayAwayDecision)
    assert reason.margin == 0
    drawn = list(request.drawn[decision.seat])
    advice = decision.advice
    parts = {part.name: part for part in reason.parts}
    for option, figure in ((decision.chosen, parts["hand"].chosen),
                           (decision.best, parts["hand"].best)):  # fmt: skip
        assert abs(_hand_show(advice.kept(option), drawn, rules) - figure) < 1e-3
    if rules.players == 2 and request.model == "expected" and exact_cribs[0] > 0:
        exact_cribs[0] -= 1
        for option, figure in ((decision.chosen, parts["crib"].chosen),
                               (decision.best, parts["crib"].best)):  # fmt: skip
            assert abs(_crib_show(advice.laid_away(option), drawn, rules) - figure) < 1e-3


def _run(decisions: int) -> None:
    per_mode = decisions // len(MODES)
    exact_cribs = [3]
    kinds: dict[tuple[int, bool, str], int] = {}
    for request, decision in _labelled(per_mode):
        _check(request, decision, exact_cribs)
        rules = request.deal.rules
        key = (rules.players, rules.partners, type(decision).__name__)
        kinds[key] = kinds.get(key, 0) + 1
    # every mode gave both kinds of decision
    for rules, _, _ in MODES:
        for kind in ("LayAwayDecision", "PlayDecision"):
            assert kinds.get((rules.players, rules.partners, kind), 0) > 0, (rules, kind)


def test_reasons_agree_with_an_independent_count() -> None:
    _run(DEFAULT_DECISIONS)


@pytest.mark.slow
def test_a_thousand_reasons_agree_with_an_independent_count() -> None:
    _run(ISSUE_DECISIONS)
