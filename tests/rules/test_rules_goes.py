"""Goes: nobody may skip his own go, the others' goes are inferred, and how goes are shown;
a tile after one's own go (one that would not have fitted at it) leads the next count; what a
verdict says (hint, leader, next).

docs/rules.md section 6: "N go · D cannot play: D +1 for the go, reset · N 0-6".
"""

from __future__ import annotations

import pytest

from scoring_api.rules import (
    HINT_CODES,
    REASON_CODES,
    IllegalPlayError,
    Play,
    Tile,
    parse_tile,
    score_pegging,
    validate_play,
)
from scoring_api.rules.errors import HINTS

N, D = 0, 1
A, B, C = 0, 1, 2
RECORD = [
    Play(N, parse_tile("3-4")),
    Play(D, parse_tile("2-6")),
    Play(N, parse_tile("4-4")),
    Play(D, parse_tile("1-6")),  # count 30
]
# the rest of the play after "N go": N 0-6 leads, D 3-3, N 2-2, D 4-5 (the last tile)
LAST_COUNT = [(N, "0-6"), (D, "3-3"), (N, "2-2"), (D, "4-5")]


def tiles_of(text: str) -> list[Tile]:
    return [parse_tile(name) for name in text.split()]


def test_a_tile_past_31_before_ones_own_go_is_refused() -> None:
    verdict = validate_play(RECORD, Play(N, parse_tile("0-6")))
    assert not verdict.legal
    assert verdict.reason is not None
    assert verdict.reason.code == "count_over_31"
    assert "36" in verdict.reason.message
    assert "say Go" in verdict.reason.message


def test_after_ones_own_go_the_tile_leads_the_next_count() -> None:
    verdict = validate_play([*RECORD, Play(N, None)], Play(N, parse_tile("0-6")))
    assert verdict.legal
    assert verdict.count == 6
    assert verdict.scores == (2, 3)  # D's go point for the 1-6, as in the worked example


def test_a_go_at_a_count_where_any_tile_fits_is_refused() -> None:
    # At count 15 every tile fits, so a go is refused even without the hand.
    short = [Play(N, parse_tile("3-4")), Play(D, parse_tile("2-6"))]
    verdict = validate_play(short, Play(N, None))
    assert not verdict.legal
    assert verdict.reason is not None
    assert verdict.reason.code == "go_with_playable_tile"


def test_a_go_entry_shows_the_count_it_was_said_at() -> None:
    record = [*RECORD, Play(N, None), Play(D, None)]  # both goes listed: D's closes the count
    result = score_pegging(record)
    assert [entry.count for entry in result.plays[-3:]] == [30, 30, 30]
    assert result.plays[3].closes == "go"
    assert result.count == 0
    assert result.next_player == N


def test_validate_shows_the_count_a_closing_tile_makes() -> None:
    # 6-6, 5-5 and 2-2 make 26; D's 0-5 then makes 31 and closes the count.
    record = [Play(N, parse_tile("6-6")), Play(D, parse_tile("5-5")), Play(N, parse_tile("2-2"))]
    assert validate_play(record[:2], record[2]).count == 26
    closing = validate_play(record, Play(D, parse_tile("0-5")))
    assert closing.legal
    assert closing.count == 31
    assert closing.scores == (0, 2)
    assert score_pegging([*record, Play(D, parse_tile("0-5"))]).plays[-1].count == 31


# --- a tile laid after one's own go (docs/rules.md section 3) -------------------------------
# The seat that said go lays a tile: it does not fit the count of his go (else the go was
# wrong: tests/rules/test_rules_exact_goes.py), so it leads the next count; the goes of the
# seats on turn after him are left out, the count closed and its last layer scored the go.
# (seat, tile or None for a go), seat 0 leads.
MIXED: dict[int, list[tuple[int, str | None]]] = {
    2: [(0, "6-6"), (1, "5-6"), (0, None), (0, "5-5")],  # dealer 1; 1's go left out
    3: [(0, "6-6"), (1, "4-6"), (2, "0-1"), (0, None), (0, "5-5")],  # 1's and 2's left out
    4: [(0, "6-6"), (1, "4-6"), (2, "0-1"), (3, "0-0"), (0, None), (0, "5-5")],
}


def mixed(players: int) -> list[Play]:
    return [Play(seat, None if tile is None else parse_tile(tile)) for seat, tile in MIXED[players]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tile_after_ones_own_go_leads_the_next_count(players: int) -> None:
    record = mixed(players)
    result = score_pegging(record, players=players)
    last_layer = players - 1  # laid the last tile of the first count: the go is his
    closing = result.plays[-3]
    assert (closing.player, closing.closes, closing.points) == (last_layer, "go", 1)
    assert [item.kind for item in closing.items] == ["go"]
    lead = result.plays[-1]
    assert (lead.player, lead.count, lead.points) == (0, 10, 0)
    assert result.scores == tuple(1 if seat == last_layer else 0 for seat in range(players))
    assert (result.count, result.next_player, result.said_go) == (10, 1, ())
    # the same record with every go listed reads the same
    listed = [*record[:-1], *(Play(seat, None) for seat in range(1, players)), record[-1]]
    assert score_pegging(listed, players=players).scores == result.scores
    # validation is strict, and he has said his go: the tile is legal, it leads a new count
    verdict = validate_play(record[:-1], record[-1], players=players)
    assert verdict.legal, verdict.reason
    assert (verdict.count, verdict.scores) == (10, result.scores)
    assert (verdict.next_player, verdict.leader) == (1, 0)


def test_with_hands_the_go_before_a_fitting_tile_is_wrong_where_it_is_said() -> None:
    # N holds the 0-2 that fits 23: with the hands given, his go is refused where it is said
    hands = [tiles_of("6-6 0-2 5-5 0-0"), tiles_of("5-6 3-3 4-4 2-3")]
    wrong = [*mixed(2)[:-1], Play(N, parse_tile("0-2"))]
    with pytest.raises(IllegalPlayError) as info:
        score_pegging(wrong, hands=hands)
    assert (info.value.index, info.value.code) == (2, "go_with_playable_tile")


def test_a_tile_after_ones_own_go_needs_him_to_lead_the_next_count() -> None:
    # 3 players: A said go at 23, then B lays 0-0 and C leads the next count, not A; A's 5-5
    # would not have fitted at 23, so only the turn is wrong
    record = [*mixed(3)[:4], Play(B, parse_tile("0-0")), Play(A, parse_tile("5-5"))]
    with pytest.raises(IllegalPlayError) as info:
        score_pegging(record, players=3)
    assert (info.value.index, info.value.code) == (5, "out_of_turn")
    refused = validate_play(record[:-1], record[-1], players=3)
    assert refused.reason is not None
    assert (refused.reason.code, refused.reason.hint, refused.leader) == (
        "out_of_turn",
        "wait_for_turn",
        None,
    )


# --- what the verdict says ------------------------------------------------------------------


def test_a_refused_tile_names_the_seat_whose_lead_it_is() -> None:
    # docs/rules.md section 6: after "N go" D is on turn at 30; the 0-6 tapped is N's lead
    after_go = [*RECORD, Play(N, None)]
    refused = validate_play(after_go, Play(D, parse_tile("0-6")))
    assert refused.reason is not None
    assert (refused.legal, refused.reason.code) == (False, "count_over_31")
    assert (refused.reason.hint, refused.leader) == ("lead_next_count", N)
    laid = validate_play(after_go, Play(N, parse_tile("0-6")))
    assert (laid.legal, laid.leader, laid.next_player) == (True, N, D)
    # before anyone said go, the seat on turn is told to say go, and no other seat is named
    early = validate_play(RECORD, Play(N, parse_tile("0-6")))
    assert early.reason is not None
    assert (early.reason.hint, early.leader) == ("say_go", None)
    # the acting player's hand holds the tile: it is his, so nobody else is named
    own = validate_play(after_go, Play(D, parse_tile("0-6")), hand=tiles_of("0-6 3-3"))
    assert own.reason is not None
    assert (own.reason.code, own.leader) == ("count_over_31", None)


def test_a_tile_not_on_turn_past_31_is_told_to_wait() -> None:
    # D laid 1-6 at 30; N is on turn. D proposes 5-5: he waits for the count to close.
    verdict = validate_play(RECORD, Play(D, parse_tile("5-5")))
    assert verdict.reason is not None
    assert (verdict.reason.code, verdict.reason.hint) == ("count_over_31", "wait_for_close")


@pytest.mark.parametrize(
    ("record", "play", "code", "hint"),
    [
        (RECORD[:1], Play(N, parse_tile("2-6")), "out_of_turn", "wait_for_turn"),
        (RECORD[:2], Play(N, None), "go_with_playable_tile", "lay_a_tile"),
        (RECORD[:2], Play(N, parse_tile("3-4")), "tile_repeated", "choose_another_tile"),
    ],
)
def test_every_refusal_has_a_hint(record: list[Play], play: Play, code: str, hint: str) -> None:
    verdict = validate_play(record, play)
    assert verdict.reason is not None
    assert (verdict.reason.code, verdict.reason.hint) == (code, hint)


def test_every_reason_code_has_a_hint() -> None:
    assert set(HINTS) == set(REASON_CODES)
    assert set(HINTS.values()) <= set(HINT_CODES)


def test_a_legal_verdict_says_who_is_on_turn_next() -> None:
    # the go that closes the count hands the turn to the leader of the next count
    closing = validate_play([*RECORD, Play(N, None)], Play(D, None))
    assert (closing.legal, closing.next_player, closing.leader) == (True, N, None)
    # the last tile of the play: nobody is on turn
    whole = [*RECORD, Play(N, None), *(Play(p, parse_tile(t)) for p, t in LAST_COUNT[:-1])]
    last = validate_play(whole, Play(D, parse_tile(LAST_COUNT[-1][1])))
    assert (last.legal, last.next_player, last.points) == (True, None, 1)


def test_the_pegging_answer_lists_the_goes_of_the_open_count() -> None:
    assert score_pegging([*RECORD, Play(N, None)]).said_go == (N,)
    assert score_pegging([*RECORD, Play(N, None), Play(D, None)]).said_go == ()  # closed
    # a go inferred from the order: D lays twice at 23, so N said go
    inferred = score_pegging([Play(N, parse_tile("6-6")), Play(D, parse_tile("5-6")),
                              Play(D, parse_tile("0-0"))])  # fmt: skip
    assert (inferred.said_go, inferred.next_player) == ((N,), D)
