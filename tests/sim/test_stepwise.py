"""The game one action at a time (``sim.stepwise``): the service's game, action by action."""

from __future__ import annotations

import inspect
from random import Random

import pytest
from stepwise_check import ALL_RULES, check_against_referee, random_game, rules_id

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.referee import PlayReferee
from scoring_api.sim.stepwise import (
    AWAY,
    CHANCE,
    GO,
    LAY_AWAY,
    PLAY,
    TERMINAL,
    StepGame,
    history_of,
)


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_random_games_are_the_referees_games(rules: RuleOptions) -> None:
    for seed in range(10):
        assert check_against_referee(random_game(rules, seed)) > 0


def test_the_history_written_again_from_the_deals_is_the_history_played() -> None:
    for rules in (RuleOptions(), RuleOptions(players=3), RuleOptions(players=4, partners=True)):
        rng = Random(7)
        game, played = StepGame(rules), []
        while game.current() != TERMINAL:
            options = game.chance_outcomes() if game.current() == CHANCE else game.legal()
            action = options[int(rng.random() * len(options))]
            played.append(action)
            game.apply(action)
            assert history_of(game.first_dealer, game.deals, game.players) == played


def test_each_pair_laid_away_is_one_sequence_of_actions() -> None:
    game = StepGame(RuleOptions(), first_dealer=1)
    for tile in range(12):
        game.apply(tile)  # seat 0 draws tiles 0..5, seat 1 tiles 6..11
    assert game.phase == AWAY
    firsts = game.legal()
    assert firsts == [LAY_AWAY + tile for tile in range(5)]  # never his highest first
    pairs = set()
    for first in firsts:
        branch = game.copy()
        branch.apply(first)
        for second in branch.legal():
            pairs.add((first, second))
            assert second > first
    assert len(pairs) == 15


def test_a_copy_is_left_alone_by_the_originals_later_actions() -> None:
    rng = Random(5)
    game = StepGame(RuleOptions(players=3))
    while game.phase != PLAY:
        options = game.chance_outcomes() if game.current() == CHANCE else game.legal()
        game.apply(options[int(rng.random() * len(options))])
    copy = game.copy()

    def seen(game: StepGame) -> tuple[object, ...]:
        return game.referee.count, game.referee.held, list(game.log.plays), list(game.scores)

    before = seen(copy)
    while game.current() != TERMINAL:
        options = game.chance_outcomes() if game.current() == CHANCE else game.legal()
        game.apply(options[int(rng.random() * len(options))])
    assert seen(copy) == before
    assert copy.phase == PLAY


def _fields(cls: type) -> list[str]:
    """A class's instance fields, its bases' too: its slots interpreted, its native attributes
    compiled (data descriptors either way; properties aside)."""
    return sorted(
        {
            name
            for klass in cls.__mro__
            for name, attribute in vars(klass).items()
            if inspect.isdatadescriptor(attribute)
            and not isinstance(attribute, property)
            and not name.startswith("__")
        }
    )


def _slots(thing: object) -> dict[str, object]:
    """Every field of a referee, its seats' and its public plays' fields as tuples."""
    values: dict[str, object] = {}
    for name in _fields(type(thing)):
        value = getattr(thing, name)
        if isinstance(value, list) and value and _fields(type(value[0])):
            value = [tuple(getattr(item, f) for f in _fields(type(item))) for item in value]
        values[name] = value
    return values


def test_a_copys_referee_holds_every_slot_of_the_originals() -> None:
    """Whatever the referee keeps (a slot added to it later too), a copy keeps the same."""
    rng, checked = Random(8), 0
    game = StepGame(RuleOptions(players=3))
    while game.current() != TERMINAL:
        if game.phase == PLAY:
            assert _slots(game.copy().referee) == _slots(game.referee)
            checked += 1
        options = game.chance_outcomes() if game.current() == CHANCE else game.legal()
        game.apply(options[int(rng.random() * len(options))])
    assert checked > 20
    assert {"public", "seats", "count_code", "turn_seat"} <= set(_fields(PlayReferee))


def test_go_is_the_only_action_of_a_player_none_of_whose_tiles_fits() -> None:
    rng = Random(11)
    game, goes = StepGame(RuleOptions()), 0
    while game.current() != TERMINAL:
        if game.current() == CHANCE:
            options = game.chance_outcomes()
        else:
            options = game.legal()
            if game.phase == PLAY:
                fits = game.referee.fitting(game.current())
                assert (options == [GO]) == (fits == 0)
                goes += options == [GO]
        game.apply(options[int(rng.random() * len(options))])
    assert goes > 0
