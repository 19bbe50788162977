"""Muggins (docs/rules.md section 4.1) in the core: a show claimed short scores the claim, and
the first opponent in turn who calls takes the points missed, as an event of his own; with
two players, three, and partners; the game's end at either event; every call that cannot be
right refused at its pointer."""

from __future__ import annotations

import pytest
from rulebook import FOUR_HANDS, FOUR_LAID, THREE_CRIB, THREE_HANDS, THREE_LAID

from scoring_api.rules import MalformedInputError, Play, parse_rules, parse_tile, parse_tiles
from scoring_api.rules.deal import Claims, Deal, DealScore, score_deal
from scoring_api.rules.muggins import Calls, Mugged

THREE = parse_rules({"players": 3, "muggins": True})
PARTNERS = parse_rules({"players": 4, "partners": True, "muggins": True})
# docs/rules.md section 8.5: C (2) deals; shown in order A 12, B 8, C 4, crib 5; starter 5-5.
# The partners' deal of section 8.5 (W, 3, deals; starter 5-5 is not in it): its shows.
FOUR_STARTER = "1-1"


def plays(laid: list[tuple[int, str]]) -> list[Play]:
    return [Play(seat, parse_tile(tile)) for seat, tile in laid]


def three(scores: list[int], claims: Claims, *, muggins: bool = True, crib: bool = True) -> Deal:
    rules = THREE if muggins else parse_rules({"players": 3})
    return Deal(
        rules,
        2,
        scores,
        parse_tile("5-5"),
        [parse_tiles(hand) for hand in THREE_HANDS],
        parse_tiles(THREE_CRIB) if crib else None,
        plays(THREE_LAID),
        claims,
    )


def shows(deal: DealScore) -> list[tuple[str, int, int]]:
    shown = ("hand", "crib", "muggins")
    return [(e.kind, e.seat, e.points) for e in deal.events if e.kind in shown]


def test_a_short_claim_scores_the_claim_and_the_caller_takes_what_was_missed() -> None:
    # B (1) claims 5 of his 8; C (2) calls: C +3 right after B's hand, before C's own.
    calls = Calls(hands=((), (2,), ()))
    deal = score_deal(three([0, 0, 0], Claims(hands=(None, 5, None), muggins=calls)))
    assert shows(deal) == [("hand", 0, 12), ("hand", 1, 5), ("muggins", 2, 3), ("hand", 2, 4),
                           ("crib", 2, 5)]  # fmt: skip
    mugging = next(e for e in deal.events if e.kind == "muggins")
    assert mugging.mugged == Mugged(1, "hand")
    assert (mugging.side, mugging.items, mugging.claim) == (2, (), None)
    hand = next(e for e in deal.events if e.kind == "hand" and e.seat == 1)
    assert hand.claim is not None
    assert (hand.claim.claimed, hand.claim.missed) == (5, 3)
    assert sum(item.points for item in hand.items) == 8  # every item shown, the claim says
    assert deal.scores == (9 + 12, 2 + 5, 1 + 6 + 3 + 4 + 5)


def test_a_short_claim_nobody_calls_is_lost() -> None:
    deal = score_deal(three([0, 0, 0], Claims(hands=(None, 5, None))))
    assert shows(deal) == [("hand", 0, 12), ("hand", 1, 5), ("hand", 2, 4), ("crib", 2, 5)]
    assert deal.scores == (21, 7, 16)


def test_without_muggins_a_claim_changes_no_score() -> None:
    deal = score_deal(three([0, 0, 0], Claims(hands=(None, 5, None)), muggins=False))
    assert shows(deal) == [("hand", 0, 12), ("hand", 1, 8), ("hand", 2, 4), ("crib", 2, 5)]


def test_an_overclaim_is_corrected_to_what_the_show_holds() -> None:
    deal = score_deal(three([0, 0, 0], Claims(hands=(14, None, None), crib=9)))
    assert shows(deal) == [("hand", 0, 12), ("hand", 1, 8), ("hand", 2, 4), ("crib", 2, 5)]


@pytest.mark.parametrize(
    ("claimant", "callers", "taker"),
    [(1, (0, 2), 2), (1, (2, 0), 2), (1, (0,), 0), (2, (1, 0), 0), (0, (2, 1), 1)],
)
def test_with_three_the_first_caller_in_turn_from_the_claimants_left_takes_them(
    claimant: int, callers: tuple[int, ...], taker: int
) -> None:
    short = [10, 6, 2]  # of 12, 8 and 4
    claimed: list[int | None] = [None, None, None]
    claimed[claimant] = short[claimant]
    on_hands: list[tuple[int, ...]] = [(), (), ()]
    on_hands[claimant] = callers
    claims = Claims(hands=tuple(claimed), muggins=Calls(hands=tuple(on_hands)))
    deal = score_deal(three([0, 0, 0], claims))
    (mugging,) = [e for e in deal.events if e.kind == "muggins"]
    assert (mugging.seat, mugging.points, mugging.mugged) == (taker, 2, Mugged(claimant, "hand"))


def test_the_crib_is_mugged_by_an_opponent_of_the_dealer() -> None:
    claims = Claims(crib=3, muggins=Calls(crib=(1, 0)))  # C's crib holds 5; A is first after C
    deal = score_deal(three([0, 0, 0], claims))
    assert shows(deal)[-2:] == [("crib", 2, 3), ("muggins", 0, 2)]
    assert deal.events[-1].mugged == Mugged(2, "crib")


def test_the_points_mugged_can_win_the_game_and_end_it_there() -> None:
    # A at 45 pegs 9 and shows 12: 66. B at 50: 52 after the play; B calls on A's claim of 2.
    calls = Calls(hands=((1,),))
    deal = score_deal(three([30, 50, 20], Claims(hands=(2,), muggins=calls)))
    assert deal.winner is not None
    assert deal.events[deal.winner.event].kind == "muggins"
    assert (deal.winner.side, deal.scores) == (1, (30 + 9 + 2, 50 + 2 + 10, 20 + 1 + 6))
    assert shows(deal) == [("hand", 0, 2), ("muggins", 1, 10)]  # B's, C's and the crib: never


def test_a_short_claim_that_wins_leaves_nothing_to_mug() -> None:
    # A at 41 pegs 9 (50): his claim of 11 (of 12) takes him to 61, and he wins at his hand;
    # the point he missed, called by C, is never taken.
    calls = Calls(hands=((2,),))
    deal = score_deal(three([41, 54, 44], Claims(hands=(11,), muggins=calls)))
    assert deal.winner is not None
    assert (deal.winner.side, deal.scores[0]) == (0, 61)
    assert shows(deal) == [("hand", 0, 11)]


def four(claims: Claims) -> Deal:
    return Deal(
        PARTNERS,
        3,
        [0, 0],
        parse_tile(FOUR_STARTER),
        [parse_tiles(hand) for hand in FOUR_HANDS],
        None,
        plays(FOUR_LAID),
        claims,
    )


def test_with_partners_the_first_opponent_in_turn_takes_them() -> None:
    totals = {e.seat: e.points for e in score_deal(four(Claims())).events if e.kind == "hand"}
    claimed = (totals[0] - 2, None, totals[2] - 2, None)
    calls = Calls(hands=((3, 1), (), (1, 3), ()))
    deal = score_deal(four(Claims(hands=claimed, muggins=calls)))
    takers = [(e.seat, e.side, e.mugged) for e in deal.events if e.kind == "muggins"]
    assert takers == [(1, 1, Mugged(0, "hand")), (3, 1, Mugged(2, "hand"))]


@pytest.mark.parametrize(
    ("claims", "pointer", "words"),
    [
        (Claims(hands=(None, 5), muggins=Calls(hands=((), (1,)))), "/claims/muggins/hands/1/0",
         "only an opponent"),
        (Claims(hands=(None, 5), muggins=Calls(hands=((), (3,)))), "/claims/muggins/hands/1/0",
         "a seat from 0 to 2"),
        (Claims(hands=(None, 5), muggins=Calls(hands=((), (0, 0)))), "/claims/muggins/hands/1/1",
         "named twice"),
        (Claims(muggins=Calls(hands=((), (0,)))), "/claims/muggins/hands/1", "nothing was claimed"),
        (Claims(hands=(None, 8), muggins=Calls(hands=((), (0,)))), "/claims/muggins/hands/1",
         "claimed 8 of 8: nothing was missed"),
        (Claims(hands=(None, 9), muggins=Calls(hands=((), (0,)))), "/claims/muggins/hands/1",
         "nothing was missed"),
        (Claims(muggins=Calls(hands=((), (), (), ()))), "/claims/muggins/hands", "at most 3"),
        (Claims(crib=5, muggins=Calls(crib=(0,))), "/claims/muggins/crib", "nothing was missed"),
    ],
)  # fmt: skip
def test_a_call_that_cannot_be_right_is_refused_where_it_is(
    claims: Claims, pointer: str, words: str
) -> None:
    with pytest.raises(MalformedInputError) as info:
        score_deal(three([0, 0, 0], claims))
    assert info.value.pointer == pointer
    assert words in str(info.value)


def test_calls_need_the_option_and_the_crib() -> None:
    calls = Claims(hands=(None, 5), muggins=Calls(hands=((), (0,))))
    with pytest.raises(MalformedInputError) as info:
        score_deal(three([0, 0, 0], calls, muggins=False))
    assert (info.value.pointer, "rules.muggins" in str(info.value)) == (
        "/claims/muggins/hands/1",
        True,
    )
    with pytest.raises(MalformedInputError) as info:
        score_deal(three([0, 0, 0], Claims(muggins=Calls(crib=(0,))), crib=False))
    assert info.value.pointer == "/crib"
