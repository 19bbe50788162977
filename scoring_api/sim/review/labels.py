"""A decision's label by the size of its loss, and the sentence a page shows for it.

The thresholds are in expected points (docs/review.md says why these: the distribution of the
losses of the ladder's strategies, and the noise of the play-outs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from scoring_api.rules.tiles import Tile

Label = Literal["forced", "best", "fine", "inaccuracy", "mistake", "blunder"]
"""``forced``: nothing else could be laid (every tile that fitted had one value); ``best``:
no loss; then by the loss, below each of ``THRESHOLDS`` in turn, and ``blunder`` past them."""
LABELS: tuple[Label, ...] = ("forced", "best", "fine", "inaccuracy", "mistake", "blunder")
THRESHOLDS: tuple[tuple[Label, float], ...] = (("fine", 0.2), ("inaccuracy", 0.6), ("mistake", 1.5))
"""Each label with the loss it stays below."""
_ARTICLES = {"inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}


def label_of(loss: float, choices: int) -> Label:
    """The label of a decision among ``choices`` distinct options that lost ``loss``."""
    if choices <= 1:
        return "forced"
    if loss <= 0:
        return "best"
    return past(THRESHOLDS, loss)


def past(thresholds: Sequence[tuple[Label, float]], loss: float) -> Label:
    """The first label whose threshold ``loss`` stays below; ``blunder`` past them all."""
    for label, below in thresholds:
        if loss < below:
            return label
    return "blunder"


def _points(loss: float) -> str:
    return f"{loss:.1f} points" if loss >= 1 else f"{loss:.2f} points"


def _verdict(label: Label, loss: float, better: str) -> str:
    if label == "forced":
        return "nothing else fitted"
    if label == "best":
        return "the best choice"
    return f"{_points(loss)} worse than {better} ({_ARTICLES.get(label, label)})"


def play_sentence(seat: int, tile: Tile, count: int, best: Tile, loss: float, label: Label) -> str:
    """``Seat 2 laid 5-5 at count 10: 1.8 points worse than 0-3 (a mistake).``"""
    laid = f"led {tile}" if count == 0 else f"laid {tile} at count {count}"
    return f"Seat {seat} {laid}: {_verdict(label, loss, str(best))}."


def lay_away_sentence(
    seat: int, laid: Sequence[Tile], best: Sequence[Tile], loss: float, label: Label
) -> str:
    """``Seat 1 laid away 0-0 and 5-5: 0.90 points worse than 1-2 and 3-4 (an inaccuracy).``"""
    words = " and ".join(map(str, laid))
    return f"Seat {seat} laid away {words}: {_verdict(label, loss, ' and '.join(map(str, best)))}."
