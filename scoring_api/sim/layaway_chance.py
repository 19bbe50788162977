"""The lay-away by the chance to win (two players, the scores told): ``search``'s lay-away
near the end of a game.

Points are what the expert's lay-away weighs (``expert.model.expert_ranking``: the hand, the
crib against the other's lay-away pattern, the play the kept tiles lead to), and far from the
end the most points is the best chance. Near it, who reaches the target first decides: the
non-dealer's hand counts before the dealer's and his crib, the play before either, and a side
a few points short wants the lay-away most likely to get them, not the most on average.

So the expert's best ``CANDIDATES`` lay-aways are each played out against the same ``DEALS``
deals of the other's six and the starter, drawn from the tiles the seat has not seen (by value,
each value's tiles as many as the set holds, less his own; a starter of an even value is its
double as often as the set's tiles of that value make it): the other lays away as the expert
would, both lay by the expert's play table (``playouts.two_player.race_play``), the starter's
double, the play, the hands in the show's order and the crib scored in turn until a side
reaches the target (who does first wins). A deal where neither does is valued by the chance
to win from its scores, the deal passing to the other side (``winprob.chances``). He lays
away the candidate with the best mean chance; the expert's own choice on a tie.

It knows only what the seat knows: his six values, whose crib it is, the scores before the
deal and the rules; its draws come from the stream it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring_api.rules.constants import MAX_VALUE
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import NO_SEAT, next_seat
from scoring_api.rules.show import VALUE_WEIGHTS, show_table
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import VALUE_COUNTS

from .coverage import uncovered
from .expert.model import expert_ranking
from .expert.tables import EXPERT_DISCARDS, EXPERT_PLAYERS, ExpertTables
from .layaway import DrawnValues, Positions
from .playouts.two_player import ME, OTHER, Plays, plays_of, race_play
from .winprob.chances import chances

NEAR: Final = 40
"""Points from the target (either side's) from which the lay-away is by the chance to win."""
CANDIDATES: Final = 6
"""The expert's best lay-aways (by its points) weighed by the chance."""
DEALS: Final = 800
"""Deals of the other's six and the starter each candidate is played out against."""

Race = tuple[int, int, int]
"""A deal up to the show: the side that reached the target first (``NO_SEAT``: neither),
then his points and the other's (the starter's double and the play)."""


def for_the_game(
    tables: ExpertTables,
    values: DrawnValues,
    own_crib: bool,
    rules: RuleOptions,
    scores: Sequence[int],
    rng: Stream,
    near: int = NEAR,
) -> Positions | None:
    """The lay-away with the best chance to win among the expert's best ``CANDIDATES``
    (``scores``: his side's, then the other's, before the deal); None where the chance does
    not decide it (not two players, scores not told, rules the tables do not cover, both
    sides further than ``near`` from the target)."""
    if (
        rules.players != EXPERT_PLAYERS
        or len(scores) != EXPERT_PLAYERS
        or uncovered(rules) is not None
        or max(scores) < rules.target - near
    ):
        return None
    options = expert_ranking(tables, values, own_crib, rules)[:CANDIDATES]
    expert = tables.discard(values, own_crib)
    candidates = [expert] + [o.laid_away for o in options if o.laid_away != expert]
    pool: list[int] = []  # the values of the tiles he has not seen
    for value in range(MAX_VALUE + 1):
        pool += [value] * (VALUE_COUNTS[value] - values.count(value))
    # Each candidate's kept values and the crib's weight of its two: the same every deal.
    kept_by = [[v for i, v in enumerate(values) if i not in laid] for laid in candidates]
    kept_keys = [_key(kept) for kept in kept_by]
    crib_by = [
        VALUE_WEIGHTS[values[laid[0]]] + VALUE_WEIGHTS[values[laid[1]]] for laid in candidates
    ]
    totals = [0.0] * len(candidates)
    # Each candidate's play against each of the other's kept hands (and starter double or
    # not): the expert keeps a few hundred hands of 800 sixes, and the play is a function of
    # the two hands.
    races: list[dict[int, Race]] = [{} for _ in candidates]
    shows, plays = show_table(rules), plays_of(tables.play)
    for _ in range(DEALS):
        rng.shuffle(pool, EXPERT_DISCARDS.drawn + 1)
        his_six = tuple(sorted(pool[: EXPERT_DISCARDS.drawn]))
        starter = pool[EXPERT_DISCARDS.drawn]
        double = starter % 2 == 0 and rng.below(VALUE_COUNTS[starter]) == 0
        away = tables.discard(his_six, not own_crib)
        his_kept = [v for i, v in enumerate(his_six) if i not in away]
        his_crib = VALUE_WEIGHTS[his_six[away[0]]] + VALUE_WEIGHTS[his_six[away[1]]]
        his_key = _key(his_kept)
        for k, kept in enumerate(kept_by):
            crib = his_crib + crib_by[k]
            totals[k] += _deal_chance(
                rules,
                scores,
                own_crib,
                shows,
                plays,
                (kept, his_kept),
                (kept_keys[k], his_key),
                starter,
                crib,
                double,
                races[k],
            )
    best = 0
    for k in range(1, len(candidates)):
        if totals[k] > totals[best]:
            best = k
    return candidates[best]


def _deal_chance(
    rules: RuleOptions,
    scores: Sequence[int],
    own_crib: bool,
    shows: bytes,
    plays: Plays,
    hands: tuple[list[int], list[int]],
    keys: tuple[int, int],
    starter: int,
    crib: int,
    double: bool,
    races: dict[int, Race],
) -> float:
    """His chance to win once this deal (his kept values and the other's, ``hands``, and
    their show keys, ``keys``; the crib's show key less the starter's) is played and shown;
    ``races``: the deals up to the show of his hand so far, by the other's hand and the
    double."""
    target = rules.target
    dealer = ME if own_crib else OTHER
    leader = next_seat(dealer, EXPERT_PLAYERS)
    seen = keys[OTHER] * 2 + int(double)
    race = races.get(seen)
    if race is None:
        race = _race(rules, scores, dealer, leader, plays, hands, double)
        races[seen] = race
    first, mine, his = race
    if first != NO_SEAT:
        return float(first == ME)
    points = [mine, his]
    key = VALUE_WEIGHTS[starter]
    events = (
        (leader, shows[keys[leader] + key]),
        (dealer, shows[keys[dealer] + key]),
        (dealer, shows[crib + key]),
    )
    for side, scored in events:
        points[side] += scored
        if scores[side] + points[side] >= target:
            return float(side == ME)
    after = [scores[ME] + points[ME], scores[OTHER] + points[OTHER]]
    return chances(rules, after, leader)[ME]


def _race(
    rules: RuleOptions,
    scores: Sequence[int],
    dealer: int,
    leader: int,
    plays: Plays,
    hands: tuple[list[int], list[int]],
    double: bool,
) -> Race:
    """The deal up to the show (``Race``): the starter's double, then the whole play."""
    target = rules.target
    points = [0, 0]
    if double:
        points[dealer] += rules.starter_double_points
        if scores[dealer] + points[dealer] >= target:
            return dealer, points[ME], points[OTHER]
    rooms = (target - scores[ME], target - scores[OTHER])
    first = race_play([list(hands[ME]), list(hands[OTHER])], leader, points, rooms, plays)
    return first, points[ME], points[OTHER]


def _key(values: list[int]) -> int:
    """The show key of four values."""
    weights = VALUE_WEIGHTS
    return weights[values[0]] + weights[values[1]] + weights[values[2]] + weights[values[3]]
