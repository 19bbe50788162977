"""What the player on turn knows during the play: the ``Seat`` a strategy's ``lay`` is handed.

Only what his seat could know at the table: his own tiles, the starter, the tiles laid and by
whom, the goes said, the scores. It is built one way, from the referee's state: the game
keeps one per player, sits it at each deal (``sit``) and brings it up to date on each of his
turns (``at_turn``); the computer's move, the review of a deal and the research bots make one
at a moment of a record the same way (``seat_at_turn``). Its readable form (``view``) is what
the play-outs take.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import i64

from scoring_api.rules.constants import HAND_SIZE
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import points_for_code, values_code, with_value
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.referee_state import PublicPlay, SharedPlay
from scoring_api.rules.seats import NO_SEAT, next_seat
from scoring_api.rules.tiles import ALL_MASK, Tile, TileMask, tile_mask, tiles_counted, tiles_in

from .playouts.knowledge import SeatView
from .ranks import mask_of_ranks, ranks_of, tiles_of_ranks
from .streams import turn_key


class Seat(SharedPlay):
    """What the player on turn knows during the play (one per player and deal, kept current).

    The fields are what the game hands over (as masks and codes, for speed; those the whole
    table sees, and their readable forms, are ``SharedPlay``'s); the methods are the questions
    a strategy asks of them. A plain class with its own ``__init__`` rather than a dataclass:
    every game makes one per player, and the compiled engine runs a dataclass's generated
    ``__init__`` interpreted.
    """

    __slots__ = (
        "dealer",
        "hand_ranks",
        "left",
        "opponent_tiles",
        "own",
        "playable_ranks",
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
    seen: TileMask
    """The tiles he has seen: those he drew, the starter and every tile laid."""
    opponent_tiles: int
    """How many tiles the next seat (on his left, an opponent in every mode) still holds."""
    seat: int
    """His seat."""
    hand_ranks: i64
    """His tiles not yet laid (nobody else's: a seat is told only what it could know), as a
    mask of ranks (``hand`` as a ``TileMask``, ``remaining()`` as tiles)."""
    own: TileMask
    """The tiles he drew this deal, and the starter."""
    dealer: int
    """The seat that dealt this deal."""
    sides: tuple[int, ...]
    """The side each seat scores for."""
    left: int
    """The seat on his left, who plays after him (``opponent_tiles`` counts his tiles)."""
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
        self.left = next_seat(seat, len(self.public)) if self.public else seat
        self.rules = rules
        self.scores: list[int] = []
        self.starter: Tile | None = None

    def sit(
        self,
        dealer: int,
        own: TileMask,
        sides: tuple[int, ...],
        public: list[PublicPlay],
        rules: RuleOptions,
        starter: Tile | None,
        scores: list[int],
    ) -> None:
        """A new deal: who dealt, the tiles he drew and the starter (``own``), who scores for
        whom, each seat's play as the referee keeps it for the whole table (the referee's own
        list, read as it changes), the rules, the starter and the scores on the board (the
        game's own list, kept current)."""
        self.dealer, self.own, self.sides = dealer, own, sides
        self.public, self.rules = public, rules
        self.starter, self.scores = starter, scores
        self.left = next_seat(self.seat, len(public))

    def at_turn(self, referee: PlayReferee, playable_ranks: i64, hand_ranks: i64) -> None:
        """His turn with the play where ``referee`` has it: his tiles that fit the count and
        his tiles not yet laid (masks of ranks), and what every seat saw since."""
        self.playable_ranks = playable_ranks
        self.hand_ranks = hand_ranks
        self.count_code = referee.count_code
        self.seen = self.own | referee.used
        self.opponent_tiles = HAND_SIZE - referee.seats[self.left].laid
        self.passed_mask = referee.passed_mask
        self.last_seat = referee.last_seat

    def snapshot(self) -> Seat:
        """A copy that later turns leave as it is: the game keeps one ``Seat`` per player
        and brings it up to date on each of his turns (its lists are copied too)."""
        copy = Seat((), (), self.seen, self.opponent_tiles, self.seat)
        copy.playable_ranks, copy.hand_ranks = self.playable_ranks, self.hand_ranks
        copy.count_code, copy.passed_mask, copy.own = self.count_code, self.passed_mask, self.own
        copy.dealer, copy.last_seat, copy.left = self.dealer, self.last_seat, self.left
        copy.sides, copy.rules = self.sides, self.rules
        copy.public = [PublicPlay(public.tiles, public.above) for public in self.public]
        copy.scores, copy.starter = list(self.scores), self.starter
        return copy

    def view(self, known: tuple[int, ...] | None = None) -> SeatView:
        """What he knows, readable, as the play-outs and the draws of the others' holdings take
        it (``playouts``), his draws named by ``known``: by default all of it packed, as a
        game's turn (``streams.turn_key``)."""
        players, above = self.players, self.above
        held = tuple(self.holds(other) for other in range(players))
        count_values, passed, last = self.count_values, tuple(self.passed), self.last
        if known is None:
            known = turn_key(
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
            known=known,
        )

    @property
    def playable(self) -> tuple[Tile, ...]:
        """His tiles that fit the count, lowest value first."""
        return tiles_of_ranks(self.playable_ranks)

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


def seat_at_turn(
    referee: PlayReferee,
    seat: int,
    own: TileMask,
    dealer: int,
    rules: RuleOptions,
    scores: Sequence[int] = (),
    starter: Tile | None = None,
) -> Seat:
    """What ``seat`` knows with the play where ``referee`` has it (his hand known to it), as a
    game would hand it to his strategy: his own tiles (``own``: those he drew and the
    starter) and what the table saw, nothing else; ``scores`` (each side's on the board) and
    ``starter`` where the caller hands them over, as a game does."""
    known = Seat((), (), 0, 0, seat)
    sides = tuple(rules.side_of(other) for other in range(rules.players))
    known.sit(dealer, own, sides, referee.public, rules, starter, list(scores))
    hand = referee.held_by(seat) or 0
    known.at_turn(referee, ranks_of(referee.fitting(seat)), ranks_of(hand))
    return known


def _mask_of(flags: Sequence[bool]) -> int:
    """Bit ``i`` set for each true flag."""
    mask = 0
    for i, flag in enumerate(flags):
        if flag:
            mask |= 1 << i
    return mask
