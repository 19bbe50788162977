// "Hand or crib": four tiles and the starter, counted item by item, with the claim checked.

import { $, enqueue, errorBox, h, miniTiles, post, reveal, tr, view } from "./core.js";
import { buildSlots, pickInto, updateSlots } from "./picker.js";
import { arrowSvg } from "./tiles.js";

const KIND_ORDER = { fifteen: 0, pair: 1, run: 2 };
const MAX_CLAIM = 100; // what the service accepts (a claim above 24 is simply wrong)
const hand = { slots: [null, null, null, null, null], target: 0, result: null, error: null,
  seq: 0 };
let slotButtons = [];
let onChange = () => {};

export function handMarks(tile) {
  const at = hand.slots.indexOf(tile);
  const mark = at === 4 ? "starter" : at >= 0 ? "chosen" : "";
  const label = mark === "starter" ? tr("tile_is_starter", { tile })
    : mark ? tr("tile_in_hand", { tile }) : tr("tile_label", { tile });
  return { mark, label, pressed: Boolean(mark) };
}

export function handHint() {
  const { slots, target } = hand;
  if (!slots.includes(null)) return tr("hint_full");
  return target === 4 ? tr("hint_starter") : tr("hint_hand", { n: target + 1 });
}

export function handTile(tile, typed) {
  pickInto(hand, tile, typed, changed);
}

function changed() {
  hand.result = null;
  hand.error = null;
  hand.seq += 1;
  renderHand();
  if (!hand.slots.includes(null)) enqueue(countHand);
}

// The claim field takes exactly what the service takes: a whole number from 0 to 100.
function readClaim() {
  const input = $("#claimed");
  const text = input.value.trim();
  if (text === "" && !input.validity.badInput) return { ok: true, claimed: undefined };
  const claimed = Number(text);
  const ok = /^\d+$/.test(text) && claimed >= 0 && claimed <= MAX_CLAIM;
  return { ok, claimed };
}

async function countHand() {
  if (hand.slots.includes(null)) {
    hand.error = { key: "need_five" };
    renderHand();
    reveal($("#hand-result"));
    return;
  }
  const body = { hand: hand.slots.slice(0, 4), starter: hand.slots[4],
    crib: $("#crib-box").checked };
  const claim = readClaim();
  $("#claimed").setAttribute("aria-invalid", String(!claim.ok));
  if (!claim.ok) {
    hand.error = { key: "bad_claim" };
    hand.result = null;
    renderHand();
    reveal($("#hand-result"));
    return;
  }
  if (claim.claimed !== undefined) body.claimed = claim.claimed;
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

export function renderHand() {
  updateSlots(slotButtons, hand);
  onChange();
  const box = $("#hand-result");
  box.replaceChildren();
  const { result, error } = hand;
  // on a phone the result is below the tiles: a one-line summary stays in sight
  const summary = $("#hand-summary");
  summary.hidden = !result;
  summary.replaceChildren(...(result ? [`${tr(result.crib ? "total_of_crib"
    : "total_of_hand")}: ${tr("points", { n: result.total })}${result.claim ? ` · ${tr(
    result.claim.correct ? "summary_claim_right" : "summary_claim_wrong")}` : ""} `,
  arrowSvg(true)] : []));
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
  // the count as it is said at the table, in the service's words, under the items
  box.append(h("p", { class: "aloud", id: "hand-aloud", text: result.aloud[view.lang] }));
}

export function initHand(paletteChanged) {
  onChange = paletteChanged;
  slotButtons = [
    ...buildSlots($("#hand-slots"), 4, 0, hand, (i) => tr("hand_slot", { n: i + 1 }), changed),
    ...buildSlots($("#starter-slot"), 1, 4, hand, () => tr("starter"), changed),
  ];
  $("#hand-count").addEventListener("click", () => enqueue(countHand));
  $("#hand-clear").addEventListener("click", () => {
    hand.slots.fill(null);
    hand.target = 0;
    $("#claimed").value = "";
    $("#claimed").removeAttribute("aria-invalid");
    changed();
  });
  const recount = () => {
    if (!hand.slots.includes(null)) enqueue(countHand);
  };
  $("#crib-box").addEventListener("change", recount);
  $("#claimed").addEventListener("change", recount);
  $("#claimed").addEventListener("keydown", (event) => {
    if (event.key === "Enter") recount();
  });
}
