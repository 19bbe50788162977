"""The engine's random numbers: counter-based streams of Philox4x32-10, drawn in machine ints.

A draw is a function of a key and a counter, nothing else: any game, deal or decision is
replayed from its stream's identity alone, without the draws before it, and a stream is made
in one block's work, where a Mersenne Twister is seeded by filling 624 words.

**The generator** is Philox4x32 with its default 10 rounds (J. K. Salmon, M. A. Moraes, R. O.
Dror, D. E. Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC '11,
doi:10.1145/2063384.2063405; D. E. Shaw Research's Random123 library is its reference code):
for each 64-bit key, a bijection of 128-bit counters. Its authors know of no statistical flaw
from 8 rounds on; the default 10 are their margin over the fewest that pass TestU01's
SmallCrush, Crush and BigCrush. The same function is cuRAND's, TensorFlow's and C++26's
``std::philox4x32``, so a batched engine elsewhere can draw the same words. Its published
known answers (Random123's ``tests/kat_vectors``) are checked in
``tests/rules/test_rules_stream.py``.

**Machine ints, the same bits in both builds.** Every value here is kept in an ``i64`` and
never leaves 0..2^63 - 1: words are 32 bits, Philox's 32 x 32-bit products are each made of
two 32 x 16-bit ones, and a bounded draw multiplies a word by a bound of at most 2^31.
Compiled, mypyc holds them in C ``int64_t`` without a Python int in sight (it checks no
overflow, and none can happen); interpreted, ``i64`` is a plain ``int`` and gives the same
values. Nothing is hashed by Python, and nothing depends on the interpreter's version.

**A stream** is a key (two words) and a nonce (two more): 128 bits that name it. Word ``i``
of a stream is word ``i % 4`` of the block ``philox4x32(b & 0xFFFFFFFF, b >> 32, n0, n1, k0,
k1)`` for ``b = i // 4`` (``seek`` moves to any block). Streams are derived, never seeded
from text:

- ``seeded(seed)``: the root stream of an integer seed ``0 <= seed < 2^128``, whose 32-bit
  words, lowest first, are ``k0, k1, n0, n1`` (a seed of up to 64 bits is the key, with a
  zero nonce: nothing is hashed first, as Random123 says its keys need not be, "the quality
  of the results will not be compromised by using highly correlated or non-random keys");
- ``stream.child(label)``: the stream named by the four words of the parent's block at
  counter ``(label & 0xFFFFFFFF, (label >> 32) | 2^31, n0, n1)``, ``0 <= label < 2^63``: a
  game's stream is the run's child by the game's index, the deal's is the game's child by
  the stream's kind, and so on down a path of small ints (one block each). The top bit of
  the second counter word is set for children and clear for draws (a draw's block number
  is below 2^63), so under one key no counter is used twice: no draw of a stream is ever a
  word of a child's name, and two labels give two different children.

Children named this way are the key splitting of Claessen and Palka ("Splittable
pseudorandom number generators using cryptographic hashing", Haskell '13) and JAX's
``fold_in``, with Philox as the keyed function.

**Draws**, each from the words in order (what each takes is what a replay must know):

- ``word()``: one word, uniform on 0..2^32 - 1;
- ``below(n)``: uniform on 0..n-1 for ``1 <= n <= 2^31``, by Lemire's multiply-and-shift
  with rejection ("Fast random integer generation in an interval", ACM TOMACS 29(1), 2019):
  no modulo bias; one word, and one more each time a word is rejected, which happens with
  probability ``(2^32 mod n) / 2^32``, below ``n / 2^32`` (under one in 150 million for
  ``n = 28``);
- ``random()``: a float uniform on [0, 1) with 53 random bits, from two words (the first
  gives the high 27 bits, the second the low 26, as CPython's ``random()`` makes one from
  two Mersenne Twister words);
- ``choice(items)``: one ``below(len(items))``;
- ``shuffle(items, places)``: Fisher-Yates from the front, place ``i`` taking
  ``i + below(n - i)``: ``min(places, n - 1)`` draws (none for an empty list), ``n - 1``
  for the whole list; the first ``places`` items are then a uniform draw of that many, in
  order, and the rest are those not drawn (a deal draws its tiles so, and no more).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar, final

from mypy_extensions import i64

T = TypeVar("T")

ROUNDS: Final[i64] = 10
"""Philox4x32's default rounds (Random123's ``philox4x32_rounds``)."""

_MASK: Final[i64] = 0xFFFFFFFF
_WORDS: Final[i64] = 0x100000000
"""2^32: how many words there are."""
_MAX_BOUND: Final[i64] = 0x80000000
"""2^31: the largest bound of ``below``, whose product with a word stays below 2^63."""
_MAX_LABEL: Final[i64] = 0x7FFFFFFFFFFFFFFF
_SEEK_LIMIT: Final[i64] = 0x4000000000000000
"""2^62: the blocks ``seek`` reaches, which leaves more blocks after any than could be drawn."""
_CHILD: Final[i64] = 0x80000000
"""The bit of a counter's second word that marks a child's name, not a draw."""
_UNIT: Final = 1.0 / 9007199254740992.0
"""2^-53: a 53-bit integer times this is a float in [0, 1)."""

# Philox4x32's multipliers, each split in halves of 16 bits, and its key schedule's
# constants (Random123's PHILOX_M4x32_0/1 and PHILOX_W32_0/1).
_M0_HIGH: Final[i64] = 0xD251
_M0_LOW: Final[i64] = 0x1F53
_M1_HIGH: Final[i64] = 0xCD9E
_M1_LOW: Final[i64] = 0x8D57
_W0: Final[i64] = 0x9E3779B9
_W1: Final[i64] = 0xBB67AE85


def philox4x32(c0: i64, c1: i64, c2: i64, c3: i64, k0: i64, k1: i64) -> tuple[i64, i64, i64, i64]:
    """Philox4x32-10 of the counter ``c0..c3`` under the key ``k0, k1``, each a 32-bit word
    (Random123's ``philox4x32(ctr, key)``, word for word)."""
    done: i64 = 0  # an i64, where a loop's int variable would be boxed each round
    while done < ROUNDS:
        # Random123's mulhilo32(M, c), the 64-bit product's two words, from two products
        # below 2^48: M * c = low + (high << 16) with low = M_LOW * c, high = M_HIGH * c.
        # "mixed", low plus the part of high that lands in the low word, holds the product's
        # low word and a carry into its high word, which is high >> 16 plus that carry.
        low0, high0 = c0 * _M0_LOW, c0 * _M0_HIGH
        mixed0 = low0 + ((high0 & 0xFFFF) << 16)
        low1, high1 = c2 * _M1_LOW, c2 * _M1_HIGH
        mixed1 = low1 + ((high1 & 0xFFFF) << 16)
        c0, c1, c2, c3 = (
            ((high1 >> 16) + (mixed1 >> 32)) ^ c1 ^ k0,
            mixed1 & _MASK,
            ((high0 >> 16) + (mixed0 >> 32)) ^ c3 ^ k1,
            mixed0 & _MASK,
        )
        k0 = (k0 + _W0) & _MASK
        k1 = (k1 + _W1) & _MASK
        done += 1
    return c0, c1, c2, c3


@final
class Stream:
    """One stream of words, named by its key and nonce (the module's docstring says how they
    are derived and what each draw takes). Its draws are made in order; a replay makes the
    stream again from its name."""

    def __init__(self, k0: i64, k1: i64, n0: i64, n1: i64) -> None:
        self.k0 = k0
        """The key's first word."""
        self.k1 = k1
        """The key's second word."""
        self.n0 = n0
        """The nonce's first word: the counter's third."""
        self.n1 = n1
        """The nonce's second word: the counter's fourth."""
        self.block: i64 = 0
        """The number of the next block to make (the counter's first two words)."""
        self.left: i64 = 0
        """Words of the last block not drawn yet, 0..4; they are its last ones."""
        # The last block's four words, in the order they are drawn.
        self.w0: i64 = 0
        self.w1: i64 = 0
        self.w2: i64 = 0
        self.w3: i64 = 0

    def child(self, label: i64) -> Stream:
        """The stream this one names ``label`` (``0 <= label < 2^63``): one block's work,
        and no draw of this stream is spent."""
        if not 0 <= label <= _MAX_LABEL:
            raise ValueError(f"a stream's label is 0 to 2^63 - 1, not {label}")
        k0, k1, n0, n1 = philox4x32(
            label & _MASK, (label >> 32) | _CHILD, self.n0, self.n1, self.k0, self.k1
        )
        return Stream(k0, k1, n0, n1)

    def seek(self, block: i64) -> None:
        """The next draw is the first word of block ``block`` (``0 <= block < 2^62``): a
        stream whose user lays its draws out in regions of blocks (a deal's at block
        ``deal << 4``, say) replays one region without the draws before it, at no cost."""
        if not 0 <= block < _SEEK_LIMIT:
            raise ValueError(f"a stream's block is 0 to 2^62 - 1, not {block}")
        self.block = block
        self.left = 0

    def word(self) -> i64:
        """The next word, uniform on 0..2^32 - 1."""
        left = self.left
        if left == 0:
            block = self.block
            self.w0, self.w1, self.w2, self.w3 = philox4x32(
                block & _MASK, block >> 32, self.n0, self.n1, self.k0, self.k1
            )
            self.block = block + 1
            left = 4
        self.left = left - 1
        if left == 4:
            return self.w0
        if left == 3:
            return self.w1
        if left == 2:
            return self.w2
        return self.w3

    def below(self, n: i64) -> i64:
        """Uniform on 0..n-1 (``1 <= n <= 2^31``), without modulo bias: Lemire's method."""
        if not 0 < n <= _MAX_BOUND:
            raise ValueError(f"a draw's bound is 1 to 2^31, not {n}")
        product = self.word() * n
        low = product & _MASK
        if low < n:
            # The products whose low word is below 2^32 mod n are the surplus of the values
            # that 2^32 words reach once more than the others: drawn again.
            floor = (_WORDS - n) % n
            while low < floor:
                product = self.word() * n
                low = product & _MASK
        return product >> 32

    def random(self) -> float:
        """A float uniform on [0, 1), 53 bits from two words."""
        high = self.word() >> 5
        low = self.word() >> 6
        return float((high << 26) | low) * _UNIT

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly: one ``below``."""
        if not items:
            raise ValueError("a choice from no items")
        return items[self.below(len(items))]

    def shuffle(self, items: list[T], places: int | None = None) -> None:
        """Shuffles ``items`` in place from the front (Fisher-Yates): the first ``places``
        of them (all by default) become a uniform draw from the whole list, in order, and
        the rest are those not drawn. ``min(places, n - 1)`` draws (none for an empty
        list)."""
        n: i64 = len(items)
        stop: i64 = n - 1
        if places is not None:
            if places < 0:
                raise ValueError(f"a shuffle's places are 0 or more, not {places}")
            if places < stop:
                stop = places
        i: i64 = 0
        while i < stop:
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
            i += 1


def seeded(seed: int) -> Stream:
    """The root stream of an integer seed, ``0 <= seed < 2^128``: its 32-bit words, lowest
    first, are the key's two and the nonce's two."""
    if not 0 <= seed < 1 << 128:
        raise ValueError(f"a seed is an integer 0 to 2^128 - 1, not {seed}")
    mask = 0xFFFFFFFF
    return Stream(seed & mask, (seed >> 32) & mask, (seed >> 64) & mask, seed >> 96)
