"""The record reader's hook: told each go it hands the referee (listed or implied, in the order
the referee takes them) and each tile just before it is laid, with the referee as it stood;
what the review of a deal reads each seat's knowledge from, off the one refereeing pass."""

from __future__ import annotations

from scoring_api.rules import Play, PlayReferee, Tile, parse_tiles, score_pegging
from scoring_api.rules.records import ReadingHook

N, D = 0, 1
HANDS = [parse_tiles(["3-4", "4-4", "0-6", "2-2"]), parse_tiles(["2-6", "1-6", "4-5", "3-3"])]
TILES = parse_tiles(["3-4", "2-6", "4-4", "1-6", "0-6", "3-3", "2-2", "4-5"])
PLAIN = [Play(i % 2, tile) for i, tile in enumerate(TILES)]
"""docs/rules.md section 6, the goes left out: N cannot lay at 30 and says go, so does D."""


class Told(ReadingHook):
    def __init__(self) -> None:
        self.heard: list[tuple[object, ...]] = []

    def go(self, player: int) -> None:
        self.heard.append(("go", player))

    def tile(self, index: int, player: int, tile: Tile, referee: PlayReferee) -> None:
        bounds = tuple(public.above for public in referee.public)
        self.heard.append((index, player, tile.text, referee.count, referee.turn, bounds))


def heard(plays: list[Play]) -> list[tuple[object, ...]]:
    told = Told()
    plain = score_pegging(plays, dealer=D, hands=HANDS)
    assert score_pegging(plays, dealer=D, hands=HANDS, hook=told) == plain  # it only listens
    return told.heard


def test_the_hook_hears_implied_goes_as_listed_ones_and_each_tile_before_it_is_laid() -> None:
    implied = heard(PLAIN)
    # After 1-6 (count 30) both goes close the count; 0-6 leads the next, on turn, the bounds
    # of both goes at 30 (room 1) known.
    assert implied[4:7] == [("go", N), ("go", D), (4, N, "0-6", 0, N, (1, 1))]
    assert implied[0] == (0, N, "3-4", 0, N, (-1, -1))
    assert [entry for entry in implied if entry[0] != "go"][-1][:4] == (7, D, "4-5", 16)
    listed = heard([*PLAIN[:4], Play(N, None), *PLAIN[4:]])
    # the same actions, the tiles' entries one later after the listed go
    assert [e[1:] if e[0] != "go" else e for e in listed] == [
        e[1:] if e[0] != "go" else e for e in implied
    ]
    assert [e[0] for e in listed if e[0] != "go"] == [0, 1, 2, 3, 5, 6, 7, 8]
