// Lesson 003's overhead fit (§5): the score card's times a step on the cube (claims
// 003-cube-*, measured when the page was built and printed in its table) fitted by least
// squares as t = a + b n_eval, the fit's numbers written into the text and drawn beside
// the paper's Table 1 in figure.fit. The fit runs on the numbers the page was built with,
// so the text, the chart and the table never disagree (a fit pasted from an earlier run
// did). The paper's squares and line stay in the page's SVG: they are the paper's numbers.

const SVG = 'http://www.w3.org/2000/svg';
// the chart's axes (as drawn in the page): x = 50 + 87.5 n, y = 210 - 190 v / 4, with v the
// time relative to the fitted cost of a one-evaluation step a + b
const X0 = 50, X_PER_EVAL = 87.5, Y0 = 210, Y_PER_UNIT = 47.5;
const COLOUR = '#2f6fdf';

/** Least squares t = a + b n over points [n, t]: a, b, R^2 and the largest |residual|. */
export function fitLine(points) {
  const k = points.length;
  const nMean = points.reduce((s, [n]) => s + n, 0) / k, tMean = points.reduce((s, [, t]) => s + t, 0) / k;
  let snn = 0, snt = 0, stt = 0;
  for (const [n, t] of points) snn += (n - nMean) ** 2, snt += (n - nMean) * (t - tMean), stt += (t - tMean) ** 2;
  const b = snt / snn, a = tMean - b * nMean;
  let ssr = 0, worst = 0;
  for (const [n, t] of points) {
    const r = t - (a + b * n);
    ssr += r * r;
    worst = Math.max(worst, Math.abs(r));
  }
  return { a, b, r2: 1 - ssr / stt, worst };
}

const el = (name, attrs, title) => {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (title) {
    const t = document.createElementNS(SVG, 'title');
    t.textContent = title;
    e.append(t);
  }
  return e;
};

/** Fits the rows of `table` (method in cell 0, µs/step in cell usCell, evaluations in
 *  evalCell), fills the `[data-fit]` spans of `text` and draws into `svg`; returns the fit,
 *  or null (nothing drawn) when fewer than two rows have finite numbers. */
export function setupOverheadFit(table, text, svg, { usCell = 5, evalCell = 6 } = {}) {
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => ({
    name: tr.cells[0].textContent.trim(),
    n: Number(tr.cells[evalCell].textContent), t: Number(tr.cells[usCell].textContent),
  })).filter((r) => Number.isFinite(r.n) && Number.isFinite(r.t) && r.t > 0);
  if (rows.length < 2) return null;
  const fit = fitLine(rows.map((r) => [r.n, r.t]));
  const shown = { a: fit.a.toFixed(2), b: fit.b.toFixed(2), r2: fit.r2.toFixed(2), worst: fit.worst.toFixed(2) };
  for (const span of text.querySelectorAll('[data-fit]')) span.textContent = shown[span.dataset.fit];
  const unit = fit.a + fit.b, x = (n) => X0 + X_PER_EVAL * n, y = (t) => Y0 - Y_PER_UNIT * (t / unit);
  const g = el('g', { class: 'softlab-fit' });
  g.append(el('line', { x1: x(0), y1: y(fit.a), x2: x(4), y2: y(fit.a + 4 * fit.b), stroke: COLOUR, 'stroke-width': 2 }));
  for (const r of rows) {
    g.append(el('circle', { cx: x(r.n), cy: y(r.t).toFixed(1), r: 4, fill: 'none', stroke: COLOUR, 'stroke-width': 1.5 },
      `${r.name}: ${r.t} µs`));
  }
  g.append(el('text', { x: x(4) + 6, y: (y(fit.a + 4 * fit.b) + 4).toFixed(1), 'font-size': 12, fill: COLOUR }));
  g.lastChild.textContent = 'softlab';
  svg.append(g);
  return fit;
}
