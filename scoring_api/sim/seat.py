"""What the player on turn knows during the play: the ``Seat`` a strategy's ``lay`` is handed.

Only what his seat could know at the table: his own tiles, the starter, the tiles laid and by
whom, the goes said, the scores. The game keeps one per player and brings it up to date on
each of his turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import i64

from scoring_api.rules.constants import HAND_SIZE
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import (
    CountCode,
    points_for_code,
    values_code,
    values_of_code,
    with_value,
)
from scoring_api.rules.referee_state import PublicPlay
from scoring_api.rules.seats import NO_SEAT
from scoring_api.rules.tiles import ALL_MASK, Tile, TileMask, tile_mask, tiles_counted, tiles_in

from .playouts.knowledge import SeatView, turn_seed
from .ranks import mask_of_ranks, ranks_of, tiles_of_ranks


class Seat:
    """What the player on turn knows during the play (one per player and deal, kept current).

    The fields are what the game hands over (as masks and codes, for speed); the methods are
    the questions a strategy asks of them. A plain class with its own ``__init__`` rather
    than a dataclass: every game makes one per player, and the compiled engine runs a
    dataclass's generated ``__init__`` interpreted.
    """

    __slots__ = (
        "count_code",
        "dealer",
        "hand_ranks",
        "last_seat",
        "opponent_tiles",
        "own",
        "passed_mask",
        "playable_ranks",
        "public",
        "rules",
        "scores",
        "seat",
        "seen",
        "sides",
        "starter",
    )

    playable_ranks: i64
    """His tiles that fit the count (never none when asked to lay), as a mask of ranks:
    read lowest bit first, lowest value first (``playable`` as tiles)."""
    count_code: CountCode
    """The values laid since the count began (``count_values`` as a tuple)."""
    seen: TileMask
    """The tiles he has seen: those he drew, the starter and every tile laid."""
    opponent_tiles: int
    """How many tiles the next seat (on his left, an opponent in every mode) still holds."""
    seat: int
    """His seat."""
    hand_ranks: i64
    """His tiles not yet laid (nobody else's: a seat is told only what it could know), as a
    mask of ranks (``hand`` as a ``TileMask``, ``remaining()`` as tiles)."""
    passed_mask: int
    """Who has said go in the current count: bit ``seat`` (``passed`` by seat)."""
    own: TileMask
    """The tiles he drew this deal, and the starter."""
    dealer: int
    """The seat that dealt this deal."""
    last_seat: int
    """Who laid the last tile of the current count; ``NO_SEAT`` before its first (``last``:
    None)."""
    sides: tuple[int, ...]
    """The side each seat scores for."""
    public: list[PublicPlay]
    """By seat, his play this deal as the referee keeps it for the whole table (handed over
    once a deal; every seat saw the tiles laid and heard the goes): ``played`` (the tiles he
    has laid, as masks) and ``above`` (his go bound) read it."""
    rules: RuleOptions | None
    """The rules of the game, where the game hands them over."""
    scores: list[int]
    """Each side's score as the board shows it now (the game's own, kept current)."""
    starter: Tile | None
    """The starter, where the game hands it over."""

    def __init__(
        self,
        playable: tuple[Tile, ...],
        count_values: tuple[int, ...],
        seen: TileMask,
        opponent_tiles: int,
        seat: int = 0,
        hand: TileMask = 0,
        passed: Sequence[bool] = (),
        own: TileMask = 0,
        dealer: int = 0,
        above: list[int] | None = None,
        last: int | None = None,
        sides: tuple[int, ...] = (),
        played: list[TileMask] | None = None,
        rules: RuleOptions | None = None,
    ) -> None:
        self.playable_ranks, self.seen = ranks_of(tile_mask(playable)), seen
        self.count_code = values_code(count_values) if count_values else 0
        self.opponent_tiles, self.seat = opponent_tiles, seat
        self.hand_ranks = ranks_of(hand)
        self.passed_mask = _mask_of(passed) if passed else 0
        self.own, self.dealer, self.sides = own, dealer, sides
        self.last_seat = NO_SEAT if last is None else last
        self.public = [PublicPlay(tiles) for tiles in played or ()]
        if above is not None:  # by seat, as ``played``
            for public, bound in zip(self.public, above, strict=True):
                public.above = bound
        self.rules = rules
        self.scores: list[int] = []
        self.starter: Tile | None = None

    def snapshot(self) -> Seat:
        """A copy that later turns leave as it is: the game keeps one ``Seat`` per player
        and brings it up to date on each of his turns (its lists are copied too)."""
        copy = Seat((), (), self.seen, self.opponent_tiles, self.seat)
        copy.playable_ranks, copy.hand_ranks = self.playable_ranks, self.hand_ranks
        copy.count_code, copy.passed_mask, copy.own = self.count_code, self.passed_mask, self.own
        copy.dealer, copy.last_seat = self.dealer, self.last_seat
        copy.sides, copy.rules = self.sides, self.rules
        copy.public = [PublicPlay(public.tiles, public.above) for public in self.public]
        copy.scores, copy.starter = list(self.scores), self.starter
        return copy

    def view(self) -> SeatView:
        """What he knows, readable, as the play-outs and the draws of the others' holdings take
        it (``playouts``), seeded by all of it written out (``knowledge.turn_seed``)."""
        players, above = self.players, self.above
        held = tuple(self.holds(other) for other in range(players))
        count_values, passed, last = self.count_values, tuple(self.passed), self.last
        seed = turn_seed(
            self.seat, self.dealer, self.own, self.seen, count_values, last, held, above, passed
        )
        return SeatView(
            seat=self.seat,
            dealer=self.dealer,
            sides=tuple(self.sides),
            rules=self.rules,
            hand=tuple(tile.value for tile in self.remaining()),
            playable=tuple(self.playable),
            count_values=count_values,
            passed=passed,
            last=last,
            held=held,
            above=tuple(above),
            played=tuple(self.played),
            unseen=tuple(tile.value for tile in tiles_in[self.unseen()]),
            seed=seed,
        )

    @property
    def playable(self) -> tuple[Tile, ...]:
        """His tiles that fit the count, lowest value first."""
        return tiles_of_ranks(self.playable_ranks)

    @property
    def last(self) -> int | None:
        """Who laid the last tile of the current count (None before its first)."""
        return None if self.last_seat == NO_SEAT else self.last_seat

    @property
    def count_values(self) -> tuple[int, ...]:
        """The values laid since the count began, in order."""
        return values_of_code(self.count_code)

    @property
    def passed(self) -> list[bool]:
        """Who has said go in the current count, by seat."""
        mask = self.passed_mask
        return [bool(mask >> seat & 1) for seat in range(self.players)]

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has said go in the current count."""
        return bool(self.passed_mask >> seat & 1)

    @property
    def played(self) -> list[TileMask]:
        """By seat, the tiles he has laid this deal."""
        return [public.tiles for public in self.public]

    @property
    def above(self) -> list[int]:
        """By seat: every tile he holds is of a higher value than this, since he said go in a
        count where it would have fitted (``NO_GO`` where he has said none this deal)."""
        return [public.above for public in self.public]

    @property
    def players(self) -> int:
        """Players at the table."""
        return len(self.public)

    def holds(self, seat: int) -> int:
        """How many tiles ``seat`` still holds (he laid the rest, in sight of all)."""
        return HAND_SIZE - tiles_counted(self.public[seat].tiles)

    @property
    def hand(self) -> TileMask:
        """His tiles not yet laid."""
        return mask_of_ranks(self.hand_ranks)

    def remaining(self) -> tuple[Tile, ...]:
        """His tiles not yet laid, lowest value first."""
        return tiles_of_ranks(self.hand_ranks)

    def score_now(self, tile: Tile) -> int:
        """What laying ``tile`` scores now, a go point aside."""
        return points_for_code[with_value(self.count_code, tile.value)]

    def unseen(self) -> TileMask:
        """The tiles he has not seen: the others' hands are among them."""
        return ALL_MASK & ~self.seen


def _mask_of(flags: Sequence[bool]) -> int:
    """Bit ``i`` set for each true flag."""
    mask = 0
    for i, flag in enumerate(flags):
        if flag:
            mask |= 1 << i
    return mask
