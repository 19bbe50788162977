// The results side of the game: the record of the play, the hands shown (with claims and,
// under muggins, the call on a short claim), the deal's events in the rule book's order with
// each show said aloud, and every deal of the game so far (a finished one opened again).

import { $, enqueue, h, itemWords, miniTiles, reveal, tr, view } from "./core.js";
import {
  currentDeal, fullHands, handsOf, leaderOf, scoresBefore, seats, sideCount, sideOf, store,
} from "./game-store.js";
import { phase } from "./game-play.js";
import { setCall, setClaim } from "./game-show.js";
import { eventWhat, rerender, seatName, sideIsYou, sideName, whoIs } from "./game-view.js";
import { reviewSection } from "./review.js";
import { gameReviewSection, setDealOpener } from "./game-review.js";
import { cribChance, eventChance } from "./chance.js";

const game = () => store.game;
// The finished deal opened again from "Deals so far" (its index), or null: the deal on hand.
const opened = { deal: null };

function playRecord(deal) {
  const result = deal.pegging;
  if (!result) return h("p", { class: "empty", text: tr("record_empty",
    whoIs(leaderOf(game().setup, deal))) });
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
    list.append(h("li", { class: `entry p${scored.player}`, "data-player": scored.player },
      h("span", { class: `badge p${scored.player}`, title: seatName(scored.player),
        text: seatName(scored.player).slice(0, 2) }),
      laid,
      h("span", { class: "entry-count", text: String(scored.count) }),
      h("span", { class: scored.points ? "entry-pts scored" : "entry-pts",
        text: scored.points ? `+${scored.points}` : "" }),
      h("span", { class: "entry-items", text: itemWords(scored.items) })));
    if (scored.closes === "go" || scored.closes === "thirty_one") closed = scored.closes;
  });
  if (closed && !result.complete) list.append(divider());
  return list;
}

// A claim can be typed from the end of the play (the hands) or once the crib is in (the
// crib) until the next deal; a crib never counted (the game won at a hand) takes none.
function claimOpen(deal, seat) {
  const step = phase(deal);
  if (seat !== "crib") return ["crib", "scored", "over"].includes(step);
  return step === "crib" || (step !== "play" && deal.crib.length === 4);
}

function claimInput(deal, seat, label) {
  const id = `claim-${seat}`;
  const value = seat === "crib" ? deal.claims?.crib : deal.claims?.hands?.[seat];
  const input = h("input", { id, type: "number", inputmode: "numeric", min: 0, max: 100,
    step: 1, class: "claim-input", value: Number.isInteger(value) ? value : null,
    disabled: !claimOpen(deal, seat) });
  input.addEventListener("change", () => {
    const text = input.value.trim();
    const n = Number(text);
    const ok = text === "" || (/^\d+$/.test(text) && n <= 100);
    input.setAttribute("aria-invalid", String(!ok));
    enqueue(async () => {
      await setClaim(seat, text === "" || !ok ? null : n);
      rerender();
    });
  });
  return h("label", { class: "claim-field", for: id }, h("span", { text: label }), input);
}

// Under muggins, a show the service found claimed short: who calls (his opponents, each a
// toggle); the service says which caller takes the points.
function mugginsOffer(deal, show) {
  const { setup } = game();
  const kind = show === "crib" ? "crib" : "hand";
  const owner = show === "crib" ? deal.dealer : show;
  const event = (deal.result || deal.live)?.events.find((e) => e.kind === kind
    && e.seat === owner);
  const missed = event?.claim?.missed;
  if (!setup.muggins || !missed) return null;
  const called = (show === "crib" ? deal.claims?.muggins?.crib
    : deal.claims?.muggins?.hands?.[show]) || [];
  const words = { who: seatName(owner), n: missed };
  return h("div", { class: "muggins", role: "group", "aria-label": tr("muggins_ask", words) },
    h("span", { class: "muggins-ask", text: tr("muggins_ask", words) }),
    seats(setup).filter((seat) => sideOf(setup, seat) !== sideOf(setup, owner)).map((seat) => {
      const button = h("button", { type: "button", class: "muggins-call", "data-caller": seat,
        "aria-pressed": String(called.includes(seat)), text: tr("muggins_call", {
          who: seatName(seat) }) });
      button.addEventListener("click", () => enqueue(async () => {
        await setCall(show, seat);
        rerender();
      }));
      return button;
    }));
}

function shownHands(deal) {
  const { setup } = game();
  const hands = handsOf(setup, deal);
  return h("div", { class: "shown" }, h("h3", { text: tr("shown_heading") }),
    h("ul", { class: "shown-list" }, hands.map((tiles, seat) => h("li", { class: "shown-hand",
      "data-seat": seat }, h("span", { class: `badge p${seat}`, "aria-hidden": "true",
      text: seatName(seat).slice(0, 2) }), h("span", { class: "shown-name", text:
      seatName(seat) }), miniTiles(tiles), claimInput(deal, seat, tr("claim_short")),
    mugginsOffer(deal, seat))),
    phase(deal) === "crib" || deal.crib.length === 4 ? h("li", { class: "shown-hand crib" },
      h("span", { class: "shown-name", text: tr("crib_of", whoIs(deal.dealer)) }),
      miniTiles(deal.crib), claimInput(deal, "crib", tr("claim_short")),
      mugginsOffer(deal, "crib")) : null));
}

function claimWords(claim) {
  if (!claim) return "";
  if (claim.correct) return tr("claim_right", { claimed: claim.claimed });
  return claim.missed ? tr("claim_missed", { claimed: claim.claimed, n: claim.missed })
    : tr("claim_over", { claimed: claim.claimed, n: claim.overclaimed });
}

function scoresWords(scores) {
  return scores.map((score, side) => `${sideName(side)} ${score}`).join(" · ");
}

function eventList(result) {
  const winAt = result.winner ? result.winner.event : -1;
  return h("ol", { class: "events", id: "deal-events" }, result.events.map((event, i) =>
    h("li", { class: `event${i === winAt ? " winning" : ""}`, "data-kind": event.kind,
      "data-seat": event.seat },
    h("span", { class: "event-what", text: `${seatName(event.seat)}: ${eventWhat(event)}` }),
    h("span", { class: "entry-pts scored", text: `+${event.points}` }),
    h("span", { class: "event-items", text: [itemWords(event.items), claimWords(event.claim)]
      .filter(Boolean).join(" · ") }),
    event.aloud ? h("span", { class: "event-aloud", text: event.aloud[view.lang] }) : null,
    h("span", { class: "event-scores", text: scoresWords(event.scores) }),
    eventChance(event, sideName, sideIsYou),
    // the crib is never a deal's first event: the chance before it is the event's before
    i === winAt || !i ? null : cribChance(event, result.events[i - 1].win_probability, sideName,
      sideIsYou),
    i === winAt ? h("strong", { class: "event-win", text: tr("winner_mark") }) : null)));
}

// Each deal's scores; a finished deal before the one on hand opens again (its events and
// its review) with the button of its number.
function history() {
  const { setup, deals } = game();
  const rows = deals.map((deal, i) => {
    const before = scoresBefore(i);
    const after = deal.result?.scores;
    const past = deal.result && i < deals.length - 1;
    const number = past ? h("button", { type: "button", class: "history-open",
      "data-deal": i + 1, "aria-pressed": String(opened.deal === i), "aria-label":
      tr("history_open", { n: i + 1 }), text: String(i + 1) }) : String(i + 1);
    if (past) {
      number.addEventListener("click", () => {
        opened.deal = opened.deal === i ? null : i;
        rerender();
        document.getElementById(opened.deal === null ? "history" : "opened-heading")?.focus();
      });
    }
    return h("tr", { "data-deal": i + 1 }, h("th", { scope: "row" }, number),
      h("td", { text: seatName(deal.dealer) }),
      ...Array.from({ length: sideCount(setup) }, (_, side) => h("td", { text: after
        ? `${after[side]} (+${after[side] - before[side]})` : "…" })));
  });
  const finished = deals.slice(0, -1).some((deal) => deal.result);
  // in a box of its own width: four long names scroll the table, never the page
  return h("div", { class: "history-box" }, h("table", { class: "history", id: "history",
    tabindex: "-1" },
    h("caption", {}, h("span", { text: tr("history_heading") }), finished
      ? h("span", { class: "history-hint", text: tr("history_hint") }) : null),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: tr("deal_no") }),
      h("th", { scope: "col", text: tr("dealer") }),
      ...Array.from({ length: sideCount(setup) }, (_, side) => h("th", { scope: "col",
        text: sideName(side) })))),
    h("tbody", {}, rows)));
}

// The deal whose events and review are shown: one opened from the history, else the deal on
// hand once it is scored.
function dealOnView() {
  const { deals } = game();
  const past = deals[opened.deal];
  if (opened.deal !== null && past?.result && opened.deal < deals.length - 1) {
    return { deal: past, heading: h("h3", { id: "opened-heading", tabindex: "-1",
      text: tr("opened_heading", { n: opened.deal + 1 }) }) };
  }
  opened.deal = null;
  const deal = currentDeal();
  return deal.result ? { deal, heading: h("h3", { text: tr("events_heading") }) } : null;
}

// A deal of the game opened, its review at the decision the game review pointed to: a past
// deal from "Deals so far", or the deal on hand (where the game was won).
function openDeal(index) {
  opened.deal = index < game().deals.length - 1 ? index : null;
  rerender();
  const target = document.getElementById("review-focus") || document.getElementById("review");
  target?.focus();
  reveal(target, "center");
}
setDealOpener(openDeal);

export function renderRecord() {
  const box = $("#play-result");
  if (!game()) {
    box.replaceChildren();
    opened.deal = null;
    return;
  }
  const deal = currentDeal();
  const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
  box.replaceChildren(h("h3", { text: tr("record_heading") }), playRecord(deal));
  if (fullHands(game().setup, deal)) box.append(shownHands(deal));
  const shown = dealOnView();
  if (shown) box.append(shown.heading, eventList(shown.deal.result), reviewSection(shown.deal));
  box.append(history(), gameReviewSection());
  if (focused) document.getElementById(focused)?.focus(); // a claim typed, the next one
}
