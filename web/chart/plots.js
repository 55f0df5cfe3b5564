// The live chart of every panel (web/chart/chart.js, uPlot): the samples each panel's Worker
// takes, one per SAMPLE_EVERY of simulated time at most (web/sim/sim-host.js: a chart has
// only so many pixels), arrive with its frames.

import { LabChart, chartControls } from './chart.js';

export class Plots {
  /** Made with the panels, before their first frame: it keeps their samples from the
   *  start and draws them once draw() is called (the charting library loaded).
   *  @param panels   the lab's panels (label(), color)
   *  @param channels the core's plotted channels (core.channels)
   *  @param onChange () => void after the user picks another quantity (URL) */
  constructor(host, controlsHost, panels, { quantity, channels }, onChange) {
    this.chart = new LabChart(host, panels.map((p) => ({ label: p.page.label(), color: p.color })), { quantity, channels, draw: false });
    chartControls(this.chart, controlsHost, onChange);
    this.last = []; // each panel's latest sample shown
  }

  /** Draws from now on, the height axis within heightLimits ([lo, hi], m: the body's reach). */
  draw(heightLimits) {
    this.chart.setHeightLimits(heightLimits);
    this.chart.draw();
  }

  /** The phase portrait's coordinate (web/core/phase.js phaseLabels) of a new world: one
   *  scene, so every panel's is the same. */
  setPhase(labels) { this.chart.setPhase(labels); }

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
