// The energy bar chart (PhET's energy bars): for each panel, its kinetic, gravitational
// and elastic energy and their total (J) as horizontal bars, from the measures of the
// latest frame its Worker posted (web/sim/sim-host.js; sl_api_measure). Each panel's bars
// share one scale, the largest |energy| of its run so far (it only grows until the run
// starts again), so energy moving between kinds reads as bars trading length, and a
// total that grows pushes the others shorter; a tick on the total's track marks E(0).
// Per panel, not one scale for all: an exploding panel would flatten the others' bars.
//
// Twelve to sixteen styled elements, not a chart library: uPlot (the lab's plots) draws
// series against x, and grouped categorical bars would need a custom path builder there.
//
//   new EnergyBars(host, panels)   builds one group per panel in host
//   update()                       redraws the bars of panels whose frame changed

import { fmt } from '../ui/format.js';
import { t } from '../ui/messages.js';

const KINDS = [
  { id: 'kinetic', label: 'energy.kinetic' },
  { id: 'potential', label: 'energy.gravity' },
  { id: 'elastic', label: 'energy.elastic' },
  { id: 'total', label: 'energy.total' },
];

export class EnergyBars {
  constructor(host, panels) {
    this.panels = panels;
    this.groups = panels.map((p) => this.group(host, p));
  }

  group(host, p) {
    const g = document.createElement('div');
    g.className = 'energy-group';
    g.style.setProperty('--panel-color', p.color);
    const head = document.createElement('div');
    head.className = 'energy-head';
    head.textContent = t('inspector.panel', { panel: p.index + 1 });
    g.append(head);
    const rows = KINDS.map((k) => {
      const row = document.createElement('div');
      row.className = `energy-row energy-${k.id}`;
      row.dataset.kind = k.id;
      const name = document.createElement('span');
      name.className = 'energy-name';
      name.textContent = t(k.label);
      const track = document.createElement('span');
      track.className = 'energy-track';
      const fill = document.createElement('span');
      fill.className = 'energy-fill';
      track.append(fill);
      const value = document.createElement('span'); // not an output (implicitly a polite live region): it changes every frame
      value.className = 'energy-value';
      row.append(name, track, value);
      g.append(row);
      return { row, track, fill, value };
    });
    const start = document.createElement('span'); // E(0) on the total's track
    start.className = 'energy-start';
    start.title = t('energy.start');
    rows[3].track.append(start);
    host.append(g);
    return { g, head, rows, start, epoch: NaN, frame: null, lo: 0, hi: 0, e0: NaN };
  }

  update() {
    this.panels.forEach((p, i) => {
      const gr = this.groups[i], f = p.run.frame;
      if (!f || f === gr.frame) return;
      gr.frame = f;
      if (f.epoch !== gr.epoch) { // a new run: its scale and E(0) start again
        gr.epoch = f.epoch;
        gr.lo = gr.hi = 0;
        gr.e0 = f.measures ? f.measures.total : NaN;
      }
      const m = f.measures || {};
      const values = KINDS.map((k) => m[k.id]);
      for (const v of [...values, gr.e0]) {
        if (!Number.isFinite(v)) continue;
        gr.lo = Math.min(gr.lo, v);
        gr.hi = Math.max(gr.hi, v);
      }
      const span = gr.hi - gr.lo || 1;
      const at = (v) => (100 * (v - gr.lo)) / span; // % of the track, zero at at(0)
      const zero = at(0);
      gr.g.style.setProperty('--zero', `${zero}%`);
      values.forEach((v, k) => {
        const { row, fill, value } = gr.rows[k];
        const ok = Number.isFinite(v);
        row.dataset.value = ok ? String(v) : '';
        fill.style.left = `${ok ? Math.min(zero, at(v)) : zero}%`;
        fill.style.width = `${ok ? Math.abs(at(v) - zero) : 0}%`;
        const text = ok ? `${fmt(v, 3)} J` : '–';
        if (value.textContent !== text) value.textContent = text;
      });
      gr.start.hidden = !Number.isFinite(gr.e0);
      if (Number.isFinite(gr.e0)) gr.start.style.left = `${at(gr.e0)}%`;
      const head = p.page.label();
      if (gr.head.textContent !== head) gr.head.textContent = head;
    });
  }
}
