"""Helpers of the practice table's browser tests: set a game up, play the person's seat (by
the page's own hint, with a refused entry now and then), and check each deal against the API:
every score, every computer move, and that each computer seat was asked with its own
knowledge only."""

from __future__ import annotations

import json
import re
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, Request

from .board import pegs

SAVED = "() => JSON.parse(window.localStorage.getItem('domino-cribbage.practice'))"
MOVE_KEYS = {"rules", "dealer", "scores", "starter", "hand", "laid_away", "plays", "seat",
             "strategy"}  # fmt: skip
LAY_AWAY_KEYS = {"tiles", "dealer", "partner_deals", "rules", "strategy", "scores"}
TILE = re.compile(r"\b[0-6]-[0-6]\b")


@dataclass
class Asked:
    """Every advice the page asked of the service, body by body."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    lay_aways: list[dict[str, Any]] = field(default_factory=list)

    def listen(self, request: Request) -> None:
        if request.method != "POST":
            return
        if request.url.endswith("/v1/plays/advise"):
            self.moves.append(request.post_data_json)
        elif request.url.endswith("/v1/discards/advise"):
            self.lay_aways.append(request.post_data_json)


def api(base_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base_url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def set_up(
    page: Page, mode: str, seats: list[str], seed: int, target: int = 61, dealt: bool = True
) -> None:
    """The practice tab's set-up filled in (``mode``: 2, 3, 4 or partners), the computer's
    moves at once, and (``dealt``) the first deal the service dealt kept."""
    page.locator("#tab-practice").click()
    page.locator(f'input[name="practice-mode"][value="{mode}"]').check()
    for seat, strategy in enumerate(seats, start=1):
        page.locator(f"#practice-seat-{seat}").select_option(strategy)
    page.locator(f'input[name="practice-target"][value="{target}"]').check()
    page.locator("#practice-pace").select_option("quick")
    page.locator("#practice-seed-input").fill(str(seed))
    page.locator("#practice-start").click()
    if dealt:
        page.wait_for_function(f"() => ({SAVED})()?.setup.seed === {seed}")


def awaiting(page: Page) -> str:
    """What the page waits for the person to do, once it waits (lay_away, play, next, over)."""
    page.wait_for_selector(
        '#practice-table:not([data-awaiting=""])[data-awaiting]', timeout=120_000
    )
    found = page.locator("#practice-table").get_attribute("data-awaiting") or ""
    if found == "error":
        raise AssertionError(page.locator("#practice-error").inner_text())
    return found


def saved(page: Page) -> dict[str, Any]:
    game: dict[str, Any] = page.evaluate(SAVED)
    return game


def hint(page: Page) -> str:
    """The hint's words (the best option, from the service)."""
    page.locator("#practice-hint-text").evaluate("el => { el.textContent = ''; }")
    page.locator("#practice-hint").click()
    page.wait_for_selector("#practice-hint-text:not(:empty)")
    return page.locator("#practice-hint-text").inner_text()


def plays_count(page: Page) -> int:
    return len(saved(page)["deals"][-1]["plays"])


def lay_away(page: Page, turn: int) -> None:
    """The hint's lay-away, or (every other deal) the first tiles of the hand."""
    words = hint(page)
    away = int(saved(page)["setup"]["players"] == 2) + 1
    buttons = page.locator("#practice-hand button")
    if turn % 2:
        chosen = [buttons.nth(k).get_attribute("data-tile") for k in range(away)]
    else:
        chosen = TILE.findall(words.split("(")[0])
    assert len(chosen) == away
    for tile in chosen:
        page.locator(f'#practice-hand button[data-tile="{tile}"]').click()
    page.locator("#practice-lay").click()


def play_turn(page: Page, turn: int) -> bool:
    """The person's entry: the hint's; every third turn the other kind first (a go while a
    tile fits, a tile that cannot fit), which the service refuses in words. True when a
    refusal was seen."""
    words = hint(page)
    best_is_go = "“Go”" in words
    before = plays_count(page)
    refused = False
    if turn % 3 == 0:
        if best_is_go:
            page.locator("#practice-hand button").first.click()
        else:
            page.locator("#practice-go").click()
        page.wait_for_selector("#practice-refusal:not([hidden])")
        refused = True
        assert plays_count(page) == before
    if best_is_go:
        page.locator("#practice-go").click()
    else:
        tile = TILE.findall(words)[0]
        page.locator(f'#practice-hand button[data-tile="{tile}"]').click()
    page.wait_for_function(
        "([n, read]) => JSON.parse(window.localStorage.getItem(read)).deals.at(-1)"
        ".plays.length > n",
        arg=[before, "domino-cribbage.practice"],
    )
    return refused


def entry(play: dict[str, Any]) -> dict[str, Any]:
    return {key: play[key] for key in ("player", "tile", "go") if key in play}


def check_deal(page: Page, base_url: str, asked: Asked, scores: list[int], index: int) -> list[int]:
    """Deal ``index`` of the saved game against the API: refereed again, its scores on the
    board and its pegs; every computer move the strategy's answer for that seat's knowledge;
    every advice asked with one seat's knowledge only. The scores after it."""
    game = saved(page)
    setup, deal = game["setup"], game["deals"][index]
    rules = {"players": setup["players"], "partners": setup["partners"],
             "target": setup["target"]}  # fmt: skip
    players = setup["players"]
    kept = [[t for t in deal["drawn"][s] if t not in deal["away"][s]] for s in range(players)]
    body = {"rules": rules, "dealer": deal["dealer"], "scores": scores,
            "starter": deal["starter"], "plays": deal["plays"]}  # fmt: skip
    whole = deal["pegging"] and deal["pegging"]["complete"] and not deal["live"].get("winner")
    if whole:
        body |= {"hands": kept, "crib": [t for a in deal["away"] for t in a] + deal["blind"]}
    refereed = api(base_url, "/v1/deals/score", body)
    assert refereed["scores"] == deal["result"]["scores"]
    for side, score in enumerate(refereed["scores"]):
        assert page.locator(f"#practice-score-{side}").inner_text() == str(score)
    assert [p["front"]["score"] for p in pegs(page, "#practice-board")] == refereed["scores"]
    for k, play in enumerate(deal["plays"]):
        seat = play["player"]
        if seat == 0:
            continue
        laid = [p["tile"] for p in deal["plays"][:k] if p["player"] == seat and "tile" in p]
        knowledge = {**body, "plays": deal["plays"][:k], "seat": seat,
                     "hand": [t for t in kept[seat] if t not in laid],
                     "laid_away": deal["away"][seat], "strategy": setup["seats"][seat],
                     "playouts": 1}  # fmt: skip
        knowledge.pop("hands", None)
        knowledge.pop("crib", None)
        assert api(base_url, "/v1/plays/advise", knowledge)["choice"] == entry(play), k
    for move in asked.moves:
        assert set(move) <= MOVE_KEYS
        seat = move["seat"]
        assert set(move["hand"]) <= set(kept[seat])
        assert move["laid_away"] == deal["away"][seat]
    for lay in asked.lay_aways:
        assert set(lay) <= LAY_AWAY_KEYS
        assert lay["tiles"] in deal["drawn"]
        # A computer's lay-away (its strategy named) is told the board before the deal, his
        # own side's score first; the person's hint is asked without it.
        assert ("scores" in lay) == ("strategy" in lay)
        told = lay.get("scores", scores)
        assert told in [scores[k:] + scores[:k] for k in range(len(scores))]
    asked.moves.clear()
    asked.lay_aways.clear()
    after: list[int] = refereed["scores"]
    return after


def play_game(page: Page, base_url: str, asked: Asked) -> dict[str, int]:
    """The whole game from its first decision, every deal checked; what it took."""
    scores = [0] * len(saved(page)["deals"][0]["drawn"])
    if saved(page)["setup"]["partners"]:
        scores = [0, 0]
    done = {"deals": 0, "refused": 0, "turns": 0}
    while True:
        step = awaiting(page)
        if step == "lay_away":
            lay_away(page, done["deals"])
        elif step == "play":
            done["refused"] += play_turn(page, done["turns"])
            done["turns"] += 1
        else:
            scores = check_deal(page, base_url, asked, scores, done["deals"])
            done["deals"] += 1
            if step == "over":
                return done
            page.locator("#practice-next").click()
