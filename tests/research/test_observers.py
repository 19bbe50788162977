"""The OpenSpiel observers researchers ask for: perfect recall of earlier deals in the
tensor, the public information left out on request, and every player's tiles."""

from __future__ import annotations

from random import Random

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from scoring_api.research import openspiel_game, views  # noqa: E402

PRIVATE = pyspiel.PrivateInfoType


def states(name: str, games: int, seed: int) -> list[pyspiel.State]:
    """Every decision state of ``games`` random games."""
    game = pyspiel.load_game(name)
    rng, found = Random(seed), []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def observe(observer: object, state: pyspiel.State, player: int) -> tuple[bytes, str]:
    observer.set_from(state, player)  # type: ignore[attr-defined]
    tensor = observer.tensor.tobytes()  # type: ignore[attr-defined]
    return tensor, observer.string_from(state, player)  # type: ignore[attr-defined]


def test_the_tensor_with_earlier_deals_is_the_information_state() -> None:
    """With ``earlier_deals`` the tensor and the information state string say the same:
    equal tensors have equal strings and the other way round, and a state the seat cannot
    tell apart (resampled) has the same tensor."""
    name = "python_domino_cribbage(target=61)"
    game = pyspiel.load_game(name)
    kind = pyspiel.IIGObservationType(perfect_recall=True)
    observer = make_observation(game, kind, {"earlier_deals": True})
    plain = make_observation(game, kind)
    assert observer.tensor.size == plain.tensor.size + (
        openspiel_game.max_deals(game.rules) - 1
    ) * views.earlier_width(2)
    seen: dict[bytes, str] = {}
    strings: dict[str, bytes] = {}
    deals = 0
    rng = Random(3)
    for state in states(name, 2, seed=3):
        player = state.current_player()
        tensor, text = observe(observer, state, player)
        assert seen.setdefault(tensor, text) == text
        assert strings.setdefault(text, tensor) == tensor
        # The plain tensor is the first piece of it, unchanged.
        plain.set_from(state, player)
        assert np.array_equal(observer.tensor[: plain.tensor.size], plain.tensor)
        deals = max(deals, text.count("\ndeal "))
        if rng.random() < 0.1:
            other = state.resample_from_infostate(player, rng.random)
            assert observe(observer, other, player) == (tensor, text)
    assert deals >= 3  # earlier deals were there to be told apart
    assert len(seen) > 100
    # Each earlier deal's entries, read back, are the deal as it was.
    table = state.table.game
    width, n = views.earlier_width(2), 2
    earlier = observer.dict["earlier"]
    for number, log in enumerate(table.deals[:-1]):
        row = earlier[number]
        assert np.flatnonzero(row[:n]).tolist() == [log.dealer]
        drawn = np.flatnonzero(row[n : n + 28]).tolist()
        assert drawn == sorted(log.order[(player - log.dealer - 1) % n * 6 :][:6])
        assert np.flatnonzero(row[n + 28 : n + 56]).tolist() == _tiles(log.away[player])
        assert np.flatnonzero(row[n + 56 : n + 84]).tolist() == [log.starter]
        assert np.flatnonzero(row[n + 84 : n + 112]).tolist() == _tiles(views.crib_of(log))
        plays = row[n + 112 :].reshape(-1, n + 29)
        assert int(plays.sum()) == 2 * len(log.plays)
    assert not earlier[len(table.deals) - 1 :].any()
    assert width == n + 112 + plays.size


def _tiles(mask: int) -> list[int]:
    return [i for i in range(28) if mask >> i & 1]


def test_earlier_deals_is_for_perfect_recall_and_the_only_parameter() -> None:
    game = pyspiel.load_game("python_domino_cribbage")
    with pytest.raises(ValueError, match="perfect recall"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False), {"earlier_deals": True}
        )
    with pytest.raises(ValueError, match="unknown observer parameters"):
        make_observation(game, None, {"deals": 2})


@pytest.mark.parametrize("recall", [False, True])
def test_without_public_information_only_the_seats_own_is_observed(recall: bool) -> None:
    name = "python_domino_cribbage(players=3)"
    game = pyspiel.load_game(name)
    private = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=recall, public_info=False)
    )
    both = make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall))
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=recall, public_info=True, private_info=PRIVATE.NONE
        ),
    )
    names = [name for name, _ in private.encoder.layout.pieces]
    assert names == ["seat", "drawn" if recall else "hand", "away"]
    assert "seat" not in public.dict
    for state in states(name, 1, seed=8)[::5]:
        player = state.current_player()
        for observer in (private, both, public):
            observer.set_from(state, player)
        for piece in names:
            assert np.array_equal(private.dict[piece], both.dict[piece])
        for piece in public.dict:
            assert np.array_equal(public.dict[piece], both.dict[piece])
        text = private.string_from(state, player)
        assert "scores" not in text
        assert "dealer" not in text
        assert "phase" not in public.string_from(state, player) or not recall
        assert "hand" not in public.string_from(state, player)


def test_the_all_players_observer_sees_every_seats_tiles() -> None:
    name = "python_domino_cribbage(players=3)"
    game = pyspiel.load_game(name)
    full = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=PRIVATE.ALL_PLAYERS)
    )
    for state in states(name, 1, seed=4)[::3]:
        table = state.table.game
        tensors = set()
        for player in range(3):
            full.set_from(state, player)
            tensors.add(full.tensor.tobytes())
        assert len(tensors) == 1  # the same whoever asks
        for seat in range(3):
            held = np.flatnonzero(full.dict["hands"][seat]).tolist()
            assert held == [i for i in range(28) if table.holding(seat) >> i & 1]
        if table.log.blind >= 0:
            assert np.flatnonzero(full.dict["blind"]).tolist() == [table.log.blind]
        text = full.string_from(state, 0)
        assert text == str(state)
        assert all(f"seat {seat}: " in text for seat in range(3))
    with pytest.raises(ValueError, match="all-players observer"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=True, private_info=PRIVATE.ALL_PLAYERS)
        )
