// The practice table kept: one object, saved to the browser's storage on every change, so a
// game survives a reload. practice = setup + deals; a deal = its dealer, the tiles dealt from
// the game's seeded shuffle, each seat's lay-away, the record of the play and the service's
// answers (the play scored, the deal refereed, the review, the hint). The page deals; every
// rule is the service's.

import { loadStored, saveStored } from "./stored.js";
import { ALL_TILES, ends } from "./tiles.js";

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

// ---------------------------------------------------------------- the seeded shuffle

// A 32-bit hash of a text (FNV-1a): the seed of one deal's shuffle.
function hash(text) {
  let x = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x;
}

// mulberry32: a small generator with a 32-bit state, the same numbers in every browser.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The 28 tiles in the order deal `index` of the game with `seed` takes them (Fisher-Yates).
export function shuffled(seed, index) {
  const random = generator(hash(`${seed}:${index}`));
  const tiles = ALL_TILES.slice();
  for (let i = tiles.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles;
}

const value = (tile) => ends(tile).reduce((a, b) => a + b, 0);
export const byValue = (tiles) => tiles.slice().sort((a, b) => value(a) - value(b)
  || (a < b ? -1 : 1));

// A new deal: each seat draws as many tiles as the service's deal shape says (seat 0 first),
// then the tiles drawn blind into the crib, then the starter (turned after the lay-away).
export function dealOf(seed, index, dealer, shape) {
  const tiles = shuffled(seed, index);
  const { players, drawn, blind } = shape;
  const hands = Array.from({ length: players }, (_, seat) =>
    byValue(tiles.slice(seat * drawn, (seat + 1) * drawn)));
  const rest = tiles.slice(players * drawn);
  return { dealer, drawn: hands, blind: rest.slice(0, blind), starter: rest[blind],
    away: Array(players).fill(null), plays: [], pegging: null, live: null, result: null,
    review: null };
}

export const currentDeal = () => table.game.deals[table.game.deals.length - 1];

export function newSeed() {
  const words = new Uint32Array(1);
  window.crypto.getRandomValues(words);
  return words[0] % 1000000;
}
