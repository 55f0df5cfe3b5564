// What the panels show: shaded or wireframe, the rest-shape ghost, the rotation field as
// small RGB axis triads (seed 002 eq. 14-15), and a colour map of strain energy density,
// volume change or pressure with a legend. One choice for every panel,
// and one colour range.

import { VIEW, FIELD } from './lab-api.js';
import { fmt } from './format.js';

export const FIELDS = {
  none: { id: FIELD.NONE, label: 'none' },
  energy: { id: FIELD.ENERGY_DENSITY, label: 'strain energy density (J/m³)', unit: 'J/m³' },
  volume: { id: FIELD.VOLUME_CHANGE, label: 'volume change det F − 1', unit: '' },
  // p̂/Δt of the one-ring rows (seed 001 eq. 2): only the `incompressible` stepper has it
  pressure: { id: FIELD.PRESSURE, label: 'pressure p̂/Δt (Pa; incompressible stepper only)', unit: 'Pa' },
};

const $ = (sel) => document.querySelector(sel);

export class ViewControls {
  /**
   * @param panels   every panel (each has a view, or none without WebGL2)
   * @param initial  {view?, ghost?, frames?, color?} from the URL
   * @param changed  () => void after a change (redraw, URL)
   */
  constructor(panels, initial = {}, changed = () => {}) {
    this.panels = panels;
    this.changed = changed;
    this.mode = initial.view === 'wireframe' ? 'wireframe' : 'shaded';
    this.ghost = !!initial.ghost;
    this.frames = !!initial.frames;
    this.field = FIELDS[initial.color] ? initial.color : 'none';
    this.range = null; // [lo, hi] shared by the panels
    const mode = $('#view-mode'), ghost = $('#view-ghost'), frames = $('#view-frames'), color = $('#view-color');
    mode.value = this.mode;
    ghost.checked = this.ghost;
    frames.checked = this.frames;
    color.value = this.field;
    mode.addEventListener('change', () => { this.mode = mode.value; this.apply(); });
    ghost.addEventListener('change', () => { this.ghost = ghost.checked; this.apply(); });
    frames.addEventListener('change', () => { this.frames = frames.checked; this.apply(); });
    color.addEventListener('change', () => { this.field = color.value; this.resetRange(); this.apply(); });
    this.apply();
  }

  apply() {
    const flags = VIEW.SHADED | VIEW.COLOR_MAP | (this.mode === 'wireframe' ? VIEW.WIREFRAME : 0) | (this.ghost ? VIEW.GHOST : 0) |
      (this.frames ? VIEW.FRAMES : 0);
    for (const p of this.panels) {
      if (p.view) p.view.setMode(flags);
      p.setFrames(this.frames);
      p.setColorField(FIELDS[this.field].id, NaN, NaN);
    }
    this.changed();
    this.showLegend();
  }

  resetRange() {
    this.range = null;
    this.showLegend();
  }

  /** After a draw: one range for every panel, the union of their automatic ranges
   *  (robust quantiles that widen until a reset: src/wasm/api_view.c), so a colour means
   *  the same value in every panel and over time. A panel without the field (pressure
   *  under a stepper other than `incompressible`: NaN) leaves the range to the others. */
  update() {
    if (this.field === 'none') return;
    let lo = Infinity, hi = -Infinity;
    for (const p of this.panels.filter((q) => q.view)) {
      const [l, h] = p.view.autoRange();
      if (!Number.isFinite(l) || !Number.isFinite(h)) continue;
      lo = Math.min(lo, l);
      hi = Math.max(hi, h);
    }
    if (!(lo < hi) || (this.range && this.range[0] === lo && this.range[1] === hi)) return;
    this.range = [lo, hi];
    for (const p of this.panels) p.setColorField(FIELDS[this.field].id, lo, hi);
    this.showLegend();
  }

  showLegend() {
    const legend = $('#field-legend');
    legend.hidden = this.field === 'none';
    if (legend.hidden) return;
    legend.dataset.field = this.field;
    $('.legend-title', legend).textContent = FIELDS[this.field].label;
    const [lo, hi] = this.range || [NaN, NaN];
    $('.legend-lo', legend).textContent = fmt(lo, 4);
    $('.legend-hi', legend).textContent = fmt(hi, 4);
  }

  /** URL parameters of the view (none when it is the default). */
  query() {
    return { view: this.mode === 'wireframe' ? 'wireframe' : null, ghost: this.ghost ? '1' : null, frames: this.frames ? '1' : null, color: this.field === 'none' ? null : this.field };
  }
}
