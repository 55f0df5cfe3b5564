// The iterations a step of the position-based steppers (issue 46: the sweeps of xpbd and
// pbd, the substeps of xpbd-substeps; sl_world_set_iterations) as a panel setting: the
// field is shown for a stepper whose core flag SL_STEPPER_USES_ITERATIONS is set and for
// no other; a count the core takes changes the run as the core computes it; a count it
// refuses is refused in the core's words and the panel runs on.
//
// Reference numbers come from the core itself, run here in Node from the same staged
// softlab.wasm (web/core/sim.js buildSim, sl_api_set_iterations, sl_api_step, sl_api_measure):
// the page, whose Worker runs the same steps, must show the same max|φ|. Set-up:
// swinging-cube (springs, seed 000 §3), xpbd at Δt = 0.01 s, 50 steps (t = 0.5 s). Natively
// (`softlab run --scene swinging-cube --method xpbd --dt 0.01 --t-end 0.5 --iterations N`)
// max|φ| is 1.80e-3 at N = 1 and 5.06e-4 at N = 50: Gauss-Seidel sweeps that have not
// converged leave the springs softer than their compliance (Macklin, Müller, Chentanez
// 2016, §3 and §7: XPBD's stiffness depends on the count only until it converges).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { SITE, startSite, openLab: openSite, labState, stepLab, typePanelField } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const QUERY = '?scene=swinging-cube&methods=xpbd,implicit-euler&dt=0.01&paused=1';
const STEPS = 50;

let site;
let core;  // the staged core, loaded in Node
let sim;   // its web/core/sim.js
let STEPPER; // the core's stepper flags (web/core/lab-api.js)
before(async () => {
  site = await startSite();
  let web;
  ({ core, web } = await loadStagedCore(SITE));
  sim = await web('core/sim.js');
  ({ STEPPER } = await web('core/lab-api.js'));
});
after(async () => { if (site) await site.close(); });

/** The core's max|φ| of the set-up above after STEPS steps with `iterations` a step. */
function coreViolation(iterations) {
  const { h, status, error } = sim.buildSim(core, 'swinging-cube', {}, 'xpbd', 0.01, 0);
  assert.strictEqual(status, 0, error);
  try {
    assert.strictEqual(core.api.set_iterations(h, iterations), 0, core.api.last_error());
    assert.strictEqual(core.api.step(h, STEPS), 0);
    return sim.readMeasures(core, h).violation;
  } finally {
    core.api.sim_destroy(h);
  }
}

/** The core's refusal of `iterations` (its status and words), on a simulation of the set-up. */
function coreRefusal(iterations) {
  const { h } = sim.buildSim(core, 'swinging-cube', {}, 'xpbd', 0.01, 0);
  try {
    const status = core.api.set_iterations(h, iterations);
    return { status, error: core.api.last_error() };
  } finally {
    core.api.sim_destroy(h);
  }
}

describe('the iterations field of a panel', () => {
  let page;
  before(async () => { page = await openSite(site, QUERY); });
  after(async () => { await page.close(); });

  test('shown for the steppers the core flags (xpbd, xpbd-substeps), not for implicit Euler; the core\'s default in it', async () => {
    const uses = (name) => (core.steppers.find((st) => st.name === name).flags & STEPPER.USES_ITERATIONS) !== 0;
    assert.deepStrictEqual(['xpbd', 'xpbd-substeps', 'pbd', 'implicit-euler'].map(uses), [true, true, true, false]);
    const labels = page.locator('.panel label.iterations');
    assert.strictEqual(await labels.nth(0).isVisible(), true, 'xpbd shows the field');
    assert.strictEqual(await labels.nth(1).isVisible(), false, 'implicit Euler does not');
    // the count a world starts with, as the core holds it
    const { h } = sim.buildSim(core, 'swinging-cube', {}, 'xpbd', 0.01, 0);
    const byDefault = core.api.iterations(h);
    core.api.sim_destroy(h);
    const s = await labState(page);
    assert.strictEqual(s.panels[0].iterations, byDefault);
    assert.strictEqual(await page.locator('.panel input.iterations-input').nth(0).inputValue(), String(byDefault));
    // a stepper change shows or hides it as the table says
    // (after the Worker has taken the stepper: the field follows the run's stepper)
    const taken = (method) => page.waitForFunction((m) => window.softlab.state().panels[1].method === m, method, { timeout: 30000 });
    await page.locator('.panel select.method').nth(1).selectOption('xpbd-substeps');
    await taken('xpbd-substeps');
    assert.strictEqual(await labels.nth(1).isVisible(), true, 'xpbd-substeps shows the field');
    await page.locator('.panel select.method').nth(1).selectOption('implicit-euler');
    await taken('implicit-euler');
    assert.strictEqual(await labels.nth(1).isVisible(), false);
  });

  test('1 against 50 iterations: max|φ| as the core computes it, larger with fewer sweeps', { timeout: 120000 }, async () => {
    const measured = {};
    for (const n of [1, 50]) {
      await typePanelField(page, 'input.iterations-input', 0, String(n));
      let s = await labState(page);
      assert.strictEqual(s.panels[0].iterations, n);
      assert.strictEqual(s.t, 0, 'a new count starts the comparison again');
      assert.match(page.url(), new RegExp(`[?&]iterations=${n},10(&|$)`));
      s = await stepLab(page, STEPS);
      assert.ok(Math.abs(s.panels[0].t - STEPS * 0.01) < 1e-9, `t = ${s.panels[0].t}`);
      measured[n] = s.panels[0].violation;
      const reference = coreViolation(n);
      assert.ok(Math.abs(measured[n] / reference - 1) < 1e-9, `${n} iterations: page ${measured[n]}, core ${reference}`);
      await page.evaluate(() => window.softlab.control.reset());
    }
    // the two settings differ as the core says: fewer sweeps, a softer cube (natively
    // 1.80e-3 against 5.06e-4, a factor 3.6)
    assert.ok(measured[1] > 2 * measured[50], `max|φ| ${measured[1]} (1) against ${measured[50]} (50)`);
    console.log(`swinging-cube, xpbd, Δt = 0.01 s, t = 0.5 s: max|φ| = ${measured[1].toExponential(3)} (1 iteration), ${measured[50].toExponential(3)} (50)`);
  });

  test('0, 1001, 2.5 and an empty field are refused in the core\'s words; the panel runs on', { timeout: 60000 }, async () => {
    const before = (await labState(page)).panels[0].iterations;
    for (const text of ['0', '1001', '2.5', '']) {
      const value = text === '' ? NaN : Number(text);
      const { status, error } = coreRefusal(value);
      assert.notStrictEqual(status, 0, `the core takes ${text}`);
      assert.ok(error.length > 10, `the core says: ${error}`);
      await typePanelField(page, 'input.iterations-input', 0, text);
      const s = await labState(page);
      assert.strictEqual(s.panels[0].iterations, before, `"${text}" left the count as it was`);
      assert.ok(s.panels[0].message.includes(error), `"${text}": the panel says "${s.panels[0].message}", the core "${error}"`);
      assert.strictEqual(await page.locator('.panel input.iterations-input').nth(0).inputValue(), String(before));
    }
    const a = await labState(page);
    await page.click('#play[data-action=play]');
    await page.waitForFunction((t) => window.softlab.state().panels[0].t > t + 0.2, a.panels[0].t, { timeout: 30000 });
    const b = await labState(page);
    assert.ok(!b.panels[0].stopped, 'still running');
    assert.deepStrictEqual(page.errors, []);
  });
});

describe('iterations in the URL', () => {
  test('per panel, checked against the core\'s range (SL_WORLD_ITERATIONS_MIN/MAX); a bad one noticed and ignored', { timeout: 240000 }, async () => {
    let page = await openSite(site, '?scene=swinging-cube&methods=xpbd,xpbd-substeps&dt=0.01&paused=1&iterations=7,3');
    let s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.iterations), [7, 3], 'the core holds what the URL asked');
    assert.deepStrictEqual(await page.locator('.panel input.iterations-input').evaluateAll((els) => els.map((e) => e.value)), ['7', '3']);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
    page = await openSite(site, '?scene=swinging-cube&methods=xpbd&dt=0.01&paused=1&iterations=1001');
    s = await labState(page);
    const { h } = sim.buildSim(core, 'swinging-cube', {}, 'xpbd', 0.01, 0);
    const byDefault = core.api.iterations(h);
    core.api.sim_destroy(h);
    assert.strictEqual(s.panels[0].iterations, byDefault, '1001 is ignored');
    const notices = await page.locator('.notice').allTextContents();
    assert.ok(notices.some((t) => /iterations/.test(t) && /1001/.test(t)), notices.join('\n'));
    await page.close();
  });
});
