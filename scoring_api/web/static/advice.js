// "Lay away": the tiles a player drew (as many as the service's `GET /v1/rules` says each
// draws at a table of that many: six with two, five with three or four), dealer or not: the
// ones to put in the crib, with expected values (hand, crib, the play where the server's
// model counts it, net), each with a visible label.

import { $, $$, ApiError, enqueue, errorBox, h, miniTiles, number, post, signed, tr }
  from "./core.js";
import { buildSlots, pickInto, updateSlots } from "./picker.js";
import { arrowSvg } from "./tiles.js";

// shapes: players -> the service's deal shape ({drawn, laid_away, ...}), null until it answers
const advice = { slots: [], target: 0, result: null, error: null, busy: false, seq: 0,
  shapes: null, shapesError: null };
let slotButtons = [];
let onChange = () => {};

const players = () => Number($('input[name="advice-players"]:checked').value);
// The service's deal shape for a table of `n` players, once it has answered (null until then):
// the review reads it, and the practice table deals by it.
export const dealShape = (n) => advice.shapes?.[n] || null;
const shape = () => dealShape(players());

export function adviceMarks(tile) {
  const chosen = advice.slots.includes(tile);
  return { mark: chosen ? "chosen" : "", pressed: chosen,
    label: chosen ? tr("tile_chosen", { tile }) : tr("tile_label", { tile }) };
}

export function adviceHint() {
  const { slots, target } = advice;
  if (!slots.length) return "";
  return slots.includes(null) ? tr("hint_advice", { n: target + 1, of: slots.length })
    : tr("hint_advice_full", { of: slots.length });
}

export function adviceTile(tile, typed) {
  pickInto(advice, tile, typed, changed);
}

function changed() {
  Object.assign(advice, { result: null, error: null, busy: false });
  advice.seq += 1;
  renderAdvice();
  if (advice.slots.length && !advice.slots.includes(null)) enqueue(advise);
}

// As many places as the service says a player draws at this table; the tiles chosen stay.
function resize() {
  const n = shape()?.drawn || 0;
  const kept = advice.slots.filter(Boolean).slice(0, n);
  advice.slots = [...kept, ...Array(n - kept.length).fill(null)];
  advice.target = Math.min(kept.length, Math.max(n - 1, 0));
  const box = $("#advice-slots");
  box.replaceChildren();
  slotButtons = buildSlots(box, n, 0, advice, (i) => tr("six_slot", { n: i + 1, of: n }),
    changed);
  changed();
}

// The deal's shape for each number of players, asked of the service once.
export async function loadShapes() {
  try {
    const response = await fetch("v1/rules", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new ApiError(response.status, null);
    const { deals } = await response.json();
    advice.shapes = Object.fromEntries(deals.map((deal) => [deal.players, deal]));
  } catch (exc) {
    advice.shapesError = { exc: exc instanceof ApiError ? exc : new ApiError(0, null) };
  }
  resize();
}

async function advise() {
  if (!advice.slots.length || advice.slots.includes(null)) {
    advice.error = { key: "need_tiles", params: { n: advice.slots.length } };
    renderAdvice();
    return;
  }
  const dealer = $('input[name="advice-dealer"]:checked').value === "1";
  const seq = ++advice.seq;
  Object.assign(advice, { busy: true, error: null, result: null });
  renderAdvice();
  let result = null;
  let error = null;
  try {
    result = { data: await post("v1/discards/advise", { tiles: advice.slots, dealer,
      rules: { players: players() } }), dealer };
  } catch (exc) {
    error = { exc };
  }
  if (seq !== advice.seq) return;
  Object.assign(advice, { busy: false, result, error });
  renderAdvice();
}

function figure(label, value, className) {
  return h("span", { class: `figure ${className}` },
    h("span", { class: "figure-label", text: label }), " ",
    h("strong", { class: "figure-value", text: value }));
}

function optionItem(option, rank, dealer) {
  const crib = Math.abs(option.expected_crib);
  return h("li", { class: rank === 0 ? "option best" : "option" },
    h("div", { class: "opt-main" },
      h("span", { class: "opt-lay", text: tr("lay_away") }),
      miniTiles(option.discard),
      h("span", { class: "opt-net" }, h("span", { class: "figure-label", text: tr("net") }), " ",
        h("strong", { text: signed(option.expected_net) }))),
    h("div", { class: "opt-sub" },
      h("span", { text: tr("keep") }), miniTiles(option.keep),
      figure(tr("exp_hand_label"), tr("exp_hand", { v: number(option.expected_hand),
        min: option.min_hand, max: option.max_hand }), "exp-hand"),
      figure(tr(dealer ? "exp_crib_mine" : "exp_crib_theirs"),
        `${dealer ? "+" : "−"}${number(crib)}`, "exp-crib"),
      // null where the model does not count the play
      typeof option.expected_pegging === "number"
        ? figure(tr("exp_play_label"), signed(option.expected_pegging), "exp-play") : null));
}

export function renderAdvice() {
  updateSlots(slotButtons, advice);
  const laidAway = shape()?.laid_away;
  $("#advice-heading").textContent = tr(laidAway ? `advice_heading_${laidAway}`
    : "advice_heading");
  $("#advice-caption").textContent = tr("drawn_tiles", { n: advice.slots.length });
  onChange();
  const box = $("#advice-result");
  box.replaceChildren();
  const { result, busy } = advice;
  const error = advice.error || advice.shapesError;
  const summary = $("#advice-summary");
  summary.hidden = true;
  if (busy) box.append(h("p", { class: "note", text: tr("advice_working") }));
  if (error) box.append(errorBox(error));
  if (!result) return;
  const options = Array.isArray(result.data?.options) ? result.data.options : [];
  const top = options.slice(0, 3);
  if (options.length) {
    const best = options[0];
    summary.hidden = false;
    summary.replaceChildren(`${tr("lay_away")} ${best.discard.join(" ")}: ${tr("net")} ${
      signed(best.expected_net)} `, arrowSvg(true));
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

export function initAdvice(paletteChanged) {
  onChange = paletteChanged;
  for (const radio of $$('input[name="advice-players"]')) radio.addEventListener("change", resize);
  $("#advice-go").addEventListener("click", () => enqueue(advise));
  $("#advice-clear").addEventListener("click", () => {
    advice.slots.fill(null);
    advice.target = 0;
    changed();
  });
  for (const radio of $$('input[name="advice-dealer"]')) {
    radio.addEventListener("change", () => {
      if (!advice.slots.includes(null)) enqueue(advise);
    });
  }
}
