// The lab deals a comparison's panels over its Workers as the scene asks (issue 42;
// sl_scene_class.worker_groups, web/sim/sim-client.js dealWorkers): warp-tube-drop's own
// comparison puts its two warpings (panels 2 and 3) on different Workers, linear FEM with
// per-vertex warping and per-element warping with Green strain; the same four steppers named
// in the URL are not the scene's comparison and are paired end to end (1 and 4, 2 and 3).
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** The Worker of each panel of the lab opened at query (paused: nothing is stepped). */
async function workersOf(query) {
  const page = await openLab(site, query);
  try {
    const s = await page.evaluate(() => window.softlab.settled());
    return s.panels.map((p) => p.worker);
  } finally {
    await page.close();
  }
}

test('warp-tube-drop\'s two warpings step on different Workers', { timeout: 120000 }, async () => {
  const own = await workersOf('?scene=warp-tube-drop&paused=1');
  assert.strictEqual(own.length, 4);
  assert.ok(own.every((w) => w >= 0), `every panel has a Worker: ${own}`);
  assert.deepStrictEqual([own[0] === own[1], own[2] === own[3], own[1] !== own[2]], [true, true, true], `grouped: ${own}`);
  const named = await workersOf('?scene=warp-tube-drop&methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler' +
    '&dt=0.002,0.001,0.002,0.002&paused=1');
  assert.deepStrictEqual([named[0] === named[3], named[1] === named[2], named[0] !== named[1]], [true, true, true], `paired: ${named}`);
});
