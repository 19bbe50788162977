"""Which rule sets the shipped tables cover, written once for both.

The expert's tables and the chance's were built under the rule book's rules, and hold for any
rule set that agrees with those on every option the tables depend on: the show's scoring
(whether 0-0 counts again in fifteens) for both, and what a double starter scores for the
chance's (the expert's lay-away, made of the show and the play, does not depend on it). The
target, the players, partners and muggins are inputs of the tables (or change nothing in them).
"""

from __future__ import annotations

from typing import Final

from scoring_api.rules.options import DEFAULT_RULES, RuleOptions

BUILT_UNDER: Final = DEFAULT_RULES
"""The rules the shipped tables were built under."""


def uncovered(rules: RuleOptions, starter: bool = True) -> str | None:
    """The first option of ``rules`` the shipped tables were not built for (a field of
    ``RuleOptions``), or None where they cover these rules. ``starter``: whether the tables
    depend on what a double starter scores (the chance's do, the expert's lay-away not)."""
    if starter and rules.starter_double_points != BUILT_UNDER.starter_double_points:
        return "starter_double_points"
    if rules.double_blank_in_fifteens != BUILT_UNDER.double_blank_in_fifteens:
        return "double_blank_in_fifteens"
    return None
