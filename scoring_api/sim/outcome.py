"""What a game leaves: its result, the sums a run of games adds up, and, when asked for, its
transcript deal by deal and what writes it (the simulator's answers are made of these)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import CLOSING_ITEMS, CloseKind
from scoring_api.rules.records import PlaySheet, ScoredPlay
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.show import ShowItem, score_show
from scoring_api.rules.tiles import Tile

Source = Literal["starter", "play", "hand", "crib"]
SOURCES: Final[tuple[Source, ...]] = ("starter", "play", "hand", "crib")
SOURCE_COUNT: Final = 4
STARTER: Final = 0
PLAY: Final = 1
HAND: Final = 2
CRIB: Final = 3
"""Positions in ``SOURCES``: how the game names a source while it plays (``Final``: the
compiled game reads them as constants)."""
ShowWhose = Literal["non_dealer", "dealer", "crib"]


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand or the crib counted at the show."""

    whose: ShowWhose
    """A non-dealer's hand, the dealer's hand, or the crib, in the order counted."""
    player: int
    """The seat whose hand it is (the dealer for the crib); it scores for his side."""
    total: int
    """Its points."""
    items: tuple[ShowItem, ...]
    """What they are made of."""


@dataclass(slots=True)
class DealRecord:
    """One deal, complete enough for another app to replay and check it."""

    dealer: int
    """The dealer's seat."""
    hands: list[list[Tile]]
    """The tiles each seat drew (six, or five with three or four players), lowest first."""
    discards: list[list[Tile]]
    """The tiles each laid away into the crib."""
    starter: Tile
    """The starter."""
    blind: list[Tile] = field(default_factory=list)
    """With three players, the tile the dealer drew unseen into the crib."""
    plays: list[ScoredPlay] = field(default_factory=list)
    """The play, entry by entry, goes included, each go point on its closing tile."""
    shows: list[Shown] = field(default_factory=list)
    """The shows counted, in order (fewer if the game ended before)."""
    starter_points: int = 0
    """What the dealer's side scored for a double starter."""


class GameResult:
    """One game's outcome and the sums a run of games adds up.

    A plain class with its own ``__init__`` (one is made a game, and the compiled engine runs
    a dataclass's generated ``__init__`` interpreted); the points are kept flat, as the game
    counts them, and read by seat through ``points`` and ``role_points``.
    """

    __slots__ = (
        "crib_scores",
        "deals",
        "dealt",
        "first_dealer",
        "hand_scores",
        "lurched",
        "role_totals",
        "scores",
        "source_totals",
        "transcript",
        "winner",
    )

    def __init__(
        self,
        winner: int,
        scores: list[int],
        deals: int,
        first_dealer: int,
        source_totals: list[int],
        role_totals: list[int],
        dealt: list[int],
        hand_scores: list[int],
        crib_scores: list[int],
        transcript: list[DealRecord] | None = None,
        lurched: list[int] | None = None,
    ) -> None:
        self.winner = winner
        """The side that reached the target (a seat, or with partners 0 or 1)."""
        self.scores = scores
        """Each side's final score."""
        self.deals = deals
        """Deals played, the last one perhaps cut short by the win."""
        self.first_dealer = first_dealer
        """Who dealt the first deal."""
        self.source_totals = source_totals
        """Each seat's points by source: ``source_totals[seat * SOURCE_COUNT + source]``
        (``points`` by seat)."""
        self.role_totals = role_totals
        """Each seat's points as non-dealer (``[seat * 2]``) and as dealer (``[seat * 2 + 1]``)
        (``role_points`` by seat)."""
        self.dealt = dealt
        """Deals each seat dealt."""
        self.hand_scores = hand_scores
        """Every hand shown, any seat."""
        self.crib_scores = crib_scores
        """Every crib shown."""
        self.transcript = transcript
        """Every deal, when asked for."""
        self.lurched: list[int] = [] if lurched is None else lurched
        """The losing sides that had not reached half the target (docs/rules.md section 5)."""

    def _values(self) -> tuple[object, ...]:
        return (
            self.winner,
            self.scores,
            self.deals,
            self.first_dealer,
            self.source_totals,
            self.role_totals,
            self.dealt,
            self.hand_scores,
            self.crib_scores,
            self.transcript,
            self.lurched,
        )

    def __eq__(self, other: object) -> bool:
        """Equal results: every field equal (the same game played twice)."""
        if not isinstance(other, GameResult):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq

    @property
    def points(self) -> list[dict[Source, int]]:
        """``points[seat][source]``: where each seat's points came from."""
        totals = self.source_totals
        return [
            {source: totals[at + k] for k, source in enumerate(SOURCES)}
            for at in range(0, len(totals), SOURCE_COUNT)
        ]

    @property
    def role_points(self) -> list[list[int]]:
        """``role_points[seat][0]`` as non-dealer, ``[1]`` as dealer."""
        totals = self.role_totals
        return [totals[at : at + 2] for at in range(0, len(totals), 2)]

    @property
    def lurch(self) -> bool:
        """The winner lurched some side."""
        return bool(self.lurched)


def shown_items(shown: Sequence[Tile], starter: Tile, rules: RuleOptions) -> tuple[ShowItem, ...]:
    """A hand's or the crib's items at the show, for a transcript."""
    return score_show(shown, starter, rules).items


def lay_recorded(
    referee: PlayReferee, sheet: PlaySheet, player: int, tile: Tile
) -> CloseKind | None:
    """Lay a tile and write it on the sheet with its own items: a go point it earned is
    written as its own event, once the tile's points are scored."""
    count = referee.count + tile.value
    items, closes = referee.lay(player, tile)
    if closes in CLOSING_ITEMS:
        items.pop()  # the go point's item: written when it is scored
        sheet.tile(player, tile, count, items, None)
    else:
        sheet.tile(player, tile, count, items, closes)
    return closes
