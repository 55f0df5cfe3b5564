// The lab's teaching widgets in headless Chromium, each against what theory predicts on
// seed 003's oscillator (k = 100 N m, m = 1 kg: ω = 10 rad/s; x(t) = 1 + 0.1 cos 10t,
// v = −sin 10t; E₀ = ½ k (0.1)² = 0.5 J): the phase portrait, the divergence marker on
// the plot, the energy bars and the log-scale relative energy error.
'use strict';
const { loadStagedCore } = require('../../tools/staged_core');
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab: openSite, labState, SITE } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

const openLab = (query) => openSite(site, query, { width: 1350, height: 1013 });

const OMEGA = 10, U0 = 0.1; // rad/s; m: the release stretch

/** Lets the lab run until every panel has reached t (s) or stopped, then pauses it and
 *  resolves to the settled state. */
async function runTo(page, t) {
  await page.waitForFunction((t) => {
    const s = window.softlab.state();
    return s.panels.every((p) => p.t >= t || p.stopped);
  }, t, { timeout: 60000 });
  await page.click('#play[data-action=pause]');
  return labState(page);
}

/** The lab's live chart (web/chart/chart.js LabChart) as plain data: its quantity and uPlot's
 *  data, nulls kept. */
const chartData = (page) => page.evaluate(async () => {
  const chart = window.softlab.chart;
  chart.flush();
  // time plots: [t, panel 0, ...]; the phase portrait: [null, [q, p] of panel 0, ...]
  const plain = (col) => (col == null ? null : Array.isArray(col[0]) ? col.map((c) => Array.from(c)) : Array.from(col));
  return { quantity: chart.quantity, data: chart.plot.data.map(plain) };
});

describe('teaching widgets', () => {
  test('phase portrait: symplectic Euler closes an ellipse on the oscillator, explicit Euler spirals out', async () => {
    const page = await openLab('?scene=oscillator&methods=symplectic-euler,explicit-euler&dt=0.01&plot=phase');
    const s = await runTo(page, 1.5);
    const { quantity, data } = await chartData(page);
    assert.strictEqual(quantity, 'phase');
    const axes = await page.evaluate(async () => window.softlab.chart.plot.axes.map((a) => a.label));
    assert.deepStrictEqual(axes, ['position x of the tracked node (m)', 'velocity v_x (m/s)']);
    const h = 0.01, hw = h * OMEGA;
    // (x − 1)²/0.1² + v²/1² against 1: the exact solution's ellipse, normalized
    const ellipse = (x, v) => ((x - 1) / U0) ** 2 + (v / (OMEGA * U0)) ** 2;
    const [xs, vs] = data[1];
    assert.ok(xs.length >= 150, `${xs.length} points (one sample a step)`);
    // Symplectic Euler keeps ω²u² + v² − hω²uv exactly (its modified energy), so the
    // ellipse measure stays within [1/(1 + hω/2), 1/(1 − hω/2)]: |E − 1| ≤ (hω/2)/(1 − hω/2)
    // = 0.0526 at hω = 0.1; the tilt makes it reach about hω/2 = 0.05 twice a period.
    const dev = xs.map((x, k) => ellipse(x, vs[k]) - 1);
    const worst = Math.max(...dev.map(Math.abs));
    console.log(`symplectic Euler: ${xs.length} points, max |E - 1| = ${worst.toFixed(5)} (bound ${(hw / 2 / (1 - hw / 2)).toFixed(5)})`);
    assert.ok(worst <= (hw / 2) / (1 - hw / 2) + 1e-9, `max |E − 1| = ${worst}`);
    assert.ok(worst >= 0.9 * hw / 2, `max |E − 1| = ${worst}: the tilted ellipse of the modified energy`);
    // the curve goes round: x spans [0.9, 1.1] and v [−1, 1] to within the tilt
    assert.ok(Math.min(...xs) < 0.91 && Math.max(...xs) > 1.09 && Math.min(...vs) < -0.97 && Math.max(...vs) > 0.97);
    // pairs are of one time: the modified energy holds to round-off at every point
    const modified = xs.map((x, k) => ((x - 1) / U0) ** 2 + (vs[k] / (OMEGA * U0)) ** 2 - hw * ((x - 1) / U0) * (vs[k] / (OMEGA * U0)));
    const spread = Math.max(...modified) - Math.min(...modified);
    console.log(`symplectic Euler: modified energy spread ${spread.toExponential(2)}`);
    assert.ok(spread < 1e-9, `modified energy spread ${spread}`);
    // Explicit Euler multiplies ω²u² + v² by 1 + (hω)² every step: after n steps the
    // ellipse measure is 1.01^n, the curve an outward spiral.
    const [ex, ev] = data[2];
    const grow = ex.map((x, k) => ellipse(x, ev[k]));
    assert.ok(grow.every((e, k) => k === 0 || e > grow[k - 1]), 'the radius grows at every point');
    const n = Math.round(s.panels[1].t / h);
    const last = grow[grow.length - 1];
    console.log(`explicit Euler: after ${n} steps E = ${last.toFixed(6)} (1.01^n = ${(1.01 ** n).toFixed(6)})`);
    assert.ok(Math.abs(last / (1 + hw * hw) ** n - 1) < 1e-9, `E = ${last} after ${n} steps`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the plot marks where a panel diverged, at its reported time, in its colour', async () => {
    // explicit Euler at hω = 1 doubles ω²u² + v² every step: it diverges within a second
    const page = await openLab('?scene=oscillator&methods=explicit-euler,symplectic-euler&dt=0.1,0.01');
    await page.waitForFunction(() => window.softlab.state().panels[0].diverged, null, { timeout: 60000 });
    const s = await runTo(page, 0); // pause
    const at = s.panels[0].divergedAt;
    assert.ok(at > 0 && at < 5, `diverged at ${at} s`);
    assert.match(s.panels[0].message, new RegExp(`diverged at t = ${at.toFixed(3)} s`));
    const mark = await page.evaluate(async () => {
      const chart = window.softlab.chart;
      chart.dirty = true;
      chart.flush();
      const u = chart.plot, ctx = u.ctx, { left, top, width, height } = u.bbox;
      const at = chart.divergedAt[0];
      // the share of pixels of the panel's colour (#2f7fd8) down a column of the plot, the
      // best of the 3 px around x (a 2 px line at a fractional x; the dashes cover 6 px
      // of 10): at the marker's x, and half way between it and the plot's left edge
      const column = (x) => {
        const px = ctx.getImageData(Math.round(x) - 1, top, 3, height).data;
        const n = [0, 0, 0];
        for (let k = 0; k < px.length; k += 4) if (Math.abs(px[k] - 0x2f) < 40 && Math.abs(px[k + 1] - 0x7f) < 40 && Math.abs(px[k + 2] - 0xd8) < 40) n[(k / 4) % 3]++;
        return Math.max(...n) / height;
      };
      const x = u.valToPos(at, 'x', true);
      return { at, inside: x > left && x < left + width, onLine: column(x), between: column((left + x) / 2), divergedAt: chart.divergedAt };
    });
    console.log(`diverged at ${at} s; marker at ${mark.at} s; panel colour covers ${(100 * mark.onLine).toFixed(0)} % of the marker's column, ${(100 * mark.between).toFixed(0)} % of one between`);
    assert.strictEqual(mark.at, at, 'the marker sits at the reported divergence time');
    assert.ok(Number.isNaN(mark.divergedAt[1]), 'the stable panel has no marker');
    assert.ok(mark.inside, 'the marker is inside the plot');
    assert.ok(mark.onLine > 0.45 && mark.between < 0.1, JSON.stringify(mark));
    // a reset clears it
    await page.click('#reset');
    await labState(page);
    assert.ok(await page.evaluate(async () => Number.isNaN(window.softlab.chart.divergedAt[0])));
    await page.close();
  });

  test('energy bars: kinetic + elastic is the total, kinetic 0 at release, ½ m v² later', async () => {
    const page = await openLab('?scene=oscillator&methods=symplectic-euler,explicit-euler&dt=0.01&paused=1');
    await labState(page);
    const bars = () => page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // the loop's next update
      return [...document.querySelectorAll('.energy-group')].map((g) => ({
        head: g.querySelector('.energy-head').textContent,
        ...Object.fromEntries([...g.querySelectorAll('.energy-row')].map((r) => [r.dataset.kind, Number(r.dataset.value)])),
        px: Object.fromEntries([...g.querySelectorAll('.energy-row')].map((r) => [r.dataset.kind, r.querySelector('.energy-fill').getBoundingClientRect().width])),
        text: [...g.querySelectorAll('.energy-value')].map((e) => e.textContent),
      }));
    });
    let b = await bars();
    assert.strictEqual(b.length, 2, 'one group per panel');
    // at release: at rest, stretched 0.1 m: K = 0, U_el = ½ k (0.1)² = 0.5 J, no gravity
    console.log('t = 0:', JSON.stringify(b[0]));
    assert.strictEqual(b[0].kinetic, 0);
    assert.strictEqual(b[0].potential, 0);
    assert.ok(Math.abs(b[0].elastic - 0.5) < 1e-12, `U_el = ${b[0].elastic}`);
    assert.ok(Math.abs(b[0].total - 0.5) < 1e-12, `E = ${b[0].total}`);
    assert.deepStrictEqual(b[0].text, ['0.000 J', '0.000 J', '0.500 J', '0.500 J']);
    assert.strictEqual(b[0].px.kinetic, 0, 'no kinetic bar');
    assert.ok(b[0].px.elastic > 50 && Math.abs(b[0].px.elastic - b[0].px.total) < 0.5, JSON.stringify(b[0].px));
    // to t = 0.37 s, one step of every panel at a time (".")
    let s = await labState(page);
    while (s.panels[0].t < 0.37 - 1e-9) {
      await page.keyboard.press('.');
      s = await labState(page);
    }
    assert.ok(s.panels.every((p) => Math.abs(p.t - 0.37) < 1e-9), JSON.stringify(s.panels.map((p) => p.t)));
    b = await bars();
    const v = await page.evaluate(async () => {
      const chart = window.softlab.chart;
      const rows = chart.record.map((r) => r.row(r.rows - 1));
      const k = 1 + chart.ids.indexOf('velocity'); // the chart's quantities: the core's channels, then the page's
      return rows.map((row) => ({ t: row[0], v: row[k] }));
    });
    for (const i of [0, 1]) {
      const g = b[i];
      console.log(`panel ${i + 1} at t = ${s.panels[i].t}: K = ${g.kinetic}, U_el = ${g.elastic}, E = ${g.total}; ½ v² = ${0.5 * v[i].v ** 2}`);
      assert.strictEqual(g.head, ['Symplectic Euler, Δt = 0.01 s', 'Explicit Euler, Δt = 0.01 s'][i]);
      assert.ok(Math.abs(g.kinetic + g.potential + g.elastic - g.total) <= 1e-15 * g.total, `K + U_g + U_el − E = ${g.kinetic + g.potential + g.elastic - g.total}`);
      assert.strictEqual(v[i].t, s.panels[i].t, 'the last sample is of the state the bars show');
      assert.ok(Math.abs(g.kinetic - 0.5 * 1 * v[i].v ** 2) <= 1e-14, `K = ${g.kinetic}, ½ m v² = ${0.5 * v[i].v ** 2}`);
    }
    // near the exact ½ sin²(10 t) = 0.140 J (symplectic Euler's phase and energy errors
    // are of order hω = 0.1 of it)
    assert.ok(Math.abs(b[0].kinetic - 0.5 * Math.sin(3.7) ** 2) < 0.1 * 0.5, `K = ${b[0].kinetic}`);
    // symplectic Euler's total stays within its modified-energy band, explicit Euler's
    // has grown by 1.01^n (n = 37 steps: 1.445)
    assert.ok(Math.abs(b[0].total / 0.5 - 1) < 0.0527, `E = ${b[0].total}`);
    const n = Math.round(s.panels[1].t / 0.01);
    assert.ok(Math.abs(b[1].total / (0.5 * 1.01 ** n) - 1) < 1e-9, `E = ${b[1].total} after ${n} steps`);
    await page.close();
  });

  test('log-scale relative energy error: RK4 and symplectic Euler at t = 1 s as theory says', async () => {
    const page = await openLab('?scene=oscillator&methods=rk4,symplectic-euler&dt=0.01&plot=energy_error');
    await runTo(page, 1.2);
    const { quantity, data } = await chartData(page);
    assert.strictEqual(quantity, 'energy_error');
    const scale = await page.evaluate(async () => {
      const u = window.softlab.chart.plot;
      return { distr: u.scales.y.distr, min: u.scales.y.min, max: u.scales.y.max, label: u.axes[1].label };
    });
    assert.strictEqual(scale.distr, 3, 'a log axis');
    assert.strictEqual(scale.label, '|E − E₀|/|E₀|');
    const [t, rk4, se] = data;
    const k = t.findIndex((x) => Math.abs(x - 1) < 1e-9);
    assert.ok(k > 0, 'a sample at t = 1 s');
    const h = 0.01, hw = h * OMEGA, n = 100;
    // RK4 on x'' = −ω²x multiplies the energy by |R(ihω)|² = 1 − (hω)⁶/72 + (hω)⁸/576 a
    // step (R the degree-4 Taylor polynomial of e^z): it loses energy at order (hω)⁶ a
    // step, 4th order globally: after n steps 1 − |R|^(2n) = 1.37e-6.
    const r2 = 1 - hw ** 6 / 72 + hw ** 8 / 576;
    const rk4Theory = 1 - r2 ** n;
    // Symplectic Euler keeps ω²u² + v² − hω²uv, so E − E₀ = ½hω²uv: a bounded error of
    // first order, (hω/2)|sin 2ωt| to leading order, 0.0456 at t = 1 s; never above
    // (hω/2)/(1 − hω/2) = 0.0526.
    const seTheory = (hw / 2) * Math.abs(Math.sin(2 * OMEGA * 1));
    console.log(`t = 1 s: RK4 ${rk4[k].toExponential(4)} (theory ${rk4Theory.toExponential(4)}), symplectic Euler ${se[k].toExponential(4)} (theory ${seTheory.toExponential(4)}); y axis [${scale.min.toExponential(1)}, ${scale.max.toExponential(1)}]`);
    assert.ok(Math.abs(rk4[k] / rk4Theory - 1) < 1e-4, `RK4: ${rk4[k]} against ${rk4Theory}`);
    assert.ok(Math.abs(se[k] / seTheory - 1) < 0.05, `symplectic Euler: ${se[k]} against ${seTheory}`);
    assert.ok(se.every((e) => e == null || e <= (hw / 2) / (1 - hw / 2) + 1e-12), 'symplectic Euler stays in its band');
    // both on the axis: it spans their decades
    assert.ok(scale.min <= rk4[k] && scale.max >= se[k]);
    // t = 0 is E₀ itself: error 0, no place on a log axis (a gap, not a zero)
    assert.strictEqual(t[0], 0);
    assert.strictEqual(rk4[0], null);
    await page.close();
  });

  test('help overlay: the ? button and key open the list of controls, Esc closes it', async () => {
    const page = await openLab('?scene=oscillator&methods=symplectic-euler&paused=1');
    const dialog = page.locator('#help-dialog');
    assert.strictEqual(await dialog.isVisible(), false);
    await page.click('#help');
    assert.strictEqual(await dialog.isVisible(), true);
    const keys = await dialog.locator('dt').allTextContents();
    console.log(`help lists ${keys.length} entries: ${keys.join(' | ')}`);
    // every key the transport bar answers is listed (web/time/transport.js), and the view keys
    for (const k of ['Space', '. or →', 'R', '?', 'Esc', '0', '+ −']) assert.ok(keys.includes(k), `${k} in ${JSON.stringify(keys)}`);
    assert.strictEqual(keys.length, 17);
    await page.keyboard.press('Escape');
    assert.strictEqual(await dialog.isVisible(), false, 'Esc closes it');
    // the ? key opens it again; keys meant for the lab do nothing while it is open
    await page.keyboard.press('?');
    assert.strictEqual(await dialog.isVisible(), true);
    // (focus is on its Close button, so Space would press that, as on any button)
    await page.keyboard.press('.');
    await page.keyboard.press('ArrowRight');
    const s = await labState(page);
    assert.strictEqual(s.panels[0].t, 0, '"." and → did not step behind the dialog');
    assert.strictEqual(await dialog.isVisible(), true);
    await page.keyboard.press('Escape');
    assert.strictEqual(await dialog.isVisible(), false);
    await page.keyboard.press('.');
    assert.strictEqual((await labState(page)).panels[0].t, 0.01, 'and the keys work again once it is closed');
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('preset "make it explode": explicit Euler in panel 1 at Δt·ω_max = 3, which diverges', async () => {
    const page = await openLab('?scene=oscillator&methods=symplectic-euler,rk4&dt=0.01&paused=1');
    const before = await labState(page);
    // ω = 10 rad/s; the core's Lanczos estimate is a float (10.000000000000002 here)
    assert.ok(Math.abs(before.panels[0].omegaMax - 10) < 1e-12, `ω_max ${before.panels[0].omegaMax}`);
    await Promise.all([page.waitForURL(/methods=explicit-euler,rk4/), page.selectOption('#preset', 'explode')]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    assert.match(page.url(), /dt=0\.3,0\.01/);
    // ωΔt = 3: the amplification |1 + 3i| = √10 a step, ω²u² + v² × 10: diverged in a few steps
    await page.waitForFunction(() => window.softlab.state().panels[0].diverged, null, { timeout: 30000 });
    const s = await labState(page);
    console.log(`explode: ${s.panels[0].method} at Δt = ${s.panels[0].dt} s diverged at t = ${s.panels[0].divergedAt} s; panel 2 ${s.panels[1].method} at ${s.panels[1].dt} s: ${s.panels[1].message}`);
    assert.deepStrictEqual([s.panels[0].method, s.panels[0].dt], ['explicit-euler', 0.3]);
    assert.ok(s.panels[0].divergedAt <= 10 * 0.3 + 1e-9, `diverged at ${s.panels[0].divergedAt} s: within 10 steps`);
    assert.deepStrictEqual([s.panels[1].method, s.panels[1].dt, s.panels[1].diverged], ['rk4', 0.01, false]);
    // the race preset: four explicit integrators at the scene's Δt, the log energy error;
    // explode's Δt on a stiffer body (ω_max = 1234 rad/s): 3/1234 = 2.431e-3 s, rounded up
    // to three digits
    // (read in node from the staged core: the preset's rule is the core's, through the wasm API)
    const { core, web } = await loadStagedCore(SITE);
    const { presetQuery, explodeDt, raceDt } = await web('settings/presets.js');
    const other = {
      zoo: presetQuery(core, 'zoo', { scene: 'oscillator', panels: [{ method: 'rk4', dt: 0.3, beta: 0, params: {} }] }, 10, 0.01),
      stiff: explodeDt(core, 1234), none: explodeDt(core, Infinity),
      cube: presetQuery(core, 'zoo', { scene: 'swinging-cube', panels: [{ method: 'regularized', dt: 0.05, beta: 0, params: {} }] }, 563.3, 0.05),
      race: [raceDt(core, 1234, 1), raceDt(core, NaN, 0.02)],
    };
    // the race at Δt·ω_max = 0.5 rounded down, or the scene's Δt if smaller: the oscillator
    // (ω = 10 rad/s) keeps its 0.01 s; the swinging cube (ω_max = 563.3 rad/s at rest) runs at
    // 0.5/563.3 = 8.88e-4 -> 8.8e-4 s, ωΔt = 0.50 below Forest–Ruth's 1.5734 (at its 0.05 s,
    // ωΔt = 28: all four diverged within 0.1 s); sl_scene_race_dt gives the same numbers
    // (tests/c/test_defaults.c)
    assert.strictEqual(other.zoo, '?scene=oscillator&methods=symplectic-euler,verlet,forest-ruth,rk4&dt=0.01&plot=energy_error');
    assert.strictEqual(other.cube, '?scene=swinging-cube&methods=symplectic-euler,verlet,forest-ruth,rk4&dt=0.00088&plot=energy_error');
    assert.deepStrictEqual(other.race, [0.0004, 0.02]);
    assert.strictEqual(other.stiff, 0.00244);
    assert.ok(Number.isNaN(other.none), 'no explode preset without a finite ω_max');
    await page.close();
  });

  test('phase portrait of the pendulum: angle against angular velocity', async () => {
    const page = await openLab('?scene=pendulum&methods=symplectic-euler&plot=phase');
    await runTo(page, 0.6);
    const { data } = await chartData(page);
    const axes = await page.evaluate(async () => window.softlab.chart.plot.axes.map((a) => a.label));
    assert.deepStrictEqual(axes, ['angle θ from the vertical (rad)', 'angular velocity dθ/dt (rad/s)']);
    const [th, om] = data[1];
    // released at rest at 60°: θ(0) = π/3, dθ/dt(0) = 0; with the rod nearly rigid,
    // energy gives ½ L² θ̇² = g L (cos θ − cos θ₀): at every point within 2 %
    assert.ok(Math.abs(th[0] - Math.PI / 3) < 1e-12 && om[0] === 0, `start (${th[0]}, ${om[0]})`);
    const g = 9.81;
    for (let k = 1; k < th.length; k += 10) {
      const expect = Math.sqrt(2 * g * (Math.cos(th[k]) - 0.5));
      assert.ok(Math.abs(Math.abs(om[k]) - expect) < 0.02 * 3.13 + 1e-9, `θ = ${th[k]}: |θ'| = ${Math.abs(om[k])}, energy says ${expect}`);
    }
    assert.ok(Math.min(...th) < 0.2, 'it swings down through the vertical');
    await page.close();
  });
});
