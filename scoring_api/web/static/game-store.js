// The game kept at the table: one object, saved to the browser's storage on every change.
// game = setup + deals; a deal = dealer, starter, plays, crib, claims, what a game file
// gave that the page cannot see again (`given`: the hands, the tiles drawn, the scores
// before it) and the server's answers (the scored play, the deal refereed so far, the
// scored deal). Every rule is the
// service's: the page keeps its answers and shows them.

import { loadStored, saveStored } from "./stored.js";

export const VERSION = 1;
const KEY = "domino-cribbage.game";
const HAND_SIZE = 4;

export const store = { game: null, notice: null };

export function load() {
  loadStored(KEY, store, valid);
}

function valid(game) {
  if (!game || game.version !== VERSION || !game.setup || !Array.isArray(game.deals)) return false;
  const { players, names } = game.setup;
  if (![2, 3, 4].includes(players) || !Array.isArray(names) || names.length !== players) {
    return false;
  }
  if (!names.every((name) => typeof name === "string" && name)) return false;
  if (![61, 121].includes(game.setup.target)) return false;
  const sides = game.setup.partners ? 2 : players;
  const answer = (result) => result === null || (Array.isArray(result?.scores)
    && result.scores.length === sides && Array.isArray(result.events));
  return game.deals.length > 0 && game.deals.every((deal) => Number.isInteger(deal.dealer)
    && deal.dealer >= 0 && deal.dealer < players && Array.isArray(deal.plays)
    && Array.isArray(deal.crib) && answer(deal.result ?? null)
    && (!deal.pegging || Array.isArray(deal.pegging.plays)));
}

export function save() {
  saveStored(KEY, store.game);
}

export function newDeal(dealer) {
  return { dealer, starter: null, plays: [], crib: [], claims: null, pegging: null, live: null,
    result: null };
}

export function startGame(setup) {
  store.game = { version: VERSION, setup, deals: [newDeal(setup.firstDealer)] };
  save();
}

export function endGame() {
  store.game = null;
  save();
}

// ---------------------------------------------------------------- derived

export const seats = (setup) => Array.from({ length: setup.players }, (_, i) => i);
export const sideCount = (setup) => (setup.partners ? 2 : setup.players);
export const sideOf = (setup, seat) => (setup.partners ? seat % 2 : seat);
export const sideSeats = (setup, side) => seats(setup).filter((s) => sideOf(setup, s) === side);
// The seat on a seat's left: the next to deal; the dealer's left leads (docs/rules.md 8).
export const leftOf = (setup, seat) => (seat + 1) % setup.players;
export const leaderOf = (setup, deal) => leftOf(setup, deal.dealer);
// Every seat in turn from `first` round to the seat on his right (from the leader: the order
// the seats lay away, play and show in).
export function seatsFrom(setup, first) {
  const found = [first];
  while (found.length < setup.players) found.push(leftOf(setup, found[found.length - 1]));
  return found;
}

export function rulesOf(setup) {
  // the rule options chosen at the set-up (a game saved before they were asked: defaults)
  return { players: setup.players, partners: setup.partners, target: setup.target,
    starter_double_points: setup.starterDouble ?? 1,
    double_blank_in_fifteens: setup.doubleBlank ?? true, muggins: setup.muggins ?? false };
}

export function currentDeal() {
  const deals = store.game.deals;
  return deals[deals.length - 1];
}

// Each side's score before deal number `index` (0: the first deal).
export function scoresBefore(index) {
  const { setup, deals } = store.game;
  for (let i = index - 1; i >= 0; i -= 1) {
    if (deals[i].result) return deals[i].result.scores.slice();
  }
  return Array(sideCount(setup)).fill(0);
}

// Each side's score before the deal on hand (its own result, if any, left aside).
export const scoresBeforeDeal = () => scoresBefore(store.game.deals.length - 1);

// Each side's chance to win now, as the service last said it: after the last event of the
// deal on hand, else after the deal before it (the next deal's start), else before the first
// deal. Null where the service has no tables for the rules, undefined before it has said.
export function chancesNow() {
  const { deals } = store.game;
  for (let i = deals.length - 1; i >= 0; i -= 1) {
    const answer = deals[i].result || deals[i].live;
    if (answer) return answer.win_probability;
  }
  return store.game.chances;
}

export function winnerOf() {
  for (const deal of store.game.deals) if (deal.result?.winner) return deal.result.winner;
  return null;
}

export function tilesLaid(deal, seat) {
  return deal.plays.filter((p) => p.player === seat && p.tile).map((p) => p.tile);
}

export function playComplete(deal) {
  return Boolean(deal.pegging?.complete);
}

export function handsOf(setup, deal) {
  return seats(setup).map((seat) => tilesLaid(deal, seat));
}

export const fullHands = (setup, deal) => handsOf(setup, deal).every((hand) =>
  hand.length === HAND_SIZE);

// The same tiles, in any order.
export const sameTiles = (a, b) => a.length === b.length && a.every((tile) => b.includes(tile));

// The four tiles each seat kept, where they are known (null otherwise): once each seat has
// laid his four, or in a deal the service says was won in its play, the hands a game file gave
// (as it wrote them) while the plays agree with them; else the tiles laid.
export function keptHands(setup, deal) {
  const laid = handsOf(setup, deal);
  const full = laid.every((hand) => hand.length === HAND_SIZE);
  const given = deal.given?.hands;
  const agree = Array.isArray(given) && given.length === laid.length && given.every(
    (hand, seat) => hand.length === HAND_SIZE && laid[seat].every((tile) => hand.includes(tile)));
  if (agree && (full || deal.result?.winner)) return given.map((hand) => hand.slice());
  return full ? laid : null;
}
