// The practice table's deal as it happens: the computer's seats lay away and lay as the
// service says their strategies do, each asked with only what that seat knows (its own tiles,
// its lay-away, the record, the starter); the person's tiles and goes are refereed by the
// service as in the game tab; the service scores the play and the show, and reviews the
// person's decisions after each deal. No rule lives here: who is on turn, what is legal and
// what scores are the service's answers.

import { post } from "./core.js";
import { leftOf, rulesOf, sideCount, sideOf } from "./game-store.js";
import { appendEntry } from "./game-play.js";
import {
  PERSON, STREAM, currentDeal, dealOf, newSeed, savePractice, table,
} from "./practice-store.js";

// What is on screen but not kept: the tiles picked to lay away, a refusal, the hint, the
// last move said, an error, whether the service is being asked.
export const ui = { pick: [], refusal: null, hint: null, said: [], error: null, busy: false,
  waiting: null };

const game = () => table.game;
const rules = () => rulesOf(game().setup);
export const isComputer = (seat) => seat !== PERSON;

export function kept(deal, seat) {
  const away = deal.away[seat] || [];
  return deal.drawn[seat].filter((tile) => !away.includes(tile));
}

export const laidBy = (deal, seat) => deal.plays.filter((p) => p.player === seat && p.tile)
  .map((p) => p.tile);
export const handLeft = (deal, seat) => kept(deal, seat).filter((tile) =>
  !laidBy(deal, seat).includes(tile));

export function scoresBefore(index = game().deals.length - 1) {
  for (let i = index - 1; i >= 0; i -= 1) {
    const result = game().deals[i].result;
    if (result) return result.scores.slice();
  }
  return Array(sideCount(game().setup)).fill(0);
}

export function winner() {
  for (const deal of game().deals) if (deal.result?.winner) return deal.result.winner;
  return null;
}

export function phase(deal = currentDeal()) {
  if (winner()) return "over";
  if (deal.result) return "scored";
  if (deal.away.includes(null)) return "lay_away";
  if (!deal.pegging?.complete) return "play";
  return "show";
}

export const onTurn = (deal = currentDeal()) => deal.pegging?.next_player ?? null;

function player(seat) {
  const strategy = game().setup.seats[seat];
  return { strategy };
}

const ownCrib = (deal, seat) => sideOf(game().setup, seat) === sideOf(game().setup, deal.dealer);

function adviceBody(deal, seat) {
  return { tiles: deal.drawn[seat], dealer: seat === deal.dealer,
    partner_deals: seat !== deal.dealer && ownCrib(deal, seat), rules: rules() };
}

// What one seat knows in the play, and nothing else: the body of /v1/plays/advise.
export function knowledgeOf(deal, seat) {
  return { rules: rules(), dealer: deal.dealer, scores: scoresBefore(), starter: deal.starter,
    hand: handLeft(deal, seat), laid_away: deal.away[seat], plays: deal.plays, seat };
}

// The record and the board after a change of the play (the deal in play refereed: a winner
// in the play ends the deal there).
async function rescore(deal) {
  const body = { rules: rules(), dealer: deal.dealer, starter: deal.starter };
  const [pegging, live] = await Promise.all([
    post("v1/pegging/score", { ...body, plays: deal.plays }),
    post("v1/deals/score", { ...body, scores: scoresBefore(), plays: deal.plays })]);
  deal.pegging = pegging;
  deal.live = live;
  deal.result = live.winner ? live : null;
}

// One entry for a seat, refereed first by /v1/plays/validate with his hand: recorded if it
// is legal, else the refusal is the answer.
async function enter(deal, entry) {
  const verdict = await post("v1/plays/validate", { rules: rules(), dealer: deal.dealer,
    starter: deal.starter, plays: deal.plays, play: entry, hand: handLeft(deal, entry.player) });
  if (!verdict.legal) return verdict;
  await appendEntry(deal, entry, rescore);
  ui.said = [...ui.said.slice(-5), { entry, scored: deal.pegging.plays.at(-1) }];
  savePractice();
  return verdict;
}

// Each side's score before the deal, the seat's own side's first: what a lay-away is told.
function scoresFromSide(seat) {
  const scores = scoresBefore();
  const side = sideOf(game().setup, seat);
  return scores.map((_, k) => scores[(side + k) % scores.length]);
}

async function computerLayAways(deal) {
  for (const seat of deal.away.keys()) {
    if (!isComputer(seat) || deal.away[seat]) continue;
    const answer = await post("v1/discards/advise", { ...adviceBody(deal, seat),
      ...player(seat), scores: scoresFromSide(seat) });
    deal.away[seat] = answer.choice.discard;
    savePractice();
  }
}

// The starter turned once every seat has laid away: a double scores for the dealer at once.
async function turnStarter(deal) {
  await rescore(deal);
  savePractice();
}

async function computerMove(deal, seat) {
  const advice = await post("v1/plays/advise", { ...knowledgeOf(deal, seat), ...player(seat) });
  const verdict = await enter(deal, advice.choice);
  if (!verdict.legal) throw new Error(`the service refused its own move: ${verdict.reason?.code}`);
}

async function countDeal(deal) {
  const { players } = game().setup;
  const seats = Array.from({ length: players }, (_, seat) => seat);
  deal.result = await post("v1/deals/score", { rules: rules(), dealer: deal.dealer,
    scores: scoresBefore(), starter: deal.starter, hands: seats.map((s) => kept(deal, s)),
    crib: [...deal.away.flat(), ...deal.blind], plays: deal.plays });
  savePractice();
}

// The person's decisions of the deal, reviewed (what each cost, in expected points).
async function reviewDeal(deal) {
  const { players } = game().setup;
  const seats = Array.from({ length: players }, (_, seat) => seat);
  try {
    deal.review = await post("v1/deals/review", { rules: rules(), dealer: deal.dealer,
      scores: scoresBefore(), starter: deal.starter, hands: seats.map((s) => kept(deal, s)),
      drawn: deal.drawn, crib: [...deal.away.flat(), ...deal.blind], plays: deal.plays,
      seats: [PERSON] });
  } catch (exc) {
    deal.review = { error: exc.status || 0 };
  }
  savePractice();
}

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// One step of the service's side of the deal; false when the person is to decide.
async function step(deal) {
  const now = phase(deal);
  if (now === "lay_away") {
    await computerLayAways(deal);
    if (deal.away.includes(null)) return false;
    await turnStarter(deal);
  } else if (now === "play" && !deal.pegging) {
    await turnStarter(deal);
  } else if (now === "play" && isComputer(onTurn(deal))) {
    await pause(game().setup.pace);
    await computerMove(deal, onTurn(deal));
  } else if (now === "show") {
    await countDeal(deal);
  } else if (["scored", "over"].includes(now) && !deal.review && deal.plays.length) {
    await reviewDeal(deal);
  } else {
    return false;
  }
  return true;
}

const WAITS = 5; // a busy service (503: its expensive answers all running) is asked again

// Everything up to the person's next decision: the computer's lay-aways, the starter, the
// computer's tiles and goes (one at a time, at the pace chosen), the show, the review. A
// service busy with other answers says when to ask again (Retry-After): the page waits.
export async function advance(render) {
  ui.error = null;
  let waits = 0;
  for (;;) {
    try {
      if (!await step(currentDeal())) return;
      waits = 0;
    } catch (exc) {
      if (exc.status !== 503 || !exc.retryAfter || waits >= WAITS) {
        ui.error = { exc };
        return;
      }
      waits += 1;
      ui.waiting = exc.retryAfter;
      render();
      await pause(exc.retryAfter * 1000);
      ui.waiting = null;
    }
    render();
  }
}

// The person's lay-away: the tiles picked, as many as the deal's shape says.
export function layAway(shape) {
  const deal = currentDeal();
  if (phase(deal) !== "lay_away" || ui.pick.length !== shape.laid_away) return false;
  deal.away[PERSON] = ui.pick.slice();
  ui.pick = [];
  ui.hint = null;
  savePractice();
  return true;
}

// The person's tile or go, when it is his turn; a refusal is kept to be said.
export async function propose(laid) {
  const deal = currentDeal();
  if (phase(deal) !== "play" || onTurn(deal) !== PERSON) return;
  const entry = { player: PERSON, ...(laid.tile ? { tile: laid.tile } : { go: true }) };
  ui.refusal = null;
  ui.hint = null;
  try {
    const verdict = await enter(deal, entry);
    if (!verdict.legal) ui.refusal = { entry, reason: verdict.reason || {} };
  } catch (exc) {
    ui.error = { exc };
  }
}

// The hint: the best option and its worth, as the service values it for the person's seat.
export async function askHint() {
  const deal = currentDeal();
  const step = phase(deal);
  try {
    if (step === "lay_away" && !deal.away[PERSON]) {
      const answer = await post("v1/discards/advise", adviceBody(deal, PERSON));
      ui.hint = { kind: "lay_away", best: answer.options[0] };
    } else if (step === "play" && onTurn(deal) === PERSON) {
      const answer = await post("v1/plays/advise", knowledgeOf(deal, PERSON));
      ui.hint = { kind: "play", best: answer.best, expected: answer.options[0].expected };
    }
  } catch (exc) {
    ui.error = { exc };
  }
}

// The next deal, dealt by the service (an error is said, and the button asks again).
export async function nextDeal() {
  const { setup, deals } = game();
  const deal = currentDeal();
  if (!deal.result || winner()) return;
  ui.error = null;
  try {
    deals.push(await dealOf(setup.seed, deals.length, leftOf(setup, deal.dealer), rules()));
  } catch (exc) {
    ui.error = { exc };
    return;
  }
  Object.assign(ui, { pick: [], refusal: null, hint: null, said: [] });
  savePractice();
}

// A new game from the set-up: its first deal asked of the service (a refusal is thrown, and
// the set-up stays).
export async function startPractice(setup) {
  const seed = Number.isInteger(setup.seed) ? setup.seed : newSeed();
  const chosen = { ...setup, seed, stream: STREAM };
  const first = await dealOf(seed, 0, setup.firstDealer, rulesOf(chosen));
  table.game = { version: 1, setup: chosen, deals: [first] };
  Object.assign(ui, { pick: [], refusal: null, hint: null, said: [], error: null });
  table.notice = null;
  savePractice();
}

export function endPractice() {
  table.game = null;
  savePractice();
}
