// XPBD's damping time τ as a panel setting (issue 46; Macklin, Müller, Chentanez, "XPBD:
// Position-Based Simulation of Compliant Constrained Dynamics", 2016, eq. 26 with
// β_j = τ/α_j, so γ = τ/Δt; sl_world_set_xpbd_damping): the field is shown for a stepper
// whose core flag SL_STEPPER_USES_XPBD_DAMPING is set and for no other; a τ the core
// takes changes the run as the core computes it; a τ it refuses is refused in the core's
// words and the panel runs on; the URL's xpbd_damping= round-trips; a damped panel's
// label (and so the chart's CSV) names τ.
//
// The physics reference is independent of softlab: the oscillator scene (one spring,
// L = 1 m, k = 100 J, so K = k/L² = 100 N/m, a 1 kg node released 0.1 m stretched, no
// gravity) is linear along the spring, so XPBD's one row converges in one sweep and a
// converged XPBD step with eq. 26's damping is the implicit Euler step of
// m ẍ = −K (x − 1) − c ẋ with the dashpot c = τ K (paper 005 §4 eq. 26; the C test
// xpbd_damping_is_the_implicit_euler_step_of_the_damped_chain checks the same on a chain):
//   v₁ = (m v₀ − Δt K (x₀ − 1)) / (m + Δt c + Δt² K),  x₁ = x₀ + Δt v₁,
//   E = ½ m v² + ½ K (x − 1)².
// Set-up: Δt = 0.01 s, 100 steps (t = 1 s), τ = 0 against τ = 0.01 s.
'use strict';
const fs = require('node:fs');
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { SITE, startSite, openLab, labState, stepLab, typePanelField } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const DT = 0.01;
const STEPS = 100;
const TAU = 0.01; // s
const QUERY = `?scene=oscillator&methods=xpbd,xpbd&dt=${DT}&paused=1&xpbd_damping=0,${TAU}`;

let site;
let core;    // the staged core, loaded in Node
let sim;     // its web/core/sim.js
let STEPPER; // the core's stepper flags (web/core/lab-api.js)
before(async () => {
  site = await startSite();
  let web;
  ({ core, web } = await loadStagedCore(SITE));
  sim = await web('core/sim.js');
  ({ STEPPER } = await web('core/lab-api.js'));
});
after(async () => { if (site) await site.close(); });

/** The oscillator's energy (J) after n implicit Euler steps of the damped oscillator above. */
function implicitEulerEnergy(tau, n) {
  const m = 1, K = 100, c = tau * K;
  let x = 1.1, v = 0;
  for (let i = 0; i < n; i++) {
    v = (m * v - DT * K * (x - 1)) / (m + DT * c + DT * DT * K);
    x += DT * v;
  }
  return 0.5 * m * v * v + 0.5 * K * (x - 1) ** 2;
}

/** The core's refusal of τ (its status and words), on an xpbd simulation of the oscillator. */
function coreRefusal(tau) {
  const { h } = sim.buildSim(core, 'oscillator', {}, 'xpbd', DT, 0);
  try {
    const status = core.api.set_xpbd_damping(h, tau);
    return { status, error: core.api.last_error() };
  } finally {
    core.api.sim_destroy(h);
  }
}

describe('XPBD damping τ on the page', () => {
  let page;
  before(async () => { page = await openLab(site, QUERY); });
  after(async () => { await page.close(); });

  test('the URL\'s τ per panel is the core\'s; the damped panel\'s label names it', async () => {
    const s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.xpbdDamping), [0, TAU]);
    assert.deepStrictEqual(await page.locator('.panel input.xpbd-damping-input').evaluateAll((els) => els.map((e) => e.value)), ['0', String(TAU)]);
    const labels = await page.locator('.panel .panel-label').allTextContents();
    assert.ok(!/damping/.test(labels[0]), labels[0]);
    assert.match(labels[1], new RegExp(`damping τ = ${TAU} s`));
    assert.deepStrictEqual(page.errors, []);
  });

  test('a damped run\'s energy falls faster, as implicit Euler of the damped oscillator says', { timeout: 120000 }, async () => {
    const s = await stepLab(page, STEPS);
    assert.ok(s.panels.every((p) => Math.abs(p.t - STEPS * DT) < 1e-9), `t = ${s.panels.map((p) => p.t)}`);
    const [undamped, damped] = s.panels.map((p) => p.energy.total);
    const [ref0, refTau] = [implicitEulerEnergy(0, STEPS), implicitEulerEnergy(TAU, STEPS)];
    // the recurrence to round-off: one sweep of XPBD solves the 1x1 system exactly
    assert.ok(Math.abs(undamped / ref0 - 1) < 1e-9, `τ = 0: page ${undamped} J, implicit Euler ${ref0} J`);
    assert.ok(Math.abs(damped / refTau - 1) < 1e-9, `τ = ${TAU} s: page ${damped} J, implicit Euler ${refTau} J`);
    // E₀ = ½ K 0.1² = 0.5 J; damped, the energy left is less than half of the undamped's
    assert.ok(damped < 0.5 * undamped, `${damped} J against ${undamped} J`);
    console.log(`oscillator, xpbd, Δt = ${DT} s, t = 1 s, E₀ = 0.5 J: E = ${undamped.toFixed(6)} J undamped, ${damped.toFixed(6)} J at τ = ${TAU} s`);
    // the chart's CSV: each row under its panel's label, the damped one naming τ
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button[aria-label="download the plot data as CSV"]')]);
    const rows = fs.readFileSync(await csv.path(), 'utf8').trim().split('\n');
    const last = rows.filter((r) => r.startsWith('2,')).pop();
    assert.match(last, new RegExp(`^2,"[^"]*damping τ = ${TAU} s[^"]*",`), last);
    const cells = last.replace(/^2,"[^"]*",/, '').split(','), header = rows[0].split(',').slice(2);
    assert.ok(Math.abs(Number(cells[header.indexOf('t_s')]) - STEPS * DT) < 1e-9, last);
    assert.ok(Math.abs(Number(cells[header.indexOf('total_J')]) / refTau - 1) < 1e-9, last);
    await page.evaluate(() => window.softlab.control.reset());
  });

  test('a typed τ restarts the comparison and goes to the URL; out of range, refused in the core\'s words', { timeout: 120000 }, async () => {
    await typePanelField(page, 'input.xpbd-damping-input', 0, '0.05');
    let s = await labState(page);
    assert.strictEqual(s.panels[0].xpbdDamping, 0.05);
    assert.strictEqual(s.t, 0, 'a new τ starts the comparison again');
    assert.match(page.url(), new RegExp(`[?&]xpbd_damping=0\\.05(,|%2C)${TAU}(&|$)`));
    for (const text of ['11', '-1', '']) {
      const value = text === '' ? NaN : Number(text);
      const { status, error } = coreRefusal(value);
      assert.notStrictEqual(status, 0, `the core takes ${text}`);
      assert.match(error, /XPBD damping time = .* s not in \[0, 10\] s/);
      await typePanelField(page, 'input.xpbd-damping-input', 0, text);
      s = await labState(page);
      assert.strictEqual(s.panels[0].xpbdDamping, 0.05, `"${text}" left τ as it was`);
      assert.ok(s.panels[0].message.includes(error), `"${text}": the panel says "${s.panels[0].message}", the core "${error}"`);
      assert.strictEqual(await page.locator('.panel input.xpbd-damping-input').nth(0).inputValue(), '0.05');
    }
    // the address reopens the same lab
    const again = await openLab(site, new URL(page.url()).search);
    const s2 = await labState(again);
    assert.deepStrictEqual(s2.panels.map((p) => [p.method, p.xpbdDamping]), [['xpbd', 0.05], ['xpbd', TAU]]);
    assert.deepStrictEqual(again.errors, []);
    await again.close();
    assert.deepStrictEqual(page.errors, []);
  });
});

describe('which panels show the damping field', () => {
  test('the steppers the core flags USES_XPBD_DAMPING (xpbd, xpbd-substeps), not pbd nor implicit Euler', { timeout: 120000 }, async () => {
    const uses = (name) => (core.steppers.find((st) => st.name === name).flags & STEPPER.USES_XPBD_DAMPING) !== 0;
    assert.deepStrictEqual(['xpbd', 'xpbd-substeps', 'pbd', 'implicit-euler'].map(uses), [true, true, false, false]);
    const page = await openLab(site, '?scene=oscillator&methods=xpbd,pbd&dt=0.01&paused=1');
    const labels = page.locator('.panel label.xpbd-damping');
    assert.strictEqual(await labels.nth(0).isVisible(), true, 'xpbd shows the field');
    assert.strictEqual(await labels.nth(1).isVisible(), false, 'pbd does not');
    const taken = (method) => page.waitForFunction((m) => window.softlab.state().panels[1].method === m, method, { timeout: 30000 });
    for (const [method, shown] of [['xpbd-substeps', true], ['implicit-euler', false]]) {
      await page.locator('.panel select.method').nth(1).selectOption(method);
      await taken(method);
      assert.strictEqual(await labels.nth(1).isVisible(), shown, method);
    }
    // a τ out of the core's range in the URL is noticed and ignored
    await page.close();
    const bad = await openLab(site, '?scene=oscillator&methods=xpbd&dt=0.01&paused=1&xpbd_damping=11');
    assert.strictEqual((await labState(bad)).panels[0].xpbdDamping, 0);
    const notices = await bad.locator('.notice').allTextContents();
    assert.ok(notices.some((t) => /xpbd_damping/.test(t) && /11/.test(t)), notices.join('\n'));
    await bad.close();
  });
});
