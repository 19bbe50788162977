"""The practice table (issue 41 item 5) in Chromium: whole games against each strategy, two,
three and four players and partners, every score and every computer move checked against the
API, each computer seat asked with its own knowledge only; the seeded deal shown and played
again; a reload mid-deal; keyboard, Russian, dark, 360 px and desktop; axe-core."""

from __future__ import annotations

from typing import Any

import pytest

from .axe import serious_violations
from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .practice import Asked, api, awaiting, hint, play_game, saved, set_up

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)

from playwright.sync_api import Route, expect

pytestmark = pytest.mark.e2e
PROBLEM = "application/problem+json"

GAMES = {
    "random": ("2", ["random"]),
    "greedy": ("2", ["greedy"]),
    "expected": ("2", ["expected"]),
    "expert": ("2", ["expert"]),
    "search": ("2", ["search"]),
    "three": ("3", ["search", "expected"]),
    "four": ("4", ["greedy", "expert", "random"]),
    "partners": ("partners", ["expert", "greedy", "search"]),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_the_computer(open_page: OpenPage, game: str) -> None:
    mode, seats = GAMES[game]
    visit = open_page(viewport=PHONE)
    asked = Asked()
    visit.page.on("request", asked.listen)
    set_up(visit.page, mode, seats, seed=4100 + len(game))
    done = play_game(visit.page, visit.base_url, asked)
    assert done["deals"] >= 2
    assert done["refused"] >= 1
    assert visit.page.locator("#practice-winner").is_visible()
    save_screenshot(visit.page, f"practice-{game}-over")


def test_each_seat_offers_the_strategies_that_sit_at_its_table(open_page: OpenPage) -> None:
    visit = open_page(viewport=PHONE)
    page = visit.page
    page.locator("#tab-practice").click()
    listed = page.request.get(f"{visit.base_url}/v1/strategies").json()["strategies"]
    for mode, players in (("2", 2), ("3", 3), ("4", 4), ("partners", 4)):
        page.locator(f'input[name="practice-mode"][value="{mode}"]').check()
        offered = page.locator("#practice-seat-1 option").evaluate_all(
            "els => els.map((el) => el.value)"
        )
        assert offered == [s["name"] for s in listed if players in s["players"]], mode
    assert "endgame" not in offered  # the expert's two-player tables: refused at four


def test_the_seed_deals_the_same_tiles_again(open_page: OpenPage) -> None:
    """The service deals (POST /v1/deals/new, from the engine's stream): the page shows the
    tiles it answered for the seed, and deals them again from the start."""
    visit = open_page(viewport=PHONE)
    page = visit.page
    dealt: list[dict[str, Any]] = []
    page.on("request", lambda r: r.url.endswith("/v1/deals/new") and dealt.append(r.post_data_json))
    set_up(page, "2", ["expert"], seed=777)
    assert awaiting(page) in ("lay_away", "play")
    first = saved(page)["deals"][0]
    assert "777" in page.locator("#practice-seed").inner_text()
    assert saved(page)["setup"]["stream"] == 2
    assert [(body["seed"], body["index"]) for body in dealt] == [(777, 0)]
    answer = api(visit.base_url, "/v1/deals/new", {"seed": 777, "index": 0})
    assert first["drawn"] == answer["drawn"]
    assert first["starter"] == answer["starter"]
    shown = page.locator("#practice-hand button").evaluate_all(
        "els => els.map((el) => el.dataset.tile)"
    )
    assert shown == first["drawn"][0]  # his own tiles, and nobody else's
    assert page.locator("#practice-table [data-tile]").count() == len(shown)
    with page.expect_response("**/v1/deals/new"):
        page.locator("#practice-replay").click()
    awaiting(page)
    again = saved(page)["deals"][0]
    assert again["drawn"] == first["drawn"]
    assert again["starter"] == first["starter"]
    assert len(dealt) == 2


OLD_GAME = """(deal) => {
  const game = JSON.parse(localStorage.getItem("domino-cribbage.practice"));
  delete game.setup.stream;
  Object.assign(game.deals[0], deal);
  localStorage.setItem("domino-cribbage.practice", JSON.stringify(game));
}"""


def test_a_game_saved_before_the_service_dealt_keeps_its_deals(open_page: OpenPage) -> None:
    """A game saved by the page's own shuffle (no ``stream`` in its set-up) loads with the
    tiles it recorded, not the service's for its seed, and is played on from them."""
    visit = open_page(viewport=PHONE)
    page = visit.page
    set_up(page, "3", ["greedy", "expected"], seed=2024)
    assert awaiting(page) == "lay_away"
    other = api(visit.base_url, "/v1/deals/new", {"seed": 99, "index": 4, "rules": {"players": 3}})
    recorded = {key: other[key] for key in ("drawn", "blind", "starter")}
    recorded["away"] = [None] * 3  # before the computer's seats laid away
    assert recorded["drawn"] != saved(page)["deals"][0]["drawn"]
    page.evaluate(OLD_GAME, recorded)
    page.reload()
    page.wait_for_selector("body.ready")
    assert awaiting(page) == "lay_away"
    shown = page.locator("#practice-hand button").evaluate_all(
        "els => els.map((el) => el.dataset.tile)"
    )
    assert shown == recorded["drawn"][0]
    page.locator("#practice-hand button").first.click()
    page.locator("#practice-lay").click()
    assert awaiting(page) == "play"
    kept = saved(page)
    assert "stream" not in kept["setup"]
    assert kept["deals"][0]["starter"] == recorded["starter"]
    assert kept["deals"][0]["away"][1][0] in recorded["drawn"][1]  # the computer's, from them


def test_a_deal_the_service_refuses_leaves_the_set_up(open_page: OpenPage) -> None:
    """No deal without the service: its refusal is said under the set-up, and no game starts."""
    page = open_page(viewport=PHONE).page
    page.route(
        "**/v1/deals/new",
        lambda route: route.fulfill(
            status=503,
            headers={"Retry-After": "1"},
            content_type=PROBLEM,
            body='{"type": "about:blank", "title": "Service Unavailable", "status": 503}',
        ),
    )
    set_up(page, "2", ["greedy"], seed=8, dealt=False)
    expect(page.locator("#practice-setup-error")).to_be_visible()
    expect(page.locator("#practice-setup-error")).not_to_be_empty()
    assert saved(page) is None


def test_a_reload_mid_deal_goes_on(open_page: OpenPage) -> None:
    page = open_page(viewport=PHONE).page
    set_up(page, "3", ["expert", "greedy"], seed=99)
    assert awaiting(page) == "lay_away"
    picked = page.locator("#practice-hand button").first
    picked.click()
    page.locator("#practice-lay").click()
    step = awaiting(page)
    assert step == "play"
    before = saved(page)
    page.reload()
    page.wait_for_selector("body.ready")
    assert page.locator("#tab-practice").get_attribute("aria-selected") == "true"
    assert awaiting(page) == "play"
    assert saved(page)["deals"] == before["deals"]
    assert page.locator("#practice-hand button").count() == 4


def test_by_keyboard_in_russian_and_dark(open_page: OpenPage) -> None:
    page = open_page(viewport=DESKTOP, locale="ru-RU", color_scheme="dark").page
    set_up(page, "2", ["expected"], seed=5)
    assert awaiting(page) == "lay_away"
    assert page.locator("#practice-status").inner_text().startswith("Выберите")
    page.locator("#practice-hand button").first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.locator('#practice-hand button[aria-pressed="true"]').count() == 2
    page.locator("#practice-lay").focus()
    page.keyboard.press("Enter")
    assert awaiting(page) == "play"
    words = hint(page)
    assert words.startswith("Подсказка")
    save_screenshot(page, "practice-play-desktop-dark-ru", docs=True)


@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")],
    ids=["phone", "desktop", "phone-dark"],
)
@pytest.mark.usefixtures("axe_available")
def test_no_serious_violation_at_the_table(
    open_page: OpenPage, viewport: dict[str, int], scheme: str
) -> None:
    visit = open_page(viewport=viewport, color_scheme=scheme, bypass_csp=True)
    page = visit.page
    page.locator("#tab-practice").click()
    found = serious_violations(page, "set-up")
    set_up(page, "4", ["expert", "greedy", "search"], seed=12)
    awaiting(page)
    found += serious_violations(page, "lay-away")
    hint(page)
    page.locator("#practice-hand button").first.click()
    page.locator("#practice-lay").click()
    awaiting(page)
    found += serious_violations(page, "play")
    save_screenshot(page, f"practice-{'phone' if viewport == PHONE else 'desktop'}-{scheme}",
                    docs=scheme == "light")  # fmt: skip
    assert found == []


def test_a_busy_service_is_asked_again(open_page: OpenPage) -> None:
    """The service's 503 (its expensive answers all running) says when to ask again: the
    page says so in words and asks again then, and the game goes on."""
    page = open_page(viewport=PHONE).page
    refused: list[str] = []

    def busy_once(route: Route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "1"}, content_type=PROBLEM,
                      body='{"type": "about:blank", "title": "Service Unavailable", '
                      '"status": 503, "detail": "busy"}')  # fmt: skip

    page.route("**/v1/discards/advise", busy_once)
    set_up(page, "2", ["greedy"], seed=31)
    expect(page.locator("#practice-status")).to_contain_text("busy", timeout=5_000)
    assert awaiting(page) == "lay_away"
    assert refused
    assert saved(page)["deals"][0]["away"][1] is not None
