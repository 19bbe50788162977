"""Writes the playthrough of ``python_domino_cribbage`` again (seed 1), as OpenSpiel's
``generate_playthrough`` does, with the game file of this copy registered."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
GAME_FILE = HERE / "open_spiel" / "python" / "games" / "domino_cribbage.py"
TEST_FILE = GAME_FILE.with_name("domino_cribbage_test.py")
PLAYTHROUGHS = HERE / "open_spiel" / "integration_tests" / "playthroughs"
PLAYTHROUGH = PLAYTHROUGHS / "python_domino_cribbage.txt"


def load_copy() -> ModuleType:
    """This copy's game file, imported as OpenSpiel would import it."""
    import open_spiel.python.games as games

    name = "open_spiel.python.games.domino_cribbage"
    spec = importlib.util.spec_from_file_location(name, GAME_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    games.domino_cribbage = module  # type: ignore[attr-defined]
    return module


def main() -> None:
    sys.path.insert(0, str(HERE.parents[1]))
    load_copy()
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    flags.FLAGS.mark_as_parsed()

    text = generate_playthrough.playthrough("python_domino_cribbage", None, seed=1)
    PLAYTHROUGH.write_text(text, encoding="utf-8")
    print(f"{PLAYTHROUGH}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()
