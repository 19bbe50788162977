// The cribbage board of the game tab, drawn as SVG: a track for each side up to the target
// in streets of 30 holes, the lurch line at half the target, and the two pegs of classic
// pegging (the front peg at the score, the back peg at the score before the side's last
// scoring event). Every number comes from the service's answers kept with the game (each
// event's side, points and scores); the board only places them. Each hole and peg carries
// its number (data-hole, data-score) so tests read the pegs from the SVG itself.

import { h, tr } from "./core.js";

const SVG = "http://www.w3.org/2000/svg";
const STREET = 30; // holes per row, in groups of 5
const STEP = 9.5; // between holes
const GROUP_GAP = 4;
const LEFT = 24; // room for the start hole
const ROW = 13;
const HEAD = 17; // the side's name and score above its track
const BLOCK_GAP = 9;
const WIDTH = LEFT + STREET * STEP + 5 * GROUP_GAP + 16;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const round = (x) => Math.round(x * 100) / 100;

// Where hole n (0: the start, 1..target) of a track is, from the track's top.
export function holeAt(n, target) {
  const rows = Math.ceil((target - 1) / STREET);
  if (n <= 0) return { x: LEFT / 2 - 2, y: HEAD + ROW / 2 };
  if (n >= target) return { x: WIDTH - 8, y: HEAD + (rows - 0.5) * ROW };
  const row = Math.floor((n - 1) / STREET);
  const col = (n - 1) % STREET;
  return { x: round(LEFT + col * STEP + Math.floor(col / 5) * GROUP_GAP + STEP / 2),
    y: HEAD + (row + 0.5) * ROW };
}

const trackHeight = (target) => HEAD + Math.ceil((target - 1) / STREET) * ROW;

// Each side's two pegs from the deals kept: the front at the side's score now, the back
// where it stood before its last scoring event (the start if it has not scored yet).
export function pegsOf(deals, scores) {
  return scores.map((front, side) => {
    for (let d = deals.length - 1; d >= 0; d -= 1) {
      const events = (deals[d].result || deals[d].live)?.events || [];
      for (let e = events.length - 1; e >= 0; e -= 1) {
        const event = events[e];
        if (event.side === side && event.points > 0) {
          return { front, back: event.scores[side] - event.points };
        }
      }
    }
    return { front, back: 0 };
  });
}

// A peg past the target (the last event's points may overshoot it) stands in the end hole.
function peg(side, which, score, target, top) {
  const hole = Math.min(score, target);
  const spot = holeAt(hole, target);
  return svg("circle", { class: `peg-${which} s${side}`, cx: spot.x, cy: round(top + spot.y),
    r: which === "front" ? 4.2 : 3.4, "data-side": side, "data-peg": which,
    "data-score": score, "data-hole": hole });
}

function track(side, info, target, top) {
  const rows = Math.ceil((target - 1) / STREET);
  const group = svg("g", { class: `track s${side}${info.won ? " won" : ""}`,
    "data-side": side });
  group.append(
    svg("rect", { class: "track-bed", x: 1, y: top + HEAD - 3, width: WIDTH - 2,
      height: rows * ROW + 6, rx: 6 }),
    svg("rect", { class: `track-swatch s${side}`, x: 1, y: top + 2, width: 10, height: 10,
      rx: 2 }),
    svg("text", { class: "track-name", x: 16, y: top + 11 }, document.createTextNode(
      info.won ? `${info.name} · ${tr("winner_mark")}` : info.name)),
    svg("text", { class: "track-score", x: WIDTH - 2, y: top + 11, "text-anchor": "end" },
      document.createTextNode(String(info.front))),
  );
  for (let n = 0; n <= target; n += 1) {
    const spot = holeAt(n, target);
    const edge = n === 0 || n === target;
    group.append(svg("circle", { class: edge ? "hole end" : "hole", cx: spot.x,
      cy: round(top + spot.y), r: edge ? 3 : 1.7, "data-hole": n }));
  }
  // the lurch line: between hole half the target and the next one, at a street's end
  const half = Math.floor(target / 2);
  const below = holeAt(half, target);
  const lineY = round(top + below.y + ROW / 2);
  group.append(svg("line", { class: "lurch-line", x1: LEFT - 4, x2: WIDTH - 14, y1: lineY,
    y2: lineY, "data-after-hole": half }, svg("title", {}, document.createTextNode(
    tr("lurch_line", { n: half + 1 })))));
  group.append(peg(side, "back", info.back, target, top), peg(side, "front", info.front,
    target, top));
  return group;
}

// The board: sides = [{ name, front, back, won }], target 61 or 121.
export function boardSvg(sides, target) {
  const each = trackHeight(target) + BLOCK_GAP;
  const label = tr("board_svg_label", { target, sides: sides.map((s) => tr("board_side",
    { who: s.name, score: s.front, before: s.back })).join("; ") });
  const root = svg("svg", { class: "board-svg", viewBox: `0 0 ${WIDTH} ${each * sides.length}`,
    role: "img", "aria-label": label, "data-target": target });
  sides.forEach((info, side) => root.append(track(side, info, target, side * each)));
  return h("div", { class: "board-picture" }, root);
}
