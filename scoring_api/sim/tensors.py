"""A ``StepGame``'s tensors and a batch of games stepped, in the compiled engine: the hot path
of the research package's environments (``scoring_api.research``: ``views`` lays the tensors'
pieces out and documents them, ``batched`` and ``pettingzoo_env`` hand them out).

``write`` gives a seat's entries of one layout (where each piece starts: ``Places``) to a
``Sink``: the entries that are 1, bits of tile masks, and fractions. ``Entries`` keeps them
as lists of places (one tensor, any layout); ``Packed`` packs a whole batch's rows into
bytes (bits, and the fractions' numerators), which the batched environment turns into its
arrays with a few numpy calls: a batch costs one call here, no Python per entry or per row.
"""

from __future__ import annotations

from typing import Final

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT, TILE_COUNT
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import TileMask, tiles_counted

from .stepwise import ACTIONS, CHANCE, NO_TILE, OVER, PLAY_SEAT_SHIFT, DealLog, StepGame

PIECES: Final = (
    "seat",
    "turn",
    "dealer",
    "phase",
    "scores",
    "drawn",
    "hand",
    "away",
    "hands",
    "aways",
    "blind",
    "laid_away",
    "starter",
    "plays",
    "earlier",
    "laid",
    "count",
    "go",
    "holding",
    "above",
)
"""Every piece a layout may have (``research.views.layout``)."""
_TILE_BITS: Final = (1 << PLAY_SEAT_SHIFT) - 1


def play_chance(game: StepGame, stream: Stream) -> None:
    """Plays the game's chance events until a player is to act, or the game is over: each
    event's outcome is ``outcomes[stream.below(len(outcomes))]`` (``research.chance``)."""
    while game.current() == CHANCE:
        outcomes = game.chance_outcomes()
        game.apply(outcomes[stream.below(len(outcomes))])


def advance(games: list[StepGame], streams: list[Stream], actions: list[int]) -> list[int]:
    """Each game's action (legal: not checked here), then its chance events from its stream;
    the rows whose game is over."""
    over: list[int] = []
    for row in range(len(games)):
        game = games[row]
        game.apply(actions[row])
        play_chance(game, streams[row])
        if game.phase == OVER:
            over.append(row)
    return over


def drawn_by(log: DealLog, seat: int, drawn: int, players: int) -> TileMask:
    """The tiles ``seat`` has drawn so far this deal, as a mask."""
    start = (seat - log.dealer - 1) % players * drawn
    mask = 0
    for tile in log.order[start : start + drawn]:
        mask |= 1 << tile
    return mask


def crib_of(log: DealLog) -> TileMask:
    """The deal's crib: every tile laid away, and the blind tile."""
    crib = 0 if log.blind == NO_TILE else 1 << log.blind
    for away in log.away:
        crib |= away
    return crib


class Places:
    """Where each piece of a layout starts in its flat tensor (-1: not in it)."""

    def __init__(self, offsets: dict[str, int], earlier_rows: int = 0) -> None:
        """``offsets``: by piece name (``PIECES``); ``earlier_rows``: the earlier deals the
        ``earlier`` piece has room for."""
        unknown = set(offsets) - set(PIECES)
        if unknown:
            raise ValueError(f"no such pieces: {sorted(unknown)}")
        self.seat = offsets.get("seat", -1)
        self.turn = offsets.get("turn", -1)
        self.dealer = offsets.get("dealer", -1)
        self.phase = offsets.get("phase", -1)
        self.scores = offsets.get("scores", -1)
        self.drawn = offsets.get("drawn", -1)
        self.hand = offsets.get("hand", -1)
        self.away = offsets.get("away", -1)
        self.hands = offsets.get("hands", -1)
        self.aways = offsets.get("aways", -1)
        self.blind = offsets.get("blind", -1)
        self.laid_away = offsets.get("laid_away", -1)
        self.starter = offsets.get("starter", -1)
        self.plays = offsets.get("plays", -1)
        self.earlier = offsets.get("earlier", -1)
        self.earlier_rows = earlier_rows
        self.laid = offsets.get("laid", -1)
        self.count = offsets.get("count", -1)
        self.go = offsets.get("go", -1)
        self.holding = offsets.get("holding", -1)
        self.above = offsets.get("above", -1)


class Sink:
    """Where ``write`` puts a tensor's entries (a subclass keeps them)."""

    def one(self, place: int) -> None:
        """The entry at ``place`` is 1."""
        raise NotImplementedError

    def bits(self, mask: int, start: int) -> None:
        """The entry at ``start + i`` is 1 for each bit ``i`` of ``mask`` (below 2**32)."""
        raise NotImplementedError

    def fraction(self, place: int, numerator: int, denominator: int) -> None:
        """The entry at ``place`` is ``numerator / denominator``."""
        raise NotImplementedError


class Entries(Sink):
    """A tensor's entries as lists, each place plus ``base`` (a row of a batch)."""

    def __init__(self, base: int = 0) -> None:
        self.base = base
        self.ones: list[int] = []
        """The places of the entries that are 1."""
        self.at: list[int] = []
        """The places of the fractions."""
        self.values: list[float] = []
        """The fractions, as ``at``."""

    def one(self, place: int) -> None:
        self.ones.append(self.base + place)

    def bits(self, mask: int, start: int) -> None:
        start += self.base
        while mask:
            low = mask & -mask
            self.ones.append(start + low.bit_length() - 1)
            mask ^= low

    def fraction(self, place: int, numerator: int, denominator: int) -> None:
        self.at.append(self.base + place)
        self.values.append(numerator / denominator)


class Packed(Sink):
    """A batch's rows packed into bytes, ``row_bytes`` a row: the tensor's ``size`` bits (bit
    ``i``: byte ``i // 8``, bit ``i % 8``), from byte ``mask_byte`` the legal actions' bits,
    from byte ``number_byte`` two bytes (little-endian) a number: each fraction's numerator
    in its slot (``slot_of``; its denominator in ``denominators``), then the seat on turn.
    The bytes are kept as small ints (each one Python's own object: no allocation) until
    ``observe`` hands them out."""

    def __init__(self, places: Places, size: int, fraction_places: list[int], rows: int) -> None:
        self.places = places
        self.size = size
        self.mask_byte = (size + 7) // 8
        self.number_byte = self.mask_byte + (ACTIONS + 7) // 8
        self.slot_of = [-1] * size
        """A fraction's slot by its place; -1 for the places of 0s and 1s."""
        for slot, place in enumerate(fraction_places):
            self.slot_of[place] = slot
        self.fractions = len(fraction_places)
        self.row_bytes = self.number_byte + 2 * (self.fractions + 1)
        self.denominators = [1] * self.fractions
        """Each slot's denominator (1 until a fraction is written there)."""
        self.rows = rows
        self._cells = [0] * (rows * self.row_bytes)
        self._zeros = [0] * (rows * self.row_bytes)
        self._row = 0

    def observe(self, games: list[StepGame]) -> bytes:
        """Each row's game as its seat on turn sees it, and his legal actions: the batch's
        bytes, row by row."""
        places, cells, row_bytes = self.places, self._cells, self.row_bytes
        cells[:] = self._zeros
        mask_bit = self.mask_byte * 8
        for row in range(len(games)):
            game = games[row]
            self._row = row * row_bytes
            seat = game.current()
            self._number(self.fractions, seat)
            write(places, game, seat, self)
            for action in game.legal():
                self.one(mask_bit + action)
        return bytes(cells)

    def one(self, place: int) -> None:
        i = self._row + (place >> 3)
        self._cells[i] = self._cells[i] | 1 << (place & 7)

    def bits(self, mask: int, start: int) -> None:
        i = self._row + (start >> 3)
        shifted = mask << (start & 7)
        while shifted:
            self._cells[i] = self._cells[i] | shifted & 255
            shifted >>= 8
            i += 1

    def fraction(self, place: int, numerator: int, denominator: int) -> None:
        slot = self.slot_of[place]
        self._number(slot, numerator)
        self.denominators[slot] = denominator

    def _number(self, slot: int, value: int) -> None:
        if not 0 <= value < 1 << 16:
            raise ValueError(f"{value} does not fit a packed number")
        i = self._row + self.number_byte + 2 * slot
        self._cells[i] = value & 255
        self._cells[i + 1] = value >> 8


def write(places: Places, game: StepGame, seat: int, sink: Sink) -> None:
    """The tensor's entries for ``seat`` (any, for a layout without his own pieces) into
    ``sink`` (scores are fractions of the target, counts of tiles fractions of a hand)."""
    if places.seat >= 0:
        sink.one(places.seat + seat)
    if places.turn >= 0:
        turn = game.current()
        if turn >= 0:
            sink.one(places.turn + turn)
    if places.phase >= 0:
        sink.one(places.phase + game.phase)
        start, target = places.scores, game.rules.target
        for side, score in enumerate(game.scores):
            sink.fraction(start + side, score, target)
    if game.deals:
        _deal(places, game, seat, sink)
        if places.earlier >= 0:
            _earlier(places, game, seat, sink)


def _earlier(places: Places, game: StepGame, seat: int, sink: Sink) -> None:
    """Every deal before the current one, whole: the dealer, the seat's tiles drawn and laid
    away (if his own pieces are in the layout), the starter, the play (as ``plays``), the
    crib shown."""
    n = game.players
    width = earlier_width(n)
    play_width = n + TILE_COUNT + 1
    for number, log in enumerate(game.deals[:-1][: places.earlier_rows]):
        start = places.earlier + number * width
        sink.one(start + log.dealer)
        start += n
        if places.drawn >= 0:
            sink.bits(drawn_by(log, seat, game.drawn, n), start)
            sink.bits(log.away[seat], start + TILE_COUNT)
        sink.one(start + 2 * TILE_COUNT + log.starter)
        sink.bits(crib_of(log), start + 3 * TILE_COUNT)
        start += 4 * TILE_COUNT
        for row, play in enumerate(log.plays):
            sink.one(start + row * play_width + (play >> PLAY_SEAT_SHIFT))
            sink.one(start + row * play_width + n + (play & _TILE_BITS))


def max_plays(players: int) -> int:
    """The most entries a deal's play can have: every tile, and at most one go a seat in
    each count (a count holds a tile at least)."""
    tiles = HAND_SIZE * players
    return tiles + tiles * players


def earlier_width(players: int) -> int:
    """The entries of one earlier deal in the information state with ``earlier`` deals:
    the dealer, his tiles drawn and laid away, the starter, the play, the crib shown."""
    return players + 4 * TILE_COUNT + max_plays(players) * (players + TILE_COUNT + 1)


def _deal(places: Places, game: StepGame, seat: int, sink: Sink) -> None:
    log, n = game.log, game.players
    if places.drawn >= 0:
        sink.bits(drawn_by(log, seat, game.drawn, n), places.drawn)
    if places.hand >= 0:
        sink.bits(game.holding(seat), places.hand)
    if places.away >= 0:
        sink.bits(log.away[seat], places.away)
    if places.hands >= 0:
        for other in range(n):
            sink.bits(game.holding(other), places.hands + other * TILE_COUNT)
            sink.bits(log.away[other], places.aways + other * TILE_COUNT)
        if log.blind != NO_TILE:
            sink.one(places.blind + log.blind)
    if places.dealer < 0:
        return
    sink.one(places.dealer + log.dealer)
    if places.laid_away >= 0:
        start = places.laid_away
        for other in range(n):
            sink.fraction(start + other, tiles_counted(log.away[other]), game.laid_away)
    if log.starter == NO_TILE:
        return
    sink.one(places.starter + log.starter)
    if places.plays >= 0:
        start, width = places.plays, n + TILE_COUNT + 1
        for row, play in enumerate(log.plays):
            sink.one(start + row * width + (play >> PLAY_SEAT_SHIFT))
            sink.one(start + row * width + n + (play & _TILE_BITS))
        return
    referee = game.referee
    start = places.laid
    for other in range(n):  # each seat's tiles laid this deal
        sink.bits(referee.public[other].tiles, start + other * TILE_COUNT)
    start = places.count
    for tile in referee.laid:
        sink.one(start + tile.index)
    sink.fraction(start + TILE_COUNT, referee.count, MAX_COUNT)
    go, above, holding = places.go, places.above, places.holding
    passed = referee.passed_mask
    for other in range(n):
        if passed >> other & 1:
            sink.one(go + other)
        if holding >= 0:
            sink.fraction(holding + other, HAND_SIZE - referee.seats[other].laid, HAND_SIZE)
        sink.fraction(above + other, referee.public[other].above + 1, MAX_COUNT + 1)
