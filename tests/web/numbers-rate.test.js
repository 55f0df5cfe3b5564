// Issue 42: the page's numbers (each panel's readout, the energy bars, the inspector, the
// clock's t) are written ten times a second while running, not every frame
// (web/time/frame-loop.js TEXT_EVERY_MS): written every frame they took 0.38 of a processor
// on onering-torus-drop's main thread (CDP TaskDuration, 6 s), taken from its two Workers on a
// 2-core machine. They are written together, so at each write of the clock's t every panel's
// readout names a state at most its own Δt before it; paused, a single step shows at once.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** Over ms of real time: animation frames, and each write of the clock's text with every
 *  panel's readout at that moment (a MutationObserver runs after the task that wrote both). */
const watchWrites = (page, ms) => page.evaluate((ms) => new Promise((done) => {
  const clock = document.getElementById('clock');
  const writes = [];
  const mo = new MutationObserver(() => writes.push({
    clock: clock.textContent,
    readouts: [...document.querySelectorAll('.readout')].map((r) => r.textContent),
    stopped: window.softlab.state().panels.map((p) => !!p.stopped), // a stopped panel's t stays where it stopped
  }));
  mo.observe(clock, { childList: true, characterData: true, subtree: true });
  let frames = 0;
  const end = performance.now() + ms;
  const frame = () => {
    frames++;
    if (performance.now() < end) requestAnimationFrame(frame);
    else { mo.disconnect(); done({ frames, writes }); }
  };
  requestAnimationFrame(frame);
}), ms);

const timeOf = (text) => Number(/t = ([0-9.]+) s/.exec(text)[1]);

test('running, the numbers are written about ten times a second, all at one time; paused, a step shows at once', async () => {
  const page = await openLab(site, '?scene=oscillator');
  await page.waitForFunction(() => window.softlab.state().t > 0.2, null, { timeout: 30000 });
  const dts = (await page.evaluate(() => window.softlab.state())).panels.map((p) => p.dt);
  const { frames, writes } = await watchWrites(page, 2000);
  console.log(`${frames} frames in 2 s, the clock's t written ${writes.length} times; panels' Δt ${dts.join(' / ')} s`);
  assert.ok(frames >= 30, `${frames} animation frames in 2 s`);
  // ten a second: about 20 in 2 s; every frame would be one a frame
  assert.ok(writes.length >= 8 && writes.length <= 22, `the clock's t written ${writes.length} times in 2 s`);
  assert.ok(writes.length < frames / 2, `${writes.length} writes in ${frames} frames`);
  for (const w of writes) {
    const shown = timeOf(w.clock);
    assert.strictEqual(w.readouts.length, dts.length, `${w.readouts.length} readouts`);
    w.readouts.forEach((r, i) => {
      if (w.stopped[i]) return;
      const t = timeOf(r);
      // each panel's state: the latest of its steps at or before the time shown (3 decimals each)
      assert.ok(t <= shown + 0.0005 + 1e-9 && shown - t < dts[i] + 0.001, `clock ${w.clock}, panel ${i + 1}: ${r}`);
    });
  }
  // paused: a single step is on the clock at once (a frame or two), not a tenth of a second later
  await page.click('#play[data-action=pause]');
  const stepped = await page.evaluate(async () => {
    await window.softlab.settled();
    window.softlab.control.step();
    const s = await window.softlab.settled();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { shown: s.shownTime, clock: document.getElementById('clock').textContent };
  });
  assert.strictEqual(stepped.clock, `t = ${stepped.shown.toFixed(3)} s`, 'the clock after a single step');
  assert.deepStrictEqual(page.errors, []);
  await page.close();
});
