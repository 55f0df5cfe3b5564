// A heavy scene opened with its own comparison plays the recording made when the site was
// built (issue 42 item 1; web/time/recording.js, tools/record_scenes.js): the page says so, the
// first frame after t = 0 is on screen before any Worker step, the positions shown at a
// time are the recording's frame at that time, and a changed setting leaves the recording
// and computes live. Every check is in simulated time or step counts, none in real time
// (the Workers get no target before a recorded frame after t = 0 is shown, so that count
// is 0 on any machine). recording-frames.test.js checks the recording against a fresh run.
// WebGL off.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { SITE, RESULTS, startSite } = require('./harness');

let site;
before(async () => { site = await startSite(undefined, { extraArgs: ['--disable-3d-apis'] }); });
after(async () => { if (site) await site.close(); });

const barText = (page) => page.evaluate(() => document.querySelector('#ahead').hidden ? '' : document.querySelector('#ahead-text').textContent);

/** Serves page's Workers a script (the bundled web/sim-worker.js) that waits ms before each
 *  step (sim-host.js stepOnce), so that they compute slower than real time on any machine. */
async function slowWorkerSteps(page, ms) {
  let patched = 0;
  await page.context().route('**/sim-worker.js', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    const body = text.replace('stepOnce() {', `stepOnce() { for (const until = performance.now() + ${ms}; performance.now() < until;);`);
    if (body !== text) patched++;
    await route.fulfill({ response, body });
  });
  return () => patched;
}

test('onering-squeeze opens playing its recording; a changed Δt leaves it and computes live', { timeout: 240000 }, async () => {
  const { parseRecording, recordedFrames } = await import(pathToFileURL(path.join(SITE, 'time/recordings.js')).href);
  const rec = parseRecording(fs.readFileSync(path.join(SITE, 'recordings', 'onering-squeeze.json'), 'utf8'));
  const recorded = rec.panels.map((_, i) => recordedFrames(rec, i));
  // not openLab, which asks for live stepping
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(site.base + '/index.html?scene=onering-squeeze');
  await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });

  // (a) it says it plays a recording, to when
  await page.waitForFunction(() => /^Recording made with softlab’s core when this site was built/.test(document.querySelector('#ahead-text').textContent), null, { timeout: 20000 });
  const text = await barText(page);
  console.log(`bar: ${text}`);
  assert.match(text, new RegExp(`t = 0 to ${rec.span.toFixed(2)} s`));
  assert.match(text, /change any setting to compute live/);
  let s = await page.evaluate(() => window.softlab.state());
  assert.strictEqual(s.recorded, rec.span);
  assert.strictEqual(s.ahead, true);

  // (b) the first frame after t = 0 is the recording's, shown before any Worker step
  await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.firstShown), null, { timeout: 20000 });
  s = await page.evaluate(() => window.softlab.state());
  for (const p of s.panels) {
    console.log(`panel ${p.method}: first frame shown after t = 0: ${JSON.stringify(p.firstShown)}`);
    assert.strictEqual(p.firstShown.recorded, true);
    assert.strictEqual(p.firstShown.workerSteps, 0, 'Worker steps when the first frame after t = 0 was shown');
    assert.ok(p.firstShown.at > 0 && p.firstShown.at <= rec.span);
  }
  // ... and the positions shown at t are the recording's frame at t: paused inside it
  await page.waitForFunction(() => window.softlab.state().shownTime >= 0.2, null, { timeout: 30000 });
  await page.evaluate(() => window.softlab.control.pause());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  s = await page.evaluate(() => window.softlab.state());
  assert.ok(s.shownTime > 0 && s.shownTime <= rec.span, `shown at ${s.shownTime}`);
  const k = Math.round(s.shownTime / rec.frameSpacing);
  s.panels.forEach((p, i) => {
    const f = recorded[i][k];
    assert.strictEqual(p.shownRecorded, true, `panel ${i} shows a recorded frame`);
    assert.strictEqual(p.t, f.t, `panel ${i}: the state's time`);
    assert.strictEqual(p.positions.length, f.positions.length);
    p.positions.forEach((x, j) => { if (x !== f.positions[j]) assert.fail(`panel ${i} coordinate ${j}: shown ${x}, recorded ${f.positions[j]}`); });
    assert.strictEqual(p.volumeRatio, f.measures.volume_ratio, `panel ${i}: the readout's volume ratio`);
  });
  console.log(`paused at t = ${s.shownTime.toFixed(4)} s (frame ${k}): both panels show the recording's frame; Workers at ${s.panels.map((p) => p.latest.toFixed(4)).join(', ')} s`);
  fs.mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS, 'recording-squeeze.png') });

  // Reset replays it from its start
  await page.evaluate(() => window.softlab.control.reset());
  s = await page.evaluate(() => window.softlab.state());
  assert.strictEqual(s.recorded, rec.span, 'still the recording after Reset');

  // (c) a changed setting (Δt of the per-tet panel) leaves the recording and computes live
  const refused = await page.evaluate(() => window.softlab.control.setRun([1], { dt: 5e-5 }));
  assert.deepStrictEqual(refused, []);
  await page.evaluate(() => window.softlab.control.play());
  s = await page.evaluate(() => window.softlab.state());
  assert.strictEqual(s.recorded, 0, 'left the recording');
  assert.ok(!/Recording made/.test(await barText(page)));
  await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.t > 0 && !p.shownRecorded && p.workerSteps > 0), null, { timeout: 120000 });
  s = await page.evaluate(() => window.softlab.state());
  console.log(`after the change: t = ${s.shownTime.toFixed(4)} s, ${s.panels.map((p) => `${p.method} Δt ${p.dt}: ${p.workerSteps} steps`).join('; ')}`);
  assert.strictEqual(s.panels[1].dt, 5e-5);
  assert.deepStrictEqual(page.errors, []);
  await page.close();
});

// Issue 42 item D: where the Workers compute a recorded scene slower than real time, they
// are behind when the recording has played to its end. The squeeze now runs about live on
// this machine, so the test holds its Workers back itself: the Worker script it is served
// waits 2 ms before every step (about 0.1x real time at the one-ring panel's 0.2 ms), on
// any machine. The clock pauses there once,
// as at the end of a clip, and the bar says where the recording ended, where the Workers
// are and how long Play would wait: numbers of the clock and the Workers (the bar's data-*
// are what it printed; the wait is recomputed here from them), none typed. Play then waits
// with the computing-ahead bar. Simulated times and the clock's own numbers only.
test('at the recording’s end with the Workers behind, the clock pauses and says how long Play waits', { timeout: 240000 }, async () => {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const patched = await slowWorkerSteps(page, 2);
  await page.goto(site.base + '/index.html?scene=onering-squeeze');
  await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
  await page.waitForFunction(() => window.softlab.state().recorded > 0 && Number.isFinite(window.softlab.state().aheadRate), null, { timeout: 60000 });
  const span = await page.evaluate(() => window.softlab.state().recorded);
  assert.ok(patched() > 0, 'the Workers were served the script that waits before each step');
  // scrub to 0.2 s before its end, as the reader's slider does (it may have paused at the
  // end already while the speed was measured: a scrub back pauses there again), and play
  await page.evaluate((t) => {
    const scrub = document.querySelector('#ahead-scrub');
    scrub.value = String(t);
    scrub.dispatchEvent(new Event('input'));
    scrub.dispatchEvent(new Event('change'));
  }, span - 0.2);
  assert.ok(await page.evaluate(() => window.softlab.time()) < span - 0.1, 'scrubbed back into the recording');
  await page.evaluate(() => window.softlab.control.play());
  await page.waitForFunction((end) => {
    const s = window.softlab.state();
    return !s.playing && s.shownTime >= end - 1e-9 && /^The recording ended at t = /.test(document.querySelector('#ahead-text').textContent);
  }, span, { timeout: 60000 });
  const seen = await page.evaluate(() => {
    const bar = document.querySelector('#ahead');
    return { text: document.querySelector('#ahead-text').textContent, data: { ...bar.dataset }, state: window.softlab.state() };
  });
  console.log(`bar: ${seen.text}`);
  const { text, data, state } = seen;
  const workers = Number(data.workers), eta = Number(data.eta), rate = Number(data.rate), need = Number(data.need);
  assert.strictEqual(state.playing, false, 'paused at the recording’s end');
  assert.strictEqual(state.recorded, span, 'still the recording');
  assert.ok(Math.abs(state.shownTime - span) < 1e-9, `shown at ${state.shownTime}, the recording ends at ${span}`);
  assert.match(text, new RegExp(`The recording ended at t = ${span.toFixed(2)} s`));
  assert.ok(workers >= 0 && workers < span, `the Workers at ${workers} s, behind ${span}`);
  assert.ok(workers <= Math.min(...state.panels.map((p) => p.latest)) + 1e-12, 'the Workers’ time is one they reported');
  assert.ok(text.includes(`now at t = ${workers.toFixed(2)} s`));
  assert.ok(rate > 0 && need > 0, `rate ${rate}, need ${need}`);
  assert.strictEqual(eta, Math.ceil(Math.max(0, span + need - workers) / rate), 'the wait from the measured speed');
  assert.ok(eta >= 1);
  assert.ok(text.includes(`about ${eta} s of computing`));
  // Play: the computing-ahead wait (the recording's end said there too)
  await page.evaluate(() => window.softlab.control.play());
  await page.waitForFunction(() => /computing ahead/.test(document.querySelector('#ahead-text').textContent), null, { timeout: 20000 });
  const after = await page.evaluate(() => ({ text: document.querySelector('#ahead-text').textContent, playing: window.softlab.state().playing }));
  console.log(`after Play: ${after.text}`);
  assert.strictEqual(after.playing, true);
  assert.match(after.text, new RegExp(`^the recording ended at t = ${span.toFixed(2)} s; computing ahead`));
  assert.deepStrictEqual(page.errors, []);
  await page.close();
});
