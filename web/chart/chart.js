// The live plot: any of the lab's quantities against time t (s), one line per panel in
// the panel's colour, or the phase portrait (PHASE: velocity against position, one curve
// per panel), drawn with uPlot (loaded as a classic script: window.uPlot). Every
// quantity is stored all the time, so switching shows the full history; exports as CSV
// and PNG. The uPlot instance is `chart.plot` (its data: [t, panel 0, panel 1, ...]; for
// the phase portrait, uPlot's mode 2: [null, [q, p] of panel 0, ...]).
// Storage is bounded (chart-store.js): the plot draws a min/max-decimated history of at
// most 1024 buckets a panel, so redrawing costs the same after a minute and after an
// hour; the CSV record holds at most ROW_LIMIT = 32,768 rows a panel (136 B each): past
// that, every other row goes and every 2nd, 4th, ... sample is kept, so the CSV covers the
// whole run at a uniform spacing, and says so in a comment line above its header and
// beside the CSV button.
//
//   new LabChart(host, series, options)
//       host: element the chart fills (width follows it, ResizeObserver; 260 px tall)
//       series: [{label, color}] one per panel; options: {channels: the core's channels
//       (core.channels, web/core/lab-api.js: {id, column, label, unit, short?, help?, log}), quantity =
//       'height', heightLimits = [lo, hi] (m): the height axis never goes beyond them,
//       draw = true: false keeps the samples without drawing until draw(), so a lab's
//       chart takes its panels' first samples before the charting library has loaded}
//   draw()                  draws with uPlot from now on (once; window.uPlot loaded)
//   setHeightLimits([lo, hi])   (m) once the body is known
//   quantities              the channels, then PAGE_QUANTITIES: what can be plotted
//   add(panel, t, values)   t (s); values {height, kinetic, ...}: any subset of quantities'
//                           ids; missing or non-finite values are gaps (null), not zeros;
//                           t ascending within a panel (after clear, from any t)
//   flush()                 redraws if anything changed (the page calls it <= 10 times/s)
//   clear(panel)  count(panel) (samples since clear: all plotted, every stride-th in
//                           the CSV)  setLabel(panel, text)
//   setQuantity(id)  quantity   the plotted quantity, or PHASE (unknown ids are ignored)
//   setPhase({q, p, qId, pId})  the phase portrait's axis labels and the sample ids it
//                           draws (web/core/phase.js phaseLabels)
//   markDiverged(panel, t)  a dashed line in the panel's colour at t (s) on the time
//                           plots, labelled; clear(panel) removes it
//   toCsv()                 long format, one row per panel and sample, units in the header:
//                           panel,label,t_s,height_m,kinetic_J,...,energy_error; if a panel
//                           has more than ROW_LIMIT samples, a first line "# ..." says
//                           which samples each panel's rows are
//   memory()                bytes and rows held (for the soak tests): {rows, dropped,
//                           strides, rowLimit, bytesPerRow, chunkBytes, recordBytes,
//                           plotBytes}
//   toPng()                 Promise<Blob> (image/png): title, plot with axes, legend
//   chartControls(chart, container, onChange?)   a labelled quantity menu and CSV / PNG
//                           download buttons; onChange() after the user picks a quantity
// y range: FENCE.

import { BUCKETS, CHUNK_ROWS, PhaseTrace, PlotHistory, ROW_LIMIT, SampleRecord } from './chart-store.js';
import { t } from '../ui/messages.js';

/** 2 -> '2nd', 4 -> '4th', ... (the record's strides are powers of 2). */
const ordinal = (n) => `${n}${n % 10 === 2 && n % 100 !== 12 ? 'nd' : 'th'}`;

// What the page itself measures, after the core's channels (options.channels: the table
// of softlab/channels.h, read by web/core/lab-api.js): the step's wall time, the phase
// coordinates (web/core/phase.js) and the energy error, all sampled in the Worker (sim-host.js).
export const PAGE_QUANTITIES = [
  { id: 'step_ms', label: t('chart.q.step_ms'), unit: 'ms' },
  // the tracked node along the phase portrait's coordinate (web/core/phase.js)
  { id: 'position', label: t('chart.q.position'), unit: 'm', short: t('chart.q.position_short') },
  { id: 'velocity', label: t('chart.q.velocity'), unit: 'm/s', short: t('chart.q.velocity_short') },
  { id: 'angle', label: t('chart.q.angle'), unit: 'rad', short: t('chart.q.angle_short') },
  { id: 'angular_velocity', label: t('chart.q.angular_velocity'), unit: 'rad/s', short: 'dθ/dt' },
  // log axis: the error of a good stepper is many decades below a bad one's
  { id: 'energy_error', label: t('chart.q.energy_error'), unit: '', short: '|E − E₀|/|E₀|', log: true },
];
// Not a quantity against time: the tracked node's velocity against its position, one
// curve per panel (axis labels from setPhase).
export const PHASE = 'phase';
const PHASE_DEFAULT = { q: t('phase.position'), p: t('phase.velocity'), qId: 'position', pId: 'velocity' };
const HEIGHT = 260;       // px
// Line width (CSS px): 2, or 1 once a panel's line has more than one point every
// 1 / DENSE px, i.e. once a long run's history is an envelope of bucket minima and
// maxima. A dense zigzag stroked 2 px wide costs a software rasteriser (headless
// Chromium's SwiftShader; also machines without GPU canvas) about ten times more
// than 1 px wide: 4 panels of 2,000 points each fell to 3 fps at 2 px, 20-50 at 1 px.
const WIDE = 2, THIN = 1, DENSE = 0.5;
// A diverging panel must not squash the others. Before a world is flagged diverged its
// values grow by orders of magnitude within a few steps, and early in a run those steps
// are a large share of all samples, so clipping to percentiles fails. Instead the y range
// spans the values inside Tukey's far-out fences of all panels' samples,
//   [Q1 - 3W, Q3 + 3W],  W = max(Q3 - Q1, |Q1|, |Q3|),
// widened by 5 % each side. The samples are the plotted buckets' minima and maxima (the
// quartiles of a long run's extremes, not of every sample: close for a smooth signal, and
// a bounded sort, at most 2 × 1024 values a panel). The |Q| floor keeps physical changes (a volume ratio halving,
// an energy spike while dragging) in view even when most samples sit at one value; only
// values off by several times the data's own size (a blow-up) leave the plot at its edge.
// With mostly exact zeros, W is the median size of the nonzero values.
// Height is further kept within the limits given (the body's reach). A linear axis, not
// symlog, so a small energy drift stays readable.
const FENCE = 3, PAD = 0.05;

const LOG_DECADES = 16; // the log axis spans at most this many decades (double round-off)
const AXIS_STYLE = { stroke: '#4a5565', grid: { stroke: '#e6eaf0' }, ticks: { stroke: '#d5dbe3' } };

// A log axis ticks whole decades only (uPlot's default also grids 2..9 × each decade,
// a grey band per decade on a 260 px plot), at most six labels, written as 10ⁿ.
const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
const LOG_AXIS = {
  splits: (u, i, min, max) => {
    const a = Math.ceil(Math.log10(min) - 1e-9), b = Math.floor(Math.log10(max) + 1e-9);
    const step = Math.max(1, Math.ceil((b - a) / 6)), out = [];
    for (let k = b; k >= a; k -= step) out.unshift(10 ** k);
    return out;
  },
  filter: (u, splits) => splits, // uPlot's log filter would blank every other decade
  values: (u, splits) => splits.map((v) => (v > 0 ? `10${String(Math.round(Math.log10(v))).replace(/./g, (c) => SUPERSCRIPT[c])}` : '')),
};

const axisLabel = (q, short = false) => {
  const text = (short && q.short) || q.label; // the y axis is 260 px tall: long labels use `short`
  return q.unit ? `${text} (${q.unit})` : text;
};

/** Value at fraction f of the sorted array (nearest rank). */
function quantile(sorted, f) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(f * (sorted.length - 1))))];
}

/** [lo, hi] of the values inside FENCE of all (see FENCE), within limits [min, max]. */
function fenced(all, [min, max]) {
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

/** uPlot's legend shows or hides a line on a click of its name: the same from the keyboard
 *  (Tab to the name, Enter or Space), each name a toggle button that says whether its line
 *  is shown (aria-pressed). */
function keyboardLegend(plot) {
  const rows = plot.root.querySelectorAll('.u-legend .u-series');
  const first = rows.length - (plot.series.length - 1); // the time row, where the legend has one
  rows.forEach((row, k) => {
    const i = k - first + 1, th = row.querySelector('th');
    if (i < 1 || !th) return;
    const show = () => th.setAttribute('aria-pressed', String(plot.series[i].show !== false));
    th.tabIndex = 0;
    th.setAttribute('role', 'button');
    th.title = t('chart.legend_toggle');
    show();
    th.addEventListener('click', show);
    th.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      e.stopPropagation(); // Space here is this toggle, not the lab's play/pause key
      th.click();
    });
  });
}

export class LabChart {
  constructor(host, series, options = {}) {
    this.host = host;
    this.series = series.map((s) => ({ ...s }));
    this.heightLimits = options.heightLimits || [-Infinity, Infinity];
    // the plotted quantities: the core's channels, then the page's own
    this.quantities = [...(options.channels || []), ...PAGE_QUANTITIES];
    this.ids = this.quantities.map((q) => q.id);
    this.quantity = this.quantityOf(options.quantity) || options.quantity === PHASE ? options.quantity : 'height';
    this.history = series.map(() => new PlotHistory(this.ids)); // what is drawn (bounded)
    this.record = series.map(() => new SampleRecord(this.ids));  // what the CSV exports
    this.phase = { ...PHASE_DEFAULT };                        // the phase portrait's axes
    this.traces = series.map(() => new PhaseTrace());         // what the phase portrait draws
    this.divergedAt = series.map(() => NaN);                  // s: where each panel diverged
    this.noteEl = null; // the record-limit note beside the CSV button (chartControls)
    this.dirty = true;
    this.plot = null; // the uPlot instance, once drawn
    if (options.draw !== false) this.draw();
  }

  /** Draws the samples kept so far and every later one (uPlot must have loaded). */
  draw() {
    if (this.plot) return;
    this.build();
    this.resizeObserver = new ResizeObserver(() => {
      const w = Math.max(300, this.host.clientWidth);
      if (w !== this.plot.width) this.plot.setSize({ width: w, height: HEIGHT });
    });
    this.resizeObserver.observe(this.host);
  }

  /** [lo, hi] (m): the height axis never goes beyond them. */
  setHeightLimits(limits) {
    this.heightLimits = limits;
    this.dirty = true;
  }

  /** The quantity with this id ({id, label, unit, short?, help?, log?}), or undefined. */
  quantityOf(id) { return this.quantities.find((q) => q.id === id); }

  build() {
    if (this.plot) this.plot.destroy();
    if (this.quantity === PHASE) return this.buildPhase();
    const q = this.quantityOf(this.quantity);
    const data = this.joined();
    const axis = AXIS_STYLE;
    const opts = {
      width: Math.max(300, this.host.clientWidth),
      height: HEIGHT,
      pxAlign: 0,
      scales: { x: { time: false }, y: q.log ? { distr: 3, log: 10, range: () => this.logRange() } : { range: () => this.range() } },
      hooks: { draw: [(u) => this.drawDivergence(u)] },
      axes: [{ label: t('chart.time_axis'), ...axis }, { label: axisLabel(q, true), size: 70, ...axis, ...(q.log ? LOG_AXIS : {}) }],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 't (s)', value: (u, v) => (v == null ? '–' : v.toFixed(3)) },
        ...this.series.map((s, i) => ({
          label: s.label,
          stroke: s.color,
          width: this.lineWidth(i),
          spanGaps: false,
          points: { size: 5, fill: s.color },
          value: (u, v) => (v == null ? '–' : Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : v.toFixed(4)),
        })),
      ],
    };
    this.plot = new window.uPlot(opts, data, this.host);
    keyboardLegend(this.plot);
    this.plot.root.setAttribute('aria-label', t('chart.plot_of', { quantity: q.label }));
    this.plot.ctx.canvas.setAttribute('role', 'img');
    this.plot.ctx.canvas.setAttribute('aria-label', t('chart.plot_canvas', { quantity: axisLabel(q) }));
  }

  /** The phase portrait: uPlot's mode 2 (each series its own x values), one curve per
   *  panel through its samples in time order. */
  buildPhase() {
    const { q, p } = this.phase;
    const opts = {
      mode: 2,
      width: Math.max(300, this.host.clientWidth),
      height: HEIGHT,
      pxAlign: 0,
      scales: { x: { time: false, auto: false }, y: { auto: false } },
      axes: [{ label: q, ...AXIS_STYLE }, { label: p, size: 70, ...AXIS_STYLE }],
      legend: { live: false },
      cursor: { drag: { x: false, y: false, setScale: false } },
      series: [
        {},
        ...this.series.map((s, i) => ({
          label: s.label,
          stroke: s.color,
          width: this.lineWidth(i),
          points: { show: false },
          facets: [{ scale: 'x', auto: false }, { scale: 'y', auto: false }],
        })),
      ],
    };
    this.plot = new window.uPlot(opts, this.joined(), this.host);
    keyboardLegend(this.plot);
    this.fitPhase();
    this.plot.root.setAttribute('aria-label', t('chart.phase_of', { p, q }));
    this.plot.ctx.canvas.setAttribute('role', 'img');
    this.plot.ctx.canvas.setAttribute('aria-label', t('chart.phase_canvas', { p, q }));
  }

  /** Sets the phase portrait's scales to its points (uPlot's mode 2 does not range its
   *  scales from the data by itself). */
  fitPhase() {
    const [x0, x1] = this.phaseRange(0), [y0, y1] = this.phaseRange(1);
    this.plot.batch(() => {
      this.plot.setScale('x', { min: x0, max: x1 });
      this.plot.setScale('y', { min: y0, max: y1 });
    });
  }

  /** Axis labels and sample ids of the phase portrait ({q, p, qId, pId}, web/core/phase.js
   *  phaseLabels); the traces are drawn again from the samples kept (the CSV record), so
   *  samples taken before the coordinate was known are on them. */
  setPhase(ids) {
    // q and p come as ids of the message table with the axis as parameter (phase.js)
    const labels = ids && { ...ids, q: t(ids.q, { axis: ids.axis }), p: t(ids.p, { axis: ids.axis }) };
    if (!labels || (labels.qId === this.phase.qId && labels.q === this.phase.q)) return;
    this.phase = labels;
    const q = 1 + this.ids.indexOf(labels.qId), p = 1 + this.ids.indexOf(labels.pId);
    this.traces.forEach((trace, i) => {
      trace.clear();
      for (let k = 0; k < this.record[i].rows; k++) {
        const row = this.record[i].row(k);
        trace.add(q > 0 ? row[q] : NaN, p > 0 ? row[p] : NaN);
      }
    });
    if (this.plot && this.quantity === PHASE) this.build();
    this.dirty = true;
  }

  /** Marks panel i as diverged at time t (s): a dashed vertical line in its colour on
   *  the time plots (cleared with the panel). */
  markDiverged(i, t) {
    this.divergedAt[i] = t;
    this.dirty = true;
  }

  /** uPlot draw hook: each diverged panel's line at its time, labelled. */
  drawDivergence(u) {
    const { ctx } = u, { left, top, width, height } = u.bbox;
    const r = u.ctx.canvas.width / u.width || 1;
    this.divergedAt.forEach((t, i) => {
      if (!Number.isFinite(t)) return;
      const x = u.valToPos(t, 'x', true);
      if (x < left - 1 || x > left + width + 1) return;
      ctx.save();
      ctx.strokeStyle = ctx.fillStyle = this.series[i].color;
      ctx.lineWidth = 2 * r;
      ctx.setLineDash([6 * r, 4 * r]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.font = `600 ${12 * r}px system-ui, sans-serif`;
      ctx.textAlign = 'left'; // uPlot leaves the last axis's alignment on the context
      ctx.textBaseline = 'alphabetic';
      const label = `✕ diverged t = ${t.toFixed(3)} s`;
      const w = ctx.measureText(label).width;
      // right of the line, or left of it near the plot's right edge; one row per panel
      ctx.fillText(label, x + 4 * r + w > left + width ? x - 4 * r - w : x + 4 * r, top + (14 + 14 * i) * r);
      ctx.restore();
    });
  }
  /** y range [lo, hi] of the plotted quantity: see FENCE. */
  range() {
    const q = this.ids.indexOf(this.quantity), all = [];
    for (const h of this.history) h.extremes(q, all);
    return fenced(all, this.quantity === 'height' ? this.heightLimits : [-Infinity, Infinity]);
  }

  /** Range of the phase portrait's axis k (0: q, 1: p): see FENCE. */
  phaseRange(k) {
    const all = [];
    for (const line of this.plot?.data?.slice(1) || []) for (const v of line[k]) if (v != null) all.push(v);
    return fenced(all, [-Infinity, Infinity]);
  }

  /** y range of a log axis: the decades holding the positive values plotted, at most
   *  LOG_DECADES of them below the largest (a blow-up's huge values set the top). */
  logRange() {
    const q = this.ids.indexOf(this.quantity), all = [];
    for (const h of this.history) h.extremes(q, all);
    let lo = Infinity, hi = -Infinity;
    for (const v of all) if (v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!(hi >= lo)) return [1e-16, 1];
    const top = Math.ceil(Math.log10(hi) + 1e-9), bottom = Math.max(Math.floor(Math.log10(lo)), top - LOG_DECADES);
    return [10 ** Math.min(bottom, top - 1), 10 ** top];
  }


  /** Relabels panel i's line (e.g. after a stepper change). */
  setLabel(i, label) {
    this.series[i].label = label;
    if (!this.plot) return;
    const el = this.plot.root.querySelectorAll('.u-legend .u-series')[i + 1]?.querySelector('.u-label');
    if (el) el.textContent = label;
    this.plot.series[i + 1].label = label;
  }

  setQuantity(id) {
    if ((!this.quantityOf(id) && id !== PHASE) || id === this.quantity) return;
    this.quantity = id;
    if (this.plot) this.build();
  }

  add(i, t, values) {
    this.history[i].add(t, values);
    this.record[i].add(t, values);
    this.traces[i].add(values[this.phase.qId], values[this.phase.pId]);
    this.dirty = true;
  }

  clear(i) {
    this.history[i].clear();
    this.record[i].clear();
    this.traces[i].clear();
    this.divergedAt[i] = NaN;
    this.dirty = true;
  }

  /** Number of samples taken for panel i since it was last cleared (all plotted,
   *  decimated; every stride-th of them in the CSV). */
  count(i) {
    return this.history[i].samples;
  }

  /** Bytes and rows held: the plotted history (fixed) and the CSV record (grows by
   *  bytesPerRow a kept sample, in chunks of chunkBytes, up to rowLimit rows a panel,
   *  then stays: rows thin out, strides double). */
  memory() {
    const width = 1 + this.ids.length;
    return {
      rows: this.record.map((r) => r.rows),
      dropped: this.record.map((r) => r.dropped),
      strides: this.record.map((r) => r.stride),
      rowLimit: ROW_LIMIT,
      bytesPerRow: 8 * width,
      chunkBytes: 8 * width * CHUNK_ROWS,
      recordBytes: this.record.reduce((n, r) => n + r.bytes, 0),
      plotBytes: this.history.reduce((n, h) => n + h.bytes, 0) + this.traces.reduce((n, t) => n + t.bytes, 0),
      buckets: BUCKETS,
    };
  }

  joined() {
    if (this.quantity === PHASE) {
      const lines = this.traces.map((tr) => tr.points());
      this.pointCounts = lines.map(([q]) => q.length);
      return [null, ...lines];
    }
    if (this.history.every((h) => h.samples === 0)) return [[], ...this.history.map(() => [])];
    // NULL_EXPAND (2): a gap (null) also takes in the neighbouring alignment artifacts
    // (undefined where another panel has a sample), or uPlot would draw a line piece
    // across the gap; artifacts elsewhere are spanned, as panels may differ in dt.
    const q = this.ids.indexOf(this.quantity);
    const lines = this.history.map((h) => h.points(q));
    // a log axis has no place for 0 or less (E(0) itself, an exact step): a gap
    if (this.quantityOf(this.quantity).log) for (const [, v] of lines) v.forEach((x, k) => { if (!(x > 0)) v[k] = null; });
    this.pointCounts = lines.map(([t]) => t.length);
    return window.uPlot.join(lines, this.history.map(() => [0, 2]));
  }

  /** Width (CSS px) of panel i's line: see WIDE, THIN. Uses the counts of the last joined(). */
  lineWidth(i) {
    const width = this.plot ? this.plot.width : Math.max(300, this.host.clientWidth);
    return (this.pointCounts?.[i] || 0) > DENSE * width ? THIN : WIDE;
  }

  /** Text of the record-limit note ('' while every sample is in the CSV), in lang (the
   *  page's; the CSV file's own comment line is English, as the command line's CSV). */
  limitNote(lang = undefined) {
    const cut = this.record.map((r, i) => [r, i]).filter(([r]) => r.stride > 1);
    if (cut.length === 0) return '';
    // '2nd', '4th' (the strides are powers of 2): an id each, one wording in a language without the suffixes
    const every = (stride) => (ordinal(stride).endsWith('nd') ? 'chart.limit_every_nd' : 'chart.limit_every_th');
    const which = cut.map(([r, i]) => t(every(r.stride), { stride: r.stride, panel: i + 1 }, lang)).join(', ');
    return t('chart.limit_note', { which, rows: ROW_LIMIT.toLocaleString('en') }, lang);
  }

  /** Redraws if data changed since the last redraw. */
  flush() {
    if (!this.dirty || !this.plot) return;
    this.dirty = false;
    const data = this.joined();
    this.plot.series.forEach((s, k) => { if (k > 0) s.width = this.lineWidth(k - 1); });
    this.plot.setData(data);
    if (this.quantity === PHASE) this.fitPhase();
    if (this.noteEl) {
      const note = this.limitNote();
      if (this.noteEl.textContent !== note) this.noteEl.textContent = note;
      if (this.noteEl.hidden !== !note) this.noteEl.hidden = !note; // the same value set is a DOM change too
    }
  }

  /** Long format, one row per sample: panel, its label, t and every quantity (SI units;
   *  time per step in ms); empty cells where a value is undefined. */
  toCsv() {
    // the core's channels name their column (the command-line CSV's too: softlab/channels.h);
    // the page's own quantities the same way, the unit once: step_ms, not step_ms_ms
    const unit = (q) => q.unit.replace('/', '_per_').replace('·', '_');
    const cols = this.quantities.map((q) => q.column || (q.unit && !q.id.endsWith(`_${unit(q)}`) ? `${q.id}_${unit(q)}` : q.id));
    const quote = (s) => `"${String(s).replace(/"/g, '""')}"`;
    const lines = [];
    const note = this.limitNote('en');
    if (note) {
      const dropped = this.record.map((r, i) => `panel ${i + 1}: ${r.dropped}`).join(', ');
      lines.push(`# softlab: ${note}. Samples not in this file: ${dropped}.`);
    }
    lines.push(['panel', 'label', 't_s', ...cols].join(','));
    this.record.forEach((r, i) => {
      const label = quote(this.series[i].label);
      for (let k = 0; k < r.rows; k++) {
        const row = r.row(k);
        lines.push(`${i + 1},${label},${row.map((v) => (Number.isNaN(v) ? '' : v)).join(',')}`);
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
    ctx.fillText(this.quantity === PHASE ? t('chart.phase_of', { p: this.phase.p, q: this.phase.q })
      : t('chart.png_title', { quantity: axisLabel(this.quantityOf(this.quantity)) }), 10 * r, 19 * r);
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

/** A labelled quantity menu and CSV / PNG download buttons for chart, in container, and
 *  a note beside them once the CSV no longer holds every sample. */
export function chartControls(chart, container, onChange = () => {}) {
  const select = document.createElement('select');
  select.setAttribute('aria-label', t('chart.quantity_label'));
  for (const q of chart.quantities) {
    const opt = document.createElement('option');
    opt.value = q.id;
    opt.textContent = axisLabel(q);
    if (q.help) opt.title = q.help;
    select.append(opt);
  }
  const phase = document.createElement('option');
  phase.value = PHASE;
  phase.textContent = t('chart.phase_option');
  select.append(phase);
  select.value = chart.quantity;
  const explain = () => { select.title = chart.quantityOf(select.value)?.help || ''; }; // what is counted
  explain();
  select.addEventListener('change', () => {
    chart.setQuantity(select.value);
    explain();
    onChange();
  });
  const csv = document.createElement('button');
  csv.className = 'btn small';
  csv.textContent = 'CSV';
  csv.title = t('chart.csv_title', { rows: ROW_LIMIT.toLocaleString('en') });
  csv.setAttribute('aria-label', t('chart.csv_label'));
  csv.addEventListener('click', () => download(new Blob([chart.toCsv()], { type: 'text/csv' }), 'softlab-data.csv'));
  const png = document.createElement('button');
  png.className = 'btn small';
  png.textContent = 'PNG';
  png.setAttribute('aria-label', t('chart.png_label'));
  png.addEventListener('click', async () => download(await chart.toPng(), `softlab-${chart.quantity}.png`));
  const label = document.createElement('label');
  label.append(t('chart.plot'), ' ', select);
  const note = document.createElement('span'); // shown once a panel's record thins
  note.className = 'chart-limit small';
  note.setAttribute('role', 'status');
  note.hidden = true;
  chart.noteEl = note;
  container.replaceChildren(label, csv, png, note);
  chart.dirty = true;
  chart.flush();
}
