// The live chart: height y (m) of the tracked node against time t (s), one line per
// panel (seed 000 Fig. 3), drawn with uPlot (loaded as a classic script: window.uPlot).

const MAX_POINTS = 20000; // per series; beyond it every other point is dropped

export class HeightChart {
  /**
   * @param {HTMLElement} host
   * @param {{label:string, color:string}[]} series
   * @param {[number, number]} yLimits  the y axis never goes beyond these (m), so a
   *        diverging panel does not squash the others
   */
  constructor(host, series, yLimits) {
    this.host = host;
    this.yLimits = yLimits;
    this.data = series.map(() => ({ t: [], y: [] }));
    this.dirty = true;
    const [yMin, yMax] = yLimits;
    const opts = {
      width: Math.max(300, host.clientWidth),
      height: 260,
      pxAlign: 0,
      scales: {
        x: { time: false },
        y: {
          range: (u, lo, hi) => {
            if (lo == null || hi == null || !Number.isFinite(lo) || !Number.isFinite(hi)) return [yMin, yMax];
            const pad = 0.08 * Math.max(hi - lo, 0.5);
            return [Math.max(yMin, lo - pad), Math.min(yMax, hi + pad)];
          },
        },
      },
      axes: [
        { label: 'time t (s)', stroke: '#4a5565', grid: { stroke: '#e6eaf0' }, ticks: { stroke: '#d5dbe3' } },
        { label: 'height y (m)', stroke: '#4a5565', grid: { stroke: '#e6eaf0' }, ticks: { stroke: '#d5dbe3' } },
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 't (s)', value: (u, v) => (v == null ? '–' : v.toFixed(3)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          spanGaps: true,
          points: { size: 5, fill: s.color },
          value: (u, v) => (v == null ? '–' : v.toFixed(4)),
        })),
      ],
    };
    this.plot = new window.uPlot(opts, this.joined(), host);
    this.resizeObserver = new ResizeObserver(() => {
      const w = Math.max(300, this.host.clientWidth);
      if (w !== this.plot.width) this.plot.setSize({ width: w, height: 260 });
    });
    this.resizeObserver.observe(host);
  }

  /** Relabels series i (e.g. after a stepper change). */
  setLabel(i, label) {
    const el = this.plot.root.querySelectorAll('.u-legend .u-series')[i + 1]?.querySelector('.u-label');
    if (el) el.textContent = label;
    this.plot.series[i + 1].label = label;
  }

  add(i, t, y) {
    const d = this.data[i];
    if (!Number.isFinite(y)) return;
    d.t.push(t);
    d.y.push(y);
    if (d.t.length > MAX_POINTS) {
      d.t = d.t.filter((_, k) => k % 2 === 0);
      d.y = d.y.filter((_, k) => k % 2 === 0);
    }
    this.dirty = true;
  }

  clear(i) {
    this.data[i] = { t: [], y: [] };
    this.dirty = true;
  }

  /** Number of samples held for series i. */
  count(i) {
    return this.data[i].t.length;
  }

  joined() {
    const tables = this.data.map((d) => [d.t, d.y]);
    if (tables.every((tb) => tb[0].length === 0)) return [[], ...this.data.map(() => [])];
    return window.uPlot.join(tables);
  }

  /** Redraws if data changed since the last redraw. */
  flush() {
    if (!this.dirty) return;
    this.dirty = false;
    this.plot.setData(this.joined());
  }
}
