// The play at a glance, over the palette: the last entry, what it scored
// and each side's score, so whoever lays a tile sees what it scored without scrolling. On a
// phone the 28 tiles and this line fit the screen together, and after each entry of the play
// the page brings them into sight. Every figure is the service's answer.

import { $, h, itemWords, reveal, tr } from "./core.js";
import { currentDeal, sideCount, store } from "./game-store.js";
import { boardScores, entryWords, sideName } from "./game-view.js";
import { phase } from "./game-play.js";

export function renderStrip() {
  const strip = $("#play-strip");
  strip.hidden = !store.game;
  if (!store.game) return;
  const plays = currentDeal().pegging?.plays || [];
  const last = plays[plays.length - 1];
  const scores = boardScores();
  strip.replaceChildren(
    h("span", { class: "strip-last" }, last ? [
      h("span", { class: "strip-entry", text: tr("strip_entry", { entry: entryWords(last),
        count: last.count }) }),
      last.points ? h("strong", { class: "strip-pts", text: `+${last.points}` }) : null,
      last.points ? h("span", { class: "strip-items", text: itemWords(last.items) }) : null,
    ] : h("span", { class: "strip-entry", text: tr("strip_nothing") })),
    h("span", { class: "strip-scores" }, Array.from({ length: sideCount(store.game.setup) },
      (_, side) => h("span", { class: `strip-side s${side}`, "data-side": side,
        text: `${sideName(side)} ${scores[side]}` }))));
}

// After an entry of the play: the palette and the line over it in sight (they fit a phone).
export function keepPaletteInView() {
  if (store.game && phase() === "play") reveal($("#picker"));
}
