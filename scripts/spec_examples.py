"""Rewrite the 200 answer examples of openapi.yaml's computed operations from real answers.

Run from the repository root:  .venv/bin/python scripts/spec_examples.py [--check]

Each answer example of ``OPERATIONS`` is what this checkout's code answers to the request
example of the same name, sent through the app in-process, so no figure is typed by hand.
The ``expert`` figures of the advice and the review come from the shipped tables
(``scoring_api/sim/expert``), the chances to win from ``scoring_api/sim/winprob``'s: run it
again whenever either is rebuilt. ``--check``
rewrites nothing and exits 1 when an example is not what the code answers (CI's contract
step; the tests check only what does not depend on the tables).
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
OPERATIONS = {
    "/v1/discards/advise": ("nonDealer", "nonDealerExpected", "threePlayersGreedy"),
    "/v1/deals/new": ("twoPlayers", "threePlayers"),
    "/v1/deals/review": ("twoPlayers", "threePlayersOneSeat"),
    "/v1/plays/advise": ("afterFifteen", "threePlayersSearch", "onlyGo"),
    "/v1/games/win-probability": ("nearTheEnd", "threePlayers"),
    "/v1/games/score": ("inProgress",),
    "/v1/games/review": ("inProgress",),
}
"""Each POST operation's request examples whose answers are documented, in written order."""
GETS = {"/v1/strategies": "shipped"}
"""Each GET operation's one documented answer, by its example's name."""
INDENT = " " * 16
"""The indentation of an example's name under ``examples:`` in the 200 answer."""
WIDTH = 110
"""A mapping or list that fits in this many columns is written on one line."""


def scalar(value: Any) -> str:
    """A JSON scalar as YAML reads it back to the same value (PyYAML's YAML 1.1 needs a
    point and a signed exponent in a float: ``1e-16`` would be a string)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
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


def wrapped(mapping: dict[str, Any], head: str) -> list[str]:
    """A flow mapping after ``head`` (``"- "`` at its indentation), broken between entries
    to stay within ``WIDTH`` columns; the lines after the first align inside its brace."""
    entries = [f"{key}: {flow(item)}" for key, item in mapping.items()]
    lines, line = [], head + "{"
    for i, entry in enumerate(entries):
        piece = entry + ("}" if i == len(entries) - 1 else ",")
        if line.endswith(("{", ",")) and len(line) + 1 + len(piece) > WIDTH and i:
            lines.append(line)
            line = " " * (len(head) + 1) + piece
        else:
            line += ("" if line.endswith("{") else " ") + piece
    return [*lines, line]


def block(value: dict[str, Any], indent: str) -> list[str]:
    """A mapping as YAML block lines: an entry on one line where it fits, a list of
    mappings one item (wrapped) at a time."""
    lines = []
    for key, item in value.items():
        text = f"{indent}{key}: {flow(item)}"
        if len(text) <= WIDTH or not isinstance(item, dict | list) or not item:
            lines.append(text)
        elif isinstance(item, dict):
            lines += [f"{indent}{key}:", *block(item, indent + "  ")]
        else:
            lines.append(f"{indent}{key}:")
            for element in item:
                if isinstance(element, dict) and any(isinstance(v, list) and v and
                                                      isinstance(v[0], dict)
                                                      for v in element.values()):  # fmt: skip
                    inner = block(element, indent + "    ")
                    lines += [f"{indent}  - {inner[0].lstrip()}", *inner[1:]]
                elif isinstance(element, dict):
                    lines += wrapped(element, f"{indent}  - ")
                else:
                    lines.append(f"{indent}  - {flow(element)}")
    return lines


def answers(spec: dict[str, Any], path: str) -> dict[str, dict[str, Any]]:
    """The app's answer to each documented request example of the operation at ``path``."""
    client = create_app({"TESTING": True}).test_client()
    requests = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    found = {}
    for name in OPERATIONS[path]:
        response = client.post(path, json=requests["examples"][name]["value"])
        assert response.status_code == 200, response.get_data(as_text=True)
        found[name] = response.get_json()
    return found


def got(path: str) -> dict[str, dict[str, Any]]:
    """The app's answer to the GET operation at ``path``."""
    response = create_app({"TESTING": True}).test_client().get(path)
    assert response.status_code == 200, response.get_data(as_text=True)
    return {GETS[path]: response.get_json()}


def rewritten(text: str, path: str, found: dict[str, dict[str, Any]]) -> str:
    """The spec's text with the operation's 200 examples replaced; the rest untouched."""
    lines = text.splitlines()
    start = lines.index(f"  {path}:")
    ok = lines.index("        '200':", start)
    first = lines.index(f"{INDENT[:-2]}examples:", ok) + 1
    end = next(n for n in range(first, len(lines)) if not lines[n].startswith(INDENT))
    written = []
    for name in found:
        written += [f"{INDENT}{name}:", f"{INDENT}  value:", *block(found[name], INDENT + "    ")]
    return "\n".join([*lines[:first], *written, *lines[end:]]) + "\n"


def read_back(text: str, path: str) -> dict[str, Any]:
    method = "get" if path in GETS else "post"
    content = yaml.safe_load(text)["paths"][path][method]["responses"]["200"]["content"]
    examples = content["application/json"]["examples"]
    names = [GETS[path]] if path in GETS else OPERATIONS[path]
    return {name: examples[name]["value"] for name in names}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not rewrite")
    args = parser.parse_args()
    text = original = SPEC.read_text(encoding="utf-8")
    for path in [*OPERATIONS, *GETS]:
        found = got(path) if path in GETS else answers(yaml.safe_load(text), path)
        text = rewritten(text, path, found)
        assert read_back(text, path) == found  # YAML reads back the same answers
    if args.check:
        if text != original:
            print(f"{SPEC}: the answer examples are not what the code answers", file=sys.stderr)
            return 1
        return 0
    SPEC.write_text(text, encoding="utf-8")
    print(f"{SPEC}: wrote the answer examples of {', '.join([*OPERATIONS, *GETS])}",
          file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
