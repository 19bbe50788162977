// The deal as it happens: the starter, each entry of the play (checked by the service before
// it is recorded, the record and the board refereed after it); the crib and the claims are
// game-show.js's. The service says who is on turn, who leads, what scores and who wins.

import { post } from "./core.js";
import {
  currentDeal, fullHands, handsOf, leaderOf, leftOf, newDeal, rulesOf, save, scoresBeforeDeal,
  sideCount, store, winnerOf, playComplete,
} from "./game-store.js";

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

function body(deal, extra) {
  return { rules: rulesOf(game().setup), dealer: deal.dealer, starter: deal.starter, ...extra };
}

async function validate(deal, entry) {
  return post("v1/plays/validate", body(deal, { plays: deal.plays, play: entry }));
}

// The deal so far, refereed: through the plays while they go on (no hands yet), then, once
// every tile is laid, through the hands with their claims (the crib still to come). The
// winner, if a side reaches the target in the play or at a hand, ends the deal there (it is
// then the deal's result): the crib is not asked for.
export function refereeSoFar(deal) {
  if (!deal.starter) return null;
  const { setup } = game();
  const extra = { scores: scoresBeforeDeal(), plays: deal.plays };
  if (fullHands(setup, deal)) {
    extra.hands = handsOf(setup, deal);
    const claimed = deal.claims?.hands;
    if (claimed?.some(Number.isInteger)) extra.claims = { hands: claimed };
    const called = deal.claims?.muggins?.hands;
    if (extra.claims && called?.some((callers) => callers.length)) {
      extra.claims.muggins = { hands: called };
    }
  }
  return post("v1/deals/score", body(deal, extra));
}

export function setLive(deal, live) {
  deal.live = live;
  deal.result = live?.winner ? live : null;
}

// The record of the play scored (who is on turn, the count, who said go), or null.
export function pegged(deal) {
  return deal.plays.length ? post("v1/pegging/score", body(deal, { plays: deal.plays })) : null;
}

// The record and the board after a change of the play; nothing changes unless both answer.
async function rescore(deal) {
  const [pegging, live] = await Promise.all([pegged(deal), refereeSoFar(deal)]);
  deal.pegging = pegging;
  setLive(deal, live);
}

// Each side's chance to win before the first deal (later ones come with each deal's
// answers); null where the service has no tables for the rules (its 422).
export async function chancesAtStart() {
  const { setup } = game();
  try {
    const answer = await post("v1/games/win-probability", { rules: rulesOf(setup),
      scores: Array(sideCount(setup)).fill(0), dealer: game().deals[0].dealer });
    game().chances = answer.win_probability;
  } catch (exc) {
    if (exc.status === 422) game().chances = null;
  }
  save();
}

// A game saved before the service refereed the board: ask it once on load.
export async function refereeSaved() {
  const deal = currentDeal();
  if (!deal.starter || deal.live || deal.result) return;
  try {
    setLive(deal, await refereeSoFar(deal));
    save();
  } catch (exc) {
    ui.dealError = { exc };
  }
}

// An entry the service found legal, recorded once the play and the board are refereed with it
// (``rescore``); nothing changes unless both answer. The practice table's too.
export async function appendEntry(deal, entry, rescore) {
  deal.plays.push(entry);
  try {
    await rescore(deal);
  } catch (exc) {
    deal.plays.pop();
    throw exc;
  }
}

// One entry of the play: a tile, or a go, by the seat chosen (the one on turn unless the
// player picked another). A refused tile is never recorded unasked; the refusal may offer
// (`offer`) what the service says is legal instead: a tile that proves one of the seat's goes
// wrong, the record taken back to that go (`go_index`) and the tile laid there; or a tile that
// can only lead the next count, as its leader's (`leader`, the goes between inferred).
export async function propose(laid) {
  const deal = currentDeal();
  if (phase(deal) !== "play") return;
  const entry = { player: ui.seat, ...(laid.tile ? { tile: laid.tile } : { go: true }) };
  ui.warning = null;
  try {
    const verdict = await validate(deal, entry);
    if (verdict.legal) {
      await appendEntry(deal, entry, rescore);
      save();
      syncSeat();
    } else {
      ui.warning = { entry, reason: verdict.reason || {}, offer: offerOf(deal, entry, verdict) };
    }
  } catch (exc) {
    ui.warning = { entry, error: { exc } };
  }
}

function offerOf(deal, entry, verdict) {
  const goIndex = verdict.reason?.go_index;
  if (entry.tile && Number.isInteger(goIndex)) {
    return { undo: deal.plays.length - goIndex, goIndex, player: entry.player,
      tile: entry.tile };
  }
  if (entry.tile && Number.isInteger(verdict.leader) && verdict.leader !== entry.player) {
    return { player: verdict.leader, tile: entry.tile };
  }
  return null;
}

// The scorer's answer to an offer: yes takes the record back to the go the tile proved wrong,
// if that is the offer, and lays the tile for the seat named (asked again, as that seat's
// entry); no leaves the record as it was.
export async function answerOffer(yes) {
  const offer = ui.warning?.offer;
  if (!offer) return;
  ui.warning = null;
  if (!yes) return;
  if (offer.undo) {
    const deal = currentDeal();
    const removed = deal.plays.splice(offer.goIndex);
    try {
      await rescore(deal);
    } catch (exc) {
      deal.plays.push(...removed);
      ui.warning = { error: { exc } };
      return;
    }
    save();
  }
  ui.seat = offer.player;
  await propose({ tile: offer.tile });
}

// The starter (or none): a double scores for the dealer at once, and may win the game.
export async function setStarter(tile) {
  const deal = currentDeal();
  const before = deal.starter;
  ui.warning = null;
  deal.starter = tile;
  try {
    setLive(deal, await refereeSoFar(deal));
  } catch (exc) {
    deal.starter = before;
    ui.warning = { error: { exc } };
    return;
  }
  save();
  syncSeat();
}

export function nextDeal() {
  const { setup, deals } = game();
  const deal = currentDeal();
  if (!deal.result || winnerOf()) return;
  deals.push(newDeal(leftOf(setup, deal.dealer)));
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
    deal.live = null;
    deal.result = null;
  } else if (deals.length > 1) {
    deals.pop();
  }
  save();
  syncSeat();
}
