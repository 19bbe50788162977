// Shared helpers of the page: the view state, DOM building, words, the API and its errors.
// Every text goes into the page through textContent or text nodes (never innerHTML), so
// nothing the server or the player types can become markup.

import { STRINGS } from "./i18n.js";
import { ends, tileSvg } from "./tiles.js";

// What the page shows now (not saved, except the language); the game is in game-store.js.
export const view = { lang: "en", tab: "game" };

export const $ = (selector) => document.querySelector(selector);
export const $$ = (selector) => Array.from(document.querySelectorAll(selector));

// A text with each tile's name ("5-6") kept whole on its line: a line may break after a
// hyphen, and "5-" over "6" reads as two things.
const TILE_NAME = /(?<![\d-])([0-6]-[0-6])(?![\d-])/;
export function wholeTiles(text) {
  return String(text).split(TILE_NAME).map((part, i) => (i % 2
    ? h("span", { class: "tile-name", text: null }, part) : part)).filter((part) => part !== "");
}

// Set an element's text, each tile's name kept whole.
export function setText(el, text) {
  el.replaceChildren(...wholeTiles(text));
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") setText(el, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

export function tr(key, params = {}) {
  const table = STRINGS[view.lang];
  const value = key in table ? table[key] : STRINGS.en[key];
  if (value === undefined) return key;
  return typeof value === "function" ? value(params) : value;
}

// Every number the page writes takes the minus sign (U+2212), never the hyphen that
// Intl.NumberFormat gives a negative number: one sign for one thing.
function minus(value, digits) {
  const text = new Intl.NumberFormat(view.lang, { minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(Math.abs(value));
  return value < 0 && /[1-9]/.test(text) ? `−${text}` : text;
}

export function number(value) {
  return minus(value, 2);
}

// A whole number of points: "−1", never "-1".
export function whole(value) {
  return minus(value, 0);
}

// A share in per cent, to ``digits`` decimals.
export function percent(share, digits = 0) {
  return new Intl.NumberFormat(view.lang, { style: "percent", minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(share);
}

export function signed(value) {
  return `${value >= 0 ? "+" : "−"}${number(Math.abs(value))}`;
}

// Small drawn tiles, with their names beside them (pips that small are hard to read).
export function miniTiles(tiles) {
  return h("span", { class: "mini-tiles" }, tiles.map((tile) => {
    const [low, high] = ends(tile);
    const wrap = h("span", { class: "mini", role: "img", "aria-label": tr("tile_label", { tile }),
      title: tile, "data-value": low + high });
    wrap.append(tileSvg(tile));
    return wrap;
  }), h("span", { class: "tile-names", "aria-hidden": "true", text: tiles.join(" ") }));
}

// Smooth scrolling, unless the reader asked for less motion.
function scrollBehavior() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

// The room kept between what is brought into sight and the screen's edges: a heading ends on
// a fraction of a pixel, whatever the font, and the scroll must not leave it just outside.
const ROOM = 12;

// Scroll the window so that the span from `top` to `bottom` (viewport pixels) is in sight with
// room around it: as little as that takes ("nearest"), at the top ("start") or centred. A span
// taller than the screen starts at the top.
function scrollToSpan(top, bottom, block) {
  const height = window.innerHeight;
  if (block === "nearest" && top >= ROOM && bottom <= height - ROOM) return;
  let by;
  if (block === "start" || bottom - top > height - 2 * ROOM) by = top - ROOM;
  else if (block === "center") by = top - (height - (bottom - top)) / 2;
  else by = top < ROOM ? top - ROOM : bottom - (height - ROOM);
  window.scrollBy({ top: by, behavior: scrollBehavior() });
}

// Bring a message or an answer into sight (on a phone the tiles tapped may be far from it).
export function reveal(el, block = "nearest") {
  if (!el || el.hidden) return;
  const box = el.getBoundingClientRect();
  if (box.top >= ROOM && box.bottom <= window.innerHeight - ROOM) return;
  scrollToSpan(box.top, box.bottom, block);
}

// Bring two things and what is between them into sight (a deal's scores and "Next deal"),
// centred if they fit, else from the first one down.
export function revealSpan(first, last) {
  if (!first || !last || first.hidden || last.hidden) return;
  const top = first.getBoundingClientRect().top;
  const bottom = last.getBoundingClientRect().bottom;
  if (top >= ROOM && bottom <= window.innerHeight - ROOM) return;
  scrollToSpan(top, bottom, "center");
}

// Bring an answer into sight, and what it answers (above it) with it where both fit: a hint
// under the tiles it is about.
export function revealWith(first, last) {
  if (!last || last.hidden) return;
  const top = first && !first.hidden ? first.getBoundingClientRect().top : Infinity;
  const bottom = last.getBoundingClientRect().bottom;
  if (bottom - top <= window.innerHeight - 2 * ROOM) revealSpan(first, last);
  else reveal(last);
}

// Actions that talk to the server run one after another, in the order they were asked for.
let queue = Promise.resolve();
export function enqueue(task) {
  queue = queue.then(task).catch((error) => console.error(error)); // eslint-disable-line no-console
  return queue;
}

// ---------------------------------------------------------------- the API

export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(`HTTP ${status}`);
    this.status = status; // 0: the server could not be reached
    this.problem = problem;
    this.retryAfter = retryAfter; // seconds, from a 429's or a 503's Retry-After
  }
}

export async function post(path, body) {
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
  if (!response.ok) {
    const wait = Number(response.headers.get("Retry-After"));
    throw new ApiError(response.status, data, Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  return data;
}

const INDEXED = ["hand", "tiles", "plays", "hands", "crib", "scores"];
const NAMED = ["starter", "claimed", "play", "dealer", "rules", "claims"];

// A field in words: "deal 2, Ann's hand, tile 3" (`seatName`, where the seats have names:
// a game record's).
export function pointerWords(pointer, seatName = null) {
  const parts = String(pointer || "").split("/").filter(Boolean);
  const [head, index] = parts;
  if (head === undefined) return "";
  if (head === "deals" && Number.isInteger(Number(index))) { // a game record's deal
    const rest = pointerWords(`/${parts.slice(2).join("/")}`, seatName);
    return [tr("ptr_deals", { n: Number(index) + 1 }), rest].filter(Boolean).join(", ");
  }
  const n = Number(index) + 1;
  if (seatName && ["hands", "drawn"].includes(head) && Number.isInteger(n)
    && parts.length <= 3) {
    const inner = Number(parts[2]) + 1;
    const who = seatName(n - 1);
    return parts.length === 3 && Number.isInteger(inner)
      ? tr(`ptr_${head}_of_tile`, { who, m: inner }) : tr(`ptr_${head}_of`, { who });
  }
  if (INDEXED.includes(head) && Number.isInteger(n) && parts.length <= 3) {
    const inner = Number(parts[2]) + 1;
    return parts.length === 3 && Number.isInteger(inner)
      ? tr(`ptr_${head}_tile`, { n, m: inner }) : tr(`ptr_${head}`, { n });
  }
  if (NAMED.includes(head) && parts.length === 1) return tr(`ptr_${head}`);
  return parts.join(" ");
}

// An error, in words: {key} is one of our own messages, {exc} an ApiError.
export function errorLines(error) {
  if (error.key) return [tr(error.key, error.params || {})];
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

export function errorBox(error) {
  return h("div", { class: "warn", role: "alert" },
    errorLines(error).map((line) => h("p", { text: line })));
}

// Item names of the play and the show, with their points, alike items together:
// "Fifteen: 2, Pair: 2", or for a hand "Fifteen: 8, Run of 3: 9" (the colon keeps a run's
// length apart from its points).
export function itemWords(items) {
  const totals = new Map();
  for (const item of items || []) {
    const label = tr(`kind_${item.kind}`, { len: item.tiles ? item.tiles.length : 0 });
    totals.set(label, (totals.get(label) || 0) + item.points);
  }
  return Array.from(totals, ([label, points]) => `${label}: ${points}`).join(", ");
}
