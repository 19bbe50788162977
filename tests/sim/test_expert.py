"""The expert: its play-outs follow the referee, its shipped tables rebuild from their seed,
and it plays legal, reproducible games (strength is measured in bench/, not here)."""

from __future__ import annotations

import gzip
import json
from random import Random

import pytest

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.play_scoring import values_code
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import leader
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import ALL_TILES, Tile
from scoring_api.sim.builders import entries
from scoring_api.sim.builders import expert as build
from scoring_api.sim.builders.expert import ROLLOUT_PATH
from scoring_api.sim.builders.files import write_json_gz
from scoring_api.sim.expert.model import expert_ranking
from scoring_api.sim.expert.strategy import (
    ExpertStrategy,
    expert_discard,
    packed_play_key,
    play_key,
)
from scoring_api.sim.expert.tables import (
    EXPERT_PLAYERS,
    FORMAT,
    ROLE_KEYS,
    TABLES_PATH,
    ExpertTables,
    format_key,
    play_json,
    read_play,
    read_tables,
    shipped_tables,
)
from scoring_api.sim.game import play_game
from scoring_api.sim.playouts.two_player import packed_key, packed_play, play_out
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, play_one, run
from scoring_api.sim.seat import Seat

from .helpers import greedy, play_through

SHIPPED = shipped_tables()
SAMPLE = 12  # entries of each part rebuilt and compared
ROLES = ("non_dealer", "dealer")


def _referee_points(hands: list[list[int]], dealer: int, rng: Random) -> list[int]:
    """Both players lay greedily through the referee, with tiles of the given values."""
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    tiles = []
    for hand in hands:
        chosen = []
        for value in hand:
            tile = next(t for t in pool if t.value == value)
            pool.remove(tile)
            chosen.append(tile)
        tiles.append(chosen)
    referee = PlayReferee(players=EXPERT_PLAYERS, dealer=dealer, hands=tiles)
    play_through(referee, greedy)
    return referee.scores


@pytest.mark.parametrize("seed", range(400))
def test_play_out_scores_as_the_referee(seed: int) -> None:
    rng = Random(seed)
    values = [tile.value for tile in rng.sample(ALL_TILES, 8)]
    hands = [values[:4], values[4:]]
    dealer = seed % EXPERT_PLAYERS
    expected = _referee_points([list(h) for h in hands], dealer, rng)
    points = [0] * EXPERT_PLAYERS
    first = leader(dealer, EXPERT_PLAYERS)
    play_out([list(h) for h in hands], first, (), [False] * EXPERT_PLAYERS, first, points)
    assert points == expected


def test_the_shipped_tables_load_once_and_are_small() -> None:
    # 0.5 MB, as docs/expert.md says: tables that lost states, or grew by a fifth, show here
    assert 400_000 < TABLES_PATH.stat().st_size < 600_000
    assert shipped_tables() is SHIPPED
    assert SHIPPED.format == FORMAT
    assert set(SHIPPED.build) == {"seed", "games", "samples", "peg_deals", "rollout_samples"}
    assert len(SHIPPED.discards["non_dealer"]) == len(SHIPPED.discards["dealer"]) == 9859
    for role in ROLES:
        assert sum(SHIPPED.patterns[role].values()) == pytest.approx(1.0)


def test_the_file_is_the_tables_as_sorted_json() -> None:
    """A rebuild compares bytes; so the file must be exactly what the builder writes."""
    with gzip.open(TABLES_PATH, "rb") as data:
        text = data.read()
    assert text == json.dumps(SHIPPED.as_json(), sort_keys=True, separators=(",", ":")).encode()


def test_the_file_keeps_its_role_names_and_the_code_says_non_dealer() -> None:
    """The file (and the builder's seeds) spell the non-dealer "pone"; the reader maps it."""
    with gzip.open(TABLES_PATH, "rb") as data:
        raw = json.load(data)
    for part in ("patterns", "pegging", "discards"):
        assert set(raw[part]) == set(ROLE_KEYS.values()) == {"pone", "dealer"}
        assert set(getattr(SHIPPED, part)) == set(ROLE_KEYS) == set(ROLES)
    assert len(raw["discards"]["pone"]) == len(SHIPPED.discards["non_dealer"])


def _sample(keys: list, k: int = SAMPLE) -> list:  # type: ignore[type-arg]
    return Random(7).sample(sorted(keys), k)


def test_shipped_pegging_values_rebuild() -> None:
    deals, seed = SHIPPED.build["peg_deals"], SHIPPED.build["seed"]
    for role in ROLES:
        for kept in _sample(list(SHIPPED.pegging[role])):
            value = entries.pegging_value(kept, role == "dealer", deals, seed, SHIPPED.play)
            assert value == SHIPPED.pegging[role][kept], (role, kept)


def test_shipped_play_entries_rebuild() -> None:
    """The play table comes from play-outs laid by the rollout table, which comes from
    greedy play-outs: a sample of each rebuilds from the one before."""
    seed, rollout = SHIPPED.build["seed"], read_play(ROLLOUT_PATH)
    assert set(rollout) == set(SHIPPED.play)
    samples = SHIPPED.build["rollout_samples"]
    early = [key for key in SHIPPED.play if entries.early_state(key) is not None]
    for key in _sample(early):
        found = entries.best_early_play(key, samples, seed, rollout)
        assert found == SHIPPED.play[key], format_key(key)
    for key in _sample([key for key in SHIPPED.play if entries.early_state(key) is None]):
        assert entries.best_play(key, samples, seed, rollout) == SHIPPED.play[key], format_key(key)
    for key in _sample(list(rollout)):
        assert entries.best_play(key, SHIPPED.build["samples"], seed) == rollout[key], key


def test_shipped_discards_rebuild_from_the_model() -> None:
    for role in ROLES:
        for values in _sample(list(SHIPPED.discards[role])):
            ranked = expert_ranking(SHIPPED, values, role == "dealer", DEFAULT_RULES)
            assert SHIPPED.discard(values, role == "dealer") == ranked[0].laid_away
            nets = [option.expected_net for option in ranked]
            assert nets == sorted(nets, reverse=True)


@pytest.mark.slow
def test_the_shipped_files_are_as_the_builder_writes_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Read and written again, each shipped file gives its own bytes: what a rebuild that
    finds the same entries writes (the play rows in the states' order, whatever order the
    table was filled in)."""
    tables, rollout = tmp_path / "tables.json.gz", tmp_path / "rollout.json.gz"
    write_json_gz(tables, read_tables(TABLES_PATH).as_json())
    shuffled = list(read_play(ROLLOUT_PATH).items())
    Random(3).shuffle(shuffled)
    write_json_gz(rollout, play_json(dict(shuffled)))
    assert tables.read_bytes() == TABLES_PATH.read_bytes()
    assert rollout.read_bytes() == ROLLOUT_PATH.read_bytes()


@pytest.mark.slow
def test_a_small_build_has_the_shipped_format(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The builder end to end, small (every hand's lay-away in each round: about a minute).
    Each entry rebuilding exactly (the tests above) makes a full rebuild the same bytes."""
    out, rollout = tmp_path / "small.json.gz", tmp_path / "rollout.json.gz"
    argv = ["--games", "30", "--samples", "4", "--peg-deals", "4", "--rollout-samples", "2"]
    argv += ["--jobs", "1", "--out", str(out), "--rollout-out", str(rollout)]
    assert build.main(argv) == 0
    small = read_tables(out)
    assert small.format == SHIPPED.format
    assert set(small.as_json()) == set(SHIPPED.as_json())
    assert set(small.build) == set(SHIPPED.build)
    assert set(small.pegging["non_dealer"]) == set(SHIPPED.pegging["non_dealer"])
    assert set(small.discards["dealer"]) == set(SHIPPED.discards["dealer"])
    assert small.play
    assert set(read_play(rollout)) == set(small.play)
    late = next(key for key in small.play if entries.early_state(key) is None)
    assert entries.best_play(late, 2, small.build["seed"], read_play(rollout)) == small.play[late]
    early = next(key for key in small.play if entries.early_state(key) is not None)
    found = entries.best_early_play(early, 2, small.build["seed"], read_play(rollout))
    assert found == small.play[early]


def test_expert_lays_away_by_the_model_under_other_show_rules() -> None:
    rules = RuleOptions(double_blank_in_fifteens=False)
    values = (0, 3, 5, 7, 8, 12)
    for own_crib in (False, True):
        assert expert_discard(values, own_crib, rules) == (
            expert_ranking(SHIPPED, values, own_crib, rules)[0].laid_away
        )


@pytest.mark.parametrize("rules", [DEFAULT_RULES, RuleOptions(target=121)])
def test_expert_games_are_reproducible(rules: RuleOptions) -> None:
    request = SimulationRequest(lineup_of(("expert", "expected")), rules, seed=99, games=40)
    assert run(request) == run(request)
    game = play_one(request, 3, transcript=True)
    assert game.transcript
    assert game.winner in (0, 1)


class _SeatsKept(ExpertStrategy):
    """The expert, keeping a copy of each ``Seat`` it is handed with a choice of values."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[Seat] = []

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        if seat.playable[0].value != seat.playable[-1].value:
            self.seats.append(seat.snapshot())
        return super().lay(seat, rng)


def test_the_expert_looks_up_the_state_play_key_names() -> None:
    """The expert's packed look-up is ``play_key``'s state, packed as the table is: the same
    key, and the same value laid from the shipped table, on every choice of some games."""
    kept = _SeatsKept()
    for game in range(6):
        play_game([kept, _SeatsKept()], DEFAULT_RULES, seeded(game), game % 2)
    packed, found = packed_play(SHIPPED.play), 0
    assert len(kept.seats) > 50
    for seat in kept.seats:
        key = play_key(seat)
        assert key is not None
        mine, values, held, passed = key
        packed_state = packed_play_key(seat)
        assert packed_state == packed_key(values_code(mine), values_code(values), held, passed)
        assert packed.get(packed_state) == SHIPPED.play.get(key)
        found += key in SHIPPED.play
    assert found > len(kept.seats) // 2  # the tables answer most of them


@pytest.mark.parametrize(
    "rules", [RuleOptions(players=3), RuleOptions(players=4), RuleOptions(players=4, partners=True)]
)
def test_with_more_players_the_expert_plays_as_expected(rules: RuleOptions) -> None:
    lineup = ("expert",) + ("random",) * (rules.players - 1)
    same = ("expected",) + ("random",) * (rules.players - 1)
    assert run(SimulationRequest(lineup_of(lineup), rules, 5, 20)) == run(
        SimulationRequest(lineup_of(same), rules, 5, 20)
    )


@pytest.mark.slow
def test_the_tables_round_trip_through_json() -> None:
    again = ExpertTables.from_json(json.loads(json.dumps(SHIPPED.as_json())))
    assert again == SHIPPED


@pytest.mark.parametrize(
    ("key", "state"),
    [
        (((1, 2, 3, 4), (), 4, False), ((), False)),  # he has laid nothing: the player leads
        (((1, 2, 3, 4), (5,), 3, False), ((5,), True)),  # he led: the player deals
        (((1, 2, 3), (5, 6), 3, False), ((6,), False)),
        (((1, 2, 3), (5, 6), 3, True), None),  # after a go
        (((2, 3), (5, 6, 1), 2, False), None),  # three tiles in
        (((1, 2), (9,), 1, False), None),  # a second count
    ],
)
def test_early_states_are_the_first_tiles_of_the_first_count(
    key: tuple[tuple[int, ...], tuple[int, ...], int, bool],
    state: tuple[tuple[int, ...], bool] | None,
) -> None:
    assert entries.early_state(key) == state


def test_each_round_of_self_play_is_played_by_its_own_recorder() -> None:
    # Each round's run is handed its own recorder: a round that played another's (laying as
    # expected, filling that round's set) would meet no state of its own.
    tables = shipped_tables()
    by_expected = build.self_play_states(tables, 40, 7, False, jobs=1)
    by_table = build.self_play_states(tables, 40, 7, True, jobs=1)
    assert by_expected
    assert by_table
    assert by_table - by_expected, "laying by the table meets states laying as expected does not"


def test_self_play_in_batches_meets_what_one_run_meets(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The builder's processes play self-play in batches: any cut of the games meets the
    same states, and the batches cover each half's games once."""
    from scoring_api.sim.builders import selfplay

    tables = shipped_tables()
    assert selfplay.batches(2 * selfplay.BATCH_GAMES + 2, by_table=True) == [
        (False, 0, selfplay.BATCH_GAMES),
        (False, selfplay.BATCH_GAMES, 1),
        (True, selfplay.BATCH_GAMES + 1, selfplay.BATCH_GAMES),
        (True, 2 * selfplay.BATCH_GAMES + 1, 1),
    ]
    for by_table in (False, True):
        whole = build.self_play_states(tables, 40, 7, by_table, jobs=1)
        monkeypatch.setattr(selfplay, "BATCH_GAMES", 3)
        assert len(selfplay.batches(40, by_table)) == 14  # 40 in threes, or two 20s in threes
        assert build.self_play_states(tables, 40, 7, by_table, jobs=1) == whole
        monkeypatch.undo()


def test_the_builders_sample_is_the_front_of_a_shuffle() -> None:
    """A holding of ``k`` drawn from a pool: the first ``k`` places of ``Stream.shuffle`` of
    a copy (``min(k, n - 1)`` draws), the pool untouched, each item as often in each place."""
    pool = [value * 7 % 13 for value in range(20)]
    for k in range(len(pool) + 1):
        ours, theirs = seeded(k).child(3), seeded(k).child(3)
        copy = list(pool)
        theirs.shuffle(copy, k)
        assert entries.sample(ours, pool, k) == copy[:k]
        assert ours.word() == theirs.word()  # the same draws taken
    assert pool == [value * 7 % 13 for value in range(20)]
    stream, seen = seeded(5), [[0] * 6 for _ in range(2)]
    for _ in range(3_000):
        for place, item in enumerate(entries.sample(stream, list(range(6)), 2)):
            seen[place][item] += 1
    assert all(400 < n < 600 for row in seen for n in row), seen  # 500 each, sd about 20


def test_each_entry_draws_from_a_stream_of_its_own() -> None:
    """Keys packed into ints tell every sequence of values from every other (of any length),
    so two entries never share a stream."""
    sequences = [(), (0,), (0, 0), (12,), (0, 12), (12, 0), (1, 2, 3, 4), (1, 2, 3, 4, 0)]
    assert len({entries.packed(values) for values in sequences}) == len(sequences)
    names = set()
    for part in (entries.PEGGING, entries.PLAY, entries.PLAY_MODEL):
        for values in sequences:
            stream = entries.entry_stream(20261201, part, values, (3,), 1)
            names.add((stream.k0, stream.k1, stream.n0, stream.n1))
    assert len(names) == 3 * len(sequences)
