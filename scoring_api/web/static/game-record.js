// The results side of the game: the record of the play, the hands shown (with claims), the
// deal's events in the rule book's order, and every deal of the game so far.

import { $, enqueue, h, itemWords, miniTiles, tr } from "./core.js";
import {
  currentDeal, fullHands, handsOf, leaderOf, scoresBefore, sideCount, store,
} from "./game-store.js";
import { phase, setClaim } from "./game-play.js";
import { eventWhat, rerender, seatName, sideName } from "./game-view.js";
import { reviewSection } from "./review.js";

const game = () => store.game;

function playRecord(deal) {
  const result = deal.pegging;
  if (!result) return h("p", { class: "empty", text: tr("record_empty", { who:
    seatName(leaderOf(game().setup, deal)) }) });
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

function shownHands(deal) {
  const { setup } = game();
  const hands = handsOf(setup, deal);
  return h("div", { class: "shown" }, h("h3", { text: tr("shown_heading") }),
    h("ul", { class: "shown-list" }, hands.map((tiles, seat) => h("li", { class: "shown-hand",
      "data-seat": seat }, h("span", { class: `badge p${seat}`, "aria-hidden": "true",
      text: seatName(seat).slice(0, 2) }), h("span", { class: "shown-name", text:
      seatName(seat) }), miniTiles(tiles), claimInput(deal, seat, tr("claim_short")))),
    phase(deal) === "crib" || deal.crib.length === 4 ? h("li", { class: "shown-hand crib" },
      h("span", { class: "shown-name", text: tr("crib_of", { who: seatName(deal.dealer) }) }),
      miniTiles(deal.crib), claimInput(deal, "crib", tr("claim_short"))) : null));
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
    h("span", { class: "event-scores", text: scoresWords(event.scores) }),
    i === winAt ? h("strong", { class: "event-win", text: tr("winner_mark") }) : null)));
}

function history() {
  const { setup, deals } = game();
  const rows = deals.map((deal, i) => {
    const before = scoresBefore(i);
    const after = deal.result?.scores;
    return h("tr", { "data-deal": i + 1 }, h("th", { scope: "row", text: String(i + 1) }),
      h("td", { text: seatName(deal.dealer) }),
      ...Array.from({ length: sideCount(setup) }, (_, side) => h("td", { text: after
        ? `${after[side]} (+${after[side] - before[side]})` : "…" })));
  });
  return h("table", { class: "history", id: "history" },
    h("caption", { text: tr("history_heading") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: tr("deal_no") }),
      h("th", { scope: "col", text: tr("dealer") }),
      ...Array.from({ length: sideCount(setup) }, (_, side) => h("th", { scope: "col",
        text: sideName(side) })))),
    h("tbody", {}, rows));
}

export function renderRecord() {
  const box = $("#play-result");
  if (!game()) {
    box.replaceChildren();
    return;
  }
  const deal = currentDeal();
  const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
  box.replaceChildren(h("h3", { text: tr("record_heading") }), playRecord(deal));
  if (fullHands(game().setup, deal)) box.append(shownHands(deal));
  if (deal.result) {
    box.append(h("h3", { text: tr("events_heading") }), eventList(deal.result),
      reviewSection(deal));
  }
  box.append(history());
  if (focused) document.getElementById(focused)?.focus(); // a claim typed, the next one
}
