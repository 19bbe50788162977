"""The simulation view (simulate.js, charts.js) in Chromium against gunicorn and its cluster.

The charts' numbers (data attributes) are the API's JSON summary of the same request, the
progress bar moves shard by shard to the end, Cancel leaves the server idle (its /metrics),
the service's 503 and 429 are said in words with their wait, and the run lives in the address.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest

from .axe import serious_violations
from .conftest import DESKTOP, PHONE, OpenPage, save_screenshot
from .table import assert_fits_the_width

pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SOURCES = ["starter", "play", "hand", "crib"]
# Every value the progress bar takes, from before the run on.
WATCH_PROGRESS = """() => {
  const bar = document.querySelector("#sim-progress");
  window.progressSeen = [];
  new MutationObserver((changes) => window.progressSeen.push(
    ...changes.slice(1).map((change) => Number(change.oldValue)),
    Number(bar.getAttribute("value"))))
    .observe(bar, { attributes: true, attributeOldValue: true, attributeFilter: ["value"] });
}"""


def api(base_url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        text = response.read().decode()
    return text if path == "/metrics" else json.loads(text)


def metric(scrape: str, name: str) -> float:
    match = re.search(rf"^{re.escape(name)} (\S+)$", scrape, re.MULTILINE)
    assert match, f"{name} not in the scrape"
    return float(match.group(1))


def data(page: Page, selector: str, attribute: str = "data-value") -> list[float]:
    values: list[float] = page.eval_on_selector_all(
        selector, f"(els) => els.map((el) => Number(el.getAttribute('{attribute}')))"
    )
    return values


def assert_charts_are(page: Page, summary: dict[str, Any]) -> None:
    rows = summary.get("sides") or summary["players"]
    assert data(page, "#sim-wins g.chart-row") == [row["win_rate"] for row in rows]
    assert data(page, "#sim-wins g.chart-row", "data-low") == [r["win_rate_ci95"][0] for r in rows]
    assert data(page, "#sim-wins g.chart-row", "data-high") == [r["win_rate_ci95"][1] for r in rows]
    for seat, player in enumerate(summary["players"]):
        parts = f'#sim-points g.chart-row[data-row="{seat}"] rect.chart-part'
        assert data(page, parts) == [player["points_per_deal"][k] for k in SOURCES]
    assert data(page, "#sim-hand rect.chart-column") == summary["hand_scores"]
    assert data(page, "#sim-crib rect.chart-column") == summary["crib_scores"]
    for key in ["games", "seed", "mean_deals", "mean_margin"]:
        assert data(page, f'.sim-figure[data-figure="{key}"]') == [summary[key]]
    assert data(page, '.sim-figure[data-figure="lurches"]') == [row["lurches"] for row in rows]


@pytest.mark.usefixtures("axe_available")  # it checks the page with axe-core
def test_a_run_moves_shard_by_shard_and_draws_the_services_summary(open_page: OpenPage) -> None:
    address = "/#simulate?seats=random,greedy&target=61&games=2000&dealer=alternate&seed=7"
    visit = open_page(viewport=DESKTOP, path=address, bypass_csp=True)
    page = visit.page
    expect(page.locator("#panel-simulate")).to_be_visible()
    expect(page.locator("#sim-seat-1")).to_have_value("greedy")  # the address, in the form
    expect(page.locator("#sim-seat-0")).to_have_value("random")
    expect(page.locator("#sim-seed")).to_have_value("7")
    page.evaluate(WATCH_PROGRESS)
    page.locator("#sim-run").click()
    expect(page.locator("#sim-wins svg")).to_be_visible(timeout=60_000)
    seen = page.evaluate("window.progressSeen")
    assert seen[-1] == 2_000
    assert seen == sorted(seen), seen  # it only moves forward,
    # shard by shard: the first shards are small (runner.Sizer: 714 games here, fewer near
    # the end), whatever the machine's speed
    assert len({value for value in seen if 0 < value < 2_000}) >= 2, seen
    expect(page.locator("#sim-progress-text")).to_contain_text("2,000 of 2,000 games")

    body = {"games": 2_000, "seed": 7, "players": [{"strategy": "random"},
            {"strategy": "greedy"}], "rules": {"players": 2, "partners": False, "target": 61},
            "first_dealer": "alternate"}  # fmt: skip
    summary = api(visit.base_url, "/v1/simulations", body)
    assert_charts_are(page, summary)
    downloaded = page.evaluate("async () => (await fetch(document.querySelector("
                               "'#sim-download').href)).text()")  # fmt: skip
    assert json.loads(downloaded) == summary
    name = page.locator("#sim-download").get_attribute("download")
    assert name == "simulation-7-2000.json"
    assert serious_violations(page, "simulation done") == []
    save_screenshot(page, "simulate-desktop", docs=True)


IDLE_SECONDS = 10
"""How long Cancel may take to leave the server idle here (2 s on a quiet machine)."""


@pytest.mark.usefixtures("axe_available")  # it checks the page with axe-core
def test_cancel_leaves_the_server_idle(open_page: OpenPage) -> None:
    visit = open_page(viewport=PHONE, path="/#simulate", color_scheme="dark", bypass_csp=True)
    page = visit.page
    base = api(visit.base_url, "/metrics")
    page.locator('input[name="sim-mode"][value="partners"]').check()
    expect(page.locator('input[name="sim-target"][value="121"]')).to_be_checked()
    for seat in range(4):
        page.locator(f"#sim-seat-{seat}").select_option("random")
    page.locator("#sim-games").fill("5000000")
    page.locator("#sim-run").click()
    expect(page.locator("#sim-cancel")).to_be_visible()
    page.wait_for_function("Number(document.querySelector('#sim-progress').value) > 0",
                           timeout=60_000)  # fmt: skip
    assert metric(api(visit.base_url, "/metrics"), "simulation_shards_in_flight") > 0
    assert serious_violations(page, "simulation running") == []
    save_screenshot(page, "simulate-running-phone-dark", docs=True, part="#panel-simulate .inputs")
    page.locator("#sim-cancel").click()
    cancelled = time.monotonic()
    expect(page.locator("#sim-result")).to_contain_text("Cancelled after")
    # Idle within 2 s of Cancel on a quiet machine (the shard in flight ends, nothing more is
    # sent); the test waits up to IDLE_SECONDS so that a busy machine cannot fail it.
    while True:
        scrape = api(visit.base_url, "/metrics")
        idle = metric(scrape, "simulation_shards_in_flight") == 0 and metric(
            scrape, "http_requests_in_flight"
        ) == metric(base, "http_requests_in_flight")
        if idle or time.monotonic() - cancelled > IDLE_SECONDS:
            break
        time.sleep(0.05)
    assert idle, (
        f"the server still runs the cancelled simulation {IDLE_SECONDS} s after Cancel: "
        f"{metric(scrape, 'simulation_shards_in_flight')} shards, "
        f"{metric(scrape, 'http_requests_in_flight')} requests in flight"
    )
    expect(page.locator("#sim-cancel")).to_be_hidden()
    expect(page.locator("#sim-run")).to_be_enabled()
    # the server picked the seed: nothing to repeat until a run ends, so the address has none
    assert "seed=" not in page.url
    assert "seats=random,random,random,random" in page.url
    assert "partners=1" in page.url
    assert_fits_the_width(page)


# charts.js alone, in the page: the marks stand where their numbers say, edges included.
CHARTS = """async () => {
  const charts = await import("/web/static/charts.js");
  const box = (el) => ({ x: Number(el.getAttribute("x")), width: Number(el.getAttribute("width")),
    y: Number(el.getAttribute("y")), height: Number(el.getAttribute("height")) });
  const rates = charts.intervalChart([
    { label: "none", value: 0, low: 0, high: 0.05, text: "0%" },
    { label: "all", value: 1, low: 0.95, high: 1, text: "100%" },
    { label: "half", value: 0.5, low: 0.25, high: 0.75, text: "50%" }], "rates");
  const whiskers = Array.from(rates.querySelectorAll("g.chart-row")).map((row) =>
    Array.from(row.querySelectorAll(".chart-whisker")).map((l) => Number(l.getAttribute("x1"))));
  const parts = charts.stackedChart([{ label: "a", parts: { x: 1, y: 3 } },
    { label: "b", parts: { x: 2, y: 0 } }, { label: "c", parts: { x: 0, y: 0 } }],
    [{ key: "x", label: "X" }, { key: "y", label: "Y" }], "parts", String);
  const empty = charts.columnChart([0, 0, 0], "empty", () => "");
  const counts = charts.columnChart([5, 10, 0, 2.5], "counts", (i, n) => `${i}: ${n}`);
  return {
    label: rates.getAttribute("aria-label"), role: rates.getAttribute("role"),
    bars: Array.from(rates.querySelectorAll(".chart-bar")).map((r) => box(r).width),
    whiskers,
    parts: Array.from(parts.querySelectorAll("g.chart-row .chart-part")).map((r) =>
      [r.dataset.key, Number(r.dataset.value), box(r).x, box(r).width]),
    totals: Array.from(parts.querySelectorAll("g.chart-row")).map((g) => g.dataset.total),
    empty: Array.from(empty.querySelectorAll(".chart-column")).map((r) => box(r).height),
    counts: Array.from(counts.querySelectorAll(".chart-column")).map((r) =>
      [box(r).y + box(r).height, box(r).height, r.querySelector("title").textContent]),
    text: rates.textContent + parts.textContent + counts.textContent,
  };
}"""


def test_the_charts_draw_their_numbers(open_page: OpenPage) -> None:
    found = open_page(viewport=PHONE).page.evaluate(CHARTS)
    assert found["label"] == "rates"
    assert found["role"] == "img"
    assert found["bars"] == [0, 320, 160]  # the chart is 320 wide: a rate of 1 fills it
    # each row's interval: the line from low to high, then its two ends
    assert found["whiskers"] == [[0, 0, 16], [304, 304, 320], [80, 80, 240]]
    # end to end, scaled to the longest row (4): 80 units a point
    assert found["parts"] == [
        ["x", 1, 0, 80], ["y", 3, 80, 240], ["x", 2, 0, 160], ["y", 0, 160, 0],
        ["x", 0, 0, 0], ["y", 0, 0, 0],
    ]  # fmt: skip
    assert found["totals"] == ["4", "2", "0"]
    assert found["empty"] == [0, 0, 0]  # nothing counted: no column, no NaN
    bottoms = {bottom for bottom, _, _ in found["counts"]}
    assert len(bottoms) == 1  # every column stands on the axis
    heights = [height for _, height, _ in found["counts"]]
    assert heights[1] > 0
    assert heights == [heights[1] / 2, heights[1], 0, heights[1] / 4]
    assert [title for _, _, title in found["counts"]] == ["0: 5", "1: 10", "2: 0", "3: 2.5"]
    assert "NaN" not in found["text"]


TOTALS = {"games": 50, "deals": 200, "wins": [30, 20], "lurches": [1, 0],
          "final_scores": [3000, 2800], "margin": 600,
          "points": [{"starter": 5, "play": 300, "hand": 700, "crib": 300}] * 2,
          "dealt": [100, 100], "dealer_points": [700, 700], "non_dealer_points": [600, 600],
          "hand_scores": [10] * 25, "crib_scores": [5] * 25}  # fmt: skip
SHARD = {"type": "shard", "first_game": 0, "games": 50, "totals": TOTALS}
CUT = {"type": "error", "status": 503, "next_game": 50, "missing": [{"first_game": 50,
       "games": 50}], "detail": "The run's time budget of 600 s ran out."}  # fmt: skip


def answer_with(page: Page, **fulfill: Any) -> None:
    """Every simulation request of the page answered so (Playwright's route.fulfill)."""
    page.unroute("**/v1/simulations")
    page.route("**/v1/simulations", lambda route: route.fulfill(**fulfill))


def test_answers_that_are_not_a_summary_are_said_in_words(open_page: OpenPage) -> None:
    """The service's 503 and 429 with their wait, a stream's error line, a stream cut short."""
    page = open_page(viewport=PHONE, path="/#simulate?seats=random,random&games=100").page
    problem = {"type": "about:blank", "title": "Service Unavailable", "status": 503,
               "detail": "Too many simulations at once: try again shortly."}  # fmt: skip
    refusals = [
        (503, "2", "as many simulations as it takes at once (503). Try again in 2 seconds."),
        (429, "37", "than the server allows (429). Try again in 37 seconds."),
        (503, None, "(503). Try again a little later."),
    ]
    for status, wait, words in refusals:
        answer_with(
            page,
            status=status,
            headers={"Retry-After": wait} if wait else {},
            content_type="application/problem+json",
            body=json.dumps({**problem, "status": status}),
        )
        page.locator("#sim-run").click()
        box = page.locator("#sim-result [role=alert]")
        expect(box).to_contain_text(words)
        expect(box).to_contain_text("Too many simulations at once")
        expect(page.locator("#sim-run")).to_be_enabled()
    streams = [
        ([SHARD, CUT], "50 games were played; the rest can be asked for from game 50."),
        ([SHARD], "The server's answer stopped before the summary: run it again."),
    ]
    for lines, words in streams:
        answer_with(
            page,
            status=200,
            content_type="application/x-ndjson",
            body="".join(json.dumps(line) + "\n" for line in lines),
        )
        page.locator("#sim-run").click()
        expect(page.locator("#sim-result [role=alert]")).to_contain_text(words)
        expect(page.locator("#sim-progress")).to_have_attribute("value", "50")
        expect(page.locator("#sim-progress-text")).to_contain_text("50 of 100 games")
        expect(page.locator("#sim-wins")).to_have_count(0)
    page.locator('.lang-btn[data-lang="ru"]').click()  # the last words, in Russian
    expect(page.locator("#sim-result [role=alert]")).to_contain_text("Ответ сервера оборвался")
    answer_with(
        page,
        status=429,
        headers={"Retry-After": "5"},
        content_type="application/problem+json",
        body=json.dumps({**problem, "status": 429}),
    )
    page.locator("#sim-run").click()
    expect(page.locator("#sim-result [role=alert]")).to_contain_text(
        "чем позволяет сервер (429). Попробуйте снова через 5 с."
    )
