// The game as a file: the service's game record (docs/game-record.md), saved from the game
// kept here, finished or not, and opened again, the service checking it (POST
// /v1/games/score) and refereeing every deal, so an unfinished game is carried on. The page
// turns its own keeping into the record and back; every rule is the service's.

import {
  $, enqueue, errorLines, pointerWords, post, reveal, setText, tr,
} from "./core.js";
import { VERSION, keptHands, newDeal, rulesOf, store } from "./game-store.js";
import { chancesAtStart, pegged, setLive, syncSeat } from "./game-play.js";
import { drawnOf } from "./review.js";
import { readToken } from "./tiles.js";

export const FORMAT = "domino-cribbage-game";
const RECORD_VERSION = 1;
const HAND_SIZE = 4;

// One deal's record: all the page keeps of it, and what a file gave that the page cannot see
// again (the scores before it; the hands and the tiles drawn of a deal won in its play).
function dealRecord(setup, deal) {
  const entry = { dealer: deal.dealer };
  if (deal.given?.scores) entry.scores = deal.given.scores;
  if (!deal.starter) return entry; // the deal on hand, not begun
  Object.assign(entry, { starter: deal.starter, plays: deal.plays });
  const hands = keptHands(setup, deal);
  if (!hands) return entry; // in play, its hands not known
  entry.hands = hands;
  const drawn = drawnOf(deal);
  if (drawn) entry.drawn = drawn;
  if (deal.crib.length === HAND_SIZE) entry.crib = deal.crib;
  if (deal.claims) entry.claims = deal.claims;
  return entry;
}

// How the game stands as its deals' answers say it (each deal's `result`, else its `live`
// answer in play): the winner's side, the scores, the sides lurched. Null before any answer.
export function resultOf(deals) {
  const last = deals.map((deal) => deal.result || deal.live).filter(Boolean).pop();
  if (!last) return null;
  const won = deals.find((deal) => deal.result?.winner)?.result;
  return { winner: won ? won.winner.side : null, scores: last.scores,
    lurched: won ? won.lurched : [] };
}

// A record of the game tab's or the practice table's game: its rules, its seats (a name and,
// for a computer seat, its strategy), its deals' records and its result so far; `stream`, the
// engine's stream that dealt it, where its file or the service said so.
export function gameRecord(rules, seats, deals, result, stream) {
  return { format: FORMAT, version: RECORD_VERSION, ...(stream ? { stream } : {}), rules,
    seats: seats.map(({ name, strategy, budget }) => ({ name, ...(strategy ? { strategy } : {}),
      ...(strategy && budget ? { budget } : {}) })),
    deals, ...(result ? { result } : {}) };
}

// The game kept here as a record; the result as the board says it.
export function recordOf(game) {
  const { setup, deals } = game;
  return gameRecord(rulesOf(setup), setup.names.map((name, seat) => ({ name,
    strategy: setup.strategies?.[seat], budget: setup.budgets?.[seat] })),
  deals.map((deal) => dealRecord(setup, deal)), resultOf(deals), setup.stream);
}

// A file's name for a game between `names`, and the day it was saved.
export function fileName(names) {
  const day = new Date().toISOString().slice(0, 10);
  return `cribbage-${names.join("-")}-${day}.json`.replace(/[^\p{L}\p{N}.-]+/gu, "_");
}

// A record downloaded as a file (the browser's own "save"), named for its seats.
export function saveRecord(record) {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(record.seats.map((seat) => seat.name));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------- opening a file

const tileOf = (value) => (Array.isArray(value) ? readToken(value.join("-")) : readToken(
  String(value)));

function playOf(entry) {
  return entry.go ? { player: entry.player, go: true } : { player: entry.player,
    tile: tileOf(entry.tile) };
}

// The page's keeping of one deal of the record, with the service's answer for it.
function dealOf(given, answer, last) {
  const deal = newDeal(given.dealer);
  if (given.scores) deal.given = { scores: given.scores };
  if (!given.starter) return deal;
  deal.starter = tileOf(given.starter);
  deal.plays = (given.plays || []).map(playOf);
  deal.crib = (given.crib || []).map(tileOf);
  deal.claims = given.claims || null;
  if (given.hands) {
    const kept = given.hands.map((hand) => hand.map(tileOf));
    deal.given = { ...deal.given, hands: kept };
    if (given.drawn) {
      const drawn = given.drawn.map((tiles) => tiles.map(tileOf));
      deal.given.drawn = drawn;
      deal.layAway = Object.fromEntries(drawn.map((tiles, seat) => [seat,
        tiles.filter((tile) => !kept[seat].includes(tile))]));
    }
  }
  if (!last || answer.winner || deal.crib.length === HAND_SIZE) deal.result = answer;
  else setLive(deal, answer);
  return deal;
}

export class NotAGame extends Error {}

// A practice game's person: the one seat without a strategy, every other seat the computer's
// (null for a game kept at the table).
function personOf(record) {
  const people = record.seats.map((seat, i) => (seat.strategy ? null : i))
    .filter((i) => i !== null);
  return people.length === 1 ? people[0] : null;
}

// A record read from a file, checked and refereed by the service, as the game kept here.
export async function openRecord(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    throw new NotAGame("not JSON");
  }
  if (!record || record.format !== FORMAT) throw new NotAGame("not a game record");
  const scored = await post("v1/games/score", record);
  const { rules } = scored;
  const setup = { players: rules.players, partners: rules.partners,
    names: record.seats.map((seat) => seat.name), firstDealer: record.deals[0].dealer,
    target: rules.target, starterDouble: rules.starter_double_points,
    doubleBlank: rules.double_blank_in_fifteens, muggins: rules.muggins,
    strategies: record.seats.map((seat) => seat.strategy ?? null),
    budgets: record.seats.map((seat) => seat.budget ?? null), you: personOf(record),
    ...(record.stream ? { stream: record.stream } : {}) };
  const deals = record.deals.map((given, i) => dealOf(given, scored.deals[i],
    i === record.deals.length - 1));
  store.game = { version: VERSION, setup, deals, chances: undefined };
  for (const deal of deals) {
    if (deal.plays.length) deal.pegging = await pegged(deal);
  }
}

// ---------------------------------------------------------------- the buttons

const download = () => saveRecord(recordOf(store.game));

function showError(text) {
  const box = $("#file-error");
  setText(box, text);
  box.hidden = !text;
  reveal(box);
}

const RECORD_CODES = ["dealer_out_of_turn", "dealer_not_a_seat", "scores_not_carried",
  "deal_after_the_win", "starter_missing", "deal_not_whole"];

// Why the service refused a file, in one sentence of the page's own: from what its problem
// says beside its English (the deal, the seat, a code and the seats it names), the seats
// named as the file names them.
export function refusalWords(exc, record) {
  const problem = exc?.problem && typeof exc.problem === "object" ? exc.problem : null;
  if (!problem || exc.status !== 422) return errorLines({ exc }).join(" ");
  const names = (record.seats || []).map((seat, i) => seat?.name || tr("seat_label",
    { n: i + 1 }));
  const name = (seat) => names[seat] ?? tr("seat_label", { n: seat + 1 });
  if (Number.isInteger(problem.deal) && Number.isInteger(problem.index)) { // an illegal play
    const entry = record.deals?.[problem.deal]?.plays?.[problem.index] || {};
    return tr("file_refused_play", { n: problem.deal + 1, entry: problem.index + 1,
      who: name(entry.player), what: entry.go ? tr("said_go") : String(entry.tile ?? ""),
      why: tr("file_play_why")?.[problem.code] || "" });
  }
  const [field] = Array.isArray(problem.errors) ? problem.errors : [];
  if (!field) return tr("file_refused_field", { where: "" });
  const n = Number.isInteger(field.deal) ? field.deal + 1 : null;
  if (RECORD_CODES.includes(field.code)) {
    const scores = (field.expected_scores || []).map((score, side) => `${sideNames(record,
      names)[side]} ${score}`).join(", ");
    return tr(`file_refused_${field.code}`, { n, dealer: name(field.dealer),
      expected: name(field.expected_dealer), won: (field.won_in ?? 0) + 1, scores });
  }
  return tr("file_refused_field", { where: pointerWords(field.pointer, name) });
}

// Each side's name as the file names its seats (partners: both names).
function sideNames(record, names) {
  const partners = Boolean(record.rules?.partners);
  return partners ? [0, 1].map((side) => [names[side], names[side + 2]].join(" & ")) : names;
}

async function open(file, render) {
  showError("");
  const text = await file.text();
  try {
    await openRecord(text);
    await chancesAtStart();
    syncSeat();
    render();
    $("#board").focus();
  } catch (exc) {
    showError(exc instanceof NotAGame ? tr("file_not_a_game")
      : refusalWords(exc, JSON.parse(text)));
  }
}

// "Save to a file" on the table; "Open a game file" at the set-up (a file input behind a
// button, so that the button's words are the page's).
export function initGameFile(render) {
  $("#save-game").addEventListener("click", download);
  const input = $("#open-game");
  $("#open-game-button").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const [file] = input.files;
    input.value = "";
    if (file) enqueue(() => open(file, render));
  });
}
