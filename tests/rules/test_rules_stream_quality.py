"""The engine's generator draws as a uniform source should: chi-square of its draws by value
and by pair, its bits, its floats and shuffles, and no correlation between the streams of
neighbouring games, runs and labels. Fixed seeds, so each check is the same every run and
in both builds (which draw the same bits); each is two-sided at 1 in 10,000 a tail, so a
sequence too even to be random fails as well as a biased one; and each check is shown to
fail on a source with the flaw it looks for. The long comparison of whole games against the
old generator is a bench script's (docs/engine.md), not a test's."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import permutations

import pytest

from scoring_api.rules.stream import Stream, seeded

Z = 3.719
"""The standard normal's quantile at 1 - 1/10,000: each check's bound on either side."""


def chi_square(counts: Sequence[int]) -> float:
    """Pearson's statistic against equal expected counts."""
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 for count in counts) / expected


def fits(counts: Sequence[int]) -> bool:
    """The counts are as even as a uniform draw's, neither more nor less (Wilson and
    Hilferty's normal approximation of the chi-square's quantiles)."""
    df = len(counts) - 1
    spread = math.sqrt(2 / (9 * df))

    def quantile(z: float) -> float:
        return df * (1 - 2 / (9 * df) + z * spread) ** 3

    return quantile(-Z) < chi_square(counts) < quantile(Z)


def by_value(draw: Callable[[], int], n: int, draws: int) -> list[int]:
    counts = [0] * n
    for _ in range(draws):
        counts[draw()] += 1
    return counts


def by_pair(draw: Callable[[], int], n: int, pairs: int) -> list[int]:
    counts = [0] * (n * n)
    for _ in range(pairs):
        first = draw()
        counts[first * n + draw()] += 1
    return counts


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def uncorrelated(xs: Sequence[float], ys: Sequence[float]) -> bool:
    """|r| within Z standard errors of zero (1/sqrt(n) for independent samples)."""
    return abs(correlation(xs, ys)) < Z / math.sqrt(len(xs))


def first_words(streams: Sequence[Stream]) -> list[float]:
    return [stream.word() / 2**32 for stream in streams]


# Each check on the generator, then on a flawed source that it must refuse.


def test_draws_are_even_by_value() -> None:
    stream = seeded(1).child(0)
    assert fits(by_value(lambda: stream.below(28), 28, 28_000))
    assert fits(by_value(lambda: stream.word() >> 24, 256, 51_200))  # the top byte
    assert fits(by_value(lambda: stream.word() & 0xFF, 256, 51_200))  # the low byte
    assert fits(by_value(lambda: stream.below(6) + 6 * stream.below(2), 12, 12_000))


def test_a_draw_by_value_refuses_a_bias_and_a_sequence_too_even() -> None:
    counter = iter(range(10**9))
    assert not fits(by_value(lambda: next(counter) % 28, 28, 28_000))  # too even
    stream = seeded(1).child(0)
    assert not fits(by_value(lambda: min(stream.below(28), stream.below(28)), 28, 28_000))


BIASED_BOUND = 3 * 2**29
"""A bound where shortcuts show: 2^32 words over 3 * 2^29 values is 2 2/3 words a value."""


def test_lemires_rejection_leaves_the_bias_a_shortcut_would() -> None:
    """``word % n`` reaches the values below 2^30 three times and the rest twice (a bias by
    range); the product ``word * n >> 32`` without Lemire's rejection reaches two values in
    three three times (a bias by residue). ``below`` shows neither."""
    stream, n = seeded(2).child(0), BIASED_BOUND
    third = n // 3
    assert not fits(by_value(lambda: stream.word() % n // third, 3, 30_000))
    assert not fits(by_value(lambda: (stream.word() * n >> 32) % 3, 3, 30_000))
    assert fits(by_value(lambda: stream.below(n) // third, 3, 30_000))
    assert fits(by_value(lambda: stream.below(n) % 3, 3, 30_000))


def test_draws_are_even_by_pair() -> None:
    stream = seeded(3).child(0)
    assert fits(by_pair(lambda: stream.below(12), 12, 21_600))
    assert fits(by_pair(lambda: stream.word() >> 28, 16, 25_600))


def test_a_draw_by_pair_refuses_what_follows_from_what_came_before() -> None:
    """Even by value, but each draw leans on the one before it."""
    stream = seeded(3).child(0)
    last = [0]

    def sticky() -> int:
        value = last[0] if stream.below(10) == 0 else stream.below(12)
        last[0] = value
        return value

    assert fits(by_value(sticky, 12, 21_600))
    assert not fits(by_pair(sticky, 12, 21_600))


def test_every_bit_of_a_word_is_a_fair_coin() -> None:
    stream, draws = seeded(4).child(0), 20_000
    ones = [0] * 32
    for _ in range(draws):
        word = stream.word()
        for bit in range(32):
            ones[bit] += word >> bit & 1
    bound = Z * math.sqrt(draws / 4)
    assert all(abs(count - draws / 2) < bound for count in ones), ones


def test_floats_are_uniform_on_the_unit_interval() -> None:
    stream, draws = seeded(5).child(0), 20_000
    values = [stream.random() for _ in range(draws)]
    assert all(0.0 <= value < 1.0 for value in values)
    assert fits(by_value(iter([int(value * 20) for value in values]).__next__, 20, draws))
    mean = sum(values) / draws
    assert abs(mean - 0.5) < Z * math.sqrt(1 / 12 / draws)


def test_shuffles_are_uniform_over_permutations_and_places() -> None:
    stream = seeded(6).child(0)
    orders = {order: k for k, order in enumerate(permutations(range(4)))}

    def shuffled() -> int:
        items = [0, 1, 2, 3]
        stream.shuffle(items)
        return orders[tuple(items)]

    assert fits(by_value(shuffled, 24, 9_600))

    def first_two() -> int:  # a partial shuffle: an ordered pair of six, uniformly
        items = list(range(6))
        stream.shuffle(items, 2)
        return items[0] * 6 + items[1]

    counts = by_value(first_two, 36, 10_800)
    assert all(counts[i * 6 + i] == 0 for i in range(6))  # never the same item twice
    assert fits([count for k, count in enumerate(counts) if k // 6 != k % 6])


def test_neighbouring_games_streams_are_uncorrelated() -> None:
    """Game ``g`` of a run is its child ``g``: the first draws of games g and g + 1 are
    independent, by correlation and by the chi-square of their pairs."""
    run, games = seeded(7), 6_400
    streams = [run.child(game) for game in range(games + 1)]
    draws = [stream.below(8) for stream in streams]
    counts = [0] * 64
    for game in range(games):
        counts[draws[game] * 8 + draws[game + 1]] += 1
    assert fits(counts)
    words = first_words([run.child(game) for game in range(games + 1)])
    assert uncorrelated(words[:-1], words[1:])


def test_neighbouring_seeds_and_labels_streams_are_uncorrelated() -> None:
    """The service's seeds are small neighbouring ints, taken as keys as they are; the
    labels that name a game's streams are small neighbouring ints too."""
    runs = [seeded(seed) for seed in range(4_001)]
    games = first_words([run.child(0) for run in runs])
    assert uncorrelated(games[:-1], games[1:])
    roots = first_words(runs)
    assert uncorrelated(roots[:-1], roots[1:])
    kinds = first_words([seeded(9).child(3).child(kind) for kind in range(4_001)])
    assert uncorrelated(kinds[:-1], kinds[1:])


def test_a_correlation_check_refuses_streams_that_lean_on_their_neighbours() -> None:
    stream = seeded(8).child(0)
    xs = [stream.word() / 2**32 for _ in range(4_000)]
    leaning = [(x + 0.2 * stream.random()) for x in xs]
    assert not uncorrelated(xs, leaning)


def test_a_childs_name_differs_from_its_neighbours_in_half_its_bits() -> None:
    """Avalanche: names of children g and g + 1 (128 bits each) differ in 64 bits on
    average, as two independent draws would."""
    run, pairs = seeded(10), 2_000

    def name(stream: Stream) -> int:
        return stream.k0 | stream.k1 << 32 | stream.n0 << 64 | stream.n1 << 96

    names = [name(run.child(label)) for label in range(pairs + 1)]
    distances = [bin(names[g] ^ names[g + 1]).count("1") for g in range(pairs)]
    mean = sum(distances) / pairs
    assert abs(mean - 64) < Z * math.sqrt(32 / pairs)  # each distance ~ Binomial(128, 1/2)


@pytest.mark.parametrize("seed", [0, 1, 2**53 - 1, 2**128 - 1])
def test_no_two_of_many_streams_share_a_name(seed: int) -> None:
    run = seeded(seed)
    names = set()
    for game in range(500):
        for kind in range(4):
            stream = run.child(game).child(kind)
            names.add((stream.k0, stream.k1, stream.n0, stream.n1))
    assert len(names) == 2_000
