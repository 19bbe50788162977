"""What a seat sees of a ``StepGame``: strings and tensors, for OpenSpiel's observers and the
PettingZoo environment alike (docs/research.md, "Encodings").

Two views. The **information state** has perfect recall: the seat's string holds every deal so
far (his own draws and lay-aways, every public event: who dealt, the starter, each tile laid
and go said, each crib shown) and his tensor the current deal's every event in order with the
scores, which are all that earlier deals (every tile of them shown at their show) can change
in what follows. The **observation** is the table now: his hand and lay-away, the starter, the
count, the tiles each seat has laid this deal, the goes, how many tiles each holds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT, TILE_COUNT
from scoring_api.rules.referee_state import NO_GO
from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim.playouts.knowledge import SeatView
from scoring_api.sim.seat import seat_at_turn
from scoring_api.sim.stepwise import (
    EVENT_KINDS,
    GO,
    NO_TILE,
    OVER,
    PLAY_SEAT_SHIFT,
    DealLog,
    StepGame,
)

PHASES = ("first_dealer", "draw", "blind", "lay_away", "starter", "play", "over")
"""``StepGame.phase`` by number, as the strings and the tensors' phase piece name them."""
_TILE_BITS = (1 << PLAY_SEAT_SHIFT) - 1
UTILITIES = ("win", "margin")
"""What a game's end is worth to a seat: +1 to the winning side's seats and -1/(sides-1) to the
others', or a side's points less the mean of the other sides' (zero-sum either way)."""


def returns(game: StepGame, utility: str) -> list[float]:
    """Each seat's return (``UTILITIES``): zero until the game is over."""
    rules = game.rules
    if game.phase != OVER:
        return [0.0] * rules.players
    sides = rules.sides
    if utility == "win":
        loss = -1.0 / (sides - 1)
        by_side = [1.0 if side == game.winner else loss for side in range(sides)]
    else:
        total = sum(game.scores)
        by_side = [score - (total - score) / (sides - 1) for score in game.scores]
    return [by_side[rules.side_of(seat)] for seat in range(rules.players)]


def tiles_text(mask: int) -> str:
    """Tiles as the service writes them (``"0-1 3-5"``), in index order; ``-`` for none."""
    return " ".join(ALL_TILES[i].text for i in range(TILE_COUNT) if mask >> i & 1) or "-"


def drawn_by(log: DealLog, seat: int, drawn: int, players: int) -> int:
    """The tiles ``seat`` has drawn so far this deal, as a mask."""
    start = (seat - log.dealer - 1) % players * drawn
    mask = 0
    for tile in log.order[start : start + drawn]:
        mask |= 1 << tile
    return mask


def laid_by(log: DealLog, players: int) -> list[int]:
    """By seat, the tiles he has laid in this deal's play."""
    laid = [0] * players
    for play in log.plays:
        if play & _TILE_BITS != GO:
            laid[play >> PLAY_SEAT_SHIFT] |= 1 << (play & _TILE_BITS)
    return laid


def seen_by(game: StepGame, log: DealLog, seat: int) -> int:
    """The tiles ``seat`` has seen of ``log`` (a deal of ``game``), as a mask: those he drew,
    the starter, every tile laid."""
    seen = drawn_by(log, seat, game.drawn, game.players)
    for mask in laid_by(log, game.players):
        seen |= mask
    return seen if log.starter == NO_TILE else seen | 1 << log.starter


def view_of(game: StepGame, log: DealLog, seat: int) -> SeatView:
    """What ``seat`` knows of ``log`` (a deal of ``game``), as the simulator's floor takes it
    (``playouts.knowledge``): in the current deal's play, the view of the ``Seat`` the game
    would hand him (``seat.seat_at_turn``); before the play, or in a deal played out, no count
    and no go, each seat holding what he drew less what he laid away and laid. The key of his
    draws is left empty: the resampler's draws are named by OpenSpiel's numbers."""
    n, drawn = game.players, game.drawn
    mine = drawn_by(log, seat, drawn, n)
    if log is game.log and log.starter != NO_TILE:
        own = mine | 1 << log.starter
        return seat_at_turn(game.referee, seat, own, log.dealer, game.rules).view(())
    laid = laid_by(log, n)
    dealt = len(log.order)
    held = [
        min(drawn, max(0, dealt - (other - log.dealer - 1) % n * drawn))
        - bin(laid[other] | log.away[other]).count("1")
        for other in range(n)
    ]
    seen = seen_by(game, log, seat)
    return SeatView(
        seat=seat,
        dealer=log.dealer,
        sides=tuple(game.side_of),
        rules=game.rules,
        hand=tuple(tile.value for tile in tiles_in[mine & ~log.away[seat] & ~laid[seat]]),
        playable=(),
        count_values=(),
        passed=(False,) * n,
        last=None,
        held=tuple(held),
        above=(NO_GO,) * n,
        played=tuple(laid),
        unseen=tuple(sorted(tile.value for tile in ALL_TILES if not seen & tile.bit)),
        known=(),
    )


def _plays_text(log: DealLog) -> str:
    words = []
    for play in log.plays:
        tile = play & _TILE_BITS
        words.append(f"{play >> PLAY_SEAT_SHIFT}:{'go' if tile == GO else ALL_TILES[tile].text}")
    return " ".join(words)


def crib_of(log: DealLog) -> int:
    crib = 0 if log.blind == NO_TILE else 1 << log.blind
    for away in log.away:
        crib |= away
    return crib


def information_string(game: StepGame, seat: int, private: bool = True, public: bool = True) -> str:
    """The seat's information state: every deal so far as he saw it (``private``: his own
    tiles; ``public``: what the whole table saw)."""
    n = game.players
    lines = [f"seat {seat} of {n}" if private else f"table of {n}"]
    if public:
        lines[0] += f"; scores {' '.join(map(str, game.scores))}"
    for number, log in enumerate(game.deals):
        words = [f"deal {number + 1}"]
        if public:
            words.append(f"dealer {log.dealer}; dealt {len(log.order)}")
        if private:
            mine = drawn_by(log, seat, game.drawn, n)
            words.append(f"mine {tiles_text(mine)}; away {tiles_text(log.away[seat])}")
        if public:
            words.append(f"laid away {','.join(str(bin(a).count('1')) for a in log.away)}")
            if log.starter != NO_TILE:
                words.append(f"starter {ALL_TILES[log.starter].text}; play {_plays_text(log)}")
            if log is not game.log or crib_shown(log):
                words.append(f"crib {tiles_text(crib_of(log))}")
        lines.append("; ".join(words).replace("; ", ": ", 1))
    return "\n".join(lines)


def crib_shown(log: DealLog) -> bool:
    """Whether the deal's crib has been shown (counted)."""
    return any(EVENT_KINDS[kind] == "crib" for _, kind, _ in log.events)


def observation_string(game: StepGame, seat: int, private: bool = True, public: bool = True) -> str:
    """The table now, as the seat sees it (``private``: his own tiles; ``public``: what the
    whole table sees)."""
    n = game.players
    words = [f"seat {seat} of {n}" if private else f"table of {n}"]
    if public:
        words.append(f"phase {PHASES[game.phase]}")
        words.append(f"scores {' '.join(map(str, game.scores))}")
    if not game.deals:
        return "; ".join(words)
    log = game.log
    if public:
        words.append(f"dealer {log.dealer}")
    if private:
        words.append(f"hand {tiles_text(game.holding(seat))}")
        words.append(f"away {tiles_text(log.away[seat])}")
    if public and log.starter != NO_TILE:
        referee = game.referee
        words.append(f"starter {ALL_TILES[log.starter].text}")
        laid = " | ".join(tiles_text(mask) for mask in laid_by(log, n))
        words.append(f"laid {laid}")
        counted = " ".join(tile.text for tile in referee.laid) or "-"
        words.append(f"count {referee.count}: {counted}")
        goes = [str(other) for other in range(n) if referee.passed_mask >> other & 1]
        words.append(f"go {' '.join(goes) or '-'}")
        words.append(f"holding {' '.join(str(HAND_SIZE - s.laid) for s in referee.seats)}")
    return "; ".join(words)


def full_string(game: StepGame) -> str:
    """The whole state: the table, then every seat's tiles in hand and laid away (and the
    blind tile, with three players)."""
    lines = [observation_string(game, 0, private=False)]
    if game.deals:
        log = game.log
        lines += [
            f"seat {seat}: {tiles_text(game.holding(seat))}; away {tiles_text(log.away[seat])}"
            for seat in range(game.players)
        ]
        if log.blind != NO_TILE:
            lines.append(f"blind {ALL_TILES[log.blind].text}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Layout:
    """The pieces of a tensor, in order: name and shape."""

    pieces: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def size(self) -> int:
        return sum(int(np.prod(shape)) for _, shape in self.pieces)

    def offsets(self) -> dict[str, int]:
        """Where each piece starts in the flat tensor."""
        named, start = {}, 0
        for name, shape in self.pieces:
            named[name] = start
            start += int(np.prod(shape))
        return named

    def views(self, tensor: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Named, shaped views into one flat tensor."""
        return {
            name: tensor[start : start + int(np.prod(shape))].reshape(shape)
            for (name, shape), start in zip(self.pieces, self.offsets().values(), strict=True)
        }


def max_plays(players: int) -> int:
    """The most entries a deal's play can have: every tile, and at most one go a seat in
    each count (a count holds a tile at least)."""
    tiles = HAND_SIZE * players
    return tiles + tiles * players


VIEWS = ("observation", "information", "full")
"""The tensors there are: the table now as a seat sees it, his information state (perfect
recall), and the whole state (every seat's tiles: OpenSpiel's all-players observer,
PettingZoo's ``state()``)."""


def earlier_width(players: int) -> int:
    """The entries of one earlier deal in the information state with ``earlier`` deals:
    the dealer, his tiles drawn and laid away, the starter, the play, the crib shown."""
    return players + 4 * TILE_COUNT + max_plays(players) * (players + TILE_COUNT + 1)


def layout(
    players: int,
    sides: int,
    recall: bool,
    private: bool,
    public: bool = True,
    full: bool = False,
    earlier: int = 0,
) -> Layout:
    """The tensor's pieces for a table of ``players``: with ``recall`` the information
    state's, else the observation's; ``private``: the seat's own tiles (and his seat);
    ``public``: what the whole table sees; ``full``: the whole state, every seat's tiles
    (``private`` and ``recall`` then ignored); ``earlier`` (with ``recall``): room for that
    many earlier deals, each whole (``earlier_width``), for perfect recall in the tensor
    too."""
    n, tiles = players, TILE_COUNT
    if full:
        return Layout(
            (
                ("turn", (n,)),
                ("dealer", (n,)),
                ("phase", (len(PHASES),)),
                ("scores", (sides,)),
                ("hands", (n, tiles)),
                ("aways", (n, tiles)),
                ("blind", (tiles,)),
                ("starter", (tiles,)),
                ("laid", (n, tiles)),
                ("count", (tiles + 1,)),
                ("go", (n,)),
                ("above", (n,)),
            )
        )
    pieces: list[tuple[str, tuple[int, ...]]] = []
    if private:
        pieces.append(("seat", (n,)))
    if public:
        pieces += [("dealer", (n,)), ("phase", (len(PHASES),)), ("scores", (sides,))]
    if private:
        pieces += [("drawn" if recall else "hand", (tiles,)), ("away", (tiles,))]
    if not public:
        return Layout(tuple(pieces))
    pieces += [("laid_away", (n,)), ("starter", (tiles,))]
    if recall:
        pieces.append(("plays", (max_plays(n), n + tiles + 1)))
        if earlier:
            pieces.append(("earlier", (earlier, earlier_width(n))))
    else:
        pieces += [
            ("laid", (n, tiles)),
            ("count", (tiles + 1,)),
            ("go", (n,)),
            ("holding", (n,)),
            ("above", (n,)),
        ]
    return Layout(tuple(pieces))


def _bits(ones: list[int], mask: int, start: int) -> None:
    """Appends ``start + i`` for each tile ``i`` of ``mask``."""
    while mask:
        low = mask & -mask
        ones.append(start + low.bit_length() - 1)
        mask ^= low


class Encoder:
    """Writes one layout's tensor for a state (scores are fractions of the target, counts of
    tiles fractions of a hand). The pieces' places are worked out once, here: a write is a
    list of the entries that are 1 and a few fractions, set in one call."""

    def __init__(
        self,
        players: int,
        sides: int,
        recall: bool = False,
        private: bool = True,
        public: bool = True,
        full: bool = False,
        earlier: int = 0,
    ) -> None:
        self.layout = layout(players, sides, recall, private, public, full, earlier)
        self.size = self.layout.size
        self.at = self.layout.offsets()
        self.players = players
        self.full = full

    def write(self, game: StepGame, seat: int, tensor: NDArray[np.float32]) -> None:
        """Fills ``tensor`` (all zero, ``size`` long) for ``seat`` (any, if ``full``)."""
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        self.entries(game, seat, 0, ones, at, values)
        # One scattered assignment: the ones after the fractions.
        at += ones
        values += [1.0] * len(ones)
        tensor[at] = values

    def entries(
        self,
        game: StepGame,
        seat: int,
        base: int,
        ones: list[int],
        at: list[int],
        values: list[float],
    ) -> None:
        """The tensor's entries for ``seat``, each place plus ``base`` (a row of a batch):
        appended to ``ones`` those that are 1, to ``at`` and ``values`` the fractions."""
        first, fraction = len(ones), len(at)
        places = self.at
        if "seat" in places:
            ones.append(places["seat"] + seat)
        if "turn" in places and game.current() >= 0:
            ones.append(places["turn"] + game.current())
        if "phase" in places:
            ones.append(places["phase"] + game.phase)
            start, target = places["scores"], game.rules.target
            for side, score in enumerate(game.scores):
                at.append(start + side)
                values.append(score / target)
        if game.deals:
            self._deal(game, seat, ones, at, values)
            if "earlier" in places:
                self._earlier(game, seat, ones)
        if base:
            ones[first:] = [place + base for place in ones[first:]]
            at[fraction:] = [place + base for place in at[fraction:]]

    def _earlier(self, game: StepGame, seat: int, ones: list[int]) -> None:
        """Every deal before the current one, whole: the dealer, the seat's tiles drawn and
        laid away (if ``private``), the starter, the play (as ``plays``), the crib shown."""
        n, width = self.players, earlier_width(self.players)
        rows = self.layout.pieces[-1][1][0]
        for number, log in enumerate(game.deals[:-1][:rows]):
            start = self.at["earlier"] + number * width
            ones.append(start + log.dealer)
            start += n
            if "drawn" in self.at:
                _bits(ones, drawn_by(log, seat, game.drawn, n), start)
                _bits(ones, log.away[seat], start + TILE_COUNT)
            ones.append(start + 2 * TILE_COUNT + log.starter)
            _bits(ones, crib_of(log), start + 3 * TILE_COUNT)
            start += 4 * TILE_COUNT
            for row, play in enumerate(log.plays):
                ones.append(start + row * (n + TILE_COUNT + 1) + (play >> PLAY_SEAT_SHIFT))
                ones.append(start + row * (n + TILE_COUNT + 1) + n + (play & _TILE_BITS))

    def _deal(
        self, game: StepGame, seat: int, ones: list[int], at: list[int], values: list[float]
    ) -> None:
        places, log, n = self.at, game.log, self.players
        if "drawn" in places:
            _bits(ones, drawn_by(log, seat, game.drawn, n), places["drawn"])
        if "hand" in places:
            _bits(ones, game.holding(seat), places["hand"])
        if "away" in places:
            _bits(ones, log.away[seat], places["away"])
        if "hands" in places:
            for other in range(n):
                _bits(ones, game.holding(other), places["hands"] + other * TILE_COUNT)
                _bits(ones, log.away[other], places["aways"] + other * TILE_COUNT)
            if log.blind != NO_TILE:
                ones.append(places["blind"] + log.blind)
        if "dealer" not in places:
            return
        ones.append(places["dealer"] + log.dealer)
        if "laid_away" in places:
            start = places["laid_away"]
            for other, away in enumerate(log.away):
                at.append(start + other)
                values.append(bin(away).count("1") / game.laid_away)
        if log.starter == NO_TILE:
            return
        ones.append(places["starter"] + log.starter)
        if "plays" in places:
            start, width = places["plays"], n + TILE_COUNT + 1
            for row, play in enumerate(log.plays):
                ones.append(start + row * width + (play >> PLAY_SEAT_SHIFT))
                ones.append(start + row * width + n + (play & _TILE_BITS))
            return
        referee = game.referee
        start = places["laid"]
        for other, public in enumerate(referee.public):  # each seat's tiles laid this deal
            _bits(ones, public.tiles, start + other * TILE_COUNT)
        start = places["count"]
        for tile in referee.laid:
            ones.append(start + tile.index)
        at.append(start + TILE_COUNT)
        values.append(referee.count / MAX_COUNT)
        go, above, holding = places["go"], places["above"], places.get("holding", -1)
        for other, (state, public) in enumerate(zip(referee.seats, referee.public, strict=True)):
            if referee.passed_mask >> other & 1:
                ones.append(go + other)
            if holding >= 0:
                at.append(holding + other)
                values.append((HAND_SIZE - state.laid) / HAND_SIZE)
            at.append(above + other)
            values.append((public.above + 1) / (MAX_COUNT + 1))
