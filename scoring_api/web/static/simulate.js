// The simulation view: a strategy for each seat, the rules, the games and a seed, run by
// POST /v1/simulations as a stream of shard lines ("lines": "shards"): a progress bar that
// moves shard by shard, Cancel (the stream closed: the server stops the run), then the
// summary's charts (charts.js) and the summary as a JSON file. The run's parameters live in
// the page's address (#simulate?seats=...), so a run can be shared and played again: the same
// seed gives the same bytes. Every figure is the service's; the page draws and writes them.

import { $, $$, ApiError, errorBox, h, number, percent, reveal, tr, view } from "./core.js";
import { columnChart, intervalChart, stackedChart } from "./charts.js";

const NDJSON = "application/x-ndjson";
const SOURCES = ["starter", "play", "hand", "crib"];
const DEALERS = ["alternate", "draw"];

const state = {
  strategies: [], // from GET /v1/strategies: each name and the numbers of players it sits with
  controller: null, // the run streaming now
  request: null, // the body of the last run
  games: 0, done: 0, started: 0,
  summary: null, error: null, cancelled: false, seconds: 0,
  download: null, // the summary's object URL
  query: null, // the address's run, until the form shows it (the strategies are asked first)
};

const mode = () => $('input[name="sim-mode"]:checked').value;
const seatCount = () => (mode() === "partners" ? 4 : Number(mode()));

function integer(text) {
  return /^\d+$/.test(String(text ?? "").trim()) ? Number(text) : null;
}

// ---------------------------------------------------------------- the form and the address

function formBody() {
  const n = seatCount();
  const body = {
    games: integer($("#sim-games").value) ?? $("#sim-games").value,
    players: Array.from({ length: n }, (_, seat) => ({ strategy: $(`#sim-seat-${seat}`).value })),
    rules: { players: n, partners: mode() === "partners",
      target: Number($('input[name="sim-target"]:checked').value) },
    first_dealer: $("#sim-dealer").value,
    lines: "shards",
  };
  const seed = $("#sim-seed").value.trim();
  if (seed !== "") body.seed = integer(seed) ?? seed;
  return body;
}

// The address's part after "#simulate": the form's run, to share or to play again.
export function simulateAddress() {
  if (state.query !== null) return state.query ? `?${state.query}` : "";
  const body = formBody();
  const params = new URLSearchParams({ seats: body.players.map((p) => p.strategy).join(","),
    target: String(body.rules.target), games: String(body.games), dealer: body.first_dealer });
  if (body.rules.partners) params.set("partners", "1");
  if (body.seed !== undefined) params.set("seed", String(body.seed));
  return `?${params}`.replaceAll("%2C", ",");
}

function writeAddress() {
  if (view.tab !== "simulate") return;
  window.history.replaceState(null, "", `#simulate${simulateAddress()}`);
}

function choose(name, value) {
  const radio = $(`input[name="${name}"][value="${value}"]`);
  if (radio) radio.checked = true;
}

function readAddress(query) {
  if (!query) return;
  const params = new URLSearchParams(query);
  const seats = (params.get("seats") || "").split(",").filter(Boolean).slice(0, 4);
  const partners = params.get("partners") === "1" && seats.length === 4;
  if (seats.length >= 2) choose("sim-mode", partners ? "partners" : String(seats.length));
  refreshSeats();
  seats.forEach((name, seat) => {
    const select = $(`#sim-seat-${seat}`);
    if (!Array.from(select.options).some((o) => o.value === name)) {
      select.append(h("option", { value: name, text: name })); // the server will judge it
    }
    select.value = name;
  });
  choose("sim-target", params.get("target"));
  if (DEALERS.includes(params.get("dealer"))) $("#sim-dealer").value = params.get("dealer");
  if (params.has("games")) $("#sim-games").value = params.get("games");
  if (params.has("seed")) $("#sim-seed").value = params.get("seed");
}

function refreshSeats() {
  const n = seatCount();
  const partners = mode() === "partners";
  $$(".sim-seat").forEach((field, seat) => {
    field.hidden = seat >= n;
    field.querySelector(".name-label").textContent = partners
      ? tr("seat_side_label", { n: seat + 1, side: seat % 2 === 0 ? 1 : 2 })
      : tr("seat_label", { n: seat + 1 });
    const select = field.querySelector("select");
    const chosen = select.value || select.dataset.default; // the service's default
    const fits = strategyNames(n);
    const names = fits.includes(chosen) || !chosen ? fits : [...fits, chosen];
    select.replaceChildren(...names.map((name) => h("option", { value: name, text: name })));
    select.value = chosen;
  });
}

// The names of the strategies that can sit at a table of ``players``, as the service lists
// them (empty until it answers): the practice table's seats choose among them too.
export const strategyNames = (players) => state.strategies
  .filter((s) => s.players.includes(players)).map((s) => s.name);

async function loadStrategies() {
  try {
    const response = await fetch("v1/strategies", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new ApiError(response.status, null);
    state.strategies = (await response.json()).strategies;
  } catch (exc) {
    state.error = { exc: exc instanceof ApiError ? exc : new ApiError(0, null) };
  }
}

// ---------------------------------------------------------------- the run

async function eachLine(stream, onLine) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    const lines = buffer.split("\n");
    buffer = lines.pop();
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line));
    if (done) return;
  }
}

function onLine(line) {
  if (line.type === "shard") {
    state.done += line.games;
    showProgress();
  } else if (line.type === "summary") {
    state.summary = { ...line };
    delete state.summary.type; // the JSON answer's content, as the download gives it
  } else if (line.type === "error") {
    state.error = { line };
  }
}

async function run(event) {
  event.preventDefault();
  if (state.controller) return;
  const body = formBody();
  writeAddress();
  Object.assign(state, { controller: new AbortController(), request: body, games:
    Number(body.games) || 0, done: 0, started: performance.now(), summary: null, error: null,
  cancelled: false });
  render();
  reveal($("#sim-progress-box"), "center"); // on a phone it is under the fold
  $("#sim-status").textContent = tr("sim_started", { games: count(state.games) });
  try {
    const response = await fetch("v1/simulations", { method: "POST", signal:
      state.controller.signal, body: JSON.stringify(body), headers: { "Content-Type":
      "application/json", Accept: `${NDJSON}, application/problem+json` } });
    if (!response.ok) {
      const problem = await response.json().catch(() => null);
      state.error = { exc: new ApiError(response.status, problem),
        wait: response.headers.get("Retry-After") };
    } else {
      await eachLine(response.body, onLine);
      if (!state.summary && !state.error) state.error = { key: "sim_cut" };
    }
  } catch (exc) {
    if (exc.name === "AbortError") state.cancelled = true;
    else state.error = { exc: exc instanceof ApiError ? exc : new ApiError(0, null) };
  } finally {
    state.controller = null;
    state.seconds = (performance.now() - state.started) / 1000;
    if (state.summary && body.seed === undefined) {
      $("#sim-seed").value = String(state.summary.seed); // the run, repeatable from the address
      writeAddress();
    }
    render();
    reveal($("#sim-result").firstElementChild, "start"); // the charts, or why there are none
    $("#sim-status").textContent = statusWords();
  }
}

function cancel() {
  if (state.controller) state.controller.abort();
}

// ---------------------------------------------------------------- words and numbers

const count = (n) => new Intl.NumberFormat(view.lang).format(n);
const tenth = (x) => percent(x, 1);

// A time left in words: seconds, minutes, or hours and minutes.
function duration(seconds) {
  if (seconds < 90) return tr("sim_seconds", { n: count(Math.ceil(seconds)) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return tr("sim_minutes", { n: count(minutes) });
  return tr("sim_hours", { h: count(Math.floor(minutes / 60)), m: minutes % 60 });
}

function showProgress() {
  const bar = $("#sim-progress");
  bar.max = Math.max(1, state.games);
  bar.value = Math.min(state.done, state.games);
  const seconds = (performance.now() - state.started) / 1000;
  const rate = seconds > 0 ? state.done / seconds : 0;
  const parts = [tr("sim_progress", { done: count(state.done), games: count(state.games) })];
  if (state.done > 0 && rate > 0) {
    parts.push(tr("sim_rate", { rate: count(Math.round(rate)) }));
    if (state.controller) {
      parts.push(tr("sim_left", { time: duration((state.games - state.done) / rate) }));
    }
  } else if (state.controller) {
    parts.push(tr("sim_starting"));
  }
  $("#sim-progress-text").textContent = parts.join(" · ");
}

function statusWords() {
  if (state.summary) {
    return tr("sim_done", { games: count(state.summary.games), s: number(state.seconds) });
  }
  if (state.cancelled) return tr("sim_cancelled", { done: count(state.done),
    games: count(state.games) });
  return state.error ? tr("sim_failed") : "";
}

function errorWords(error) {
  if (error.line) {
    return h("div", { class: "warn", role: "alert" }, h("p", { text: error.line.detail }),
      h("p", { text: tr("sim_resume", { done: count(state.done), next: error.line.next_game }) }));
  }
  const box = errorBox(error);
  const status = error.exc?.status;
  if (status === 503 || status === 429) {
    const wait = integer(error.wait);
    box.prepend(h("p", { class: "sim-wait", "data-status": status, "data-retry-after":
      wait, text: `${tr(`sim_busy_${status}`)} ${wait === null ? tr("sim_wait_later")
      : tr("sim_wait", { s: wait })}` }));
  }
  return box;
}

// ---------------------------------------------------------------- the summary

function sideRows(summary) {
  const strategy = (seat) => summary.players[seat].strategy;
  const rows = summary.sides
    ? summary.sides.map((side, i) => ({ ...side, label: tr("sim_side", { n: i + 1,
      who: side.seats.map(strategy).join(" & ") }) }))
    : summary.players.map((p, seat) => ({ ...p, label: tr("sim_seat", { n: seat + 1,
      who: p.strategy }) }));
  return rows;
}

function figure(key, value, text) {
  return h("div", { class: "sim-figure", "data-figure": key, "data-value": value },
    h("dt", { text: tr(`sim_fig_${key}`) }), h("dd", { text }));
}

function downloadLink(summary) {
  if (state.download) URL.revokeObjectURL(state.download);
  state.download = URL.createObjectURL(new Blob([`${JSON.stringify(summary, null, 2)}\n`],
    { type: "application/json" }));
  return h("a", { class: "button-link", id: "sim-download", href: state.download,
    download: `simulation-${summary.seed}-${summary.games}.json`, text: tr("sim_download") });
}

function summaryView(summary) {
  const sides = sideRows(summary);
  const wins = intervalChart(sides.map((row) => ({ label: row.label, value: row.win_rate,
    low: row.win_rate_ci95[0], high: row.win_rate_ci95[1], text: tr("sim_rate_ci", {
      rate: tenth(row.win_rate), low: tenth(row.win_rate_ci95[0]),
      high: tenth(row.win_rate_ci95[1]) }) })), tr("sim_wins_label", {
    rows: sides.map((row) => `${row.label} ${tenth(row.win_rate)}`).join(", ") }));
  const seats = summary.players.map((p, seat) => ({ label: tr("sim_seat", { n: seat + 1,
    who: p.strategy }), parts: p.points_per_deal }));
  const keys = SOURCES.map((key) => ({ key, label: tr(`sim_source_${key}`) }));
  const points = stackedChart(seats, keys, tr("sim_points_label", { rows: seats.map((row) =>
    `${row.label} ${SOURCES.map((k) => `${tr(`sim_source_${k}`)} ${number(row.parts[k])}`)
      .join(", ")}`).join("; ") }), number);
  const shows = (key, counts) => h("figure", { class: "sim-chart", id: `sim-${key}` },
    h("figcaption", { text: tr(`sim_${key}_heading`) }), columnChart(counts,
      tr("sim_scores_label", { what: tr(`sim_${key}_heading`), most: mostCommon(counts) }),
      (i, n) => tr("sim_column", { points: i, n: count(n) })));
  return [
    h("div", { class: "sim-actions" }, downloadLink(summary)),
    h("dl", { class: "sim-figures" },
      figure("games", summary.games, count(summary.games)),
      figure("seed", summary.seed, String(summary.seed)),
      figure("mean_deals", summary.mean_deals, number(summary.mean_deals)),
      figure("mean_margin", summary.mean_margin, number(summary.mean_margin)),
      ...sides.map((row, i) => h("div", { class: "sim-figure", "data-figure": "lurches",
        "data-row": i, "data-value": row.lurches }, h("dt", { text: tr("sim_fig_lurches",
        { who: row.label }) }), h("dd", { text: count(row.lurches) })))),
    h("figure", { class: "sim-chart", id: "sim-wins" }, h("figcaption", {
      text: tr("sim_wins_heading") }), wins),
    h("figure", { class: "sim-chart", id: "sim-points" }, h("figcaption", {
      text: tr("sim_points_heading") }), points),
    shows("hand", summary.hand_scores),
    shows("crib", summary.crib_scores),
  ];
}

function mostCommon(counts) {
  const highest = Math.max(...counts);
  return counts.indexOf(highest);
}

// ---------------------------------------------------------------- on screen

export function renderSimulate() {
  refreshSeats();
  const running = Boolean(state.controller);
  $("#sim-run").disabled = running;
  $("#sim-cancel").hidden = !running;
  $("#sim-progress-box").hidden = !running && !state.request;
  if (state.request) showProgress();
  const box = $("#sim-result");
  const parts = [];
  if (state.cancelled) {
    parts.push(h("p", { class: "note", text: tr("sim_cancelled", { done: count(state.done),
      games: count(state.games) }) }));
  }
  if (state.error) parts.push(errorWords(state.error));
  if (state.summary) {
    parts.push(h("h3", { text: tr("sim_summary_heading", { games: count(state.summary.games),
      seed: state.summary.seed }) }), ...summaryView(state.summary));
  }
  box.replaceChildren(...parts);
}

const render = renderSimulate;

export async function initSimulate() {
  const [tab, query] = window.location.hash.slice(1).split("?");
  state.query = tab === "simulate" ? query || "" : "";
  $("#sim-form").addEventListener("submit", run);
  $("#sim-cancel").addEventListener("click", cancel);
  for (const radio of $$('input[name="sim-mode"]')) {
    radio.addEventListener("change", () => {
      if (mode() === "partners") choose("sim-target", "121");
      render();
    });
  }
  for (const field of $$("#sim-form input, #sim-form select")) {
    field.addEventListener("change", writeAddress);
  }
  await loadStrategies();
  readAddress(state.query);
  state.query = null;
  render();
}
