"""The named rule options of RULES.md; every scoring and simulation entry point takes them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from .errors import MalformedInputError


@dataclass(frozen=True, slots=True)
class RuleOptions:
    target: int = 61
    starter_double_points: int = 1
    double_blank_in_fifteens: bool = True

    def as_dict(self) -> dict[str, int | bool]:
        return asdict(self)


DEFAULT_RULES = RuleOptions()


@dataclass(frozen=True, slots=True)
class RuleOption:
    name: str
    default: int | bool
    allowed: tuple[int | bool, ...]
    description: str


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("target", 61, (61, 121), "Points that win the game (RULES.md section 5)."),
    RuleOption(
        "starter_double_points",
        1,
        (1, 0, 2),
        "Points the dealer scores at once when the starter is a double (section 2).",
    ),
    RuleOption(
        "double_blank_in_fifteens",
        True,
        (True, False),
        "Whether a fifteen that includes 0-0 counts as a fifteen of its own (section 4).",
    ),
)
_BY_NAME = {option.name: option for option in RULE_OPTIONS}


def parse_rules(obj: object, pointer: str = "/rules") -> RuleOptions:
    """Options from a JSON object; omitted options take their defaults."""
    if obj is None:
        return DEFAULT_RULES
    if not isinstance(obj, Mapping):
        raise MalformedInputError("rules must be an object of rule options", pointer)
    values: dict[str, int | bool] = {}
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
    return RuleOptions(**values)  # type: ignore[arg-type]


def _match(value: object, allowed: tuple[int | bool, ...]) -> int | bool | None:
    """The allowed value equal to ``value`` in JSON terms: 61.0 is 61, but true is not 1."""
    for candidate in allowed:
        same_kind = isinstance(value, bool) == isinstance(candidate, bool)
        if same_kind and isinstance(value, int | float) and value == candidate:
            return candidate
    return None


def _json(value: int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
