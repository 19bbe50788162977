"""Issue 54, what a player at the table still met, measured in Chromium at 360x740 and
1280x800, English and Russian, light and dark: the page in its own font whatever fonts the
machine has; a game file opened and saved keeping all it had, and the page's review of it the
service's review of that file; a refused file said in one sentence of the page's language, in
view; every tab in sight on a phone; the hint in view; words that agree with whom they speak
of; tile names whole, one minus sign, the play's line clear of the typing, and a chance that
falls said why."""

from __future__ import annotations

import copy
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for

from .conftest import DESKTOP, PHONE, ROOT, OpenPage
from .measure import box, fonts_drawn, inside, overlap, split_tile_names
from .practice import api, awaiting, lay_away, play_turn, set_up
from .table import assert_fits_the_width, start_game, type_tiles

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

FONTS = ROOT / "scoring_api" / "web" / "static" / "fonts"
PUBLISHED = Path(__file__).resolve().parent / "node_modules" / "@fontsource-variable" / "noto-sans"
THE_PAGES_FONT = {"Noto Sans (web font)"}
KEPT = "JSON.parse(localStorage.getItem('domino-cribbage.game'))"
# Two-player games of greedy seats whose winner's event is of that kind (found by playing
# them: the same seed plays the same game on any machine).
WON_IN_THE_PLAY, WON_AT_A_HAND = 2, 3


def test_the_font_the_page_ships_is_the_one_published_with_its_licence() -> None:
    """The copy under static/fonts/ is byte for byte what the pinned npm package publishes
    (tests/e2e/package.json), with its SIL Open Font License."""
    if not PUBLISHED.exists():
        pytest.skip(f"{PUBLISHED} is missing: npm ci --prefix tests/e2e")
    shipped = sorted(path.name for path in FONTS.iterdir())
    assert shipped == ["OFL.txt", "noto-sans-cyrillic-wght-normal.woff2",
                       "noto-sans-latin-wght-normal.woff2"]  # fmt: skip
    for name in shipped:
        published = PUBLISHED / ("LICENSE" if name == "OFL.txt" else f"files/{name}")
        assert (FONTS / name).read_bytes() == published.read_bytes(), name
    assert "SIL Open Font License, Version 1.1" in (FONTS / "OFL.txt").read_text()


def test_every_text_is_drawn_in_the_pages_own_font(open_page: OpenPage) -> None:
    """Whatever fonts the machine has: the game in play, a hand counted (its summary shows
    on a phone), a simulation's charts, in English and Russian, dark; each text node's fonts
    as Chromium reports them (the font does not depend on the screen's width)."""
    page = open_page(viewport=PHONE, color_scheme="dark").page
    start_game(page, 3, ["Nina", "Dan", "Ося"], dealer=1)
    type_tiles(page, "1-2 3-4 2-6 4-4 go")
    expect(page.locator("#play-record li.entry")).to_have_count(4)
    screens = {}
    for lang in ("en", "ru"):
        page.locator(f'.lang-btn[data-lang="{lang}"]').click()
        screens[f"game {lang}"] = fonts_drawn(page)
    page.locator("#tab-hand").click()
    type_tiles(page, "6-1 2-5 3-4 3-5 3-6")
    expect(page.locator("#hand-total")).to_have_attribute("data-total", "21")
    screens["hand ru"] = fonts_drawn(page)
    page.locator("#tab-simulate").click()
    page.locator('input[name="sim-mode"][value="3"]').check()
    page.locator("#sim-games").fill("20")
    page.locator("#sim-seed").fill("7")
    page.locator("#sim-run").click()
    expect(page.locator("#sim-wins svg")).to_be_visible(timeout=60_000)
    for lang in ("ru", "en"):
        page.locator(f'.lang-btn[data-lang="{lang}"]').click()
        screens[f"simulate {lang}"] = fonts_drawn(page)
    for screen, fonts in screens.items():
        assert set(fonts) == THE_PAGES_FONT, (screen, fonts)


def simulated(base_url: str, seed: int) -> dict[str, Any]:
    """A simulated two-player game's record, every deal with its drawn tiles, hands and crib,
    each deal after the first with the scores before it, as a file may hold them."""
    rules = RuleOptions()
    game = play_game([strategy_for("greedy")] * 2, rules, seeded(seed), seed % 2, transcript=True)
    record = game_record(game, rules, ["Ann", "Bob"], ["greedy", "greedy"])
    scored = api(base_url, "/v1/games/score", record)
    for deal, answer in zip(record["deals"][1:], scored["deals"][1:], strict=True):
        deal["scores"] = answer["before"]
    return record


def open_file(page: Page, record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#open-game", str(path))
    expect(page.locator("#table")).to_be_visible()


def saved_file(page: Page) -> dict[str, Any]:
    with page.expect_download() as download:
        page.locator("#save-game").click()
    found: dict[str, Any] = json.loads(Path(download.value.path()).read_text())
    return found


@pytest.mark.parametrize(
    ("seed", "viewport", "locale", "scheme"),
    [
        (WON_IN_THE_PLAY, PHONE, "en-US", "light"),
        (WON_AT_A_HAND, DESKTOP, "ru-RU", "dark"),
    ],
    ids=["won-in-the-play", "won-at-a-hand"],
)
def test_a_file_opened_and_saved_keeps_all_it_had_and_is_what_is_reviewed(
    open_page: OpenPage,
    base_url: str,
    tmp_path: Path,
    seed: int,
    viewport: dict,  # type: ignore[type-arg]
    locale: str,
    scheme: str,
) -> None:
    record = simulated(base_url, seed)
    last = record["deals"][-1]
    won = api(base_url, "/v1/games/score", record)["winner"]
    kind = api(base_url, "/v1/games/score", record)["deals"][won["deal"]]["events"][won["event"]]
    assert won["deal"] == len(record["deals"]) - 1
    assert kind["kind"] in (("play", "go") if seed == WON_IN_THE_PLAY else ("hand",))
    assert {"drawn", "hands", "crib"} <= set(last)
    page = open_page(viewport=viewport, locale=locale, color_scheme=scheme).page
    open_file(page, record, tmp_path)
    assert saved_file(page) == record  # everything the file had, as the file had it
    page.locator("#game-review-go").click()
    expect(page.locator("#game-review-players")).to_be_visible(timeout=60_000)
    kept = page.evaluate(f"{KEPT}.review")
    assert json.loads(kept["request"]) == record  # the page reviewed what it would save
    answer = api(base_url, "/v1/games/review", record)
    assert kept["answer"] == answer  # the service's review of the file
    assert all(deal["reviewed"] for deal in answer["deals"])
    expect(page.locator("#game-review-left-out")).to_have_count(0)
    table = page.locator("#game-review-players")
    for player in answer["players"]:
        figure = f"{player['accuracy']:.1f}"
        expect(table.locator(f'tr[data-seat="{player["seat"]}"] td.accuracy')).to_have_text(
            figure.replace(".", ",") if locale.startswith("ru") else figure
        )
    keys = [k for p in answer["players"] for k in p["key_decisions"]]
    expect(page.locator("#key-decisions .key-decision")).to_have_count(len(keys))
    assert_fits_the_width(page)


def test_a_deal_the_review_leaves_out_is_named_with_why(
    open_page: OpenPage, base_url: str, tmp_path: Path
) -> None:
    """A game won in its play whose file does not say the hands of that deal (as at a table
    where nobody showed them), and another deal's drawn tiles left out: the service reviews
    the rest, and the page says which deals it left out and why."""
    record = simulated(base_url, WON_IN_THE_PLAY)
    unknown = copy.deepcopy(record)
    for field in ("drawn", "hands", "crib"):
        del unknown["deals"][-1][field]
    del unknown["deals"][0]["drawn"]
    page = open_page(viewport=PHONE).page
    open_file(page, unknown, tmp_path)
    assert saved_file(page) == unknown
    missing = page.locator("#game-review-missing")
    expect(missing).to_contain_text("Deal 1:")
    page.locator("#game-review-go").click()
    expect(page.locator("#game-review-players")).to_be_visible(timeout=60_000)
    answer = api(base_url, "/v1/games/review", unknown)
    out = [deal for deal in answer["deals"] if not deal["reviewed"]]
    assert [(d["deal"], d["code"]) for d in out] == [
        (0, "drawn_not_given"),
        (len(unknown["deals"]) - 1, "hands_not_shown"),
    ]
    items = page.locator("#game-review-left-out li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_have_text(
        "Deal 1 is not reviewed: the record does not say which tiles each player laid away"
        " (the crib was never put in, or its lay-aways not tapped in)."
    )
    expect(items.nth(1)).to_contain_text(f"Deal {len(unknown['deals'])} is not reviewed:")
    expect(missing).to_have_count(0)  # the service's word now
    # won at a hand, the crib never put in (as at a table): that deal named, with why
    at_a_hand = simulated(base_url, WON_AT_A_HAND)
    for field in ("drawn", "crib"):
        del at_a_hand["deals"][-1][field]
    page.locator("#new-game").click()
    page.locator("#confirm-yes").click()
    open_file(page, at_a_hand, tmp_path)
    assert saved_file(page) == at_a_hand
    page.locator("#game-review-go").click()
    last = len(at_a_hand["deals"])
    expect(page.locator("#game-review-left-out li")).to_have_text(
        [f"Deal {last} is not reviewed: the record does not say which tiles each player laid"
         " away (the crib was never put in, or its lay-aways not tapped in)."]
    )  # fmt: skip


@pytest.mark.parametrize(
    ("viewport", "locale", "scheme"),
    [(PHONE, "ru-RU", "light"), (DESKTOP, "en-US", "dark")],
    ids=["phone-ru", "desktop-en"],
)
def test_a_refused_file_is_one_sentence_of_the_page_in_view(
    open_page: OpenPage,
    base_url: str,
    tmp_path: Path,
    viewport: dict,  # type: ignore[type-arg]
    locale: str,
    scheme: str,
) -> None:
    """Deal 2's dealer out of turn: the page says it in its own language, naming the deal
    and the seats as the file names them, from what the service's problem says beside its
    English (the deal, the dealer recorded, the one who deals it)."""
    record = simulated(base_url, WON_IN_THE_PLAY)
    first = record["deals"][0]["dealer"]
    record["deals"][1]["dealer"] = first
    problem = api_refusal(base_url, record)
    (error,) = problem["errors"]
    assert (error["deal"], error["code"], error["dealer"], error["expected_dealer"]) == (
        1, "dealer_out_of_turn", first, 1 - first
    )  # fmt: skip
    page = open_page(viewport=viewport, locale=locale, color_scheme=scheme).page
    page.emulate_media(reduced_motion="reduce")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#open-game", str(path))
    said = page.locator("#file-error")
    dealer, deals = ["Ann", "Bob"][first], ["Ann", "Bob"][1 - first]
    expect(said).to_have_text(
        f"Игра в этом файле не сходится: сдачу 2 сдаёт {dealer}, но сдача переходит влево,"
        f" и её сдаёт {deals}."
        if locale.startswith("ru")
        else f"The game in that file does not add up: deal 2 is dealt by {dealer}, but the"
        f" deal passes to the left, so {deals} deals it."
    )
    expect(said).to_be_in_viewport(ratio=1)
    assert_fits_the_width(page)


def api_refusal(base_url: str, body: dict[str, Any]) -> dict[str, Any]:
    """The service's problem for a record it refuses (a 422)."""
    request = urllib.request.Request(base_url + "/v1/games/score", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})  # fmt: skip
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 422
    found: dict[str, Any] = json.load(refused.value)
    return found


VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])


@pytest.mark.parametrize(
    ("viewport", "scheme"), [(PHONE, "light"), (DESKTOP, "dark")], ids=["phone", "desktop"]
)
def test_every_section_is_in_sight_at_a_glance(
    open_page: OpenPage,
    viewport: dict,  # type: ignore[type-arg]
    scheme: str,
) -> None:
    """The five tabs inside the screen and their bar, each label on one line, in both
    languages: nothing to scroll sideways to find a section."""
    page = open_page(viewport=viewport, color_scheme=scheme).page
    bar = page.locator(".tablist")
    tabs = page.locator('[role="tab"]')
    for lang in ("en", "ru"):
        page.locator(f'.lang-btn[data-lang="{lang}"]').click()
        expect(tabs.first).to_have_text("The game" if lang == "en" else "Партия")
        assert bar.evaluate("el => el.scrollWidth <= el.clientWidth")
        line = float(tabs.first.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)"))
        for i in range(tabs.count()):
            tab = tabs.nth(i)
            expect(tab).to_be_in_viewport(ratio=1)
            assert inside(box(tab), box(bar)), (lang, tab.inner_text())
            lines = tab.evaluate(
                "el => { const r = document.createRange(); r.selectNodeContents(el);"
                " return r.getClientRects().length; }"
            )
            assert lines == 1, (lang, tab.inner_text(), lines)
            assert box(tab)["bottom"] - box(tab)["top"] < 44 + line, (lang, tab.inner_text())
    assert_fits_the_width(page)


@VIEWPORTS
def test_the_hint_is_in_view_the_moment_it_is_asked_for(
    open_page: OpenPage,
    viewport: dict,  # type: ignore[type-arg]
) -> None:
    """A four-player practice game: the hint at the lay-away and at each of the person's
    turns of the first deal's play, in sight as soon as it is there, and on a phone the
    person's tiles with it."""
    page = open_page(viewport=viewport).page
    page.emulate_media(reduced_motion="reduce")
    set_up(page, "4", ["greedy", "greedy", "greedy"], seed=11)
    said = page.locator("#practice-hint-text")
    turns = 0
    while (state := awaiting(page)) in ("lay_away", "play") and turns < 5:
        # the Hint button at the foot of the screen, where a thumb finds it
        page.locator("#practice-hint").evaluate(
            "el => window.scrollBy(0, el.getBoundingClientRect().bottom - innerHeight + 2)"
        )
        said.evaluate("el => { el.textContent = ''; }")
        page.locator("#practice-hint").click()
        expect(said).not_to_be_empty()
        expect(said).to_be_in_viewport(ratio=1)
        expect(page.locator("#practice-hand")).to_be_in_viewport(ratio=1)
        if state == "lay_away":
            lay_away(page, 0)
        else:
            play_turn(page, 1)
        turns += 1
    assert turns >= 3


# Russian verbs in the past that would give every player a gender (the page knows none).
MASCULINE = re.compile(r"\b(снёс|положил|начал|сказал|выложил|потерял|объявил)\b")
# English words that agree with "you" and a name alike, and "he" for every player.
EN_WRONG = re.compile(r"\b(You (leads|deals|lays|has|wins)|You's|his|he|him)\b")


def page_text(page: Page) -> str:
    found: str = page.locator("main").inner_text()
    return found


def play_one_deal(page: Page) -> None:
    """The person's part of a practice deal (the hint's choices), to its count."""
    while (state := awaiting(page)) in ("lay_away", "play"):
        if state == "lay_away":
            lay_away(page, 0)
        else:
            play_turn(page, 1)  # the hint's entry, no refusal first


@pytest.mark.parametrize(
    ("viewport", "scheme"), [(PHONE, "light"), (DESKTOP, "dark")], ids=["phone", "desktop"]
)
def test_practice_words_agree_with_whom_they_speak_of(
    open_page: OpenPage,
    tmp_path: Path,
    viewport: dict,  # type: ignore[type-arg]
    scheme: str,
) -> None:
    """Four players in Russian: the person's badge apart from every seat letter; a refused
    "Go" said as the person's; the review's sentences whole and in words of no gender; the
    same game opened in the game tab, "you" agreeing in both languages; tile names whole."""
    page = open_page(viewport=viewport, color_scheme=scheme).page  # the hint read in English
    page.emulate_media(reduced_motion="reduce")
    page.locator("#tab-practice").click()
    page.locator('input[name="practice-mode"][value="4"]').check()
    page.locator("#practice-dealer").select_option("3")  # D deals: the person leads
    set_up(page, "4", ["greedy", "greedy", "greedy"], seed=11)
    while awaiting(page) == "lay_away":
        lay_away(page, 0)
    assert awaiting(page) == "play"
    page.locator("#practice-go").click()  # a go while a tile fits: refused
    refusal = page.locator("#practice-refusal")
    expect(refusal).to_contain_text("Not recorded: your “Go”.")
    expect(refusal).to_be_in_viewport()
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(refusal).to_contain_text("Не записано: ваш ход «Иди!».")
    page.locator('.lang-btn[data-lang="en"]').click()
    play_one_deal(page)
    page.locator('.lang-btn[data-lang="ru"]').click()
    badges = page.locator("#practice-record li.entry")
    seen: dict[str, str] = {}
    for i in range(badges.count()):
        entry = badges.nth(i)
        seen[entry.get_attribute("data-player") or ""] = entry.locator(".badge").inner_text()
    assert seen["0"] == "Я", seen
    assert len(set(seen.values())) == len(seen) == 4, seen
    others = page.locator("#practice-others .badge").all_inner_texts()
    assert "Я" not in others, others
    assert len(set(others)) == 3, others
    review = page.locator("#practice-review")
    expect(review).to_contain_text("Ваши решения стоили")
    text = page_text(page)
    assert not MASCULINE.search(text), MASCULINE.search(text)
    assert split_tile_names(page) == []
    page.locator('.lang-btn[data-lang="en"]').click()
    expect(review).to_contain_text("Your decisions lost")
    assert not EN_WRONG.search(page_text(page)), EN_WRONG.search(page_text(page))
    with page.expect_download() as download:
        page.locator("#practice-save").click()
    saved = Path(download.value.path())
    page.locator("#tab-game").click()
    page.set_input_files("#open-game", str(saved))
    heading = page.locator("#deal-heading")
    expect(heading).to_have_text("Deal 1: D (greedy) deals, You lead")
    assert not EN_WRONG.search(page_text(page)), EN_WRONG.search(page_text(page))
    page.locator('.lang-btn[data-lang="ru"]').click()
    expect(heading).to_have_text("Сдача 1: сдаёт D (greedy), первый ход: ваш")
    expect(page.locator("#review-heading")).to_have_text("Разбор сдачи")
    page.locator("#review-go").click()
    expect(page.locator("#review-luck")).to_contain_text("удача")
    assert "езение" not in page_text(page)  # luck is "удача" in both reviews
    assert not MASCULINE.search(page_text(page)), MASCULINE.search(page_text(page))
    assert split_tile_names(page) == []
    assert_fits_the_width(page)


@pytest.mark.parametrize(
    ("viewport", "lang"), [(PHONE, "ru"), (DESKTOP, "en")], ids=["phone-ru", "desktop-en"]
)
def test_one_minus_sign_and_the_crib_that_moved_the_chance(
    open_page: OpenPage,
    base_url: str,
    tmp_path: Path,
    viewport: dict,  # type: ignore[type-arg]
    lang: str,
) -> None:
    """A simulated game opened, each finished deal reviewed: every negative number with the
    minus sign; each crib's event says what it scored against what the chance counted on,
    and how the chance moved, as the service's answer gives them."""
    record = simulated(base_url, WON_AT_A_HAND)
    page = open_page(viewport=viewport).page
    page.emulate_media(reduced_motion="reduce")
    open_file(page, record, tmp_path)
    page.locator(f'.lang-btn[data-lang="{lang}"]').click()
    names = [seat["name"] for seat in record["seats"]]
    signs = ""
    for index in range(len(record["deals"]) - 1):
        page.locator(f'#history button.history-open[data-deal="{index + 1}"]').click()
        page.locator("#review-go").click()
        expect(page.locator("#review-luck li").first).to_be_visible(timeout=60_000)
        text = page_text(page)
        assert not re.search(r"(^|[\s(:])-\d", text), re.findall(r".{20}[\s(:]-\d.{9}", text)
        signs += page.locator("#review-luck").inner_text()
        events = page.evaluate(f"{KEPT}.deals[{index}].result.events")
        (crib,) = [i for i, event in enumerate(events) if event["kind"] == "crib"]
        event, before = events[crib], events[crib - 1]["win_probability"]
        assert isinstance(event["expected_points"], float)
        side, after = event["side"], event["win_probability"]
        move = (after[side] > before[side]) - (after[side] < before[side])
        expected = f"{event['expected_points']:.2f}"
        why = page.locator('#deal-events li.event[data-kind="crib"] .event-why')
        if lang == "en":
            expect(why).to_have_text(
                f"The crib scored {event['points']} where the chance had counted on {expected}:"
                f" {names[side]}'s chance {['fell', 'stayed', 'rose'][move + 1]}"
                + (f" from {round(before[side] * 100)}% to" if move else " at")
                + f" {round(after[side] * 100)}%."
            )
        else:
            expect(why).to_have_text(
                f"Криб дал {event['points']} при ожидаемых {expected.replace('.', ',')}: шанс"
                f" ({names[side]}) {['упал', 'остался', 'вырос'][move + 1]}"
                + (f" с {round(before[side] * 100)}\u00a0% до" if move else "")
                + f" {round(after[side] * 100)}\u00a0%."
            )
        assert split_tile_names(page) == []
    assert "−" in signs  # a net or a luck below nought was shown


def test_the_line_of_the_play_never_covers_the_typing(open_page: OpenPage) -> None:
    """At 1280x800 the line over the tiles stays pinned while the page scrolls, but never
    over "Or type tiles" and its field and button."""
    page = open_page(viewport=DESKTOP).page
    page.emulate_media(reduced_motion="reduce")
    start_game(page, 2, ["Ann", "Bob"], dealer=1)
    # docs/rules.md section 6's deal, whole: its scores and review make the page long
    type_tiles(page, "1-5 3-4 2-6 4-4 1-6 go go 0-6 3-3 2-2 4-5 1-2 5-6 0-0 5-5")
    expect(page.locator("#next-deal")).to_be_visible()
    strip = page.locator("#play-strip")
    expect(strip).to_be_visible()
    typing = [page.locator(".type-form label"), page.locator("#type-input"),
              page.locator(".type-form button")]  # fmt: skip
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 80):
        page.evaluate(f"window.scrollTo(0, {y})")
        for part in typing:
            assert overlap(box(strip), box(part)) == 0, (y, part)
