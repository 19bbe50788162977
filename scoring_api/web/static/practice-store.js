// The practice table kept: one object, saved to the browser's storage on every change, so a
// game survives a reload. practice = setup + deals; a deal = its dealer, the tiles the
// service dealt from the game's seed, each seat's lay-away, the record of the play and the
// service's answers (the play scored, the deal refereed, the review, the hint). Every rule,
// and every draw of a tile, is the service's.

import { post } from "./core.js";
import { loadStored, saveStored } from "./stored.js";

export const VERSION = 1;
const KEY = "domino-cribbage.practice";
export const PERSON = 0; // the person sits at seat 0; the others are the computer's

export const table = { game: null, notice: null };

export function loadPractice() {
  loadStored(KEY, table, valid);
}

function valid(game) {
  if (!game || game.version !== VERSION || !game.setup || !Array.isArray(game.deals)) return false;
  const { players, seats, seed } = game.setup;
  if (![2, 3, 4].includes(players) || !Array.isArray(seats) || seats.length !== players) {
    return false;
  }
  return Number.isInteger(seed) && game.deals.length > 0 && game.deals.every((deal) =>
    Number.isInteger(deal.dealer) && Array.isArray(deal.drawn) && deal.drawn.length === players
    && Array.isArray(deal.away) && Array.isArray(deal.plays));
}

export function savePractice() {
  saveStored(KEY, table.game);
}

// ---------------------------------------------------------------- the deal, from the service

// The version of the service's random numbers a game is dealt from (`stream` of
// /v1/deals/new). A game saved without it was dealt by the page's own shuffle before the
// service dealt: it keeps the deals it recorded, and its next deals are the service's.
export const STREAM = 2;

// Deal `index` of the game with `seed`, as the service deals it (POST /v1/deals/new, from the
// engine's random numbers): each seat's tiles (seat 0 first, lowest value first), the tiles
// drawn blind into the crib, then the starter (turned after the lay-away).
export async function dealOf(seed, index, dealer, rules) {
  const dealt = await post("v1/deals/new", { seed, index, rules });
  return { dealer, drawn: dealt.drawn, blind: dealt.blind, starter: dealt.starter,
    away: Array(rules.players).fill(null), plays: [], pegging: null, live: null, result: null,
    review: null };
}

export const currentDeal = () => table.game.deals[table.game.deals.length - 1];

export function newSeed() {
  const words = new Uint32Array(1);
  window.crypto.getRandomValues(words);
  return words[0] % 1000000;
}
