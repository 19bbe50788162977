"""The play with three and four players (docs/rules.md sections 3 and 8.2): the worked examples
of docs/rules.md section 8.5, and edge cases of the turn, the goes and the counts.

Expected numbers come from the rule book (worked by hand in the comments) and are checked
against the independent referee ``nplayer_oracle`` as well, so a wrong hand count would show.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from nplayer_oracle import Referee, play_in_order

from scoring_api.rules import (
    IllegalPlayError,
    PeggingResult,
    Play,
    ScoredPlay,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)

A, B, C = 0, 1, 2  # three players
N, E, S, W = 0, 1, 2, 3  # four players
GO_KINDS = {"go", "last_tile"}


def P(player: int, tile: str) -> Play:  # noqa: N802 - reads like the rule book's notation
    return Play(player, parse_tile(tile))


def G(player: int) -> Play:  # noqa: N802
    return Play(player, None)


def tiles_of(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tile(s) for s in text.split())


def hands_of(*texts: str) -> list[tuple[Tile, ...]]:
    hands = [tiles_of(t) for t in texts]
    every = [t for hand in hands for t in hand]
    assert all(len(hand) == 4 for hand in hands)
    assert len(set(every)) == len(every), "a tile appears once in a deal"
    return hands


def laid(result: PeggingResult) -> list[ScoredPlay]:
    return [sp for sp in result.plays if sp.tile is not None]


def tiles_only(record: Sequence[Play]) -> list[Play]:
    return [p for p in record if p.tile is not None]


def own_points(sp: ScoredPlay) -> int:
    """A tile's points without the go / last-tile point."""
    return sum(i.points for i in sp.items if i.kind not in GO_KINDS)


def oracle_of(
    players: int, dealer: int, hands: Sequence[Sequence[Tile]], record: Sequence[Play]
) -> Referee:
    """The independent referee, fed the tiles of ``record`` in order (goes follow)."""
    values = [[t.value for t in hand] for hand in hands]
    order = [(p.player, p.tile.value) for p in record if p.tile is not None]
    return play_in_order(players, dealer, values, order)


def every_entry(ref: Referee, hands: Sequence[Sequence[Tile]]) -> list[Play]:
    """The oracle's play as a record with every go listed."""
    return [Play(e.seat, None if e.slot is None else hands[e.seat][e.slot]) for e in ref.entries]


def check_sheet(result: PeggingResult) -> None:
    """Invariants of any answer: go entries score nothing, points are their items' sum,
    counts stay within 0..31, the seat scores are the entries' points summed."""
    per_seat = [0] * len(result.scores)
    for sp in result.plays:
        assert sp.points == sum(i.points for i in sp.items), sp
        assert 0 <= sp.count <= 31, sp
        if sp.tile is None:
            assert (sp.points, sp.items, sp.closes) == (0, (), None), sp
        per_seat[sp.player] += sp.points
    assert tuple(per_seat) == tuple(result.scores)


# --- docs/rules.md section 8.5: three players ----------------------------------------------

HANDS_3 = hands_of("3-4 0-4 1-3 2-2", "2-6 0-5 4-6 2-5", "3-5 1-5 1-4 4-4")
STARTER_3 = parse_tile("5-5")
PLAY_3 = [
    P(A, "3-4"),
    P(B, "2-6"),
    P(C, "3-5"),
    P(A, "0-4"),
    G(B),
    G(C),
    P(A, "1-3"),
    P(B, "0-5"),
    P(C, "1-5"),
    P(A, "2-2"),
    P(B, "4-6"),
    P(C, "1-4"),
    G(B),
    G(C),
    P(B, "2-5"),
    P(C, "4-4"),
]
POINTS_3 = [0, 2, 2, 0, 4, 0, 0, 5, 0, 1, 0, 3]  # the table's points column
COUNTS_3 = [7, 15, 23, 27, 31, 5, 11, 15, 25, 30, 7, 15]
CLOSES_3 = [None, None, None, None, "thirty_one", None, None, None, None, "go", None, "last_tile"]
KINDS_3 = [
    [],
    ["fifteen"],
    ["pair"],
    [],
    ["pair", "thirty_one"],
    [],
    [],
    ["fifteen", "run"],
    [],
    ["go"],
    [],
    ["fifteen", "last_tile"],
]
SCORES_3 = (9, 2, 6)  # "Pegging A 9, B 2, C 6"
RECORDS_3 = {
    "goes listed": PLAY_3,
    "goes left out": tiles_only(PLAY_3),
    "first goes only": [*PLAY_3[:6], *tiles_only(PLAY_3[6:])],
    "closing goes left out": [*PLAY_3[:5], *PLAY_3[6:13], *PLAY_3[14:]],
    # A is out of tiles after his 2-2 (entry 9): a go listed for him is redundant
    "redundant goes of A": [*PLAY_3[:10], G(A), *PLAY_3[10:12], G(A), *PLAY_3[12:], G(A)],
    "B's go twice": [*PLAY_3[:5], G(B), *PLAY_3[5:]],
}


def test_oracle_reproduces_the_three_player_example() -> None:
    ref = oracle_of(3, C, HANDS_3, PLAY_3)
    assert [e.points for e in ref.laid] == POINTS_3
    assert [e.count for e in ref.laid] == COUNTS_3
    assert ref.scores == list(SCORES_3)
    assert [(e.seat, e.count) for e in ref.entries if e.value is None] == [
        (B, 27),
        (C, 27),
        (B, 30),
        (C, 30),
    ]


@pytest.mark.parametrize("name", list(RECORDS_3))
@pytest.mark.parametrize("given", ["no hands", "hands", "hands and starter"])
def test_three_player_example(name: str, given: str) -> None:
    record = RECORDS_3[name]
    kwargs: dict[str, object] = {}
    if given != "no hands":
        kwargs["hands"] = HANDS_3
    if given == "hands and starter":
        kwargs["starter"] = STARTER_3
    result = score_pegging(record, dealer=C, players=3, **kwargs)  # type: ignore[arg-type]
    assert len(result.plays) == len(record)
    scored = laid(result)
    assert [(sp.player, sp.tile) for sp in scored] == [(p.player, p.tile) for p in PLAY_3 if p.tile]
    assert [sp.points for sp in scored] == POINTS_3
    assert [sp.count for sp in scored] == COUNTS_3
    assert [sp.closes for sp in scored] == CLOSES_3
    assert [sorted(i.kind for i in sp.items) for sp in scored] == [sorted(k) for k in KINDS_3]
    assert result.scores == SCORES_3
    assert (result.complete, result.next_player, result.count) == (True, None, 0)
    check_sheet(result)
    # row 5: the pair is A's 1-3 with his own 0-4, across B's and C's goes
    (pair,) = [i for i in scored[4].items if i.kind == "pair"]
    assert pair.tiles == tiles_of("0-4 1-3")
    (run,) = [i for i in scored[7].items if i.kind == "run"]
    assert sorted(run.tiles) == sorted(tiles_of("0-5 1-5 2-2"))
    for sp, play in zip(result.plays, record, strict=True):
        if play.tile is None:
            assert sp.player == play.player
            if play.player != A:  # B's and C's goes: at 27 and at 30
                assert sp.count in (27, 30)


def test_three_player_example_prefixes() -> None:
    # after A's 0-4 (27) B is on turn; after B's go, C; after both goes, A plays on alone
    assert score_pegging(PLAY_3[:4], dealer=C, players=3).next_player == B
    assert score_pegging(PLAY_3[:5], dealer=C, players=3).next_player == C
    assert score_pegging(PLAY_3[:6], dealer=C, players=3).next_player == A
    after_31 = score_pegging(PLAY_3[:7], dealer=C, players=3)
    assert (after_31.next_player, after_31.count, after_31.scores) == (B, 0, (4, 2, 2))
    # A is out after his 2-2: B, C, B, C ... (A skipped)
    assert score_pegging(PLAY_3[:10], dealer=C, players=3).next_player == B
    assert score_pegging(PLAY_3[:11], dealer=C, players=3).next_player == C
    # C's 1-4 makes 30: B (A skipped) is on turn, then C himself after B's go
    at_30 = score_pegging(PLAY_3[:12], dealer=C, players=3)
    assert (at_30.next_player, at_30.count, at_30.scores) == (B, 30, (9, 2, 2))
    assert score_pegging(PLAY_3[:13], dealer=C, players=3).next_player == C
    # C's own go closes the count: the go to C, and B leads (A, C's left, is out)
    closed = score_pegging(PLAY_3[:14], dealer=C, players=3)
    assert (closed.next_player, closed.count, closed.scores) == (B, 0, (9, 2, 3))
    assert closed.plays[11].closes == "go"


def test_three_player_example_validates_entry_by_entry() -> None:
    own = [0, 2, 2, 0, 4, 0, 0, 5, 0, 0, 0, 2]  # per tile, go and last-tile points aside
    tiles = iter(own)
    verdict = None
    for i, play in enumerate(PLAY_3):
        done = {p.tile for p in PLAY_3[:i]}
        hand = [t for t in HANDS_3[play.player] if t not in done]
        for given in (None, hand):
            verdict = validate_play(
                PLAY_3[:i], play, dealer=C, players=3, hand=given, starter=STARTER_3
            )
            assert verdict.legal, (i, verdict.reason)
        assert verdict is not None
        if play.tile is not None:
            want = next(tiles)
            assert sum(it.points for it in verdict.items if it.kind not in GO_KINDS) == want, i
    assert verdict is not None
    assert tuple(verdict.scores) == SCORES_3


# --- docs/rules.md section 8.5: four players, two partnerships -----------------------------

HANDS_4 = hands_of("6-6 4-5 1-4 0-1", "1-2 5-5 1-6 3-4", "0-3 0-5 2-6 4-4", "0-4 2-3 3-6 2-5")
PLAY_4_NO_GOES = [
    P(N, "6-6"),
    P(E, "1-2"),
    P(S, "0-3"),
    P(W, "0-4"),
    P(N, "4-5"),
    P(E, "5-5"),
    P(S, "0-5"),
    P(W, "2-3"),
    P(N, "1-4"),
    P(N, "0-1"),
    P(E, "1-6"),
    P(S, "2-6"),
    P(W, "3-6"),
    P(E, "3-4"),
    P(S, "4-4"),
    P(W, "2-5"),
]
# Where the goes fall: after N's 1-4 (25) E holds 7, 7; S 8, 8; W 9, 7: each says go in turn,
# and N lays his 0-1 alone; it is his last tile and the count closes at once. No other go:
# after W's 3-6 (24) N is out of tiles (skipped, no go) and E makes 31.
PLAY_4 = [*PLAY_4_NO_GOES[:9], G(E), G(S), G(W), *PLAY_4_NO_GOES[9:]]
POINTS_4 = [0, 2, 2, 0, 2, 0, 2, 2, 6, 1, 0, 2, 3, 5, 0, 3]
COUNTS_4 = [12, 15, 18, 22, 31, 10, 15, 20, 25, 26, 7, 15, 24, 31, 8, 15]
CLOSES_4: list[str | None] = [None] * 16
CLOSES_4[4] = CLOSES_4[13] = "thirty_one"
CLOSES_4[9] = "go"
CLOSES_4[15] = "last_tile"
SCORES_4 = (9, 7, 6, 8)  # "Players N 9, E 7, S 6, W 8"
RECORDS_4 = {
    "goes left out": PLAY_4_NO_GOES,
    "goes listed": PLAY_4,
    "only E's go": [*PLAY_4_NO_GOES[:9], G(E), *PLAY_4_NO_GOES[9:]],
    # N is out of tiles after his 0-1: goes listed for him are redundant
    "redundant goes of N": [*PLAY_4[:13], G(N), *PLAY_4[13:16], G(N), *PLAY_4[16:], G(N)],
}


def test_oracle_reproduces_the_four_player_example() -> None:
    ref = oracle_of(4, W, HANDS_4, PLAY_4_NO_GOES)
    assert [e.points for e in ref.laid] == POINTS_4
    assert [e.count for e in ref.laid] == COUNTS_4
    assert ref.scores == list(SCORES_4)
    assert [(e.seat, e.value) for e in ref.entries] == [
        (p.player, None if p.tile is None else p.tile.value) for p in PLAY_4
    ]


@pytest.mark.parametrize("name", list(RECORDS_4))
@pytest.mark.parametrize("with_hands", [False, True], ids=["no hands", "hands"])
def test_four_player_partnership_example(name: str, with_hands: bool) -> None:
    record = RECORDS_4[name]
    hands = HANDS_4 if with_hands else None
    result = score_pegging(record, dealer=W, players=4, hands=hands)
    assert len(result.plays) == len(record)
    scored = laid(result)
    assert [(sp.player, sp.tile) for sp in scored] == [(p.player, p.tile) for p in PLAY_4_NO_GOES]
    assert [sp.points for sp in scored] == POINTS_4
    assert [sp.count for sp in scored] == COUNTS_4
    assert [sp.closes for sp in scored] == CLOSES_4
    assert result.scores == SCORES_4
    assert (result.complete, result.next_player, result.count) == (True, None, 0)
    check_sheet(result)
    # partners N-S (0, 2) against E-W (1, 3): "sides N-S 15, E-W 15"
    per_tile_sides = [0, 0]
    for sp in result.plays:
        per_tile_sides[sp.player % 2] += sp.points
    assert per_tile_sides == [15, 15]
    assert result.scores[N] + result.scores[S] == 15
    assert result.scores[E] + result.scores[W] == 15
    # N's 4-5 makes 31 with 6-6 ... 0-4; N's 1-4 is a pair royal of 0-5, 2-3, 1-4 (three
    # players' tiles); W's 3-6 a run of E's 1-6 and S's 2-6
    assert [i.kind for i in scored[8].items] == ["pair_royal"]
    assert scored[8].items[0].tiles == tiles_of("0-5 2-3 1-4")
    (run,) = [i for i in scored[12].items if i.kind == "run"]
    assert run.tiles == tiles_of("1-6 2-6 3-6")


def test_four_player_example_goes_are_at_count_25() -> None:
    result = score_pegging(PLAY_4, dealer=W, players=4)
    goes = [(sp.player, sp.count) for sp in result.plays if sp.tile is None]
    assert goes == [(E, 25), (S, 25), (W, 25)]
    # after the three goes N (who has not said go) plays on alone
    assert score_pegging(PLAY_4[:12], dealer=W, players=4).next_player == N
    # N's last tile closes at once: the go to N, E leads next
    closed = score_pegging(PLAY_4[:13], dealer=W, players=4)
    assert (closed.next_player, closed.count, closed.scores) == (E, 0, (9, 2, 4, 2))
    assert closed.plays[-1].closes == "go"
    # after W's 3-6 (24) N is out: E is on turn
    assert score_pegging(PLAY_4[:16], dealer=W, players=4).next_player == E


def test_four_player_example_validates_entry_by_entry() -> None:
    for i, play in enumerate(PLAY_4):
        done = {p.tile for p in PLAY_4[:i]}
        hand = [t for t in HANDS_4[play.player] if t not in done]
        verdict = validate_play(PLAY_4[:i], play, dealer=W, players=4, hand=hand)
        assert verdict.legal, (i, verdict.reason)
    assert tuple(verdict.scores) == SCORES_4


# --- the first count -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(n, d) for n in (3, 4) for d in range(n)])
def test_the_dealers_left_leads(players: int, dealer: int) -> None:
    leader = (dealer + 1) % players
    assert score_pegging([], dealer=dealer, players=players).next_player == leader
    first = score_pegging([P(leader, "3-4")], dealer=dealer, players=players)
    assert first.plays[0].count == 7
    assert first.next_player == (leader + 1) % players
    for seat in range(players):
        if seat == leader:
            continue
        with pytest.raises(IllegalPlayError) as info:
            score_pegging([P(seat, "3-4")], dealer=dealer, players=players)
        assert (info.value.index, info.value.code) == (0, "out_of_turn")
    # a whole first round goes clockwise from the leader, the dealer last
    tiles = ["0-1", "0-2", "0-3", "0-4"][:players]
    record = [P((leader + k) % players, t) for k, t in enumerate(tiles)]
    result = score_pegging(record, dealer=dealer, players=players)
    assert record[-1].player == dealer
    assert result.next_player == leader
    assert [sp.points for sp in result.plays] == [0, 0, 3, 4][:players]  # runs 1-2-3, 1-2-3-4


# --- the next count: led by the first seat after the last layer who still holds tiles -------

# Found with the oracle, then checked by hand. 3 players, B deals, C leads.
LEFT_OUT_3 = hands_of("3-4 4-6 0-5 5-6", "0-6 1-3 2-6 2-3", "1-1 5-5 2-2 3-6")
LEFT_OUT_3_PLAY = [
    P(C, "5-5"),
    P(A, "4-6"),  # 20, pair 2
    P(B, "2-3"),
    P(C, "2-2"),  # 29: A (7, 5, 11) and B (6, 4, 8) say go
    P(C, "1-1"),  # 31: 2; A, C's left, leads
    P(A, "3-4"),
    P(B, "0-6"),
    P(C, "3-6"),  # C's last tile
    P(A, "0-5"),
    P(B, "1-3"),  # 31: 2; C, B's left, is out of tiles: A leads
    P(A, "5-6"),
    P(B, "2-6"),  # 19: the last tile, 1
]


def test_next_count_skips_a_left_seat_out_of_tiles_three_players() -> None:
    for record in (LEFT_OUT_3_PLAY, [*LEFT_OUT_3_PLAY[:4], G(A), G(B), *LEFT_OUT_3_PLAY[4:]]):
        for hands in (None, LEFT_OUT_3):
            result = score_pegging(record, dealer=B, players=3, hands=hands)
            assert [sp.points for sp in laid(result)] == [0, 2, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1]
            assert result.scores == (2, 3, 2)
            check_sheet(result)
    after = score_pegging(LEFT_OUT_3_PLAY[:10], dealer=B, players=3)
    assert (after.next_player, after.count) == (A, 0)
    # B leading there instead is out of turn: at count 0 A cannot have said go
    with pytest.raises(IllegalPlayError) as info:
        score_pegging([*LEFT_OUT_3_PLAY[:10], P(B, "2-6")], dealer=B, players=3)
    assert (info.value.index, info.value.code) == (10, "out_of_turn")
    ref = oracle_of(3, B, LEFT_OUT_3, LEFT_OUT_3_PLAY)
    assert ref.scores == [2, 3, 2]


# 4 players, S deals, W leads. N makes 31; E (N's left) is out of tiles, so S leads.
LEFT_OUT_4 = hands_of("1-5 2-5 2-3 4-6", "1-1 0-2 4-4 0-0", "5-5 0-6 4-5 2-6", "3-5 6-6 3-4 0-5")
LEFT_OUT_4_PLAY = [
    P(W, "3-4"),
    P(N, "1-5"),
    P(E, "4-4"),  # 21: run 6-7-8
    P(S, "0-6"),  # 27: W (11, 12, 5), N (7, 5, 10) say go
    P(E, "1-1"),  # 29: S (10, 9, 8) says go, W and N said go: E plays on alone
    P(E, "0-0"),
    P(E, "0-2"),  # 31 with his last tile; S, E's left, leads
    P(S, "4-5"),
    P(W, "6-6"),
    P(N, "4-6"),  # 31; E is out: S leads
    P(S, "5-5"),
]


def test_next_count_skips_a_left_seat_out_of_tiles_four_players() -> None:
    goes = [*LEFT_OUT_4_PLAY[:4], G(W), G(N), P(E, "1-1"), G(S), *LEFT_OUT_4_PLAY[5:]]
    for record in (LEFT_OUT_4_PLAY, goes):
        for hands in (None, LEFT_OUT_4):
            result = score_pegging(record, dealer=S, players=4, hands=hands)
            assert [sp.points for sp in laid(result)] == [0, 0, 3, 0, 0, 0, 2, 0, 0, 2, 0]
            assert [sp.closes for sp in laid(result)][6] == "thirty_one"
            assert (result.next_player, result.count) == (W, 10)
            check_sheet(result)
    after = score_pegging(LEFT_OUT_4_PLAY[:10], dealer=S, players=4)
    assert (after.next_player, after.count, after.scores) == (S, 0, (2, 5, 0, 0))
    after_last_tile_31 = score_pegging(LEFT_OUT_4_PLAY[:7], dealer=S, players=4)
    assert after_last_tile_31.next_player == S
    ref = oracle_of(4, S, LEFT_OUT_4, LEFT_OUT_4_PLAY)
    assert ref.turn == W
    assert [e.points for e in ref.laid] == [0, 0, 3, 0, 0, 0, 2, 0, 0, 2, 0]


# 3 players, C deals, A leads. C makes 31 with his last tile; A, his left, is out too: B leads.
LAST_TILE_31 = hands_of("0-3 3-5 5-6 0-6", "2-3 4-6 3-3 4-5", "1-2 0-1 0-2 4-4")
LAST_TILE_31_PLAY = [
    P(A, "0-6"),
    P(B, "3-3"),  # 12, pair
    P(C, "0-2"),
    P(A, "5-6"),
    P(B, "2-3"),
    P(C, "0-1"),  # 31
    P(A, "0-3"),
    P(B, "4-5"),
    P(C, "4-4"),
    P(A, "3-5"),  # 28, pair with C's 4-4; A is out; B (holding 4-6) says go
    P(C, "1-2"),  # 31 with C's last tile: A and C are out, B leads
    P(B, "4-6"),  # the last tile, alone: 1
]


@pytest.mark.parametrize("with_hands", [False, True])
def test_thirty_one_with_a_last_tile(with_hands: bool) -> None:
    hands = LAST_TILE_31 if with_hands else None
    for record in (LAST_TILE_31_PLAY, [*LAST_TILE_31_PLAY[:10], G(B), *LAST_TILE_31_PLAY[10:]]):
        result = score_pegging(record, dealer=C, players=3, hands=hands)
        assert [sp.points for sp in laid(result)] == [0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 2, 1]
        assert [sp.closes for sp in laid(result)][10:] == ["thirty_one", "last_tile"]
        assert result.scores == (2, 3, 4)
        check_sheet(result)
    before = score_pegging(LAST_TILE_31_PLAY[:11], dealer=C, players=3, hands=hands)
    assert (before.next_player, before.count, before.complete) == (B, 0, False)
    ref = oracle_of(3, C, LAST_TILE_31, LAST_TILE_31_PLAY)
    assert ref.scores == [2, 3, 4]


# Only the last layer still holds tiles: his own go closes the count and he leads again.
ALONE_3 = hands_of("1-4 0-2 2-6 0-3", "2-3 6-6 4-6 2-4", "4-5 0-1 1-2 0-0")
ALONE_3_PLAY = [
    P(C, "1-2"),
    P(A, "0-3"),  # pair
    P(B, "4-6"),
    P(C, "4-5"),
    P(A, "1-4"),  # 30: B says go
    P(C, "0-1"),  # 31
    P(A, "2-6"),
    P(B, "2-3"),
    P(C, "0-0"),  # C is out
    P(A, "0-2"),  # 15: A is out
    P(B, "6-6"),  # 27: B alone holds 2-4, 27 + 6 > 31: his go, the go to B
    P(B, "2-4"),  # he leads again: the last tile
]
ALONE_4 = hands_of("1-5 1-4 0-0 0-6", "2-5 4-6 6-6 0-1", "0-3 2-4 1-3 5-6", "3-3 0-5 3-5 2-6")
ALONE_4_PLAY = [
    P(W, "0-5"),
    P(N, "0-6"),
    P(E, "2-5"),  # 18: run 5-6-7
    P(S, "2-4"),
    P(W, "3-3"),  # 30: pair
    P(N, "0-0"),  # 30: the double blank adds nothing; E (10, 12, 1) lays 0-1
    P(E, "0-1"),  # 31
    P(S, "5-6"),
    P(W, "3-5"),
    P(N, "1-4"),  # 24: E (10, 12) says go
    P(S, "0-3"),  # 27: W, N say go (W 8; N 6)
    P(S, "1-3"),  # 31: run 3-4-5 and 31
    P(W, "2-6"),
    P(N, "1-5"),
    P(E, "4-6"),  # 24: the others are out; E holds 6-6: his go, the go to E
    P(E, "6-6"),  # he leads again: the last tile
]


@pytest.mark.parametrize(
    ("players", "dealer", "hands", "record", "points", "scores"),
    [
        (3, B, ALONE_3, ALONE_3_PLAY, [0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 1], (4, 2, 2)),
        (
            4,
            S,
            ALONE_4,
            ALONE_4_PLAY,
            [0, 0, 3, 0, 2, 0, 2, 0, 0, 0, 0, 5, 0, 0, 1, 1],
            (0, 7, 5, 2),
        ),
    ],
    ids=["3 players", "4 players"],
)
def test_only_the_last_layer_has_tiles_left(
    players: int,
    dealer: int,
    hands: list[tuple[Tile, ...]],
    record: list[Play],
    points: list[int],
    scores: tuple[int, ...],
) -> None:
    alone = record[-1].player
    ref = oracle_of(players, dealer, hands, record)
    assert [e.points for e in ref.laid] == points
    assert ref.entries[-2].value is None  # his own go
    assert ref.entries[-2].seat == alone
    with_goes = [
        Play(e.seat, None if e.slot is None else hands[e.seat][e.slot]) for e in ref.entries
    ]
    for rec in (record, with_goes):
        for given in (None, hands):
            result = score_pegging(rec, dealer=dealer, players=players, hands=given)
            assert [sp.points for sp in laid(result)] == points
            assert [sp.closes for sp in laid(result)][-2:] == ["go", "last_tile"]
            assert result.scores == scores
            check_sheet(result)
    # after his tile he is on turn again (everyone else is out), and after his go he leads
    assert score_pegging(record[:-1], dealer=dealer, players=players).next_player == alone
    closed = score_pegging(with_goes[:-1], dealer=dealer, players=players)
    assert (closed.next_player, closed.count) == (alone, 0)
    assert closed.scores[alone] == scores[alone] - 1  # the last tile is still to come


# --- goes ----------------------------------------------------------------------------------

# 3 players, C deals. A says go at 24; B and C go on, A skipped.
GO_3 = [P(A, "6-6"), P(B, "4-5"), P(C, "0-3"), G(A), P(B, "0-2"), P(C, "0-4")]


@pytest.mark.parametrize("listed", [True, False], ids=["go listed", "go left out"])
def test_a_player_who_said_go_is_skipped(listed: bool) -> None:
    record = GO_3 if listed else tiles_only(GO_3)
    result = score_pegging(record, dealer=C, players=3)
    # C's 0-4 (30) makes a run 3-2-4 across A's go
    assert [sp.points for sp in laid(result)] == [0, 0, 0, 0, 3]
    assert [i.kind for i in laid(result)[-1].items] == ["run"]
    assert laid(result)[-1].items[0].tiles == tiles_of("0-3 0-2 0-4")
    assert result.count == 30
    assert result.next_player == B  # A is skipped for the rest of the count
    assert score_pegging(record[:-1], dealer=C, players=3).next_player == C
    # A lays no more tiles in this count: after B's 0-2 the next count is C's to lead
    with pytest.raises(IllegalPlayError) as info:
        score_pegging([*record[:-1], P(A, "3-5")], dealer=C, players=3)
    assert (info.value.index, info.value.code) == (len(record) - 1, "out_of_turn")
    # after C's 0-4 it is A's: his 3-5 (which would not have fitted at 24) leads it, B's and
    # C's goes inferred and the go to C (docs/rules.md section 3, a tile laid after one's own
    # go); a 0-1 would have fitted at 24, so it proves his go wrong
    led = score_pegging([*record, P(A, "3-5")], dealer=C, players=3)
    assert (laid(led)[-2].closes, laid(led)[-1].count, led.scores) == ("go", 8, (0, 0, 4))
    assert (led.next_player, led.said_go) == (B, ())
    with pytest.raises(IllegalPlayError) as wrong:
        score_pegging([*record, P(A, "0-1")], dealer=C, players=3)
    # his go: listed at entry 3, or implied by B's 0-2, entry 3 of the tiles alone
    assert (wrong.value.index, wrong.value.code, wrong.value.go_index) == (
        len(record),
        "go_proved_wrong",
        3,
    )
    # B's 0-1 makes 31; then A leads a new count (his go is forgotten)
    after = score_pegging([*record, P(B, "0-1"), P(C, "1-1")], dealer=C, players=3)
    assert laid(after)[-2].closes == "thirty_one"
    assert after.next_player == A


def test_validate_refuses_a_tile_after_ones_go() -> None:
    verdict = validate_play(GO_3[:5], P(A, "0-1"), dealer=C, players=3)
    assert not verdict.legal
    assert verdict.reason is not None
    assert (verdict.reason.code, verdict.reason.hint, verdict.reason.go_index) == (
        "go_proved_wrong",
        "undo_go",
        3,
    )
    assert verdict.reason.message == "player 0 said go at 24, but 0-1 would have made 25"
    high = validate_play(GO_3[:5], P(A, "3-5"), dealer=C, players=3)  # C leads the next count
    assert high.reason is not None
    assert (high.reason.code, high.reason.hint) == ("out_of_turn", "wait_for_turn")
    ok = validate_play(GO_3[:5], P(C, "0-4"), dealer=C, players=3)
    assert (ok.legal, ok.points, ok.count) == (True, 3, 30)


def test_the_go_point_goes_to_the_last_layer_once() -> None:
    # 4 players, W deals. N 6-6 (12), E 5-6 (23), S 0-3 (26): W (6, 6, 6, 7) says go;
    # N 0-1 (27), E 0-2 (29, run 1-2-3): S (7, 7, 8) says go; N 0-0 (29, run 0-1-2-3):
    # E (10, 8) and N (10) say go: the go to N, for his 0-0, once. E leads the next count.
    hands = hands_of("6-6 0-1 0-0 5-5", "5-6 0-2 4-6 3-5", "0-3 3-4 2-5 4-4", "1-5 2-4 3-3 1-6")
    tiles = [P(N, "6-6"), P(E, "5-6"), P(S, "0-3"), P(N, "0-1"), P(E, "0-2"), P(N, "0-0")]
    listed = [*tiles[:3], G(W), *tiles[3:5], G(S), tiles[5], G(E), G(N)]
    twice = [*tiles[:3], G(W), G(W), *tiles[3:5], G(S), tiles[5], G(E), G(E), G(S), G(N)]
    for rec in (listed, twice, [*tiles, P(E, "4-6")], [*listed, P(E, "4-6")]):
        for given in (None, hands):
            result = score_pegging(rec, dealer=W, players=4, hands=given)
            scored = laid(result)
            assert [sp.points for sp in scored[:6]] == [0, 0, 0, 0, 3, 5]
            assert scored[5].closes == "go"
            assert sorted(i.kind for i in scored[5].items) == ["go", "run"]
            assert sum(sp.closes == "go" for sp in result.plays) == 1
            assert result.scores == (5, 3, 0, 0)
            check_sheet(result)
    closed = score_pegging(listed, dealer=W, players=4, hands=hands)
    assert (closed.next_player, closed.count, closed.complete) == (E, 0, False)
    # before N's go the count is still open (E has said go, N is on turn alone)
    assert score_pegging(listed[:-1], dealer=W, players=4).next_player == N
    ref = oracle_of(4, W, hands, [*tiles, P(E, "4-6")])
    assert [e.points for e in ref.laid] == [0, 0, 0, 0, 3, 5, 0]
    assert [e.seat for e in ref.entries if e.value is None] == [W, S, E, N]


# 3 players, C deals (found with the oracle, checked by hand).
AT_ONCE = hands_of("0-1 2-6 0-2 0-6", "0-5 1-5 1-4 5-6", "0-0 2-4 2-2 2-5")
AT_ONCE_PLAY = [
    P(A, "2-6"),  # 8
    P(B, "1-5"),  # 14
    P(C, "2-5"),  # 21: run 6-7-8 (3)
    P(A, "0-6"),  # 27: B (5, 5, 11) says go
    P(C, "0-0"),  # 27
    P(A, "0-1"),  # 28: C (4, 6) says go, B is skipped
    P(A, "0-2"),  # 30: run 0-1-2 (3); A's last tile and the others said go: the go (1) at once
    P(B, "1-4"),  # 5: B, A's left, leads
    P(C, "2-2"),  # 9
    P(B, "5-6"),  # 20: A is out
    P(C, "2-4"),  # 26
    P(B, "0-5"),  # 31 with the last tile of the play: the 2 for 31 only
]
AT_ONCE_POINTS = [0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 2]


@pytest.mark.parametrize("with_hands", [False, True])
def test_closing_at_once_when_the_last_layer_plays_out(with_hands: bool) -> None:
    hands = AT_ONCE if with_hands else None
    listed = [*AT_ONCE_PLAY[:4], G(B), *AT_ONCE_PLAY[4:6], G(C), *AT_ONCE_PLAY[6:]]
    for record in (AT_ONCE_PLAY, listed):
        result = score_pegging(record, dealer=C, players=3, hands=hands)
        scored = laid(result)
        assert [sp.points for sp in scored] == AT_ONCE_POINTS
        assert sorted(i.kind for i in scored[6].items) == ["go", "run"]
        assert scored[6].closes == "go"
        assert [i.kind for i in scored[-1].items] == ["thirty_one"]
        assert scored[-1].closes == "thirty_one"
        assert result.scores == (4, 2, 3)
        check_sheet(result)
    # right after A's 0-2 the count is closed (no go needed) and B leads
    at_once = score_pegging(listed[:9], dealer=C, players=3, hands=hands)
    assert (at_once.next_player, at_once.count, at_once.scores) == (B, 0, (4, 0, 3))
    assert at_once.plays[-1].closes == "go"
    ref = oracle_of(3, C, AT_ONCE, AT_ONCE_PLAY)
    assert [e.points for e in ref.laid] == AT_ONCE_POINTS
    assert [(e.seat, e.count) for e in ref.entries if e.value is None] == [(B, 27), (C, 28)]


def test_pairs_and_runs_across_three_players() -> None:
    royal = score_pegging([P(A, "0-6"), P(B, "1-5"), P(C, "2-4"), P(A, "3-3")], dealer=C, players=3)
    assert [sp.points for sp in royal.plays] == [0, 2, 6, 12]  # pair, pair royal, double
    assert royal.scores == (12, 2, 6)
    assert royal.plays[3].items[0].tiles == tiles_of("0-6 1-5 2-4 3-3")
    run = score_pegging(
        [P(N, "0-4"), P(E, "0-5"), P(S, "0-6"), P(W, "1-2"), P(N, "1-6"), P(E, "2-6")],
        dealer=W,
        players=4,
    )
    # 4, 9, 15 (run 4-5-6 + fifteen), 18 (run 3-6), 25 (run 3-7, 5); E's 2-6 (8) does not
    # fit 25: every player said go, the go to N's 1-6 (6 in all), and E, N's left, leads
    assert [sp.points for sp in run.plays[:5]] == [0, 0, 5, 4, 6]
    assert sorted(i.kind for i in run.plays[4].items) == ["go", "run"]
    assert laid(run)[5].count == 8
    assert run.scores == (6, 0, 5, 4)


# --- long counts ---------------------------------------------------------------------------

# 3 players, C deals: a count of 9 tiles, values 3, 7, 6, 5, 4, 2, 1, 0, 3; the last 8 are
# 0..7 (a run of 8) making 31: 8 + 2 = 10 for one tile.
RUN8_HANDS = hands_of("0-3 0-5 0-1 6-6", "1-6 0-4 0-0 5-6", "0-6 0-2 1-2 5-5")
RUN8_PLAY = [
    P(A, "0-3"),  # 3
    P(B, "1-6"),  # 10
    P(C, "0-6"),  # 16
    P(A, "0-5"),  # 21: run 5-6-7 (3)
    P(B, "0-4"),  # 25: run 3..7 (5)
    P(C, "0-2"),  # 27: run 2..7 (6)
    P(A, "0-1"),  # 28: run 1..7 (7)
    P(B, "0-0"),  # 28: run 0..7 (8)
    P(C, "1-2"),  # 31: run 0..7 again (the first 3 is outside it) + 31: 10
    P(A, "6-6"),  # 12
    P(B, "5-6"),  # 23: C (5-5) says go; A and B are out: the go to B
    P(C, "5-5"),  # the last tile
]
RUN8_POINTS = [0, 0, 0, 3, 5, 6, 7, 8, 10, 0, 1, 1]


@pytest.mark.parametrize("with_hands", [False, True])
def test_a_count_of_nine_tiles_with_a_run_of_eight_and_31(with_hands: bool) -> None:
    hands = RUN8_HANDS if with_hands else None
    for record in (RUN8_PLAY, [*RUN8_PLAY[:11], G(C), *RUN8_PLAY[11:]]):
        result = score_pegging(record, dealer=C, players=3, hands=hands)
        scored = laid(result)
        assert [sp.points for sp in scored] == RUN8_POINTS
        assert [sp.count for sp in scored[:9]] == [3, 10, 16, 21, 25, 27, 28, 28, 31]
        assert sorted((i.kind, i.points) for i in scored[8].items) == [
            ("run", 8),
            ("thirty_one", 2),
        ]
        assert scored[8].closes == "thirty_one"
        assert [sp.closes for sp in scored[:8]] == [None] * 8
        assert result.scores == (10, 14, 17)
        check_sheet(result)
    ref = oracle_of(3, C, RUN8_HANDS, RUN8_PLAY)
    assert [e.points for e in ref.laid] == RUN8_POINTS


# 4 players, W deals: a count of 10 tiles, values 1, 2, 0, 3, 4, 2, 3, 4, 6, 6 making 31.
TEN_HANDS = hands_of("0-1 0-4 0-6 3-6", "0-2 1-1 1-5 4-5", "0-0 0-3 5-5 6-6", "1-2 1-3 4-6 5-6")
TEN_PLAY = [
    P(N, "0-1"),  # 1
    P(E, "0-2"),  # 3
    P(S, "0-0"),  # 3: run 0-1-2 (3)
    P(W, "1-2"),  # 6: run 0..3 (4)
    P(N, "0-4"),  # 10: run 0..4 (5)
    P(E, "1-1"),  # 12: run 3-4-2 (3); 0,3,4,2 is no run, 2..2 repeats
    P(S, "0-3"),  # 15: run 4-2-3 (3) + fifteen (2)
    P(W, "1-3"),  # 19: run 2-3-4 (3)
    P(N, "0-6"),  # 25
    P(E, "1-5"),  # 31: pair (2) + 31 (2); S leads
    P(S, "5-5"),  # 10
    P(W, "4-6"),  # 20: pair
    P(N, "3-6"),  # 29, N's last tile: E, S, W say go: the go to N
    P(E, "4-5"),  # 9
    P(S, "6-6"),  # 21: W says go, N, E and S are out: the go to S
    P(W, "5-6"),  # the last tile
]
TEN_POINTS = [0, 0, 3, 4, 5, 3, 5, 3, 0, 4, 0, 2, 1, 0, 1, 1]


@pytest.mark.parametrize("with_hands", [False, True])
def test_a_count_of_ten_tiles_four_players(with_hands: bool) -> None:
    hands = TEN_HANDS if with_hands else None
    ref = oracle_of(4, W, TEN_HANDS, TEN_PLAY)
    assert [e.points for e in ref.laid] == TEN_POINTS
    with_goes = [
        Play(e.seat, None if e.slot is None else TEN_HANDS[e.seat][e.slot]) for e in ref.entries
    ]
    assert [p.player for p in with_goes if p.tile is None] == [E, S, W, W]
    for record in (TEN_PLAY, with_goes):
        result = score_pegging(record, dealer=W, players=4, hands=hands)
        scored = laid(result)
        assert [sp.points for sp in scored] == TEN_POINTS
        assert [sp.count for sp in scored[:10]] == [1, 3, 3, 6, 10, 12, 15, 19, 25, 31]
        assert scored[9].closes == "thirty_one"
        assert [sp.closes for sp in scored[10:]] == [None, None, "go", None, "go", "last_tile"]
        assert result.scores == (6, 7, 9, 10)
        assert result.scores[N] + result.scores[S] == 15
        assert result.scores[E] + result.scores[W] == 17
        check_sheet(result)
    assert score_pegging(TEN_PLAY[:10], dealer=W, players=4).next_player == S


# --- illegal records -----------------------------------------------------------------------

H3: dict[str, object] = {"dealer": C, "players": 3, "hands": HANDS_3}
N3: dict[str, object] = {"dealer": C, "players": 3}
H4: dict[str, object] = {"dealer": W, "players": 4, "hands": HANDS_4}
N4: dict[str, object] = {"dealer": W, "players": 4}

ILLEGAL = [
    ("3p: the dealer leads", [P(C, "3-5")], N3, 0, "out_of_turn"),
    ("3p: B skipped at 7", [P(A, "3-4"), P(C, "3-5")], N3, 1, "out_of_turn"),
    ("4p: S leads after N's 31", [*PLAY_4_NO_GOES[:5], P(S, "0-5")], N4, 5, "out_of_turn"),
    ("4p: N's go inferred, N holds 4-5", [*PLAY_4_NO_GOES[:4], P(S, "0-5")], H4, 4, "out_of_turn"),
    ("3p: A after his go", [*GO_3[:5], P(A, "0-1")], N3, 5, "go_proved_wrong"),
    ("3p: A after an inferred go", [*GO_3[:3], GO_3[4], P(A, "0-1")], N3, 4, "go_proved_wrong"),
    ("3p: A's next count is C's", [*GO_3[:5], P(A, "3-5")], N3, 5, "out_of_turn"),
    ("3p: past 31, A holds 1-3", [*PLAY_3[:4], P(B, "2-5")], H3, 4, "count_over_31"),
    ("4p: past 31, N holds 4-5", [*PLAY_4_NO_GOES[:4], P(E, "5-5")], H4, 4, "count_over_31"),
    ("3p: C's tile laid by B", [P(A, "3-4"), P(B, "3-5")], H3, 1, "tile_not_in_hand"),
    ("4p: E's tile laid by N", [P(N, "1-2")], H4, 0, "tile_not_in_hand"),
    ("3p: A's go holding 1-3", [*PLAY_3[:6], G(A)], H3, 6, "go_with_playable_tile"),
    ("4p: go at 12", [P(N, "6-6"), G(E)], N4, 1, "go_with_playable_tile"),
    ("4p: go at 19", [P(N, "6-6"), P(E, "1-6"), G(S)], N4, 2, "go_with_playable_tile"),
    ("3p: repeat", [P(A, "3-4"), P(B, "4-3")], N3, 1, "tile_repeated"),
    (
        "3p: fifth tile",
        [*tiles_only(PLAY_3[:10]), P(B, "4-6"), P(C, "1-4"), P(A, "0-0")],
        N3,
        10,
        "too_many_tiles",
    ),
]


@pytest.mark.parametrize(
    ("name", "record", "kwargs", "index", "code"), ILLEGAL, ids=[c[0] for c in ILLEGAL]
)
def test_illegal_record(
    name: str, record: list[Play], kwargs: dict[str, object], index: int, code: str
) -> None:
    with pytest.raises(IllegalPlayError) as info:
        score_pegging(record, **kwargs)  # type: ignore[arg-type]
    assert (info.value.index, info.value.code) == (index, code), info.value.message
    score_pegging(record[:index], **kwargs)  # type: ignore[arg-type]


def test_without_hands_the_same_records_are_legal() -> None:
    # N's and E's goes at 22 are possible when their hands are not known; S's 0-5 (27)
    # makes a run 3-4-5 of his 0-3, W's 0-4 and his 0-5 (3), after his pair (2)
    four = score_pegging([*PLAY_4_NO_GOES[:4], P(S, "0-5")], dealer=W, players=4)
    check_sheet(four)
    assert (four.next_player, four.count, four.scores) == (W, 27, (0, 2, 5, 0))
    # a go at 27 is possible unseen: A's own go closes the count, the go to A for his 0-4
    three = score_pegging([*PLAY_3[:6], G(A)], dealer=C, players=3)
    check_sheet(three)
    assert (three.next_player, three.count, three.scores) == (B, 0, (1, 2, 2))
    assert three.plays[3].closes == "go"
