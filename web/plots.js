// The live chart of every panel (web/chart.js, uPlot): a sample after each step, at most
// one per CHART_MIN_INTERVAL of simulated time (a chart has only so many pixels).

import { LabChart, chartControls } from './chart.js';

const CHART_MIN_INTERVAL = 0.002; // s of simulated time between chart samples

export class Plots {
  /** @param onChange () => void after the user picks another quantity (URL) */
  constructor(host, controlsHost, panels, { quantity, heightLimits }, onChange) {
    this.chart = new LabChart(host, panels.map((p) => ({ label: p.label(), color: p.color })), { quantity, heightLimits });
    chartControls(this.chart, controlsHost, onChange);
    this.recordedAt = panels.map(() => 0);
  }

  get quantity() { return this.chart.quantity; }

  /** Appends panel p's quantities at its time, unless the last sample is too recent. */
  sample(p) {
    if (p.t > 0 && p.t - this.recordedAt[p.index] < CHART_MIN_INTERVAL * (1 - 1e-9)) return;
    this.recordedAt[p.index] = p.t;
    this.chart.add(p.index, p.t, p.sample());
  }

  /** Panel p's curve starts again (a reset), with its first sample. */
  restart(p) {
    this.chart.clear(p.index);
    this.recordedAt[p.index] = 0;
    this.sample(p);
  }

  relabel(panels) {
    for (const p of panels) this.chart.setLabel(p.index, p.label());
  }

  flush() { this.chart.flush(); }
  count(i) { return this.chart.count(i); }
}
