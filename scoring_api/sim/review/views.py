"""What a seat knew when he laid each tile, read from a deal's record: all his review may use.

A tile of the play is judged only over what its seat could know then (docs/review.md): his own
tiles (the ones he drew, so his lay-away too), the starter, every tile laid so far and by whom,
the goes said, and so how many tiles each other seat holds. The others' hidden tiles never
enter: the holdings his play-outs are played against are drawn from the tiles he has not seen,
and a go said rules out every holding with a tile that fitted that count. The play-outs are
seeded from that knowledge written out (``PlayView.seed``), so a review of a tile cannot change
when anything he had not seen changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from random import Random

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT
from scoring_api.rules.errors import IllegalPlayError
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.tiles import ALL_TILES, Tile, by_value, tile_mask, tiles_in

from ..strategies import pick

NO_GO = -1
"""``PlayView.above`` of a seat that has said no go: every value is possible."""


@dataclass(frozen=True, slots=True)
class PlayView:
    """What a seat knows when he is to lay a tile."""

    seat: int
    """His seat."""
    sides: tuple[int, ...]
    """The side each seat scores for: his side's points count for him, the others' against."""
    hand: tuple[int, ...]
    """The values of his tiles not yet laid, lowest first."""
    playable: tuple[Tile, ...]
    """His tiles that fit the count, lowest value first: his choices."""
    values: tuple[int, ...]
    """The values laid in the current count, in order."""
    passed: tuple[bool, ...]
    """Who has said go in the current count, by seat."""
    last: int | None
    """Who laid the last tile of the current count (None before its first)."""
    held: tuple[int, ...]
    """How many tiles each seat holds."""
    above: tuple[int, ...]
    """By seat: every tile he holds is of a higher value than this, since he said go when
    it would have fitted (``NO_GO`` where he has said none)."""
    unseen: tuple[int, ...]
    """The values of the tiles he has not seen, lowest first, one per tile: the others'
    tiles are among them."""
    seed: str
    """Everything above as he learnt it, written out: the seed of his play-outs."""

    @property
    def count(self) -> int:
        """The running count he lays on."""
        return sum(self.values)

    @property
    def players(self) -> int:
        return len(self.sides)


def draw_some(rng: Random, eligible: list[int], k: int) -> list[int]:
    """``k`` of the ``eligible`` items, uniformly (``rng.random()`` only, whose sequence
    Python guarantees): a partial Fisher-Yates shuffle."""
    for i in range(k):
        j = i + pick(rng, len(eligible) - i)
        eligible[i], eligible[j] = eligible[j], eligible[i]
    return eligible[:k]


def dealing_order(view: PlayView) -> list[int]:
    """The other seats, the fullest-count go first: the order ``draw_holdings`` deals them."""
    others = [seat for seat in range(view.players) if seat != view.seat]
    return sorted(others, key=lambda seat: -view.above[seat])


def draw_holdings(view: PlayView, rng: Random) -> list[list[int]]:
    """One deal of the others' tiles consistent with what he knows: each other seat gets as
    many of the unseen values as he holds, all above his ``above``; his own are his hand.

    The seats that said go at the fullest count are dealt first: the values each may hold
    then contain the next one's, so dealing in that order is uniform over every deal that
    fits (the truth is one of them, so there is always one).
    """
    hands: list[list[int]] = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    taken = [False] * len(view.unseen)
    for seat in dealing_order(view):
        floor = view.above[seat]
        eligible = [i for i, v in enumerate(view.unseen) if not taken[i] and v > floor]
        for i in draw_some(rng, eligible, view.held[seat]):
            taken[i] = True
            hands[seat].append(view.unseen[i])
        hands[seat].sort()
    return hands


@dataclass(frozen=True, slots=True)
class TileLaid:
    """A tile of the record, with what its seat knew before he laid it."""

    entry: int
    """Its entry in the record (goes listed or left out, as the request has them)."""
    tile: Tile
    """The tile he laid."""
    view: PlayView
    """What he knew."""


def _events_text(events: Sequence[tuple[int, Tile | None]]) -> str:
    return ",".join(f"{seat}:{'go' if tile is None else tile.text}" for seat, tile in events)


def tiles_laid(
    rules: RuleOptions,
    dealer: int,
    starter: Tile,
    hands: Sequence[Sequence[Tile]],
    drawn: Sequence[Sequence[Tile]],
    plays: Sequence[Play],
) -> Iterator[TileLaid]:
    """Every tile of a legal record of the play, in order, with what its seat knew.

    The goes are worked out from the tiles (play is compulsory), whether the record lists
    them or not, so both kinds of record give the same views. ``drawn``: the tiles each seat
    drew, which he has seen.
    """
    n = rules.players
    referee = PlayReferee(players=n, dealer=dealer, starter=starter, hands=hands)
    sides = tuple(rules.side_of(seat) for seat in range(n))
    above = [NO_GO] * n
    events: list[tuple[int, Tile | None]] = []
    own = [tile_mask(tiles) | starter.bit for tiles in drawn]
    head = f"{n}|{int(rules.partners)}|{dealer}|{starter.text}"
    for index, play in enumerate(plays):
        tile = play.tile
        if tile is None:
            continue  # goes follow from the tiles
        player = play.player
        try:
            while referee.turn != player or not referee.fits(tile):
                waiting = referee.turn
                assert waiting is not None, "a legal record has a turn for every tile"
                above[waiting] = max(above[waiting], MAX_COUNT - referee.count)
                events.append((waiting, None))
                referee.go(waiting)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None
        seen = own[player] | referee.used
        mine = by_value(drawn[player])
        view = PlayView(
            seat=player,
            sides=sides,
            hand=tuple(sorted(t.value for t in tiles_in[referee.held_by(player) or 0])),
            playable=referee.playable(player),
            values=referee.values,
            passed=tuple(referee.passed),
            last=referee.last_player,
            held=tuple(HAND_SIZE - laid for laid in referee.laid_by),
            above=tuple(above),
            unseen=tuple(sorted(t.value for t in ALL_TILES if not seen & t.bit)),
            seed=f"{head}|{player}|{' '.join(t.text for t in mine)}|{_events_text(events)}",
        )
        yield TileLaid(index, tile, view)
        events.append((player, tile))
        try:
            referee.lay(player, tile)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None
