"""Property tests of the play: random deals played out by a small referee written here from
docs/rules.md section 3, compared with the core's record reader (score_pegging)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.rules import (
    PeggingResult,
    Play,
    ScoredPlay,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)

TILES: list[Tile] = [parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)]
GO_KINDS = {"go", "last_tile"}


def value(t: Tile) -> int:
    return t.low + t.high


def shuffled(seed: int) -> list[Tile]:
    """Fisher-Yates on the 28 tiles with random.Random(seed).random() only."""
    rng = random.Random(seed)
    tiles = list(TILES)
    for i in range(len(tiles) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def tile_points(values: list[int]) -> int:
    """Points for the last tile of ``values`` (the tiles of the current count), without
    the go / last tile point (docs/rules.md section 3 table)."""
    count = sum(values)
    last = values[-1]
    points = 0
    if count == 15 and last != 0:  # the tile must change the count to 15
        points += 2
    if count == 31:
        points += 2
    same = 1
    while same < len(values) and values[-1 - same] == last:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[min(same, 4)]
    longest = 0
    for k in range(3, len(values) + 1):
        tail = values[-k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            longest = k
    return points + longest


@dataclass
class Entry:
    player: int
    tile: Tile | None
    points: int = 0
    count: int = 0
    closes: str | None = None
    optional: bool = False  # a closing go that a record may leave out


@dataclass
class Refereed:
    hands: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    starter: Tile
    dealer: int
    entries: list[Entry] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0])

    def record(self, goes: str) -> list[Play]:
        """goes: "all" (every go), "required" (no closing go of the last player), "none"."""
        out = []
        for e in self.entries:
            if e.tile is None and (goes == "none" or (goes == "required" and e.optional)):
                continue
            out.append(Play(e.player, e.tile))
        return out

    @property
    def laid(self) -> list[Entry]:
        return [e for e in self.entries if e.tile is not None]


def referee(
    hands: tuple[tuple[Tile, ...], tuple[Tile, ...]],
    starter: Tile,
    dealer: int,
    choose: Callable[[list[Tile]], Tile],
) -> Refereed:
    """Play a deal out under compulsory play; list every go."""
    game = Refereed(hands, starter, dealer)
    held = [list(hands[0]), list(hands[1])]
    values: list[int] = []  # tiles of the current count
    said_go = [False, False]
    last: Entry | None = None  # last tile laid in the current count
    turn = 1 - dealer  # the non-dealer leads

    def fits(p: int) -> list[Tile]:
        return [t for t in held[p] if sum(values) + value(t) <= 31]

    def close(kind: str) -> None:
        nonlocal values, said_go, last, turn
        assert last is not None
        if kind != "thirty_one":
            last.points += 1
            game.scores[last.player] += 1
        last.closes = kind
        nxt = 1 - last.player
        turn = nxt if held[nxt] else last.player
        values, said_go, last = [], [False, False], None

    while held[0] or held[1]:
        p, q = turn, 1 - turn
        assert held[p], "the player on turn holds tiles"
        options = fits(p)
        if options:
            tile = choose(options)
            held[p].remove(tile)
            values.append(value(tile))
            points = tile_points(values)
            last = Entry(p, tile, points, sum(values))
            game.entries.append(last)
            game.scores[p] += points
            if not held[0] and not held[1]:
                if sum(values) == 31:
                    last.closes = "thirty_one"
                else:
                    close("last_tile")
                break
            if sum(values) == 31:
                close("thirty_one")
            elif held[q] and not said_go[q]:
                turn = q
            elif held[p]:
                turn = p
            else:  # the opponent said go (or is out) and p has no tile left
                close("go")
            continue
        # p cannot play: go
        game.entries.append(Entry(p, None, count=sum(values)))
        said_go[p] = True
        if fits(q):
            turn = q
            continue
        if held[q] and not said_go[q]:  # q would say go too: a closing go, may be left out
            game.entries.append(Entry(q, None, count=sum(values), optional=True))
        close("go")
    return game


def non_go(sp: ScoredPlay) -> list[tuple[str, int]]:
    return sorted((i.kind, i.points) for i in sp.items if i.kind not in GO_KINDS)


def laid(result: PeggingResult) -> list[ScoredPlay]:
    return [sp for sp in result.plays if sp.tile is not None]


def deal(seed: int) -> tuple[tuple[tuple[Tile, ...], tuple[Tile, ...]], Tile]:
    tiles = shuffled(seed)
    return (tuple(tiles[0:4]), tuple(tiles[4:8])), tiles[8]


def play_out(seed: int, dealer: int, data: st.DataObject) -> Refereed:
    hands, starter = deal(seed)

    def choose(options: list[Tile]) -> Tile:
        return options[data.draw(st.integers(0, len(options) - 1), label="choice")]

    return referee(hands, starter, dealer, choose)


SEEDS = st.integers(0, 2**32 - 1)
DEALERS = st.sampled_from([1, 0])


def test_referee_reproduces_the_rule_book_play() -> None:
    """Guard the oracle: the whole play of docs/rules.md section 6 (D 6, N 2)."""
    order = ["3-4", "2-6", "4-4", "1-6", "0-6", "3-3", "2-2", "4-5"]
    hands = (
        tuple(parse_tile(s) for s in ["3-4", "4-4", "0-6", "2-2"]),
        tuple(parse_tile(s) for s in ["2-6", "1-6", "4-5", "3-3"]),
    )
    queue = [parse_tile(s) for s in order]

    def choose(options: list[Tile]) -> Tile:
        assert queue[0] in options
        return queue.pop(0)

    game = referee(hands, parse_tile("6-6"), 1, choose)
    assert game.scores == [2, 6]
    assert [e.points for e in game.laid] == [0, 2, 2, 1, 0, 2, 0, 1]
    assert [(e.player, e.tile is None, e.optional) for e in game.entries if e.tile is None] == [
        (0, True, False),
        (1, True, True),
    ]


@settings(max_examples=250, deadline=None)
@given(seed=SEEDS, dealer=DEALERS, data=st.data())
def test_random_play_scores_like_the_referee(seed: int, dealer: int, data: st.DataObject) -> None:
    game = play_out(seed, dealer, data)
    want_points = [e.points for e in game.laid]
    want_counts = [e.count for e in game.laid]
    assert len(want_points) == 8
    for goes in ("all", "required", "none"):
        record = game.record(goes)
        for hands in (None, game.hands):
            kwargs = {"hands": hands, "starter": game.starter} if hands else {}
            result = score_pegging(record, dealer=dealer, **kwargs)  # type: ignore[arg-type]
            label = (goes, hands is not None, [(p.player, str(p.tile)) for p in record])
            assert len(result.plays) == len(record), label
            scored = laid(result)
            assert [(sp.player, sp.tile) for sp in scored] == [
                (e.player, e.tile) for e in game.laid
            ], label
            assert [sp.points for sp in scored] == want_points, label
            assert [sp.count for sp in scored] == want_counts, label
            assert all(0 <= sp.count <= 31 for sp in result.plays), label
            assert all(sp.points == sum(i.points for i in sp.items) for sp in result.plays)
            assert all(sp.points == 0 for sp in result.plays if sp.tile is None), label
            per_player = [0, 0]
            for sp in result.plays:
                per_player[sp.player] += sp.points
            assert tuple(per_player) == tuple(result.scores) == tuple(game.scores), label
            assert result.complete is True, label
            assert result.next_player is None, label
            for sp, e in zip(scored, game.laid, strict=True):
                if e.closes in ("thirty_one", "last_tile"):
                    assert sp.closes == e.closes, label
                if goes == "none":
                    assert sp.closes == e.closes, label


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, dealer=DEALERS, data=st.data())
def test_truncated_record_keeps_earlier_points(seed: int, dealer: int, data: st.DataObject) -> None:
    game = play_out(seed, dealer, data)
    for goes in ("all", "none"):
        record = game.record(goes)
        full = score_pegging(record, dealer=dealer)
        for cut in range(len(record) + 1):
            prefix = score_pegging(record[:cut], dealer=dealer)
            assert len(prefix.plays) == cut
            for before, after in zip(prefix.plays, full.plays, strict=False):
                assert (before.player, before.tile) == (after.player, after.tile)
                assert non_go(before) == non_go(after), (goes, cut)
                assert before.count == after.count
            assert prefix.complete is (cut == len(record))
            if cut < len(record):
                assert prefix.next_player is not None
            if goes == "all" and cut < len(record):
                # every go is listed: whoever acts next in the record is the one on turn
                assert prefix.next_player == record[cut].player, cut


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, dealer=DEALERS, data=st.data())
def test_truncated_record_with_hands(seed: int, dealer: int, data: st.DataObject) -> None:
    game = play_out(seed, dealer, data)
    record = game.record("required")
    full = score_pegging(record, dealer=dealer, hands=game.hands, starter=game.starter)
    for cut in range(len(record)):
        prefix = score_pegging(record[:cut], dealer=dealer, hands=game.hands, starter=game.starter)
        for before, after in zip(prefix.plays, full.plays, strict=False):
            assert non_go(before) == non_go(after), cut
        assert prefix.complete is False


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, dealer=DEALERS, data=st.data())
def test_referee_invariants(seed: int, dealer: int, data: st.DataObject) -> None:
    """The oracle itself: a legal, complete play (guards the referee, not the core)."""
    game = play_out(seed, dealer, data)
    assert sorted(t.index for t in (e.tile for e in game.laid) if t is not None) == sorted(
        t.index for t in game.hands[0] + game.hands[1]
    )
    assert game.starter not in [e.tile for e in game.laid]
    assert game.entries[0].player == 1 - dealer
    assert game.laid[-1].closes in ("last_tile", "thirty_one")
    assert sum(e.points for e in game.entries) == sum(game.scores)


@settings(max_examples=300, deadline=None)
@given(base=st.integers(0, 8), width=st.integers(4, 6), data=st.data())
def test_one_count_scores_like_the_table(base: int, width: int, data: st.DataObject) -> None:
    """Tiles of nearby values laid alternately in one count (runs, pairs and fifteens are
    frequent): each tile scores what the table of docs/rules.md section 3 says."""
    pool = [t for t in TILES if base <= value(t) <= base + width]
    drawn = data.draw(st.lists(st.sampled_from(pool), unique=True, min_size=1, max_size=8))
    tiles: list[Tile] = []
    for t in drawn:
        if sum(map(value, tiles)) + value(t) > 31:
            break
        tiles.append(t)
        if sum(map(value, tiles)) == 31:
            break
    record = [Play(i % 2, t) for i, t in enumerate(tiles)]
    result = score_pegging(record)
    values = [value(t) for t in tiles]
    for i, sp in enumerate(result.plays):
        assert sp.tile == tiles[i]
        assert sp.count == sum(values[: i + 1])
        assert sum(p for _, p in non_go(sp)) == tile_points(values[: i + 1]), values[: i + 1]
        closing = [item.kind for item in sp.items if item.kind in GO_KINDS]
        if i == 7 and sp.count != 31:  # the eighth tile is the last tile of the play
            assert closing == ["last_tile"]
        else:
            assert closing == []
    assert result.scores == (
        sum(sp.points for sp in result.plays[0::2]),
        sum(sp.points for sp in result.plays[1::2]),
    )


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, dealer=DEALERS, data=st.data())
def test_validate_play_accepts_every_step_of_a_legal_play(
    seed: int, dealer: int, data: st.DataObject
) -> None:
    """With every go listed, each entry of a legal play is legal for validate_play (strict
    about the count), scores what the record reader gives it, and illegal alternatives are
    refused: a tile that does not fit, and a go while holding a tile that fits."""
    game = play_out(seed, dealer, data)
    record = game.record("all")
    assert len(record) == len(game.entries)
    full = score_pegging(record, dealer=dealer)
    played: list[Tile] = []
    count = 0  # the count before each entry
    for i, (play, entry) in enumerate(zip(record, game.entries, strict=True)):
        hand = [t for t in game.hands[play.player] if t not in played]
        for given_hand in (None, hand):
            verdict = validate_play(
                record[:i], play, dealer=dealer, hand=given_hand, starter=game.starter
            )
            assert verdict.legal is True, (i, verdict.reason, [str(p.tile) for p in record])
            if play.tile is not None:
                assert non_go(full.plays[i]) == sorted(
                    (it.kind, it.points) for it in verdict.items if it.kind not in GO_KINDS
                ), i
        if play.tile is None:
            continue
        # the player is on turn and holds a tile that fits: a go is illegal
        go = validate_play(record[:i], Play(play.player, None), dealer=dealer, hand=hand)
        assert go.legal is False, i
        assert go.reason is not None
        assert go.reason.code == "go_with_playable_tile", i
        # a tile of his that does not fit is illegal, hand known or not
        for tile in hand:
            if count + value(tile) > 31:
                for given_hand in (None, hand):
                    over = validate_play(
                        record[:i], Play(play.player, tile), dealer=dealer, hand=given_hand
                    )
                    assert over.legal is False, (i, str(tile))
                    assert over.reason is not None
                    assert over.reason.code == "count_over_31", (i, str(tile))
        played.append(play.tile)
        count = 0 if entry.closes else entry.count


def test_every_count_of_up_to_four_tiles() -> None:
    """Exhaustive: every sequence of up to four values one count can hold (tiles per value as
    in the set, count <= 31), laid alternately, scores per tile what the table says."""
    per_value: dict[int, list[Tile]] = {v: [] for v in range(13)}
    for t in TILES:
        per_value[value(t)].append(t)
    checked = 0

    def check(values: tuple[int, ...]) -> None:
        nonlocal checked
        taken = dict.fromkeys(range(13), 0)
        record = []
        for i, v in enumerate(values):
            record.append(Play(i % 2, per_value[v][taken[v]]))
            taken[v] += 1
        result = score_pegging(record)
        for i, sp in enumerate(result.plays):
            got = sum(p for _, p in non_go(sp))
            assert got == tile_points(list(values[: i + 1])), values[: i + 1]
        checked += 1

    def extend(values: tuple[int, ...], total: int) -> None:
        if len(values) == 4 or total == 31:
            check(values)
            return
        options = [v for v in range(13) if values.count(v) < len(per_value[v]) and total + v <= 31]
        if not options and values:
            check(values)
        for v in options:
            extend((*values, v), total + v)

    extend((), 0)
    assert checked > 20_000
