"""The rule options as the research adapters take them: one parameter per option of the rules
core (``rules.options.RULE_OPTIONS``), so an option added there is a parameter of the
OpenSpiel game and a keyword of the PettingZoo environment with nothing written here.

Each defaults to the rule book's value, but the target: ``RULE_BOOK_TARGET`` (or None) asks for
the rule book's own, which depends on the table (121 with partners, else 61).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from scoring_api.rules.options import RULE_OPTIONS, RuleOptions, parse_rules

RULE_BOOK_TARGET: Final = 0
"""The target parameter that asks for the rule book's target for the table."""
NAMES: Final = tuple(option.name for option in RULE_OPTIONS)
"""The rule options' names, in ``RULE_OPTIONS``'s order."""


def rule_defaults() -> dict[str, object]:
    """Each rule option's parameter and its default."""
    defaults: dict[str, object] = {option.name: option.default for option in RULE_OPTIONS}
    defaults["target"] = RULE_BOOK_TARGET
    return defaults


def rules_of(given: Mapping[str, object]) -> RuleOptions:
    """The rule options of the parameters given (any others are the adapter's own), checked by
    the core's own parser (``MalformedInputError`` naming a bad one)."""
    chosen = {name: given[name] for name in NAMES if name in given}
    if chosen.get("target") in (RULE_BOOK_TARGET, None):
        chosen.pop("target", None)
    return parse_rules(chosen)
