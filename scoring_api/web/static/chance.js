// The chance to win under the board: each side's share of one bar, as the service last said
// it (every event of /v1/deals/score carries it; before the first deal, POST
// /v1/games/win-probability). Drawn as SVG (the page's CSP allows no inline style); every
// share carries its number, so tests read the bar from the SVG itself.

import { h, number, percent, tr } from "./core.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 300;
const HEIGHT = 12;


function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

// chances: each side's; null where the service has no tables for the rules; undefined before
// it has said (a game kept before it was asked): nothing shown.
export function chanceBar(chances, names) {
  if (chances === null) {
    return h("p", { class: "chance note", id: "chance-bar", text: tr("chance_none") });
  }
  if (!Array.isArray(chances)) return h("div", { id: "chance-bar", hidden: true });
  const words = chances.map((p, side) => tr("chance_side", { who: names[side],
    p: percent(p) }));
  const bar = svg("svg", { class: "chance-svg", viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" });
  let x = 0;
  chances.forEach((p, side) => {
    const width = Math.round(p * WIDTH * 100) / 100;
    bar.append(svg("rect", { class: `chance-part s${side}`, x, y: 0, width, height: HEIGHT,
      "data-side": side, "data-chance": p }));
    x += width;
  });
  return h("div", { class: "chance", id: "chance-bar", role: "img",
    "aria-label": tr("chance_label", { sides: words.join(", ") }) },
  h("span", { class: "chance-caption", "aria-hidden": "true", text: tr("chance_caption") }),
  bar,
  h("span", { class: "chance-words", "aria-hidden": "true", text: words.join(" · ") }));
}

// After the crib: what moved the chance, as the service says it (the crib's points against
// those the chance had counted on, `expected_points`), and how far; null for another event.
export function cribChance(event, before, sideName, sideIsYou = () => false) {
  const after = event.win_probability;
  if (event.kind !== "crib" || typeof event.expected_points !== "number"
    || !Array.isArray(after) || !Array.isArray(before)) return null;
  const side = event.side;
  return h("span", { class: "event-why", text: tr("event_crib_chance", { points: event.points,
    expected: number(event.expected_points), who: sideName(side), you: sideIsYou(side),
    from: percent(before[side]),
    to: percent(after[side]), move: Math.sign(after[side] - before[side]) }) });
}

// After an event: the chance of the side it scored for, in words.
export function eventChance(event, sideName, sideIsYou = () => false) {
  const chances = event.win_probability;
  if (!Array.isArray(chances)) return null;
  return h("span", { class: "event-chance", text: tr("event_chance", {
    who: sideName(event.side), you: sideIsYou(event.side), p: percent(chances[event.side]) }) });
}
