"""The research extra in the tests: its tests skip without it (the service's own set-up), and
fail instead under ``RESEARCH_REQUIRED=1`` (CI's research step: no silent skip)."""

from __future__ import annotations

import importlib
import os

import pytest

MODULES = ("pyspiel", "pettingzoo", "gymnasium")


def require_research() -> None:
    """Import OpenSpiel, PettingZoo and Gymnasium, or skip (fail when they are required)."""
    for name in MODULES:
        if os.environ.get("RESEARCH_REQUIRED") == "1":
            importlib.import_module(name)
        else:
            pytest.importorskip(name, reason="the research extra is not installed")
