// The players' page: check a hand, follow the play, get advice on the lay-away.
// Plain ES modules, no build step. Every text goes into the page through textContent or
// text nodes (never innerHTML), so nothing the server or the player types can become markup.

import { STRINGS, countAloud, pickLanguage } from "./i18n.js";
import { ALL_TILES, ends, readToken, splitTokens, tileSvg } from "./tiles.js";

// The play is sent without a dealer: the service's default (the last seat deals, so
// seat 0 leads) is the one place that rule is written.
const KIND_ORDER = { fifteen: 0, pair: 1, run: 2 };

const state = {
  lang: "en",
  tab: "hand",
  hand: { slots: [null, null, null, null, null], target: 0, result: null, error: null, seq: 0 },
  play: { plays: [], result: null, player: 0, warning: null },
  advice: { slots: [null, null, null, null, null, null], target: 0, result: null, error: null,
    busy: false, seq: 0 },
};

// ---------------------------------------------------------------- small helpers

const $ = (selector) => document.querySelector(selector);
const $$ = (selector) => Array.from(document.querySelectorAll(selector));

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

function tr(key, params = {}) {
  const table = STRINGS[state.lang];
  const value = key in table ? table[key] : STRINGS.en[key];
  return typeof value === "function" ? value(params) : value;
}

function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function playerName(player) {
  return `${tr(`player_${player}`)} (${tr(`short_${player}`)})`;
}

function number(value) {
  return new Intl.NumberFormat(state.lang, { minimumFractionDigits: 2,
    maximumFractionDigits: 2 }).format(value);
}

// Small drawn tiles, with their names beside them (pips that small are hard to read).
function miniTiles(tiles) {
  return h("span", { class: "mini-tiles" }, tiles.map((tile) => {
    const [low, high] = ends(tile);
    const wrap = h("span", { class: "mini", role: "img", "aria-label": tr("tile_label", { tile }),
      title: tile, "data-value": low + high });
    wrap.append(tileSvg(tile));
    return wrap;
  }), h("span", { class: "tile-names", "aria-hidden": "true", text: tiles.join(" ") }));
}

// Bring an answer into sight on a small screen (the tiles tapped may be far below it).
function reveal(el, block = "nearest") {
  if (!el) return;
  const box = el.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block, behavior: smooth ? "smooth" : "auto" });
}

// Actions that talk to the server run one after another, in the order they were asked for.
let queue = Promise.resolve();
function enqueue(task) {
  queue = queue.then(task).catch((error) => console.error(error)); // eslint-disable-line no-console
  return queue;
}

// ---------------------------------------------------------------- the API

class ApiError extends Error {
  constructor(status, problem) {
    super(`HTTP ${status}`);
    this.status = status; // 0: the server could not be reached
    this.problem = problem;
  }
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json",
        Accept: "application/json, application/problem+json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function pointerWords(pointer) {
  const [head, index] = String(pointer || "").split("/").filter(Boolean);
  if (head === undefined) return "";
  const n = Number(index) + 1;
  if (["hand", "tiles", "plays"].includes(head) && Number.isInteger(n)) {
    return tr(`ptr_${head}`, { n });
  }
  if (["starter", "claimed", "play", "dealer"].includes(head)) return tr(`ptr_${head}`);
  return String(pointer).split("/").filter(Boolean).join(" ");
}

// An error, in words: {key} is one of our own messages, {exc} an ApiError.
function errorLines(error) {
  if (error.key) return [tr(error.key)];
  const exc = error.exc;
  if (!exc || exc.status === 0) return [tr("err_network")];
  const problem = exc.problem && typeof exc.problem === "object" ? exc.problem : null;
  if (!problem) return [tr("err_server", { status: exc.status })];
  const fields = Array.isArray(problem.errors) ? problem.errors : [];
  const lines = [];
  if (problem.detail && !fields.some((f) => f && f.detail === problem.detail)) {
    lines.push(String(problem.detail));
  }
  for (const field of fields) {
    if (!field || !field.detail) continue;
    const where = pointerWords(field.pointer);
    lines.push(where ? tr("err_field", { where, detail: field.detail }) : String(field.detail));
  }
  if (!lines.length) lines.push(problem.title ? String(problem.title) : tr("err_server",
    { status: exc.status }));
  return lines;
}

function errorBox(error, className = "warn") {
  return h("div", { class: className, role: "alert" },
    errorLines(error).map((line) => h("p", { text: line })));
}

// ---------------------------------------------------------------- the tile picker

const paletteButtons = new Map();

function buildPalette() {
  const grid = $("#palette");
  for (const tile of ALL_TILES) {
    const [low, high] = ends(tile);
    const button = h("button", { type: "button", class: `tile r${low} c${high}`,
      "data-tile": tile });
    button.append(tileSvg(tile));
    button.addEventListener("click", () => onTile(tile, false));
    grid.append(button);
    paletteButtons.set(tile, button);
  }
  // Arrow keys move across the triangle: a row holds one low end, a column one high end.
  grid.addEventListener("keydown", (event) => {
    const tile = event.target.closest("button")?.dataset.tile;
    if (!tile) return;
    let [low, high] = ends(tile);
    if (event.key === "ArrowRight") high += 1;
    else if (event.key === "ArrowLeft") high -= 1;
    else if (event.key === "ArrowDown") low += 1;
    else if (event.key === "ArrowUp") low -= 1;
    else return;
    const next = paletteButtons.get(`${low}-${high}`);
    if (next && low <= high) {
      event.preventDefault();
      next.focus();
    }
  });
}

function updatePalette() {
  const played = new Set(state.play.plays.filter((p) => p.tile).map((p) => p.tile));
  for (const [tile, button] of paletteButtons) {
    let label = tr("tile_label", { tile });
    let mark = "";
    if (state.tab === "hand") {
      const at = state.hand.slots.indexOf(tile);
      if (at === 4) mark = "starter";
      else if (at >= 0) mark = "chosen";
      label = mark === "starter" ? tr("tile_is_starter", { tile })
        : mark ? tr("tile_in_hand", { tile }) : label;
    } else if (state.tab === "advice") {
      if (state.advice.slots.includes(tile)) mark = "chosen";
      label = mark ? tr("tile_chosen", { tile }) : label;
    } else if (played.has(tile)) {
      mark = "used"; // still a button: the referee explains why it cannot be laid again
      label = tr("tile_played", { tile });
    }
    button.classList.toggle("chosen", mark === "chosen");
    button.classList.toggle("starter", mark === "starter");
    button.classList.toggle("used", mark === "used");
    if (state.tab === "play") button.removeAttribute("aria-pressed");
    else button.setAttribute("aria-pressed", String(mark === "chosen" || mark === "starter"));
    button.setAttribute("aria-label", label);
  }
}

function renderHint() {
  let hint;
  if (state.tab === "hand") {
    const { slots, target } = state.hand;
    if (!slots.includes(null)) hint = tr("hint_full");
    else hint = target === 4 ? tr("hint_starter") : tr("hint_hand", { n: target + 1 });
  } else if (state.tab === "play") {
    hint = state.play.result?.complete ? tr("hint_play_over")
      : tr("hint_play", { who: playerName(state.play.player) });
  } else {
    const { slots, target } = state.advice;
    hint = slots.includes(null) ? tr("hint_advice", { n: target + 1 }) : tr("hint_advice_full");
  }
  $("#picker-hint").textContent = hint;
}

function onTile(tile, typed) {
  if (state.tab === "hand") pickInto(state.hand, tile, typed, handChanged);
  else if (state.tab === "advice") pickInto(state.advice, tile, typed, adviceChanged);
  else enqueue(() => propose({ tile }));
}

// Tap an empty place's tile to fill the place; tap a chosen tile to take it back.
function pickInto(selection, tile, typed, changed) {
  const { slots } = selection;
  const at = slots.indexOf(tile);
  if (at >= 0) {
    if (typed) return; // typing a tile twice does not take it back
    slots[at] = null;
    selection.target = at;
  } else {
    if (slots[selection.target] !== null) return; // all places full: take one back first
    slots[selection.target] = tile;
    for (let step = 1; step <= slots.length; step += 1) {
      const next = (selection.target + step) % slots.length;
      if (slots[next] === null) {
        selection.target = next;
        break;
      }
    }
  }
  changed();
}

function buildSlots(container, count, offset, selection, labelFor, changed) {
  const buttons = [];
  for (let i = 0; i < count; i += 1) {
    const index = offset + i;
    const button = h("button", { type: "button", class: "slot", "data-slot": index });
    button.addEventListener("click", () => {
      if (selection.slots[index] !== null) selection.slots[index] = null;
      selection.target = index;
      changed();
    });
    container.append(button);
    buttons.push({ button, index, labelFor });
  }
  return buttons;
}

function updateSlots(slotButtons, selection) {
  for (const { button, index, labelFor } of slotButtons) {
    const tile = selection.slots[index];
    const what = labelFor(index);
    button.replaceChildren(tile ? tileSvg(tile) : h("span", { class: "slot-empty" }));
    button.classList.toggle("target", selection.target === index && tile === null);
    button.dataset.tile = tile || "";
    button.setAttribute("aria-label", tile ? tr("slot_full", { what, tile })
      : tr("slot_empty", { what }));
  }
}

// ---------------------------------------------------------------- check a hand or crib

let handSlots = [];

function handChanged() {
  const hand = state.hand;
  hand.result = null;
  hand.error = null;
  hand.seq += 1;
  renderHand();
  if (!hand.slots.includes(null)) enqueue(countHand);
}

async function countHand() {
  const hand = state.hand;
  if (hand.slots.includes(null)) {
    hand.error = { key: "need_five" };
    renderHand();
    return;
  }
  const body = { hand: hand.slots.slice(0, 4), starter: hand.slots[4],
    crib: $("#crib-box").checked };
  const claimedText = $("#claimed").value.trim();
  if (claimedText !== "" || $("#claimed").validity.badInput) {
    const claimed = Number(claimedText);
    if (claimedText === "" || !Number.isInteger(claimed) || claimed < 0 || claimed > 29) {
      hand.error = { key: "bad_claim" };
      hand.result = null;
      renderHand();
      return;
    }
    body.claimed = claimed;
  }
  const seq = ++hand.seq;
  let result = null;
  let error = null;
  try {
    result = await post("v1/hands/score", body);
  } catch (exc) {
    error = { exc };
  }
  if (seq !== hand.seq) return; // the hand changed while the server was counting
  hand.result = result;
  hand.error = error;
  renderHand();
  reveal($("#hand-result").firstElementChild, "start");
}

function renderHand() {
  updateSlots(handSlots, state.hand);
  if (state.tab === "hand") {
    updatePalette();
    renderHint();
  }
  const box = $("#hand-result");
  box.replaceChildren();
  const { result, error } = state.hand;
  // on a phone the result is below the tiles: a one-line summary stays in sight
  const summary = $("#hand-summary");
  summary.hidden = !result;
  summary.textContent = result ? `${tr(result.crib ? "total_of_crib" : "total_of_hand")}: ${
    tr("points", { n: result.total })}${result.claim && !result.claim.correct ? " ✗"
    : result.claim ? " ✓" : ""} ↓` : "";
  summary.classList.toggle("bad", Boolean(result?.claim && !result.claim.correct));
  if (error) {
    box.append(errorBox(error));
    return;
  }
  if (!result) return;
  const items = [...result.items].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  box.append(h("p", { class: "total" },
    h("span", { class: "total-label", text: tr(result.crib ? "total_of_crib" : "total_of_hand") }),
    h("strong", { id: "hand-total", "data-total": result.total,
      text: tr("points", { n: result.total }) })));
  const aloud = result.total ? `${capitalize(countAloud(items, tr))}.` : tr("nothing");
  box.append(h("p", { class: "aloud", id: "hand-aloud", text: aloud }));
  if (result.claim) {
    const { claimed, correct, missed, overclaimed } = result.claim;
    let text = tr("claim_right", { claimed });
    if (!correct && missed) text = tr("claim_missed", { claimed, n: missed });
    else if (!correct) text = tr("claim_over", { claimed, n: overclaimed });
    box.append(h("p", { class: correct ? "claim ok" : "claim bad", id: "hand-claim", text }));
  }
  if (items.length) {
    const sub = result.subtotals || {};
    box.append(h("h3", { text: tr("items_heading") }));
    box.append(h("p", { class: "subtotals", text: tr("subtotals", { fifteen: sub.fifteen ?? 0,
      pair: sub.pair ?? 0, run: sub.run ?? 0 }) }));
    box.append(h("ul", { class: "items", id: "hand-items" }, items.map((item) => h("li",
      { class: `item ${item.kind}`, "data-kind": item.kind },
      h("span", { class: "kind", text: tr(`kind_${item.kind}`, { len: item.tiles.length }) }),
      miniTiles(item.tiles),
      h("span", { class: "pts", text: `+${item.points}` })))));
  }
}

// ---------------------------------------------------------------- follow the play

async function validate(plays, entry) {
  return post("v1/plays/validate", { plays, play: entry });
}

// Has this player said "Go" in the count that is still open?
async function propose(laid) {
  const play = state.play;
  const entry = { player: play.player, ...(laid.tile ? { tile: laid.tile } : { go: true }) };
  play.warning = null;
  try {
    const verdict = await validate(play.plays, entry);
    if (verdict.legal) {
      play.plays.push(entry);
      try {
        await rescore();
      } catch (exc) {
        play.plays.pop();
        throw exc;
      }
    } else {
      play.warning = { entry, reason: verdict.reason || {} };
    }
  } catch (exc) {
    play.warning = { entry, error: { exc } };
  }
  renderPlay();
  if (play.warning) reveal($("#play-warning"));
}

async function rescore() {
  const play = state.play;
  if (!play.plays.length) {
    play.result = null;
    play.player = 0;
    return;
  }
  play.result = await post("v1/pegging/score", { plays: play.plays });
  if (play.result.next_player !== null && play.result.next_player !== undefined) {
    play.player = play.result.next_player;
  }
}

async function undo() {
  const play = state.play;
  if (!play.plays.length) return;
  const removed = play.plays.pop();
  play.warning = null;
  try {
    await rescore();
  } catch (exc) {
    play.plays.push(removed);
    play.warning = { error: { exc } };
  }
  renderPlay();
}

function reasonText(reason, entry) {
  const text = STRINGS[state.lang].reasons[reason.code];
  if (typeof text !== "function") return reason.message || reason.code || "";
  const result = state.play.result;
  const count = result ? result.count : 0;
  const value = entry.tile ? ends(entry.tile).reduce((a, b) => a + b, 0) : 0;
  return text({ who: playerName(entry.player), next: playerName(result?.next_player ?? 0),
    tile: entry.tile, count, total: count + value });
}

function entryWords(entry) {
  return tr("entry_by", { who: tr(`short_${entry.player}`),
    what: entry.tile ? entry.tile : tr("said_go") });
}

function renderPlay() {
  const play = state.play;
  const result = play.result;
  const scores = result ? result.scores : [0, 0];
  const next = result ? result.next_player : 0;
  if (state.tab === "play") {
    updatePalette();
    renderHint();
  }

  $("#scoreboard").replaceChildren(
    ...[0, 1].map((player) => h("div", { class: `score p${player}${next === player ? " next" : ""}`,
      "data-player": player },
    h("span", { class: "score-name", text: playerName(player) }),
    h("strong", { id: `score-${player}`, text: String(scores[player] ?? 0) }))),
    h("div", { class: "score count" },
      h("span", { class: "score-name", text: tr("count") }),
      h("strong", { id: "play-count", text: String(result ? result.count : 0) })),
    h("p", { class: "turn", id: "play-turn", text: result?.complete ? tr("play_over")
      : tr("next_turn", { who: playerName(next ?? play.player) }) }));

  for (const button of $$(".who-btn")) {
    const player = Number(button.dataset.player);
    button.replaceChildren(h("span", { class: `badge p${player}`, "aria-hidden": "true",
      text: tr(`short_${player}`) }), h("span", { text: tr(`player_${player}`) }));
    button.setAttribute("aria-pressed", String(play.player === player));
  }

  const warning = $("#play-warning");
  warning.replaceChildren();
  warning.hidden = !play.warning;
  if (play.warning) {
    const { entry, reason, error } = play.warning;
    const lines = error ? errorLines(error)
      : [reasonText(reason, entry)];
    warning.append(h("strong", { text: entry ? `${tr("refused")} ${entryWords(entry)}.`
      : tr("refused") }), " ");
    warning.append(h("span", { class: "reason", "data-code": reason?.code || "",
      text: lines.join(" ") }));
  }

  const box = $("#play-result");
  box.replaceChildren(h("h3", { text: tr("record_heading") }));
  if (!result) {
    box.append(h("p", { class: "empty", text: tr("record_empty") }));
    return;
  }
  const list = h("ol", { class: "record", id: "play-record" });
  // A closed count is marked before the next tile laid, after any goes said about it.
  let closed = null;
  const divider = () => h("li", { class: "divider",
    text: tr(closed === "go" ? "new_count" : "closed_31") });
  result.plays.forEach((scored) => {
    if (scored.tile && closed) {
      list.append(divider());
      closed = null;
    }
    const laid = scored.tile ? miniTiles([scored.tile])
      : h("span", { class: "said-go", text: tr("said_go") });
    const what = scored.items.map((item) => `${tr(`kind_${item.kind}`, { len: item.tiles.length })} ${
      item.points}`).join(", ");
    list.append(h("li", { class: `entry p${scored.player}`, "data-player": scored.player },
      h("span", { class: `badge p${scored.player}`, title: playerName(scored.player),
        text: tr(`short_${scored.player}`) }),
      laid,
      h("span", { class: "entry-count", text: String(scored.count) }),
      h("span", { class: scored.points ? "entry-pts scored" : "entry-pts",
        text: scored.points ? `+${scored.points}` : "" }),
      h("span", { class: "entry-items", text: what })));
    if (scored.closes === "go" || scored.closes === "thirty_one") closed = scored.closes;
  });
  if (closed && !result.complete) list.append(divider());
  box.append(list);
}

// ---------------------------------------------------------------- lay-away advice

let adviceSlots = [];

function adviceChanged() {
  const advice = state.advice;
  advice.result = null;
  advice.error = null;
  advice.busy = false;
  advice.seq += 1;
  renderAdvice();
  if (!advice.slots.includes(null)) enqueue(advise);
}

async function advise() {
  const advice = state.advice;
  if (advice.slots.includes(null)) {
    advice.error = { key: "need_six" };
    renderAdvice();
    return;
  }
  const dealer = $('input[name="advice-dealer"]:checked').value === "1";
  const seq = ++advice.seq;
  advice.busy = true;
  advice.error = null;
  advice.result = null;
  renderAdvice();
  let result = null;
  let error = null;
  try {
    result = { data: await post("v1/discards/advise", { tiles: advice.slots, dealer }), dealer };
  } catch (exc) {
    const missing = [404, 405, 501].includes(exc.status);
    error = missing ? { key: "advice_unavailable", quiet: true } : { exc };
  }
  if (seq !== advice.seq) return;
  advice.busy = false;
  advice.result = result;
  advice.error = error;
  renderAdvice();
}

function optionItem(option, rank, dealer) {
  const crib = Math.abs(option.expected_crib);
  return h("li", { class: rank === 0 ? "option best" : "option" },
    h("div", { class: "opt-main" },
      h("span", { class: "opt-lay", text: tr("lay_away") }),
      miniTiles(option.discard),
      h("span", { class: "opt-net", title: tr("net"),
        text: `${option.expected_net >= 0 ? "+" : "−"}${number(Math.abs(option.expected_net))}` })),
    h("div", { class: "opt-sub" },
      h("span", { text: tr("keep") }), miniTiles(option.keep),
      h("span", { text: [tr("exp_hand", { v: number(option.expected_hand), min: option.min_hand,
        max: option.max_hand }), tr(dealer ? "exp_crib_mine" : "exp_crib_theirs",
        { v: number(crib) })].join(" · ") })));
}

function renderAdvice() {
  updateSlots(adviceSlots, state.advice);
  if (state.tab === "advice") {
    updatePalette();
    renderHint();
  }
  const box = $("#advice-result");
  box.replaceChildren();
  const { result, error, busy } = state.advice;
  const summary = $("#advice-summary");
  summary.hidden = true;
  if (busy) box.append(h("p", { class: "note", text: tr("advice_working") }));
  if (error) box.append(errorBox(error, error.quiet ? "note unavailable" : "warn"));
  if (!result) return;
  const options = Array.isArray(result.data?.options) ? result.data.options : [];
  const top = options.slice(0, 3);
  if (options.length) {
    const best = options[0];
    summary.hidden = false;
    summary.textContent = `${tr("lay_away")} ${best.discard.join(" ")}: ${
      best.expected_net >= 0 ? "+" : "−"}${number(Math.abs(best.expected_net))} ↓`;
  }
  box.append(h("ol", { class: "options-list", id: "advice-options" },
    top.map((option, i) => optionItem(option, i, result.dealer))));
  if (options.length > top.length) {
    box.append(h("details", { class: "more" },
      h("summary", { text: tr("more_options", { n: options.length }) }),
      h("ol", { class: "options-list", start: top.length + 1 }, options.slice(top.length)
        .map((option, i) => optionItem(option, i + top.length, result.dealer)))));
  }
}

// ---------------------------------------------------------------- tabs, language, typing

function showTab(name, focus = false) {
  state.tab = name;
  for (const tab of $$('[role="tab"]')) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on && focus) tab.focus();
  }
  for (const panel of $$('[role="tabpanel"]')) panel.hidden = panel.id !== `panel-${name}`;
  $(`#panel-${name} .palette-home`).append($("#picker"));
  $("#type-error").hidden = true;
  if (window.location.hash !== `#${name}`) window.history.replaceState(null, "", `#${name}`);
  updatePalette();
  renderHint();
}

function setLanguage(lang, save) {
  state.lang = lang;
  document.documentElement.lang = lang;
  document.title = tr("title");
  for (const el of $$("[data-i18n]")) el.textContent = tr(el.dataset.i18n);
  for (const el of $$("[data-i18n-label]")) el.setAttribute("aria-label", tr(el.dataset.i18nLabel));
  for (const button of $$(".lang-btn")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  if (save) {
    try {
      window.localStorage.setItem("lang", lang);
    } catch {
      // storage may be off (private mode): the switch still works for this visit
    }
  }
  $("#type-error").hidden = true;
  renderHand();
  renderPlay();
  renderAdvice();
  updatePalette();
  renderHint();
}

function onTyped(event) {
  event.preventDefault();
  const input = $("#type-input");
  const problem = $("#type-error");
  const tokens = splitTokens(input.value);
  const bad = tokens.find((token) => readToken(token) === null);
  problem.hidden = true;
  if (bad !== undefined) {
    problem.textContent = tr("type_bad", { token: bad });
    problem.hidden = false;
    return;
  }
  const tiles = tokens.map(readToken);
  if (state.tab !== "play" && tiles.includes("go")) {
    problem.textContent = tr("type_go_here");
    problem.hidden = false;
    return;
  }
  input.value = "";
  for (const tile of tiles) {
    if (tile === "go") enqueue(() => propose({ go: true }));
    else onTile(tile, true);
  }
}

function storedLanguage() {
  try {
    return window.localStorage.getItem("lang");
  } catch {
    return null;
  }
}

function init() {
  buildPalette();
  handSlots = [
    ...buildSlots($("#hand-slots"), 4, 0, state.hand,
      (i) => tr("hand_slot", { n: i + 1 }), handChanged),
    ...buildSlots($("#starter-slot"), 1, 4, state.hand, () => tr("starter"), handChanged),
  ];
  adviceSlots = buildSlots($("#advice-slots"), 6, 0, state.advice,
    (i) => tr("six_slot", { n: i + 1 }), adviceChanged);

  const tabs = $$('[role="tab"]');
  for (const tab of tabs) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      showTab(next.dataset.tab, true);
    });
  }
  for (const button of $$(".lang-btn")) {
    button.addEventListener("click", () => setLanguage(button.dataset.lang, true));
  }
  $("#type-form").addEventListener("submit", onTyped);

  $("#hand-count").addEventListener("click", () => enqueue(countHand));
  $("#hand-clear").addEventListener("click", () => {
    state.hand.slots.fill(null);
    state.hand.target = 0;
    $("#claimed").value = "";
    handChanged();
  });
  const recount = () => {
    if (!state.hand.slots.includes(null)) enqueue(countHand);
  };
  $("#crib-box").addEventListener("change", recount);
  $("#claimed").addEventListener("change", recount);
  $("#claimed").addEventListener("keydown", (event) => {
    if (event.key === "Enter") recount();
  });

  for (const button of $$(".who-btn")) {
    button.addEventListener("click", () => {
      state.play.player = Number(button.dataset.player);
      renderPlay();
    });
  }
  $("#play-go").addEventListener("click", () => enqueue(() => propose({ go: true })));
  $("#play-undo").addEventListener("click", () => enqueue(undo));
  $("#play-clear").addEventListener("click", () => enqueue(() => {
    Object.assign(state.play, { plays: [], result: null, player: 0,
      warning: null });
    renderPlay();
  }));

  $("#advice-go").addEventListener("click", () => enqueue(advise));
  $("#advice-clear").addEventListener("click", () => {
    state.advice.slots.fill(null);
    state.advice.target = 0;
    adviceChanged();
  });
  for (const radio of $$('input[name="advice-dealer"]')) {
    radio.addEventListener("change", () => {
      if (!state.advice.slots.includes(null)) enqueue(advise);
    });
  }

  const browser = [navigator.language, ...(navigator.languages || [])];
  setLanguage(pickLanguage(storedLanguage(), browser), false);
  const wanted = window.location.hash.slice(1);
  showTab(["hand", "play", "advice"].includes(wanted) ? wanted : "hand");
  document.body.classList.add("ready");
}

init();
