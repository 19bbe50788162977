// The show of a deal: the crib's tiles, each claim and, under muggins, each call on a short
// claim, then the deal refereed again (whole once the crib is in, else through the hands).
// The service says what each show scores and who takes the points a claim missed.

import { post } from "./core.js";
import {
  currentDeal, fullHands, handsOf, rulesOf, save, scoresBeforeDeal, store, playComplete,
} from "./game-store.js";
import { refereeSoFar, setLive, ui } from "./game-play.js";

const HAND_SIZE = 4;
const game = () => store.game;

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

function claimsOf(deal) {
  const n = game().setup.players;
  deal.claims = deal.claims || { hands: Array(n).fill(null), crib: null };
  deal.claims.muggins = deal.claims.muggins || { hands: Array.from({ length: n }, () => []),
    crib: [] };
  return deal.claims;
}

// The deal refereed again with its claims and calls: whole once the crib is in, else through
// the hands once every tile is laid (under muggins a short claim changes the board).
async function rejudge(deal) {
  if (deal.crib.length === HAND_SIZE) {
    await scoreDeal();
    return;
  }
  if (!playComplete(deal)) return; // sent with the hands
  ui.dealError = null;
  try {
    setLive(deal, await refereeSoFar(deal));
    save();
  } catch (exc) {
    ui.dealError = { exc };
  }
}

// A claim, in any order, until the next deal. A changed claim drops the muggins calls on it.
export async function setClaim(seat, value) {
  const deal = currentDeal();
  const claims = claimsOf(deal);
  if (seat === "crib") {
    claims.crib = value;
    claims.muggins.crib = [];
  } else {
    claims.hands[seat] = value;
    claims.muggins.hands[seat] = [];
  }
  save();
  await rejudge(deal);
}

// Under muggins, an opponent's call on a show claimed short, or its withdrawal: the service
// says who takes the points (the first caller in turn from the claimant's left).
export async function setCall(show, caller) {
  const deal = currentDeal();
  const calls = claimsOf(deal).muggins;
  const callers = show === "crib" ? calls.crib : calls.hands[show];
  const next = callers.includes(caller) ? callers.filter((seat) => seat !== caller)
    : [...callers, caller];
  if (show === "crib") calls.crib = next;
  else calls.hands[show] = next;
  save();
  await rejudge(deal);
}

export async function scoreDeal() {
  const deal = currentDeal();
  const { setup } = game();
  if (deal.crib.length !== HAND_SIZE || !fullHands(setup, deal)) return;
  const request = { rules: rulesOf(setup), dealer: deal.dealer,
    scores: scoresBeforeDeal(), starter: deal.starter, hands: handsOf(setup, deal),
    crib: deal.crib, plays: deal.plays };
  if (deal.claims) request.claims = deal.claims;
  ui.dealError = null;
  ui.busy = true;
  try {
    deal.result = await post("v1/deals/score", request);
    save();
  } catch (exc) {
    ui.dealError = { exc };
  } finally {
    ui.busy = false;
  }
}
