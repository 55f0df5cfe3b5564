// Lesson 003's live score card (issue 15; seed 003 Table 1): "Measure in this browser"
// fills the oscillator card row by row in a Worker with the library's bisection
// (sl_scene_find_dt_from, 1 s trials) and timing (sl_scene_time_per_step), and the page
// never blocks. The oscillator (omega = 10 rad/s, released 0.1 m from rest, undamped):
// each method's omega dt_max must be its theoretical bound within 2 % (modified half
// step, Verlet 2; Forest-Ruth 1.5734; RK4 2*sqrt(2); symplectic Euler and symplectic
// midpoint 2 sqrt(1 - (A/L)^2) = 1.98997, where their swing reaches the pin,
// tests/c/test_integrators.c), 0 for explicit Euler and midpoint (unstable at every dt),
// and the same as the native column, softlab validate's 003-bound-* rows at build (0.1 %: the same library).
// The half step's value is no bound (its energy grows at every dt; the run length sets
// it): only the native value is asserted. The page's main thread: no task with more than
// 50 ms of its own work while the card runs (Chrome trace thread time, as perf.test.js;
// WebGL off, so the lesson's embedded labs do not rasterize on the CPU). Stop ends a run:
// the rows not measured say "stopped" and the button comes back.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { RESULTS, startSite, traced } = require('./harness');

const BOUND = {
  'explicit-euler': 0, 'symplectic-euler': 2 * Math.sqrt(1 - 0.1 ** 2), midpoint: 0,
  'modified-half-step': 2, verlet: 2, 'symplectic-midpoint': 2 * Math.sqrt(1 - 0.1 ** 2),
  'forest-ruth': 1.5734, rk4: 2 * Math.SQRT2,
};

let site;
before(async () => { site = await startSite(undefined, { extraArgs: ['--disable-3d-apis'] }); });
after(async () => { if (site) await site.close(); });

const card = '.live-score[data-scene="oscillator"]';

describe('lesson 003: the live score card', () => {
  test('the oscillator card measures every bound within 2 % of theory without blocking the page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(site.base + '/lessons/003-explicit-integrators.html');
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
    await page.locator(card).scrollIntoViewIfNeeded();
    const tasks = await traced(page, async () => {
      await page.click(`${card} button.run`);
      await page.waitForFunction((sel) => document.querySelector(sel).dataset.state !== 'running', card, { timeout: 180000 });
    });
    const rows = await page.$$eval(`${card} tbody tr`, (trs) => trs.map((tr) => ({
      method: tr.dataset.method, state: tr.dataset.state, omegaDt: Number(tr.dataset.omegaDt),
      native: Number(tr.cells[1].textContent), micro: Number(tr.dataset.seconds) * 1e6,
    })));
    const state = await page.$eval(card, (el) => el.dataset.state);
    console.log(rows.map((r) => `${r.method}: omega dt ${r.omegaDt.toFixed(5)} (native ${r.native}), ${r.micro.toFixed(2)} us/step`).join('\n'));
    assert.strictEqual(state, 'done', await page.$eval(`${card} output`, (o) => o.textContent));
    assert.strictEqual(rows.length, 9);
    for (const r of rows) {
      assert.strictEqual(r.state, 'done', r.method);
      assert.ok(Math.abs(r.omegaDt - r.native) <= 1e-3 * Math.max(r.native, 1e-3) + 5e-5, `${r.method}: ${r.omegaDt} in the browser, ${r.native} natively`);
      assert.ok(r.micro > 0 && r.micro < 1e4, `${r.method}: ${r.micro} us a step`);
      if (!(r.method in BOUND)) continue;
      if (BOUND[r.method] === 0) assert.strictEqual(r.omegaDt, 0, `${r.method} is unstable at every dt`);
      else assert.ok(Math.abs(r.omegaDt / BOUND[r.method] - 1) < 0.02, `${r.method}: ${r.omegaDt} against ${BOUND[r.method]}`);
    }
    const worst = Math.max(0, ...tasks.map(([, cpu]) => cpu));
    console.log(`${tasks.length} main-thread tasks while the card ran; the longest did ${worst.toFixed(1)} ms of work`);
    assert.ok(tasks.length > 10, `the trace saw the main thread (${tasks.length} tasks)`);
    assert.deepStrictEqual(tasks.filter(([, cpu]) => cpu > 50), [], 'main-thread tasks with over 50 ms of work');
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.locator(card).screenshot({ path: path.join(RESULTS, 'scorecard-oscillator.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('every row is timed the same way: one Δt, warm-up round dropped, fastest of the rest; cost vs explicit Euler', async () => {
    // a made-up measurer, so no clock enters: Verlet and the leapfrog (symplectic midpoint)
    // have 1 evaluation each; one noisy round (104 µs) must not rank them apart
    const page = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await page.goto(site.base + '/lessons/003-explicit-integrators.html');
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
    const r = await page.evaluate(async () => {
      const { setupScoreCard, TIME_ROUNDS } = await import('./score-card.js');
      const card = document.createElement('div');
      card.className = 'fake-score';
      card.dataset.scene = 'oscillator';
      card.innerHTML = '<button class="run"></button><button class="stop"></button><output></output><table><tbody>' +
        ['explicit-euler', 'verlet', 'symplectic-midpoint', 'rk4'].map((m) => `<tr data-method="${m}"><td>${m}</td><td>0</td></tr>`).join('') + '</tbody></table>';
      document.body.append(card);
      const evals = { 'explicit-euler': 1, verlet: 1, 'symplectic-midpoint': 1, rk4: 4 };
      const dt = { 'explicit-euler': 0, verlet: 0.2, 'symplectic-midpoint': 0.199, rk4: 0.2828 };
      // µs a step, round by round (the first a warm-up)
      const times = { 'explicit-euler': [50, 10, 11], verlet: [80, 14.6, 10.2], 'symplectic-midpoint': [90, 104, 10], rk4: [200, 41, 40] };
      const calls = [], round = {};
      const measurer = () => {
        const m = async (kind, q) => {
          calls.push([kind, q.method, q.dt]);
          if (kind === 'omega-max') return 10;
          if (kind === 'find-dt') return { dtMax: dt[q.method], evaluations: evals[q.method] };
          round[q.method] = (round[q.method] || 0) + 1;
          return 1e-6 * times[q.method][round[q.method] - 1];
        };
        m.stop = () => {};
        return m;
      };
      setupScoreCard(card, measurer);
      card.querySelector('button.run').click();
      while (card.dataset.state !== 'done' && card.dataset.state !== 'failed') await new Promise((res) => setTimeout(res, 20));
      return {
        rounds: TIME_ROUNDS, state: card.dataset.state, output: card.querySelector('output').textContent,
        timed: calls.filter(([k]) => k === 'time-step'),
        rows: [...card.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].slice(2).map((td) => td.textContent)),
      };
    });
    assert.strictEqual(r.state, 'done', r.output);
    assert.strictEqual(r.timed.length, 4 * r.rounds);
    // every row timed at the same Δt: none given, so the Worker takes the scene's own
    assert.ok(r.timed.every(([, , d]) => d === undefined), JSON.stringify(r.timed));
    // columns: max Δt, ωΔt, µs/step, evals, score, time vs explicit Euler, score / eval
    assert.deepStrictEqual(r.rows, [
      ['0', '0 (unstable)', '10.0', '1', '0', '1.00', '0'],
      ['0.2000', '2.0000', '10.2', '1', '19,600', '1.02', '19,600'],
      ['0.1990', '1.9900', '10.0', '1', '19,900', '1.00', '19,900'],
      ['0.2828', '2.8280', '40.0', '4', '7,070', '4.00', '1,770'],
    ]);
    await page.close();
  });

  test('Stop ends the thread card\'s run and gives the button back', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await page.goto(site.base + '/lessons/003-explicit-integrators.html');
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
    const thread = '.live-score[data-scene="thread-hang"]';
    await page.click(`${thread} button.run`);
    await page.waitForFunction((sel) => document.querySelector(`${sel} tbody tr[data-state="running"]`), thread, { timeout: 60000 });
    await page.click(`${thread} button.stop`);
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.state === 'stopped', thread, { timeout: 10000 });
    const states = await page.$$eval(`${thread} tbody tr`, (trs) => trs.map((tr) => tr.dataset.state));
    assert.ok(states.every((s) => s === 'done' || s === 'stopped') && states.includes('stopped'), states.join());
    assert.strictEqual(await page.$eval(`${thread} button.run`, (b) => b.disabled), false);
    assert.strictEqual(await page.$eval(`${thread} button.stop`, (b) => b.disabled), true);
    assert.match(await page.textContent(`${thread} output`), /Stopped/);
    await page.close();
  });
});
