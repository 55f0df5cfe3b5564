// The live plot: any of the lab's quantities against time t (s), one line per panel,
// drawn with uPlot (loaded as a classic script: window.uPlot). Every quantity is
// stored all the time, so switching shows the full history; exports as CSV and PNG.
//
//   const chart = new LabChart(host, [{label, color}, ...], {quantity, heightLimits})
//   chart.add(panel, t, {height, kinetic, ...})   any subset; non-finite values are gaps
//   chart.flush()  chart.clear(panel)  chart.count(panel)  chart.setLabel(panel, text)
//   chart.setQuantity(id)  chart.quantity  chart.toCsv()  chart.toPng() -> Promise<Blob>
//   chartControls(chart, container, onChange)   quantity menu and the CSV / PNG buttons

export const QUANTITIES = [
  { id: 'height', label: 'height of the tracked node', unit: 'm' },
  { id: 'kinetic', label: 'kinetic energy', unit: 'J' },
  { id: 'potential', label: 'potential energy (gravity)', unit: 'J' },
  { id: 'elastic', label: 'elastic energy', unit: 'J' },
  { id: 'total', label: 'total energy', unit: 'J' },
  { id: 'volume_ratio', label: 'volume ratio V/V₀', unit: '' },
  { id: 'violation', label: 'constraint violation max|φ|', unit: '' },
  { id: 'step_ms', label: 'time per step', unit: 'ms' },
];
const MAX_POINTS = 20000; // per series; beyond it every other point is dropped
const HEIGHT = 260;       // px
// A diverging panel must not squash the others: the y range covers the values between
// the 2nd and 98th percentile of all panels, widened by half its span (height: also
// never beyond the limits given, the body's reach).
const ROBUST_LO = 0.02, ROBUST_HI = 0.98;

const quantity = (id) => QUANTITIES.find((q) => q.id === id);
const axisLabel = (q) => (q.unit ? `${q.label} (${q.unit})` : q.label);

function percentile(sorted, f) {
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
      scales: { x: { time: false }, y: { range: (u, lo, hi) => this.range(lo, hi) } },
      axes: [{ label: 'time t (s)', ...axis }, { label: axisLabel(q), size: 70, ...axis }],
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

  /** y range: robust percentiles of what is plotted (see ROBUST_LO). */
  range(lo, hi) {
    const values = this.data.flatMap((d) => d[this.quantity]).filter(Number.isFinite).sort((a, b) => a - b);
    let [min, max] = this.quantity === 'height' ? this.heightLimits : [-Infinity, Infinity];
    if (values.length === 0) return Number.isFinite(min) ? [min, max] : [0, 1];
    const a = percentile(values, ROBUST_LO), b = percentile(values, ROBUST_HI);
    const span = Math.max(b - a, 1e-9 * Math.max(Math.abs(a), Math.abs(b)), 1e-12);
    let from = Math.max(Math.min(lo ?? a, a - 0.5 * span), min, a - 0.5 * span);
    let to = Math.min(Math.max(hi ?? b, b + 0.5 * span), max, b + 0.5 * span);
    if (!(to > from)) [from, to] = [a - 1, b + 1];
    return [from, to];
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
    return window.uPlot.join(this.data.map((d) => [d.t, d[this.quantity]]));
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

  /** The plot with a white background, its title and legend, as a PNG Blob. */
  toPng() {
    const src = this.plot.ctx.canvas;
    const pad = 28, legend = 22 * this.series.length + 8;
    const out = document.createElement('canvas');
    out.width = src.width;
    out.height = src.height + pad + legend;
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.fillStyle = '#1d2430';
    ctx.font = '600 15px system-ui, sans-serif';
    ctx.fillText(`${axisLabel(quantity(this.quantity))} against time t (s)`, 10, 19);
    ctx.drawImage(src, 0, pad);
    ctx.font = '13px system-ui, sans-serif';
    this.series.forEach((s, i) => {
      const y = pad + src.height + 18 + 22 * i;
      ctx.fillStyle = s.color;
      ctx.fillRect(10, y - 9, 22, 4);
      ctx.fillStyle = '#1d2430';
      ctx.fillText(s.label, 40, y - 3);
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
