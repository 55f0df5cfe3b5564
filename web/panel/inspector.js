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

const SVG = 'http://www.w3.org/2000/svg';
// Edges by element kind: a tet's 6, a cell's 12 (corner c = dx + 2 dy + 4 dz).
const EDGES = {
  tet: [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]],
  cell: [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]],
};

const TET_ROWS = [
  { id: 'J', label: 'J = det F', title: 'volume ratio V/V₀ of the element; below 0 it is inverted', value: (s) => fmt(s.J, 4) },
  { id: 'stretches', label: 'principal stretches', title: 'λ₁ ≤ λ₂ ≤ λ₃: square roots of the eigenvalues of FᵀF (1: unstretched)', value: (s) => s.stretches.map((v) => fmt(v, 4)).join('  ') },
  { id: 'energy', label: 'strain energy density W (J/m³)', title: 'the model’s elastic energy of this element per rest volume ([seed 0] eq. 14)', value: (s) => si(s.energyDensity) },
  { id: 'mises', label: 'von Mises stress (Pa)', title: 'of the Cauchy stress σ', value: (s) => si(s.vonMises) },
  { id: 'F', label: 'deformation gradient F', title: 'F = Ds Dm⁻¹ ([seed 0] eq. 13)', matrix: (s) => s.F, digits: 3 },
  { id: 'E', label: 'Green strain E', title: 'E = ½(FᵀF − I): zero under any rigid motion', matrix: (s) => s.green, digits: 4 },
  { id: 'sigma', label: 'Cauchy stress σ (Pa)', title: 'σ = F S Fᵀ / J, S = ∂W/∂E (for linear FEM, its small-strain stress)', matrix: (s) => s.cauchy, si: true },
];

const CELL_ROWS = [
  { id: 'J', label: 'J = √(det G / det G⁰)', title: 'volume ratio of the cell as the metric sees it; never below 0: the metric cannot tell an inverted cell ([seed 4] §3)', value: (s) => fmt(s.J, 4) },
  { id: 'stretches', label: 'principal stretches', title: 'λ₁ ≤ λ₂ ≤ λ₃: square roots of the eigenvalues of G⁰⁻¹G (1: unstretched)', value: (s) => s.stretches.map((v) => fmt(v, 4)).join('  ') },
  { id: 'energy', label: 'strain energy density W (J/m³)', title: 'the cell’s share of the grid model’s elastic energy (each term split evenly among the cells it touches) per rest volume; eq. 3’s Σ η_ij (G_ij − G⁰_ij)² under a uniform deformation', value: (s) => si(s.energyDensity) },
  { id: 'G', label: 'metric tensor G', title: 'G_ij = D_i r · D_j r ([seed 4] eq. 2): the model’s forward differences over their rest lengths, averaged over the cell’s corners', matrix: (s) => s.G, digits: 4 },
  { id: 'G0', label: 'rest metric G⁰', title: 'G at the rest positions (the identity on a regular grid)', matrix: (s) => s.G0, digits: 4 },
  { id: 'dG', label: 'G − G⁰', title: 'what the energy weighs ([seed 4] eq. 3): zero under any rigid motion; 2E, twice the Green strain, when G⁰ = I', matrix: (s) => s.dG, digits: 4 },
];

const ROWS = { tet: TET_ROWS, cell: CELL_ROWS };

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
    this.title = el('h2', '', 'Element inspector');
    const close = el('button', 'btn small', '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'close the element inspector');
    close.addEventListener('click', () => this.close());
    head.append(this.title, close);
    this.note = el('p', 'muted small');
    const table = el('table', 'inspector-table');
    const tr = el('tr');
    tr.append(el('th', '', ''));
    for (const p of panels) {
      const th = el('th', 'panel-col');
      th.style.setProperty('--panel-color', p.color);
      th.append(el('span', 'swatch'), `panel ${p.index + 1}`);
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
      const th = el('th', '', row.label);
      th.scope = 'row';
      th.title = row.title.replace(/\[seed (\d)\]/g, (_, k) => this.cite(Number(k)));
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
        if (s.error) td.textContent = k === 0 ? s.error : '';
        else if (row.matrix) td.replaceChildren(matrix(row.matrix(s), row));
        else td.textContent = row.value(s);
      });
    });
    if (!first) {
      const lost = !known && this.panels.map(current).find((s) => s && s.error);
      if (lost) this.title.textContent = 'Element inspector', this.note.textContent = lost.error;
      return;
    }
    if (first.error) {
      this.title.textContent = 'Element inspector';
      this.note.textContent = first.error;
      return;
    }
    const move = ' · shift-click another node to move, × to close';
    if (first.kind === 'cell') {
      this.title.textContent = `Element inspector: grid cell ${first.cell} (corners ${first.nodes.join(', ')})`;
      this.note.textContent = `rest volume ${first.restVolume.toExponential(2)} m³ · Terzopoulos grid solid (${this.cite(4)}): ` +
        'the metric by the model’s own differences, dimensionless (material coordinates in m)' + move;
      return;
    }
    this.title.textContent = `Element inspector: tet ${first.tet} (nodes ${first.nodes.join(', ')})`;
    this.note.textContent = `rest volume ${first.restVolume.toExponential(2)} m³ · ${first.model}` +
      (first.hardRows ? ` · ${first.hardRows} incompressible row left out: its pressure is a multiplier the element alone cannot tell` : '') +
      move;
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
