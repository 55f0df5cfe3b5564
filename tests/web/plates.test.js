// The moving plates of onering-squeeze (sl_world_add_plate) are drawn where they are:
// each frame carries their heights (web/sim/sim-host.js), the view draws them as slabs
// (src/render/render_plates.c). The camera looks from the side (pitch 0), the upper and
// the lower plate are found as the pixels that change when the view draws the same frame
// without plates, and between t = 0 and t = 0.4 s each must move on the screen by the
// plate speed times the time, 0.1 m/s x 0.4 s = 0.04 m (scene: plates at the ball's top and
// bottom, 0.2 m apart, meeting at t = 1 s), converted to pixels with the projection of two
// of the ball's nodes. Screenshot: test-results/plates-squeeze.png.
// Serves SOFTLAB_SITE (default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const { RESULTS, startSite, openLab } = require('./harness');

const SPEED = 0.1;  // m/s, each plate (src/scenes/ball_drop.c: 0.5 x 0.2 m / 1 s)
const T1 = 0.4;     // s, before the plates stop at 0.75 s

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** In the page: panel 0 drawn as the lab draws it and again without plates; the rows
 *  (canvas pixels) of the changed pixels above and below the canvas's middle: the upper
 *  and the lower plate. Returns {upper: {n, y}, lower: {n, y}} (count, mean row). */
const plateRows = (page) => page.evaluate(async () => {
  const { api, panels, state, sync } = window.softlab;
  await sync(0);
  const { camera } = state();
  const v = panels[0].view;
  const cam = [camera.yaw, camera.pitch, api.view_distance(v) * camera.zoom, ...camera.pan];
  const canvas = document.querySelector('.panel canvas');
  const pixels = () => {
    api.view_draw(v, ...cam);
    const off = document.createElement('canvas');
    [off.width, off.height] = [canvas.width, canvas.height];
    const ctx = off.getContext('2d');
    ctx.drawImage(canvas, 0, 0);
    return ctx.getImageData(0, 0, off.width, off.height).data;
  };
  const withPlates = pixels();
  api.view_set_plates(v, 0, 0); // the next sync (next frame) sends them again
  const without = pixels();
  const out = { upper: { n: 0, y: 0 }, lower: { n: 0, y: 0 } };
  for (let p = 0, q = 0; p < withPlates.length; p += 4, q++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(withPlates[p + c] - without[p + c]));
    if (d <= 24) continue;
    const row = Math.floor(q / canvas.width), o = row < canvas.height / 2 ? out.upper : out.lower;
    o.n++;
    o.y += row;
  }
  for (const o of [out.upper, out.lower]) o.y /= o.n || 1;
  window.softlab.redraw();
  return out;
});

/** Canvas pixels per metre of height at the ball's centre: the projections of its
 *  highest and lowest node on the axis at rest (panel 0, canvas pixels). */
const pixelsPerMetre = (page) => page.evaluate(async () => {
  const { api, panels, state } = window.softlab;
  const s = state(), x = s.panels[0].positions, v = panels[0].view;
  // the highest and lowest nodes nearest the vertical axis (the ball's centre depth)
  const n = x.length / 3, ys = Array.from({ length: n }, (_, i) => x[3 * i + 1]);
  const axial = (y) => {
    let best = -1;
    for (let i = 0; i < n; i++) {
      if (Math.abs(ys[i] - y) > 1e-9) continue;
      if (best < 0 || Math.hypot(x[3 * i], x[3 * i + 2]) < Math.hypot(x[3 * best], x[3 * best + 2])) best = i;
    }
    return best;
  };
  const hi = axial(Math.max(...ys)), lo = axial(Math.min(...ys));
  const { camera } = s;
  const cam = [camera.yaw, camera.pitch, api.view_distance(v) * camera.zoom, ...camera.pan];
  const a = api.vec3(api.view_project(v, hi, ...cam)), b = api.vec3(api.view_project(v, lo, ...cam));
  return (b[1] - a[1]) / (x[3 * hi + 1] - x[3 * lo + 1]);
});

describe('moving plates', () => {
  test('onering-squeeze draws both plates, and they move at the plate speed', async () => {
    // side view (yaw 0, pitch 0): the eye at the framing centre's height (0.09 m), between
    // the plates at every time up to T1; zoomed out 3 x (eye about 1.5 m from the ball) so
    // that the slabs' depth (+-0.125 m) changes the scale by less than 10 %
    const page = await openLab(site, '?scene=onering-squeeze&methods=incompressible&paused=1&camera=0,0,3', { width: 1000, height: 800 });
    const scale = await pixelsPerMetre(page);
    assert.ok(scale > 300, `${scale} px/m`);
    const at0 = await plateRows(page);
    // a slab 0.25 m wide seen from the side: a band, not a few edges
    for (const k of ['upper', 'lower']) assert.ok(at0[k].n > 500, `${k} plate drawn at t = 0: ${at0[k].n} pixels`);
    const dt = await page.evaluate(() => window.softlab.state().panels[0].dt); // the scene's own step
    await page.evaluate((n) => window.softlab.simCall(0, 'step', n), Math.round(T1 / dt));
    const s = await page.evaluate(() => window.softlab.settled());
    assert.ok(Math.abs(s.panels[0].t - T1) < 1e-6 && !s.panels[0].diverged, `t = ${s.panels[0].t}`);
    const at1 = await plateRows(page);
    const expected = SPEED * T1 * scale; // px
    const down = at1.upper.y - at0.upper.y, up = at0.lower.y - at1.lower.y;
    // 10 %: the bands' centroids are not the projected plate centres (perspective: the
    // slab spans depths d +- 0.125 m, d about 1.5 m, its front face nearest; 1 px of
    // rounding in about 25)
    console.log(`plates: ${scale.toFixed(1)} px/m, expected ${expected.toFixed(1)} px, upper ${down.toFixed(1)}, lower ${up.toFixed(1)}`);
    assert.ok(Math.abs(down - expected) < 0.1 * expected, `upper plate moved ${down.toFixed(1)} px down, expected ${expected.toFixed(1)}`);
    assert.ok(Math.abs(up - expected) < 0.1 * expected, `lower plate moved ${up.toFixed(1)} px up, expected ${expected.toFixed(1)}`);
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'plates-squeeze.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
