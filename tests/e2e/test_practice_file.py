"""The practice game saved to a file (issue 42): the practice table's "Save to a file" (by
keyboard) writes the game record the game tab writes, the person's seat and the computer's
seats with their strategies; POST /v1/games/score accepts it with the scores the table
shows, and the game tab's "Open a game file" opens it as any record, English and Russian."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, OpenPage
from .practice import api, awaiting, lay_away, play_turn, saved, set_up

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
OVER = 99  # deals enough to play a game to its end


def _play(page: Page, deals: int, plays: int) -> None:
    """The person's seat played through ``deals`` deals and then until the deal on hand has
    at least ``plays`` entries (or the game is over)."""
    done = turns = 0
    while True:
        step = awaiting(page)
        if step == "over" or (done == deals and len(saved(page)["deals"][-1]["plays"]) >= plays):
            return
        if step == "lay_away":
            lay_away(page, done)
        elif step == "play":
            play_turn(page, turns)
            turns += 1
        else:
            done += 1
            page.locator("#practice-next").click()


def _save(page: Page) -> dict[str, Any]:
    """The record "Save to a file" downloads, the button pressed by keyboard."""
    page.locator("#practice-save").focus()
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename.endswith(".json")
    record: dict[str, Any] = json.loads(Path(download.value.path()).read_text())
    return record


def _shown(page: Page, sides: int) -> list[int]:
    return [int(page.locator(f"#practice-score-{side}").inner_text()) for side in range(sides)]


@pytest.mark.parametrize(
    ("mode", "seats", "deals", "plays", "viewport", "locale"),
    [
        ("2", ["greedy"], 1, 3, PHONE, "en-US"),
        ("3", ["expert", "random"], 0, 0, DESKTOP, "ru-RU"),
        ("partners", ["greedy", "expected", "random"], 1, 5, DESKTOP, "en-US"),
        ("2", ["random"], OVER, 0, PHONE, "en-US"),
    ],
    ids=["two-in-play", "three-laying-away-ru", "partners-in-play", "two-finished"],
)
def test_a_practice_game_saved_refereed_and_opened(
    open_page: OpenPage,
    tmp_path: Path,
    mode: str,
    seats: list[str],
    deals: int,
    plays: int,
    viewport: dict[str, int],
    locale: str,
) -> None:
    visit = open_page(viewport=viewport, locale=locale)
    page = visit.page
    set_up(page, mode, seats, seed=4242 + len(mode))
    _play(page, deals, plays)
    game = saved(page)
    sides = 2 if game["setup"]["partners"] else game["setup"]["players"]
    shown = _shown(page, sides)
    record = _save(page)

    assert record["format"] == "domino-cribbage-game"
    assert record["version"] == 1
    assert [seat.get("strategy") for seat in record["seats"]] == [None, *seats]
    assert record["seats"][0]["name"] == ("Вы" if locale == "ru-RU" else "You")
    assert len(record["deals"]) == len(game["deals"])
    assert deals == OVER or len(game["deals"]) == deals + 1
    winner = game["deals"][-1]["result"]["winner"] if deals == OVER else None
    assert record.get("result", {}).get("winner") == (winner and winner["side"])
    for mine, kept in zip(record["deals"][:-1], game["deals"][:-1], strict=True):
        assert mine["drawn"] == kept["drawn"]
        assert mine["plays"] == kept["plays"]
        crib = [tile for away in kept["away"] for tile in away] + kept["blind"]
        assert sorted(mine["crib"]) == sorted(crib)
    last = record["deals"][-1]
    assert last.get("plays", []) == game["deals"][-1]["plays"][: len(last.get("plays", []))]
    assert ("starter" in last) == bool(game["deals"][-1]["pegging"])

    refereed = api(visit.base_url, "/v1/games/score", record)
    assert refereed["scores"] == shown
    assert record.get("result", {"scores": [0] * sides})["scores"] == shown
    assert [seat.get("strategy") for seat in refereed["seats"]] == [None, *seats]
    assert refereed["winner"] == (winner and {**winner, "deal": len(game["deals"]) - 1})

    page.locator("#tab-game").click()
    path = tmp_path / "practice.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#open-game", str(path))
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#file-error")).to_be_hidden()
    for side, score in enumerate(shown):
        expect(page.locator(f"#side-score-{side}")).to_have_text(str(score))
    expect(page.locator("#history tbody tr")).to_have_count(len(record["deals"]))
    expect(page.locator("#play-record li.entry")).to_have_count(len(last.get("plays", [])))
    assert page.locator("#board").inner_text().count(record["seats"][1]["name"]) >= 1
    if winner:
        expect(page.locator("#winner")).to_contain_text("You" if winner["side"] == 0 else "B")
