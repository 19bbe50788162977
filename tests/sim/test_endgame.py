"""The ``endgame`` strategy: plays whole games deterministically, as the
expert far from the end, honest near it (its choice is a function of what its ``Seat`` was
told, and of nothing its seat has not seen), for two players only; its play-outs that stop at
the target score as the whole play-outs until a side reaches it."""

from __future__ import annotations

import pytest

from scoring_api.rules import DEFAULT_RULES
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import Tile
from scoring_api.sim.endgame import NEAR, EndgameStrategy
from scoring_api.sim.expert.strategy import ExpertStrategy, play_key
from scoring_api.sim.game import play_game
from scoring_api.sim.playouts.two_player import ME, NO_SEAT, OTHER, UNREACHED, StateNets
from scoring_api.sim.registry import lineup_of, named
from scoring_api.sim.runs import SimulationRequest, play_one
from scoring_api.sim.seat import Seat

from .helpers import stored_fields
from .test_search import TOLD


class Kept(EndgameStrategy):
    """``endgame``, keeping each choice near the end: the seat as told, the tile laid."""

    def __init__(self) -> None:
        super().__init__()
        self.near_end: list[tuple[Seat, Tile]] = []

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        decided = self.decided
        tile = super().lay(seat, rng)
        if self.decided > decided:
            self.near_end.append((seat.snapshot(), tile))
        return tile


def _games(player: EndgameStrategy, seeds: range) -> list[tuple[int | None, tuple[int, ...]]]:
    found = []
    for i in seeds:
        players = [player, ExpertStrategy()] if i % 2 else [ExpertStrategy(), player]
        game = play_game(players, DEFAULT_RULES, seeded(i), i % 2)
        found.append((game.winner, tuple(game.scores)))
    return found


def test_it_is_registered_for_two_players_only() -> None:
    assert isinstance(named("endgame"), EndgameStrategy)
    assert named("endgame").players == (2,)
    assert named("endgame").refusal(2) is None
    for players in (3, 4):
        assert named("endgame").refusal(players) == (
            f"endgame is for 2 players only (it plays by the expert's tables, which are of "
            f"two-player deals), not {players}"
        )
        assert named("search").refusal(players) is None
    seat = Seat((), (), 0, 4, sides=(0, 1, 2), played=[0, 0, 0])
    with pytest.raises(ValueError, match=r"^endgame is for 2 players only$"):
        EndgameStrategy().lay(seat, seeded(0))


def test_a_game_is_a_function_of_its_seed() -> None:
    """The same seeds, the same games (the compiled and the pure engine alike: the recorded
    games below are checked on both by the fast suite and the pure golden run)."""
    first = _games(EndgameStrategy(), range(4))
    assert _games(EndgameStrategy(), range(4)) == first
    run = SimulationRequest(lineup_of(("endgame", "expert")), DEFAULT_RULES, 42, 3)
    assert play_one(run, 1) == play_one(run, 1)


def test_it_plays_for_the_game_near_the_end_only_and_as_the_expert_before() -> None:
    player = Kept()
    _games(player, range(6))
    assert len(player.near_end) >= 6
    for seat, _ in player.near_end:
        assert seat.rules is not None
        assert max(seat.scores) >= seat.rules.target - NEAR
    far = EndgameStrategy(near=0)  # never near: the expert's every choice
    assert _games(far, range(3)) == [
        (g.winner, tuple(g.scores))
        for g in (
            play_game([ExpertStrategy(), ExpertStrategy()], DEFAULT_RULES, seeded(i), i % 2)
            for i in range(3)
        )
    ]
    assert far.decided == 0


def test_its_choice_is_a_function_of_what_the_seat_was_told() -> None:
    """The seat stores only what it saw or was told (``TOLD``), so its choice, laid again from
    a copy of it, is the same tile: nothing it has not seen goes in."""
    assert stored_fields(Seat) == TOLD
    player = Kept()
    _games(player, range(6, 10))
    assert player.near_end
    again = EndgameStrategy()
    for seat, tile in player.near_end:
        assert seat.starter is not None
        assert seat.starter.bit & seat.own
        assert seat.own & ~seat.seen == 0
        assert all(played & ~seat.seen == 0 for played in seat.played)
        assert again.lay(seat.snapshot(), seeded(7)) == tile


def test_the_race_scores_as_the_whole_play_out_until_a_side_reaches_the_target() -> None:
    """``StateNets.race`` adds the same points as ``net`` when no side reaches its room; with
    a room reached it stops there, the seat that reached it having scored at least it."""
    player = Kept()
    _games(player, range(2))
    tables = ExpertStrategy().tables
    rng = seeded(3)
    raced = 0
    for seat, _ in player.near_end:
        key = play_key(seat)
        assert key is not None
        state = StateNets(key, tables.play)
        holdings = player._against().holdings(seat.view(), rng, 20)
        for value in state.candidates:
            for his in holdings:
                points = [0, 0]
                assert state.race(value, his, points, UNREACHED) == NO_SEAT
                assert points[ME] - points[OTHER] == state.net(value, his)
                for rooms in ((1, 1), (2, 5), (5, 2)):
                    short = [0, 0]
                    first = state.race(value, his, short, rooms)
                    if first == NO_SEAT:
                        assert short == points
                        assert all(short[s] < rooms[s] for s in (0, 1))
                    else:
                        raced += 1
                        assert short[first] >= rooms[first]
                        assert short[1 - first] < rooms[1 - first]
                        assert short[0] <= points[0]
                        assert short[1] <= points[1]
    assert raced > 0


MEASURED = [
    (1, (50, 69), 4), (1, (50, 65), 4), (1, (40, 63), 4), (1, (46, 61), 4),
    (1, (26, 62), 3), (1, (24, 62), 3), (1, (51, 61), 5), (1, (52, 61), 5),
]  # fmt: skip
"""Its games of bench/play_for_the_game.py on the stream of version 2 with the expert's tables
rebuilt on it (recorded again then; before, the measured player's own play-outs gave the same
games as this strategy on the stream of version 1): seeds 0 to 3 of the bench against
``expert``, it in seat 0 then in seat 1; the winner, the scores, the deals. It valued 21
choices by the chance, 10 of them another value than by points."""


def test_it_plays_as_the_measured_player_of_the_bench() -> None:
    player = EndgameStrategy()
    found = []
    for i in range(4):
        for seat in (0, 1):
            expert = ExpertStrategy()
            players = [player, expert] if seat == 0 else [expert, player]
            game = play_game(players, DEFAULT_RULES, seeded(i), i % 2)
            found.append((game.winner, tuple(game.scores), game.deals))
    assert found == MEASURED
    assert (player.decided, player.changed) == (21, 10)
