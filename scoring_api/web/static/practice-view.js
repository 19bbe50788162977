// The practice table on screen: the board, the deal (the seed, who deals, the starter, the
// count, how many tiles each computer seat holds), the person's own tiles (never another
// seat's until the show), the hint, the record of the play, the show and the review of the
// person's decisions. Every figure is the service's answer kept with the deal.

import { renderQuiz } from "./quiz.js";
import {
  $, errorLines, h, itemWords, miniTiles, number, reveal, setText, signed, tr, view,
} from "./core.js";
import { sideCount, sideSeats } from "./game-store.js";
import { boardSvg, pegsOf } from "./board.js";
import { tileSvg } from "./tiles.js";
import { PERSON, currentDeal, table } from "./practice-store.js";
import { handLeft, kept, onTurn, phase, ui, winner } from "./practice-play.js";

const game = () => table.game;

export function seatName(seat) {
  if (seat === PERSON) return tr("practice_you");
  const letter = tr(game().setup.partners ? `compass_${seat}` : `seat_default_${seat}`);
  return tr("practice_computer", { letter, strategy: game().setup.seats[seat] });
}

const sideName = (side) => sideSeats(game().setup, side).map(seatName).join(" & ");
// A seat's badge: a computer seat's letter; the person's a mark no seat letter shares.
const badgeOf = (seat) => (seat === PERSON ? tr("practice_you_badge") : seatName(seat)
  .slice(0, 1));
const entryWords = (entry) => tr("entry_by", { who: seatName(entry.player),
  what: entry.tile || tr("said_go") });

function boardScores(deal) {
  const before = game().deals.length > 1 ? game().deals.at(-2).result?.scores : null;
  return (deal.result || deal.live)?.scores || before || Array(sideCount(game().setup)).fill(0);
}

function renderBoard(deal) {
  const { setup, deals } = game();
  const scores = boardScores(deal);
  const won = winner();
  const pegs = pegsOf(deals, scores).map((peg, side) => ({ ...peg, name: sideName(side),
    won: won?.side === side }));
  $("#practice-board").replaceChildren(
    h("h3", { class: "board-title", text: tr("board_title", { target: setup.target,
      n: deals.length }) }),
    boardSvg(pegs, setup.target),
    h("ul", { class: "sides" }, scores.map((score, side) => h("li", { class:
      `side s${side}${won?.side === side ? " won" : ""}`, "data-side": side },
    h("span", { class: "side-name", text: sideName(side) }),
    h("strong", { class: "side-score", id: `practice-score-${side}`, text: String(score) })))));
  const box = $("#practice-winner");
  box.hidden = !won;
  box.textContent = won ? tr("winner_is", { who: sideName(won.side), you: sideSeats(setup,
    won.side).includes(PERSON), score:
    scores[won.side], many: sideSeats(setup, won.side).length > 1 }) : "";
}

// What the person does now, in one line (and the computer's seat that is thinking).
function status(deal) {
  if (ui.waiting) return tr("practice_busy", { n: ui.waiting });
  const step = phase(deal);
  if (ui.busy && step === "play" && onTurn(deal) !== PERSON) {
    return tr("practice_thinking", { who: seatName(onTurn(deal)) });
  }
  if (step === "lay_away") {
    return deal.away[PERSON] ? tr("practice_waiting")
      : tr("practice_lay_away", { n: deal.drawn[PERSON].length - 4 });
  }
  if (step === "play") {
    return onTurn(deal) === PERSON ? tr("practice_your_turn", { count: deal.pegging.count })
      : tr("practice_thinking", { who: seatName(onTurn(deal)) });
  }
  if (step === "over") return tr("practice_over");
  return step === "scored" ? tr("practice_deal_done") : tr("practice_counting");
}

// What the page waits for the person to do ("" while the service or the computer works): the
// browser tests and assistive technology read it from the table's data-awaiting.
function awaiting(deal) {
  if (ui.error) return "error";
  if (ui.busy) return "";
  const step = phase(deal);
  if (step === "lay_away") return deal.away[PERSON] ? "" : "lay_away";
  if (step === "play") return onTurn(deal) === PERSON ? "play" : "";
  if (step === "scored") return deal.review || !deal.plays.length ? "next" : "";
  return step === "over" ? "over" : "";
}

function handButton(tile, deal) {
  const step = phase(deal);
  const picking = step === "lay_away" && !deal.away[PERSON];
  const playing = step === "play" && onTurn(deal) === PERSON;
  const picked = ui.pick.includes(tile);
  const button = h("button", { type: "button", class: `tile practice-tile${picked ? " chosen"
    : ""}`, "data-tile": tile, "aria-label": tr("tile_label", { tile }),
  "aria-pressed": picking ? String(picked) : null, disabled: !(picking || playing) || ui.busy });
  button.append(tileSvg(tile));
  return button;
}

function renderHand(deal) {
  const mine = phase(deal) === "lay_away" ? deal.drawn[PERSON] : handLeft(deal, PERSON);
  $("#practice-hand").replaceChildren(...mine.map((tile) => handButton(tile, deal)));
  const others = Array.from({ length: game().setup.players }, (_, s) => s).filter((s) => s
    !== PERSON);
  $("#practice-others").replaceChildren(...others.map((seat) => h("li", { "data-seat": seat,
    class: onTurn(deal) === seat && phase(deal) === "play" ? "on-turn" : "" },
  h("span", { class: `badge p${seat}`, "aria-hidden": "true", text: badgeOf(seat) }),
  h("span", { text: tr("practice_holds", { who: seatName(seat), n: phase(deal) === "lay_away"
    ? deal.drawn[seat].length : handLeft(deal, seat).length }) }))));
}

function reasonWords(refusal) {
  const deal = currentDeal();
  const text = tr("reasons")?.[refusal.reason.code];
  const tile = refusal.entry.tile || "";
  const value = tile ? tile.split("-").map(Number).reduce((a, b) => a + b, 0) : 0;
  const count = deal.pegging?.count ?? 0;
  if (typeof text !== "function") return refusal.reason.message || "";
  return text({ who: seatName(PERSON), you: true, next: seatName(onTurn(deal) ?? PERSON), tile,
    count,
    total: count + value, goCount: refusal.reason.go_count ?? 0,
    goTotal: (refusal.reason.go_count ?? 0) + value });
}

function hintWords() {
  const { hint } = ui;
  if (!hint) return "";
  if (hint.kind === "lay_away") {
    return tr("practice_hint_lay_away", { tiles: hint.best.discard.join(tr("review_and")),
      net: signed(hint.best.expected_net) });
  }
  const what = hint.best.tile || tr("said_go");
  return tr("practice_hint_play", { what, value: signed(hint.expected) });
}

function renderActions(deal) {
  const step = phase(deal);
  const mine = step === "play" && onTurn(deal) === PERSON;
  $("#practice-lay").hidden = step !== "lay_away" || Boolean(deal.away[PERSON]);
  $("#practice-lay").disabled = ui.busy || ui.pick.length !== deal.drawn[PERSON].length - 4;
  $("#practice-go").hidden = step !== "play";
  $("#practice-go").disabled = !mine || ui.busy;
  $("#practice-hint").disabled = ui.busy || !(mine || (step === "lay_away"
    && !deal.away[PERSON]));
  $("#practice-next").hidden = step !== "scored";
  $("#practice-save").disabled = ui.busy; // saved between the computer's moves, never amid one
  setText($("#practice-hint-text"), hintWords());
  const refusal = $("#practice-refusal");
  refusal.hidden = !ui.refusal;
  setText(refusal, ui.refusal ? `${tr("refused_entry", { you: true,
    what: ui.refusal.entry.tile || tr("said_go") })} ${reasonWords(ui.refusal)}` : "");
  if (ui.refusal) reveal(refusal);
}

function record(deal) {
  const scored = deal.pegging?.plays || [];
  if (!scored.length) return h("p", { class: "empty", text: tr("practice_nothing_laid") });
  return h("ol", { class: "record", id: "practice-record" }, scored.map((entry) =>
    h("li", { class: `entry p${entry.player}`, "data-player": entry.player },
      h("span", { class: `badge p${entry.player}`, "aria-hidden": "true",
        text: badgeOf(entry.player) }),
      entry.tile ? miniTiles([entry.tile]) : h("span", { class: "said-go",
        text: `${seatName(entry.player)}: ${tr("said_go")}` }),
      h("span", { class: "entry-count", text: String(entry.count) }),
      h("span", { class: entry.points ? "entry-pts scored" : "entry-pts",
        text: entry.points ? `+${entry.points}` : "" }),
      h("span", { class: "entry-items", text: itemWords(entry.items) }))));
}

function show(deal) {
  const seats = Array.from({ length: game().setup.players }, (_, s) => s);
  const crib = [...deal.away.flat(), ...deal.blind];
  return h("div", { class: "shown" }, h("h3", { text: tr("shown_heading") }),
    h("ul", { class: "shown-list" }, seats.map((seat) => h("li", { class: "shown-hand",
      "data-seat": seat }, h("span", { class: "shown-name", text: seatName(seat) }),
    miniTiles(kept(deal, seat)))), h("li", { class: "shown-hand crib" }, h("span", {
      class: "shown-name", text: tr("practice_event", { who: seatName(deal.dealer),
        you: deal.dealer === PERSON, what: tr("event_crib") }) }),
    miniTiles(crib))),
    h("ol", { class: "events", id: "practice-events" }, deal.result.events.map((event) =>
      h("li", { class: "event", "data-kind": event.kind, "data-seat": event.seat },
        h("span", { class: "event-what", text: tr("practice_event", { who: seatName(event.seat),
          you: event.seat === PERSON, what: tr(`event_${event.kind}`) }) }),
        h("span", { class: "entry-pts scored", text: `+${event.points}` }),
        h("span", { class: "event-items", text: itemWords(event.items) }),
        event.aloud ? h("span", { class: "event-aloud", text: event.aloud[view.lang] }) : null,
        h("span", { class: "event-scores", text: event.scores.map((score, side) =>
          `${sideName(side)} ${score}`).join(" · ") })))));
}

function decisionLine(decision) {
  const label = tr(`review_label_${decision.label}`);
  const loss = number(decision.loss);
  const words = decision.kind === "lay_away"
    ? tr("practice_review_lay_away", { tiles: decision.chosen.join(tr("review_and")),
      best: decision.best.join(tr("review_and")), loss })
    : tr("practice_review_play", { tile: decision.chosen, count: decision.count,
      best: decision.best, loss });
  return h("li", { class: `costly ${decision.label}`, "data-kind": decision.kind },
    h("span", { class: `review-label ${decision.label}`, text: label }),
    h("span", { class: "costly-words", text: words }));
}

function review(deal) {
  if (!deal.review) return h("p", { class: "note", text: tr("review_working") });
  if (deal.review.error !== undefined) {
    return h("p", { class: "note", text: tr("practice_review_none") });
  }
  const mine = deal.review.seats.find((seat) => seat.seat === PERSON);
  return h("section", { class: "review", id: "practice-review", "aria-labelledby":
    "practice-review-heading" }, h("h3", { id: "practice-review-heading",
    text: tr("practice_review_heading") }),
  h("ol", { class: "review-costly" }, deal.review.decisions.map(decisionLine)),
  mine ? h("p", { class: "note", text: tr("practice_review_lost", { lay: number(
    mine.lay_away_loss),
    play: number(mine.play_loss) }) }) : null);
}

export function renderPractice() {
  renderQuiz();
  const playing = Boolean(game());
  $("#practice-setup").hidden = playing;
  $("#practice-table").hidden = !playing;
  const notice = $("#practice-notice");
  notice.hidden = !table.notice;
  notice.textContent = table.notice ? tr(table.notice) : "";
  if (!playing) {
    $("#practice-result").replaceChildren();
    return;
  }
  const deal = currentDeal();
  $("#practice-table").dataset.awaiting = awaiting(deal);
  renderBoard(deal);
  $("#practice-heading").textContent = tr("practice_deal_heading", { n: game().deals.length,
    dealer: seatName(deal.dealer), you: deal.dealer === PERSON });
  $("#practice-seed").textContent = tr("practice_seed", { seed: game().setup.seed });
  setText($("#practice-status"), status(deal));
  const starter = phase(deal) === "lay_away" ? null : deal.starter;
  $("#practice-starter").replaceChildren(starter ? miniTiles([starter])
    : h("span", { class: "note", text: tr("practice_starter_later") }));
  $("#practice-count").textContent = String(deal.pegging?.count ?? 0);
  renderHand(deal);
  renderActions(deal);
  const said = ui.said.at(-1);
  setText($("#practice-said"), said ? tr("said_line", { entry: entryWords(said.entry),
    count: said.scored.count, points: said.scored.points ? `, +${said.scored.points} `
      + itemWords(said.scored.items) : "" }) : "");
  const error = $("#practice-error");
  error.hidden = !ui.error;
  error.textContent = ui.error ? errorLines(ui.error).join(" ") : "";
  $("#practice-confirm").hidden = !ui.confirm;
  $("#practice-result").replaceChildren(h("h3", { text: tr("record_heading") }), record(deal),
    ...(deal.result && deal.result.events ? [show(deal)] : []),
    ...(deal.result && deal.plays.length ? [review(deal)] : []));
}
