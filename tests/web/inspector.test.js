// The element inspector (issue 13 item 9) in headless Chromium: a shift-click on a node
// of fem-soft-beam (Y = 8 kPa, ν = 0.25; seed 000 Fig. 10) at Δt = 2 ms under three
// steppers shows the same tetrahedron in every panel, and its numbers agree with what the
// test computes itself from the node positions the panels report: the rest volume, the
// volume ratio J = V/V₀, and at rest the unstrained state (J = 1, E = 0, W = 0). On a
// grid solid (grid-box-drop, seed 004 Fig. 5: 5³ particles 0.1 m apart, the improved
// model; Δt = 2 ms) it shows the grid cell of the node instead, whose metric tensor G the test
// recomputes from the panel's positions with the model's differences (seed 004 eq. 2).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const fs = require('node:fs');
const path = require('node:path');

const { RESULTS, startSite, openLab: openSite, labState } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** Signed volume (m³) of the tet with these nodes in a positions array: det(b−a, c−a, d−a)/6. */
function tetVolume(x, [a, b, c, d]) {
  const e = [b, c, d].map((n) => [0, 1, 2].map((k) => x[3 * n + k] - x[3 * a + k]));
  const [u, v, w] = e;
  return (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

describe('element inspector', () => {
  let page;
  before(async () => { page = await openSite(site, '?scene=fem-soft-beam&methods=symplectic-euler,implicit-euler,regularized&dt=0.002&paused=1'); });
  after(async () => { await page.close(); });

  test('a shift-click shows the same tet in every panel, unstrained at rest', async () => {
    assert.strictEqual(await page.locator('#inspector').isVisible(), false);
    const s0 = await labState(page);
    // a free node of the beam's tip half, as panel 3 draws it
    const node = s0.panels[2].positions.length / 3 - 1;
    const at = await page.evaluate((n) => window.softlab.nodeOnScreen(2, n), node);
    assert.ok(at, 'the node is drawn');
    await page.keyboard.down('Shift');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Shift');
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.inspection && !p.inspection.error), null, { timeout: 10000 });
    assert.strictEqual(await page.locator('#inspector').isVisible(), true);
    const s = await labState(page);
    const ins = s.panels.map((p) => p.inspection);
    for (const i of ins) assert.deepStrictEqual([i.tet, i.nodes], [ins[0].tet, ins[0].nodes], 'one element in every panel');
    assert.ok(ins[0].nodes.includes(ins[0].node));
    const v0 = tetVolume(s.panels[0].positions, ins[0].nodes);
    for (const i of ins) {
      assert.ok(Math.abs(i.restVolume - v0) < 1e-12 * v0, `V0 ${i.restVolume} against ${v0}`);
      assert.ok(Math.abs(i.J - 1) < 1e-12 && i.stretches.every((l) => Math.abs(l - 1) < 1e-12), JSON.stringify(i));
      assert.ok(i.green.every((e) => Math.abs(e) < 1e-12) && Math.abs(i.energyDensity) < 1e-12 && Math.abs(i.vonMises) < 1e-6);
    }
    assert.match(await page.textContent('#inspector h2'), new RegExp(`tet ${ins[0].tet} \\(nodes ${ins[0].nodes.join(', ')}\\)`));
    // the element's six edges are outlined over every view
    assert.strictEqual(await page.locator('.inspect-outline:visible').count(), 3);
  });

  test('while it runs, J is the volume ratio of the tet the panel shows, and E = ½(FᵀF − I)', async () => {
    await page.click('#play[data-action=play]');
    await page.waitForFunction(() => window.softlab.state().t > 0.3, null, { timeout: 20000 });
    await page.click('#play[data-action=pause]');
    const s = await labState(page);
    const v0 = s.panels[0].inspection.restVolume;
    for (const p of s.panels) {
      const i = p.inspection;
      const J = tetVolume(p.positions, i.nodes) / v0;
      assert.ok(Math.abs(i.J - J) < 1e-9, `panel ${p.method}: J ${i.J} against ${J} from its positions`);
      assert.ok(Math.abs(i.stretches[0] * i.stretches[1] * i.stretches[2] - i.J) < 1e-9);
      const F = i.F;
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          let c = 0;
          for (let k = 0; k < 3; k++) c += F[3 * k + a] * F[3 * k + b];
          assert.ok(Math.abs(i.green[3 * a + b] - 0.5 * (c - (a === b))) < 1e-12);
        }
      }
    }
    // the steppers bend the beam differently: the same element, different states
    assert.notStrictEqual(s.panels[0].inspection.J, s.panels[2].inspection.J);
    assert.ok(s.panels.every((p) => p.inspection.energyDensity > 0));
  });

  test('× closes it: the card hides and the frames stop carrying the element', async () => {
    await page.click('#inspector button');
    assert.strictEqual(await page.locator('#inspector').isVisible(), false);
    await page.keyboard.press('.');
    const s = await labState(page);
    assert.ok(s.panels.every((p) => p.inspection === null));
    assert.strictEqual(await page.locator('.inspect-outline:visible').count(), 0);
    assert.deepStrictEqual(page.errors, []);
  });
});

/** Seed 004 eq. 2 on a cell as the grid model differences it: G_ij, the mean over the
 *  corners c (c = dx + 2 dy + 4 dz) of the products of the edges from c along i and j,
 *  each over its rest length and signed along +a_i. x, rest: positions arrays. */
function cellMetric(x, rest, n) {
  const dot = (y, o, p, q) => [0, 1, 2].reduce((s, k) => s + (y[3 * p + k] - y[3 * o + k]) * (y[3 * q + k] - y[3 * o + k]), 0);
  const G = new Array(9).fill(0);
  for (let c = 0; c < 8; c++) {
    const L = [0, 1, 2].map((i) => Math.sqrt(dot(rest, n[c], n[c ^ (1 << i)], n[c ^ (1 << i)])));
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const sign = ((c >> i) & 1) === ((c >> j) & 1) ? 1 : -1;
        G[3 * i + j] += (sign * dot(x, n[c], n[c ^ (1 << i)], n[c ^ (1 << j)])) / (8 * L[i] * L[j]);
      }
    }
  }
  return G;
}

const det3 = (A) => A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) + A[2] * (A[3] * A[7] - A[4] * A[6]);

describe('element inspector on a grid solid', () => {
  let page, rest;
  before(async () => { page = await openSite(site, '?scene=grid-box-drop&methods=terzopoulos,implicit-euler,regularized&dt=0.002&paused=1'); });
  after(async () => { await page.close(); });

  test('a shift-click shows the grid cell of the node in every panel: G = G⁰ = I at rest', async () => {
    const s0 = await labState(page);
    rest = s0.panels[0].positions;
    // the bottom node lowest on screen: the box's near bottom corner, in view
    const bottom = Math.min(...rest.filter((_, k) => k % 3 === 1));
    const nodes = [...Array(rest.length / 3).keys()].filter((i) => rest[3 * i + 1] === bottom);
    const at = await page.evaluate(async (list) => {
      let best = null;
      for (const i of list) {
        const q = await window.softlab.nodeOnScreen(1, i);
        if (q && (!best || q.y > best.y)) best = q;
      }
      return best;
    }, nodes);
    assert.ok(at, 'the node is drawn');
    await page.keyboard.down('Shift');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Shift');
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.inspection && !p.inspection.error), null, { timeout: 10000 });
    const s = await labState(page);
    const ins = s.panels.map((p) => p.inspection);
    for (const i of ins) assert.deepStrictEqual([i.kind, i.cell, i.nodes], ['cell', ins[0].cell, ins[0].nodes], 'one cell in every panel');
    const n = ins[0].nodes;
    assert.ok(n.includes(ins[0].node));
    // the corners in order: corner c sits at (dx, dy, dz) 0.1 m from corner 0
    for (let c = 0; c < 8; c++) {
      for (let k = 0; k < 3; k++) assert.ok(Math.abs(rest[3 * n[c] + k] - rest[3 * n[0] + k] - 0.1 * ((c >> k) & 1)) < 1e-12);
    }
    for (const i of ins) {
      assert.ok(Math.abs(i.restVolume - 1e-3) < 1e-15, `V0 ${i.restVolume}`);
      for (let k = 0; k < 9; k++) {
        const I = k % 4 === 0 ? 1 : 0;
        assert.ok(Math.abs(i.G[k] - I) < 1e-12 && Math.abs(i.G0[k] - I) < 1e-12 && Math.abs(i.dG[k]) < 1e-12, JSON.stringify(i));
      }
      assert.ok(Math.abs(i.J - 1) < 1e-12 && i.stretches.every((l) => Math.abs(l - 1) < 1e-12) && Math.abs(i.energyDensity) < 1e-12);
    }
    assert.match(await page.textContent('#inspector h2'), new RegExp(`grid cell ${ins[0].cell} \\(corners ${n.join(', ')}\\)`));
    const rows = await page.$$eval('#inspector tbody tr', (trs) => trs.map((tr) => tr.dataset.row));
    assert.deepStrictEqual(rows, ['J', 'stretches', 'energy', 'G', 'G0', 'dG']);
    // the cell's twelve edges are outlined over every view
    assert.strictEqual(await page.locator('.inspect-outline:visible').count(), 3);
    assert.strictEqual(await page.locator('.inspect-outline:visible line:visible').count(), 36);
  });

  test('on the ground, G is the metric of the positions each panel shows', async () => {
    // one step at a time ('.') to t = 0.28 s, just after the box lands (0.3 m of fall: 0.25 s)
    let s = await labState(page);
    for (let k = 0; k < 200 && s.panels[0].t < 0.28 - 1e-9; k++) {
      await page.click('#step');
      s = await labState(page);
    }
    assert.ok(Math.abs(s.panels[0].t - 0.28) < 1e-9, JSON.stringify(s.panels.map((p) => [p.t, p.diverged, p.stopped, p.message])));
    for (const p of s.panels) {
      const i = p.inspection;
      const G = cellMetric(p.positions, rest, i.nodes);
      for (let k = 0; k < 9; k++) {
        assert.ok(Math.abs(i.G[k] - G[k]) < 1e-9, `panel ${p.method}: G[${k}] ${i.G[k]} against ${G[k]} from its positions`);
        assert.ok(Math.abs(i.dG[k] - (G[k] - (k % 4 === 0))) < 1e-9);
      }
      assert.ok(Math.abs(i.J - Math.sqrt(det3(G))) < 1e-9, `J ${i.J} against √det G ${Math.sqrt(det3(G))}`);
      assert.ok(Math.abs(i.stretches[0] * i.stretches[1] * i.stretches[2] - i.J) < 1e-9);
      const strain = Math.max(...i.dG.map(Math.abs));
      console.log(`  ${p.method} t = ${p.t.toFixed(3)} s: cell ${i.cell}, max |G − G⁰| ${strain.toExponential(2)}, J ${i.J.toFixed(6)}, W ${i.energyDensity.toExponential(3)} J/m³`);
      assert.ok(i.energyDensity > 0 && strain > 1e-6, `panel ${p.method}: the cell is strained (W ${i.energyDensity} J/m³)`);
    }
    // the steppers land the box differently: the same cell, different states
    assert.notStrictEqual(s.panels[0].inspection.G[4], s.panels[2].inspection.G[4]);
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'inspector-grid.png'), fullPage: true });
    assert.deepStrictEqual(page.errors, []);
  });
});
