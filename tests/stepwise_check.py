"""The check that a game played one action at a time (``sim.stepwise``, under OpenSpiel and
PettingZoo too) is the service's game: each deal refereed again by ``rules.deal.score_deal``
(``/v1/deals/score`` semantics) from its record, every scoring event, the winner and the
scores compared."""

from __future__ import annotations

from itertools import product
from random import Random

from scoring_api.rules.deal import Deal, score_deal
from scoring_api.rules.options import RULE_OPTIONS, RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim.stepwise import (
    CHANCE,
    EVENT_KINDS,
    GO,
    OVER,
    PLAY_SEAT_SHIFT,
    TERMINAL,
    StepGame,
)


def _every_rule_set() -> list[RuleOptions]:
    """Every combination of every value of every rule option (``RULE_OPTIONS``) that is a
    table (partners need four players)."""
    names = [option.name for option in RULE_OPTIONS]
    found = []
    for values in product(*(option.allowed for option in RULE_OPTIONS)):
        given: dict[str, object] = dict(zip(names, values, strict=True))
        try:
            found.append(RuleOptions(**given))  # type: ignore[arg-type]
        except ValueError:
            continue
    return found


ALL_RULES = _every_rule_set()
"""Every mode with every value of every rule option (every show is claimed exactly, so
muggins changes no game: ``score_deal`` is asked without claims, as the simulator's games)."""


def rules_id(rules: RuleOptions) -> str:
    """The options that differ from the rule book's, ``name=value``; ``rule-book`` for none."""
    changed = [
        f"{option.name}={getattr(rules, option.name)}"
        for option in RULE_OPTIONS
        if getattr(rules, option.name) != option.default
    ]
    return ",".join(changed) or "rule-book"


def random_game(rules: RuleOptions, seed: int) -> StepGame:
    """A game to its end, every chance outcome and every action uniformly at random."""
    rng = Random(seed)
    game = StepGame(rules)
    while game.current() != TERMINAL:
        options = game.chance_outcomes() if game.current() == CHANCE else game.legal()
        game.apply(options[int(rng.random() * len(options))])
    return game


def check_against_referee(game: StepGame) -> int:
    """Referee every deal of a finished game again with ``score_deal`` and compare; the
    number of scoring events compared."""
    rules, n = game.rules, game.players
    assert game.phase == OVER
    compared = 0
    for number, log in enumerate(game.deals):
        plays, laid = [], [0] * n
        for entry in log.plays:
            seat, action = entry >> PLAY_SEAT_SHIFT, entry & ((1 << PLAY_SEAT_SHIFT) - 1)
            plays.append(Play(seat, None if action == GO else ALL_TILES[action]))
            if action != GO:
                laid[seat] |= 1 << action
        complete = sum(bin(mask).count("1") for mask in laid) == 4 * n
        crib = 0 if log.blind < 0 else 1 << log.blind
        for away in log.away:
            crib |= away
        shown = any(EVENT_KINDS[kind] == "crib" for _, kind, _ in log.events)
        deal = Deal(
            rules,
            log.dealer,
            log.scores,
            ALL_TILES[log.starter],
            [tiles_in[mask] for mask in laid] if complete else None,
            tiles_in[crib] if shown else None,
            plays,
        )
        refereed = score_deal(deal)
        scores = list(log.scores)
        mine = []
        for seat, kind, points in log.events:
            side = rules.side_of(seat)
            scores[side] += points
            mine.append((seat, side, EVENT_KINDS[kind], points, tuple(scores)))
        theirs = [(e.seat, e.side, e.kind, e.points, e.scores) for e in refereed.events]
        assert mine == theirs, (number, mine, theirs)
        compared += len(mine)
        if number < len(game.deals) - 1:
            assert refereed.winner is None
            assert list(refereed.scores) == game.deals[number + 1].scores
        else:
            assert refereed.winner is not None
            assert refereed.winner.side == game.winner
            assert list(refereed.scores) == game.scores
            assert game.scores[game.winner] >= rules.target
    return compared
