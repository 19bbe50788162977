// The game kept at the table: one object, saved to the browser's storage on every change.
// game = setup + deals; a deal = dealer, starter, plays, crib, claims and the server's
// answers (the scored play, the scored deal). The board and whose deal it is are derived.

export const VERSION = 1;
const KEY = "domino-cribbage.game";
const HAND_SIZE = 4;

export const store = { game: null, notice: null };

export function load() {
  let text = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch {
    return; // storage is off (private mode): the game lives for this visit only
  }
  if (text === null) return;
  try {
    const game = JSON.parse(text);
    if (!valid(game)) throw new Error("not a saved game of this version");
    store.game = game;
  } catch {
    store.game = null;
    store.notice = "saved_discarded";
    remove();
  }
}

function valid(game) {
  if (!game || game.version !== VERSION || !game.setup || !Array.isArray(game.deals)) return false;
  const { players, names } = game.setup;
  if (![2, 3, 4].includes(players) || !Array.isArray(names) || names.length !== players) {
    return false;
  }
  return game.deals.length > 0 && game.deals.every((deal) => Number.isInteger(deal.dealer)
    && deal.dealer >= 0 && deal.dealer < players && Array.isArray(deal.plays)
    && Array.isArray(deal.crib));
}

export function save() {
  try {
    if (store.game) window.localStorage.setItem(KEY, JSON.stringify(store.game));
    else remove();
  } catch {
    // storage full or off: the game goes on for this visit
  }
}

function remove() {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing to do
  }
}

export function newDeal(dealer) {
  return { dealer, starter: null, plays: [], crib: [], claims: null, pegging: null,
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
export const leaderOf = (setup, deal) => (deal.dealer + 1) % setup.players;

export function rulesOf(setup) {
  return { players: setup.players, partners: setup.partners, target: setup.target };
}

export function currentDeal() {
  const deals = store.game.deals;
  return deals[deals.length - 1];
}

// Each side's score before deal number `index`.
export function scoresBefore(index) {
  const { setup, deals } = store.game;
  for (let i = index - 1; i >= 0; i -= 1) {
    if (deals[i].result) return deals[i].result.scores.slice();
  }
  return Array(sideCount(setup)).fill(0);
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

// The events of a deal so far, in the rule book's order, from what the page already has
// (the starter and the scored play): the live board during the play, and the winner when the
// target is reached before the show.
export function liveEvents(setup, deal, before) {
  const scores = before.slice();
  const events = [];
  let winner = null;
  const add = (seat, kind, points, items, entry) => {
    if (!points || winner) return;
    const side = sideOf(setup, seat);
    scores[side] += points;
    events.push({ seat, side, kind, points, items, scores: scores.slice(),
      ...(entry === undefined ? {} : { entry }) });
    if (scores[side] >= setup.target) winner = { side, event: events.length - 1 };
  };
  const double = deal.starter && deal.starter[0] === deal.starter[2];
  if (double) add(deal.dealer, "starter", 1, [{ kind: "starter_double", points: 1,
    tiles: [deal.starter] }]);
  (deal.pegging?.plays || []).forEach((scored, entry) => {
    const closing = scored.items.filter((i) => i.kind === "go" || i.kind === "last_tile");
    const own = scored.items.filter((i) => !closing.includes(i));
    const sum = (items) => items.reduce((total, item) => total + item.points, 0);
    add(scored.player, "play", sum(own), own, entry);
    add(scored.player, "go", sum(closing), closing, entry);
  });
  return { events, scores, winner, lurched: winner ? lurchedSides(setup, scores, winner) : [] };
}

export function lurchedSides(setup, scores, winner) {
  const half = Math.ceil(setup.target / 2);
  return scores.map((score, side) => side).filter((side) => side !== winner.side
    && scores[side] < half);
}

export function handsOf(setup, deal) {
  return seats(setup).map((seat) => tilesLaid(deal, seat));
}

export const fullHands = (setup, deal) => handsOf(setup, deal).every((hand) =>
  hand.length === HAND_SIZE);
