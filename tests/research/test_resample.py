"""``resample_from_infostate``: a state the seat cannot tell from the true one, the hidden
tiles drawn uniformly among those that fit what he saw (the goes constrain them)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random

import pytest
from research_extra import require_research

require_research()

import pyspiel  # noqa: E402

from scoring_api.research import bots, openspiel_game  # noqa: E402
from scoring_api.research.resample import resampled_history  # noqa: E402
from scoring_api.research.views import drawn_by, view_of  # noqa: E402
from scoring_api.rules.referee_state import NO_GO  # noqa: E402
from scoring_api.rules.tiles import ALL_TILES, tiles_counted, tiles_in  # noqa: E402
from scoring_api.sim.stepwise import PLAY  # noqa: E402

MODES = ["players=2", "players=3", "players=4", "players=4,partners=True"]


def states_of_a_game(mode: str, seed: int) -> list[pyspiel.State]:
    """Every decision state of a random game, in order."""
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode})")
    state, rng, states = game.new_initial_state(), Random(seed), []
    while not state.is_terminal():
        if state.is_chance_node():
            options = [action for action, _ in state.chance_outcomes()]
        else:
            states.append(state.clone())
            options = state.legal_actions()
        state.apply_action(options[int(rng.random() * len(options))])
    return states


@pytest.mark.parametrize("mode", MODES)
def test_a_resampled_state_has_the_seats_information_state(mode: str) -> None:
    sampler = Random(1).random
    states = states_of_a_game(mode, 3)
    for state in states[:: max(1, len(states) // 40)]:
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        assert len(other.history()) == len(state.history())
        assert other.table.game.scores == state.table.game.scores
        mine, theirs = state.table.game, other.table.game
        assert theirs.holding(seat) == mine.holding(seat)
        if mine.phase == PLAY:
            for held, public in zip(
                theirs.referee.held, theirs.referee.public, strict=True
            ):  # every go bound holds in the new deal
                assert all(ALL_TILES[i].value > public.above for i in range(28) if held >> i & 1)


def test_the_hidden_tiles_are_drawn_anew() -> None:
    state = next(s for s in states_of_a_game("players=2", 5) if s.table.game.phase == PLAY)
    seat = state.current_player()
    other = 1 - seat
    drawn = {
        state.resample_from_infostate(seat, Random(k).random).table.game.holding(other)
        for k in range(20)
    }
    assert len(drawn) > 10  # the truth is one deal among many


def test_the_draw_depends_on_nothing_the_seat_has_not_seen() -> None:
    """Two states the seat cannot tell apart give the same draws from the same numbers."""
    for mode in MODES:
        for state in states_of_a_game(mode, 8)[::25]:
            seat = state.current_player()
            twin = state.resample_from_infostate(seat, Random("twin").random)
            first = resampled_history(state.table.game, seat, Random(9).random)
            second = resampled_history(twin.table.game, seat, Random(9).random)
            assert first == second


def test_a_go_bounds_the_tiles_drawn_and_the_rest_are_uniform() -> None:
    """After the other's go at count c he holds only tiles above 31 - c: each such unseen tile
    is his equally often, no other ever."""
    state = None
    for seed in range(200):
        for candidate in states_of_a_game("players=2", seed):
            game = candidate.table.game
            seat = candidate.current_player()
            if game.phase == PLAY and game.referee.public[1 - seat].above >= 8:
                held = 4 - game.referee.seats[1 - seat].laid
                if held >= 2:
                    state = candidate
                    break
        if state is not None:
            break
    assert state is not None
    game = state.table.game
    seat = state.current_player()
    other = 1 - seat
    above = game.referee.public[other].above
    held = 4 - game.referee.seats[other].laid
    seen = game.referee.used | 1 << game.log.starter
    for tile in game.log.order[(seat - game.log.dealer - 1) % 2 * 6 :][:6]:
        seen |= 1 << tile
    eligible = [i for i in range(28) if not seen >> i & 1 and ALL_TILES[i].value > above]
    counts: Counter[int] = Counter()
    rng = Random(12)
    samples = 3000
    for _ in range(samples):
        drawn = state.resample_from_infostate(seat, rng.random).table.game.holding(other)
        counts.update(i for i in range(28) if drawn >> i & 1)
    assert set(counts) <= set(eligible)
    expected = samples * held / len(eligible)
    for tile in eligible:  # within 5 standard deviations of the binomial
        p = held / len(eligible)
        assert abs(counts[tile] - expected) < 5 * (samples * p * (1 - p)) ** 0.5 + 1


@pytest.mark.parametrize("mode", MODES)
def test_the_draw_is_given_what_the_seat_knows(mode: str) -> None:
    """The ``SeatView`` the floor's uniform draw is given: in the play, the one the simulator's
    ``Seat`` of that seat gives (``Seat.view()``, its stream's key aside); in the lay-away, his
    tiles in hand, how many each seat holds, no go and the tiles he has not drawn."""
    for state in states_of_a_game(mode, 4):
        game = state.table.game
        seat = state.current_player()
        view = view_of(game, game.log, seat)
        if game.phase == PLAY:
            assert view == replace(bots.seat_of(game, seat).view(), known=())
            continue
        mine = drawn_by(game.log, seat, game.drawn, game.players)
        assert view.hand == tuple(tile.value for tile in tiles_in[game.holding(seat)])
        assert view.held == tuple(tiles_counted(game.holding(o)) for o in range(game.players))
        assert view.above == (NO_GO,) * game.players
        assert view.unseen == tuple(sorted(t.value for t in ALL_TILES if not mine & t.bit))
