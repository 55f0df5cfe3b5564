// Issue 42 item 1's start with a recording, for tools/bench.sh (part `defaults`). Never a test.
//
//   node tools/bench_recorded.js SITE_DIR LIVE_JSONL [SCENE...]
//
// For each recorded scene (web/time/recordings.js RECORDINGS; or those named) opens its lab page
// with its own comparison as a student does (index.html?scene=NAME: the recording plays)
// in headless Chromium with WebGL off, 1400 x 900, as tools/bench_page.js, and reads:
//   start_ms      ms from navigation start to the first frame after t = 0 on screen (the
//                 clock's shown time > 0, polled every 20 ms from the page's first script)
//   worker_steps  the Workers' steps when that frame was shown (state().panels[i].firstShown)
//   rtf           the playback's real-time factor: shown simulated s per wall s from then
//                 until the shown time reaches 90 % of the recording's span (or 8 s)
// and prints them beside the live start and real-time factor of LIVE_JSONL (bench_page.js's
// output of the same run: ?playback=live).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { startSite } = require('../tests/web/harness');

async function measure(site, scene, span) {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    window.__bench = { firstAt: NaN };
    const look = setInterval(() => {
      try {
        if (window.softlab && window.softlab.ready && window.softlab.state().shownTime > 0) {
          window.__bench.firstAt = performance.now();
          window.__bench.first = window.softlab.state();
          clearInterval(look);
        }
      } catch { /* not yet */ }
    }, 20);
  });
  try {
    await page.goto(`${site.base}/index.html?scene=${encodeURIComponent(scene)}`);
    await page.waitForFunction(() => Number.isFinite(window.__bench.firstAt), null, { timeout: 90000, polling: 50 });
    return { scene, ...(await page.evaluate(async (spanS) => {
      const s0 = window.__bench.first;
      const w0 = window.__bench.firstAt;
      let s = window.softlab.state();
      while (s.shownTime < 0.9 * spanS && performance.now() - w0 < 8000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        s = window.softlab.state();
      }
      return {
        span: spanS, recorded: s0.recorded, start_ms: w0,
        worker_steps: s0.panels.map((p) => (p.firstShown ? p.firstShown.workerSteps : null)),
        rtf: (s.shownTime - s0.shownTime) / ((performance.now() - w0) / 1000),
        workers_at: Math.min(...s.panels.map((p) => p.latest)),
      };
    }, span)), errors };
  } catch (e) {
    return { scene, error: String((e && e.message) || e).split('\n')[0], errors };
  } finally {
    await page.close();
  }
}

async function main() {
  const [siteDir, liveFile, ...names] = process.argv.slice(2);
  if (!siteDir || !liveFile) {
    console.error('usage: node tools/bench_recorded.js SITE_DIR LIVE_JSONL [SCENE...]');
    process.exit(2);
  }
  const { RECORDINGS } = await import(pathToFileURL(path.resolve(siteDir, 'time/recordings.js')).href);
  const live = new Map(fs.readFileSync(liveFile, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)).map((r) => [r.scene, r]));
  const chosen = RECORDINGS.filter((r) => !names.length || names.includes(r.scene));
  const site = await startSite(path.resolve(siteDir), { extraArgs: ['--disable-3d-apis'] });
  const rows = [];
  try {
    for (const r of chosen) rows.push(await measure(site, r.scene, r.span));
  } finally {
    await site.close();
  }
  const f = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  console.log('scene                live start s  live x real  | recording: start s  playback x real  span s  Worker steps at 1st frame');
  for (const r of rows) {
    const l = live.get(r.scene) || {};
    if (r.error) { console.log(`${r.scene.padEnd(20)} ${r.error}`); continue; }
    console.log(`${r.scene.padEnd(20)} ${f(l.start_ms / 1000, 1).padStart(12)}  ${f(l.rtf, 3).padStart(11)}  | ${f(r.start_ms / 1000, 2).padStart(18)}  ` +
      `${f(r.rtf, 3).padStart(15)}  ${f(r.span, 2).padStart(6)}  ${r.worker_steps.join(', ')}${r.recorded ? '' : ' (no recording played!)'}${r.errors.length ? ' errors: ' + r.errors.join('; ') : ''}`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
