"""Rewrite the 200 examples of ``POST /v1/discards/advise`` in openapi.yaml from real answers.

Run from the repository root:  .venv/bin/python scripts/advice_examples.py [--check]

The answer examples are what this checkout's code answers to the request examples of the
same names (``NAMES``), sent through the app in-process: figures are never typed by hand.
The ``expert`` figures come from the shipped tables (``scoring_api/sim/expert``), so run it
again whenever the tables are rebuilt. ``--check`` rewrites nothing and exits 1 when the
examples are not what the code answers (tests/api/test_simulations.py checks only what does
not depend on the tables, so that a new build of them does not fail the tests).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, before any installed copy

from scoring_api.app import create_app  # noqa: E402

SPEC = ROOT / "openapi.yaml"
PATH = "/v1/discards/advise"
NAMES = ("nonDealer", "nonDealerExpected")
"""The request examples whose answers are documented, in the order they are written."""
INDENT = " " * 16
"""The indentation of an example's name under ``examples:`` in the 200 answer."""
# One option a line (two with the figures), as the spec's other examples are written.
FIRST = ("discard", "keep", "expected_net", "expected_hand")
SECOND = ("expected_crib", "expected_pegging", "min_hand", "max_hand")


def scalar(value: Any) -> str:
    """A JSON scalar as YAML reads it back to the same value (PyYAML's YAML 1.1 needs a
    point and a signed exponent in a float: ``1e-16`` would be a string)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, float):
        assert math.isfinite(value), value
        text = repr(value)
        if "e" in text:
            mantissa, exponent = text.split("e")
            if "." not in mantissa:
                mantissa += ".0"
            if exponent[0] not in "+-":
                exponent = f"+{exponent}"
            text = f"{mantissa}e{exponent}"
        return text
    return str(value)


def flow(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    return scalar(value)


def example_lines(name: str, answer: dict[str, Any]) -> list[str]:
    lines = [f"{INDENT}{name}:", f"{INDENT}  value:"]
    inner = INDENT + "    "
    for key, value in answer.items():
        if key != "options":
            lines.append(f"{inner}{key}: {flow(value)}")
    lines.append(f"{inner}options:")
    for option in answer["options"]:
        assert tuple(option) == FIRST + SECOND, tuple(option)
        first = ", ".join(f"{key}: {flow(option[key])}" for key in FIRST)
        second = ", ".join(f"{key}: {flow(option[key])}" for key in SECOND)
        lines.append(f"{inner}  - {{{first},")
        lines.append(f"{inner}     {second}}}")
    return lines


def answers(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The app's answer to each request example of ``NAMES``."""
    client = create_app({"TESTING": True}).test_client()
    requests = spec["paths"][PATH]["post"]["requestBody"]["content"]["application/json"]
    found = {}
    for name in NAMES:
        response = client.post(PATH, json=requests["examples"][name]["value"])
        assert response.status_code == 200, response.get_data(as_text=True)
        found[name] = response.get_json()
    return found


def rewritten(text: str, found: dict[str, dict[str, Any]]) -> str:
    """The spec's text with the 200 examples of the operation replaced; the rest untouched."""
    lines = text.splitlines()
    start = lines.index(f"  {PATH}:")
    ok = lines.index("        '200':", start)
    first = lines.index(f"{INDENT[:-2]}examples:", ok) + 1
    end = lines.index("        '400':", first)
    block = [line for name in NAMES for line in example_lines(name, found[name])]
    return "\n".join([*lines[:first], *block, *lines[end:]]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not rewrite")
    args = parser.parse_args()
    text = SPEC.read_text(encoding="utf-8")
    found = answers(yaml.safe_load(text))
    new = rewritten(text, found)
    examples = yaml.safe_load(new)["paths"][PATH]["post"]["responses"]["200"]["content"][
        "application/json"
    ]["examples"]
    assert {name: examples[name]["value"] for name in NAMES} == found  # read back the same
    if args.check:
        if new != text:
            print(f"{SPEC}: the {PATH} examples are not what the code answers", file=sys.stderr)
            return 1
        return 0
    SPEC.write_text(new, encoding="utf-8")
    print(f"{SPEC}: wrote the {PATH} examples {', '.join(NAMES)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
