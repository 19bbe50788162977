"""The review of a deal, in the core: it is judged on what each seat knew, and its lay-away
figures are the advisor's.

The main test: for each decision of a seat, every tile he had not seen at that moment is
changed (the others' tiles still in hand, within what their goes allow, their lay-aways, the
tiles nobody drew, and for the lay-away the starter too) and the rest of the deal played on
from there; his review of that decision must not change at all.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import islice
from random import Random

import pytest

from scoring_api.rules import ALL_TILES, MalformedInputError, Play, RuleOptions, Tile
from scoring_api.rules.errors import IllegalPlayError
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.referee_state import NO_GO
from scoring_api.rules.stream import seeded
from scoring_api.sim.advisor import advise_discards
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.review.deal import DealReview, LayAwayDecision, PlayDecision, review_deal
from scoring_api.sim.review.inputs import ReviewRequest, laid_away
from scoring_api.sim.review.labels import THRESHOLDS, label_of
from scoring_api.sim.review.reading import refereed
from scoring_api.sim.runs import SimulationRequest

from .helpers import greedy, play_through
from .samples import request_from_record, whole_deals

PLAYOUTS = 24  # what is checked holds for any number: keep the tests quick
TABLES = [
    (RuleOptions(), ("expert", "expert"), "expert"),
    (RuleOptions(), ("greedy", "random"), "expected"),
    (RuleOptions(players=3), ("greedy", "expected", "random"), "expected"),
    (RuleOptions(players=4, partners=True), ("expected", "random") * 2, "expected"),
]


def _requests(rules: RuleOptions, lineup: tuple[str, ...], model: str, deals: int) -> list:
    run = SimulationRequest(lineup_of(lineup), rules, 20261202, 4)
    records = list(whole_deals(run))[:deals]
    return [request_from_record(r, run, model, PLAYOUTS) for r in records]  # type: ignore[arg-type]


def _play_on(request: ReviewRequest, hands: list[list[Tile]], upto: int) -> list[Play]:
    """The record's first ``upto`` entries, then the rest of the play, every seat laying
    greedily with ``hands``; raises IllegalPlayError if those hands cannot have made it."""
    deal = request.deal
    n = deal.rules.players
    referee = PlayReferee(players=n, dealer=deal.dealer, starter=deal.starter, hands=hands)
    for play in deal.plays[:upto]:
        if play.tile is not None:
            while referee.turn != play.player or not referee.fits(play.tile):
                assert referee.turn is not None
                referee.go(referee.turn)
            referee.lay(play.player, play.tile)
    return [*deal.plays[:upto], *play_through(referee, greedy)]


def _variant(request: ReviewRequest, seat: int, upto: int | None, rng: Random) -> ReviewRequest:
    """The same deal as ``seat`` knew it before entry ``upto`` of the record (his own tiles,
    the starter, every tile laid before it), or before his lay-away (None: his own tiles
    only), all else dealt anew."""
    deal = request.deal
    n = deal.rules.players
    laid = [play for play in deal.plays[: upto or 0] if play.tile is not None]
    known = {*request.drawn[seat], *(play.tile for play in laid)}
    if upto is not None:
        known.add(deal.starter)
    pool = [tile for tile in ALL_TILES if tile not in known]
    for _ in range(10_000):
        rng.shuffle(pool)
        rest = iter(pool)
        starter = deal.starter if upto is not None else next(rest)
        hands: list[list[Tile]] = []
        for other in range(n):
            if other == seat:
                hands.append(list(deal.hands[seat]))
                continue
            own = [play.tile for play in laid if play.player == other]
            hands.append([*own, *(next(rest) for _ in range(4 - len(own)))])  # type: ignore[misc]
        drawn = []
        for s in range(n):
            away = len(laid_away(request.drawn[s], deal.hands[s]))
            drawn.append(list(request.drawn[s]) if s == seat else [*hands[s], *islice(rest, away)])
        crib = [t for s in range(n) for t in laid_away(drawn[s], hands[s])]
        crib += [next(rest) for _ in range(4 - len(crib))]  # three players: the blind tile
        changed = replace(deal, starter=starter, hands=hands, crib=crib)
        try:
            # His own tile at ``upto`` is his decision: it stays, the rest is played on.
            kept = 0 if upto is None else upto + 1
            plays = _play_on(replace(request, deal=changed), hands, kept)
        except IllegalPlayError:
            continue  # those tiles would have fitted where a go was said: deal again
        return replace(request, deal=replace(changed, plays=plays), drawn=drawn, seats=(seat,))
    raise AssertionError("no deal fits what he knew")


def _same_decision(first: DealReview, second: DealReview, seat: int, entry: int | None) -> None:
    def pick(review: DealReview) -> LayAwayDecision | PlayDecision:
        for d in review.decisions:
            if d.seat != seat:
                continue
            same_kind = isinstance(d, LayAwayDecision) == (entry is None)
            if same_kind and (entry is None or getattr(d, "entry", None) == entry):
                return d
        raise AssertionError((seat, entry))

    assert pick(first) == pick(second)


@pytest.mark.parametrize(("rules", "lineup", "model"), TABLES)
def test_a_decision_is_judged_on_what_its_seat_knew(rules, lineup, model) -> None:  # type: ignore[no-untyped-def]
    rng = Random(str(lineup))
    for request in _requests(rules, lineup, model, 2):
        original = review_deal(request)
        for seat in range(rules.players):
            lay_away = review_deal(_variant(request, seat, None, rng))
            _same_decision(original, lay_away, seat, None)
            mine = [original.seats[seat]]
            assert [(s.expected, s.lay_away_loss) for s in mine] == [
                (s.expected, s.lay_away_loss) for s in lay_away.seats
            ]
            entries = [d.entry for d in original.decisions if isinstance(d, PlayDecision)
                       and d.seat == seat]  # fmt: skip
            for entry in rng.sample(entries, 2):
                changed = review_deal(_variant(request, seat, entry, rng))
                _same_decision(original, changed, seat, entry)


def test_the_variants_do_change_the_tiles_he_did_not_see() -> None:
    """The test above would pass for a review that ignored the deal: check the variants
    differ, and that his review of them differs where he saw more."""
    request = _requests(RuleOptions(), ("expert", "expert"), "expert", 1)[0]
    variant = _variant(request, 0, None, seeded(3))
    assert variant.drawn[1] != request.drawn[1]
    assert variant.deal.plays != request.deal.plays
    assert review_deal(variant).decisions[-1] != review_deal(request).decisions[-1]


@pytest.mark.parametrize(("rules", "lineup", "model"), TABLES)
def test_the_lay_away_figures_are_the_advisors(rules, lineup, model) -> None:  # type: ignore[no-untyped-def]
    for request in _requests(rules, lineup, model, 2):
        review = review_deal(replace(request, playouts=1))
        for decision in review.decisions:
            if not isinstance(decision, LayAwayDecision):
                continue
            seat = decision.seat
            own = rules.side_of(seat) == rules.side_of(request.deal.dealer)
            advice = advise_discards(request.drawn[seat], own, rules, model)  # type: ignore[arg-type]
            assert decision.advice == advice
            assert set(advice.laid_away(decision.chosen)) == set(
                laid_away(request.drawn[seat], request.deal.hands[seat])
            )
            best = advice.options[0].expected_net
            assert decision.loss == round(best - decision.chosen.expected_net, 4)


def test_the_same_request_gives_the_same_review_and_records_with_goes_agree() -> None:
    request = _requests(RuleOptions(), ("greedy", "random"), "expert", 3)[2]
    first, second = review_deal(request), review_deal(request)
    assert first == second
    tiles_only = [play for play in request.deal.plays if play.tile is not None]
    assert len(tiles_only) < len(request.deal.plays)  # the transcript lists its goes
    without = review_deal(replace(request, deal=replace(request.deal, plays=tiles_only)))
    plays = [d for d in first.decisions if isinstance(d, PlayDecision)]
    others = [d for d in without.decisions if isinstance(d, PlayDecision)]
    assert [replace(d, entry=0) for d in plays] == [replace(d, entry=0) for d in others]


def test_more_play_outs_extend_the_same_sample() -> None:
    """The play-outs are seeded from what the seat knew, not from their number: 2N
    play-outs are the N first ones and N more."""
    request = _requests(RuleOptions(), ("expert", "expert"), "expert", 1)[0]
    low, high = (review_deal(replace(request, playouts=p)) for p in (PLAYOUTS, 100 * PLAYOUTS))
    assert low.decisions[:2] == high.decisions[:2]  # the lay-aways do not use them
    assert low != high


def test_labels_follow_the_thresholds() -> None:
    assert [below for _, below in THRESHOLDS] == sorted(below for _, below in THRESHOLDS)
    assert label_of(0.0, 1) == label_of(3.0, 1) == "forced"
    assert label_of(0.0, 3) == "best"
    cases = [(0.0001, "fine"), (0.2, "inaccuracy"), (0.5999, "inaccuracy"), (0.6, "mistake")]
    cases += [(1.4999, "mistake"), (1.5, "blunder"), (9.0, "blunder")]
    for loss, label in cases:
        assert label_of(loss, 2) == label, loss


def test_a_whole_deal_has_every_decision_once_in_order() -> None:
    rules = RuleOptions(players=3)
    request = _requests(rules, ("greedy", "expected", "random"), "expected", 1)[0]
    review = review_deal(request)
    kinds = [type(d).__name__ for d in review.decisions]
    assert kinds == ["LayAwayDecision"] * 3 + ["PlayDecision"] * 12
    dealer = request.deal.dealer
    assert [d.seat for d in review.decisions[:3]] == [(dealer + k) % 3 for k in (1, 2, 3)]
    entries = [d.entry for d in review.decisions if isinstance(d, PlayDecision)]
    assert entries == sorted(entries)
    for d in review.decisions:
        assert d.loss >= 0
        assert (d.best == d.chosen) == (d.loss == 0)
    for summary in review.seats:
        assert summary.luck == pytest.approx(
            summary.scored - summary.expected + summary.lay_away_loss + summary.play_loss,  # type: ignore[operator]
            abs=1e-3,
        )
    only = review_deal(replace(request, seats=(1,)))
    assert {d.seat for d in only.decisions} == {1}
    assert [s.seat for s in only.seats] == [1]


def _broken(request: ReviewRequest, **changes: object) -> str:
    with pytest.raises(MalformedInputError) as raised:
        review_deal(replace(request, **changes))  # type: ignore[arg-type]
    return raised.value.pointer


def test_a_deal_that_does_not_add_up_names_the_field() -> None:
    request = _requests(RuleOptions(), ("greedy", "random"), "expected", 1)[0]
    deal, drawn = request.deal, [list(tiles) for tiles in request.drawn]
    assert _broken(request, drawn=drawn[:1]) == "/drawn"
    assert _broken(request, drawn=[drawn[0][:5], drawn[1]]) == "/drawn/0"
    repeated = [drawn[0], [drawn[0][0], *drawn[1][1:]]]
    assert _broken(request, drawn=repeated) == "/drawn/1/0"
    with_starter = [drawn[0], [deal.starter, *drawn[1][1:]]]
    assert _broken(request, drawn=with_starter).startswith("/drawn/1/0")
    hand_tile = deal.hands[0][0]
    swapped = [[*(t for t in drawn[0] if t != hand_tile), drawn[1][0]],
               [hand_tile, *drawn[1][1:]]]  # fmt: skip
    assert _broken(request, drawn=swapped).startswith("/hands/0/")
    other_crib = [*deal.crib[:3], next(t for t in ALL_TILES if t not in {*drawn[0], *drawn[1],
                  deal.starter})]  # fmt: skip
    assert _broken(request, deal=replace(deal, crib=other_crib)) == "/crib"
    assert _broken(request, seats=(0, 0)) == "/seats/1"
    assert _broken(request, seats=(2,)) == "/seats/0"
    assert _broken(request, playouts=0) == "/playouts"
    implied = review_deal(replace(request, deal=replace(deal, crib=())))
    assert implied == review_deal(request)


def test_three_players_give_the_crib_and_an_illegal_record_is_refused() -> None:
    rules = RuleOptions(players=3)
    request = _requests(rules, ("greedy", "expected", "random"), "expected", 1)[0]
    assert _broken(request, deal=replace(request.deal, crib=())) == "/crib"
    assert _broken(request, model="expert") == "/model"
    plays = list(request.deal.plays)
    first = next(i for i, p in enumerate(plays) if p.tile is not None)
    plays[first] = Play((plays[first].player + 1) % 3, plays[first].tile)
    with pytest.raises(IllegalPlayError):
        review_deal(replace(request, deal=replace(request.deal, plays=plays)))


def test_a_go_said_is_known_to_every_seat() -> None:
    """Some deal of these games has a go: the views after it carry it."""
    for request in _requests(RuleOptions(), ("greedy", "random"), "expected", 6):
        views = [laid.view for laid in refereed(request.deal, request.drawn)[1]]
        if any(view.above != (NO_GO, NO_GO) for view in views):
            return
    raise AssertionError("no go in six deals")
