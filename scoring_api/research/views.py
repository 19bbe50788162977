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


def information_string(game: StepGame, seat: int, private: bool = True) -> str:
    """The seat's information state: every deal so far as he saw it."""
    n = game.players
    lines = [f"seat {seat} of {n}; scores {' '.join(map(str, game.scores))}"]
    for number, log in enumerate(game.deals):
        away_counts = ",".join(str(bin(away).count("1")) for away in log.away)
        line = f"deal {number + 1}: dealer {log.dealer}; dealt {len(log.order)}"
        if private:
            mine = drawn_by(log, seat, game.drawn, n)
            line += f"; mine {tiles_text(mine)}; away {tiles_text(log.away[seat])}"
        line += f"; laid away {away_counts}"
        if log.starter != NO_TILE:
            line += f"; starter {ALL_TILES[log.starter].text}; play {_plays_text(log)}"
        if log is not game.log or crib_shown(log):
            line += f"; crib {tiles_text(crib_of(log))}"
        lines.append(line)
    return "\n".join(lines)


def crib_shown(log: DealLog) -> bool:
    """Whether the deal's crib has been shown (counted)."""
    return any(EVENT_KINDS[kind] == "crib" for _, kind, _ in log.events)


def observation_string(game: StepGame, seat: int, private: bool = True) -> str:
    """The table now, as the seat sees it."""
    n = game.players
    words = [f"seat {seat} of {n}" if private else f"table of {n}", f"phase {PHASES[game.phase]}"]
    words.append(f"scores {' '.join(map(str, game.scores))}")
    if not game.deals:
        return "; ".join(words)
    log = game.log
    words.append(f"dealer {log.dealer}")
    if private:
        words.append(f"hand {tiles_text(game.holding(seat))}")
        words.append(f"away {tiles_text(log.away[seat])}")
    if log.starter != NO_TILE:
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


@dataclass(frozen=True)
class Layout:
    """The pieces of a tensor, in order: name and shape."""

    pieces: tuple[tuple[str, tuple[int, ...]], ...]

    @property
    def size(self) -> int:
        return sum(int(np.prod(shape)) for _, shape in self.pieces)

    def views(self, tensor: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Named, shaped views into one flat tensor."""
        named, start = {}, 0
        for name, shape in self.pieces:
            size = int(np.prod(shape))
            named[name] = tensor[start : start + size].reshape(shape)
            start += size
        return named


def max_plays(players: int) -> int:
    """The most entries a deal's play can have: every tile, and at most one go a seat in
    each count (a count holds a tile at least)."""
    tiles = HAND_SIZE * players
    return tiles + tiles * players


def layout(players: int, sides: int, recall: bool, private: bool) -> Layout:
    """The tensor's pieces for a table of ``players``: with ``recall`` the information
    state's, else the observation's."""
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("seat", (players,)),
        ("dealer", (players,)),
        ("phase", (len(PHASES),)),
        ("scores", (sides,)),
    ]
    if private:
        pieces += [("drawn" if recall else "hand", (TILE_COUNT,)), ("away", (TILE_COUNT,))]
    pieces += [("laid_away", (players,)), ("starter", (TILE_COUNT,))]
    if recall:
        pieces.append(("plays", (max_plays(players), players + TILE_COUNT + 1)))
    else:
        pieces += [
            ("laid", (players, TILE_COUNT)),
            ("count", (TILE_COUNT + 1,)),
            ("go", (players,)),
            ("holding", (players,)),
            ("above", (players,)),
        ]
    return Layout(tuple(pieces))


def write_tensor(
    game: StepGame, seat: int, named: dict[str, NDArray[np.float32]], private: bool = True
) -> None:
    """Fill the named views (all zero) of ``layout``'s tensor for ``seat``. Scores are
    fractions of the target; counts of tiles fractions of a hand."""
    named["seat"][seat] = 1.0
    named["phase"][game.phase] = 1.0
    named["scores"][:] = np.asarray(game.scores, np.float32) / game.rules.target
    if not game.deals:
        return
    log, n = game.log, game.players
    named["dealer"][log.dealer] = 1.0
    if private:
        if "drawn" in named:
            _set_tiles(named["drawn"], drawn_by(log, seat, game.drawn, n))
        else:
            _set_tiles(named["hand"], game.holding(seat))
        _set_tiles(named["away"], log.away[seat])
    for other, away in enumerate(log.away):
        named["laid_away"][other] = bin(away).count("1") / game.laid_away
    if log.starter == NO_TILE:
        return
    named["starter"][log.starter] = 1.0
    if "plays" in named:
        plays = named["plays"]
        for row, play in enumerate(log.plays):
            plays[row, play >> PLAY_SEAT_SHIFT] = 1.0
            plays[row, n + (play & _TILE_BITS)] = 1.0
        return
    referee = game.referee
    for other, mask in enumerate(laid_by(log, n)):
        _set_tiles(named["laid"][other], mask)
    for tile in referee.laid:
        named["count"][tile.index] = 1.0
    named["count"][TILE_COUNT] = referee.count / MAX_COUNT
    for other, (state, public) in enumerate(zip(referee.seats, referee.public, strict=True)):
        named["go"][other] = float(referee.passed_mask >> other & 1)
        named["holding"][other] = (HAND_SIZE - state.laid) / HAND_SIZE
        named["above"][other] = (public.above + 1) / (MAX_COUNT + 1)


def _set_tiles(row: NDArray[np.float32], mask: int) -> None:
    for i in range(TILE_COUNT):
        if mask >> i & 1:
            row[i] = 1.0
