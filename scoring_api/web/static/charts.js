// Small hand-written SVG charts, one job: draw numbers given to them, each mark carrying its
// number (data-value) so tests read them back. Nothing here computes a statistic: the
// rates, intervals and means are the service's. Colours come from classes (board.css).
//
// intervalChart: rates in [0, 1] with a 95% interval; stackedChart: parts of a total side
// by side; columnChart: counts of each value 0..n-1.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
// A row's label above its bar, and an interval row's figure on a line of its own under the
// label: each line holds the page's font at 14 px (19 px from its ascent to its descent)
// with room to spare.
const LABEL = 20;
const FIGURE = 24;
const BAR = 12;
const ROW_GAP = 8;
const AXIS = 16;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}

const round = (x) => Math.round(x * 100) / 100;
const finite = (x) => (Number.isFinite(x) ? x : 0);

function chart(height, label, kind) {
  return svg("svg", { class: `chart chart-${kind}`, viewBox: `0 0 ${WIDTH} ${height}`,
    role: "img", "aria-label": label });
}

// Rows [{ label, value, low, high, text }]: a bar to the rate, a whisker over the interval,
// a 0-100% axis; `text` is the figure, on its own line under the label (a long label, two
// strategies of a side or Russian words, would run into it on one line).
export function intervalChart(rows, label) {
  const top = (i) => i * (LABEL + FIGURE + BAR + ROW_GAP);
  const height = top(rows.length) + AXIS;
  const root = chart(height, label, "interval");
  const x = (rate) => round(Math.min(1, Math.max(0, finite(rate))) * WIDTH);
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { class: "chart-grid", x1: x(tick), x2: x(tick), y1: 0,
      y2: height - AXIS }), svg("text", { class: "chart-tick", x: x(tick), y: height - 3,
      "text-anchor": tick === 0 ? "start" : tick === 1 ? "end" : "middle" },
    `${tick * 100}%`));
  }
  rows.forEach((row, i) => {
    const y = top(i) + LABEL + FIGURE;
    root.append(svg("g", { class: `chart-row s${i}`, "data-row": i, "data-value": row.value,
      "data-low": row.low, "data-high": row.high },
    svg("text", { class: "chart-label", x: 0, y: y - FIGURE - 3 }, row.label),
    svg("text", { class: "chart-figure", x: 0, y: y - 3 }, row.text),
    svg("rect", { class: `chart-bar s${i}`, x: 0, y, width: x(row.value), height: BAR }),
    svg("line", { class: "chart-whisker", x1: x(row.low), x2: x(row.high), y1: y + BAR / 2,
      y2: y + BAR / 2 }),
    svg("line", { class: "chart-whisker", x1: x(row.low), x2: x(row.low), y1: y + 2,
      y2: y + BAR - 2 }),
    svg("line", { class: "chart-whisker", x1: x(row.high), x2: x(row.high), y1: y + 2,
      y2: y + BAR - 2 })));
  });
  return root;
}

// Rows [{ label, parts: { key: value } }] over keys [{ key, label }]: one bar per row, its
// parts end to end, scaled to the longest row, its total written with `format`; a legend.
export function stackedChart(rows, keys, label, format) {
  const top = (i) => i * (LABEL + BAR + ROW_GAP);
  const legendY = top(rows.length) + 4;
  const root = chart(legendY + 14, label, "stacked");
  const total = (row) => keys.reduce((sum, k) => sum + finite(row.parts[k.key]), 0);
  const longest = Math.max(0, ...rows.map(total));
  const scale = longest > 0 ? WIDTH / longest : 0;
  rows.forEach((row, i) => {
    const y = top(i) + LABEL;
    const group = svg("g", { class: "chart-row", "data-row": i, "data-total": total(row) },
      svg("text", { class: "chart-label", x: 0, y: y - 3 }, row.label),
      svg("text", { class: "chart-figure", x: WIDTH, y: y - 3, "text-anchor": "end" },
        format(total(row))));
    let at = 0;
    for (const [k, { key, label: name }] of keys.entries()) {
      const value = finite(row.parts[key]);
      group.append(svg("rect", { class: `chart-part k${k}`, x: round(at), y,
        width: round(value * scale), height: BAR, "data-key": key, "data-value": value },
      svg("title", {}, `${name}: ${format(value)}`)));
      at += value * scale;
    }
    root.append(group);
  });
  const step = WIDTH / keys.length;
  keys.forEach(({ label: name }, k) => {
    root.append(svg("rect", { class: `chart-part k${k}`, x: round(k * step), y: legendY,
      width: 9, height: 9 }), svg("text", { class: "chart-tick", x: round(k * step + 12),
      y: legendY + 8.5 }, name));
  });
  return root;
}

// Counts [c0, c1, ...]: a column for each value, scaled to the highest count, every fourth
// value written under its column; `title(i, count)` names a column for a pointer's hover.
export function columnChart(counts, label, title) {
  const height = 90;
  const base = height - AXIS;
  const root = chart(height, label, "columns");
  const highest = Math.max(0, ...counts.map(finite));
  const step = WIDTH / Math.max(1, counts.length);
  root.append(svg("line", { class: "chart-grid", x1: 0, x2: WIDTH, y1: base, y2: base }));
  counts.forEach((count, i) => {
    const tall = highest > 0 ? (finite(count) / highest) * (base - 4) : 0;
    root.append(svg("rect", { class: "chart-column", x: round(i * step + 1), y: round(base - tall),
      width: round(step - 2), height: round(tall), "data-index": i, "data-value": count },
    svg("title", {}, title(i, count))));
    if (i % 4 === 0) {
      root.append(svg("text", { class: "chart-tick", x: round(i * step + step / 2),
        y: height - 3, "text-anchor": "middle" }, String(i)));
    }
  });
  return root;
}
