"""What a game leaves: its result, the sums a run of games adds up, and, when asked for, its
transcript deal by deal (the simulator's answers are made of these)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from scoring_api.rules.records import ScoredPlay
from scoring_api.rules.show import ShowItem
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


@dataclass(slots=True)
class GameResult:
    """One game's outcome and the sums a run of games adds up."""

    winner: int
    """The side that reached the target (a seat, or with partners 0 or 1)."""
    scores: list[int]
    """Each side's final score."""
    deals: int
    """Deals played, the last one perhaps cut short by the win."""
    first_dealer: int
    """Who dealt the first deal."""
    points: list[dict[Source, int]]
    """``points[seat][source]``: where each seat's points came from."""
    role_points: list[list[int]]
    """``role_points[seat][0]`` as non-dealer, ``[1]`` as dealer."""
    dealt: list[int]
    """Deals each seat dealt."""
    hand_scores: list[int]
    """Every hand shown, any seat."""
    crib_scores: list[int]
    """Every crib shown."""
    transcript: list[DealRecord] | None = None
    """Every deal, when asked for."""
    lurched: list[int] = field(default_factory=list)
    """The losing sides that had not reached half the target (docs/rules.md section 5)."""

    # Written out, not generated: the compiled engine runs a dataclass's generated __init__
    # interpreted, and this is made once a game.
    def __init__(
        self,
        winner: int,
        scores: list[int],
        deals: int,
        first_dealer: int,
        points: list[dict[Source, int]],
        role_points: list[list[int]],
        dealt: list[int],
        hand_scores: list[int],
        crib_scores: list[int],
        transcript: list[DealRecord] | None = None,
        lurched: list[int] | None = None,
    ) -> None:
        self.winner, self.scores, self.deals, self.first_dealer = (
            winner,
            scores,
            deals,
            first_dealer,
        )
        self.points, self.role_points, self.dealt = points, role_points, dealt
        self.hand_scores, self.crib_scores, self.transcript = hand_scores, crib_scores, transcript
        self.lurched = [] if lurched is None else lurched

    @property
    def lurch(self) -> bool:
        """The winner lurched some side."""
        return bool(self.lurched)
