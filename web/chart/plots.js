// The live chart of every panel (web/chart/chart.js, uPlot): the samples each panel's Worker
// takes, one per SAMPLE_EVERY of simulated time at most (web/sim/sim-host.js: a chart has
// only so many pixels), arrive with its frames.

import { LabChart, chartControls } from './chart.js';

export class Plots {
  /** @param onChange () => void after the user picks another quantity (URL) */
  /** @param channels the core's plotted channels (core.channels) */
  constructor(host, controlsHost, panels, { quantity, heightLimits, channels }, onChange) {
    this.chart = new LabChart(host, panels.map((p) => ({ label: p.page.label(), color: p.color })), { quantity, heightLimits, channels });
    this.chart.setPhase(panels[0].run.phaseLabels); // one scene: every panel's coordinate is the same
    chartControls(this.chart, controlsHost, onChange);
    this.last = []; // each panel's latest sample shown
  }

  get quantity() { return this.chart.quantity; }

  /** Appends panel p's samples ({t, ...quantities}, SI units; time per step in ms). */
  add(p, samples) {
    for (const { t, ...values } of samples) this.chart.add(p.index, t, values);
    if (samples.length) this.last[p.index] = samples[samples.length - 1];
  }

  /** Panel i's latest sample shown ({t, ...quantities}), or null (the course API's samples). */
  latest(i) { return this.last[i] || null; }

  /** Marks where panel p diverged (t, s) on the time plots. */
  diverged(p, t) {
    this.chart.markDiverged(p.index, t);
  }

  /** Panel p's curve starts again (a reset); its first sample comes with the next frame. */
  restart(p) {
    this.chart.clear(p.index);
    this.last[p.index] = null;
  }

  relabel(panels) {
    for (const p of panels) this.chart.setLabel(p.index, p.page.label());
  }

  flush() { this.chart.flush(); }
  count(i) { return this.chart.count(i); }
}
