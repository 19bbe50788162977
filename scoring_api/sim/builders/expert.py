"""Build the expert's tables from a seed: ``python -m scoring_api build-expert-tables``.

Every entry is a pure function of the seed, its own key and the tables of the rounds before
(its random numbers come from the seed's stream's child by its part and its key packed in
ints: ``entries.entry_stream``), so a rebuild gives the same bytes, and a test can rebuild a
sample of entries and find them equal to the shipped ones. What is built (``build`` runs
the rounds in order):

- ``patterns``: how often each pair of values goes into a crib, by seat, over all 9,859
  six-value hands: first as ``expected`` lays away, then as the expert's first lay-away
  does (``model.pattern_of``, exact).
- ``play``: for each information state of the play met in ``--games`` games of self-play
  (laying as ``expected``), then in as many laying by the table (half against
  ``expected``), the value whose play-outs score best against ``--samples`` holdings of the
  other drawn from the tiles not in view (``best_play``). Those play-outs are greedy; a last
  round works every state out again with ``--rollout-samples`` play-outs that lay by that
  first table, which is written beside the tables (``ROLLOUT_PATH``) so that its entries
  can be checked; in it the first two tiles of the first count draw the other's holding as
  his hand is: four of six kept as ``expected`` would (``best_early_play``).
- ``pegging``: for each four kept values and seat, the play's mean points minus the other's
  over ``--peg-deals`` deals, the other keeping four of six drawn as ``expected`` would and
  both laying by the play table (``pegging_value``).
- ``discards``: the expert's lay-away of every hand from both seats under the model
  (``model.expert_ranking``) with those patterns and pegging values.

Self-play uses the seeds ``seed`` and ``seed + 1``: measure the expert on others. The
entries themselves are worked out in ``entries``. With ``other`` a fixed expert the same
rounds build a best response to him (bench/exploiter.py): his real lay-away pattern for the
crib from the start, his keep and his play in the play-outs, the games played against him.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import TypeVar

from scoring_api.rules.options import DEFAULT_RULES

from ..expected import best_discard
from ..expert import model
from ..expert.tables import (
    EXPERT_DISCARDS,
    FORMAT,
    TABLES_PATH,
    ExpertTables,
    Pattern,
    Role,
    play_json,
    role,
)
from ..layaway import DrawnValues, KeptValues, Positions
from ..playouts.two_player import PlayKey, PlayTable
from . import selfplay
from .entries import SELF, Opponent, best_early_play, best_play, early_state, pegging_value
from .files import write_json_gz

DEFAULT_SEED = 20261201
ROLLOUT_PATH = TABLES_PATH.parent / "rollout.json.gz"
"""The play table the last round of the build laid by in its play-outs, written beside the
tables: only the builder and the tests read it (to rebuild entries of the play table), never a
game."""
K = TypeVar("K")
V = TypeVar("V")


def _chunked(work: Callable[[Sequence[K]], list[V]], items: Sequence[K], jobs: int) -> list[V]:
    """``work`` over ``items`` in order, in ``jobs`` processes (the order never changes)."""
    if jobs <= 1:
        return work(items)
    size = max(1, len(items) // (jobs * 8))
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        return [value for chunk in pool.map(work, chunks) for value in chunk]


def self_play_states(
    tables: ExpertTables, games: int, seed: int, by_table: bool, jobs: int, other: Opponent = SELF
) -> set[PlayKey]:
    """The states ``games`` of self-play meet (``selfplay.batches``), in ``jobs`` processes;
    against a fixed expert, the states of the player's own seat in games against him."""
    work = partial(
        selfplay.states_met, tables=tables, seed=seed, by_table=by_table, against=other.fixed
    )
    return {key for met in _chunked(work, selfplay.batches(games, by_table), jobs) for key in met}


def _pegging_values(
    keys: Sequence[tuple[KeptValues, bool]], deals: int, seed: int, play: PlayTable, other: Opponent
) -> list[float]:
    return [pegging_value(kept, dealer, deals, seed, play, other) for kept, dealer in keys]


def _best_plays(
    keys: Sequence[PlayKey], samples: int, seed: int, play: PlayTable | None, other: Opponent
) -> list[int]:
    return [best_play(key, samples, seed, play, other) for key in keys]


def _best_early_plays(
    keys: Sequence[PlayKey], samples: int, seed: int, play: PlayTable, other: Opponent
) -> list[int]:
    return [best_early_play(key, samples, seed, play, other) for key in keys]


def _discard_indexes(keys: Sequence[tuple[DrawnValues, bool]], tables: ExpertTables) -> list[int]:
    return [_discard_index(tables, values, dealer) for values, dealer in keys]


def _all_kept() -> list[KeptValues]:
    kept = set()
    for values, _ in model.drawn_hands():
        for positions in EXPERT_DISCARDS.options:
            kept.add(tuple(values[k] for k in EXPERT_DISCARDS.kept[positions]))
    return sorted(kept)


def _patterns(choose: Callable[[DrawnValues, bool], Positions]) -> dict[Role, Pattern]:
    """The lay-away pattern of each role of a player who lays away ``choose(values, dealer)``."""

    def of(dealer: bool) -> Pattern:
        return model.pattern_of(lambda values: choose(values, dealer))

    return {role(dealer): of(dealer) for dealer in (False, True)}


def _expected_discard(values: DrawnValues, own_crib: bool) -> Positions:
    return best_discard(values, own_crib, DEFAULT_RULES)


_INDEX = {positions: i for i, positions in enumerate(EXPERT_DISCARDS.options)}


def _discard_index(tables: ExpertTables, values: DrawnValues, dealer: bool) -> int:
    """The expert's lay-away of a hand under ``tables``: an index in
    ``EXPERT_DISCARDS.options``."""
    return _INDEX[model.expert_ranking(tables, values, dealer, DEFAULT_RULES)[0].laid_away]


def _by_role() -> dict[Role, dict[K, V]]:
    """An empty mapping for each role, to fill."""
    return {role(dealer): {} for dealer in (False, True)}


def _discards(tables: ExpertTables, jobs: int) -> dict[Role, dict[DrawnValues, int]]:
    """The expert's lay-away for every hand and seat."""
    keys = [(values, dealer) for dealer in (False, True) for values, _ in model.drawn_hands()]
    found = _chunked(partial(_discard_indexes, tables=tables), keys, jobs)
    discards: dict[Role, dict[DrawnValues, int]] = _by_role()
    for (values, dealer), index in zip(keys, found, strict=True):
        discards[role(dealer)][values] = index
    return discards


class _Builder:
    """The parts in order, each from the seed, against ``other``; ``note`` logs the time each
    took."""

    def __init__(
        self, seed: int, samples: int, peg_deals: int, jobs: int, log: bool, other: Opponent
    ) -> None:
        self.seed, self.samples, self.peg_deals = seed, samples, peg_deals
        self.jobs, self.log, self.other = jobs, log, other
        self.started = time.monotonic()

    def note(self, what: str) -> None:
        if self.log:
            elapsed = time.monotonic() - self.started
            print(f"{elapsed:7.1f} s  {what}", file=sys.stderr, flush=True)

    def states(self, tables: ExpertTables, games: int, seed: int, by_table: bool) -> set[PlayKey]:
        return self_play_states(tables, games, seed, by_table, self.jobs, self.other)

    def pegging(self, play: PlayTable) -> dict[Role, dict[KeptValues, float]]:
        keys = [(kept, dealer) for kept in _all_kept() for dealer in (False, True)]
        work = partial(
            _pegging_values, deals=self.peg_deals, seed=self.seed, play=play, other=self.other
        )
        pegging: dict[Role, dict[KeptValues, float]] = _by_role()
        for (kept, dealer), value in zip(keys, _chunked(work, keys, self.jobs), strict=True):
            pegging[role(dealer)][kept] = value
        self.note(f"pegging values of {len(keys)} kept hands and seats")
        return pegging

    def play(self, keys: Iterable[PlayKey], known: PlayTable) -> dict[PlayKey, int]:
        """``known`` and the best play of each new state, by greedy play-outs."""
        new = sorted(set(keys) - set(known))
        work = partial(
            _best_plays, samples=self.samples, seed=self.seed, play=None, other=self.other
        )
        play = dict(known) | dict(zip(new, _chunked(work, new, self.jobs), strict=True))
        self.note(f"play table: {len(new)} new states, {len(play)} in all")
        return play

    def improve(self, rollout: PlayTable, samples: int) -> dict[PlayKey, int]:
        """Every state's best play again, laying by ``rollout`` in the play-outs."""
        keys = sorted(rollout)
        work = partial(_best_plays, samples=samples, seed=self.seed, play=rollout, other=self.other)
        play = dict(zip(keys, _chunked(work, keys, self.jobs), strict=True))
        changed = sum(play[key] != rollout[key] for key in keys)
        self.note(f"play table with table play-outs: {changed} of {len(keys)} states changed")
        return play

    def early(self, play: PlayTable, rollout: PlayTable, samples: int) -> dict[PlayKey, int]:
        """The early states of the first count again, the other holding what he would keep."""
        keys = sorted(key for key in play if early_state(key) is not None)
        work = partial(
            _best_early_plays, samples=samples, seed=self.seed, play=rollout, other=self.other
        )
        early = dict(zip(keys, _chunked(work, keys, self.jobs), strict=True))
        changed = sum(early[key] != play[key] for key in keys)
        self.note(f"early states with the other's keep: {changed} of {len(keys)} changed")
        return dict(play) | early


def build(
    seed: int,
    games: int,
    samples: int,
    peg_deals: int,
    rollout_samples: int,
    jobs: int,
    log: bool,
    other: Opponent = SELF,
) -> tuple[ExpertTables, dict[PlayKey, int]]:
    """The tables, and the play table their play-outs laid by. In rounds: a lay-away without
    the play's value; the states it meets with ``expected``'s play and their best plays by
    greedy play-outs; the pegging values with those and the lay-away with them; the states
    the player meets laying by the table, added; every state's best play again, with
    play-outs laid by that table; the pegging values and the lay-away with the new one.
    Against a fixed expert (``other``), his real lay-away pattern stands for the crib all
    along, and his play and his keep in every play-out."""
    builder = _Builder(seed, samples, peg_deals, jobs, log, other)
    no_pegging: dict[Role, dict[KeptValues, float]] = _by_role()
    fixed = other.fixed
    patterns = _patterns(_expected_discard if fixed is None else fixed.discard)
    tables = ExpertTables(FORMAT, {}, patterns, no_pegging, {}, {})
    tables = replace(tables, discards=_discards(tables, jobs))  # against that pattern
    if fixed is None:  # the expert's own pattern from now on
        patterns = _patterns(tables.discard)
    builder.note("lay-away patterns")
    play = builder.play(builder.states(tables, games, seed, False), {})
    tables = replace(tables, patterns=patterns, pegging=builder.pegging(play), play=play)
    tables = replace(tables, discards=_discards(tables, jobs))
    rollout = builder.play(builder.states(tables, games, seed + 1, True), play)
    return finish(builder, tables, rollout, rollout_samples, games), rollout


def finish(
    builder: _Builder, tables: ExpertTables, rollout: PlayTable, rollout_samples: int, games: int
) -> ExpertTables:
    """The last rounds: the play table by play-outs laid by ``rollout`` (the early states of
    the first count with the other's holding drawn as he keeps), then the pegging values and
    the lay-away with it."""
    play = builder.early(builder.improve(rollout, rollout_samples), rollout, rollout_samples)
    tables = replace(tables, pegging=builder.pegging(play), play=play)
    tables = replace(tables, discards=_discards(tables, builder.jobs))
    builder.note("lay-away")
    build_info = {
        "seed": builder.seed,
        "games": games,
        "samples": builder.samples,
        "peg_deals": builder.peg_deals,
        "rollout_samples": rollout_samples,
    }
    return replace(tables, build=build_info)


def main(argv: Sequence[str] | None = None) -> int:
    # Not from ``__doc__``: a compiled module has none.
    parser = argparse.ArgumentParser(
        prog="python -m scoring_api build-expert-tables",
        description="Build the expert's tables from a seed.",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--games", type=int, default=100_000, help="per round of self-play")
    parser.add_argument("--samples", type=int, default=300, help="per state, greedy play-outs")
    parser.add_argument("--rollout-samples", type=int, default=200, help="per state, last round")
    parser.add_argument("--peg-deals", type=int, default=1_500, help="per kept hand and seat")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--out", type=Path, default=TABLES_PATH)
    parser.add_argument("--rollout-out", type=Path, default=ROLLOUT_PATH)
    args = parser.parse_args(argv)
    tables, rollout = build(
        args.seed, args.games, args.samples, args.peg_deals, args.rollout_samples, args.jobs, True
    )
    for path, data in ((args.out, tables.as_json()), (args.rollout_out, play_json(rollout))):
        write_json_gz(path, data)
        print(f"wrote {path}: {path.stat().st_size:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
