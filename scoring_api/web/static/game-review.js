// The review of the whole game, once it is won (POST /v1/games/review): each player's
// accuracy, luck apart from skill, and the decisions that cost his side the most of its
// chance to win, each opening its deal's review at that decision. It reviews the record the
// page would save, and names each deal the service left out, with why. The answer is kept
// with the game.

import { $, enqueue, errorBox, h, number, percent, post, signed, tr, view } from "./core.js";
import { save, store, winnerOf } from "./game-store.js";
import { recordOf } from "./game-file.js";
import { seatName } from "./game-view.js";
import { showDecision } from "./review.js";

const state = { busy: false, error: null, focus: null };
const game = () => store.game;
let openDeal = () => {};

export function setDealOpener(fn) {
  openDeal = fn;
}

function answerOf() {
  const kept = game().review;
  return kept && kept.request === JSON.stringify(recordOf(game())) ? kept.answer : null;
}

async function review() {
  const request = recordOf(game());
  Object.assign(state, { busy: true, error: null });
  rerender();
  try {
    game().review = { request: JSON.stringify(request), answer: await post("v1/games/review",
      request) };
    save();
    state.focus = "game-review-players";
  } catch (exc) {
    state.error = { exc };
  }
  state.busy = false;
  rerender();
}

function rerender() {
  const old = $("#game-review");
  if (old) old.replaceWith(gameReviewSection());
  if (state.focus) {
    document.getElementById(state.focus)?.focus();
    state.focus = null;
  }
}

// Before a review: the deals of the record it would send whose crib is in but whose
// lay-aways are not tapped in (the service needs the tiles each seat drew).
function untapped() {
  return recordOf(game()).deals.map((deal, i) => (deal.crib && !deal.drawn ? i + 1 : null))
    .filter(Boolean);
}

// After it: each deal the service left out, and why, in the page's words.
function leftOut(answer) {
  const out = answer.deals.filter((deal) => !deal.reviewed);
  if (!out.length) return null;
  return h("ul", { class: "note game-review-left-out", id: "game-review-left-out" },
    out.map((deal) => h("li", { "data-deal": deal.deal, "data-code": deal.code,
      text: tr(`game_review_left_out_${deal.code}`, { n: deal.deal + 1 }) })));
}

const tenths = (value) => new Intl.NumberFormat(view.lang, { minimumFractionDigits: 1,
  maximumFractionDigits: 1 }).format(value);

function playersTable(answer) {
  return h("table", { class: "game-review-players", id: "game-review-players",
    tabindex: "-1" },
  h("caption", { text: tr("game_review_players") }),
  h("thead", {}, h("tr", {}, ["game_review_col_player", "game_review_col_accuracy",
    "game_review_col_loss", "game_review_col_luck", "game_review_col_luck_chance"]
    .map((key) => h("th", { scope: "col", text: tr(key) })))),
  h("tbody", {}, answer.players.map((player) => h("tr", { "data-seat": player.seat },
    h("th", { scope: "row", text: seatName(player.seat) }),
    h("td", { class: "accuracy", text: player.accuracy === null ? "—"
      : tenths(player.accuracy) }),
    h("td", { text: number(player.loss) }),
    h("td", { text: signed(player.luck.points) }),
    h("td", { text: `${player.luck.win_probability >= 0 ? "+" : "−"}${percent(
      Math.abs(player.luck.win_probability))}` })))));
}

function keyDecision(key, answer) {
  const deal = answer.deals[key.deal];
  const decision = deal.review.decisions[key.decision];
  const what = decision.kind === "lay_away"
    ? tr("game_review_laid_away", { tiles: decision.chosen.join(tr("review_and")) })
    : tr(decision.count ? "game_review_laid" : "game_review_led", { tile: decision.chosen,
      count: decision.count });
  const button = h("button", { type: "button", class: `key-decision ${key.label}`,
    "data-deal": key.deal, "data-decision": key.decision, "data-seat": key.seat },
  h("span", { class: `review-label ${key.label}`, text: tr(`review_label_${key.label}`) }),
  h("span", { text: tr("game_review_key", { n: key.deal + 1, who: seatName(key.seat), what,
    cost: percent(key.win_probability_loss, key.win_probability_loss < 0.1 ? 1 : 0),
    points: number(key.loss) }) }));
  button.addEventListener("click", () => {
    showDecision(game().deals[key.deal], deal.review, key.decision);
    openDeal(key.deal);
  });
  return h("li", {}, button);
}

function findings(answer) {
  const keys = answer.players.flatMap((player) => player.key_decisions)
    .sort((a, b) => b.win_probability_loss - a.win_probability_loss);
  return h("div", { class: "game-review-findings" }, playersTable(answer),
    h("p", { class: "note", text: tr("game_review_how") }),
    h("h4", { text: tr("game_review_key_heading") }),
    keys.length ? h("ol", { class: "key-decisions", id: "key-decisions" },
      keys.map((key) => keyDecision(key, answer)))
      : h("p", { class: "note", text: tr("game_review_no_key") }));
}

// The section under the deals so far, once the game is won (empty otherwise).
export function gameReviewSection() {
  if (!game() || !winnerOf()) return h("section", { id: "game-review", hidden: true });
  const section = h("section", { id: "game-review", class: "review game-review",
    "aria-labelledby": "game-review-heading" });
  const answer = answerOf();
  const missing = answer ? [] : untapped();
  const button = h("button", { type: "button", id: "game-review-go", class: "primary",
    disabled: state.busy, text: tr("game_review_go") });
  button.addEventListener("click", () => enqueue(review));
  section.append(...[
    h("h3", { id: "game-review-heading", text: tr("game_review_heading") }),
    missing.length ? h("p", { class: "note", id: "game-review-missing",
      text: tr("game_review_missing", { deals: missing.join(", "), many: missing.length > 1 })
    }) : null,
    h("div", { class: "actions" }, button),
    h("p", { class: "note", role: "status", text: state.busy ? tr("game_review_working") : "" }),
    state.error ? errorBox(state.error) : null,
    answer ? leftOut(answer) : null,
    answer ? findings(answer) : null].filter(Boolean));
  return section;
}
