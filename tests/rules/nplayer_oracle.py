"""An independent referee of the play for 2, 3 or 4 players, written from the rule book alone.

It imports nothing from ``scoring_api``: the tests compare the rules core with it. Tiles are
plain values 0..12 here (docs/rules.md section 1: only a tile's value matters for scoring).

What it implements:

- the points of a tile laid, docs/rules.md section 3 (the points table): 15 scores 2 only when
  the tile changes the count to 15; 31 scores 2; a pair, pair royal, double pair royal of the
  last tiles 2, 6, 12; a run of the last k distinct consecutive values (k >= 3) scores k, the
  longest only; the go and the last tile 1 each, scored on the tile that closed the count, and
  never on a 31 (the 2 for 31 includes it);
- the turns of docs/rules.md section 8.2: the dealer's left leads; play is compulsory; a
  player on turn with tiles but none that fits says go and is skipped for the rest of the
  count; a player out of tiles is skipped and never says go; after a tile the turn passes to
  the next player clockwise who holds tiles and has not said go (possibly the layer himself);
  the count closes when nobody can lay (the go point to the last layer) or at 31; the next count
  is led by the first player clockwise after the last layer who still holds tiles (the last
  layer himself if nobody else has tiles).

- a wrong go shown by the deal (``first_tile_proving_a_go_wrong``): a tile laid after its
  layer's go at a count it would have fitted.

Plainness over speed: every rule is a few lines, easy to check against the rule book.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

FIFTEEN = 15
THIRTY_ONE = 31
HAND_SIZE = 4


def tile_points(values: Sequence[int]) -> int:
    """Points for the last of ``values`` (the tiles of the current count, in the order laid),
    without the go or last-tile point (docs/rules.md section 3, the points table)."""
    count = sum(values)
    last = values[-1]
    points = 0
    if count == FIFTEEN and last != 0:  # the tile must change the count to 15
        points += 2
    if count == THIRTY_ONE:
        points += 2
    same = 1
    while same < len(values) and values[-1 - same] == last:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    longest = 0
    for k in range(3, len(values) + 1):
        tail = values[-k:]
        if len(set(tail)) == k and max(tail) - min(tail) == k - 1:
            longest = k
    return points + longest


@dataclass
class Entry:
    """One action of the play: a tile laid (``value``) or a go (``value`` None)."""

    seat: int
    value: int | None
    slot: int | None
    """Which of the seat's four starting tiles was laid (None for a go)."""
    count: int
    """The count after a tile (31 for a 31); for a go, the count he could not add to."""
    points: int = 0
    """The tile's own points plus the go / last-tile point if it closed its count."""
    closes: str | None = None
    """"thirty_one", "go" or "last_tile" when the count closed after this tile."""


@dataclass
class Referee:
    """The play of one deal: ``hands[seat]`` are the seat's four tile values at the start."""

    players: int
    dealer: int
    hands: Sequence[Sequence[int]]
    held: list[list[int]] = field(init=False)
    """Each seat's slots (indexes into its starting hand) not yet laid."""
    said_go: list[bool] = field(init=False)
    count_values: list[int] = field(init=False)
    last_layer: int | None = field(init=False, default=None)
    last_entry: Entry | None = field(init=False, default=None)
    turn: int | None = field(init=False)
    entries: list[Entry] = field(init=False)
    scores: list[int] = field(init=False)

    def __post_init__(self) -> None:
        assert 2 <= self.players <= 4
        assert len(self.hands) == self.players
        assert all(len(hand) == HAND_SIZE for hand in self.hands)
        self.held = [list(range(HAND_SIZE)) for _ in range(self.players)]
        self.said_go = [False] * self.players
        self.count_values = []
        self.entries = []
        self.scores = [0] * self.players
        self.turn = (self.dealer + 1) % self.players  # the dealer's left leads (8.2)

    @property
    def count(self) -> int:
        return sum(self.count_values)

    def value(self, seat: int, slot: int) -> int:
        return self.hands[seat][slot]

    def fitting(self, seat: int) -> list[int]:
        """The slots of ``seat`` that fit the count."""
        return [s for s in self.held[seat] if self.count + self.value(seat, s) <= THIRTY_ONE]

    def seats_after(self, seat: int) -> list[int]:
        """Every seat clockwise from ``seat``'s left, ``seat`` itself last."""
        return [(seat + k) % self.players for k in range(1, self.players + 1)]

    def next_in_count(self, after: int) -> int | None:
        """The next seat clockwise after ``after`` (himself last) who holds tiles and has not
        said go in this count; None if there is none: the count closes."""
        for seat in self.seats_after(after):
            if self.held[seat] and not self.said_go[seat]:
                return seat
        return None

    def anyone_holds_tiles(self) -> bool:
        return any(self.held)

    def lay(self, seat: int, slot: int) -> Entry:
        assert self.turn == seat, "not his turn"
        assert slot in self.held[seat], "not his tile"
        assert slot in self.fitting(seat), "does not fit"
        self.held[seat].remove(slot)
        self.count_values.append(self.value(seat, slot))
        points = tile_points(self.count_values)
        entry = Entry(seat, self.value(seat, slot), slot, self.count, points)
        self.entries.append(entry)
        self.scores[seat] += points
        self.last_layer, self.last_entry = seat, entry
        if self.count == THIRTY_ONE:
            entry.closes = "thirty_one"  # 2 points already counted, no go point
            self.new_count()
        else:
            self.turn = self.next_in_count(seat)
            if self.turn is None:  # he has laid his last tile and the others said go
                self.close_by_go()
        return entry

    def go(self, seat: int) -> Entry:
        assert not self.fitting(seat), "play is compulsory"
        return self.wrong_go(seat)

    def wrong_go(self, seat: int) -> Entry:
        """A go said by the seat on turn whether or not a tile of his fits: the tests plant a
        wrong one on purpose (``go`` is the legal one). The play goes on as if it were
        right: he is skipped until the count closes."""
        assert self.turn == seat, "not his turn"
        assert self.held[seat], "a player out of tiles never says go"
        entry = Entry(seat, None, None, self.count)
        self.entries.append(entry)
        self.said_go[seat] = True
        self.turn = self.next_in_count(seat)
        if self.turn is None:
            self.close_by_go()
        return entry

    def close_by_go(self) -> None:
        """Nobody can lay: 1 for the go (or for the last tile of the play) to the last layer."""
        assert self.last_layer is not None
        assert self.last_entry is not None
        self.last_entry.points += 1
        self.scores[self.last_layer] += 1
        self.last_entry.closes = "go" if self.anyone_holds_tiles() else "last_tile"
        self.new_count()

    def new_count(self) -> None:
        """The next count: led by the first seat after the last layer who still holds tiles."""
        assert self.last_layer is not None
        self.count_values = []
        self.said_go = [False] * self.players
        self.turn = None
        for seat in self.seats_after(self.last_layer):
            if self.held[seat]:
                self.turn = seat
                break
        self.last_layer, self.last_entry = None, None

    @property
    def laid(self) -> list[Entry]:
        return [e for e in self.entries if e.value is not None]


def first_tile_proving_a_go_wrong(entries: Sequence[Entry]) -> tuple[int, int] | None:
    """Where a record of the play (every go listed, as the oracle plays it) first shows a
    wrong go: the index of the first tile its layer laid after a go of his at which it would
    have fitted (a hand only shrinks during the play, docs/rules.md section 3), and the
    index of the first such go; None if every go stands."""
    goes: dict[int, list[tuple[int, int]]] = {}
    for index, entry in enumerate(entries):
        if entry.value is None:
            goes.setdefault(entry.seat, []).append((index, entry.count))
            continue
        for go_index, said_at in goes.get(entry.seat, []):
            if said_at + entry.value <= THIRTY_ONE:
                return index, go_index
    return None


Chooser = Callable[[Referee, int, list[int]], int]
"""Given the referee, the seat on turn and his fitting slots, the slot he lays."""


def play(players: int, dealer: int, hands: Sequence[Sequence[int]], choose: Chooser) -> Referee:
    """Play the deal out under compulsory play, every go said (and recorded) when due."""
    ref = Referee(players, dealer, hands)
    while ref.turn is not None:
        seat = ref.turn
        options = ref.fitting(seat)
        if options:
            ref.lay(seat, choose(ref, seat, options))
        else:
            ref.go(seat)
    assert not ref.anyone_holds_tiles()
    return ref


def play_random(
    players: int, dealer: int, hands: Sequence[Sequence[int]], rng: random.Random
) -> Referee:
    """A random legal play: the seat on turn lays one of his fitting tiles at random."""
    return play(players, dealer, hands, lambda _ref, _seat, options: rng.choice(options))


def play_in_order(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[int]],
    order: Sequence[tuple[int, int]],
) -> Referee:
    """Lay the given tiles (seat, value) in order, the goes said as compulsory play makes them
    due before each tile; the order may stop before the end of the play (the goes due after
    its last tile are then not said yet). Fails (AssertionError) if the order is not legal."""
    ref = Referee(players, dealer, hands)
    for seat, value in order:
        while ref.turn is not None and not ref.fitting(ref.turn):
            ref.go(ref.turn)
        assert ref.turn == seat, f"seat {ref.turn} is on turn, not {seat}"
        slots = [s for s in ref.fitting(seat) if ref.value(seat, s) == value]
        assert slots, f"seat {seat} cannot lay a {value} now"
        ref.lay(seat, slots[0])
    return ref
