// The course API's version 2 (issue 45 item 1; web/course/course-api.js, README "Course API"),
// cross-origin as tests/web/course-api.test.js: the example course page is served as
// http://localhost:P2 and embeds the lab from http://127.0.0.1:P1. Tested from the course
// page's window: hello names version 2 and version 1 is refused the new messages;
// controls locked by the URL (the quiz locks "find" and the Δt box: the student cannot
// change Δt) and by set-controls (hidden, locked, shown again); save-state and load-state
// (run to t1, save, run on to t2: positions A; the save loaded in a second lab, run to t2:
// positions B; A == B exactly, for symplectic Euler and for the regularized stepper, whose
// solver keeps history between steps); a malformed, other-version or other-scene state
// refused with nothing changed; action events for a student's stepper change and reset;
// samples at about the rate asked; get-plot-data; set's iterations and XPBD damping time.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite } = require('./harness');
const { openCourse, closeCourse, installClient: installClientIn } = require('./course-client');

let site, course, page, lab;

const installClient = (sel) => installClientIn(page, sel, 2);

const api = (type, fields = {}, envelope = {}, sel = '#lab') =>
  page.evaluate(([s, t, f, e]) => document.querySelector(s).__api(t, f, e), [sel, type, fields, envelope]);
const ok = async (type, fields = {}, sel = '#lab') => {
  const m = await api(type, fields, {}, sel);
  assert.strictEqual(m.type, 'reply', `${type}: ${JSON.stringify(m).slice(0, 400)}`);
  assert.strictEqual(m.softlab, 2);
  return m.result;
};
const events = (sel = '#lab') => page.evaluate((s) => document.querySelector(s).__events, sel);
const clearEvents = (sel = '#lab') => page.evaluate((s) => { document.querySelector(s).__events = []; }, sel);
const essence = (s) => ({ t: s.t, playing: s.playing, panels: s.panels.map((p) => ({ method: p.method, dt: p.dt, beta: p.beta, params: p.params, t: p.t, tracked: p.tracked })) });

before(async () => {
  site = await startSite();
  ({ course, page, lab } = await openCourse(site));
  await installClient('#lab');
});
after(async () => {
  closeCourse(course);
  if (site) await site.close();
});

/** A second lab in the course page, opened at the first one's URL (a fresh page: nothing
 *  of the first lab's run in it); resolves once it is ready. */
async function secondLab() {
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.id = 'lab2';
    f.width = '600';
    f.height = '400';
    f.src = src;
    document.body.append(f);
  }, lab.url());
  const frame2 = await (await page.$('#lab2')).contentFrame();
  await frame2.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
  await installClient('#lab2');
  return frame2;
}

describe('course API version 2, from a course page of another origin', () => {
  test('hello names version 2 and its messages; version 1 is refused them and answered as before', async () => {
    const hello = await ok('hello');
    assert.strictEqual(hello.version, 2);
    assert.deepStrictEqual(hello.versions, [1, 2]);
    for (const m of ['set-controls', 'save-state', 'load-state', 'get-plot-data']) assert.ok(hello.messages.includes(m), m);
    for (const e of ['action', 'samples']) assert.ok(hello.events.includes(e), e);
    assert.ok(hello.controls.includes('find') && hello.controls.includes('dt') && hello.controls.includes('scene'));
    const v1 = await api('save-state', {}, { softlab: 1 });
    assert.strictEqual(v1.softlab, 1);
    assert.strictEqual(v1.code, 'version');
    assert.match(v1.error, /save-state is version 2's/);
    const v1sub = await api('subscribe', { event: 'samples', rate: 5 }, { softlab: 1 });
    assert.strictEqual(v1sub.code, 'version');
    const v1state = await api('get-state', {}, { softlab: 1 });
    assert.strictEqual(v1state.softlab, 1);
    assert.strictEqual(v1state.type, 'reply');
  });

  test('the quiz locks find and the Δt box by its URL: shown, disabled, and a student cannot change Δt', async () => {
    assert.strictEqual(new URL(lab.url()).searchParams.get('lock'), 'find,dt');
    await lab.click('#controls-toggle');
    const seen = await lab.evaluate(() => {
      const dt = document.querySelector('.panel .dt-input');
      const card = document.querySelector('#params tr[data-param="dt"] td:not(.link) input');
      const find = document.querySelector('#params tr[data-param="find"] button');
      const method = document.querySelector('.panel .method');
      const vis = (e) => e.getClientRects().length > 0;
      return {
        dt: [dt.disabled, dt.getAttribute('aria-disabled'), vis(dt)], card: [card.disabled, card.getAttribute('aria-disabled')],
        find: [find.disabled, find.getAttribute('aria-disabled'), vis(find)], method: [method.disabled, vis(method)],
      };
    });
    assert.deepStrictEqual(seen.dt, [true, 'true', true]);
    assert.deepStrictEqual(seen.card, [true, 'true']);
    assert.deepStrictEqual(seen.find, [true, 'true', true]);
    assert.deepStrictEqual(seen.method, [false, true]); // not locked
    const before = (await ok('get-state')).panels[0].dt;
    // the student tries: a click into the box and typing, Enter
    await lab.click('.panel .dt-input', { force: true }).catch(() => {});
    await page.keyboard.type('0.05');
    await page.keyboard.press('Enter');
    assert.strictEqual(await lab.locator('.panel .dt-input').isEditable(), false);
    await page.waitForTimeout(300);
    assert.strictEqual((await ok('get-state')).panels[0].dt, before);
    // the course page still sets Δt through the API
    assert.strictEqual((await ok('set', { dt: 0.003 })).panels[0].dt, 0.003);
    assert.strictEqual(await lab.locator('.panel .dt-input').isDisabled(), true); // still locked after the change
    await ok('set', { dt: before });
  });

  test('set-controls hides and locks, per panel or for the page, and shows again', async () => {
    const r = await ok('set-controls', { controls: { scene: 'hidden', presets: 'hidden', method: 'locked' } });
    assert.strictEqual(r.controls.scene, 'hidden');
    assert.deepStrictEqual(r.controls.method, ['locked']);
    assert.deepStrictEqual(r.controls.find, ['locked']); // the URL's lock stays
    const seen = () => lab.evaluate(() => ({
      scene: document.querySelector('#scene-select').getClientRects().length > 0,
      presets: document.querySelector('#preset').getClientRects().length > 0,
      method: document.querySelector('.panel .method').disabled,
    }));
    assert.deepStrictEqual(await seen(), { scene: false, presets: false, method: true });
    await ok('set-controls', { controls: { scene: 'shown', presets: 'shown', method: 'shown' } });
    assert.deepStrictEqual(await seen(), { scene: true, presets: true, method: false });
    await ok('set-controls', { controls: { method: 'locked' }, panel: 0 });
    assert.strictEqual((await seen()).method, true);
    await ok('set-controls', { controls: { method: 'shown' }, panel: [0] });
    for (const [fields, pattern] of [
      [{ controls: { rocket: 'hidden' } }, /“rocket” is no control/],
      [{ controls: { dt: 'gone' } }, /controls.dt must be one of shown, locked, hidden/],
      [{ controls: { scene: 'hidden' }, panel: 0 }, /scene is the page's, not a panel's/],
      [{}, /missing field controls/],
    ]) {
      const m = await api('set-controls', fields);
      assert.strictEqual(m.code, 'bad-field', JSON.stringify(m));
      assert.match(m.error, pattern);
    }
    assert.strictEqual((await seen()).scene, true); // a refused message changed nothing
  });

  for (const method of ['symplectic-euler', 'regularized']) {
    test(`save-state and load-state: a loaded run continues bit for bit (${method})`, async () => {
      await ok('pause');
      await ok('set', { method, dt: 0.002 });
      await ok('step', { count: 40 });
      const s1 = await ok('save-state');
      assert.strictEqual(s1.format, 'softlab-state');
      assert.strictEqual(s1.version, 1);
      assert.strictEqual(s1.scene, 'swinging-cube');
      assert.ok(Math.abs(s1.panels[0].t - 0.08) < 1e-12, `t1 = ${s1.panels[0].t}`);
      await ok('step', { count: 60 });
      const a = await ok('save-state');
      assert.ok(Math.abs(a.panels[0].t - 0.2) < 1e-12);
      // the body moved between the saves (a test of equality that could not fail otherwise)
      assert.notDeepStrictEqual(a.panels[0].positions, s1.panels[0].positions);
      // a fresh lab, its state through JSON as a course page would store it
      if (!(await page.$('#lab2'))) await secondLab();
      const stored = JSON.parse(JSON.stringify(s1));
      const loaded = await ok('load-state', { state: stored }, '#lab2');
      assert.strictEqual(loaded.panels[0].method, method);
      assert.strictEqual(loaded.panels[0].t, s1.panels[0].t);
      await ok('step', { count: 60 }, '#lab2');
      const b = await ok('save-state', {}, '#lab2');
      assert.strictEqual(b.panels[0].t, a.panels[0].t);
      assert.deepStrictEqual(b.panels[0].positions, a.panels[0].positions); // bit for bit (Object.is on each)
      assert.deepStrictEqual(b.panels[0].velocities, a.panels[0].velocities);
    });
  }

  test('load-state refuses a malformed, other-version or other-scene state and changes nothing', async () => {
    const good = await ok('save-state', {}, '#lab2');
    const before = essence(await ok('get-state', {}, '#lab2'));
    const bent = (f) => { const s = JSON.parse(JSON.stringify(good)); f(s); return s; };
    for (const [state, code, pattern] of [
      [{ hello: 1 }, 'bad-field', /state must be what save-state answered/],
      [bent((s) => { s.version = 9; }), 'version', /state version 9 is not read here/],
      [bent((s) => { s.scene = 'warp-bar'; }), 'bad-field', /scene “warp-bar” with 1 panels; this lab shows “swinging-cube”/],
      [bent((s) => { s.panels[0].positions[4] = 'x'; }), 'bad-field', /positions must be a list of at most/],
      [bent((s) => { s.panels[0].positions.pop(); }), 'bad-field', /3 numbers a node each/],
      [bent((s) => { s.panels[0].velocities = s.panels[0].velocities.slice(3); s.panels[0].positions = s.panels[0].positions.slice(3); }), 'bad-field', /nodes; this panel's body has/],
      [bent((s) => { s.panels[0].dt = -1; }), 'bad-field', /dt must be a number of seconds/],
      [bent((s) => { s.panels[0].pins = [1e9]; }), 'bad-field', /pins must be a list of node indexes/],
      [bent((s) => { s.t = null; }), 'bad-field', /state.t must be a time/],
    ]) {
      const m = await api('load-state', { state }, {}, '#lab2');
      assert.strictEqual(m.code, code, JSON.stringify(m).slice(0, 300));
      assert.match(m.error, pattern);
    }
    assert.deepStrictEqual(essence(await ok('get-state', {}, '#lab2')), before);
  });

  test('action events: a student\'s stepper change and reset arrive; the API\'s own changes do not', async () => {
    const { subscription } = await ok('subscribe', { event: 'action' });
    await clearEvents();
    await ok('set', { method: 'symplectic-euler' }); // the course page's change: no action
    await lab.selectOption('.panel .method', 'verlet');
    await lab.click('#reset');
    // (a stepper change also starts the lab's own check of the new stepper's stable Δt,
    // whose end is an 'answered' action: only the changes and resets are compared here)
    const mine = (e) => e.subscription === subscription && ['change', 'reset'].includes(e.action);
    await page.waitForFunction((s) => document.querySelector('#lab').__events.filter((e) => e.subscription === s && ['change', 'reset'].includes(e.action)).length >= 2, subscription, { timeout: 20000 });
    const got = (await events()).filter(mine);
    assert.deepStrictEqual(got.map((e) => [e.action, e.control, e.panel, e.value]), [['change', 'method', 0, 'verlet'], ['reset', undefined, undefined, undefined]]);
    for (const e of got) assert.ok(typeof e.t === 'number' && e.t >= 0);
    await ok('unsubscribe', { subscription });
    await ok('set', { method: 'symplectic-euler', dt: 0.002 });
  });

  test('samples arrive at about the rate asked, with the plotted channels', async () => {
    await ok('reset');
    await page.$eval('#lab', (el) => el.scrollIntoView()); // a lab out of sight takes no steps (web/lab/lab-page.js)
    const rate = 10;
    const sub = await ok('subscribe', { event: 'samples', rate, channels: ['height', 'total'] });
    assert.deepStrictEqual(sub.channels, ['height', 'total']);
    await ok('play');
    await clearEvents();
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(3000);
    const got = (await events()).filter((e) => e.subscription === sub.subscription);
    const t1 = await page.evaluate(() => performance.now());
    await ok('unsubscribe', { subscription: sub.subscription });
    await ok('pause');
    const measured = got.length / ((t1 - t0) / 1000);
    console.log(`samples: ${got.length} events in ${((t1 - t0) / 1000).toFixed(2)} s: ${measured.toFixed(1)} a second (asked ${rate})`);
    assert.ok(measured > 0.6 * rate && measured < 1.3 * rate, `${measured} a second`);
    const last = got[got.length - 1];
    assert.deepStrictEqual(Object.keys(last.panels[0].values), ['height', 'total']);
    assert.ok(Number.isFinite(last.panels[0].values.height) && last.panels[0].t > 0);
    const times = got.map((e) => e.t);
    assert.ok(times.every((t, k) => k === 0 || t >= times[k - 1]), 'the shown time never goes back');
    for (const [fields, pattern] of [[{ event: 'samples' }, /needs rate/], [{ event: 'samples', rate: 1000 }, /rate must be/],
      [{ event: 'samples', rate: 5, channels: ['nope'] }, /“nope” is not plotted/], [{ event: 'diverged', rate: 5 }, /belong to the samples event only/]]) {
      const m = await api('subscribe', fields);
      assert.strictEqual(m.code, 'bad-field');
      assert.match(m.error, pattern);
    }
  });

  test('get-plot-data reads the chart: the run\'s samples, in time order, at most the rows asked', async () => {
    const all = await ok('get-plot-data', { quantity: 'height' });
    assert.strictEqual(all.quantity, 'height');
    const p = all.panels[0];
    assert.ok(p.t.length > 10 && p.t.length === p.values.length, `${p.t.length} rows`);
    assert.ok(p.t.every((t, k) => k === 0 || t > p.t[k - 1]));
    assert.ok(p.values.every(Number.isFinite));
    const few = await ok('get-plot-data', { quantity: 'height', rows: 5 });
    assert.ok(few.panels[0].t.length <= 5 && few.panels[0].t[0] === p.t[0]);
    assert.strictEqual((await api('get-plot-data', { quantity: 'rocket' })).code, 'bad-field');
  });

  test('set takes iterations as the page does: the core keeps them, a count out of range is refused', async () => {
    const r = await ok('set', { method: 'xpbd', iterations: 7 });
    assert.strictEqual(r.panels[0].iterations, 7);
    const m = await api('set', { iterations: 0 });
    assert.strictEqual(m.code, 'bad-field');
    assert.match(m.error, /iterations must be a whole number from 1 to/);
    await ok('set', { method: 'symplectic-euler', dt: 0.002 });
    assert.deepStrictEqual(page.errors, []);
  });

  test('set takes XPBD\'s damping time τ as the page does: the core keeps it, out of range refused in the core\'s words', async () => {
    const r = await ok('set', { method: 'xpbd', xpbdDamping: 0.02 });
    assert.ok(r.panels.every((p) => p.xpbdDamping === 0.02 && p.t === 0), JSON.stringify(r.panels.map((p) => [p.xpbdDamping, p.t])));
    const m = await api('set', { xpbdDamping: 11 });
    assert.strictEqual(m.code, 'refused');
    assert.match(m.error, /XPBD damping time = 11 s not in \[0, 10\] s/);
    assert.strictEqual((await ok('get-state')).panels[0].xpbdDamping, 0.02, 'refused: τ as it was');
    assert.strictEqual((await api('set', { xpbdDamping: '0.1' })).code, 'bad-field');
    // save-state keeps τ and load-state sets it again: saved at 0.02 s, changed to 0, loaded
    const saved = await ok('save-state');
    assert.deepStrictEqual(saved.panels.map((p) => p.xpbdDamping), saved.panels.map(() => 0.02));
    await ok('set', { xpbdDamping: 0 });
    const loaded = await ok('load-state', { state: saved });
    assert.deepStrictEqual(loaded.panels.map((p) => p.xpbdDamping), saved.panels.map(() => 0.02));
    const badTau = await api('load-state', { state: { ...saved, panels: saved.panels.map((p) => ({ ...p, xpbdDamping: 20 })) } });
    assert.strictEqual(badTau.code, 'bad-field');
    assert.match(badTau.error, /xpbdDamping must be null or a number of seconds in \[0, 10\]/);
    await ok('set', { method: 'symplectic-euler', dt: 0.002, xpbdDamping: 0 });
    assert.deepStrictEqual(page.errors, []);
  });
});
