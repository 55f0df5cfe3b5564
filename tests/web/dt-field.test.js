// The panel's Δt box shows the Δt in use whole (six significant digits, web/ui/format.js
// fieldText), while the value in use stays the exact one: xpbd-hanging-chain opens at
// Δt = 1/240 s (src/scenes/xpbd_chain.c), which the box once showed cut as "0.0041…".
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

describe('the Δt box', () => {
  for (const viewport of [{ width: 1400, height: 1000 }, { width: 820, height: 1180 }]) { // desktop, tablet
    test(`shows 1/240 s whole as 0.00416667, the panels keep 1/240 s exactly (${viewport.width} px wide)`, async () => {
      const page = await openLab(site, '?scene=xpbd-hanging-chain&paused=1', viewport);
      const boxes = await page.evaluate(() => [...document.querySelectorAll('.panel .dt-input')]
        .filter((e) => e.offsetParent !== null).map((e) => ({ value: e.value, client: e.clientWidth, scroll: e.scrollWidth })));
      const dts = await page.evaluate(() => window.softlab.state().panels.map((p) => p.dt));
      await page.close();
      assert.ok(dts.length === 4 && dts.every((dt) => dt === 1 / 240), JSON.stringify(dts));
      for (const b of boxes) {
        assert.strictEqual(b.value, '0.00416667');
        assert.ok(b.scroll <= b.client, `the box cuts its text: ${JSON.stringify(b)}`);
      }
      assert.strictEqual(boxes.length, 4, 'the four boxes are shown');
    });
  }
});
