"""Rewrite the 200 examples of ``POST /v1/deals/review`` in openapi.yaml from real answers.

Run from the repository root:  .venv/bin/python scripts/review_examples.py [--check]

As ``scripts/advice_examples.py`` does for the advice: each answer example is what this
checkout's code answers to the request example of the same name (``NAMES``), sent through
the app in-process, so no figure is typed by hand. The lay-away figures of ``expert`` come
from the shipped tables, and so do the play's (its play-outs lay by the play table): run it
again whenever the tables are rebuilt. ``--check`` rewrites nothing and exits 1 when the
examples are not what the code answers (CI's contract step).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, before any installed copy

from advice_examples import flow  # noqa: E402  (this directory, the script's own)

from scoring_api.app import create_app  # noqa: E402

SPEC = ROOT / "openapi.yaml"
PATH = "/v1/deals/review"
NAMES = ("twoPlayers", "threePlayersOneSeat")
"""The request examples whose answers are documented, in the order they are written."""
INDENT = " " * 16
"""The indentation of an example's name under ``examples:`` in the 200 answer."""
WIDTH = 110
"""A mapping or list that fits in this many columns is written on one line."""


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
    written = []
    for name in NAMES:
        written += [f"{INDENT}{name}:", f"{INDENT}  value:", *block(found[name], INDENT + "    ")]
    return "\n".join([*lines[:first], *written, *lines[end:]]) + "\n"


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
