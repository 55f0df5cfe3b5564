// The live plot: any of the lab's quantities against time t (s), one line per panel in
// the panel's colour, drawn with uPlot (loaded as a classic script: window.uPlot). Every
// quantity is stored all the time, so switching shows the full history; exports as CSV
// and PNG. The uPlot instance is `chart.plot` (its data: [t, panel 0, panel 1, ...]).
//
//   new LabChart(host, series, options)
//       host: element the chart fills (width follows it, ResizeObserver; 260 px tall)
//       series: [{label, color}] one per panel; options: {quantity = 'height',
//       heightLimits = [lo, hi] (m): the height axis never goes beyond them}
//   add(panel, t, values)   t (s); values {height, kinetic, ...}: any subset of QUANTITIES'
//                           ids; missing or non-finite values are gaps (null), not zeros
//   flush()                 redraws if anything changed (the page calls it <= 10 times/s)
//   clear(panel)  count(panel)  setLabel(panel, text)
//   setQuantity(id)  quantity   the plotted quantity (unknown ids are ignored)
//   toCsv()                 long format, one row per panel and sample, units in the header:
//                           panel,label,t_s,height_m,kinetic_J,...,step_ms_ms
//   toPng()                 Promise<Blob> (image/png): title, plot with axes, legend
//   chartControls(chart, container, onChange?)   a labelled quantity menu and CSV / PNG
//                           download buttons; onChange() after the user picks a quantity
// At most MAX_POINTS samples per panel (every other one dropped beyond); y range: FENCE.

export const QUANTITIES = [
  { id: 'height', label: 'height of the tracked node', unit: 'm', short: 'height' },
  { id: 'kinetic', label: 'kinetic energy', unit: 'J' },
  { id: 'potential', label: 'potential energy (gravity)', unit: 'J', short: 'potential energy' },
  { id: 'elastic', label: 'elastic energy', unit: 'J' },
  { id: 'total', label: 'total energy', unit: 'J' },
  { id: 'volume_ratio', label: 'volume ratio V/V₀', unit: '', short: 'V/V₀' },
  { id: 'violation', label: 'constraint violation max|φ|', unit: '', short: 'max|φ|' },
  { id: 'step_ms', label: 'time per step', unit: 'ms' },
];
const MAX_POINTS = 20000; // per series; beyond it every other point is dropped
const HEIGHT = 260;       // px
// A diverging panel must not squash the others. Before a world is flagged diverged its
// values grow by orders of magnitude within a few steps, and early in a run those steps
// are a large share of all samples, so clipping to percentiles fails. Instead the y range
// spans the values inside Tukey's far-out fences of all panels' samples,
//   [Q1 - 3W, Q3 + 3W],  W = max(Q3 - Q1, |Q1|, |Q3|),
// widened by 5 % each side. The |Q| floor keeps physical changes (a volume ratio halving,
// an energy spike while dragging) in view even when most samples sit at one value; only
// values off by several times the data's own size (a blow-up) leave the plot at its edge.
// With mostly exact zeros, W is the median size of the nonzero values.
// Height is further kept within the limits given (the body's reach). A linear axis, not
// symlog, so a small energy drift stays readable.
const FENCE = 3, PAD = 0.05;

const quantity = (id) => QUANTITIES.find((q) => q.id === id);
const axisLabel = (q, short = false) => {
  const text = (short && q.short) || q.label; // the y axis is 260 px tall: long labels use `short`
  return q.unit ? `${text} (${q.unit})` : text;
};

/** Value at fraction f of the sorted array (nearest rank). */
function quantile(sorted, f) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(f * (sorted.length - 1))))];
}

export class LabChart {
  constructor(host, series, options = {}) {
    this.host = host;
    this.series = series.map((s) => ({ ...s }));
    this.heightLimits = options.heightLimits || [-Infinity, Infinity];
    this.quantity = quantity(options.quantity) ? options.quantity : 'height';
    this.data = series.map(() => this.emptySeries());
    this.dirty = true;
    this.build();
    this.resizeObserver = new ResizeObserver(() => {
      const w = Math.max(300, this.host.clientWidth);
      if (w !== this.plot.width) this.plot.setSize({ width: w, height: HEIGHT });
    });
    this.resizeObserver.observe(host);
  }

  emptySeries() {
    return { t: [], ...Object.fromEntries(QUANTITIES.map((q) => [q.id, []])) };
  }

  build() {
    if (this.plot) this.plot.destroy();
    const q = quantity(this.quantity);
    const axis = { stroke: '#4a5565', grid: { stroke: '#e6eaf0' }, ticks: { stroke: '#d5dbe3' } };
    const opts = {
      width: Math.max(300, this.host.clientWidth),
      height: HEIGHT,
      pxAlign: 0,
      scales: { x: { time: false }, y: { range: () => this.range() } },
      axes: [{ label: 'time t (s)', ...axis }, { label: axisLabel(q, true), size: 70, ...axis }],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 't (s)', value: (u, v) => (v == null ? '–' : v.toFixed(3)) },
        ...this.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          spanGaps: false,
          points: { size: 5, fill: s.color },
          value: (u, v) => (v == null ? '–' : Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : v.toFixed(4)),
        })),
      ],
    };
    this.plot = new window.uPlot(opts, this.joined(), this.host);
    this.plot.root.setAttribute('aria-label', `plot of ${q.label} against time`);
    this.plot.ctx.canvas.setAttribute('role', 'img');
    this.plot.ctx.canvas.setAttribute('aria-label', `${axisLabel(q)} against time t (s), one line per panel`);
  }

  /** y range [lo, hi] of the plotted quantity: see FENCE. */
  range() {
    const all = this.data.flatMap((d) => d[this.quantity]).filter(Number.isFinite);
    const [min, max] = this.quantity === 'height' ? this.heightLimits : [-Infinity, Infinity];
    const fallback = Number.isFinite(min) && Number.isFinite(max) ? [min, max] : [0, 1];
    if (all.length === 0) return fallback;
    const sorted = Float64Array.from(all).sort();
    const q1 = quantile(sorted, 0.25), q3 = quantile(sorted, 0.75);
    const w = Math.max(q3 - q1, Math.abs(q1), Math.abs(q3)) ||
      quantile(sorted.filter((v) => v !== 0).map(Math.abs).sort(), 0.5) || 0;
    let lo = Infinity, hi = -Infinity;
    for (const v of sorted) {
      if (v >= q1 - FENCE * w && v <= q3 + FENCE * w) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    }
    const pad = hi > lo ? PAD * Math.max(hi - lo, 1e-9 * Math.max(Math.abs(lo), Math.abs(hi))) : PAD * Math.abs(lo) || 1;
    const from = Math.max(lo - pad, min), to = Math.min(hi + pad, max);
    return to > from ? [from, to] : fallback;
  }

  /** Relabels panel i's line (e.g. after a stepper change). */
  setLabel(i, label) {
    this.series[i].label = label;
    const el = this.plot.root.querySelectorAll('.u-legend .u-series')[i + 1]?.querySelector('.u-label');
    if (el) el.textContent = label;
    this.plot.series[i + 1].label = label;
  }

  setQuantity(id) {
    if (!quantity(id) || id === this.quantity) return;
    this.quantity = id;
    this.build();
  }

  add(i, t, values) {
    const d = this.data[i];
    d.t.push(t);
    for (const q of QUANTITIES) {
      const v = values[q.id];
      d[q.id].push(Number.isFinite(v) ? v : null);
    }
    if (d.t.length > MAX_POINTS) {
      for (const key of Object.keys(d)) d[key] = d[key].filter((_, k) => k % 2 === 0);
    }
    this.dirty = true;
  }

  clear(i) {
    this.data[i] = this.emptySeries();
    this.dirty = true;
  }

  /** Number of samples held for panel i. */
  count(i) {
    return this.data[i].t.length;
  }

  joined() {
    if (this.data.every((d) => d.t.length === 0)) return [[], ...this.data.map(() => [])];
    // NULL_EXPAND (2): a gap (null) also takes in the neighbouring alignment artifacts
    // (undefined where another panel has a sample), or uPlot would draw a line piece
    // across the gap; artifacts elsewhere are spanned, as panels may differ in dt.
    return window.uPlot.join(this.data.map((d) => [d.t, d[this.quantity]]), this.data.map(() => [0, 2]));
  }

  /** Redraws if data changed since the last redraw. */
  flush() {
    if (!this.dirty) return;
    this.dirty = false;
    this.plot.setData(this.joined());
  }

  /** Long format, one row per sample: panel, its label, t and every quantity (SI units;
   *  time per step in ms); empty cells where a value is undefined. */
  toCsv() {
    const cols = QUANTITIES.map((q) => (q.unit ? `${q.id}_${q.unit === 'ms' ? 'ms' : q.unit}` : q.id));
    const quote = (s) => `"${String(s).replace(/"/g, '""')}"`;
    const lines = [['panel', 'label', 't_s', ...cols].join(',')];
    this.data.forEach((d, i) => {
      for (let k = 0; k < d.t.length; k++) {
        const row = [i + 1, quote(this.series[i].label), d.t[k], ...QUANTITIES.map((q) => d[q.id][k] ?? '')];
        lines.push(row.join(','));
      }
    });
    return lines.join('\n') + '\n';
  }

  /** The plot with a white background, its title and legend, as a PNG Blob (at the
   *  canvas's device-pixel resolution; uPlot draws the axes on the canvas, the legend is
   *  HTML and is drawn again here). */
  toPng() {
    const src = this.plot.ctx.canvas;
    const r = src.width / this.plot.width || 1; // device pixels per CSS pixel
    const pad = 28 * r, row = 22 * r, legend = row * this.series.length + 8 * r;
    const out = document.createElement('canvas');
    out.width = src.width;
    out.height = Math.round(src.height + pad + legend);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.fillStyle = '#1d2430';
    ctx.font = `600 ${15 * r}px system-ui, sans-serif`;
    ctx.fillText(`${axisLabel(quantity(this.quantity))} against time t (s)`, 10 * r, 19 * r);
    ctx.drawImage(src, 0, pad);
    ctx.font = `${13 * r}px system-ui, sans-serif`;
    this.series.forEach((s, i) => {
      const y = pad + src.height + 18 * r + row * i;
      ctx.fillStyle = s.color;
      ctx.fillRect(10 * r, y - 9 * r, 22 * r, 4 * r);
      ctx.fillStyle = '#1d2430';
      ctx.fillText(s.label, 40 * r, y - 3 * r);
    });
    return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
  }
}

function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A labelled quantity menu and CSV / PNG download buttons for chart, in container. */
export function chartControls(chart, container, onChange = () => {}) {
  const select = document.createElement('select');
  select.setAttribute('aria-label', 'plotted quantity');
  for (const q of QUANTITIES) {
    const opt = document.createElement('option');
    opt.value = q.id;
    opt.textContent = axisLabel(q);
    select.append(opt);
  }
  select.value = chart.quantity;
  select.addEventListener('change', () => {
    chart.setQuantity(select.value);
    onChange();
  });
  const csv = document.createElement('button');
  csv.className = 'btn small';
  csv.textContent = 'CSV';
  csv.title = 'download every quantity of every panel as CSV';
  csv.setAttribute('aria-label', 'download the plot data as CSV');
  csv.addEventListener('click', () => download(new Blob([chart.toCsv()], { type: 'text/csv' }), 'softlab-data.csv'));
  const png = document.createElement('button');
  png.className = 'btn small';
  png.textContent = 'PNG';
  png.setAttribute('aria-label', 'download the plot as a PNG image');
  png.addEventListener('click', async () => download(await chart.toPng(), `softlab-${chart.quantity}.png`));
  const label = document.createElement('label');
  label.append('plot ', select);
  container.replaceChildren(label, csv, png);
}
