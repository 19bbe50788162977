"""The loops that bench/stream_costs.py counts: each does one thing ``n`` times, the way the
engine does it, with the engine's generator (``scoring_api.rules.stream``) or with the first
stream's ``random.Random``, drawn as the engine drew it before (``pick_with`` of a bound
``random``, kept here alone). The script compiles this module with mypyc beside a copy of
``rules/stream.py`` (so the calls are C to C, as in the engine) and runs it both compiled and
interpreted."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Final

from mypy_extensions import i64

from scoring_api.rules.stream import seeded

SEED: Final = 20261206
DEAL: Final = 1
"""A stream kind's label, as the deal's would be."""
TILES: Final = 28


def pick_with(random: Callable[[], float], n: int) -> int:
    """A uniform index below ``n`` from a bound ``random``: the first stream's draw."""
    return int(random() * float(n))


def random_of(rng: Random) -> Callable[[], float]:
    """``rng.random``, bound once (the first stream's engine kept the last one bound)."""
    return rng.random


def stream_seed_run(n: i64) -> None:
    """A run's root stream from its integer seed: once a run."""
    k: i64 = 0
    while k < n:
        seeded(SEED + k)
        k += 1


def stream_seed_game(n: i64) -> None:
    """A game's deal stream from the run's: the game's child, then its deal's."""
    run = seeded(SEED)
    game: i64 = 0
    while game < n:
        run.child(game).child(DEAL)
        game += 1


def stream_word(n: i64) -> None:
    stream = seeded(SEED).child(0)
    done: i64 = 0
    while done < n:
        stream.word()
        done += 1


def stream_below(n: i64) -> None:
    """A draw of a tile's place, as a shuffle makes them."""
    stream = seeded(SEED).child(0)
    done: i64 = 0
    while done < n:
        stream.below(TILES)
        done += 1


def stream_random(n: i64) -> None:
    stream = seeded(SEED).child(0)
    done: i64 = 0
    while done < n:
        stream.random()
        done += 1


def stream_shuffle(n: i64) -> None:
    """The whole set: 27 draws."""
    stream, deck = seeded(SEED).child(0), list(range(TILES))
    done: i64 = 0
    while done < n:
        stream.shuffle(deck)
        done += 1


def stream_deal(n: i64) -> None:
    """A two-player deal's 13 tiles drawn from the front of a fresh deck."""
    stream = seeded(SEED).child(0)
    done: i64 = 0
    while done < n:
        stream.shuffle(list(range(TILES)), 13)
        done += 1


def random_seed_game(n: i64) -> None:
    """Today's game seeding: one ``Random`` for the run, seeded anew from each game's
    string (``runs.RunGames``)."""
    rng = Random(f"{SEED}:0")
    game: i64 = 0
    while game < n:
        rng.seed(f"{SEED}:{game}")
        game += 1


def random_pick(n: i64) -> None:
    """Today's draw of a tile's place: ``pick_with`` of the bound ``rng.random``."""
    random = random_of(Random(SEED))
    done: i64 = 0
    while done < n:
        pick_with(random, TILES)
        done += 1


def random_random(n: i64) -> None:
    random = random_of(Random(SEED))
    done: i64 = 0
    while done < n:
        random()
        done += 1


def _partial_fisher_yates(deck: list[int], draws: int, n: int, rng: Random) -> None:
    """``game.GameTable.shuffled``'s loop."""
    random = random_of(rng)
    for i in range(draws):
        j = i + pick_with(random, n - i)
        deck[i], deck[j] = deck[j], deck[i]


def random_shuffle(n: i64) -> None:
    rng, deck = Random(SEED), list(range(TILES))
    done: i64 = 0
    while done < n:
        _partial_fisher_yates(deck, TILES - 1, TILES, rng)
        done += 1


def random_deal(n: i64) -> None:
    rng = Random(SEED)
    done: i64 = 0
    while done < n:
        _partial_fisher_yates(list(range(TILES)), 13, TILES, rng)
        done += 1


def empty(n: i64) -> None:
    """The loop alone."""
    done: i64 = 0
    while done < n:
        done += 1
