"""The two-player play on values alone, fast enough for the table builder's millions of
play-outs (docs/rules.md section 3), each seat laying by a play table or greedily; the
expert's tables are keyed by its information states (``PlayKey``).

A hand is a list of values (``laying``). The rules are the referee's
(``scoring_api.rules.referee``): a tile must fit the count; a player who cannot lay says go;
the last to lay in a count scores 1 for the go (or the last tile of all), none after 31; the
next count is led by the seat after the last layer. ``tests/sim/test_expert.py`` plays random
deals both here and through the referee and checks that every point agrees.

A play table's entry is one look-up of an int (``packed_key``), with no tuple made or hashed
per tile (the builder plays out hundreds of millions of tiles).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from scoring_api.rules.constants import MAX_COUNT, PLAYERS
from scoring_api.rules.play_scoring import values_code
from scoring_api.rules.seats import NO_SEAT, next_seat

from .holdings import values_of
from .laying import greedy_of_code, hand_code, lay_value

Values = tuple[int, ...]
"""Values in the play: a player's not yet laid (lowest first), or a count's (in order)."""
PlayKey = tuple[Values, Values, int, bool]
"""An information state of the two-player play: his values not yet laid, the current count's
values, how many tiles the other holds, and whether the other has said go (the expert's
tables are keyed by it)."""
PlayTable = Mapping[PlayKey, int]
"""The value to lay by information state (``ExpertTables.play``)."""

ME: Final = 0
"""The seat of a play-out that values a choice: the player deciding (``Final``: the compiled
loop reads it as a constant, not a module global)."""
OTHER: Final = 1
"""The other seat of such a play-out."""
_OTHER: Final = tuple(next_seat(seat, PLAYERS) for seat in range(PLAYERS))
"""The other seat of each, looked up: the play-out asks on every tile."""

NEVER: Final = 1 << 30
"""Points no seat lacks: a play-out played to its end, whatever it scores."""
UNREACHED: Final = (NEVER, NEVER)
"""The points each seat lacks of the target, where the target plays no part."""

PackedPlay = dict[int, int]
"""A play table keyed by ``packed_key``."""
Plays = tuple[PackedPlay | None, PackedPlay | None]
"""The packed table each seat of a play-out lays by (None: greedily)."""


def packed_key(hand_code: int, count_code: int, held: int, passed: bool) -> int:
    """A play table's key as one int: the codes of the player's values (at most four) and of
    the count's values, how many tiles the other holds (0..4), whether he has said go."""
    return ((((count_code << 16) | hand_code) << 3 | held) << 1) | passed


def pack_play(play: PlayTable) -> PackedPlay:
    """The play table keyed by ``packed_key``."""
    return {
        packed_key(values_code(mine), values_code(values), held, passed): value
        for (mine, values, held, passed), value in play.items()
    }


MAX_PACKED = 4
"""Play tables kept packed: every caller plays out with one or two tables (the shipped one,
the builder's round before, the fixed expert an exploiter is built against) for many calls."""
_packed_tables: dict[int, tuple[PlayTable, PackedPlay]] = {}


def packed_play(play: PlayTable) -> PackedPlay:
    """``pack_play(play)``, remembered by identity (the table itself kept beside it, so its
    id is not reused while remembered)."""
    found = _packed_tables.get(id(play))
    if found is not None and found[0] is play:
        return found[1]
    if len(_packed_tables) >= MAX_PACKED:
        _packed_tables.clear()
    packed = pack_play(play)
    _packed_tables[id(play)] = (play, packed)
    return packed


def _plays(play: PlayTable | None, other_play: PlayTable | None) -> Plays:
    """The packed table each seat lays by: ``play`` for both, or ``other_play`` for OTHER."""
    mine = None if play is None else packed_play(play)
    return (mine, mine if other_play is None else packed_play(other_play))


def _table_value(
    play: PackedPlay, hand: list[int], code: int, room: int, held: int, passed: bool
) -> int:
    """The value the play table lays (greedy where it is silent); -1 if none fits.
    ``hand`` is lowest first, so the values that fit are its first ones."""
    if not hand or hand[0] > room:
        return -1
    last = 0
    while last + 1 < len(hand) and hand[last + 1] <= room:
        last += 1
    if hand[last] != hand[0]:
        chosen = play.get(packed_key(hand_code(hand), code, held, passed))
        if chosen is not None:
            return chosen
    return greedy_of_code(hand, code, room)


def play_out(
    hands: list[list[int]],
    turn: int | None,
    count_values: tuple[int, ...],
    passed: list[bool],
    last: int,
    points: list[int],
    play: PlayTable | None = None,
    other_play: PlayTable | None = None,
) -> None:
    """Play the rest of a play from the state given, adding to ``points`` by seat: both lay
    greedily, or by ``play`` where it has the state (seat OTHER by ``other_play`` instead,
    where given: a fixed player the table's owner faces).

    ``hands``: each seat's values not yet laid, lowest first (emptied as they are laid);
    ``turn``: who is to act (None: nobody has a tile); ``count_values``: the current count's
    values in order; ``passed``: who has said go in it; ``last``: who laid its last tile.
    """
    start = NO_SEAT if turn is None else turn
    code, count = values_code(count_values), sum(count_values)
    plays = _plays(play, other_play)
    _play_out(hands, start, code, count, passed, last, points, plays, UNREACHED)


def _play_out(
    hands: list[list[int]],
    turn: int,
    code: int,
    count: int,
    passed: list[bool],
    last: int,
    points: list[int],
    plays: Plays,
    rooms: tuple[int, int],
) -> int:
    """``play_out`` with the count's values as their code (``code``, ``count``), stopping
    as soon as a seat has scored the points it lacks (``rooms``, by seat): that seat, or
    ``NO_SEAT`` once the play is over with neither (``UNREACHED``: always)."""
    mine, his = plays  # unpacked once: a select per tile, not a tuple look-up
    while turn != NO_SEAT:
        hand = hands[turn]
        other = _OTHER[turn]
        room = MAX_COUNT - count
        play = mine if turn == ME else his
        if play is None:
            value = greedy_of_code(hand, code, room)
        else:
            value = _table_value(play, hand, code, room, len(hands[other]), passed[other])
        if value < 0:  # go
            passed[turn] = True
            if not passed[other] and hands[other]:
                turn = other
                continue
            points[last] = points[last] + 1  # nobody can lay: the go point closes the count
            if points[last] >= rooms[last]:
                return last
        else:
            code = lay_value(hand, value, code, count, points, turn)
            count += value
            last = turn
            if points[turn] >= rooms[turn]:
                return turn
            if count != MAX_COUNT:
                if not passed[other] and hands[other]:
                    turn = other
                    continue
                if hand:  # he goes on alone
                    continue
                points[turn] = points[turn] + 1  # the last tile of the count (or of the play)
                if points[turn] >= rooms[turn]:
                    return turn
        # A new count, led by the seat after the last layer that still holds a tile.
        code, count, passed = 0, 0, [False] * PLAYERS
        after = _OTHER[last]
        turn = after if hands[after] else (last if hands[last] else NO_SEAT)
    return NO_SEAT


def play_values(
    key: PlayKey,
    holdings: Sequence[list[int]],
    play: PlayTable | None,
    other_play: PlayTable | None = None,
) -> dict[int, int]:
    """Each value the player may lay in the information state ``key`` (his values, the
    count's values, the other's number of tiles, whether the other has said go): the total
    over ``holdings`` of the other of the rest of the play's points, his minus the other's
    (``play_nets``). The builder lays the best (``entries.best_play``); the review of a deal
    shows them all."""
    return {value: sum(nets) for value, nets in play_nets(key, holdings, play, other_play).items()}


def play_nets(
    key: PlayKey,
    holdings: Sequence[list[int]],
    play: PlayTable | None,
    other_play: PlayTable | None = None,
) -> dict[int, list[int]]:
    """Each value the player may lay in the state ``key``: against each of ``holdings`` of the
    other, the rest of the play's points, his minus the other's, that tile's own included;
    both lay greedily after it, or by ``play`` (the other by ``other_play``, where given)."""
    return StateNets(key, play, other_play).nets(holdings)


class StateNets:
    """``play_nets`` in one state, each holding of the other played out once however often it
    is drawn: a holding is his values (lowest first), so the same one comes again and again
    (the search draws hundreds in a state), and its play-outs are a function of it alone."""

    def __init__(
        self, key: PlayKey, play: PlayTable | None, other_play: PlayTable | None = None
    ) -> None:
        mine, count_values, _, passed = key
        self.mine = mine
        self.count = sum(count_values)
        self.code = values_code(count_values)
        self.passed = passed
        self.plays = _plays(play, other_play)
        self.candidates = sorted({v for v in mine if self.count + v <= MAX_COUNT})
        """The values he may lay, lowest first."""
        self.known: dict[int, list[int]] = {}
        """By a holding's ``hand_code``, each candidate's net against it."""
        self.by_counts: dict[int, list[int]] = {}
        """By a holding's counts code (``code_nets``), each candidate's net against it."""

    def nets(self, holdings: Sequence[list[int]]) -> dict[int, list[int]]:
        """``play_nets`` against ``holdings``."""
        candidates, known = self.candidates, self.known
        nets: dict[int, list[int]] = {value: [] for value in candidates}
        columns = [nets[value] for value in candidates]
        for his in holdings:
            holding = hand_code(his)
            found = known.get(holding)
            if found is None:
                found = known[holding] = [self.net(value, his) for value in candidates]
            for k in range(len(candidates)):
                columns[k].append(found[k])
        return nets

    def code_nets(self, holdings: list[int]) -> dict[int, list[int]]:
        """``nets`` against ``holdings`` given as counts codes (``holdings.counts_of``):
        remembered by the code itself, the values made only for a holding not met before."""
        candidates, known = self.candidates, self.by_counts
        nets: dict[int, list[int]] = {value: [] for value in candidates}
        columns = [nets[value] for value in candidates]
        for holding in holdings:
            found = known.get(holding)
            if found is None:
                his = values_of(holding)
                found = known[holding] = [self.net(value, his) for value in candidates]
            for k in range(len(candidates)):
                columns[k].append(found[k])
        return nets

    def net(self, value: int, his: list[int]) -> int:
        """The rest of the play's points after he lays ``value``, his less the other's, the
        other holding ``his``."""
        points = [0, 0]
        self.race(value, his, points, UNREACHED)
        return points[ME] - points[OTHER]

    def race(self, value: int, his: list[int], points: list[int], rooms: tuple[int, int]) -> int:
        """The rest of the play after he lays ``value``, the other holding ``his``, each
        seat's points added to ``points`` until a seat has scored the points it lacks
        (``rooms``, ME's first): that seat (who reaches the target first wins the game), or
        ``NO_SEAT`` at the end of the play with neither."""
        code, count, passed, plays = self.code, self.count, self.passed, self.plays
        rest = list(self.mine)
        after, then = lay_value(rest, value, code, count, points, ME), count + value
        if points[ME] >= rooms[ME]:
            return ME
        if then == MAX_COUNT:  # a new count, led by the other if he can
            turn = OTHER if his else (ME if rest else NO_SEAT)
            nobody_passed = [False] * PLAYERS
            return _play_out([rest, list(his)], turn, 0, 0, nobody_passed, ME, points, plays, rooms)
        turn = OTHER if his and not passed else (ME if rest else NO_SEAT)
        if turn == NO_SEAT:
            points[ME] = points[ME] + 1
            return ME if points[ME] >= rooms[ME] else NO_SEAT
        hands = [rest, list(his)]
        return _play_out(hands, turn, after, then, [False, passed], ME, points, plays, rooms)


def race_play(
    hands: list[list[int]], leader: int, points: list[int], rooms: tuple[int, int], plays: Plays
) -> int:
    """A whole play from its first tile, ``leader`` (ME or OTHER) leading, each seat laying
    by its table in ``plays`` (``plays_of``): ``hands`` by seat, each lowest first (emptied
    as they are laid), points added to ``points`` until a seat has scored the points it
    lacks (``rooms``): that seat, or ``NO_SEAT`` at the end of the play with neither."""
    passed = [False] * PLAYERS
    return _play_out(hands, leader, 0, 0, passed, _OTHER[leader], points, plays, rooms)


def plays_of(play: PlayTable) -> Plays:
    """Both seats laying by ``play`` (packed once, remembered), as ``race_play`` takes it."""
    return _plays(play, None)
