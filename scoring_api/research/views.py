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

from scoring_api.rules.constants import HAND_SIZE, TILE_COUNT
from scoring_api.rules.referee_state import NO_GO
from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim import tensors
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
from scoring_api.sim.tensors import crib_of as crib_of  # the engine's, compiled (and below)
from scoring_api.sim.tensors import drawn_by as drawn_by
from scoring_api.sim.tensors import earlier_width as earlier_width
from scoring_api.sim.tensors import max_plays as max_plays

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


VIEWS = ("observation", "information", "full")
"""The tensors there are: the table now as a seat sees it, his information state (perfect
recall), and the whole state (every seat's tiles: OpenSpiel's all-players observer,
PettingZoo's ``state()``)."""


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


class Encoder:
    """Writes one layout's tensor for a state (scores are fractions of the target, counts of
    tiles fractions of a hand), by the compiled engine (``sim.tensors.write``): the pieces'
    places are worked out once, here; a write is a list of the entries that are 1 and a few
    fractions, set in one call."""

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
        self.places = tensors.Places(self.at, earlier)
        self.players = players
        self.full = full

    def write(self, game: StepGame, seat: int, tensor: NDArray[np.float32]) -> None:
        """Fills ``tensor`` (all zero, ``size`` long) for ``seat`` (any, if ``full``)."""
        entries = tensors.Entries()
        tensors.write(self.places, game, seat, entries)
        # One scattered assignment: the ones after the fractions.
        tensor[entries.at + entries.ones] = entries.values + [1.0] * len(entries.ones)

    def fraction_places(self) -> list[int]:
        """The places whose entries may be fractions (the others are 0 or 1)."""
        places: list[int] = []
        for name, shape in self.layout.pieces:
            start, size = self.at[name], int(np.prod(shape))
            if name in ("scores", "laid_away", "holding", "above"):
                places += range(start, start + size)
            elif name == "count":
                places.append(start + TILE_COUNT)
        return places

    def packed(self, rows: int) -> tensors.Packed:
        """A packing of ``rows`` games' tensors (and legal actions) for a batch."""
        return tensors.Packed(self.places, self.size, self.fraction_places(), rows)
