"""The rules core of domino cribbage (RULES.md): plain typed Python, no web, no I/O."""

from .errors import REASON_CODES, IllegalPlayError, MalformedInputError
from .options import DEFAULT_RULES, RULE_OPTIONS, RuleOption, RuleOptions, parse_rules
from .pegging import (
    HAND_SIZE,
    Pegging,
    PeggingResult,
    PegItem,
    Play,
    PlayVerdict,
    Reason,
    ScoredPlay,
    score_pegging,
    tile_points,
    validate_play,
)
from .show import ShowItem, ShowScore, score_show, show_table, show_total, show_totals
from .tiles import (
    ALL_TILES,
    TILE_BY_TEXT,
    Tile,
    ensure_distinct,
    format_tile,
    parse_tile,
    parse_tiles,
)

__all__ = [
    "ALL_TILES",
    "DEFAULT_RULES",
    "HAND_SIZE",
    "REASON_CODES",
    "RULE_OPTIONS",
    "TILE_BY_TEXT",
    "IllegalPlayError",
    "MalformedInputError",
    "PegItem",
    "Pegging",
    "PeggingResult",
    "Play",
    "PlayVerdict",
    "Reason",
    "RuleOption",
    "RuleOptions",
    "ScoredPlay",
    "ShowItem",
    "ShowScore",
    "Tile",
    "ensure_distinct",
    "format_tile",
    "parse_rules",
    "parse_tile",
    "parse_tiles",
    "score_pegging",
    "score_show",
    "show_table",
    "show_total",
    "show_totals",
    "tile_points",
    "validate_play",
]
