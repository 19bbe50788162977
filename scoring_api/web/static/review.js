// The review of a counted deal (POST /v1/deals/review): the scorer taps which crib tiles each
// seat laid away (optional; the tiles each kept are those he laid in the play), then the page
// shows each seat's costly decisions in words and tiles, the lay-away options side by side,
// and the deal's luck. The lay-aways and the answer are kept with the deal.

import { dealShape } from "./advice.js";
import {
  $, enqueue, errorBox, h, miniTiles, number, post, signed, tr, whole,
} from "./core.js";
import {
  keptHands, leaderOf, rulesOf, sameTiles, save, scoresBefore, seatsFrom, sideOf, store,
} from "./game-store.js";
import { seatName } from "./game-view.js";
import { arrowSvg } from "./tiles.js";

const COSTLY = ["inaccuracy", "mistake", "blunder"];
const state = { busy: false, error: null, focus: null, decision: null };

const game = () => store.game;
// This table's deal as GET /v1/rules gives it (null before it has answered): the tiles each
// seat lays away and those drawn blind into the crib; and the seats from the dealer's left
// round to the dealer.
const shape = () => dealShape(game().setup.players);
const laidAway = () => shape()?.laid_away ?? null;
const order = (deal) => seatsFrom(game().setup, leaderOf(game().setup, deal));

// Each seat's crib tiles as tapped, without any tile that is no longer in the crib.
function layAways(deal) {
  const kept = {};
  for (const [seat, tiles] of Object.entries(deal.layAway || {})) {
    kept[seat] = (Array.isArray(tiles) ? tiles : []).filter((tile) => deal.crib.includes(tile));
  }
  return kept;
}

function owner(laid, tile) {
  const found = Object.entries(laid).find(([, tiles]) => tiles.includes(tile));
  return found ? Number(found[0]) : null;
}

function complete(players, laid) {
  const each = laidAway();
  return Array.from({ length: players }, (_, seat) => (laid[seat] || []).length === each)
    .every(Boolean);
}

// Where nothing is drawn blind the crib is the lay-aways: once all but one seat have theirs,
// the last one's are the tiles left (with three players a tile left over was drawn blind).
function fillLast(deal, laid) {
  if (shape().blind) return laid;
  const each = laidAway();
  const open = order(deal).filter((seat) => (laid[seat] || []).length < each);
  if (open.length !== 1) return laid;
  const left = deal.crib.filter((tile) => owner(laid, tile) === null);
  return left.length === each ? { ...laid, [open[0]]: left } : laid;
}

function toggle(deal, seat, tile) {
  const laid = layAways(deal);
  const mine = laid[seat] || [];
  const each = laidAway();
  if (mine.includes(tile)) laid[seat] = mine.filter((t) => t !== tile);
  else if (mine.length < each && owner(laid, tile) === null) laid[seat] = [...mine, tile];
  deal.layAway = mine.includes(tile) ? laid : fillLast(deal, laid);
  save();
}

// The tiles each seat drew: those he kept and those tapped as his lay-away (as a game file
// wrote them, where they are the same tiles).
function drawnTiles(deal) {
  const laid = layAways(deal);
  const drawn = keptHands(game().setup, deal).map((kept, seat) => [...kept,
    ...(laid[seat] || [])]);
  const given = deal.given?.drawn;
  const same = Array.isArray(given) && given.length === drawn.length
    && given.every((tiles, seat) => sameTiles(tiles, drawn[seat]));
  return same ? given.map((tiles) => tiles.slice()) : drawn;
}

// The tiles each seat drew, once the hands are known and every lay-away is tapped in (null
// before): the game record's.
export function drawnOf(deal) {
  const ready = deal.crib.length === 4 && keptHands(game().setup, deal) !== null
    && complete(game().setup.players, layAways(deal));
  return ready ? drawnTiles(deal) : null;
}

function requestOf(deal) {
  const { setup, deals } = game();
  return {
    rules: rulesOf(setup),
    dealer: deal.dealer,
    scores: scoresBefore(deals.indexOf(deal)),
    starter: deal.starter,
    hands: keptHands(setup, deal),
    drawn: drawnTiles(deal),
    crib: deal.crib,
    plays: deal.plays,
  };
}

// A decision the game review points to: its deal's review (the game review's, the same as
// this deal's own), shown with that decision first and focused.
export function showDecision(deal, answer, index) {
  deal.review = { request: JSON.stringify(requestOf(deal)), answer };
  save();
  state.decision = { deal, index };
}

function focused(answer, deal) {
  const chosen = state.decision;
  const decision = chosen?.deal === deal ? answer.decisions[chosen.index] : null;
  if (!decision) return null;
  return h("div", { class: `review-focus ${decision.label}`, id: "review-focus",
    tabindex: "-1", "data-decision": chosen.index, "data-seat": decision.seat },
  h("span", { class: "review-focus-caption", text: tr("review_focus") }),
  h("span", { class: `review-label ${decision.label}`, text: tr(
    `review_label_${decision.label}`) }),
  h("span", { class: "costly-words", text: sentence(decision) }));
}

async function review(deal) {
  const request = requestOf(deal);
  Object.assign(state, { busy: true, error: null });
  rerender(deal);
  try {
    deal.review = { request: JSON.stringify(request), answer: await post("v1/deals/review",
      request) };
    save();
    state.focus = "review-findings";
  } catch (exc) {
    state.error = { exc };
  }
  state.busy = false;
  rerender(deal);
}

// The answer kept with the deal, if it is the answer to the deal as it is now.
function answerOf(deal) {
  const kept = deal.review;
  return kept && kept.request === JSON.stringify(requestOf(deal)) ? kept.answer : null;
}

function rerender(deal) {
  const old = $("#review");
  if (old) old.replaceWith(reviewSection(deal));
  if (state.focus) {
    document.getElementById(state.focus)?.focus();
    state.focus = null;
  }
}

function seatPicker(deal, seat, laid) {
  const mine = laid[seat] || [];
  const each = laidAway();
  const label = tr("review_laid_by", { who: seatName(seat), n: each });
  return h("div", { class: "lay-seat", role: "group", "aria-label": label },
    h("span", { class: "lay-seat-name", "aria-hidden": "true", text: label }),
    h("span", { class: "lay-tiles" }, deal.crib.map((tile) => {
      const taken = owner(laid, tile);
      const id = `lay-${seat}-${tile}`;
      const button = h("button", { type: "button", id, class: "lay-tile",
        "aria-pressed": String(mine.includes(tile)),
        disabled: (taken !== null && taken !== seat) || (!mine.includes(tile)
          && mine.length >= each) }, miniTiles([tile]));
      button.addEventListener("click", () => {
        toggle(deal, seat, tile);
        Object.assign(state, { focus: id, error: null });
        rerender(deal);
      });
      return button;
    })));
}

function tileWords(tiles) {
  return tiles.join(tr("review_and"));
}

function sentence(decision) {
  const who = seatName(decision.seat);
  const loss = number(decision.loss);
  if (decision.kind === "lay_away") {
    return tr("review_lay_away_line", { who, tiles: tileWords(decision.chosen), loss,
      best: tileWords(decision.best) });
  }
  return tr(decision.count ? "review_play_line" : "review_lead_line", { who,
    tile: decision.chosen, count: decision.count, loss, best: decision.best });
}

function costly(answer) {
  const found = answer.decisions.filter((d) => COSTLY.includes(d.label));
  if (!found.length) return h("p", { class: "note", text: tr("review_all_fine") });
  return h("ol", { class: "review-costly", id: "review-costly" }, found.map((d) => {
    const chosen = d.kind === "lay_away" ? d.chosen : [d.chosen];
    const best = d.kind === "lay_away" ? d.best : [d.best];
    return h("li", { class: `costly ${d.label}`, "data-seat": d.seat, "data-kind": d.kind },
      h("span", { class: `review-label ${d.label}`, text: tr(`review_label_${d.label}`) }),
      h("span", { class: "costly-words", text: sentence(d) }),
      h("span", { class: "costly-tiles", "aria-hidden": "true" }, miniTiles(chosen),
        arrowSvg(), miniTiles(best)));
  }));
}

// The crib counts for the seat when it is his side's, against him otherwise: signed so.
function optionRow(option, marks, ownCrib) {
  const play = option.expected_pegging;
  const crib = number(option.expected_crib);
  return h("tr", { class: marks.join(" ") },
    h("th", { scope: "row" }, miniTiles(option.discard),
      marks.map((mark) => h("span", { class: `row-mark ${mark}`, text: tr(`review_${mark}`) }))),
    h("td", { text: number(option.expected_hand) }),
    h("td", { class: "crib-figure", text: `${ownCrib ? "+" : "−"}${crib}` }),
    h("td", { text: typeof play === "number" ? signed(play) : "—" }),
    h("td", { text: signed(option.expected_net) }));
}

// His choice beside the best (and the next best, to see how close they were).
function layAwayTable(decision, dealer) {
  const { setup } = game();
  const ownCrib = sideOf(setup, decision.seat) === sideOf(setup, dealer);
  const { options } = decision;
  const chosen = options.find((option) => option.discard.join() === decision.chosen.join())
    || options[0];
  const rows = [options[0], options[1], chosen].filter((o, i, all) => o && all.indexOf(o) === i);
  return h("table", { class: "review-options", "data-seat": decision.seat },
    h("caption", { text: tr("review_options_of", { who: seatName(decision.seat) }) }),
    h("thead", {}, h("tr", {}, ["review_col_away", "review_col_hand", "review_col_crib",
      "review_col_play", "review_col_net"].map((key) => h("th", { scope: "col",
      text: tr(key) })))),
    h("tbody", {}, rows.map((option) => optionRow(option, [
      option === options[0] ? "best" : null, option === chosen ? "chosen" : null,
    ].filter(Boolean), ownCrib))));
}

// `scored` is the deal's net for the seat, not what the board gave his side: both are said.
function luck(answer, deal) {
  const before = scoresBefore(game().deals.indexOf(deal));
  return h("ul", { class: "review-luck", id: "review-luck" }, answer.seats.map((seat) => {
    const lost = tr("review_lost", { lay: number(seat.lay_away_loss),
      play: number(seat.play_loss) });
    const board = deal.result.scores[seat.side] - before[seat.side];
    const luckWords = seat.luck === null ? tr("review_luck_none")
      : tr("review_luck", { luck: signed(seat.luck), scored: whole(seat.scored),
        expected: number(seat.expected), board });
    return h("li", { "data-seat": seat.seat }, h("strong", { text: seatName(seat.seat) }),
      h("span", { text: ` ${luckWords} ${lost}` }));
  }));
}

function findings(answer, deal) {
  return h("div", { class: "review-findings", id: "review-findings", tabindex: "-1" },
    focused(answer, deal),
    h("h4", { text: tr("review_costly_heading") }), costly(answer),
    h("h4", { text: tr("review_luck_heading") }), luck(answer, deal),
    h("p", { class: "note", text: tr("review_net") }),
    h("h4", { text: tr("review_options_heading") }),
    h("div", { class: "review-tables" }, answer.decisions.filter((d) => d.kind === "lay_away")
      .map((decision) => layAwayTable(decision, answer.dealer))),
    h("p", { class: "note", text: tr("review_how", { n: answer.playouts }) }));
}

// The review of the deal shown, once it is counted and its crib is in (nothing otherwise).
export function reviewSection(deal) {
  const section = h("section", { id: "review", class: "review", "aria-labelledby":
    "review-heading" });
  if (!game() || !deal.result || deal.crib.length !== 4 || laidAway() === null
    || !keptHands(game().setup, deal)) return section;
  const { players } = game().setup;
  const laid = layAways(deal);
  const ready = complete(players, laid);
  const button = h("button", { type: "button", id: "review-go", class: "primary",
    disabled: !ready || state.busy, text: tr("review_go") });
  button.addEventListener("click", () => enqueue(() => review(deal)));
  const answer = answerOf(deal);
  section.append(...[
    h("h3", { id: "review-heading", text: tr("review_heading") }),
    h("p", { class: "review-ask", text: tr(shape().blind ? "review_ask_blind" : "review_ask") }),
    ...order(deal).map((seat) => seatPicker(deal, seat, laid)),
    h("div", { class: "actions" }, button),
    h("p", { class: "note", role: "status", text: state.busy ? tr("review_working") : "" }),
    state.error ? errorBox(state.error) : null,
    answer ? findings(answer, deal) : null].filter(Boolean));
  return section;
}
