"""This checkout on ``sys.path``, first: every bench script imports it before anything of the
project (``from checkout import ROOT``), so it measures the code beside it, not an installed
copy. Run as ``python bench/NAME.py``, Python puts ``bench/`` itself on the path, which finds
this module; it adds the repository root (``scoring_api``) and ``tests/`` (``live_server``,
gunicorn as the tests start it, and the tests' ``sim.samples``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""

for _path in (ROOT / "tests", ROOT):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
