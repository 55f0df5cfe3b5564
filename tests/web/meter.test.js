// The stability meter, "find" and the "make it explode" preset on the swinging cube (issue
// 26 item 3): they must agree, and the meter must not take ω_max from a run gone bad.
//
// Reference numbers, the cube at its defaults (8 nodes of 1 kg, 18 springs of k = 1e5 N m,
// corner 2 pinned, g = 10 m/s², Δt = 0.05 s): ω_max = 562.88 rad/s at rest
// (tests/c/test_stability.c), so symplectic Euler's bound 2/ω_max = 3.553 ms, and the
// native bisection `softlab find-dt --scene swinging-cube --method symplectic-euler` gives
// 3.5531 ms. Symplectic Euler at Δt = 0.05 s: after step 1 (t = 0.05 s) ω_max = 562.88,
// after step 2 (t = 0.10 s) the energy has grown and ω_max = 727.34 rad/s (2/ω_max =
// 2.750 ms); step 3 diverges and the world rolls back to that t = 0.10 s state (measured
// in the lab's Worker with sl_api_step and sl_api_omega_max).
'use strict';
const { loadStagedCore } = require('../../tools/staged_core');
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const { RESULTS, SITE, startSite, openLab: openSite, labState } = require('./harness');

/** A module of the staged site (lab-api.js needs the generated api-signatures.js). */
const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);

const OMEGA_REST = 562.88;          // rad/s
const BOUND_MS = 2e3 / OMEGA_REST;  // 3.553 ms
const near = (x, ref, tol = 0.02) => Math.abs(x / ref - 1) < tol;

test('the meter words the bound as "stable for Δt below X" or "Δt = Y is beyond X"', async () => {
  const { meterReading } = await web('core/stability.js');
  const sym = { title: 'Symplectic Euler', bound: 2 };
  const bad = meterReading(sym, 0.05, OMEGA_REST);
  assert.strictEqual(bad.level, 'bad');
  assert.strictEqual(bad.text, "Δt·ω_max = 28.14 ≥ 2, Symplectic Euler's bound: Δt = 50 ms is beyond 3.55 ms, it will blow up (a linear estimate from ω_max of the body linearized at rest)");
  const good = meterReading(sym, 0.003, OMEGA_REST, 0.05, 'energy grew');
  assert.strictEqual(good.level, 'ok');
  assert.strictEqual(good.text, "Δt·ω_max = 1.69 < 2, Symplectic Euler's bound: stable for Δt below 3.55 ms (a linear estimate from ω_max of the body linearized at t = 0.05 s, kept from before the energy grew)");
  assert.match(meterReading(sym, 0.05, OMEGA_REST, 0, 'diverged').text, /linearized at rest, kept from before the run diverged\)$/);
});

test('the meter is never green on a diverged run (issue 41: warp-tube-drop panel 4)', async () => {
  const { meterReading } = await web('core/stability.js');
  const implicit = { title: 'Linearly implicit Euler', bound: Infinity };
  assert.strictEqual(meterReading(implicit, 0.002, 3000).level, 'ok');
  const diverged = meterReading(implicit, 0.002, 3000, 0, 'diverged');
  assert.strictEqual(diverged.level, 'bad');
  assert.match(diverged.text, /^The run diverged all the same: this linear estimate did not foresee it\. Δt·ω_max = 6\.00 \(/);
  const sym = { title: 'Symplectic Euler', bound: 2 };
  assert.strictEqual(meterReading(sym, 0.003, OMEGA_REST, 0, 'diverged').level, 'bad');
  assert.strictEqual(meterReading(sym, 0.003, OMEGA_REST, 0, 'stopped').level, 'ok');
});

test('the explode preset lands at Δt·ω_max = 3 (to 1 %) for the ω_max it is given', async () => {
  const { core, web: staged } = await loadStagedCore(SITE);
  const explodeDt = (w) => core.api.explode_dt(w); // the core's rule (sl_scene_explode_dt)
  assert.strictEqual((await staged('settings/presets.js')).explodeDt(core, OMEGA_REST), explodeDt(OMEGA_REST));
  // the cube at rest: 3/562.88 = 5.3298 ms, rounded up to 5.33 ms
  assert.strictEqual(explodeDt(OMEGA_REST), 0.00533);
  // (below ω_max = 3 rad/s it is held at the lab's largest Δt, 1 s)
  for (const w of [3, 10, 99.9, 100.1, OMEGA_REST, 727.34, 1234, 9999]) {
    const x = explodeDt(w) * w;
    assert.ok(x >= 3 && x < 3.03, `ω_max = ${w} rad/s: Δt·ω_max = ${x}`);
  }
});

describe('swinging cube: meter, find and explode preset', () => {
  let site;
  before(async () => { site = await startSite(); });
  after(async () => { if (site) await site.close(); });

  const meterText = (page, i) => page.$$eval('.panel .meter-text', (els, i) => els[i].textContent, i);
  /** X in the meter's "stable for Δt below X ms" or "… is beyond X ms", in s. */
  const meterBound = (text) => {
    const m = /(?:stable for Δt below|is beyond) ([\d.]+) ms/.exec(text);
    assert.ok(m, text);
    return Number(m[1]) / 1e3;
  };

  test('after symplectic Euler diverges the meter keeps the rest bound; find agrees; explode lands at 3', async () => {
    const page = await openSite(site, '?scene=swinging-cube&paused=1', { width: 1400, height: 1000 });
    let s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => [p.method, p.dt]), [['symplectic-euler', 0.05], ['implicit-euler', 0.05], ['regularized', 0.05]]);
    assert.ok(near(s.panels[0].omegaMax, OMEGA_REST, 1e-4), `ω_max at rest ${s.panels[0].omegaMax}`);
    // the scene's own text quotes the bound: it must be the one measured here
    const note = await page.textContent('#scene-note');
    const quoted = /2\/ω_max = ([\d.]+) ms/.exec(note);
    assert.ok(quoted, note);
    const sceneBound = Number(quoted[1]) / 1e3;
    assert.ok(near(sceneBound, 2 / s.panels[0].omegaMax), `scene text ${quoted[0]}`);
    assert.match(await meterText(page, 0), /^Δt·ω_max = 28\.14 ≥ 2, Symplectic Euler's bound: Δt = 50 ms is beyond 3\.55 ms, it will blow up \(a linear estimate from ω_max of the body linearized at rest\)$/);

    // Step 1, then step 2 once the panel may re-estimate ω_max on its next frame (at most
    // every OMEGA_EVERY_MS = 2 s, web/panel/panel.js): at t = 0.10 s the state's own ω_max is
    // 727 rad/s, two steps into the blow-up, before the core's verdict can say so (it judges
    // windows of 16 steps). Step 3 diverges: then the meter must go back to an estimate a
    // whole verdict window before the run went bad, here the one at rest.
    await page.keyboard.press('.');
    await labState(page);
    await page.waitForTimeout(2100);
    await page.keyboard.press('.');
    await labState(page);
    s = await labState(page); // after the reply to the re-estimate the frame asked for
    assert.strictEqual(s.panels[0].t, 0.1);
    await page.keyboard.press('.');
    await page.waitForFunction(() => window.softlab.state().panels[0].diverged, null, { timeout: 30000 });
    s = await labState(page);
    assert.ok(near(s.panels[0].omegaMax, OMEGA_REST), `panel 1's ω_max after the divergence: ${s.panels[0].omegaMax}`);
    const text = await meterText(page, 0);
    const bound = meterBound(text);
    console.log(`meter after the divergence at t = ${s.panels[0].divergedAt} s: ${text}`);
    assert.ok(near(bound, BOUND_MS / 1e3), `after the divergence: ${text}`);
    assert.match(text, /^Δt·ω_max = 28\.14 ≥ 2, Symplectic Euler's bound: Δt = 50 ms is beyond /);
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'meter-cube-diverged.png') });

    // "find": the bisection in the panel's Worker, the same bound within 2 %
    await page.locator('button[aria-label="find the largest stable Δt of panel 1"]').click();
    await page.waitForFunction(() => document.querySelector('.search-out').dataset.dt, null, { timeout: 120000 });
    const found = Number(await page.$eval('.search-out', (o) => o.dataset.dt));
    console.log(`find: ${found} s; meter: ${bound} s; scene text: ${quoted[1]} ms`);
    assert.ok(near(found, bound), `find ${found} s against the meter's ${bound} s`);
    assert.ok(near(found, sceneBound), `find ${found} s against the scene text's ${quoted[0]}`);
    assert.ok(near(found, BOUND_MS / 1e3), `find ${found} s`);

    // the explode preset from here: explicit Euler at Δt·ω_max = 3 on the new page's meter
    await Promise.all([page.waitForURL(/methods=explicit-euler,/), page.selectOption('#preset', 'explode')]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    s = await labState(page);
    const x = s.panels[0].dt * s.panels[0].omegaMax;
    const shown = /^Δt·ω_max = ([\d.]+)/.exec(await meterText(page, 0));
    console.log(`explode: ${s.panels[0].method} at Δt = ${s.panels[0].dt} s, Δt·ω_max = ${x}; the meter shows ${shown && shown[0]}`);
    assert.strictEqual(s.panels[0].method, 'explicit-euler');
    assert.ok(near(s.panels[0].omegaMax, OMEGA_REST, 1e-4), `ω_max on the new page ${s.panels[0].omegaMax}`);
    assert.ok(near(x, 3) && near(Number(shown[1]), 3), `Δt·ω_max = ${x}, shown ${shown && shown[1]}`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
