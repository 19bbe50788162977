// The game on screen: the table set up, the board (each side's score, whose deal), the deal
// (starter, play, crib), the record of the play, the deal's events and the deals so far.

import {
  $, enqueue, errorLines, h, itemWords, reveal, setText, tr, view,
} from "./core.js";
import {
  chancesNow, currentDeal, leaderOf, scoresBeforeDeal, seats, sideCount, sideOf, sideSeats, store,
  winnerOf,
} from "./game-store.js";
import { answerOffer, phase, seatOnTurn, ui } from "./game-play.js";
import { ends } from "./tiles.js";
import { slotFace } from "./picker.js";
import { boardSvg, pegsOf } from "./board.js";
import { chanceBar } from "./chance.js";

const game = () => store.game;
// The person of a practice game opened from its file (game-file.js) is "you" in the page's
// words, whatever language the file was saved in; every other seat is its name.
export const isYou = (seat) => game().setup.you === seat;
export const seatName = (seat) => (isYou(seat) ? tr("practice_you") : game().setup.names[seat]);
// A seat's name for words that agree with whom they speak of.
export const whoIs = (seat) => ({ who: seatName(seat), you: isYou(seat) });
export const sideName = (side) => sideSeats(game().setup, side).map(seatName).join(" & ");
// A side that is the person alone ("your chance"); with a partner the side is named.
export const sideIsYou = (side) => sideSeats(game().setup, side).every(isYou);

export function gameMarks(tile) {
  if (!game()) return {};
  const deal = currentDeal();
  if (tile === deal.starter) return { mark: "starter", label: tr("tile_is_starter", { tile }) };
  if (deal.crib.includes(tile)) return { mark: "chosen", label: tr("tile_in_crib", { tile }) };
  if (deal.plays.some((p) => p.tile === tile)) {
    return { mark: "used", label: tr("tile_played", { tile }) };
  }
  return {};
}

export const namesList = (seats) => new Intl.ListFormat(view.lang, { type: "conjunction" })
  .format(seats.map(seatName));

// In the play, the seat the next entry goes to; after a go, first who said it in this count
// (the service's said_go): they cannot play until it closes.
function playHint(deal) {
  const gone = deal.pegging?.said_go || [];
  if (!gone.length) return tr("hint_play", whoIs(ui.seat));
  return tr("hint_after_go", { gone: namesList(gone), many: gone.length > 1, ...whoIs(ui.seat) });
}

export function gameHint() {
  if (!game()) return "";
  const deal = currentDeal();
  const step = phase(deal);
  if (step === "starter") return tr("hint_starter_deal", whoIs(deal.dealer));
  if (step === "play") return playHint(deal);
  if (step === "crib") return tr("hint_crib", { n: Math.min(deal.crib.length + 1, 4) });
  if (step === "over") return tr("hint_game_over");
  return tr("hint_deal_done");
}

// The board: the pegs on their tracks (board.js), each side's score in words (live during
// the deal, as the service referees it so far) and whose deal it is.
export function boardScores() {
  const deal = currentDeal();
  return (deal.result || deal.live)?.scores || scoresBeforeDeal();
}

function renderBoard() {
  const { setup, deals } = game();
  const deal = currentDeal();
  const scores = boardScores();
  const winner = winnerOf();
  const dealerSide = sideOf(setup, deal.dealer);
  const pegs = pegsOf(deals, scores).map((peg, side) => ({ ...peg, name: sideName(side),
    won: winner?.side === side }));
  $("#board").replaceChildren(
    h("h3", { class: "board-title", text: tr("board_title", { target: setup.target,
      n: deals.length }) }),
    boardSvg(pegs, setup.target),
    h("ul", { class: "sides" }, Array.from({ length: sideCount(setup) }, (_, side) => h("li", {
      class: `side s${side}${winner?.side === side ? " won" : ""}`, "data-side": side },
    h("span", { class: "side-name", text: sideName(side) }),
    h("strong", { class: "side-score", id: `side-score-${side}`, text: String(scores[side]) }),
    dealerSide === side && !winner ? h("span", { class: "side-deals", text: tr("deals_now",
      whoIs(deal.dealer)) }) : null,
    winner?.side === side ? h("span", { class: "side-won", text: tr("winner_mark") }) : null))));
  $("#chance").replaceChildren(chanceBar(chancesNow(), Array.from({ length: sideCount(setup) },
    (_, side) => sideName(side))));
}

// An event's kind in words: the service scores the last tile of the play as a "go" event,
// its item named "last_tile", and the scorer reads it as that.
export function eventWhat(event) {
  if (event.mugged) {
    return tr(`event_muggins_${event.mugged.show}`, whoIs(event.mugged.seat));
  }
  const last = event.kind === "go" && (event.items || []).some((i) => i.kind === "last_tile");
  return tr(last ? "event_last_tile" : `event_${event.kind}`);
}

function eventWords(event) {
  return tr("event_line", { ...whoIs(event.seat), what: eventWhat(event) });
}

function renderWinner() {
  const box = $("#winner");
  const winner = winnerOf();
  box.hidden = !winner;
  if (!winner) {
    box.textContent = "";
    return;
  }
  const at = game().deals.findIndex((deal) => deal.result?.winner);
  const { result } = game().deals[at];
  const event = result.events[winner.event];
  const lurched = (result.lurched || []).map(sideName);
  box.replaceChildren(...[h("strong", { text: tr("winner_is", { who: sideName(winner.side),
    many: sideSeats(game().setup, winner.side).length > 1,
    you: sideSeats(game().setup, winner.side).every(isYou),
    score: result.scores[winner.side] }) }), " ",
  h("span", { text: tr("winner_at", { event: event ? eventWords(event) : "", n: at + 1 }) }),
  lurched.length ? h("span", { class: "lurch", text: ` ${tr("lurched", { who:
    lurched.join(", ") })}` }) : null].filter(Boolean));
}

function renderSlots() {
  const deal = currentDeal();
  const step = phase(deal);
  slotFace($("#deal-starter .slot"), deal.starter, step === "starter", deal.starter
    ? tr("slot_full", { what: tr("starter"), tile: deal.starter })
    : tr("slot_empty", { what: tr("starter") }));
  $$crib().forEach((button, i) => {
    const tile = deal.crib[i] || null;
    const what = tr("crib_slot", { n: i + 1 });
    slotFace(button, tile, step === "crib" && i === deal.crib.length,
      tile ? tr("slot_full", { what, tile }) : tr("slot_empty", { what }));
  });
  $("#crib-group").hidden = !["crib", "scored", "over"].includes(step)
    || (step !== "crib" && !deal.crib.length);
}

const $$crib = () => Array.from(document.querySelectorAll("#deal-crib .slot"));

function renderTurn() {
  const deal = currentDeal();
  const step = phase(deal);
  const pegging = deal.pegging;
  const laid = (pegging?.plays || []).filter((p) => p.tile);
  const complete = Boolean(pegging?.complete);
  const count = complete && laid.length ? laid[laid.length - 1].count : pegging?.count ?? 0;
  $("#count-label").textContent = tr(complete ? "final_count" : "count");
  $("#play-count").textContent = String(count);
  const turn = { starter: tr("turn_starter"), play: tr("next_turn", { who: seatName(ui.seat) }),
    crib: tr("turn_crib"), scored: tr("turn_scored"), over: tr("turn_over") }[step];
  $("#play-turn").textContent = complete && step === "crib" ? `${tr("play_over")} ${turn}` : turn;
  // for screen readers, one short line per entry: who laid what, the count, the points
  const last = pegging?.plays?.[pegging.plays.length - 1];
  const spoken = last ? tr("said_line", { entry: entryWords(last), count: last.count,
    points: last.points ? `, +${last.points} ${itemWords(last.items)}` : "" }) : "";
  $("#play-said").textContent = `${spoken} ${$("#play-turn").textContent}`.trim();
  $("#deal-heading").textContent = tr("deal_heading", { n: game().deals.length,
    dealer: seatName(deal.dealer), leader: seatName(leaderOf(game().setup, deal)),
    youDeal: isYou(deal.dealer), youLead: isYou(leaderOf(game().setup, deal)) });

  const said = new Set(pegging?.said_go || []);
  const onTurn = seatOnTurn(deal);
  $("#who").replaceChildren(h("span", { class: "who-caption", text: tr("next_entry") }),
    ...seats(game().setup).map((seat) => {
      const out = deal.plays.filter((p) => p.player === seat && p.tile).length >= 4;
      const note = out ? tr("seat_out") : said.has(seat) ? tr("seat_said_go")
        : seat === onTurn && step === "play" ? tr("seat_on_turn") : "";
      const button = h("button", { type: "button", class: `who-btn p${seat}`,
        "data-player": seat, "aria-pressed": String(step === "play" && ui.seat === seat),
        disabled: step !== "play" }, h("span", { class: `badge p${seat}`, "aria-hidden": "true",
        text: seatName(seat).slice(0, 2) }), h("span", { class: "who-name", text:
        seatName(seat) }), note ? h("span", { class: "who-note", text: note }) : null);
      button.addEventListener("click", () => {
        ui.seat = seat;
        render();
      });
      return button;
    }));
  $("#play-go").disabled = step !== "play";
  $("#next-deal").hidden = step !== "scored";
}

let render = () => {};
export function setRenderer(fn) {
  render = fn;
}
export const rerender = () => render();

// The service's hints that the reasons' words do not already say.
const HINT_WORDS = { say_go: "hint_say_go", wait_for_close: "hint_wait" };

function reasonText(reason, entry) {
  const deal = currentDeal();
  const text = tr("reasons")?.[reason.code];
  const hint = HINT_WORDS[reason.hint];
  const hintWords = hint ? ` ${tr(hint)}` : "";
  if (typeof text !== "function") return `${reason.message || reason.code || ""}`;
  const count = deal.pegging ? deal.pegging.count : 0;
  const value = entry.tile ? ends(entry.tile).reduce((a, b) => a + b, 0) : 0;
  const goCount = reason.go_count ?? 0;
  return text({ ...whoIs(entry.player), next: seatName(seatOnTurn(deal)),
    tile: entry.tile, count, total: count + value, goCount, goTotal: goCount + value })
    + hintWords;
}

export function entryWords(entry) {
  return tr("entry_by", { who: seatName(entry.player),
    what: entry.tile ? entry.tile : tr("said_go") });
}

export function renderWarning() {
  const warning = $("#play-warning");
  warning.replaceChildren();
  warning.hidden = !ui.warning;
  if (!ui.warning) return;
  const { entry, reason, error, local, tile } = ui.warning;
  if (local) {
    warning.append(h("span", { class: "reason", "data-code": local, text: tr(local, { tile }) }));
  } else {
    const lines = error ? errorLines(error) : [reasonText(reason, entry)];
    warning.append(h("strong", { text: entry ? tr("refused_entry", { ...whoIs(entry.player),
      what: entry.tile || tr("said_go") }) : tr("refused") }), " ");
    warning.append(h("span", { class: "reason", "data-code": reason?.code || "",
      text: lines.join(" ") }));
  }
  if (ui.warning.offer) warning.append(" ", offerQuestion(ui.warning.offer));
  reveal(warning);
}

// What the refused tile may be instead, asked, never done unasked: the record taken back to
// the go it proved wrong, the tile laid there; or the lead of the next count by another seat.
function offerQuestion(offer) {
  const words = { ...whoIs(offer.player), tile: offer.tile, n: offer.undo };
  const [ask, yesKey] = offer.undo ? ["undo_ask", "undo_yes"] : ["offer_ask", "offer_yes"];
  const answer = (yes, key) => {
    const button = h("button", { type: "button", class: yes ? "offer-yes primary" : "offer-no",
      text: tr(key, words) });
    button.addEventListener("click", () => enqueue(async () => {
      await answerOffer(yes);
      render();
    }));
    return button;
  };
  return h("span", { class: "offer" }, h("span", { class: "offer-ask", text: tr(ask, words) }),
    h("span", { class: "offer-answers actions" }, answer(true, yesKey),
      answer(false, "offer_no")));
}

export function renderTable() {
  renderBoard();
  renderWinner();
  renderSlots();
  renderTurn();
  const error = $("#deal-error");
  error.hidden = !ui.dealError && !ui.busy;
  error.className = ui.dealError ? "warn" : "note";
  setText(error, ui.dealError ? errorLines(ui.dealError).join(" ") : ui.busy
    ? tr("deal_working") : "");
  if (ui.dealError) reveal(error);
}
