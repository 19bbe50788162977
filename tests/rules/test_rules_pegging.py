"""The play (docs/rules.md sections 3 and 6): worked examples, illegal records, validate_play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from scoring_api.rules import (
    REASON_CODES,
    IllegalPlayError,
    MalformedInputError,
    PeggingResult,
    Play,
    ScoredPlay,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)

N, D = 0, 1  # non-dealer and dealer with the default dealer=1
TILES: list[Tile] = [parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)]
GO_KINDS = {"go", "last_tile"}
ITEM_POINTS = {
    "fifteen": 2,
    "thirty_one": 2,
    "pair": 2,
    "pair_royal": 6,
    "double_pair_royal": 12,
    "go": 1,
    "last_tile": 1,
}


def P(player: int, tile: str) -> Play:  # noqa: N802 - reads like the rule book's notation
    return Play(player, parse_tile(tile))


def G(player: int) -> Play:  # noqa: N802
    return Play(player, None)


def tiles_of(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tile(s) for s in text.split())


def laid(result: PeggingResult) -> list[ScoredPlay]:
    return [sp for sp in result.plays if sp.tile is not None]


def check_items(sp: ScoredPlay) -> None:
    assert sp.points == sum(i.points for i in sp.items)
    for item in sp.items:
        if item.kind == "run":
            assert item.points == len(item.tiles) >= 3
        else:
            assert item.points == ITEM_POINTS[item.kind], item


def test_reason_codes() -> None:
    assert set(REASON_CODES) == {
        "out_of_turn",
        "count_over_31",
        "tile_repeated",
        "starter_played",
        "too_many_tiles",
        "tile_not_in_hand",
        "go_with_playable_tile",
        "go_proved_wrong",
    }


# --- the play table of section 6 -----------------------------------------------------------


def tiles_with_values(values: Sequence[int]) -> list[Tile]:
    used: list[Tile] = []
    for v in values:
        used.append(next(t for t in TILES if t.low + t.high == v and t not in used))
    return used


PLAY_TABLE = [
    ((7, 8, 9), (0, 2, 3), [[], ["fifteen"], ["run"]]),
    ((6, 6, 6, 6), (0, 2, 6, 12), [[], ["pair"], ["pair_royal"], ["double_pair_royal"]]),
    ((5, 3, 4), (0, 0, 3), [[], [], ["run"]]),
    ((3, 4, 4, 5), (0, 0, 2, 0), [[], [], ["pair"], []]),
    ((2, 1, 0), (0, 0, 3), [[], [], ["run"]]),
    ((7, 8, 0), (0, 2, 0), [[], ["fifteen"], []]),
    (
        (7, 6, 6, 6, 6),
        (0, 0, 2, 6, 14),
        [[], [], ["pair"], ["pair_royal"], ["double_pair_royal", "thirty_one"]],
    ),
    ((5, 5, 5), (0, 2, 8), [[], ["pair"], ["fifteen", "pair_royal"]]),
]


@pytest.mark.parametrize(
    ("values", "points", "kinds"), PLAY_TABLE, ids=[str(v) for v, *_ in PLAY_TABLE]
)
def test_play_table(
    values: tuple[int, ...], points: tuple[int, ...], kinds: list[list[str]]
) -> None:
    tiles = tiles_with_values(values)
    record = [Play(i % 2, t) for i, t in enumerate(tiles)]  # dealer=1: player 0 leads
    result = score_pegging(record)
    scored = laid(result)
    assert len(result.plays) == len(record)
    assert [sp.tile for sp in scored] == tiles
    assert [sp.player for sp in scored] == [i % 2 for i in range(len(tiles))]
    assert tuple(sp.points for sp in scored) == points
    for sp, want in zip(scored, kinds, strict=True):
        assert Counter(i.kind for i in sp.items) == Counter(want), sp
        check_items(sp)
    counts = [sum(values[: i + 1]) for i in range(len(values))]
    assert [sp.count for sp in scored] == counts
    assert result.scores == (sum(points[0::2]), sum(points[1::2]))
    assert result.complete is False
    if counts[-1] == 31:
        assert scored[-1].closes == "thirty_one"
        assert all(sp.closes is None for sp in scored[:-1])
    else:
        assert all(sp.closes is None for sp in scored)
        assert result.count == counts[-1]
    # nobody can have said go at a count of 19 or less, so the opponent is next
    assert result.next_player == 1 - record[-1].player


def test_play_table_run_items_name_their_tiles() -> None:
    tiles = tiles_with_values((2, 1, 0))
    result = score_pegging([Play(i % 2, t) for i, t in enumerate(tiles)])
    (run,) = laid(result)[-1].items
    assert set(run.tiles) == set(tiles)


def test_double_blank_on_fifteen_does_not_score_again() -> None:
    tiles = tiles_with_values((7, 8, 0))
    result = score_pegging([Play(i % 2, t) for i, t in enumerate(tiles)])
    assert laid(result)[-1].count == 15
    assert laid(result)[-1].items == ()


# --- the whole play of section 6 ----------------------------------------------------------

WHOLE = [
    P(N, "3-4"),
    P(D, "2-6"),
    P(N, "4-4"),
    P(D, "1-6"),
    G(N),
    P(N, "0-6"),
    P(D, "3-3"),
    P(N, "2-2"),
    P(D, "4-5"),
]
WHOLE_NO_GO = [p for p in WHOLE if p.tile is not None]
WHOLE_BOTH_GOES = [*WHOLE[:5], G(D), *WHOLE[5:]]
HANDS = (tiles_of("3-4 4-4 0-6 2-2"), tiles_of("2-6 1-6 4-5 3-3"))
STARTER = parse_tile("6-6")
WHOLE_POINTS = [0, 2, 2, 1, 0, 2, 0, 1]
WHOLE_COUNTS = [7, 15, 23, 30, 6, 12, 16, 25]
WHOLE_KINDS = [[], ["fifteen"], ["pair"], ["go"], [], ["pair"], [], ["last_tile"]]
RECORDS = {"go listed": WHOLE, "goes left out": WHOLE_NO_GO, "both goes": WHOLE_BOTH_GOES}


@pytest.mark.parametrize("name", list(RECORDS))
@pytest.mark.parametrize("with_hands", [False, True], ids=["no hands", "hands"])
def test_whole_play(name: str, with_hands: bool) -> None:
    record = RECORDS[name]
    hands = HANDS if with_hands else None
    starter = STARTER if with_hands else None
    result = score_pegging(record, dealer=1, hands=hands, starter=starter)
    scored = laid(result)
    assert [sp.tile for sp in scored] == [p.tile for p in WHOLE_NO_GO]
    assert [sp.player for sp in scored] == [p.player for p in WHOLE_NO_GO]
    assert [sp.points for sp in scored] == WHOLE_POINTS
    assert [sp.count for sp in scored] == WHOLE_COUNTS
    for sp, kinds in zip(scored, WHOLE_KINDS, strict=True):
        assert Counter(i.kind for i in sp.items) == Counter(kinds), sp
        check_items(sp)
    assert result.scores == (2, 6)  # "Pegging: D 6, N 2"
    assert result.complete is True
    assert result.next_player is None
    for sp in result.plays:
        if sp.tile is None:  # a go entry scores nothing itself
            assert sp.points == 0
            assert sp.items == ()
    assert scored[-1].closes == "last_tile"
    # exactly one entry closes the first count by a go, between 1-6 and 0-6
    first = next(i for i, sp in enumerate(result.plays) if sp.tile == parse_tile("1-6"))
    second = next(i for i, sp in enumerate(result.plays) if sp.tile == parse_tile("0-6"))
    closes = [sp.closes for sp in result.plays[first:second]]
    assert closes.count("go") == 1
    assert set(closes) == {"go", None} or closes == ["go"]
    assert all(sp.closes is None for sp in result.plays[second:-1])
    assert all(sp.closes is None for sp in result.plays[:first])
    if name == "goes left out":
        assert scored[3].closes == "go"


def test_whole_play_with_dealer_zero_mirrors_the_players() -> None:
    mirrored = [Play(1 - p.player, p.tile) for p in WHOLE]
    result = score_pegging(mirrored, dealer=0)
    assert [sp.points for sp in laid(result)] == WHOLE_POINTS
    assert result.scores == (6, 2)


def test_whole_play_prefixes() -> None:
    result = score_pegging(WHOLE[:4])
    assert result.scores == (2, 2)
    assert result.count == 30
    assert result.next_player == N
    assert result.complete is False
    after_go = score_pegging(WHOLE[:5])
    assert after_go.next_player == D  # N said go: D plays on if he can
    assert after_go.complete is False
    both = score_pegging(WHOLE_BOTH_GOES[:6])  # both said go: the count is closed
    assert both.scores == (2, 3)
    assert both.next_player == N  # the opponent of D, who laid the last tile, leads
    # the go is scored at once when the next count starts without any go listed
    assert score_pegging(WHOLE_NO_GO[:5]).scores == (2, 3)


# --- illegal records -----------------------------------------------------------------------

# hands for the records that give them: N holds small tiles, D a mix
H_SMALL = (tiles_of("6-6 0-1 0-2 0-3"), tiles_of("5-5 4-6 3-4 1-2"))
H_BIG = (tiles_of("6-6 0-1 5-6 0-2"), tiles_of("5-5 4-6 3-4 1-2"))
NO_HANDS: dict[str, object] = {}

ILLEGAL = [
    ("dealer leads", [P(D, "3-4")], NO_HANDS, 0, "out_of_turn"),
    ("dealer 0: player 0 leads", [P(0, "3-4")], {"dealer": 0}, 0, "out_of_turn"),
    ("twice in a row at 11", [P(N, "3-4"), P(N, "2-2")], NO_HANDS, 1, "out_of_turn"),
    (
        "N leads the 2nd count after D's go",
        [*WHOLE_BOTH_GOES[:6], P(D, "3-3")],
        NO_HANDS,
        6,
        "out_of_turn",
    ),
    (
        "past 31 holding a fitting tile",
        [P(N, "6-6"), P(D, "5-5"), P(N, "5-6")],
        {"hands": H_BIG},
        2,
        "count_over_31",
    ),
    (
        "past 31 while on turn with a fitting tile",
        [P(N, "6-6"), P(D, "5-5"), P(N, "0-3"), P(D, "3-4")],
        {"hands": H_SMALL},
        3,
        "count_over_31",
    ),
    ("repeat", [P(N, "3-4"), P(D, "4-3")], NO_HANDS, 1, "tile_repeated"),
    ("repeat later", [P(N, "3-4"), P(D, "2-6"), P(N, "3|4")], NO_HANDS, 2, "tile_repeated"),
    ("starter", [P(N, "3-4"), P(D, "5-5")], {"starter": parse_tile("5-5")}, 1, "starter_played"),
    (
        "fifth tile after a go",
        [P(N, "6-6"), P(D, "4-6"), P(N, "0-1"), G(D), P(N, "0-2"), P(N, "0-3"), P(N, "0-0")],
        NO_HANDS,
        6,
        "too_many_tiles",
    ),
    (
        "fifth tile, goes left out",
        [P(N, "6-6"), P(D, "4-6"), P(N, "0-1"), P(N, "0-2"), P(N, "0-3"), P(N, "0-0")],
        NO_HANDS,
        5,
        "too_many_tiles",
    ),
    ("not in hand", [P(N, "6-6"), P(D, "2-2")], {"hands": H_SMALL}, 1, "tile_not_in_hand"),
    ("opponent's tile", [P(N, "5-5")], {"hands": H_SMALL}, 0, "tile_not_in_hand"),
    ("go at 0", [G(N)], NO_HANDS, 0, "go_with_playable_tile"),
    ("go at 12", [P(N, "6-6"), G(D)], NO_HANDS, 1, "go_with_playable_tile"),
    ("go at 19", [P(N, "6-6"), P(D, "1-6"), G(N)], NO_HANDS, 2, "go_with_playable_tile"),
    (
        "go holding a fitting tile",
        [P(N, "6-6"), P(D, "5-5"), G(N)],
        {"hands": H_SMALL},
        2,
        "go_with_playable_tile",
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
    err = info.value
    assert (err.index, err.code) == (index, code), err.message
    assert code in REASON_CODES
    assert isinstance(err.message, str)
    assert len(err.message.split()) >= 3
    # everything before the bad entry is a legal record on its own
    score_pegging(record[:index], **kwargs)  # type: ignore[arg-type]


def test_past_31_without_hands_is_read_as_a_closed_count() -> None:
    # Same tiles as "past 31 while on turn with a fitting tile", but nobody's hand is known:
    # the tile that does not fit shows that neither player could play, so the count closed
    # after N's 0-3 (N +1 for the go) and D, N's opponent, leads the next count.
    record = [P(N, "6-6"), P(D, "5-5"), P(N, "0-3"), P(D, "3-4")]
    result = score_pegging(record)
    assert [sp.points for sp in laid(result)] == [0, 0, 1, 0]
    assert [sp.count for sp in laid(result)] == [12, 22, 25, 7]
    assert result.scores == (1, 0)


def test_go_above_19_is_legal_without_hands() -> None:
    result = score_pegging([P(N, "6-6"), P(D, "2-6"), G(N)])
    assert result.next_player == D
    assert result.count == 20


@pytest.mark.parametrize(
    ("hands", "starter"),
    [
        ((tiles_of("3-4 4-4 0-6 2-2"), tiles_of("2-6 1-6 4-5 2-2")), STARTER),  # shared tile
        (HANDS, parse_tile("3-4")),  # starter in a hand
        ((tiles_of("3-4 4-4 0-6"), tiles_of("2-6 1-6 4-5 3-3")), STARTER),  # 3 tiles
        ((tiles_of("3-4 4-4 0-6 0-6"), tiles_of("2-6 1-6 4-5 3-3")), STARTER),  # repeat
    ],
    ids=["shared tile", "starter in hand", "short hand", "repeat in hand"],
)
def test_bad_hands_are_malformed(hands: tuple[tuple[Tile, ...], ...], starter: Tile) -> None:
    with pytest.raises(MalformedInputError):
        score_pegging(WHOLE, hands=hands, starter=starter)


# --- validate_play -------------------------------------------------------------------------


def test_validate_legal_tile() -> None:
    verdict = validate_play([P(N, "3-4")], P(D, "2-6"))
    assert verdict.legal is True
    assert verdict.reason is None
    assert verdict.points == 2
    assert [i.kind for i in verdict.items] == ["fifteen"]
    assert verdict.count == 15
    assert tuple(verdict.scores) == (0, 2)


def test_validate_legal_lead() -> None:
    verdict = validate_play([], P(N, "5-5"))
    assert verdict.legal is True
    assert verdict.count == 10
    assert verdict.points == 0
    assert tuple(verdict.scores) == (0, 0)


def test_validate_legal_go_above_19() -> None:
    verdict = validate_play([P(N, "6-6"), P(D, "2-6")], G(N))
    assert verdict.legal is True
    assert verdict.points == 0


def test_validate_past_31_is_illegal_and_names_the_count() -> None:
    record = [P(N, "6-6"), P(D, "5-5"), P(N, "4-4")]  # count 30
    verdict = validate_play(record, P(D, "1-2"))
    assert verdict.legal is False
    assert verdict.reason is not None
    assert verdict.reason.code == "count_over_31"
    assert "30" in verdict.reason.message or "33" in verdict.reason.message


def test_validate_past_31_after_one_go_is_still_illegal() -> None:
    record = [P(N, "6-6"), P(D, "5-5"), P(N, "4-4"), G(D)]  # count 30, only D said go
    verdict = validate_play(record, P(N, "2-2"))
    assert verdict.legal is False
    assert verdict.reason is not None
    assert verdict.reason.code == "count_over_31"


def test_validate_new_count_after_both_goes() -> None:
    record = [P(N, "6-6"), P(D, "5-5"), P(N, "4-4"), G(D), G(N)]
    verdict = validate_play(record, P(D, "1-2"))
    assert verdict.legal is True
    assert verdict.count == 3
    assert verdict.points == 0
    assert tuple(verdict.scores) == (1, 0)  # N's go point for the 4-4


def test_validate_go_holding_a_fitting_tile() -> None:
    record = [P(N, "6-6"), P(D, "5-5"), P(N, "2-2")]  # count 26
    bad = validate_play(record, G(D), hand=tiles_of("4-6 5-6 0-1"))
    assert bad.legal is False
    assert bad.reason is not None
    assert bad.reason.code == "go_with_playable_tile"
    good = validate_play(record, G(D), hand=tiles_of("4-6 5-6 3-4"))
    assert good.legal is True


def test_validate_go_at_low_count_without_hand() -> None:
    verdict = validate_play([P(N, "3-4")], G(D))
    assert verdict.legal is False
    assert verdict.reason is not None
    assert verdict.reason.code == "go_with_playable_tile"


def test_validate_out_of_turn() -> None:
    verdict = validate_play([P(N, "3-4")], P(N, "2-2"))
    assert verdict.legal is False
    assert verdict.reason is not None
    assert verdict.reason.code == "out_of_turn"
    assert len(verdict.reason.message.split()) >= 3
    lead = validate_play([], P(D, "2-2"))
    assert lead.legal is False
    assert lead.reason is not None
    assert lead.reason.code == "out_of_turn"


@pytest.mark.parametrize(
    ("play", "kwargs", "code"),
    [
        (P(D, "3-4"), {}, "tile_repeated"),
        (P(D, "4|3"), {}, "tile_repeated"),
        (P(D, "5-5"), {"starter": parse_tile("5-5")}, "starter_played"),
        (P(D, "2-6"), {"hand": tiles_of("1-6 4-5 3-3")}, "tile_not_in_hand"),
    ],
    ids=["repeat", "repeat other notation", "starter", "not in hand"],
)
def test_validate_illegal_tile(play: Play, kwargs: dict[str, object], code: str) -> None:
    verdict = validate_play([P(N, "3-4")], play, **kwargs)  # type: ignore[arg-type]
    assert verdict.legal is False
    assert verdict.reason is not None
    assert verdict.reason.code == code


def test_validate_raises_on_an_illegal_record() -> None:
    with pytest.raises(IllegalPlayError) as info:
        validate_play([P(N, "3-4"), P(D, "2-6"), P(D, "1-1")], P(N, "2-2"))
    assert info.value.index == 2
    assert info.value.code == "out_of_turn"


def test_validate_agrees_with_score_pegging_along_the_whole_play() -> None:
    full = score_pegging(WHOLE_BOTH_GOES)
    for i, play in enumerate(WHOLE_BOTH_GOES):
        remaining = [
            t for t in HANDS[play.player] if t not in [p.tile for p in WHOLE_BOTH_GOES[:i]]
        ]
        for hand in (None, remaining):
            verdict = validate_play(WHOLE_BOTH_GOES[:i], play, hand=hand, starter=STARTER)
            assert verdict.legal is True, (i, verdict.reason)
            if play.tile is None:
                continue
            want = [(it.kind, it.points) for it in full.plays[i].items if it.kind not in GO_KINDS]
            got = [(it.kind, it.points) for it in verdict.items if it.kind not in GO_KINDS]
            assert Counter(got) == Counter(want), i
            if full.plays[i].closes is None:
                assert verdict.count == full.plays[i].count, i
            else:  # the running count after a closing tile: as made, or already reset
                assert verdict.count in (full.plays[i].count, 0), i
    # the last tile of the play is known to be the last: it scores its point at once
    last = validate_play(WHOLE_BOTH_GOES[:-1], WHOLE_BOTH_GOES[-1])
    assert last.points == 1
    assert tuple(last.scores) == (2, 6)


# --- redundant goes -----------------------------------------------------------------------
# The sources are silent on goes that nobody needed to say (by a player who already said go in
# this count, or who holds no tiles, even after the play is over). docs/rules.md section 3
# (the decision on redundant goes) reads them as accepted and changing nothing, in the spirit
# of that section ("a record may list the goes explicitly or leave them out; both must give the
# same result"). These
# tests pin that reading: such a go must change no points, no score, no count, no turn.

FULL_PLAY = [
    P(N, "0-1"),
    P(D, "0-2"),
    P(N, "0-3"),
    P(D, "0-4"),
    P(N, "0-5"),
    P(D, "0-6"),
    P(N, "1-1"),
    P(D, "1-2"),
]
NO_TILES_LEFT = [P(N, "6-6"), P(D, "5-5"), P(N, "0-1"), G(D), P(N, "0-2"), P(N, "0-3"), P(D, "4-6")]
REDUNDANT = [
    ("after the play, N", FULL_PLAY, [G(N)]),
    ("after the play, D", FULL_PLAY, [G(D)]),
    ("after the play, both", FULL_PLAY, [G(N), G(D), G(N)]),
    ("go go", [P(N, "6-6"), P(D, "5-5"), G(N)], [G(N)]),
    ("go, D plays, go", [P(N, "6-6"), P(D, "5-5"), G(N), P(D, "0-1")], [G(N)]),
    ("N has no tiles", NO_TILES_LEFT, [G(N)]),
]


@pytest.mark.parametrize(("name", "record", "extra"), REDUNDANT, ids=[r[0] for r in REDUNDANT])
def test_redundant_go_changes_nothing(name: str, record: list[Play], extra: list[Play]) -> None:
    before = score_pegging(record)
    after = score_pegging([*record, *extra])
    assert len(after.plays) == len(record) + len(extra)
    assert [(sp.player, sp.tile, sp.points, sp.items) for sp in after.plays[: len(record)]] == [
        (sp.player, sp.tile, sp.points, sp.items) for sp in before.plays
    ]
    assert all(sp.points == 0 for sp in after.plays[len(record) :])
    assert after.scores == before.scores
    assert after.count == before.count
    assert after.next_player == before.next_player
    assert after.complete == before.complete
    verdict = validate_play([*record, *extra[:-1]], extra[-1])
    assert verdict.legal is True
    assert verdict.points == 0


def test_no_tiles_left_fixture() -> None:
    # N laid all four tiles (D had said go), the count closed, D leads and plays on alone.
    result = score_pegging(NO_TILES_LEFT)
    assert result.next_player == D
    assert result.scores == (3 + 1, 0)  # run 1-2-3 at 0-3, and the go (count 28)
    assert score_pegging(FULL_PLAY).complete is True


def test_tile_after_the_play_is_over_is_illegal() -> None:
    with pytest.raises(IllegalPlayError) as info:
        score_pegging([*FULL_PLAY, P(N, "1-3")])
    assert info.value.index == 8
    assert info.value.code in {"too_many_tiles", "out_of_turn"}


@pytest.mark.parametrize(
    ("hand", "starter"),
    [
        ("2-6 3-4 1-1", None),
        ("2-6 1-1 5-5", "5-5"),
        ("2-6 1-1 5-5 4-4 0-0", None),
        ("2-6 2-6", None),
    ],
    ids=["already played", "starter", "five tiles", "repeat"],
)
def test_validate_inconsistent_hand_is_malformed(hand: str, starter: str | None) -> None:
    # docs/rules.md section 1: a tile appears only once in a deal (hand, starter and plays).
    with pytest.raises(MalformedInputError) as info:
        validate_play(
            [P(N, "3-4")],
            P(D, "2-6"),
            hand=tiles_of(hand),
            starter=parse_tile(starter) if starter else None,
        )
    assert info.value.pointer.startswith("/hand")


def test_validate_infers_the_opponents_go_from_the_order() -> None:
    # docs/rules.md section 3: goes may be left out; D laying twice at 22 means N said go.
    verdict = validate_play([P(N, "6-6"), P(D, "5-5")], P(D, "0-1"))
    assert verdict.legal is True
    assert verdict.count == 23
    # at 14 N cannot have said go (every tile fits), so D is out of turn
    early = validate_play([P(N, "6-6"), P(D, "1-1")], P(D, "0-1"))
    assert early.legal is False
    assert early.reason is not None
    assert early.reason.code == "out_of_turn"


# More single counts worked from the table of docs/rules.md section 3 (long runs, a run that
# reforms after a repeated value, the double blank inside a run).
MORE_COUNTS = [
    ((0, 1, 2, 3, 4, 5, 6), (0, 0, 3, 4, 5, 8, 7)),  # runs of 3..7; 15 at the 5
    ((6, 5, 4, 3, 2, 1, 0), (0, 0, 5, 4, 5, 6, 7)),  # 6+5+4 = 15 with a run of 3
    ((3, 1, 2, 0, 5, 4, 6), (0, 0, 3, 4, 0, 8, 7)),  # out of order; the 4 makes 15 and a 6-run
    ((2, 3, 4, 2), (0, 0, 3, 3)),  # 3,4,2 is again a run of 3
    ((4, 6, 5, 4), (0, 0, 5, 3)),  # 15 and a run; then 6,5,4 again (the 4s are not adjacent)
    ((7, 9, 8, 7), (0, 0, 3, 5)),  # 7+9+8+7 = 31: a run of 3 (9,8,7) and 2 for the 31
]


@pytest.mark.parametrize(("values", "points"), MORE_COUNTS, ids=[str(v) for v, _ in MORE_COUNTS])
def test_more_single_counts(values: tuple[int, ...], points: tuple[int, ...]) -> None:
    tiles = tiles_with_values(values)
    result = score_pegging([Play(i % 2, t) for i, t in enumerate(tiles)])
    assert tuple(sp.points for sp in laid(result)) == points
    for sp in laid(result):
        check_items(sp)


def test_a_bad_player_of_the_proposed_play_is_named_at_play_player() -> None:
    with pytest.raises(MalformedInputError) as caught:
        validate_play([Play(0, parse_tile("1-4"))], Play(2, parse_tile("2-3")))
    assert caught.value.pointer == "/play/player"
    with pytest.raises(MalformedInputError) as caught:
        validate_play([Play(0, parse_tile("1-4")), Play(5, parse_tile("2-3"))], Play(0, None))
    assert caught.value.pointer == "/plays/1/player"
