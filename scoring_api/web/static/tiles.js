// Tiles: the 28 of a double-six set, drawn with pips in SVG, and read from typed text.

const SVG_NS = "http://www.w3.org/2000/svg";

export const ALL_TILES = [];
for (let low = 0; low <= 6; low += 1) {
  for (let high = low; high <= 6; high += 1) ALL_TILES.push(`${low}-${high}`);
}

export function ends(tile) {
  return tile.split("-").map(Number);
}

// Pip centres in a 3x3 grid (column, row), for 0..6 pips on one half.
const PIPS = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

// A standing tile, low end on top. Decorative: the button around it carries the label.
export function tileSvg(tile) {
  const [low, high] = ends(tile);
  const svg = svgEl("svg", { viewBox: "0 0 40 72", class: "tile-svg", "aria-hidden": "true",
    focusable: "false" });
  svg.append(svgEl("rect", { x: 1, y: 1, width: 38, height: 70, rx: 6, class: "tile-face" }));
  svg.append(svgEl("line", { x1: 6, y1: 36, x2: 34, y2: 36, class: "tile-bar" }));
  [low, high].forEach((n, half) => {
    for (const [col, row] of PIPS[n]) {
      svg.append(svgEl("circle", { cx: 9 + col * 11, cy: 7.5 + half * 35 + row * 10.5, r: 3.8,
        class: "pip" }));
    }
  });
  return svg;
}

// An arrow drawn, decorative (the page's own font has none): right, from a tile to the one
// that was better; down, to the answer below a summary.
export function arrowSvg(down = false) {
  const svg = svgEl("svg", { viewBox: down ? "0 0 10 16" : "0 0 16 10",
    class: down ? "arrow arrow-down" : "arrow", "aria-hidden": "true", focusable: "false" });
  svg.append(svgEl("path", { d: down ? "M5 1v13M1 10l4 4 4-4" : "M1 5h13M10 1l4 4-4 4" }));
  return svg;
}

// "3-5", "5-3", "3|5", "35", "3 - 5" -> "3-5"; "go" / "иди" -> "go"; anything else -> null.
export function readToken(token) {
  const text = token.trim().toLowerCase().replace(/[«»"!“”]/g, "");
  if (["go", "иди", "пас"].includes(text)) return "go";
  const m = /^([0-6])[-|/:.xх]?([0-6])$/.exec(text);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a <= b ? `${a}-${b}` : `${b}-${a}`;
}

export function splitTokens(text) {
  return text
    .replace(/\s*([-|/:.xх])\s*/g, "$1")
    .split(/[\s,;]+/)
    .filter(Boolean);
}
