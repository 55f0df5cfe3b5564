// The lab's layout on a phone and on a wide screen (issue 13 item 7), in headless
// Chromium: at 390 × 844 (portrait) one view a row, at least 320 px wide, and at 844 × 390
// (landscape) two views on screen side by side, with the controls behind one button; at 1920 × 1080 four
// panels show their whole stepper names and their views line up.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** The page boxes of the panels' canvases: [{left, top, right, bottom}]. */
const views = (page) => page.$$eval('.panel canvas', (cs) => cs.map((c) => {
  const r = c.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}));

/** Each panel's stepper menu: the name it shows, its width in the menu's font, the room the
 *  menu gives it (px), and the menu's tooltip. */
const menuNames = (page) => page.$$eval('.panel select.method', (sels) => sels.map((s) => {
  const span = document.createElement('span');
  const cs = getComputedStyle(s);
  span.style.font = cs.font;
  span.style.whiteSpace = 'pre';
  span.textContent = s.options[s.selectedIndex].text;
  document.body.append(span);
  const text = span.getBoundingClientRect().width;
  span.remove();
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16; // the arrow
  return { name: span.textContent, text, room, tooltip: s.title };
}));

describe('layout', () => {
  // portrait: one view a row, the page's width (at least 320 px, issue 45; touch.test.js
  // measures the tap targets); landscape: two side by side under the one-line header
  for (const [name, width, height] of [['phone portrait', 390, 844], ['phone landscape', 844, 390]]) {
    test(`${name} (${width} × ${height}): views at least 320 px wide, controls behind one button`, async () => {
      const page = await openLab(site, '', { width, height });
      const v = await views(page);
      assert.strictEqual(v.length, 3);
      for (const r of v) assert.ok(r.right - r.left >= 320, `a view ${r.right - r.left} px wide`);
      if (width > height) {
        const onScreen = v.filter((r) => r.top >= 0 && r.bottom <= height && r.left >= 0 && r.right <= width);
        assert.ok(onScreen.length >= 2, `views on screen: ${JSON.stringify(v)}`);
        assert.ok(Math.abs(v[0].top - v[1].top) < 1 && v[1].left >= v[0].right, 'panels 1 and 2 side by side');
      } else {
        assert.ok(v[1].top >= v[0].bottom, 'panel 2 under panel 1');
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, 'no sideways scrolling');
      // each panel says its stepper in one line; the card of parameters waits behind Controls
      assert.match(await page.locator('.panel-label').first().textContent(), /Symplectic Euler, Δt = 0\.05 s/);
      assert.strictEqual(await page.locator('.params-card').isVisible(), false);
      await page.click('#controls-toggle');
      assert.strictEqual(await page.locator('.params-card').isVisible(), true);
      assert.strictEqual(await page.locator('.panel select.method').first().isVisible(), true);
      assert.deepStrictEqual(page.errors, []);
      await page.close();
    });
  }

  test('wide (1920 × 1080), four panels: whole stepper names, views in line', async () => {
    const page = await openLab(site, '?scene=warp-bar&methods=symplectic-euler,implicit-euler,regularized,stiffness-warping', { width: 1920, height: 1080 });
    const cut = await menuNames(page);
    for (const c of cut) assert.ok(c.text <= c.room + 0.5, `"${c.name}" needs ${c.text.toFixed(0)} px, has ${c.room.toFixed(0)}`);
    const v = await views(page);
    assert.strictEqual(v.length, 4);
    for (const r of v) assert.ok(Math.abs(r.top - v[0].top) < 1, `views out of line: ${JSON.stringify(v.map((x) => x.top))}`);
    assert.ok(v[3].right - v[0].left > 1500, 'the four panels use the wide screen');
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('1400 px, four panels: a name too long for its head is shortened on purpose, whole in its tooltip', async () => {
    const page = await openLab(site, '?scene=oscillator&methods=forest-ruth,symplectic-midpoint,rk4,half-step', { width: 1400, height: 1000 });
    const names = await menuNames(page);
    for (const c of names) assert.ok(c.text <= c.room + 0.5, `"${c.name}" needs ${c.text.toFixed(0)} px, has ${c.room.toFixed(0)}`);
    // at about 300 px a panel, a name that does not fit loses its parenthesis and the menu's
    // tooltip keeps it whole; a name that fits stays whole
    const full = ['Forest-Ruth (fourth order symplectic)', 'Symplectic midpoint (leapfrog, drift-kick-drift)',
      'Runge-Kutta 4 (classical)', 'Half step (explicit midpoint, RK2)'];
    names.forEach((c, i) => {
      const short = full[i].replace(/\s*\(.*$/, '');
      assert.ok(c.name === full[i] || c.name === short, `panel ${i + 1} shows "${c.name}"`);
      assert.strictEqual(c.tooltip, c.name === full[i] ? '' : full[i]);
    });
    assert.deepStrictEqual(names.slice(0, 2).map((c) => c.name), ['Forest-Ruth', 'Symplectic midpoint']);
    // at 1920 px (436 px a panel) Forest-Ruth's whole name fits again and comes back
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.waitForFunction(() => document.querySelector('.panel select.method').selectedOptions[0].text.includes('('));
    const wide = await menuNames(page);
    assert.strictEqual(wide[0].name, full[0]);
    assert.strictEqual(wide[0].tooltip, '');
    for (const c of wide) assert.ok(c.text <= c.room + 0.5, `"${c.name}" needs ${c.text.toFixed(0)} px, has ${c.room.toFixed(0)}`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
