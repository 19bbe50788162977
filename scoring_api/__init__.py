"""Domino cribbage scoring assistant: a stateless REST API over a pure rules core."""

# First: which build of the engine (compiled or the sources) every later import gets.
from .engine import ENGINE as ENGINE

__version__ = "0.1.0"
