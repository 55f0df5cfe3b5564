// The element inspector (issue 13 item 9) in headless Chromium: a shift-click on a node
// of fem-soft-beam (Y = 8 kPa, ν = 0.25; seed 000 Fig. 10) at Δt = 2 ms under three
// steppers shows the same tetrahedron in every panel, and its numbers agree with what the
// test computes itself from the node positions the panels report: the rest volume, the
// volume ratio J = V/V₀, and at rest the unstrained state (J = 1, E = 0, W = 0).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab: openSite, labState } = require('./harness');

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
    await page.click('#play');
    await page.waitForFunction(() => window.softlab.state().t > 0.3, null, { timeout: 20000 });
    await page.click('#pause');
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
