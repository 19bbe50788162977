"""The discard advisor: every lay-away of a player's tiles, ranked under the model asked for.

A façade over the two models, which know nothing of it: ``expected`` (``sim.expected``: the
hand, and the crib with the others' discards random) and the two-player ``expert``
(``sim.expert.model``: the crib against the other's real lay-away pattern, and the play the
kept tiles lead to). It checks the tiles, sorts them and turns positions back into tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.options import DEFAULT_RULES, RuleOptions
from scoring_api.rules.tiles import Tile, by_value, ensure_distinct, tile_mask

from .expected import expected_ranking
from .expert.model import expert_ranking
from .expert.tables import EXPERT_PLAYERS, shipped_tables
from .layaway import DISCARDS, DISCARDS_BY_DRAWN, RankedOption
from .strategies import Strategy
from .streams import known_stream, lay_away_key

Model = Literal["expected", "expert"]
"""How a lay-away is valued: ``expected`` counts the hand and a crib of random discards by
the others; ``expert`` (two players) also counts the play, and the crib against the other's
real lay-away pattern."""
MODELS: tuple[Model, ...] = ("expected", "expert")
"""Every model, as requests name them."""


def default_model(players: int) -> Model:
    """The model a request that names none gets: the expert's, which also counts the play
    and the other's real lay-away, where it exists; else ``expected``."""
    return "expert" if players == EXPERT_PLAYERS else "expected"


@dataclass(frozen=True, slots=True)
class Advice:
    """A player's tiles and every way to lay some away, best first."""

    drawn: tuple[Tile, ...]
    """The tiles he drew, lowest value first: what the options' positions index."""
    options: tuple[RankedOption, ...]
    """Every lay-away, best expected net first (ties in position order)."""

    def laid_away(self, option: RankedOption) -> tuple[Tile, ...]:
        """The tiles an option lays away."""
        return tuple(self.drawn[i] for i in option.laid_away)

    def kept(self, option: RankedOption) -> tuple[Tile, ...]:
        """The four tiles it keeps, lowest value first."""
        kept = DISCARDS_BY_DRAWN[len(self.drawn)].kept[option.laid_away]
        return tuple(self.drawn[k] for k in kept)


def advise_discards(
    tiles: Sequence[Tile],
    own_crib: bool,
    rules: RuleOptions = DEFAULT_RULES,
    model: Model = "expected",
) -> Advice:
    """Every way to lay tiles away (two of six, or one of five with three or four players),
    ranked by expected net points for the player's side under ``model``; ``own_crib``: the
    crib is his side's.

    Raises ``MalformedInputError`` (at ``/tiles``) unless given as many distinct tiles as a
    player draws under ``rules``, and (at ``/model``) for ``expert`` with three or four
    players, which it has no tables for.
    """
    drawn = DISCARDS[rules.players].drawn
    if len(tiles) != drawn:
        raise MalformedInputError(
            f"with {rules.players} players each draws {drawn} tiles, got {len(tiles)}", "/tiles"
        )
    ensure_distinct((tile, f"/tiles/{i}") for i, tile in enumerate(tiles))
    if model == "expert" and rules.players != EXPERT_PLAYERS:
        raise MalformedInputError(
            f"the expert model is for {EXPERT_PLAYERS} players only (its tables are of "
            f"two-player deals), not {rules.players}: ask for expected, or leave model out",
            "/model",
        )
    ordered = by_value(tiles)
    values = tuple(tile.value for tile in ordered)
    if model == "expected":
        options = expected_ranking(values, own_crib, rules)
    else:
        options = expert_ranking(shipped_tables(), values, own_crib, rules)
    return Advice(ordered, tuple(options))


def lay_away_seed(rules: RuleOptions, own_crib: bool, drawn: Sequence[Tile]) -> tuple[int, ...]:
    """What a player knows when he lays away, packed (``streams.lay_away_key``): the table,
    whose crib it is, and the tiles he drew. The name of a strategy's random choices there."""
    return lay_away_key(rules.players, rules.partners, own_crib, tile_mask(drawn))


def strategy_choice(
    advice: Advice,
    own_crib: bool,
    rules: RuleOptions,
    strategy: Strategy,
    scores: Sequence[int] = (),
) -> RankedOption:
    """The option of ``advice`` that ``strategy`` lays away, as it would in a game from the
    same tiles (their values, lowest first); a strategy that draws at random (``random``)
    draws from the stream named by ``lay_away_seed``, so the same request gives the same
    choice. ``scores``: each side's before the deal, his own side's first
    (``Strategy.discard``); none, the lay-away of a seat not told them."""
    values = tuple(tile.value for tile in advice.drawn)
    rng = known_stream(lay_away_seed(rules, own_crib, advice.drawn))
    laid = tuple(sorted(strategy.discard(values, own_crib, rules, rng, scores)))
    return next(option for option in advice.options if option.laid_away == laid)
