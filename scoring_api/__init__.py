"""Domino cribbage scoring assistant: a stateless REST API over a pure rules core."""

__version__ = "0.1.0"
