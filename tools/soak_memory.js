// `make check-soak` (issue 43 item 5): the lab's renderer memory under a long soak with drags.
// thread-suture runs live while a node of panel 0 is dragged (120 px up, held 1 s) every 3 s
// for SOAK_S s of wall time. Once a minute every JavaScript isolate of the lab is collected
// in full (the page's and each Worker's, through DevTools), then the renderer's resident
// memory (RSS, from ps) is read. Before the collection the RSS swings by 40-80 MB: a Worker
// collects its garbage (the frames' transferred buffers) lazily, so the RSS is read after.
// Asserted: from the reading after WARMUP_S to the last, the renderer's RSS after a full
// collection grows by at most BAND_MB, and the page's and Workers' JS heaps stay within
// HEAP_MB of their warm-up reading. Never part of `make test` (15 minutes of wall time).
// Measured 2026-11-29, load 12-16 (three builds beside it): 244 MB at 1 min, 259-264 MB
// from 2 min to 14 min (86 drags), while the RSS read before the collection swung 303-342 MB.
// Usage: node tools/soak_memory.js SITE [SOAK_S=900] [QUERY=?scene=thread-suture]
'use strict';
const { execSync } = require('node:child_process');
const { startSite, openLab, workerCalls } = require('../tests/web/harness');

const [SITE = 'build/site', SOAK = '900', QUERY = '?scene=thread-suture'] = process.argv.slice(2);
const SOAK_S = Number(SOAK);
const WARMUP_S = 120; // Chromium's caches, the JIT and the chart's record still grow before
const BAND_MB = 15;
const HEAP_MB = 6;
const READ_EVERY_S = 60;

/** RSS in MB of every renderer process under the browser of pid root. */
function rendererRss(root) {
  const rows = execSync('ps -eo pid,ppid,rss,args').toString().trim().split('\n').slice(1).map((line) => {
    const f = line.trim().split(/\s+/);
    return { pid: +f[0], ppid: +f[1], mb: +f[2] / 1024, args: f.slice(3).join(' ') };
  });
  const under = [];
  for (const queue = [root]; queue.length;) {
    const p = queue.pop();
    for (const r of rows) if (r.ppid === p) { under.push(r); queue.push(r.pid); }
  }
  return under.filter((r) => r.args.includes('--type=renderer')).map((r) => r.mb);
}

async function main() {
  const tag = `--softlab-soak=${process.pid}`; // finds the browser's process among others
  const site = await startSite(SITE, { extraArgs: [tag] });
  const root = +execSync(`ps -eo pid,args | grep -- '${tag}' | grep -v grep | grep -v -- '--type=' | head -1`).toString().trim().split(/\s+/)[0];
  const page = await openLab(site, QUERY, { width: 1400, height: 1000 });
  const cdp = await page.context().newCDPSession(page);
  const onWorkers = workerCalls(await site.browser.newBrowserCDPSession());
  const readings = [];
  const read = async (t, drags) => {
    const before = Math.max(...rendererRss(root));
    await cdp.send('HeapProfiler.collectGarbage');
    await onWorkers('HeapProfiler.collectGarbage');
    await page.waitForTimeout(2000);
    const r = {
      t, drags, rssBefore: before, rss: Math.max(...rendererRss(root)),
      heap: (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6,
      workerHeaps: (await onWorkers('Runtime.getHeapUsage')).map((h) => h.usedSize / 1e6),
      panels: await page.evaluate(() => window.softlab.state().panels.map((p) => `${p.verdict} at t = ${p.t.toFixed(1)} s`)),
    };
    readings.push(r);
    console.log(`${String(t).padStart(4)} s  ${String(drags).padStart(3)} drags  RSS ${r.rssBefore.toFixed(0)} -> ${r.rss.toFixed(0)} MB after a full collection;`
      + ` heap ${r.heap.toFixed(1)} MB, Workers ${r.workerHeaps.map((h) => h.toFixed(1)).join(', ')} MB; ${r.panels.join(', ')}`);
  };
  console.log(`issue 43: ${QUERY} live, a drag every 3 s for ${SOAK_S} s; the lab's renderer (the largest) read once a minute`);
  const t0 = Date.now();
  let drags = 0, next = 0;
  while (Date.now() - t0 < SOAK_S * 1000) {
    const t = Math.round((Date.now() - t0) / 1000);
    if (t >= next) { await read(t, drags); next += READ_EVERY_S; }
    const at = await page.evaluate((n) => window.softlab.nodeOnScreen(0, n), 5 + (drags % 10));
    if (at) {
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.move(at.x + 30, at.y - 120, { steps: 8 });
      await page.waitForTimeout(1000);
      await page.mouse.up();
      drags++;
    }
    await page.waitForTimeout(2000);
  }
  await read(Math.round((Date.now() - t0) / 1000), drags);
  await site.close();
  return verdict(readings);
}

/** The failures of readings against the bands, as sentences ([] when it holds). */
function verdict(readings) {
  const warm = readings.find((r) => r.t >= WARMUP_S), last = readings[readings.length - 1];
  if (!warm || warm === last) return [`the soak is too short: no reading after the ${WARMUP_S} s warm-up and another after it`];
  const bad = [];
  const rssGrowth = Math.max(...readings.filter((r) => r.t >= warm.t).map((r) => r.rss)) - warm.rss;
  if (rssGrowth > BAND_MB) bad.push(`the renderer's RSS after a full collection grew ${rssGrowth.toFixed(0)} MB after the warm-up (band ${BAND_MB} MB)`);
  if (last.heap - warm.heap > HEAP_MB) bad.push(`the page's JS heap grew ${(last.heap - warm.heap).toFixed(1)} MB`);
  last.workerHeaps.forEach((h, w) => {
    if (h - (warm.workerHeaps[w] ?? 0) > HEAP_MB) bad.push(`Worker ${w}'s JS heap grew ${(h - warm.workerHeaps[w]).toFixed(1)} MB`);
  });
  console.log(`after the warm-up (${warm.t} s to ${last.t} s, ${last.drags - warm.drags} drags): RSS after a full collection ${warm.rss.toFixed(0)} MB,`
    + ` at most ${(warm.rss + rssGrowth).toFixed(0)} MB (band ${BAND_MB} MB)`);
  return bad;
}

main().then((bad) => {
  for (const b of bad) console.error(`soak: ${b}`);
  process.exit(bad.length ? 1 : 0);
}, (err) => { console.error(err); process.exit(2); });
