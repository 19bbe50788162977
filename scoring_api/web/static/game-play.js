// The deal as it happens: the starter, each entry of the play (checked by the service before
// it is recorded, the record scored after it), the crib, then the whole deal refereed.

import { ApiError, post } from "./core.js";
import {
  currentDeal, fullHands, handsOf, leaderOf, liveEvents, newDeal, rulesOf, save,
  scoresBefore, seats, sideOf, store, tilesLaid, winnerOf, playComplete,
} from "./game-store.js";

const HAND_SIZE = 4;

// What is on screen but not kept: the seat the next entry goes to, the last refusal.
export const ui = { seat: null, warning: null, dealError: null, confirmNew: false,
  busy: false };

const game = () => store.game;

export function phase(deal = currentDeal()) {
  if (winnerOf()) return "over";
  if (deal.result) return "scored";
  if (!deal.starter) return "starter";
  if (!playComplete(deal)) return "play";
  return "crib";
}

// The seat the service says is on turn, or the dealer's left before the first entry.
export function seatOnTurn(deal = currentDeal()) {
  const next = deal.pegging?.next_player;
  return Number.isInteger(next) ? next : leaderOf(game().setup, deal);
}

export function syncSeat() {
  if (game()) ui.seat = seatOnTurn();
}

// Seats who said go in the count still open (their turns are skipped until it closes).
export function goesInCount(deal = currentDeal()) {
  const said = new Set();
  for (const scored of deal.pegging?.plays || []) {
    if (scored.closes) said.clear();
    else if (scored.go) said.add(scored.player);
  }
  return said;
}

function countIsOpen(deal) {
  const plays = deal.pegging?.plays || [];
  return plays.length > 0 && !plays[plays.length - 1].closes;
}

// After the count closes, the next count is led by the first seat clockwise after the last
// layer who still holds tiles (the last layer himself when nobody else does).
function nextLeader(deal) {
  const { players } = game().setup;
  const laid = deal.plays.filter((p) => p.tile);
  if (!laid.length) return null;
  const last = laid[laid.length - 1].player;
  for (let step = 1; step <= players; step += 1) {
    const seat = (last + step) % players;
    if (tilesLaid(deal, seat).length < HAND_SIZE) return seat;
  }
  return null;
}

function body(deal, extra) {
  return { rules: rulesOf(game().setup), dealer: deal.dealer, starter: deal.starter, ...extra };
}

async function validate(deal, entry) {
  return post("v1/plays/validate", body(deal, { plays: deal.plays, play: entry }));
}

async function rescore(deal) {
  deal.pegging = deal.plays.length
    ? await post("v1/pegging/score", body(deal, { plays: deal.plays })) : null;
  const live = liveEvents(game().setup, deal, scoresBefore(game().deals.length));
  deal.result = live.winner ? { ...live, source: "page" } : null;
}

// One entry of the play: a tile, or a go, by the seat chosen (the one on turn unless the
// player picked another). After a go, a tile that does not fit the count is the lead of the
// next count: it goes to the seat the rules give it to, without another tap.
export async function propose(laid) {
  const deal = currentDeal();
  if (phase(deal) !== "play") return;
  let entry = { player: ui.seat, ...(laid.tile ? { tile: laid.tile } : { go: true }) };
  ui.warning = null;
  try {
    let verdict = await validate(deal, entry);
    const code = verdict.reason?.code;
    if (!verdict.legal && laid.tile && countIsOpen(deal) && goesInCount(deal).size
      && ["count_over_31", "played_after_go", "out_of_turn"].includes(code)) {
      const leader = nextLeader(deal);
      if (leader !== null && leader !== entry.player) {
        const retry = { player: leader, tile: laid.tile };
        const second = await validate(deal, retry);
        if (second.legal) [entry, verdict] = [retry, second];
      }
    }
    if (verdict.legal) {
      deal.plays.push(entry);
      try {
        await rescore(deal);
      } catch (exc) {
        deal.plays.pop();
        throw exc;
      }
      save();
      syncSeat();
    } else {
      ui.warning = { entry, reason: verdict.reason || {} };
    }
  } catch (exc) {
    ui.warning = { entry, error: { exc } };
  }
}

export function setStarter(tile) {
  const deal = currentDeal();
  ui.warning = null;
  deal.starter = tile;
  const live = liveEvents(game().setup, deal, scoresBefore(game().deals.length));
  deal.result = live.winner ? { ...live, source: "page" } : null;
  save();
  syncSeat();
}

// The crib: four tiles nobody played, not the starter. Tap a crib tile to take it back.
export async function cribTile(tile) {
  const deal = currentDeal();
  ui.warning = null;
  ui.dealError = null;
  const at = deal.crib.indexOf(tile);
  if (at >= 0) {
    deal.crib.splice(at, 1);
  } else if (tile === deal.starter) {
    ui.warning = { local: "crib_is_starter", tile };
  } else if (deal.plays.some((p) => p.tile === tile)) {
    ui.warning = { local: "crib_was_played", tile };
  } else if (deal.crib.length < HAND_SIZE) {
    deal.crib.push(tile);
  }
  save();
  if (deal.crib.length === HAND_SIZE && !ui.warning) await scoreDeal();
}

export function setClaim(seat, value) {
  const deal = currentDeal();
  const n = game().setup.players;
  deal.claims = deal.claims || { hands: Array(n).fill(null), crib: null };
  if (seat === "crib") deal.claims.crib = value;
  else deal.claims.hands[seat] = value;
  save();
}

// The whole deal refereed by the service, one call.
async function refereeDeal(request) {
  return post("v1/deals/score", request);
}

export async function scoreDeal() {
  const deal = currentDeal();
  const { setup, deals } = game();
  if (deal.crib.length !== HAND_SIZE || !fullHands(setup, deal)) return;
  const request = { rules: rulesOf(setup), dealer: deal.dealer,
    scores: scoresBefore(deals.length), starter: deal.starter, hands: handsOf(setup, deal),
    crib: deal.crib, plays: deal.plays };
  if (deal.claims) request.claims = deal.claims;
  ui.dealError = null;
  ui.busy = true;
  try {
    try {
      deal.result = await refereeDeal(request);
    } catch (exc) {
      if (!(exc instanceof ApiError) || ![404, 405].includes(exc.status)) throw exc;
      deal.result = await showByHand(request, deal); // a service without /v1/deals/score
    }
    save();
  } catch (exc) {
    ui.dealError = { exc };
  } finally {
    ui.busy = false;
  }
}

// The same answer from the play and /v1/hands/score: hands from the dealer's left, the crib.
async function showByHand(request, deal) {
  const { setup } = game();
  const live = liveEvents(setup, deal, request.scores);
  const { events, scores } = live;
  let { winner } = live;
  const order = seats(setup).map((i) => (deal.dealer + 1 + i) % setup.players);
  const shows = [...order.map((seat) => ({ seat, kind: "hand", tiles: request.hands[seat],
    claimed: request.claims?.hands?.[seat] })), { seat: deal.dealer, kind: "crib",
    tiles: request.crib, claimed: request.claims?.crib }];
  for (const show of shows) {
    if (winner) break;
    const claimed = Number.isInteger(show.claimed) ? { claimed: show.claimed } : {};
    const counted = await post("v1/hands/score", { hand: show.tiles, starter: deal.starter,
      crib: show.kind === "crib", rules: request.rules, ...claimed });
    const side = sideOf(setup, show.seat);
    scores[side] += counted.total;
    events.push({ seat: show.seat, side, kind: show.kind, points: counted.total,
      items: counted.items, scores: scores.slice(), ...(counted.claim ? { claim: counted.claim }
        : {}) });
    if (scores[side] >= setup.target) winner = { side, event: events.length - 1 };
  }
  const lurched = winner ? live.lurched.length || scores.map((s, i) => i).filter((i) =>
    i !== winner.side && scores[i] < Math.ceil(setup.target / 2)) : [];
  return { rules: request.rules, dealer: deal.dealer, events, scores, winner,
    lurched: winner ? lurched : [], source: "page" };
}

export function nextDeal() {
  const { setup, deals } = game();
  const deal = currentDeal();
  if (!deal.result || winnerOf()) return;
  deals.push(newDeal((deal.dealer + 1) % setup.players));
  ui.warning = null;
  save();
  syncSeat();
}

// Undo the last thing entered, across deals: the score of a deal, a crib tile, an entry of
// the play, the starter, and at last the new deal itself (back to the one before).
export async function undo() {
  const { deals } = game();
  const deal = currentDeal();
  ui.warning = null;
  ui.dealError = null;
  if (deal.result && deal.crib.length) {
    deal.result = null;
    deal.crib.pop();
  } else if (deal.crib.length) {
    deal.crib.pop();
  } else if (deal.plays.length) {
    const removed = deal.plays.pop();
    try {
      await rescore(deal);
    } catch (exc) {
      deal.plays.push(removed);
      ui.warning = { error: { exc } };
      return;
    }
  } else if (deal.starter) {
    deal.starter = null;
    deal.result = null;
  } else if (deals.length > 1) {
    deals.pop();
  }
  save();
  syncSeat();
}
