// The solver-iterations plot (web/chart/chart.js solver_iterations, sl_step_timing.iterations
// through sl_api_measure): on onering-sphere-drop at its defaults but dt = 5e-4 s, set in
// the URL (4 cells, 192 tets, incompressible stepper, MINRES to 1e-4; the scene's own dt is
// 1 ms since issue 27), run through the impact to
// t = 0.3 s, the page's samples (one every 0.002 s: every fourth step) average what the C
// test onering_solver_iterations_per_step_are_the_pressure_solves
// (tests/c/test_onering_scenes.c) measures natively over the same steps: 3.06 Krylov
// iterations a step (two pressure solves by MINRES preconditioned with a reused Cholesky
// factor; 25.76 with the diagonal, 30.46 unpreconditioned), within 5 % (wasm and native round differently,
// and a solve at the 1 % tolerance can take an iteration more or less). A regularized
// panel on the same scene (per-tet ν = 0.45 tets, PCG on a reused Cholesky factor) plots
// its own count: 0 in free fall (its extrapolated first guess is exact there), more
// after the impact.
// Serves SOFTLAB_SITE (default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab, labState } = require('./harness');

const T_END = 0.3;          // s
const C_MEAN = 3.06;       // iterations a step over steps 4, 8, ..., 600 (native C test)

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

describe('solver-iterations plot', () => {
  test('onering-sphere-drop: the plotted MINRES iterations average the C count', async () => {
    const page = await openLab(site, '?scene=onering-sphere-drop&methods=incompressible,regularized&onering=1,0&dt=0.0005&plot=solver_iterations', { width: 1200, height: 900 });
    await page.waitForFunction((t) => window.softlab.state().panels.every((p) => p.t >= t || p.stopped), T_END, { timeout: 120000 });
    await page.click('#play[data-action=pause]');
    await labState(page);
    const rows = await page.evaluate(async (tEnd) => {
      const chart = window.softlab.chart;
      const k = 1 + chart.ids.indexOf('solver_iterations'); // the core's channel table's order
      return chart.record.map((r) => {
        const out = [];
        for (let i = 0; i < r.rows; i++) {
          const row = r.row(i);
          if (row[0] <= tEnd + 1e-9) out.push([row[0], row[k]]);
        }
        return out;
      });
    }, T_END);
    const select = await page.$eval('select[aria-label="plotted quantity"]', (s) => ({ value: s.value, title: s.title }));
    assert.strictEqual(select.value, 'solver_iterations');
    assert.match(select.title, /MINRES/, 'the menu says which solver is counted');
    const [ring, tets] = rows;
    // t = 0 has no step yet: a gap (NaN), then one sample every 0.002 s
    assert.ok(Number.isNaN(ring[0][1]) && ring[0][0] === 0, JSON.stringify(ring[0]));
    const counted = ring.slice(1).map((r) => r[1]);
    assert.strictEqual(counted.length, Math.round(T_END / 0.002));
    const mean = counted.reduce((a, b) => a + b, 0) / counted.length;
    console.log(`incompressible: ${mean.toFixed(2)} iterations a step over ${counted.length} samples (C: ${C_MEAN}); ` +
      `regularized (PCG): ${tets.slice(1).map((r) => r[1]).join(' ')}`);
    assert.ok(Math.abs(mean - C_MEAN) < 0.05 * C_MEAN, `mean ${mean} against ${C_MEAN}`);
    assert.ok(counted.every((v) => Number.isInteger(v) && v >= 0), JSON.stringify(counted));
    // in free fall the velocity is a rigid translation: both right-hand sides are rounding
    // error of their terms and the solves are skipped (SL_INCOMPRESSIBLE_ROUNDING; natively
    // 0 iterations from step 3 to the impact at step 286, t = 0.143 s); after it, two solves
    const ringFall = ring.filter((r) => r[0] > 0 && r[0] < 0.14).map((r) => r[1]);
    const ringAfter = ring.filter((r) => r[0] > 0.145).map((r) => r[1]);
    assert.ok(ringFall.length > 60 && ringFall.every((v) => v === 0), JSON.stringify(ringFall));
    assert.ok(ringAfter.length > 70 && ringAfter.every((v) => v >= 2), 'two solves a step, at least one iteration each');
    // PCG starts from v extrapolated, 2 v_n - v_(n-1): in free fall (rigid, constant
    // acceleration; the ball falls 0.1 m and lands at t = sqrt(2 x 0.1 / 9.81) = 0.143 s)
    // that guess solves the step exactly, 0 iterations; after the impact it does not
    const fall = tets.filter((r) => r[0] > 0 && r[0] < 0.13).map((r) => r[1]);
    const impact = tets.filter((r) => r[0] > 0.15).map((r) => r[1]);
    assert.ok(fall.length > 50 && fall.every((v) => v === 0), JSON.stringify(fall));
    assert.ok(impact.some((v) => v > 0) && impact.every((v) => Number.isInteger(v) && v >= 0 && v < 200), JSON.stringify(impact));
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
