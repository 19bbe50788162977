"""The computer's move is honest: the seat a strategy is handed for /v1/plays/advise
(``seat.seat_at_turn``) is read off the referee after the record, and a referee that knew every
hand (as a game's does) gives the same seat, the same view (its seed included) and the same
search, whatever the tiles the seat has not seen: every other seat's tiles left are dealt anew
from the tiles he has not seen, within the goes each said, and the answer does not move."""

from __future__ import annotations

from random import Random

import pytest

from scoring_api.rules import ALL_TILES, Play, RuleOptions, Tile
from scoring_api.rules.records import RecordReader, read_record, referee_for
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.stream import seeded
from scoring_api.rules.validation import check_turn
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, play_one
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.seat import Seat, seat_at_turn
from scoring_api.sim.streams import turn_key

MODES = {
    "two": RuleOptions(),
    "three": RuleOptions(players=3),
    "four": RuleOptions(players=4),
    "partners": RuleOptions(players=4, partners=True),
}
SEARCH = SearchStrategy(30)


def own_of(record: DealRecord, seat: int) -> int:
    own = 0
    for tile in (*record.hands[seat], record.starter):
        own |= tile.bit
    return own


def seat_from(
    referee: PlayReferee, record: DealRecord, seat: int, rules: RuleOptions, scores: list[int]
) -> Seat:
    """The seat as a game hands it over: with the starter and the scores on the board."""
    own = own_of(record, seat)
    return seat_at_turn(referee, seat, own, record.dealer, rules, scores, record.starter)


def board(before: list[int], record: DealRecord, plays: int, rules: RuleOptions) -> list[int]:
    """Each side's score before the record's entry ``plays``: ``before`` the deal, then its
    double starter and the points of the play's entries before it."""
    scores = list(before)
    scores[rules.side_of(record.dealer)] += record.starter_points
    for play in record.plays[:plays]:
        scores[rules.side_of(play.player)] += play.points
    return scores


def fields(seat: Seat) -> tuple[object, ...]:
    return (seat.playable, seat.count_values, seat.seen, seat.opponent_tiles, seat.hand,
            seat.passed, seat.own, seat.dealer, seat.above, seat.last, seat.sides,
            seat.played, seat.view())  # fmt: skip


def redealt(
    record: DealRecord, plays: list[Play], seat: int, reader: RecordReader, rng: Random
) -> list[list[Tile]]:
    """Every seat's four tiles of the play: his own as they are, every other seat's laid
    tiles and, for the tiles he holds, tiles drawn anew from the tiles ``seat`` has not
    seen, each above the seat's go bound."""
    n = len(record.hands)
    laid = [[p.tile for p in plays if p.player == s and p.tile] for s in range(n)]
    seen = {*record.hands[seat], record.starter, *(t for tiles in laid for t in tiles)}
    unseen = [tile for tile in ALL_TILES if tile not in seen]
    above = [public.above for public in reader.referee.public]
    while True:
        rng.shuffle(unseen)
        rest = iter(unseen)
        hands = []
        for other in range(n):
            kept = [t for t in record.hands[other] if t not in record.discards[other]]
            if other == seat:
                hands.append(kept)
                continue
            new = [next(rest) for _ in range(4 - len(laid[other]))]
            if any(tile.value <= above[other] for tile in new):
                break
            hands.append([*laid[other], *new])
        else:
            return hands


@pytest.mark.parametrize("mode", MODES)
def test_the_seat_and_its_search_do_not_see_the_tiles_he_has_not_seen(mode: str) -> None:
    rules = MODES[mode]
    run = SimulationRequest(lineup_of(("search",) * rules.players, (30,) * 4), rules, 52, 1)
    rng = Random(mode)
    transcript = play_one(run, 0, transcript=True).transcript
    assert transcript is not None
    asked = 0
    before = [0] * rules.sides
    for record in transcript[:3]:
        plays = [Play(entry.player, entry.tile) for entry in record.plays]
        for i, play in enumerate(plays):
            if play.tile is None:
                continue
            seat = play.player
            hand = [t for t in record.hands[seat] if t not in record.discards[seat]
                    and t not in {p.tile for p in plays[:i]}]  # fmt: skip
            referee = referee_for(rules.players, record.dealer, None, record.starter)
            reader = read_record(referee, plays[:i])
            assert check_turn(reader, hand, record.discards[seat], seat) == seat
            scores = board(before, record, i, rules)
            known = seat_from(reader.referee, record, seat, rules, scores)
            # the options are valued on the view his strategy's Seat gives, seeded as a game's
            # turn is: by everything he knows written out
            view = known.view()
            held = tuple(known.holds(other) for other in range(rules.players))
            assert view.known == turn_key(
                seat, record.dealer, own_of(record, seat), known.seen, known.count_values,
                known.last, held, known.above, known.passed,
            )  # fmt: skip
            if len({tile.value for tile in known.playable}) < 2:
                continue
            choice = SEARCH.lay(known, seeded(0))
            assert choice == play.tile  # the simulator's move, from the API's seat
            for _ in range(2):
                hands = redealt(record, plays[:i], seat, reader, rng)
                full = PlayReferee(rules.players, record.dealer, record.starter, hands)
                full_reader = RecordReader(full)
                for k, earlier in enumerate(plays[:i]):
                    full_reader.read(k, earlier)
                other = seat_from(full, record, seat, rules, scores)
                assert fields(other) == fields(known)
                assert SEARCH.lay(other, seeded(1)) == choice
            asked += 1
        before = board(before, record, len(record.plays), rules)
        for shown in record.shows:
            before[rules.side_of(shown.player)] += shown.total
    assert asked >= 6
