// What the panels show: shaded or wireframe, the rest-shape ghost, the rotation field as
// small RGB axis triads (seed 002 eq. 14-15), and a colour map of strain energy density,
// volume change or pressure with a legend. One choice for every panel,
// and one colour range.

import { VIEW } from '../core/lab-api.js';
import { fmt } from '../ui/format.js';

const $ = (sel) => document.querySelector(sel);

export class ViewControls {
  /**
   * @param panels   every panel (each has a view, or none without WebGL2)
   * @param initial  {view?, ghost?, frames?, color?} from the URL
   * @param changed  () => void after a change (redraw, URL)
   * @param fields   the core's colour-map fields (core.fields: {id, name, label, legend, unit}),
   *                 the colour menu's choices, their legends and color= names
   */
  constructor(panels, initial = {}, changed = () => {}, fields = []) {
    this.panels = panels;
    this.fields = Object.fromEntries(fields.map((f) => [f.name, f]));
    this.changed = changed;
    this.mode = initial.view === 'wireframe' ? 'wireframe' : 'shaded';
    this.ghost = !!initial.ghost;
    this.frames = !!initial.frames;
    this.field = this.fields[initial.color] ? initial.color : 'none';
    this.range = null; // [lo, hi] shared by the panels
    const mode = $('#view-mode'), ghost = $('#view-ghost'), frames = $('#view-frames'), color = $('#view-color');
    mode.value = this.mode;
    ghost.checked = this.ghost;
    frames.checked = this.frames;
    color.replaceChildren(...fields.map((f) => Object.assign(document.createElement('option'), { value: f.name, textContent: f.label })));
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
      p.setColorField(this.fields[this.field].id, NaN, NaN);
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
    for (const p of this.panels) p.setColorField(this.fields[this.field].id, lo, hi);
    this.showLegend();
  }

  showLegend() {
    const legend = $('#field-legend');
    legend.hidden = this.field === 'none';
    if (legend.hidden) return;
    legend.dataset.field = this.field;
    $('.legend-title', legend).textContent = this.fields[this.field].legend;
    const [lo, hi] = this.range || [NaN, NaN];
    $('.legend-lo', legend).textContent = fmt(lo, 4);
    $('.legend-hi', legend).textContent = fmt(hi, 4);
  }

  /** URL parameters of the view (none when it is the default). */
  query() {
    return { view: this.mode === 'wireframe' ? 'wireframe' : null, ghost: this.ghost ? '1' : null, frames: this.frames ? '1' : null, color: this.field === 'none' ? null : this.field };
  }
}
