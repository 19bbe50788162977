"""Goes: nobody may skip his own go, the others' goes are inferred, and how goes are shown.

docs/rules.md section 6: "N go · D cannot play: D +1 for the go, reset · N 0-6".
"""

from scoring_api.rules import Play, parse_tile, score_pegging, validate_play

N, D = 0, 1
RECORD = [
    Play(N, parse_tile("3-4")),
    Play(D, parse_tile("2-6")),
    Play(N, parse_tile("4-4")),
    Play(D, parse_tile("1-6")),  # count 30
]


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
