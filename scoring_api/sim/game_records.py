"""A simulated game as a game record (docs/game-record.md): the document the players' page
exports and ``POST /v1/games/score`` and ``/v1/games/review`` take, for a game the engine
played (a computer seat's games are kept and shared the same way).

Each deal as its transcript has it: the tiles each seat drew, the hands kept, the crib (the
lay-aways, and with three players the tile drawn blind), the starter and every entry of the
play, goes included. A game won during the play ends with that deal's record so far (the
hands and the crib given all the same: the referee stops at the winning event).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.game import RecordedDeal
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.tiles import Tile

from .outcome import DealRecord, GameResult
from .streams import STREAM_VERSION

FORMAT = "domino-cribbage-game"
VERSION = 1


def kept(record: DealRecord) -> list[list[Tile]]:
    """Each seat's hand: the tiles he drew and did not lay away."""
    return [
        [tile for tile in drawn if tile not in away]
        for drawn, away in zip(record.hands, record.discards, strict=True)
    ]


def recorded_deal(record: DealRecord) -> RecordedDeal:
    """One deal of a transcript as a record keeps it."""
    plays = [Play(entry.player, entry.tile) for entry in record.plays]
    crib = [tile for away in record.discards for tile in away] + record.blind
    return RecordedDeal(record.dealer, record.starter, kept(record), crib, plays)


def _tiles(tiles: Sequence[Tile]) -> list[str]:
    return [tile.text for tile in tiles]


def _deal_json(record: DealRecord) -> dict[str, object]:
    deal = recorded_deal(record)
    assert deal.hands is not None
    assert deal.crib is not None
    return {
        "dealer": deal.dealer,
        "drawn": [_tiles(drawn) for drawn in record.hands],
        "starter": record.starter.text,
        "plays": [
            {"player": play.player, "tile": play.tile.text}
            if play.tile is not None
            else {"player": play.player, "go": True}
            for play in deal.plays
        ],
        "hands": [_tiles(hand) for hand in deal.hands],
        "crib": _tiles(deal.crib),
    }


def game_record(
    game: GameResult, rules: RuleOptions, names: Sequence[str], strategies: Sequence[str]
) -> dict[str, object]:
    """A game played with a transcript as a game record (JSON-ready): each seat's name and
    the strategy that played it, and the version of the streams that dealt it."""
    if game.transcript is None:
        raise ValueError("a game record is made from a game played with its transcript")
    return {
        "format": FORMAT,
        "version": VERSION,
        "stream": STREAM_VERSION,
        "rules": rules.as_dict(),
        "seats": [
            {"name": name, "strategy": strategy}
            for name, strategy in zip(names, strategies, strict=True)
        ],
        "deals": [_deal_json(record) for record in game.transcript],
        "result": {"winner": game.winner, "scores": list(game.scores), "lurched": game.lurched},
    }
