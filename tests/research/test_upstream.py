"""``tools/upstream``: OpenSpiel's own test file run on the copy offered upstream, its
playthrough replayed as OpenSpiel's ``playthrough_test`` does, the PettingZoo listing."""

from __future__ import annotations

import importlib.util
import sys
import unittest
from pathlib import Path

from research_extra import require_research

require_research()

from absl import flags  # noqa: E402
from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

UPSTREAM = Path(__file__).resolve().parents[2] / "tools" / "upstream"
sys.path.insert(0, str(UPSTREAM))
import regenerate  # noqa: E402

sys.path.remove(str(UPSTREAM))


def test_openspiels_test_file_passes_on_the_copy() -> None:
    regenerate.load_copy()
    spec = importlib.util.spec_from_file_location("domino_cribbage_test", regenerate.TEST_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    assert suite.countTestCases() == 5
    result = unittest.TextTestRunner(verbosity=0).run(suite)
    assert result.wasSuccessful(), result.failures + result.errors


def test_the_playthrough_replays_the_same() -> None:
    regenerate.load_copy()
    flags.FLAGS.mark_as_parsed()  # as absltest.main() would have (OpenSpiel's playthrough_test)
    original, again = generate_playthrough.replay(str(regenerate.PLAYTHROUGH))
    assert original == again
    assert 'GameType.short_name = "python_domino_cribbage"' in original


def test_the_pettingzoo_listing_names_the_environment_and_its_install() -> None:
    text = (UPSTREAM / "pettingzoo" / "third_party_environment.md").read_text()
    assert "domino_cribbage_v0" in text
    assert "pip install 'scoring-api[research]'" in text
    assert "PettingZoo-v1.27.0" in text
