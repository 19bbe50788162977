// The practice game as a file: the same game record the game tab saves (docs/game-record.md,
// game-file.js writes and downloads it), the person's seat and the computer's seats with
// their strategies. Finished or not: every deal the table has dealt, as far as it has gone.

import { rulesOf } from "./game-store.js";
import { gameRecord, resultOf, saveRecord } from "./game-file.js";
import { table } from "./practice-store.js";
import { kept } from "./practice-play.js";
import { seatName } from "./practice-view.js";

// One deal's record: its dealer only while seats still lay away (the starter unturned); the
// starter and the plays so far while it is in play; whole (the tiles drawn, the hands kept,
// the crib) once the service has scored it, or a side won in its play.
function dealRecord(deal) {
  const entry = { dealer: deal.dealer };
  if (deal.away.includes(null) || !deal.pegging) return entry;
  Object.assign(entry, { starter: deal.starter, plays: deal.plays });
  if (!deal.result) return entry;
  return { ...entry, drawn: deal.drawn, hands: deal.drawn.map((_, seat) => kept(deal, seat)),
    crib: [...deal.away.flat(), ...deal.blind] };
}

export function practiceRecord(game) {
  const { setup, deals } = game;
  return gameRecord(rulesOf(setup), setup.seats.map((strategy, seat) => ({
    name: seatName(seat), strategy })), deals.map(dealRecord), resultOf(deals));
}

// "Save to a file" at the practice table.
export function savePracticeFile() {
  if (table.game) saveRecord(practiceRecord(table.game));
}
