"""A deal refereed in the core: the lurch and the claims (each written once), and a deal in
play (no hands or crib yet) refereed as far as it goes (docs/rules.md sections 5 and 8.4)."""

from __future__ import annotations

import pytest

from scoring_api.rules import (
    DEFAULT_RULES,
    MalformedInputError,
    Play,
    Tile,
    parse_rules,
    parse_tile,
)
from scoring_api.rules.deal import Claims, Deal, check_claim, lurched_sides, score_deal


@pytest.mark.parametrize(
    ("scores", "winner", "target", "lurched"),
    [
        ((61, 30), 0, 61, (1,)),
        ((61, 31), 0, 61, ()),  # half of 61 is 31: reached
        ((30, 20, 61), 2, 61, (0, 1)),
        ((121, 60), 0, 121, (1,)),
        ((60, 121), 1, 121, (0,)),
        ((121, 61), 0, 121, ()),
    ],
)
def test_lurched_sides(
    scores: tuple[int, ...], winner: int, target: int, lurched: tuple[int, ...]
) -> None:
    assert lurched_sides(scores, winner, target) == lurched


@pytest.mark.parametrize(
    ("claimed", "total", "missed", "overclaimed"),
    [(12, 12, 0, 0), (10, 12, 2, 0), (14, 12, 0, 2), (0, 0, 0, 0)],
)
def test_check_claim(claimed: int, total: int, missed: int, overclaimed: int) -> None:
    claim = check_claim(claimed, total)
    assert (claim.claimed, claim.missed, claim.overclaimed) == (claimed, missed, overclaimed)
    assert claim.correct == (claimed == total)


def P(player: int, tile: str) -> Play:  # noqa: N802 - reads like the rule book's notation
    return Play(player, parse_tile(tile))


THREE = parse_rules({"players": 3})
# docs/rules.md section 8.5, the first tiles: A 3-4, B 2-6 (fifteen, B +2), C 3-5 (pair, C +2)
THREE_START = [P(0, "3-4"), P(1, "2-6"), P(2, "3-5")]


def in_play(scores: list[int], plays: list[Play], starter: str = "5-5") -> Deal:
    return Deal(THREE, 2, scores, parse_tile(starter), None, None, plays)


def test_a_deal_in_play_is_refereed_through_the_plays_so_far() -> None:
    deal = score_deal(in_play([0, 0, 0], THREE_START))
    assert [(e.kind, e.seat, e.points) for e in deal.events] == [
        ("starter", 2, 1),
        ("play", 1, 2),
        ("play", 2, 2),
    ]
    assert (deal.scores, deal.winner, deal.lurched) == ((0, 2, 3), None, ())
    # no plays yet: the starter double alone
    assert score_deal(in_play([0, 0, 0], [])).scores == (0, 0, 1)


def test_a_deal_in_play_ends_at_the_winning_event() -> None:
    deal = score_deal(in_play([10, 59, 20], THREE_START))
    assert deal.winner is not None
    assert (deal.winner.side, deal.winner.event, deal.scores) == (1, 1, (10, 61, 21))
    assert deal.lurched == (0, 2)
    # the starter double wins before any tile
    started = score_deal(in_play([0, 0, 60], []))
    assert (started.winner is not None, started.scores, started.lurched) == (
        True,
        (0, 0, 61),
        (0, 1),
    )


@pytest.mark.parametrize(
    ("hands", "crib", "claims", "pointer"),
    [
        # the hands may come before the crib, but not the crib's claim
        ([[parse_tile("0-0")] * 4] * 2, None, Claims(crib=5), "/crib"),
        (None, [parse_tile("0-0")] * 4, Claims(), "/hands"),
        (None, None, Claims(crib=5), "/claims"),
    ],
)
def test_the_crib_and_the_claims_come_with_the_hands(
    hands: list[list[Tile]] | None, crib: list[Tile] | None, claims: Claims, pointer: str
) -> None:
    deal = Deal(DEFAULT_RULES, 1, [0, 0], parse_tile("1-2"), hands, crib, [], claims)
    with pytest.raises(MalformedInputError) as info:
        score_deal(deal)
    assert info.value.pointer == pointer
