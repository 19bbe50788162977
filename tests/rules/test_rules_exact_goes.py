"""A go the deal itself proves wrong is refused (docs/rules.md section 3, a go the deal proves
wrong): a hand only shrinks during the play, so a tile a player lays after one of his goes was
in his hand at that go; if it would have fitted the count there, the go was wrong.

The three examples of the rule book, their three- and four-player twins (tests/rulebook.py),
and a property: a
wrong go planted in random legal deals is refused at the first tile that proves it, as the
independent referee (``nplayer_oracle``) finds it, goes listed or left out.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nplayer_oracle import Entry, Referee, first_tile_proving_a_go_wrong
from rulebook import WRONG_GOES

from scoring_api.rules import (
    IllegalPlayError,
    MalformedInputError,
    Play,
    PlayReferee,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)

GO = None


def record(*entries: tuple[int, str | None]) -> list[Play]:
    return [Play(seat, None if tile is None else parse_tile(tile)) for seat, tile in entries]


def refusal(plays: list[Play], **kwargs: object) -> IllegalPlayError:
    with pytest.raises(IllegalPlayError) as info:
        score_pegging(plays, **kwargs)  # type: ignore[arg-type]
    return info.value


EXAMPLES = [
    (name, players, dealer, record(*laid), index, go_index, message)
    for name, players, dealer, laid, index, go_index, message in WRONG_GOES
]


@pytest.mark.parametrize(
    ("name", "players", "dealer", "plays", "index", "go_index", "message"),
    EXAMPLES,
    ids=[example[0] for example in EXAMPLES],
)
def test_a_tile_that_fitted_at_his_go_is_refused_at_its_index(
    name: str, players: int, dealer: int, plays: list[Play], index: int, go_index: int, message: str
) -> None:
    refused = refusal(plays, dealer=dealer, players=players)
    assert (refused.index, refused.code, refused.hint) == (index, "go_proved_wrong", "undo_go")
    assert (refused.go_index, refused.message) == (go_index, message)
    # every entry before it reads as today, the go included
    before = score_pegging(plays[:index], dealer=dealer, players=players)
    assert len(before.plays) == index
    # the tile proposed there is refused the same way, with the go to take back
    verdict = validate_play(plays[:index], plays[index], dealer=dealer, players=players)
    assert verdict.reason is not None
    assert (verdict.legal, verdict.reason.code, verdict.reason.hint) == (
        False,
        "go_proved_wrong",
        "undo_go",
    )
    assert (verdict.reason.go_index, verdict.reason.message) == (go_index, message)
    # taken back to before that go, the same tile is no refusal of this kind
    undone = validate_play(plays[:go_index], plays[index], dealer=dealer, players=players)
    assert undone.reason is None or undone.reason.code != "go_proved_wrong"


def test_a_tile_that_would_not_have_fitted_leads_the_next_count() -> None:
    # N said go at 23; his 5-5 (10) would have made 33: legal, it leads the next count, D's
    # go left out and D +1 for the go on his 5-6
    plays = record((0, "6-6"), (1, "5-6"), (0, GO), (0, "5-5"))
    result = score_pegging(plays, dealer=1)
    assert (result.plays[-1].count, result.scores, result.next_player) == (10, (0, 1), 1)
    verdict = validate_play(plays[:-1], plays[-1], dealer=1)
    assert (verdict.legal, verdict.count, verdict.leader) == (True, 10, 0)


def test_the_first_go_it_proves_wrong_is_named() -> None:
    # N says go at 25 (entry 4), and at 24 in the next count (entry 8); his 0-5 would have
    # fitted at both: the first is the go to take back, and with it the other
    plays = record(
        (0, "6-6"), (1, "5-6"), (0, "0-2"), (1, GO), (0, GO),  # closed at 25, go to N
        (1, "1-6"), (0, "4-6"), (1, "3-4"), (0, GO), (1, "2-5"),  # D alone to 31
        (0, "0-5"),
    )  # fmt: skip
    refused = refusal(plays, dealer=1)
    assert (refused.index, refused.go_index) == (10, 4)
    assert refused.message == "player 0 said go at 25, but 0-5 would have made 30"


def test_a_hand_that_holds_a_tile_fitting_his_go_is_malformed() -> None:
    # validate's hand is the acting player's tiles: after his go at 23, N cannot hold 0-2
    plays = record((0, "6-6"), (1, "5-6"), (0, GO))
    hand = [parse_tile("5-5"), parse_tile("0-2")]
    with pytest.raises(MalformedInputError) as info:
        validate_play(plays, Play(0, GO), dealer=1, hand=hand)
    assert info.value.pointer == "/hand/1"
    assert info.value.detail == (
        "0-2 cannot be in the hand: player 0 said go at 23, but 0-2 would have made 25"
    )
    # tiles above his go bound (5-5, 4-5: 33, 32) he may hold; D's hand is not bound by it
    high = [parse_tile("5-5"), parse_tile("4-5")]
    assert validate_play(plays, Play(0, GO), dealer=1, hand=high).legal
    assert validate_play(plays, Play(1, parse_tile("0-2")), dealer=1, hand=hand[1:]).legal


def test_the_simulators_referee_refuses_it_too() -> None:
    referee = PlayReferee(players=2, dealer=1)
    referee.lay(0, parse_tile("6-6"))
    referee.lay(1, parse_tile("5-6"))
    referee.go(0)
    referee.lay(1, parse_tile("0-0"))  # D plays on alone at 23
    with pytest.raises(IllegalPlayError) as info:
        referee.lay(0, parse_tile("0-2"))
    assert info.value.code == "go_proved_wrong"
    assert info.value.message == "player 0 said go at 23, but 0-2 would have made 25"


# --- a wrong go planted in random legal deals ------------------------------------------------

TILES: list[Tile] = [parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)]


def planted(players: int, dealer: int, seed: int) -> tuple[list[tuple[Tile, ...]], Referee, int]:
    """Random hands and a random legal play, except that once (the first time the seat on
    turn holds a tile that fits a count of 20 or more, with even chances) he says go instead.
    The hands, the oracle's play, and the index of the wrong go (-1 if none was planted)."""
    rng = random.Random(seed)
    drawn = rng.sample(TILES, 4 * players)
    hands = [tuple(drawn[4 * p : 4 * p + 4]) for p in range(players)]
    ref = Referee(players, dealer, [[tile.value for tile in hand] for hand in hands])
    wrong = -1
    while ref.turn is not None:
        seat = ref.turn
        options = ref.fitting(seat)
        if options and wrong < 0 and ref.count >= 20 and rng.random() < 0.5:
            ref.wrong_go(seat)
            wrong = len(ref.entries) - 1
        elif options:
            ref.lay(seat, rng.choice(options))
        else:
            ref.go(seat)
    return hands, ref, wrong


def plays_of(hands: list[tuple[Tile, ...]], entries: list[Entry]) -> list[Play]:
    return [Play(e.seat, None if e.slot is None else hands[e.seat][e.slot]) for e in entries]


@settings(max_examples=1000, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    dealer=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_planted_wrong_go_is_refused_where_the_deal_proves_it(
    players: int, dealer: int, seed: int
) -> None:
    dealer %= players
    hands, ref, wrong = planted(players, dealer, seed)
    entries = ref.entries
    found = first_tile_proving_a_go_wrong(entries)
    if wrong < 0:
        assert found is None  # a legal deal: every go stands, and the record is accepted
        score_pegging(plays_of(hands, entries), dealer=dealer, players=players)
        return
    assert found is not None, "the wrong go's fitting tile is laid later in the deal"
    index, go_index = found
    assert go_index == wrong
    listed = plays_of(hands, entries)
    refused = refusal(listed, dealer=dealer, players=players)
    assert (refused.index, refused.code, refused.go_index) == (index, "go_proved_wrong", wrong)
    verdict = validate_play(listed[:index], listed[index], dealer=dealer, players=players)
    assert verdict.reason is not None
    assert (verdict.reason.code, verdict.reason.go_index) == ("go_proved_wrong", wrong)
    # with the hands given the go itself is refused, where it is said
    with_hands = refusal(listed, dealer=dealer, players=players, hands=hands)
    assert (with_hands.index, with_hands.code) == (wrong, "go_with_playable_tile")
    # goes left out: the wrong go is implied by the first tile after it (unless that tile
    # is his own and fits: then the record reads it as laid in the count, a legal reading)
    after = next(i for i in range(wrong + 1, len(entries)) if entries[i].slot is not None)
    tiles_only = [e for e in entries if e.slot is not None]
    if entries[after].seat == entries[wrong].seat:
        return
    left_out = plays_of(hands, tiles_only)
    refused = refusal(left_out, dealer=dealer, players=players)
    assert (refused.code, left_out[refused.index]) == ("go_proved_wrong", listed[index])
    assert left_out[refused.go_index or 0] == listed[after]
