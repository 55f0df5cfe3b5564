// The lab on touch screens (issue 45 item 6): on a phone (390 × 844 CSS px, 3 device
// pixels each, touch) every view is at least 320 px wide and every visible control a
// 44 × 44 px target (WCAG 2.5.5), with the controls behind the Controls button shown
// too; a tablet (820 × 1180) has its own layout, two panels a row, every target at
// least 24 × 24 px (WCAG 2.5.8). Screenshots of both go to test-results/ to be looked at.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { RESULTS, startSite, live } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** Every visible control's target box: a checkbox's is its label's (a tap on the label
 *  toggles it). [{name, w, h}] in CSS px. */
const targets = (page) => page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, summary, a[href], [tabindex]:not([tabindex="-1"]), [role="button"]')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && !e.closest('dialog:not([open]), .sr-only'))
  .map((e) => {
    const box = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
    const r = box.getBoundingClientRect();
    const name = e.id || e.getAttribute('aria-label') || e.title || e.textContent.trim().slice(0, 30) || e.tagName;
    return { name: `${e.tagName.toLowerCase()} "${name}"`, w: r.width, h: r.height };
  }));

function assertTargets(list, min, where) {
  assert.ok(list.length > 10, `${where}: ${list.length} controls`);
  const small = list.find((t) => t.w < min - 0.01 || t.h < min - 0.01);
  assert.ok(!small, small && `${where}: ${small.name} is ${small.w.toFixed(1)} × ${small.h.toFixed(1)} px, under ${min} × ${min}`);
}

const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, min: 44, views: 320 },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, min: 24, views: 320 },
];

describe('touch screens', () => {
  for (const d of DEVICES) {
    test(`${d.name} (${d.viewport.width} × ${d.viewport.height}): views ≥ ${d.views} px wide, targets ≥ ${d.min} px`, async () => {
      const ctx = await site.browser.newContext({ viewport: d.viewport, deviceScaleFactor: d.deviceScaleFactor, isMobile: true, hasTouch: true });
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(site.base + '/index.html' + live('?paused=1'));
      await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
      const views = await page.$$eval('.panel canvas', (cs) => cs.map((c) => c.getBoundingClientRect().width));
      assert.strictEqual(views.length, 3);
      for (const w of views) assert.ok(w >= d.views, `a view ${w.toFixed(1)} px wide: ${views.map((v) => v.toFixed(1))}`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= d.viewport.width, 'no sideways scrolling');
      fs.mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS, `touch-${d.name}.png`), fullPage: true });
      assertTargets(await targets(page), d.min, d.name);
      if (await page.locator('#controls-toggle').isVisible()) {
        await page.tap('#controls-toggle');
        await page.waitForSelector('.params-card', { state: 'visible' });
        await page.screenshot({ path: path.join(RESULTS, `touch-${d.name}-controls.png`), fullPage: true });
        assertTargets(await targets(page), d.min, `${d.name}, controls shown`);
      }
      assert.deepStrictEqual(errors, []);
      await ctx.close();
    });
  }
});
