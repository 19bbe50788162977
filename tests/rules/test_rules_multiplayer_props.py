"""Property tests of the play with three and four players (docs/rules.md sections 3 and 8.2):
random deals played out by the independent referee ``nplayer_oracle``, compared with the
core's record reader (score_pegging), goes listed, left out or some of each, hands given or not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from nplayer_oracle import Entry, Referee, play_random

from scoring_api.rules import (
    PeggingResult,
    PegItem,
    Play,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)

TILES: list[Tile] = [parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)]
GO_KINDS = {"go", "last_tile"}
GOES = ("listed", "left out", "some")


@dataclass
class Deal:
    players: int
    dealer: int
    hands: list[tuple[Tile, ...]]
    ref: Referee
    rng: random.Random

    def kept(self, goes: str) -> list[Entry]:
        """The oracle's entries a record keeps: every go, no go, or each go at random."""
        out = []
        for e in self.ref.entries:
            if e.slot is None and (
                goes == "left out" or (goes == "some" and self.rng.random() < 0.5)
            ):
                continue
            out.append(e)
        return out

    def record_of(self, entries: Sequence[Entry]) -> list[Play]:
        return [
            Play(e.seat, None if e.slot is None else self.hands[e.seat][e.slot]) for e in entries
        ]

    def record(self, goes: str) -> list[Play]:
        return self.record_of(self.kept(goes))


def deal(players: int, dealer: int, seed: int) -> Deal:
    """Distinct hands of four from the 28 tiles, and a random legal play of them."""
    assert len(TILES) == 28
    rng = random.Random(seed)
    drawn = rng.sample(TILES, 4 * players)
    hands = [tuple(drawn[4 * p : 4 * p + 4]) for p in range(players)]
    values = [[t.value for t in hand] for hand in hands]
    return Deal(players, dealer, hands, play_random(players, dealer, values, rng), rng)


def non_go(items: Sequence[PegItem]) -> list[tuple[str, int]]:
    return sorted((i.kind, i.points) for i in items if i.kind not in GO_KINDS)


def check_against_oracle(d: Deal, kept: list[Entry], result: PeggingResult, label: object) -> None:
    """The core's answer to the whole record (the oracle's entries ``kept``) is the oracle's
    play, entry by entry."""
    ref = d.ref
    assert len(result.plays) == len(kept), label
    tiles = [e for e in ref.entries if e.slot is not None]
    scored = [sp for sp in result.plays if sp.tile is not None]
    assert [(sp.player, sp.tile) for sp in scored] == [
        (p.player, p.tile) for p in d.record_of(tiles)
    ], label
    assert [sp.points for sp in scored] == [e.points for e in tiles], label
    assert [sp.count for sp in scored] == [e.count for e in tiles], label
    assert [sp.closes for sp in scored] == [e.closes for e in tiles], label
    for sp in result.plays:
        assert 0 <= sp.count <= 31, label
        assert sp.points == sum(i.points for i in sp.items), label
        if sp.tile is None:
            assert (sp.points, sp.items, sp.closes) == (0, (), None), label
    # every entry, go or tile, shows the count it was announced at, and its seat
    assert [(sp.player, sp.count) for sp in result.plays] == [(e.seat, e.count) for e in kept]
    per_seat = [0] * d.players
    for sp in result.plays:
        per_seat[sp.player] += sp.points
    assert tuple(per_seat) == tuple(result.scores) == tuple(ref.scores), label
    if d.players == 4:  # partnerships: seats 0+2 against 1+3
        assert result.scores[0] + result.scores[2] == ref.scores[0] + ref.scores[2], label
        assert result.scores[1] + result.scores[3] == ref.scores[1] + ref.scores[3], label
        sides = [0, 0]
        for sp in result.plays:
            sides[sp.player % 2] += sp.points
        assert sides == [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]], label
    assert (result.complete, result.next_player, result.count) == (True, None, 0), label


PLAYERS = st.sampled_from([3, 4])
SEEDS = st.integers(0, 2**32 - 1)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    players = draw(PLAYERS)
    dealer = draw(st.integers(0, players - 1))
    return deal(players, dealer, draw(SEEDS))


def test_oracle_deals_are_legal_plays() -> None:
    """Guard the oracle: complete plays, every tile once, counts within 31, goes only above 19,
    the leader on the dealer's left."""
    for seed in range(300):
        for players in (3, 4):
            d = deal(players, seed % players, seed)
            ref = d.ref
            assert len(ref.laid) == 4 * players
            assert ref.entries[0].seat == (d.dealer + 1) % players
            assert all(0 <= e.count <= 31 for e in ref.entries)
            assert all(e.count >= 20 for e in ref.entries if e.value is None)
            assert sum(e.points for e in ref.entries) == sum(ref.scores)
            assert ref.laid[-1].closes in ("last_tile", "thirty_one")
            for seat in range(players):
                slots = sorted(e.slot for e in ref.laid if e.seat == seat)  # type: ignore[type-var]
                assert slots == [0, 1, 2, 3]


@settings(max_examples=200, deadline=None)
@given(d=deals())
def test_random_play_scores_like_the_oracle(d: Deal) -> None:
    for goes in GOES:
        kept = d.kept(goes)
        record = d.record_of(kept)
        for hands in (None, d.hands):
            result = score_pegging(record, dealer=d.dealer, players=d.players, hands=hands)
            check_against_oracle(d, kept, result, (goes, hands is not None, record))


@settings(max_examples=100, deadline=None)
@given(d=deals())
def test_truncated_record_keeps_earlier_points(d: Deal) -> None:
    for goes in ("listed", "left out"):
        record = d.record(goes)
        for hands in (None, d.hands):
            kwargs = {"dealer": d.dealer, "players": d.players, "hands": hands}
            full = score_pegging(record, **kwargs)  # type: ignore[arg-type]
            for cut in range(len(record)):
                prefix = score_pegging(record[:cut], **kwargs)  # type: ignore[arg-type]
                label = (goes, hands is not None, cut)
                assert len(prefix.plays) == cut, label
                later_tile = [p.tile is not None for p in record[:cut]]
                for j, (before, after) in enumerate(zip(prefix.plays, full.plays, strict=False)):
                    assert (before.player, before.tile, before.count) == (
                        after.player,
                        after.tile,
                        after.count,
                    ), label
                    assert non_go(before.items) == non_go(after.items), label
                    if any(later_tile[j + 1 :]):
                        # a later tile shows how the count went on: the entry is final
                        assert before == after, (label, j)
                    else:
                        assert before.points <= after.points, label
                per_seat = [0] * d.players
                for sp in prefix.plays:
                    per_seat[sp.player] += sp.points
                assert tuple(per_seat) == prefix.scores, label
                assert prefix.complete is False, label
                assert prefix.next_player is not None, label
                assert 0 <= prefix.count <= 31, label
                if goes == "listed":
                    assert prefix.next_player == record[cut].player, label


@settings(max_examples=60, deadline=None)
@given(d=deals())
def test_validate_play_accepts_every_step(d: Deal) -> None:
    """Every entry of a legal play, goes listed, is legal for validate_play, hand given or
    not, and scores the oracle's points for the tile (go points aside); a go by a player on
    turn holding a tile that fits is refused."""
    record = d.record("listed")
    done: set[Tile] = set()
    for i, (play, e) in enumerate(zip(record, d.ref.entries, strict=True)):
        hand = [t for t in d.hands[play.player] if t not in done]
        for given_hand in (None, hand):
            verdict = validate_play(
                record[:i], play, dealer=d.dealer, players=d.players, hand=given_hand
            )
            assert verdict.legal, (i, verdict.reason, record)
        if play.tile is None:
            continue
        own = e.points - (1 if e.closes in GO_KINDS else 0)
        assert sum(p for _, p in non_go(verdict.items)) == own, i
        go = validate_play(
            record[:i], Play(play.player, None), dealer=d.dealer, players=d.players, hand=hand
        )
        assert not go.legal, i
        assert go.reason is not None
        assert go.reason.code == "go_with_playable_tile", i
        done.add(play.tile)
    assert tuple(verdict.scores) == tuple(d.ref.scores)


PLAYS_PER_MODE = 20_000


def test_twenty_thousand_random_plays_per_mode() -> None:
    """The core and the oracle agree entirely on 20,000 random plays with three players and
    20,000 with four (the partnership play is the four-player play). Goes left out, no hands:
    the other variants are compared in the hypothesis tests above."""
    for players in (3, 4):
        rng = random.Random(8_2 * players)
        for k in range(PLAYS_PER_MODE):
            dealer = k % players
            drawn = rng.sample(TILES, 4 * players)
            hands = [drawn[4 * p : 4 * p + 4] for p in range(players)]
            ref = play_random(players, dealer, [[t.value for t in h] for h in hands], rng)
            tiles = [e for e in ref.entries if e.slot is not None]
            record = [Play(e.seat, hands[e.seat][e.slot]) for e in tiles]  # type: ignore[index]
            result = score_pegging(record, dealer=dealer, players=players)
            got = [(sp.player, sp.tile, sp.count, sp.points, sp.closes) for sp in result.plays]
            want = [
                (p.player, p.tile, e.count, e.points, e.closes)
                for p, e in zip(record, tiles, strict=True)
            ]
            assert got == want, (players, k, record)
            assert list(result.scores) == ref.scores, (players, k, record)
            assert result.complete, (players, k)
