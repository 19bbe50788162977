"""The whole game on the page (issue 42): the chance to win under the board, moving with each
event as the service says it; the game saved to a file and opened again, carried on; the
game's review after it is won, each decision that mattered opening its deal's review there.
English and Russian, at 360 px and on a desktop, by keyboard, with axe-core.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for

from .axe import serious_violations
from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import assert_fits_the_width, start_game, type_tiles

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# docs/rules.md section 6 (Ann is N, Bob deals): starter, play (goes typed), crib.
DEAL = "1-5 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5 1-2 5-6 0-0 5-5"


def _api(base_url: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(base_url + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.load(answer)


def _record(seed: int, finished: bool = True) -> dict[str, Any]:
    """A two-player game of greedy seats (Ann, Bob) as its record; unfinished: its first two
    deals and the third one's first four entries of the play."""
    rules = RuleOptions()
    players = [strategy_for("greedy")] * 2
    game = play_game(players, rules, seeded(seed), seed % 2, transcript=True)
    record = game_record(game, rules, ["Ann", "Bob"], ["greedy", "greedy"])
    record["seats"] = [{"name": "Ann"}, {"name": "Bob"}]
    if finished:
        return record
    third = record["deals"][2]
    in_play = {"dealer": third["dealer"], "starter": third["starter"], "plays": third["plays"][:4]}
    return {**{k: v for k, v in record.items() if k != "result"},
            "deals": [*record["deals"][:2], in_play]}  # fmt: skip


def _open_file(page: Page, record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#open-game", str(path))
    expect(page.locator("#table")).to_be_visible()


def _bar(page: Page) -> list[float]:
    parts = page.locator("#chance-bar rect.chance-part")
    return [float(parts.nth(i).get_attribute("data-chance") or "nan") for i in
            range(parts.count())]  # fmt: skip


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_chance_bar_moves_with_each_event(
    open_page: OpenPage,
    base_url: str,
    viewport: dict,  # type: ignore[type-arg]
) -> None:
    page = open_page(viewport=viewport).page
    start_game(page, 2, ["Ann", "Bob"], dealer=1)
    start = _api(base_url, "/v1/games/win-probability", {"scores": [0, 0], "dealer": 1})
    expect(page.locator("#chance-bar")).to_have_attribute(
        "aria-label",
        f"Chance to win: Ann {round(start['win_probability'][0] * 100)}%, "
        f"Bob {round(start['win_probability'][1] * 100)}%.",
    )
    assert _bar(page) == start["win_probability"]
    tokens = DEAL.split()
    kept = "JSON.parse(localStorage.getItem('domino-cribbage.game')).deals[0]"
    seen = [_bar(page)]
    # the starter (no event), three tiles, a tile and a go: the service's chance each time
    for typed, entries in ((tokens[0:1], 0), (tokens[1:4], 3), (tokens[4:6], 5)):
        type_tiles(page, " ".join(typed))
        expect(page.locator("#play-record li.entry")).to_have_count(entries)
        expect(page.locator("#chance-bar")).to_be_visible()
        plays = page.evaluate(kept)["plays"]
        live = _api(base_url, "/v1/deals/score", {"dealer": 1, "scores": [0, 0],
                                                  "starter": "1-5", "plays": plays})  # fmt: skip
        seen.append(_bar(page))
        assert seen[-1] == live["win_probability"]
    assert len({tuple(bar) for bar in seen}) > 1  # it moved
    type_tiles(page, " ".join(tokens[6:]))
    expect(page.locator("#next-deal")).to_be_visible()  # the deal counted
    words = page.locator("#deal-events .event-chance").all_inner_texts()
    whole = page.evaluate("JSON.parse(localStorage.getItem('domino-cribbage.game'))")
    events = whole["deals"][0]["result"]["events"]
    assert len(words) == len(events)
    for text, event in zip(words, events, strict=True):
        side = ["Ann", "Bob"][event["side"]]
        assert text == f"{side}'s chance {round(event['win_probability'][event['side']] * 100)}%"
    assert _bar(page) == whole["deals"][0]["result"]["win_probability"]
    assert_fits_the_width(page)
    page.locator("#board").scroll_into_view_if_needed()
    save_screenshot(page, f"chance-bar-{'phone' if viewport == PHONE else 'desktop'}",
                    docs=True, part="#chance")  # fmt: skip


def test_a_game_is_saved_to_a_file_and_opened_again(open_page: OpenPage, tmp_path: Path) -> None:
    """A finished game's record opened: the board, the winner, every deal as its record says;
    saved again, the same deals (each deal's tiles, plays and lay-aways)."""
    record = _record(3)
    page = open_page(viewport=DESKTOP).page
    _open_file(page, record, tmp_path)
    scores = record["result"]["scores"]
    expect(page.locator("#side-score-0")).to_have_text(str(scores[0]))
    expect(page.locator("#side-score-1")).to_have_text(str(scores[1]))
    expect(page.locator("#winner")).to_contain_text(["Ann", "Bob"][record["result"]["winner"]])
    expect(page.locator("#history tbody tr")).to_have_count(len(record["deals"]))
    with page.expect_download() as download:
        page.locator("#save-game").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["format"] == "domino-cribbage-game"
    assert saved["version"] == 1
    assert saved["seats"] == record["seats"]
    assert saved["result"] == record["result"]
    for mine, theirs in zip(saved["deals"], record["deals"], strict=True):
        assert mine["dealer"] == theirs["dealer"]
        assert mine["starter"] == theirs["starter"]
        assert mine["plays"] == theirs["plays"]
        assert mine["crib"] == theirs["crib"]
        assert [sorted(h) for h in mine["hands"]] == [sorted(h) for h in theirs["hands"]]
        assert [sorted(d) for d in mine["drawn"]] == [sorted(d) for d in theirs["drawn"]]


def test_a_game_in_progress_is_carried_on(open_page: OpenPage, tmp_path: Path) -> None:
    record = _record(5, finished=False)
    full = _record(5)
    page = open_page(viewport=PHONE).page
    _open_file(page, record, tmp_path)
    expect(page.locator("#play-record li.entry")).to_have_count(4)
    next_entry = full["deals"][2]["plays"][4]
    type_tiles(page, next_entry.get("tile", "go"))
    expect(page.locator("#play-record li.entry")).to_have_count(5)
    expect(page.locator("#play-record li.entry").last).to_have_attribute(
        "data-player", str(next_entry["player"])
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    page.locator("#new-game").click()
    page.locator("#confirm-yes").click()
    page.set_input_files("#open-game", str(bad))
    expect(page.locator("#file-error")).to_have_text("That file is not a game record.")
    broken = json.loads(json.dumps(record))
    broken["deals"][1]["dealer"] = broken["deals"][0]["dealer"]
    _open_broken = tmp_path / "broken.json"
    _open_broken.write_text(json.dumps(broken))
    page.set_input_files("#open-game", str(_open_broken))
    first = record["deals"][0]["dealer"]
    expect(page.locator("#file-error")).to_have_text(
        f"The game in that file does not add up: deal 2 is dealt by {['Ann', 'Bob'][first]},"
        f" but the deal passes to the left, so {['Ann', 'Bob'][1 - first]} deals it."
    )
    expect(page.locator("#setup")).to_be_visible()


@pytest.mark.parametrize(
    ("viewport", "locale"), [(PHONE, "en-US"), (DESKTOP, "ru-RU")], ids=["phone-en", "desktop-ru"]
)
def test_the_game_reviewed_after_it_is_won(
    open_page: OpenPage,
    base_url: str,
    tmp_path: Path,
    viewport: dict,  # type: ignore[type-arg]
    locale: str,
    axe_available: None,
) -> None:
    record = _record(7)
    page = open_page(viewport=viewport, locale=locale, bypass_csp=True).page
    _open_file(page, record, tmp_path)
    russian = locale.startswith("ru")
    go = page.locator("#game-review-go")
    expect(go).to_have_text("Разобрать игру" if russian else "Review the game")
    go.focus()
    page.keyboard.press("Enter")  # by keyboard
    table = page.locator("#game-review-players")
    expect(table).to_be_visible()
    expect(table).to_be_focused()
    kept = page.evaluate("JSON.parse(localStorage.getItem('domino-cribbage.game')).review")
    answer = _api(base_url, "/v1/games/review", json.loads(kept["request"]))
    assert answer == kept["answer"]  # the page's record, reviewed by the service
    for player in answer["players"]:
        row = table.locator(f'tr[data-seat="{player["seat"]}"]')
        accuracy = f"{player['accuracy']:.1f}"
        expect(row.locator("td.accuracy")).to_have_text(
            accuracy.replace(".", ",") if russian else accuracy
        )
    keys = sorted((k for p in answer["players"] for k in p["key_decisions"]),
                  key=lambda k: -k["win_probability_loss"])  # fmt: skip
    buttons = page.locator("#key-decisions .key-decision")
    expect(buttons).to_have_count(len(keys))
    first = keys[0]
    expect(buttons.first).to_have_attribute("data-deal", str(first["deal"]))
    assert serious_violations(page, "the game's review") == []
    save_screenshot(page, f"game-review-{'ru' if russian else 'phone'}", docs=True,
                    part="#game-review")  # fmt: skip
    buttons.first.focus()
    page.keyboard.press("Enter")
    focus = page.locator("#review-focus")
    expect(focus).to_be_focused()
    expect(focus).to_have_attribute("data-decision", str(first["decision"]))
    expect(focus).to_be_in_viewport()
    decision = answer["deals"][first["deal"]]["review"]["decisions"][first["decision"]]
    expect(focus).to_have_attribute("data-seat", str(decision["seat"]))
    assert serious_violations(page, "a deal opened at a decision") == []
    assert_fits_the_width(page)
