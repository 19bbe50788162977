"""The rules core of domino cribbage (docs/rules.md): plain typed Python, no web, no I/O.

The rule book in code, one module a job: ``tiles`` and ``options`` (what a deal is made of,
with their parsers; ``json_values``, the JSON numbers they accept), ``show`` (docs/rules.md
section 4), ``play_scoring`` (what a tile laid scores), ``referee`` (the turn, the count and
the goes; ``referee_state``, the state it keeps as native ints), ``records`` (a record of the play
read and scored), ``validation`` (a proposed play judged), ``deal`` (a whole deal refereed to
the game's end), ``muggins`` (a short claim, and who takes what it missed), ``seats`` (who is
next), ``constants`` (every number once), ``errors`` and ``memo`` (a remembered function, for
speed), ``stream`` (the engine's random numbers: counter-based, a pure function of a key and a
counter). The simulator (``scoring_api.sim``) is built on it; nothing here imports it.
"""

from .constants import HAND_SIZE
from .errors import (
    HINT_CODES,
    REASON_CODES,
    HintCode,
    IllegalPlayError,
    MalformedInputError,
    ReasonCode,
)
from .options import DEFAULT_RULES, RULE_OPTIONS, RuleOption, RuleOptions, parse_rules
from .play_scoring import PegItem
from .records import PeggingResult, Play, PlaySheet, ScoredPlay, score_pegging
from .referee import PlayReferee, default_dealer
from .seats import leader, next_seat, seats_after, seats_from
from .show import ShowItem, ShowScore, score_show, show_table, show_total, show_totals
from .tiles import (
    ALL_TILES,
    TILE_BY_TEXT,
    Tile,
    TileMask,
    ensure_distinct,
    parse_tile,
    parse_tiles,
)
from .validation import PlayVerdict, Reason, validate_play

__all__ = [
    "ALL_TILES",
    "DEFAULT_RULES",
    "HAND_SIZE",
    "HINT_CODES",
    "REASON_CODES",
    "RULE_OPTIONS",
    "TILE_BY_TEXT",
    "HintCode",
    "IllegalPlayError",
    "MalformedInputError",
    "PegItem",
    "PeggingResult",
    "Play",
    "PlayReferee",
    "PlaySheet",
    "PlayVerdict",
    "Reason",
    "ReasonCode",
    "RuleOption",
    "RuleOptions",
    "ScoredPlay",
    "ShowItem",
    "ShowScore",
    "Tile",
    "TileMask",
    "default_dealer",
    "ensure_distinct",
    "leader",
    "next_seat",
    "parse_rules",
    "parse_tile",
    "parse_tiles",
    "score_pegging",
    "score_show",
    "seats_after",
    "seats_from",
    "show_table",
    "show_total",
    "show_totals",
    "validate_play",
]
