"""Each entry of the expert's tables, worked out alone: a pure function of the seed, its key,
the tables of the rounds before and the opponent the tables are built against (``expert``
runs the rounds).

Its random numbers are a stream named by ints alone (``rules.stream``): the seed's root
stream's child by the part (``PEGGING``, ``PLAY``, ``PLAY_MODEL``), then by the entry's key
packed into ints (``packed``: a hand's values, a count's values, who deals or how many the
other holds). A holding of ``k`` tiles drawn from a pool is the first ``k`` places of
``Stream.shuffle`` of it: ``k`` draws.

The opponent is the expert itself (self-play: he keeps as ``expected`` would, and lays by the
table being built), or a fixed expert whose tables are given: then the tables built are a
best response to him (``Opponent``; bench/exploiter.py measures how much it takes from him).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from scoring_api.rules.constants import HAND_SIZE
from scoring_api.rules.options import DEFAULT_RULES
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import VALUE_COUNTS

from ..expected import best_discard
from ..expert.tables import EXPERT_DISCARDS, EXPERT_PLAYERS, ExpertTables
from ..layaway import DrawnValues, KeptValues
from ..playouts.two_player import ME, OTHER, PlayKey, PlayTable, Values, play_out, play_values

PEGGING: Final = 0
"""The part of the seed's stream that draws the pegging values' deals (``pegging_value``)."""
PLAY: Final = 1
"""The part that draws the holdings of ``best_play``."""
PLAY_MODEL: Final = 2
"""The part that draws the hands of ``best_early_play``."""


def packed(values: Sequence[int]) -> int:
    """Values 0..12, at most 15 of them, as one int: each value plus one in four bits, the
    first lowest, so that no two sequences (of any lengths) give the same int."""
    total = 0
    for k, value in enumerate(values):
        total |= (value + 1) << (4 * k)
    return total


def entry_stream(
    seed: int, part: int, values: Sequence[int], other: Sequence[int], last: int
) -> Stream:
    """The stream of one entry: the seed's root stream's child by ``part``, then by the
    packed ``values``, the packed ``other`` values and ``last`` (an int of the key)."""
    return seeded(seed).child(part).child(packed(values)).child(packed(other)).child(last)


def sample(stream: Stream, pool: list[int], k: int) -> list[int]:
    """``k`` of ``pool``, uniformly, in the order drawn: the first ``k`` places of a shuffle
    of a copy: ``min(k, len(pool) - 1)`` draws."""
    drawn = list(pool)
    stream.shuffle(drawn, k)
    return drawn[:k]


@dataclass(frozen=True, slots=True)
class Opponent:
    """The other seat of the builder's play-outs and games."""

    fixed: ExpertTables | None = None
    """The tables of a fixed expert he plays by (his lay-away, his play table, ``expected``
    where his table is silent in a game, greedy in a play-out); None: the expert being built
    (self-play)."""

    def keep(self, drawn: DrawnValues, own_crib: bool) -> list[int]:
        """The four of six sorted values he keeps: as the fixed expert, or as ``expected``."""
        if self.fixed is None:
            positions = best_discard(drawn, own_crib, DEFAULT_RULES)
        else:
            positions = self.fixed.discard(drawn, own_crib)
        return [drawn[k] for k in EXPERT_DISCARDS.kept[positions]]

    def play(self) -> PlayTable | None:
        """The play table he lays by in play-outs; None: the one the player being built lays by."""
        return None if self.fixed is None else self.fixed.play


SELF = Opponent()
"""Self-play: how the shipped tables are built."""


def _pool(taken: Iterable[int]) -> list[int]:
    """The values of every tile but ``taken``'s, one entry per tile."""
    left = list(VALUE_COUNTS)
    for value in taken:
        left[value] = left[value] - 1
    return [value for value, count in enumerate(left) for _ in range(count)]


def pegging_value(
    kept: KeptValues,
    dealer: bool,
    deals: int,
    seed: int,
    play: PlayTable | None = None,
    other: Opponent = SELF,
) -> float:
    """The play's mean points minus the other's with ``kept``: the other draws six of the
    other tiles and keeps four as ``other`` does; the player lays by ``play`` (or greedily),
    the other as ``other`` does."""
    stream = entry_stream(seed, PEGGING, kept, (), int(dealer))
    pool = _pool(kept)
    lead = OTHER if dealer else ME
    his_play = other.play()
    total = 0
    for _ in range(deals):
        drawn = tuple(sorted(sample(stream, pool, EXPERT_DISCARDS.drawn)))
        his = other.keep(drawn, not dealer)
        points = [0] * EXPERT_PLAYERS
        hands = [list(kept), his]
        play_out(hands, lead, (), [False] * EXPERT_PLAYERS, lead, points, play, his_play)
        total += points[ME] - points[OTHER]
    return round(total / deals, 4)


def best_play(
    key: PlayKey,
    samples: int,
    seed: int,
    play: PlayTable | None = None,
    other: Opponent = SELF,
) -> int:
    """The value to lay in an information state: the best mean of play-outs after it over
    ``samples`` holdings of the other drawn from the tiles not in view (the same holdings
    for every value); the play-outs lay greedily, or by ``play``, the other as ``other``."""
    stream = _key_stream(seed, PLAY, key)
    mine, values, held, _ = key
    pool = _pool((*mine, *values))
    drawn = held <= len(pool)
    holdings = [sorted(sample(stream, pool, held)) if drawn else [] for _ in range(samples)]
    return _best_against(key, holdings, play, other)


def _key_stream(seed: int, part: int, key: PlayKey) -> Stream:
    """The stream of an information state's entry: its values, the count's, then how many
    the other holds and whether he has said go, as ``2 * held + passed``."""
    mine, values, held, passed = key
    return entry_stream(seed, part, mine, values, 2 * held + int(passed))


EARLY = 2
"""Tiles into the first count up to which ``best_early_play`` decides."""


def early_state(key: PlayKey) -> tuple[Values, bool] | None:
    """For a state of the first count at most ``EARLY`` tiles in, every tile laid so far
    in it and none after a go: the other's values laid, and whether the player deals (the
    non-dealer leads, and the two alternate)."""
    mine, values, held, passed = key
    mine_laid, his_laid = HAND_SIZE - len(mine), HAND_SIZE - held
    if passed or len(values) > EARLY or mine_laid + his_laid != len(values):
        return None
    if mine_laid == his_laid:
        return values[1::2], False
    if his_laid == mine_laid + 1:
        return values[0::2], True
    return None


def best_early_play(
    key: PlayKey, samples: int, seed: int, play: PlayTable, other: Opponent = SELF
) -> int:
    """``best_play`` for an early state (``early_state``), the other's holding drawn as his
    hand is: six of the tiles not in view, of which he keeps four as ``other`` does, among
    them the values he has laid (up to 60 draws, then any holding)."""
    mine, values, held, _ = key
    state = early_state(key)
    assert state is not None, key
    his_laid, deals = state
    stream = _key_stream(seed, PLAY_MODEL, key)
    not_his = [*mine, *values]
    for value in his_laid:
        not_his.remove(value)
    drawn_from = _pool(not_his)
    anything = _pool((*mine, *values))
    holdings = []
    for _ in range(samples):
        for _ in range(60):
            drawn = tuple(sorted(sample(stream, drawn_from, EXPERT_DISCARDS.drawn)))
            kept = other.keep(drawn, not deals)
            if _take(kept, his_laid):
                holdings.append(kept)
                break
        else:
            holdings.append(sorted(sample(stream, anything, held)))
    return _best_against(key, holdings, play, other)


def _take(kept: list[int], laid: Iterable[int]) -> bool:
    """Remove the ``laid`` values from ``kept``, if all are there."""
    for value in laid:
        if value not in kept:
            return False
        kept.remove(value)
    return True


def _best_against(
    key: PlayKey, holdings: Sequence[list[int]], play: PlayTable | None, other: Opponent
) -> int:
    """The value with the best total of play-outs against these holdings of the other."""
    totals = play_values(key, holdings, play, other.play())
    return max(totals, key=lambda value: (totals[value], value))
