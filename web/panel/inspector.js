// The element inspector (issue 13 item 9): shift-click a node (a click, not a drag:
// shift-drag pans) and a card shows the element that has it as a corner, in every panel
// at once, updated with each frame. A tetrahedron: det F, principal stretches, strain
// energy density, von Mises stress, and F, the Green strain E and the Cauchy stress σ as
// 3×3 matrices. A grid cell (seed 004's grid solids): its metric tensor G against the
// rest metric G⁰ and G − G⁰, the volume ratio and stretches they imply, and its strain
// energy density. The same element under each stepper side by side, so a student
// compares the steppers on one element. The numbers come from the core
// (sl_tet_fem_inspect or sl_world_grid_cell_inspect, through web/core/sim.js readInspection in
// each panel's Worker); this file only shows them, and outlines the element's edges (6
// of a tet, 12 of a cell) over each panel's view.
//
//   new Inspector(host, panels)  the card (hidden until an element is picked)
//   open(node) / close()         pick the element of node in every panel / stop
//   update(camera)               redraws from each panel's latest frame

import { fmt, si } from '../ui/format.js';
import { coreText, t } from '../ui/messages.js';

const SVG = 'http://www.w3.org/2000/svg';
// Edges by element kind: a tet's 6, a cell's 12 (corner c = dx + 2 dy + 4 dz).
const EDGES = {
  tet: [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]],
  cell: [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]],
};

const TET_ROWS = [
  { id: 'J', label: 'inspector.tet.j', title: 'inspector.tet.j_help', value: (s) => fmt(s.J, 4) },
  { id: 'stretches', label: 'inspector.stretches', title: 'inspector.tet.stretches_help', value: (s) => s.stretches.map((v) => fmt(v, 4)).join('  ') },
  { id: 'energy', label: 'inspector.energy', title: 'inspector.tet.energy_help', value: (s) => si(s.energyDensity) },
  { id: 'mises', label: 'inspector.tet.mises', title: 'inspector.tet.mises_help', value: (s) => si(s.vonMises) },
  { id: 'F', label: 'inspector.tet.f', title: 'inspector.tet.f_help', matrix: (s) => s.F, digits: 3 },
  { id: 'E', label: 'inspector.tet.green', title: 'inspector.tet.green_help', matrix: (s) => s.green, digits: 4 },
  { id: 'sigma', label: 'inspector.tet.cauchy', title: 'inspector.tet.cauchy_help', matrix: (s) => s.cauchy, si: true },
];

const CELL_ROWS = [
  { id: 'J', label: 'inspector.cell.j', title: 'inspector.cell.j_help', value: (s) => fmt(s.J, 4) },
  { id: 'stretches', label: 'inspector.stretches', title: 'inspector.cell.stretches_help', value: (s) => s.stretches.map((v) => fmt(v, 4)).join('  ') },
  { id: 'energy', label: 'inspector.energy', title: 'inspector.cell.energy_help', value: (s) => si(s.energyDensity) },
  { id: 'G', label: 'inspector.cell.g', title: 'inspector.cell.g_help', matrix: (s) => s.G, digits: 4 },
  { id: 'G0', label: 'inspector.cell.g0', title: 'inspector.cell.g0_help', matrix: (s) => s.G0, digits: 4 },
  { id: 'dG', label: 'inspector.cell.dg', title: 'inspector.cell.dg_help', matrix: (s) => s.dG, digits: 4 },
];

// sl_strain's values in order (softlab/tet_fem.h): a tet model's name in a language file is
// strain.NAME.label, its English the core's (sl_strain_label)
const STRAINS = ['green', 'linear', 'green-deviatoric'];

// label and title are ids of the message table (messages/en.json)
const ROWS = { tet: TET_ROWS, cell: CELL_ROWS };

/** Why inspection s shows no element (web/core/sim.js readInspection: a message of the table). */
const errorText = (s) => (typeof s.error === 'string' ? s.error : t(s.error.id, s.error.params));

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export class Inspector {
  /** @param papers the core's paper table (core.papers): the rows cite a paper as
   *  "[seed N]", written here as its short citation (e.g. Servin et al. 2006) */
  constructor(host, panels, papers) {
    this.cite = (seed) => papers[seed].short;
    this.host = host;
    this.panels = panels;
    this.node = -1;
    this.shown = new Map(); // panel -> the inspection last drawn
    host.hidden = true;
    const head = el('div', 'inspector-head');
    this.title = el('h2', '', t('inspector.title'));
    const close = el('button', 'btn small', '×');
    close.type = 'button';
    close.setAttribute('aria-label', t('inspector.close'));
    close.addEventListener('click', () => this.close());
    head.append(this.title, close);
    this.note = el('p', 'muted small');
    const table = el('table', 'inspector-table');
    const tr = el('tr');
    tr.append(el('th', '', ''));
    for (const p of panels) {
      const th = el('th', 'panel-col');
      th.style.setProperty('--panel-color', p.color);
      th.append(el('span', 'swatch'), t('inspector.panel', { panel: p.index + 1 }));
      tr.append(th);
    }
    const thead = el('thead');
    thead.append(tr);
    this.tbody = el('tbody');
    this.kind = null;
    this.cells = [];
    table.append(thead, this.tbody);
    host.append(head, this.note, table);
    this.outlines = panels.map((p) => {
      const svg = document.createElementNS(SVG, 'svg');
      svg.classList.add('inspect-outline');
      svg.setAttribute('aria-hidden', 'true');
      const lines = EDGES.cell.map(() => svg.appendChild(document.createElementNS(SVG, 'line')));
      svg.style.display = 'none';
      p.page.canvas.after(svg);
      return { svg, lines };
    });
  }

  /** The table's rows for an element kind ('tet' or 'cell'), rebuilt when it changes. */
  setKind(kind) {
    if (kind === this.kind) return;
    this.kind = kind;
    const rows = ROWS[kind].map((row) => {
      const tr = el('tr');
      tr.dataset.row = row.id;
      const th = el('th', '', t(row.label));
      th.scope = 'row';
      th.title = t(row.title).replace(/\[seed (\d)\]/g, (_, k) => this.cite(Number(k)));
      const cells = this.panels.map(() => el('td', row.matrix ? 'matrix' : 'value'));
      tr.append(th, ...cells);
      return { tr, cells };
    });
    this.tbody.replaceChildren(...rows.map((r) => r.tr));
    this.cells = rows.map((r) => r.cells);
  }

  /** The element's edges over panel i's view, where its view draws the nodes now. */
  outline(p, i, s, camera) {
    const { svg, lines } = this.outlines[i];
    const at = s && !s.error && p.hasGl ? s.nodes.map((n) => p.view.project(n, p.cam(camera))) : [];
    if (!at.length || at.some((q) => !q)) {
      svg.style.display = 'none';
      return;
    }
    svg.setAttribute('viewBox', `0 0 ${p.page.canvas.width} ${p.page.canvas.height}`);
    const edges = EDGES[s.kind];
    lines.forEach((line, k) => {
      line.style.display = k < edges.length ? '' : 'none';
      if (k >= edges.length) return;
      const [a, b] = edges[k];
      line.setAttribute('x1', at[a][0]), line.setAttribute('y1', at[a][1]);
      line.setAttribute('x2', at[b][0]), line.setAttribute('y2', at[b][1]);
    });
    svg.style.display = '';
  }

  /** Shows the element of node in every panel, from their next frames on. */
  open(node) {
    this.node = node;
    this.shown.clear();
    this.host.hidden = false;
    for (const p of this.panels) p.run.inspect(node);
  }

  close() {
    this.node = -1;
    this.host.hidden = true;
    for (const { svg } of this.outlines) svg.style.display = 'none';
    for (const p of this.panels) p.run.inspect(-1);
  }

  update(camera) {
    if (this.node < 0) return;
    const current = (p) => (p.run.inspection && p.run.inspection.node === this.node ? p.run.inspection : null);
    const known = this.panels.map(current).find((s) => s && !s.error);
    if (known && known.kind !== this.kind) { // a new kind of element: its rows, all redrawn
      this.setKind(known.kind);
      this.shown.clear();
    }
    let first = null;
    this.panels.forEach((p, i) => {
      const s = current(p);
      this.outline(p, i, s, camera);
      if (!s || this.shown.get(p) === s || !this.kind) return;
      this.shown.set(p, s);
      first = first || s;
      ROWS[this.kind].forEach((row, k) => {
        const td = this.cells[k][i];
        if (s.error) td.textContent = k === 0 ? errorText(s) : '';
        else if (row.matrix) td.replaceChildren(matrix(row.matrix(s), row));
        else td.textContent = row.value(s);
      });
    });
    if (!first) {
      const lost = !known && this.panels.map(current).find((s) => s && s.error);
      if (lost) this.title.textContent = t('inspector.title'), this.note.textContent = errorText(lost);
      return;
    }
    if (first.error) {
      this.title.textContent = t('inspector.title');
      this.note.textContent = errorText(first);
      return;
    }
    const volume = first.restVolume.toExponential(2), nodes = first.nodes.join(', ');
    if (first.kind === 'cell') {
      this.title.textContent = t('inspector.cell_title', { cell: first.cell, nodes });
      this.note.textContent = t('inspector.cell_note', { volume, source: this.cite(4) }) + t('inspector.move');
      return;
    }
    this.title.textContent = t('inspector.tet_title', { tet: first.tet, nodes });
    const model = coreText('strain', STRAINS[first.strain] || '', 'label', first.model);
    this.note.textContent = t('inspector.tet_note', { volume, model }) +
      (first.hardRows ? t('inspector.hard_rows', { rows: first.hardRows }) : '') + t('inspector.move');
  }
}

/** A 3×3 row-major matrix as a small grid of numbers. */
function matrix(m, { digits = 3, si: useSi = false }) {
  const g = el('span', 'mat');
  const big = Math.max(...m.map(Math.abs));
  // round-off beside the entries that matter (1e-13 in a rotation) reads as 0
  for (const v of m) {
    const x = Math.abs(v) <= 1e-9 * big ? 0 : v;
    g.append(el('span', '', useSi ? si(x).trim() : x.toFixed(digits)));
  }
  return g;
}
