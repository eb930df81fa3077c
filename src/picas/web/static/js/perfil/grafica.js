// A rating's history as a small inline SVG plot (docs/page-quick.md): a calm line, its first and
// last values written at its ends, no axis clutter. The numbers are in the plot's accessible name
// (role="img"), so a screen reader hears what the eye sees.

const NS = "http://www.w3.org/2000/svg";
const W = 320;
const H = 96;
const PAD = { left: 8, right: 8, top: 14, bottom: 14 };

function node(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** The points' places in the plot: x by game, y by rating (a flat line sits in the middle). */
export function placePoints(ratings) {
  const lo = Math.min(...ratings);
  const hi = Math.max(...ratings);
  const span = hi - lo || 1;
  const step = ratings.length > 1 ? (W - PAD.left - PAD.right) / (ratings.length - 1) : 0;
  return ratings.map((r, i) => ({
    x: PAD.left + (ratings.length > 1 ? i * step : (W - PAD.left - PAD.right) / 2),
    y: hi === lo ? H / 2 : PAD.top + (1 - (r - lo) / span) * (H - PAD.top - PAD.bottom),
  }));
}

/** The plot of `ratings` (oldest first), named `label`. */
export function plot(ratings, label) {
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "grafica", role: "img", "aria-label": label });
  const title = node("title");
  title.textContent = label;
  svg.append(title);
  svg.append(node("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom / 2, y2: H - PAD.bottom / 2, class: "grafica-base" }));
  const points = placePoints(ratings);
  const path = points.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
  if (points.length > 1) {
    const area = `${path} L${points[points.length - 1].x.toFixed(1)},${H - PAD.bottom / 2} L${points[0].x.toFixed(1)},${H - PAD.bottom / 2} Z`;
    svg.append(node("path", { d: area, class: "grafica-area" }));
    svg.append(node("path", { d: path, class: "grafica-linea" }));
  }
  const last = points[points.length - 1];
  svg.append(node("circle", { cx: last.x, cy: last.y, r: 4, class: "grafica-punto" }));
  return svg;
}
