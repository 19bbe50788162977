"""The win probability's library and race: a deal's path is what the referee scores, the race
adds up, and the shipped tables rebuild from their seed (docs/winprob.md)."""

from __future__ import annotations

import gzip
import json

import pytest

from scoring_api.rules.deal import Deal, score_deal
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.stream import seeded
from scoring_api.sim.builders import winprob as build
from scoring_api.sim.builders.library import SHARD_DEALS, shard_paths
from scoring_api.sim.expert.strategy import ExpertStrategy
from scoring_api.sim.game import whole_deals
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.winprob.paths import (
    BEFORE,
    MAX_TILES,
    SHOW,
    STARTER,
    all_cut,
    cut_position,
    cuts,
    own_cut,
    path_of,
    phase_of,
    points_of,
    side_of,
    token,
)
from scoring_api.sim.winprob.race import Race, count_rests, win_table
from scoring_api.sim.winprob.tables import (
    BEFORE_KEY,
    FORMAT,
    MODES,
    TABLES_PATH,
    TARGETS,
    decode_path,
    encode_path,
    mode_rules,
    read_tables,
    shipped_tables,
)

SHIPPED = shipped_tables()


def _deal_of(record: DealRecord, rules: RuleOptions) -> Deal:
    hands = [[t for t in drawn if t not in away] for drawn, away in
             zip(record.hands, record.discards, strict=True)]  # fmt: skip
    crib = [t for away in record.discards for t in away] + record.blind
    plays = [Play(entry.player, entry.tile) for entry in record.plays]
    return Deal(rules, record.dealer, [0] * rules.sides, record.starter, hands, crib, plays)


@pytest.mark.parametrize("mode", MODES)
def test_a_deals_path_is_what_the_referee_scores(mode: str) -> None:
    """Every event of a library deal, in order, with its side counted from the dealer's and
    its points: ``score_deal``'s events of the same deal (the ones that score)."""
    rules = mode_rules(mode)
    records = whole_deals([ExpertStrategy()] * rules.players, rules, seeded(5), 1, 40)
    assert len(records) == 40
    for record in records:
        path = path_of(record, rules)
        scored = score_deal(_deal_of(record, rules)).events
        assert scored[-1].kind == "crib"
        assert path.crib == scored[-1].points
        events = [e for e in scored if e.points]
        assert len(path.events) == len(events)
        dealer_side = rules.side_of(record.dealer)
        for mine, event in zip(path.events, events, strict=True):
            assert side_of(mine) == (event.side - dealer_side) % rules.sides
            assert points_of(mine) == event.points
            phase = phase_of(mine)
            kind = {STARTER: "starter", SHOW: "show"}.get(phase, "play")
            if kind == "play" and phase > MAX_TILES:
                kind = "go"
            assert kind == {"hand": "show", "crib": "show"}.get(event.kind, event.kind)


def test_paths_round_trip_through_their_text() -> None:
    for mode in MODES:
        for path in shard_paths(mode, 3, 1, 30):
            assert decode_path(encode_path(path)) == path


def test_a_cut_splits_a_deal_where_the_table_stands() -> None:
    """Tile 3's own points are before its own cut, its go point after it and before its
    closed cut; the starter double before every cut."""
    events = [
        token(STARTER, 0, 1),
        token(2, 1, 2),
        token(3, 0, 2),
        token(MAX_TILES + 3, 0, 1),
        token(5, 1, 3),
        token(SHOW, 1, 8),
    ]
    assert cut_position(events, BEFORE) == 0
    assert cut_position(events, 0) == 1
    assert cut_position(events, own_cut(2)) == 2
    assert cut_position(events, own_cut(3)) == 3
    assert cut_position(events, all_cut(3)) == 4
    assert cut_position(events, all_cut(4)) == 4
    assert cut_position(events, all_cut(7)) == 5
    assert list(cuts(8)) == list(range(0, all_cut(7) + 1))


@pytest.mark.parametrize("mode", ["two", "partners"])
def test_every_deal_ends_in_one_way_from_any_scores(mode: str) -> None:
    """From any cut and scores, the deal's chances add up to one: the dealer's side reaches
    the target first, or the other does, or neither and the totals carry on."""
    race = Race(SHIPPED.modes[mode].rests["3"])
    rng = seeded(2)
    for _ in range(200):
        needs, other_needs = 1 + int(rng.random() * 70), 1 + int(rng.random() * 70)
        carry = sum(
            p for i, row in enumerate(race.rows) if i < needs for j, p in row if j < other_needs
        )
        total = race.first_to(0, needs, other_needs) + race.first_to(1, other_needs, needs)
        assert total + carry == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("mode", ["two", "partners"])
def test_the_shipped_win_tables_rebuild_from_the_shipped_counts(mode: str) -> None:
    tables = SHIPPED.modes[mode]
    race = Race(tables.rests[BEFORE_KEY])
    for target in TARGETS:
        rebuilt = [[round(p, 6) for p in row] for row in win_table(race, target)]
        assert rebuilt == tables.wins[target]


@pytest.mark.parametrize("mode", MODES)
def test_the_shipped_library_rebuilds_from_its_seed(mode: str) -> None:
    """Shard 0 played again: its deals are the first of the shipped paths (three and four
    sides), or counted into every shipped count (two sides)."""
    seed = SHIPPED.build["seed"]
    again = shard_paths(mode, seed, 0)
    tables = SHIPPED.modes[mode]
    if tables.paths:
        assert list(tables.paths[:SHARD_DEALS]) == again
        assert tables.deals == len(tables.paths) == SHIPPED.build[f"deals_{mode}"]
        return
    counted = build.counts_of(again, mode)
    assert set(counted) == set(tables.rests)
    for key, counts in counted.items():
        shipped = tables.rests[key]
        pairs = [(shipped.totals, counts.totals)]
        pairs += list(zip(shipped.first, counts.first, strict=True))
        for part, mine in pairs:
            assert all(part.get(k, 0) >= n for k, n in mine.items()), key


def test_the_shipped_file_is_the_tables_as_sorted_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Read and written again, the file gives its own bytes: what a rebuild that finds the
    same library writes."""
    out = tmp_path / "tables.json.gz"
    build.write_tables(out, read_tables(TABLES_PATH))
    assert out.read_bytes() == TABLES_PATH.read_bytes()
    with gzip.open(TABLES_PATH, "rb") as data:
        raw = json.load(data)
    assert raw["format"] == FORMAT
    assert set(raw["modes"]) == set(MODES)


def test_a_small_build_is_the_same_bytes_twice(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The builder end to end, small: the same seed writes the same bytes, in the shipped
    format, whatever the number of processes."""
    argv = [f"--deals-{mode}={SHARD_DEALS}" for mode in MODES]
    first, second = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    assert build.main([*argv, "--jobs", "1", "--out", str(first)]) == 0
    assert build.main([*argv, "--jobs", "2", "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    small = read_tables(first)
    assert set(small.modes) == set(SHIPPED.modes)
    for mode, tables in small.modes.items():
        assert set(tables.rests) == set(SHIPPED.modes[mode].rests)
        assert set(tables.wins) == set(SHIPPED.modes[mode].wins)


def test_counting_follows_the_order_of_the_events() -> None:
    """Side 0 makes 2 then side 1 makes 3 then side 0 makes 4: side 0 reaches 1 and 2 with
    the other at 0, and 3 to 6 with the other at 3."""
    counts = count_rests([[token(1, 0, 2), token(2, 1, 3), token(SHOW, 0, 4)]])
    assert counts.totals == {(6, 3): 1}
    assert counts.first[0] == {(1, 0): 1, (2, 0): 1, (3, 3): 1, (4, 3): 1, (5, 3): 1, (6, 3): 1}
    assert counts.first[1] == {(1, 2): 1, (2, 2): 1, (3, 2): 1}
    race = Race(counts)
    assert race.first_to(0, 3, 3) == 0.0  # side 1 made 3 before side 0 made its third
    assert race.first_to(0, 3, 4) == 1.0
    assert race.first_to(1, 3, 3) == 1.0
