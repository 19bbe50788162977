// A game kept in the browser's storage under one key: the game tab's (game-store.js) and the
// practice table's (practice-store.js). Storage may be off (private mode) or full: the game
// then lives for this visit only, and nothing fails.

// `holder.game` read from `key`, if it is a game `valid` accepts; one that is not (an older
// page's, a broken one) is set aside with a notice, never a crash.
export function loadStored(key, holder, valid) {
  let text = null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    return;
  }
  if (text === null) return;
  try {
    const game = JSON.parse(text);
    if (!valid(game)) throw new Error("not a saved game of this version");
    holder.game = game;
  } catch {
    holder.game = null;
    holder.notice = "saved_discarded";
    saveStored(key, null);
  }
}

// `game` written under `key` (null: removed).
export function saveStored(key, game) {
  try {
    if (game) window.localStorage.setItem(key, JSON.stringify(game));
    else window.localStorage.removeItem(key);
  } catch {
    // storage full or off: the game goes on for this visit
  }
}
