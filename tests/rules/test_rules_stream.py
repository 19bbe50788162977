"""The engine's generator (scoring_api/rules/stream.py) is Philox4x32-10 word for word, and
each draw is what its documented method makes of the stream's words, taking the words the
module's docstring says: checked against Random123's published known answers, C++26's
required value of ``std::philox4x32``, and a textbook Philox written here with Python's
unbounded ints (no 16-bit halves), in whichever build runs the suite (CI runs both, so the
two builds draw the same bits)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.rules.stream import Stream, philox4x32, seeded

MASK = 0xFFFFFFFF
WORD = st.integers(0, MASK)

# Random123 (github.com/DEShawResearch/random123), tests/kat_vectors, lines 24-29: rounds,
# counter (4 words), key (2 words), expected (4 words).
KNOWN_ANSWERS = """
7 00000000 00000000 00000000 00000000 00000000 00000000 5f6fb709 0d893f64 4f121f81 4f730a48
7 ffffffff ffffffff ffffffff ffffffff ffffffff ffffffff 5207ddc2 45165e59 4d8ee751 8c52f662
7 243f6a88 85a308d3 13198a2e 03707344 a4093822 299f31d0 4dfccaba 190a87f0 c47362ba b6b5242a
10 00000000 00000000 00000000 00000000 00000000 00000000 6627e8d5 e169c58d bc57ac4c 9b00dbd8
10 ffffffff ffffffff ffffffff ffffffff ffffffff ffffffff 408f276d 41c83b0e a20bc7c6 6d5451fd
10 243f6a88 85a308d3 13198a2e 03707344 a4093822 299f31d0 d16cfe09 94fdcceb 5001e420 24126ea1
"""


def _known_answers() -> list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    rows = []
    for line in KNOWN_ANSWERS.strip().splitlines():
        rounds, *words = line.split()
        values = tuple(int(word, 16) for word in words)
        rows.append((int(rounds), values[:4], values[4:6], values[6:]))
    return rows


def textbook(counter: tuple[int, ...], key: tuple[int, ...], rounds: int = 10) -> tuple[int, ...]:
    """Philox4x32 as the paper writes it: whole 64-bit products, key bumped between rounds."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for r in range(rounds):
        if r:
            k0, k1 = (k0 + 0x9E3779B9) & MASK, (k1 + 0xBB67AE85) & MASK
        p0, p1 = 0xD2511F53 * c0, 0xCD9E8D57 * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & MASK, (p0 >> 32) ^ c3 ^ k1, p0 & MASK
    return c0, c1, c2, c3


class Words:
    """A stream's words as the docstring defines them, made by ``textbook``: the reference
    each draw is replayed from. ``taken`` counts the words read."""

    def __init__(self, key: tuple[int, int], nonce: tuple[int, int]) -> None:
        self.key, self.nonce, self.taken = key, nonce, 0
        self._words = self._all()

    def _all(self) -> Iterator[int]:
        block = 0
        while True:
            yield from textbook((block & MASK, block >> 32, *self.nonce), self.key)
            block += 1

    def __call__(self) -> int:
        self.taken += 1
        return next(self._words)

    def child(self, label: int) -> Words:
        k0, k1, n0, n1 = textbook((label & MASK, (label >> 32) | 1 << 31, *self.nonce), self.key)
        return Words((k0, k1), (n0, n1))

    def below(self, n: int) -> int:
        """Lemire's method as the paper writes it (with the 2^32 mod n threshold)."""
        product = self() * n
        if product % 2**32 < n:
            threshold = 2**32 % n
            while product % 2**32 < threshold:
                product = self() * n
        return product >> 32


def words_of_seed(seed: int) -> Words:
    return Words((seed & MASK, (seed >> 32) & MASK), ((seed >> 64) & MASK, seed >> 96))


SEED = st.integers(0, 2**128 - 1)
LABEL = st.integers(0, 2**63 - 1)


@pytest.mark.parametrize(("rounds", "counter", "key", "expected"), _known_answers())
def test_the_textbook_philox_gives_random123s_known_answers(
    rounds: int, counter: tuple[int, ...], key: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert textbook(counter, key, rounds) == expected


@pytest.mark.parametrize(
    ("rounds", "counter", "key", "expected"), [row for row in _known_answers() if row[0] == 10]
)
def test_the_engines_philox_gives_random123s_known_answers(
    rounds: int, counter: tuple[int, ...], key: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert philox4x32(*counter, *key) == expected


@settings(max_examples=300, deadline=None)
@given(st.tuples(WORD, WORD, WORD, WORD), st.tuples(WORD, WORD))
def test_the_engines_philox_is_the_textbooks_for_any_counter_and_key(
    counter: tuple[int, int, int, int], key: tuple[int, int]
) -> None:
    assert philox4x32(*counter, *key) == textbook(counter, key)


def test_a_stream_is_cxx26s_philox4x32_engine() -> None:
    """P2075 (C++26 [rand.predef]): the 10000th word of a default-constructed
    ``std::philox4x32`` (key ``20111115, 0``, counter from zero, each block's words in
    order) is 1955073260; so is this seed's stream's."""
    stream = seeded(20111115)
    for _ in range(9999):
        stream.word()
    assert stream.word() == 1955073260


@settings(max_examples=60, deadline=None)
@given(SEED, st.lists(LABEL, max_size=3), st.integers(1, 40))
def test_a_streams_words_are_its_blocks_in_order(seed: int, path: list[int], count: int) -> None:
    stream, words = seeded(seed), words_of_seed(seed)
    for label in path:
        stream, words = stream.child(label), words.child(label)
    assert [stream.word() for _ in range(count)] == [words() for _ in range(count)]


def test_a_child_is_named_by_a_block_no_draw_uses() -> None:
    """A child's name is the parent's block at a counter whose second word has its top bit
    set; the parent's draws, before and after, are the words of blocks 0, 1, ..."""
    parent, words = seeded(5), words_of_seed(5)
    first = parent.word()
    child = parent.child(0)
    assert [first] + [parent.word() for _ in range(7)] == [words() for _ in range(8)]
    assert child.word() == words.child(0)()
    assert child.word() != parent.child(0).child(0).word()


@settings(max_examples=60, deadline=None)
@given(SEED, st.integers(0, 2**62 - 1), st.integers(0, 9))
def test_seek_draws_from_the_start_of_any_block(seed: int, block: int, drawn: int) -> None:
    stream = seeded(seed)
    for _ in range(drawn):
        stream.word()
    stream.seek(block)
    k0, k1, n0, n1 = words_of_seed(seed).key + words_of_seed(seed).nonce
    first = textbook((block & MASK, block >> 32, n0, n1), (k0, k1))
    second = textbook(((block + 1) & MASK, (block + 1) >> 32, n0, n1), (k0, k1))
    assert [stream.word() for _ in range(8)] == [*first, *second]


@pytest.mark.parametrize(
    "bound",
    [1, 2, 3, 7, 28, 1000, 2**16 + 1, 2**30 + 1, 3 * 2**29, 2**31 - 1, 2**31],
)
def test_below_is_lemires_method_word_for_word(bound: int) -> None:
    """Same values and the same words taken, whatever the rejections (at 3 * 2^29 a quarter
    of the words are rejected)."""
    stream, words = seeded(bound).child(1), words_of_seed(bound).child(1)
    drawn = [stream.below(bound) for _ in range(400)]
    assert drawn == [words.below(bound) for _ in range(400)]
    assert all(0 <= value < bound for value in drawn)
    assert stream.word() == words()  # the same number of words was taken


def test_below_takes_one_word_but_for_a_rejection() -> None:
    stream, words = seeded(11), words_of_seed(11)
    for _ in range(1000):
        stream.below(28)
        words.below(28)
    assert words.taken == 1000  # none of these was rejected (p < 1000 * 28 / 2^32)
    assert stream.word() == words()
    rejecting = words_of_seed(11)
    for _ in range(1000):
        rejecting.below(3 * 2**29)
    assert 1200 < rejecting.taken < 1450  # a quarter rejected: about 1333 words


def test_random_is_53_bits_from_two_words() -> None:
    stream, words = seeded(3).child(9), words_of_seed(3).child(9)
    for _ in range(200):
        high, low = words() >> 5, words() >> 6
        value = stream.random()
        assert value == (high * 2**26 + low) / 2**53
        assert 0.0 <= value < 1.0


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 30), st.none() | st.integers(0, 40))
def test_shuffle_is_fisher_yates_from_the_front(seed: int, n: int, places: int | None) -> None:
    items = [f"tile {i}" for i in range(n)]
    stream, words = seeded(seed), words_of_seed(seed)
    shuffled = list(items)
    stream.shuffle(shuffled, places)
    expected = list(items)
    draws = n - 1 if places is None else min(places, n - 1)
    for i in range(max(draws, 0)):
        j = i + words.below(n - i)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled == expected
    assert sorted(shuffled) == sorted(items)
    assert stream.word() == words()  # min(places, n - 1) draws, no more


def test_choice_is_one_draw() -> None:
    stream, words = seeded(8), words_of_seed(8)
    items = ("0-0", "1-2", "3-3", "6-6", "2-5")
    for _ in range(100):
        assert stream.choice(items) == items[words.below(len(items))]
    assert stream.choice([7]) == 7


def test_what_is_outside_each_draws_range_is_refused() -> None:
    stream = seeded(1)
    for bound in (0, -1, 2**31 + 1):
        with pytest.raises(ValueError, match="a draw's bound is 1 to 2\\^31"):
            stream.below(bound)
    with pytest.raises(ValueError, match="a choice from no items"):
        stream.choice([])
    with pytest.raises(ValueError, match="a shuffle's places are 0 or more"):
        stream.shuffle([1, 2, 3], -1)
    for block in (-1, 2**62):
        with pytest.raises(ValueError, match="a stream's block is 0 to 2\\^62 - 1"):
            stream.seek(block)
    with pytest.raises(ValueError, match="a stream's label is 0 to 2\\^63 - 1"):
        stream.child(-1)
    # Beyond an i64 the compiled build refuses the argument itself, as not an i64.
    with pytest.raises((ValueError, TypeError)):
        stream.child(2**63)
    for seed in (-1, 2**128):
        with pytest.raises(ValueError, match="a seed is an integer 0 to 2\\^128 - 1"):
            seeded(seed)


def test_the_streams_names_are_those_recorded() -> None:
    """Every recorded answer is made of these words: a change to how streams are named or
    drawn changes them all, and must come with a new stream version."""
    run = seeded(42)
    game = run.child(7)
    assert [run.word() for _ in range(3)] == [0x9CEAF053, 0x77F5493B, 0x12BF50AD]
    assert [game.below(28) for _ in range(8)] == [10, 21, 25, 22, 25, 5, 5, 15]
    assert game.child(1).random() == 0.801421529006829


def test_a_stream_made_twice_draws_the_same() -> None:
    one, two = seeded(2**100 + 3).child(2**62), seeded(2**100 + 3).child(2**62)
    assert [one.word() for _ in range(50)] == [two.word() for _ in range(50)]
    assert isinstance(one, Stream)
