"""The play-outs for any number of seats score as the referee, and the others' tiles are drawn
uniformly among the holdings a seat's knowledge allows (``UNIFORM``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

import pytest

from scoring_api.rules import ALL_TILES, RuleOptions
from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.deal import Deal
from scoring_api.rules.play_scoring import values_code
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.referee_state import NO_GO
from scoring_api.rules.seats import leader, seats_after
from scoring_api.rules.stream import seeded
from scoring_api.rules.tiles import tiles_in
from scoring_api.sim.playouts.any_players import play_out_seats
from scoring_api.sim.playouts.holdings import UNIFORM
from scoring_api.sim.playouts.knowledge import SeatView
from scoring_api.sim.playouts.laying import careful_of_code, greedy_of_code
from scoring_api.sim.review.reading import refereed

from .helpers import greedy, play_through


def _replies(referee: PlayReferee, seat: int) -> list[int]:
    """The values of the next seat after ``seat`` that may lay (none if only he may)."""
    for other in seats_after(seat, referee.players):
        if other != seat and referee.has_tiles(other) and not referee.passed[other]:
            return [tile.value for tile in tiles_in[referee.held[other]]]
    return []


def _through_the_referee(
    players: int, dealer: int, rng: Random, careful: bool
) -> tuple[list, list]:
    """A whole play of random hands, every seat laying greedily or carefully, refereed: the
    hands' values and each seat's points."""
    tiles = rng.sample(ALL_TILES, 4 * players)
    hands = [sorted(tiles[4 * s : 4 * s + 4], key=lambda t: t.value) for s in range(players)]
    referee = PlayReferee(players=players, dealer=dealer, hands=hands)
    play_through(referee, _careful if careful else greedy)
    return [[t.value for t in hand] for hand in hands], referee.scores


def _careful(referee: PlayReferee, seat: int, values: list[int]) -> int:
    room = MAX_COUNT - referee.count
    return careful_of_code(values, referee.count_code, room, _replies(referee, seat))


@pytest.mark.parametrize("careful", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(150))
def test_seat_play_outs_score_as_the_referee(players: int, seed: int, careful: bool) -> None:
    rng = Random(f"{players}:{seed}")
    dealer = seed % players
    hands, expected = _through_the_referee(players, dealer, rng, careful)
    points = [0] * players
    first = leader(dealer, players)
    play_out_seats(
        [list(h) for h in hands], first, (), [False] * players, None, points, careful=careful
    )
    assert points == expected


def test_a_careful_seat_minds_the_reply_and_nobody_replies_to_31() -> None:
    # On an empty count a 5 lets the next seat's 10 make fifteen (2): the careful seat leads
    # the 2, the greedy one the 5 (a tie at 0 goes to the higher value).
    assert careful_of_code([2, 5], 0, 31, [10]) == 2
    assert greedy_of_code([2, 5], 0, 31) == 5
    # At 25 a 1 pairs (2 points) and a 6 makes 31 (2), after which the 0 cannot be laid (a new
    # count begins): a tie, so the higher value, though a 0 laid at 31 would make 31 again.
    assert careful_of_code([1, 6], values_code((12, 12, 1)), 6, [0]) == 6
    # Nothing fits: -1, as greedy_of_code says.
    assert careful_of_code([8, 9], values_code((12, 12)), 7, [0]) == -1
    assert greedy_of_code([8, 9], values_code((12, 12)), 7) == -1


def test_the_first_value_is_laid_before_the_greedy_ones() -> None:
    # Seat 0 holds 5 and 10 on an empty count. Greedy leads the 10 (a tie at 0 points goes to
    # the higher value): 10, 10 (a pair), 5, the last tile. ``first`` leads the 5: 5, 10 (the
    # fifteen), 10 (a pair), the last tile.
    greedy, forced = [0, 0], [0, 0]
    play_out_seats([[5, 10], [10]], 0, (), [False, False], None, greedy)
    play_out_seats([[5, 10], [10]], 0, (), [False, False], None, forced, first=5)
    assert greedy == [1, 2]
    assert forced == [3, 2]


def _view(above: tuple[int, ...], held: tuple[int, ...], unseen: tuple[int, ...]) -> SeatView:
    players = len(held)
    return SeatView(
        seat=0,
        dealer=players - 1,
        sides=tuple(range(players)),
        rules=None,
        hand=(1, 2),
        playable=(),
        count_values=(),
        passed=(False,) * players,
        last=None,
        held=held,
        above=above,
        played=(0,) * players,
        unseen=unseen,
        known=(),
    )


def test_holdings_respect_every_go_said_and_every_count() -> None:
    unseen = tuple(sorted([0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12]))
    view = _view((NO_GO, 8, NO_GO, 3), (2, 3, 2, 2), unseen)
    seen_values: Counter[int] = Counter()
    for hands in UNIFORM.deals(view, seeded(1), 2000):
        assert hands[0] == [1, 2]
        assert [len(h) for h in hands] == [2, 3, 2, 2]
        assert all(v > 8 for v in hands[1])
        assert all(v > 3 for v in hands[3])
        dealt = Counter(v for hand in hands[1:] for v in hand)
        assert all(dealt[v] <= unseen.count(v) for v in dealt)
        seen_values.update(hands[2])
    # Seat 2 said no go: every unseen value reaches him now and then.
    assert set(seen_values) == set(unseen)


def test_holdings_are_uniform_over_what_he_may_hold() -> None:
    """One other seat, two tiles above 8 from 9, 10, 11, 12: each of the 6 pairs equally."""
    view = _view((NO_GO, 8), (2, 2), (3, 4, 9, 10, 11, 12))
    pairs = Counter(tuple(hands[1]) for hands in UNIFORM.deals(view, seeded(2), 6000))
    assert len(pairs) == 6
    assert all(900 < count < 1100 for count in pairs.values()), pairs


def test_views_know_the_goes_from_the_tiles_alone() -> None:
    """The record of docs/rules.md section 6, with and without its go: one set of views, read
    off the one refereeing of the deal (the go inferred where the record leaves it out)."""
    from scoring_api.rules import Play, parse_tiles

    hands = [parse_tiles(["3-4", "4-4", "0-6", "2-2"]), parse_tiles(["2-6", "1-6", "4-5", "3-3"])]
    drawn = [(*hands[0], *parse_tiles(["1-2", "5-6"])), (*hands[1], *parse_tiles(["0-0", "5-5"]))]
    tiles = ["3-4", "2-6", "4-4", "1-6", "0-6", "3-3", "2-2", "4-5"]
    plain = [Play(i % 2, t) for i, t in enumerate(parse_tiles(tiles))]
    with_go = [*plain[:4], Play(0, None), *plain[4:]]
    starter = parse_tiles(["1-5"])[0]
    deal = Deal(RuleOptions(), 1, [0, 0], starter, hands, None, plain)
    first = [laid.view for laid in refereed(deal, drawn)[1]]
    second = [laid.view for laid in refereed(replace(deal, plays=with_go), drawn)[1]]
    assert first == second
    assert [laid.entry for laid in refereed(replace(deal, plays=with_go), drawn)[1]][4] == 5
    # N leads 0-6 after the goes at 30 (his, then D's): neither holds anything of 1 or less.
    after_go = first[4]
    assert (after_go.seat, after_go.count_values, after_go.above) == (0, (), (1, 1))
    assert first[3].above == (NO_GO, NO_GO)
    # Before his second tile seat 0 has seen his six (3-4 among them), the starter and 2-6.
    assert len(first[2].unseen) == 28 - 6 - 1 - 1
