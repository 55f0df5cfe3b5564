// Soak with drags (issue 43 item 5): thread-suture's four panels run live while a node is
// dragged every 3 s for SOAK_S s of real time. After a WARMUP_S s warm-up:
//   wasm:    every Worker's wasm memory (HEAP8.byteLength, web/sim-worker.js
//            softlabWasmBytes) is unchanged: the grab/release cycles allocate nothing
//            that stays in the core (measured: 16.8 MB per Worker, flat over 3 minutes);
//   JS heap: used heap after a forced garbage collection grows by at most HEAP_BAND_MB
//            (measured: 3-6 MB over 3 minutes, no trend).
// The renderer's RSS is not asserted within 2 minutes (Chromium's own caches still warm
// up); measured over 8 minutes with drags every 3 s (issue 43, 2026-11-28, the machine
// shared with four builds): 220 -> 257 MB with the chart's CSV record held to 2.4 MB, the
// last 3 minutes +5 MB. The record now stops growing at 32,768 rows a panel (chart-store.js).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

const SOAK_S = 70;       // real s of dragging (wall time under 2 minutes with start-up)
const WARMUP_S = 15;     // real s before the first reading (shaders, JIT, first chunks)
const DRAG_EVERY_S = 3;  // a drag (1 s held) every this many real s
const HEAP_BAND_MB = 4;  // JS heap growth, warm-up to end

let site, page, cdp;
before(async () => {
  site = await startSite();
  page = await openLab(site, '?scene=thread-suture', { width: 1400, height: 1000 });
  cdp = await page.context().newCDPSession(page);
});
after(async () => {
  if (page) await page.close();
  if (site) await site.close();
});

/** {heapMb: used JS heap after a full garbage collection, wasm: [bytes per Worker]} */
async function reading() {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const wasm = await Promise.all(page.workers().map((w) => w.evaluate(() => self.softlabWasmBytes())));
  return { heapMb: usedSize / 1e6, wasm };
}

/** Drags tracked-thread node `node` of panel 0 up by 120 px, holds it 1 s, releases. */
async function drag(node) {
  const at = await page.evaluate((n) => window.softlab.nodeOnScreen(0, n), node);
  if (!at) return false;
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 30, at.y - 120, { steps: 8 });
  await page.waitForTimeout(1000);
  await page.mouse.up();
  return true;
}

describe('soak: drags on thread-suture', () => {
  test('wasm memory and the JS heap stay flat after a warm-up', async (t) => {
    const t0 = Date.now();
    let drags = 0, first = null;
    while (Date.now() - t0 < SOAK_S * 1000) {
      if (!first && Date.now() - t0 > WARMUP_S * 1000) first = await reading();
      if (await drag(5 + (drags % 10))) drags++;
      await page.waitForTimeout((DRAG_EVERY_S - 1) * 1000);
    }
    const last = await reading();
    const msg = `drags ${drags}; heap ${first.heapMb.toFixed(1)} -> ${last.heapMb.toFixed(1)} MB; wasm ${first.wasm} -> ${last.wasm} B`;
    t.diagnostic(msg);
    console.log(msg);
    assert.ok(drags >= 5, `only ${drags} drags landed`); // a loaded machine drags slower
    assert.ok(first.wasm.length >= 1, 'no Worker answered');
    assert.deepStrictEqual(last.wasm, first.wasm, 'a Worker\'s wasm memory grew under drags');
    assert.ok(last.heapMb - first.heapMb <= HEAP_BAND_MB, msg);
    assert.deepStrictEqual(page.errors, []);
  });
});
