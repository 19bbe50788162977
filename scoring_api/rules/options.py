"""The named rule options (docs/rules.md sections 2, 4, 4.1, 5 and 8); every endpoint takes them.

``parse_rules`` and ``RuleOptions.as_dict`` are the parse/format pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Final

from .constants import DEALS, PLAYERS
from .errors import MalformedInputError
from .json_values import json_integer

PARTNERSHIP_PLAYERS: Final = 4
"""Players at a table of partners (docs/rules.md section 8)."""
PARTNERSHIPS: Final = 2
"""Sides with partners: seats 0 and 2 against 1 and 3."""
PARTNERSHIP_TARGET: Final = 121
"""The default target with partners (docs/rules.md section 8.4)."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The options a game is played under; the defaults are the rule book's (and the only
    place they are written: ``RULE_OPTIONS`` takes them from here)."""

    target: int = 61
    """Points that win the game: 61 or 121 (docs/rules.md section 5)."""
    starter_double_points: int = 1
    """What the dealer scores at once when the starter is a double: 1, 0 or 2 (section 2)."""
    double_blank_in_fifteens: bool = True
    """Whether a fifteen that includes 0-0 counts as a fifteen of its own (section 4)."""
    players: int = PLAYERS
    """Players at the table: 2, 3 or 4 (section 8)."""
    partners: bool = False
    """Four players in two partnerships, seats 0 and 2 against 1 and 3 (section 8)."""
    muggins: bool = False
    """A show claimed short scores the claim, and an opponent who calls muggins takes the
    points missed (section 4.1)."""

    def __post_init__(self) -> None:
        if self.partners and self.players != PARTNERSHIP_PLAYERS:
            raise ValueError("partners needs 4 players")

    # Written out, not generated: the strategies' caches hash the rules on every look-up,
    # and the compiled engine runs a dataclass's generated methods interpreted.
    def __hash__(self) -> int:
        return hash(
            (
                self.target,
                self.starter_double_points,
                self.double_blank_in_fifteens,
                self.players,
                self.partners,
                self.muggins,
            )
        )

    @property
    def sides(self) -> int:
        """How many sides score: one per player, or two partnerships."""
        return PARTNERSHIPS if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: his own, or with partners seat mod 2."""
        return seat % PARTNERSHIPS if self.partners else seat

    def side_totals(self, seat_points: Sequence[int]) -> list[int]:
        """Each side's share of points given per seat: partners add up."""
        totals = [0] * self.sides
        for seat, points in enumerate(seat_points):
            side = self.side_of(seat)
            totals[side] = totals[side] + points
        return totals

    def as_dict(self) -> dict[str, int | bool]:
        """The options as JSON, as the answers echo them."""
        return asdict(self)


DEFAULT_RULES: Final = RuleOptions()

OptionValue = object
"""A rule option's value, an int or a bool, as JSON has it. Held as ``object``, not
``int | bool``: the compiled engine keeps an ``int | bool`` as a machine int, and ``True``
would become ``1``."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One option as ``GET /v1/rules`` describes it."""

    name: str
    """The field of ``RuleOptions`` and the key of a ``rules`` object."""
    default: OptionValue
    """Its value when a request leaves it out: the ``RuleOptions`` field's default, and
    ``allowed[0]``."""
    allowed: tuple[OptionValue, ...]
    """Every value it may take, the default first."""
    description: str
    """What it changes, citing the rule book."""


def _option(name: str, values: tuple[OptionValue, ...], description: str) -> RuleOption:
    """The option of a ``RuleOptions`` field, its default that field's, put first."""
    default: OptionValue = getattr(DEFAULT_RULES, name)
    allowed = (default, *(value for value in values if value != default))
    return RuleOption(name, default, allowed, description)


RULE_OPTIONS: tuple[RuleOption, ...] = (
    _option(
        "target",
        (61, 121),
        "Points that win the game (docs/rules.md section 5); 121 by default with partners "
        "(section 8.4).",
    ),
    _option(
        "starter_double_points",
        (1, 0, 2),
        "Points the dealer scores at once when the starter is a double (docs/rules.md section 2).",
    ),
    _option(
        "double_blank_in_fifteens",
        (True, False),
        "Whether a fifteen that includes 0-0 counts as a fifteen of its own "
        "(docs/rules.md section 4).",
    ),
    _option(
        "players",
        tuple(DEALS),
        "Players at the table, seated 0..n-1 clockwise (docs/rules.md section 8).",
    ),
    _option(
        "partners",
        (False, True),
        "Two partnerships, seats 0 and 2 against 1 and 3; needs 4 players "
        "(docs/rules.md section 8).",
    ),
    _option(
        "muggins",
        (False, True),
        "A hand or crib claimed short scores the claim, and the first opponent in turn who "
        "calls muggins takes the points missed (docs/rules.md section 4.1).",
    ),
)
_BY_NAME: Final = {option.name: option for option in RULE_OPTIONS}


def parse_rules(obj: object, pointer: str = "/rules") -> RuleOptions:
    """Options from a JSON object; omitted options take their defaults (``target`` 121 with
    partners, else 61).

    Raises ``MalformedInputError`` at ``pointer`` (or the option's own pointer) for anything
    but an object of known options with allowed values, or partners without 4 players.
    """
    if obj is None:
        return DEFAULT_RULES
    if not isinstance(obj, Mapping):
        raise MalformedInputError("rules must be an object of rule options", pointer)
    values: dict[str, OptionValue] = {}
    for name, value in obj.items():
        option = _BY_NAME.get(name)
        if option is None:
            known = ", ".join(_BY_NAME)
            raise MalformedInputError(
                f"unknown rule option {name!r}; the options are {known}", f"{pointer}/{name}"
            )
        chosen = _match(value, option.allowed)
        if chosen is None:
            allowed = ", ".join(_json(a) for a in option.allowed)
            raise MalformedInputError(f"{name} must be one of {allowed}", f"{pointer}/{name}")
        values[name] = chosen
    if values.get("partners"):
        if values.get("players", DEFAULT_RULES.players) != PARTNERSHIP_PLAYERS:
            raise MalformedInputError(
                f"partners needs players: {PARTNERSHIP_PLAYERS}", f"{pointer}/partners"
            )
        values.setdefault("target", PARTNERSHIP_TARGET)
    return RuleOptions(**values)  # type: ignore[arg-type]


def _match(value: object, allowed: tuple[OptionValue, ...]) -> OptionValue | None:
    """The allowed value equal to ``value`` in JSON terms: 61.0 is 61, but true is not 1."""
    for candidate in allowed:
        if isinstance(candidate, bool):
            if value is candidate:
                return candidate
        elif json_integer(value) == candidate:
            return candidate
    return None


def _json(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
