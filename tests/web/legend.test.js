// The colour legend shows the range of the panels that have the field (issue 26 item 5):
// pressure exists only under the `incompressible` stepper, and onering-sphere-drop (lesson
// 001's first lab) runs it beside two regularized panels. Before, the panels without
// pressure (NaN range) made the shared range NaN and the legend read '– … –'.
'use strict';
const { test, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab } = require('./harness');

let site;
after(async () => { if (site) await site.close(); });

test('pressure legend: the range of the incompressible panel when the others have none', async () => {
  site = await startSite();
  const page = await openLab(site, '?scene=onering-sphere-drop&color=pressure');
  // the lab opens playing
  // the ball lands at about 0.3 s; pressure builds on contact
  await page.waitForFunction(() => window.softlab.state().panels[0].t > 0.4, null, { timeout: 240000 });
  await page.click('#play[data-action=pause]');
  const s = await page.evaluate(async () => {
    const st = await window.softlab.settled();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const { api, panels } = window.softlab;
    return {
      methods: st.panels.map((p) => p.method),
      ranges: panels.map((p) => [api.view_field_auto_lo(p.view), api.view_field_auto_hi(p.view)]),
      lo: document.querySelector('#field-legend .legend-lo').textContent,
      hi: document.querySelector('#field-legend .legend-hi').textContent,
    };
  });
  assert.deepStrictEqual(s.methods, ['incompressible', 'regularized', 'regularized']);
  // the regularized panels have no pressure; the incompressible one has a range
  assert.ok(s.ranges.slice(1).every(([l, h]) => Number.isNaN(l) && Number.isNaN(h)), JSON.stringify(s.ranges));
  const [lo, hi] = s.ranges[0];
  assert.ok(lo < hi, `pressure range ${lo} … ${hi}`);
  // the legend shows it (fmt(v, 4) in web/panel/views.js), not '–'
  const fmt = (v) => (Math.abs(v) !== 0 && (Math.abs(v) < 1e-3 || Math.abs(v) >= 1e5) ? v.toExponential(2) : v.toFixed(4));
  assert.strictEqual(s.lo, fmt(lo));
  assert.strictEqual(s.hi, fmt(hi));
  await page.close();
});
