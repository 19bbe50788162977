// Practise your mistakes: from the reviews the page has made and kept with its games (each
// deal reviewed at the table, each deal of the practice table), the costly decisions
// (mistakes and blunders) as quiz positions: the position as that seat saw it (his tiles, the
// tiles laid so far, the count), he chooses again, and the page says whether it was the
// best, what each choice was worth and the reason, all from the review's answer (no rule
// here: the choices are the review's options).

import { $, h, miniTiles, number, tr, view } from "./core.js";
import { store } from "./game-store.js";
import { PERSON, table } from "./practice-store.js";

const COSTLY = ["mistake", "blunder"];
const state = { index: 0, picked: [], answered: null };

// The seat's name in the game a review came from.
function nameIn(source, seat) {
  if (source === "practice") return seat === PERSON ? tr("practice_you") : tr("quiz_seat", { seat });
  return store.game?.setup?.names?.[seat] ?? tr("quiz_seat", { seat });
}

// Whether the seat is the person practising (the words then speak to him: "your tiles").
const isYou = (source, seat) => source === "practice" && seat === PERSON;

// Each kept review with what its seats held: the table's deals keep the request they sent
// (drawn, hands, plays); the practice deals keep the tiles dealt and laid away.
function reviewed() {
  const found = [];
  for (const deal of store.game?.deals ?? []) {
    const kept = deal.review;
    if (!kept?.answer?.decisions) continue;
    let request;
    try {
      request = JSON.parse(kept.request);
    } catch {
      continue;
    }
    found.push({ source: "table", answer: kept.answer, drawn: request.drawn,
      hands: request.hands, plays: request.plays ?? [] });
  }
  for (const deal of table.game?.deals ?? []) {
    if (!deal.review?.decisions || !Array.isArray(deal.drawn)) continue;
    const hands = deal.drawn.map((tiles, seat) => tiles.filter((tile) =>
      !(deal.away[seat] ?? []).includes(tile)));
    found.push({ source: "practice", answer: deal.review, drawn: deal.drawn, hands,
      plays: deal.plays.map((play) => play.entry ?? play) });
  }
  return found;
}

// The costly decisions, each with the position its seat saw.
export function quizItems() {
  const items = [];
  for (const deal of reviewed()) {
    for (const decision of deal.answer.decisions) {
      if (!COSTLY.includes(decision.label) || !decision.reason) continue;
      const seat = decision.seat;
      const before = decision.kind === "play" ? deal.plays.slice(0, decision.entry) : [];
      const laid = before.filter((play) => play.tile);
      const mine = laid.filter((play) => play.player === seat).map((play) => play.tile);
      items.push({
        decision,
        who: nameIn(deal.source, seat),
        you: isYou(deal.source, seat),
        drawn: deal.drawn?.[seat] ?? [],
        hand: (deal.hands?.[seat] ?? []).filter((tile) => !mine.includes(tile)),
        laid: laid.map((play) => ({ who: nameIn(deal.source, play.player), tile: play.tile })),
      });
    }
  }
  return items;
}

const sameSet = (a, b) => a.length === b.length && a.every((tile) => b.includes(tile));

// What a choice was worth, by the review's figures: a tile's `expected`, a lay-away's
// `expected_net`; and the best of them.
function worthOf(decision, choice) {
  if (decision.kind === "play") {
    return decision.options.find((option) => option.tile === choice)?.expected ?? null;
  }
  return decision.options.find((option) => sameSet(option.discard, choice))?.expected_net
    ?? null;
}

function choose(item, choice) {
  const { decision } = item;
  const { best } = decision;
  const bestWorth = worthOf(decision, best);
  const worth = worthOf(decision, choice);
  state.answered = { choice, worth, best, isBest: worth !== null && worth >= bestWorth - 1e-9 };
  state.picked = [];
  rerender("quiz-result");
}

function position(item) {
  const { decision } = item;
  if (decision.kind === "lay_away") {
    return [h("p", { text: tr("quiz_lay_away", { who: item.who, n: item.drawn.length
      - 4 }) }), miniTiles(item.drawn)];
  }
  const laid = item.laid.length
    ? h("ol", { class: "quiz-laid" }, item.laid.map((play) => h("li", {},
      `${play.who}: `, miniTiles([play.tile]))))
    : h("p", { class: "note", text: tr("quiz_nothing_laid") });
  return [
    h("p", { text: tr("quiz_play", { who: item.who, you: item.you, count: decision.count }) }),
    h("h4", { text: tr("quiz_laid_heading") }), laid,
    h("h4", { text: tr("quiz_hand_heading", { who: item.who, you: item.you }) }),
    miniTiles(item.hand),
  ];
}

function choices(item) {
  const { decision } = item;
  if (decision.kind === "play") {
    return h("div", { class: "quiz-choices", role: "group", "aria-label": tr("quiz_choose") },
      decision.options.map((option) => h("button", { type: "button", class: "quiz-choice",
        "data-tile": option.tile, text: option.tile })));
  }
  const need = item.drawn.length - 4;
  const group = h("div", { class: "quiz-choices", role: "group", "aria-label":
    tr("quiz_choose_away", { n: need }) }, item.drawn.map((tile) => h("button", {
    type: "button", class: "quiz-choice", "data-tile": tile, "aria-pressed":
      String(state.picked.includes(tile)), text: tile })));
  const done = h("button", { type: "button", class: "quiz-check", id: "quiz-check",
    disabled: state.picked.length !== need, text: tr("quiz_check") });
  return h("div", {}, group, done);
}

function result(item) {
  const { decision } = item;
  const { answered } = state;
  const words = (choice) => (Array.isArray(choice) ? choice.join(tr("review_and")) : choice);
  const rows = decision.kind === "play"
    ? decision.options.map((option) => [option.tile, option.expected])
    : decision.options.slice(0, 6).map((option) => [option.discard.join(tr("review_and")),
      option.expected_net]);
  const text = decision.reason.text[view.lang] ?? decision.reason.text.en;
  return h("div", { class: "quiz-result", id: "quiz-result", tabindex: "-1" },
    h("p", { class: answered.isBest ? "quiz-best" : "quiz-worse", role: "status", text:
      answered.isBest ? tr("quiz_right", { choice: words(answered.choice) })
        : tr("quiz_wrong", { choice: words(answered.choice), best: words(answered.best) }) }),
    h("table", { class: "quiz-worth" },
      h("caption", { text: tr("quiz_worth_caption") }),
      h("tbody", {}, rows.map(([what, worth]) => h("tr", {}, h("th", { scope: "row",
        text: what }), h("td", { text: number(worth) }))))),
    h("p", { class: "quiz-reason", text: tr("quiz_reason", { text,
      chosen: words(decision.chosen) }) }),
    h("button", { type: "button", class: "quiz-next", id: "quiz-next", text: tr("quiz_next") }));
}

export function quizSection() {
  const items = quizItems();
  const section = h("section", { id: "quiz", class: "quiz", "aria-labelledby": "quiz-heading" },
    h("h3", { id: "quiz-heading", text: tr("quiz_heading") }));
  if (!items.length) {
    section.append(h("p", { class: "note", text: tr("quiz_none") }));
    return section;
  }
  const index = state.index % items.length;
  const item = items[index];
  section.append(
    h("p", { class: "note", text: tr("quiz_progress", { n: index + 1, of: items.length }) }),
    h("div", { class: "quiz-position" }, position(item)),
    state.answered ? result(item) : choices(item),
  );
  section.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.id === "quiz-next") {
      Object.assign(state, { index: index + 1, picked: [], answered: null });
      rerender("quiz-heading");
    } else if (button.id === "quiz-check") {
      choose(item, state.picked.slice());
    } else if (button.classList.contains("quiz-choice")) {
      const tile = button.dataset.tile;
      if (item.decision.kind === "play") {
        choose(item, tile);
      } else {
        const at = state.picked.indexOf(tile);
        if (at >= 0) state.picked.splice(at, 1);
        else if (state.picked.length < item.drawn.length - 4) state.picked.push(tile);
        rerender(null, tile);
      }
    }
  });
  return section;
}

export function renderQuiz() {
  const home = $("#quiz-home");
  if (home) home.replaceChildren(quizSection());
}

function rerender(focusId, tile = null) {
  renderQuiz();
  const target = tile ? document.querySelector(`#quiz .quiz-choice[data-tile="${tile}"]`)
    : focusId && document.getElementById(focusId);
  if (target) {
    if (target.id === "quiz-heading") target.tabIndex = -1;
    target.focus();
  }
}
