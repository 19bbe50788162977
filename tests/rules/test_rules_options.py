"""Rule options (docs/rules.md: every **(option)**; the default is the first value)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.rules import (
    DEFAULT_RULES,
    RULE_OPTIONS,
    MalformedInputError,
    RuleOptions,
    parse_rules,
)

# From docs/rules.md: name -> allowed values, default first. `partners` (section 8) depends
# on `players` and changes the target's default, so it is tested on its own below.
ALLOWED = {
    "target": (61, 121),
    "starter_double_points": (1, 0, 2),
    "double_blank_in_fifteens": (True, False),
    "players": (2, 3, 4),
    "muggins": (False, True),
}
PARTNERS = (False, True)


def test_defaults() -> None:
    assert RuleOptions() == DEFAULT_RULES
    assert DEFAULT_RULES.target == 61
    assert DEFAULT_RULES.starter_double_points == 1
    assert DEFAULT_RULES.double_blank_in_fifteens is True
    assert DEFAULT_RULES.muggins is False


@pytest.mark.parametrize("obj", [None, {}])
def test_parse_rules_empty_gives_defaults(obj: object) -> None:
    assert parse_rules(obj) == DEFAULT_RULES


def test_rule_options_catalogue_matches_the_rule_book() -> None:
    by_name = {opt.name: opt for opt in RULE_OPTIONS}
    every = {**ALLOWED, "partners": PARTNERS}
    assert set(by_name) == set(every)
    assert len(RULE_OPTIONS) == len(every)
    for name, allowed in every.items():
        opt = by_name[name]
        assert tuple(opt.allowed) == allowed
        assert opt.default == allowed[0]
        assert type(opt.default) is type(allowed[0])
        assert getattr(DEFAULT_RULES, name) == allowed[0]
        assert isinstance(opt.description, str)
        assert opt.description.strip()


def test_each_default_is_written_once_in_rule_options() -> None:
    """``RULE_OPTIONS`` describes every ``RuleOptions`` field, with the field's own default."""
    fields = dataclasses.fields(RuleOptions)
    assert [opt.name for opt in RULE_OPTIONS] == [field.name for field in fields]
    assert [opt.default for opt in RULE_OPTIONS] == [field.default for field in fields]


COMBOS = list(itertools.product(*ALLOWED.values()))


@pytest.mark.parametrize("values", COMBOS, ids=[repr(c) for c in COMBOS])
def test_every_allowed_combination_parses_and_round_trips(values: tuple[object, ...]) -> None:
    obj = dict(zip(ALLOWED, values, strict=True))
    rules = parse_rules(obj)
    for name, value in obj.items():
        assert getattr(rules, name) == value
        assert type(getattr(rules, name)) is type(value)
    assert rules.as_dict() == {**obj, "partners": False}
    assert parse_rules(rules.as_dict()) == rules
    assert rules == RuleOptions(**obj)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "values"), list(ALLOWED.items()))
def test_single_option_keeps_other_defaults(name: str, values: tuple[object, ...]) -> None:
    for value in values:
        rules = parse_rules({name: value})
        for other in ALLOWED:
            expected = value if other == name else getattr(DEFAULT_RULES, other)
            assert getattr(rules, other) == expected


def test_as_dict_of_defaults() -> None:
    assert DEFAULT_RULES.as_dict() == {
        "target": 61,
        "starter_double_points": 1,
        "double_blank_in_fifteens": True,
        "players": 2,
        "partners": False,
        "muggins": False,
    }


def test_partners_need_four_players_and_play_to_121_by_default() -> None:
    # docs/rules.md sections 8 and 8.4.
    rules = parse_rules({"players": 4, "partners": True})
    assert (rules.players, rules.partners, rules.target) == (4, True, 121)
    assert rules.as_dict()["target"] == 121
    assert parse_rules({"players": 4, "partners": True, "target": 61}).target == 61
    assert parse_rules({"players": 4, "partners": False}).target == 61
    for players in (None, 2, 3):
        obj: dict[str, object] = {"partners": True}
        if players is not None:
            obj["players"] = players
        with pytest.raises(MalformedInputError) as caught:
            parse_rules(obj)
        assert caught.value.pointer == "/rules/partners"
    with pytest.raises(ValueError, match="partners"):
        RuleOptions(players=3, partners=True)


def test_sides_and_their_totals() -> None:
    partners = parse_rules({"players": 4, "partners": True})
    assert partners.sides == 2
    assert [partners.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert partners.side_totals([9, 7, 6, 8]) == [15, 15]  # docs/rules.md section 8.5
    three = parse_rules({"players": 3})
    assert three.sides == 3
    assert three.side_totals([9, 2, 6]) == [9, 2, 6]


BAD_VALUES = [
    ("target", 100),
    ("target", 0),
    ("target", "61"),
    ("target", None),
    ("target", True),
    ("starter_double_points", 3),
    ("starter_double_points", -1),
    ("starter_double_points", "1"),
    ("starter_double_points", True),
    ("double_blank_in_fifteens", "yes"),
    ("double_blank_in_fifteens", "true"),
    ("double_blank_in_fifteens", 1),
    ("double_blank_in_fifteens", 0),
    ("double_blank_in_fifteens", None),
]


@pytest.mark.parametrize(("name", "value"), BAD_VALUES, ids=[f"{n}={v!r}" for n, v in BAD_VALUES])
def test_bad_value_is_malformed(name: str, value: object) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_rules({name: value})
    err = info.value
    assert err.pointer == f"/rules/{name}"
    assert isinstance(err.detail, str)
    assert " " in err.detail.strip()


def test_bad_value_pointer_is_relative_to_given_pointer() -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_rules({"target": 100}, pointer="/game/rules")
    assert info.value.pointer == "/game/rules/target"


@pytest.mark.parametrize("obj", [{"foo": 1}, {"target": 61, "foo": 1}, {"Target": 61}])
def test_unknown_key_is_malformed(obj: dict[str, object]) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_rules(obj)
    err = info.value
    assert err.pointer.startswith("/rules")
    assert isinstance(err.detail, str)
    assert " " in err.detail.strip()


@pytest.mark.parametrize("obj", [[], "default", 61, True, [("target", 61)]], ids=repr)
def test_non_object_rules_is_malformed(obj: object) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_rules(obj)
    assert info.value.pointer == "/rules"


def test_rule_options_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_RULES.target = 121  # type: ignore[misc]


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from([*ALLOWED, "foo"]),
        st.none() | st.booleans() | st.integers(-2, 200) | st.text(max_size=3) | st.floats(),
    )
)
def test_parse_rules_fuzz(obj: dict[str, object]) -> None:
    # JSON Schema's "integer" includes 61.0, so an integral float is a fine integer option
    # (normalised to int); a bool is never an integer and an integer never a bool.
    def ok(name: str, value: object) -> bool:
        if isinstance(ALLOWED[name][0], bool):
            return isinstance(value, bool)
        if isinstance(value, bool):
            return False
        if isinstance(value, float) and not value.is_integer():
            return False
        return isinstance(value, int | float) and value in ALLOWED[name]

    valid = all(name in ALLOWED and ok(name, value) for name, value in obj.items())
    try:
        rules: RuleOptions | None = parse_rules(obj)
        pointer = None
    except MalformedInputError as err:
        rules, pointer = None, err.pointer
    if rules is None:
        assert not valid, obj
        assert pointer is not None
        assert pointer.startswith("/rules")
    else:
        assert valid, obj
        for name in ALLOWED:
            assert getattr(rules, name) == obj.get(name, getattr(DEFAULT_RULES, name))
            assert type(getattr(rules, name)) is type(getattr(DEFAULT_RULES, name))
