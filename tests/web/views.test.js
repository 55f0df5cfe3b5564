// View modes, colour maps and pan of the renderer, through the page's wasm API
// (window.softlab.api): every view bit changes the picture; the colour range of a
// deforming beam is finite, robust and kept until reset; a body at rest has no volume
// change; after a pan a node is drawn, projected and picked at one place.
// Screenshots: test-results/views-*.png. Serves SOFTLAB_SITE (default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const { RESULTS, startSite, openLab: openSite } = require('./harness');

// SL_VIEW_* (src/render/render.h) = VIEW of web/core/lab-api.js; sl_field (src/include/softlab/world.h)
const VIEW = { SHADED: 1, WIREFRAME: 2, GHOST: 4, COLOR_MAP: 8, DEFAULT: 9 };
const FIELD = { NONE: 0, ENERGY_DENSITY: 1, VOLUME_CHANGE: 2 };
const BEAM = '?scene=fem-soft-beam&methods=regularized&paused=1';

let site;

const openLab = (query) => openSite(site, query, { width: 1200, height: 900 });

/** Calls api.name(handle of panel i, ...args): a view function in the page with its
 *  view handle, else in the panel's Worker with its simulation handle; then waits for
 *  the simulation's state to reach the view, as every frame copies it. */
const call = (page, name, i, ...args) => page.evaluate(async ([n, k, a]) => {
  const { api, panels, simCall, sync } = window.softlab;
  const values = a.map((v) => (v === null ? NaN : v));
  const result = n.startsWith('view_') ? api[n](panels[k].view, ...values) : await simCall(k, n, ...values);
  await sync(k);
  return result;
}, [name, i, args]);

/** Redraws every panel and waits until two frames have gone by. */
const redraw = (page) => page.evaluate(() => new Promise((done) => {
  window.softlab.redraw();
  requestAnimationFrame(() => requestAnimationFrame(() => done()));
}));

/** Keeps the pixels of panel i's canvas in the page under key (drawn and read in one
 *  task: the views do not keep their drawing buffers); returns the key. */
const snap = (page, key, i = 0) => page.evaluate(([k, idx]) => {
  const c = document.querySelectorAll('.panel canvas')[idx];
  window.softlab.drawNow(idx);
  const off = document.createElement('canvas');
  [off.width, off.height] = [c.width, c.height];
  const ctx = off.getContext('2d');
  ctx.drawImage(c, 0, 0);
  window.__snaps = window.__snaps || {};
  window.__snaps[k] = ctx.getImageData(0, 0, off.width, off.height);
  return k;
}, [key, i]);

/** Fraction of pixels of two snaps whose colour differs by more than 24 in a channel. */
const changed = (page, a, b) => page.evaluate(([ka, kb]) => {
  const x = window.__snaps[ka].data, y = window.__snaps[kb].data;
  let n = 0;
  for (let p = 0; p < x.length; p += 4) {
    if (Math.abs(x[p] - y[p]) > 24 || Math.abs(x[p + 1] - y[p + 1]) > 24 || Math.abs(x[p + 2] - y[p + 2]) > 24) n++;
  }
  return n / (x.length / 4);
}, [a, b]);

/** Centroid (canvas pixels) of a snap's pixels within tol of colour rgb, or null. */
const centroidOf = (page, key, rgb, tol = 30) => page.evaluate(([k, c, t]) => {
  const img = window.__snaps[k];
  let sx = 0, sy = 0, n = 0;
  for (let p = 0, q = 0; p < img.data.length; p += 4, q++) {
    if (Math.abs(img.data[p] - c[0]) <= t && Math.abs(img.data[p + 1] - c[1]) <= t && Math.abs(img.data[p + 2] - c[2]) <= t) {
      sx += q % img.width;
      sy += Math.floor(q / img.width);
      n++;
    }
  }
  return n ? { x: sx / n, y: sy / n, n } : null;
}, [key, rgb, tol]);

async function shot(page, name) {
  fs.mkdirSync(RESULTS, { recursive: true });
  await page.locator('#view-1').screenshot({ path: path.join(RESULTS, `views-${name}.png`) });
}

const range = async (page, i = 0) => [await call(page, 'view_color_range_lo', i), await call(page, 'view_color_range_hi', i)];

before(async () => {
  site = await startSite();
});

after(async () => {
  if (site) await site.close();
});

describe('views and colour maps of the soft beam', () => {
  let page;
  before(async () => { page = await openLab(BEAM); });
  after(async () => { await page.close(); });

  test('the view starts shaded with the colour map bit on, and reads back its bits', async () => {
    assert.strictEqual(await call(page, 'view_mode', 0), VIEW.DEFAULT);
    await call(page, 'view_set_mode', 0, VIEW.SHADED | VIEW.GHOST | 64); // unknown bits ignored
    assert.strictEqual(await call(page, 'view_mode', 0), VIEW.SHADED | VIEW.GHOST);
    await call(page, 'view_set_mode', 0, VIEW.DEFAULT);
  });

  test('a body at rest has no volume change: the automatic range is within 1e-9 of 0', async () => {
    assert.strictEqual(await call(page, 'time', 0), 0);
    assert.strictEqual(await call(page, 'view_set_color_field', 0, FIELD.VOLUME_CHANGE, null, null), 0);
    const [lo, hi] = await range(page);
    assert.ok(Math.abs(lo) < 1e-9 && Math.abs(hi) < 1e-9 && lo < hi && lo === -hi, JSON.stringify([lo, hi]));
    assert.strictEqual(await call(page, 'view_set_color_field', 0, FIELD.NONE, null, null), 0);
    assert.ok(Number.isNaN(await call(page, 'view_color_range_lo', 0)));
  });

  test('every view bit changes the picture of the bent beam', async (t) => {
    assert.strictEqual(await call(page, 'step', 0, 40), 0); // t = 0.6 s: hanging, bent
    const look = async (flags, field = FIELD.NONE) => {
      await call(page, 'view_set_color_field', 0, field, null, null);
      await call(page, 'view_set_mode', 0, flags);
      await redraw(page);
      return snap(page, `${flags}-${field}`);
    };
    const shaded = await look(VIEW.SHADED);
    const cases = [
      ['wireframe through a translucent surface', VIEW.SHADED | VIEW.WIREFRAME, FIELD.NONE, 0.005, 'wireframe'],
      ['element edges alone', VIEW.WIREFRAME, FIELD.NONE, 0.005, null],
      ['outline alone', 0, FIELD.NONE, 0.005, null],
      ['rest-shape ghost', VIEW.SHADED | VIEW.GHOST, FIELD.NONE, 0.01, 'ghost'],
      ['energy density colour map', VIEW.SHADED | VIEW.COLOR_MAP, FIELD.ENERGY_DENSITY, 0.01, 'colormap'],
      ['volume change colour map', VIEW.SHADED | VIEW.COLOR_MAP, FIELD.VOLUME_CHANGE, 0.01, 'volume'],
    ];
    for (const [what, flags, field, least, name] of cases) {
      const img = await look(flags, field);
      const d = await changed(page, shaded, img);
      t.diagnostic(`${what}: ${(100 * d).toFixed(2)} % of the pixels changed`);
      assert.ok(d > least, `${what}: ${(100 * d).toFixed(2)} % of the pixels changed`);
      if (name) await shot(page, name);
    }
    // the colour map bit off: the plain picture again, though a field is set
    const off = await look(VIEW.SHADED, FIELD.ENERGY_DENSITY);
    const d = await changed(page, shaded, off);
    assert.ok(d < 1e-4, `colour map off still changed ${d}`);
    assert.deepStrictEqual(page.errors, []);
  });

  test('the colour range of the deforming beam is finite, robust and kept until reset', async (t) => {
    await call(page, 'view_set_mode', 0, VIEW.DEFAULT);
    await call(page, 'view_set_color_field', 0, FIELD.ENERGY_DENSITY, null, null);
    let [lo, hi] = await range(page);
    assert.ok(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi, JSON.stringify([lo, hi]));
    assert.strictEqual(lo, 0); // an energy density starts at 0
    t.diagnostic(`energy density: range [${lo}, ${hi}] J/m³`);
    assert.ok(hi > 0, `hi ${hi}`);
    // volume change: centred at 0, and it only widens while the beam moves
    await call(page, 'view_set_color_field', 0, FIELD.VOLUME_CHANGE, null, null);
    [lo, hi] = await range(page);
    assert.ok(lo < 0 && hi > 0 && lo === -hi && hi < 10, JSON.stringify([lo, hi]));
    let last = hi;
    for (let k = 0; k < 5; k++) {
      await call(page, 'step', 0, 10);
      await redraw(page);
      const [l, h] = await range(page);
      t.diagnostic(`volume change range ±${h} at t = ${await call(page, 'time', 0)} s`);
      assert.ok(h >= last && l === -h, `range narrowed from ${last} to ${h}`);
      last = h;
    }
    // a reset (time goes back) starts the range again: at rest, 0
    await call(page, 'reset', 0);
    await redraw(page);
    [lo, hi] = await range(page);
    assert.ok(Math.abs(lo) < 1e-9 && Math.abs(hi) < 1e-9, JSON.stringify([lo, hi]));
    // a range given by the page is used as is; an empty one is refused
    assert.strictEqual(await call(page, 'view_set_color_field', 0, FIELD.VOLUME_CHANGE, -0.25, 0.5), 0);
    assert.deepStrictEqual(await range(page), [-0.25, 0.5]);
    assert.notStrictEqual(await call(page, 'view_set_color_field', 0, FIELD.VOLUME_CHANGE, 0.5, 0.5), 0);
    assert.notStrictEqual(await call(page, 'view_set_color_field', 0, 7, null, null), 0);
    await call(page, 'view_set_color_field', 0, FIELD.NONE, null, null);
    assert.deepStrictEqual(page.errors, []);
  });
});

describe('pan', () => {
  let page;
  before(async () => { page = await openLab('?scene=fem-soft-beam&methods=regularized,implicit-euler&paused=1'); });
  after(async () => { await page.close(); });

  test('a pan moves a node on screen as drawn, picking follows it, every panel the same', async (t) => {
    const node = await call(page, 'tracked_node', 0);
    const gold = [255, 189, 26]; // the tracked node's marker (render.c)
    const toCanvas = async (s) => page.evaluate(([p, k]) => {
      const c = document.querySelectorAll('.panel canvas')[k];
      const r = c.getBoundingClientRect();
      return { x: ((p.x - r.left) * c.width) / r.width, y: ((p.y - r.top) * c.height) / r.height };
    }, [s, 0]);
    await redraw(page);
    const a = await page.evaluate((n) => window.softlab.nodeOnScreen(0, n), node);
    const drawnA = await centroidOf(page, await snap(page, 'before'), gold);
    const ca = await toCanvas(a);
    assert.ok(drawnA && Math.hypot(drawnA.x - ca.x, drawnA.y - ca.y) < 3, JSON.stringify({ drawnA, ca }));

    // pan with the right button: 80 px right, 40 px down, grabbed away from any node
    const box = await page.locator('#view-1').boundingBox();
    const from = { x: box.x + 0.15 * box.width, y: box.y + 0.8 * box.height };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(from.x + 80, from.y + 40, { steps: 8 });
    await page.mouse.up({ button: 'right' });
    const cam = (await page.evaluate(() => window.softlab.state())).camera;
    assert.ok(cam.pan.some((v) => Math.abs(v) > 1e-6), JSON.stringify(cam));
    await redraw(page);

    const b = await page.evaluate((n) => window.softlab.nodeOnScreen(0, n), node);
    // dragged on the plane through the body's centroid: the node moves along the drag,
    // by more where it is nearer the eye than that plane, by less where farther
    const moved = Math.hypot(b.x - a.x, b.y - a.y), drag = Math.hypot(80, 40);
    const cos = ((b.x - a.x) * 80 + (b.y - a.y) * 40) / (moved * drag);
    assert.ok(cos > 0.999 && moved > 0.7 * drag && moved < 1.4 * drag, JSON.stringify({ a, b, moved, cos }));
    t.diagnostic(`node ${node}: ${JSON.stringify({ a, b, drawnA, pan: cam.pan })}`);
    const cb = await toCanvas(b);
    const drawnB = await centroidOf(page, await snap(page, 'after'), gold);
    assert.ok(drawnB && Math.hypot(drawnB.x - cb.x, drawnB.y - cb.y) < 3, JSON.stringify({ drawnB, cb }));
    await page.screenshot({ path: path.join(RESULTS, 'views-pan.png') });

    // picking with the same camera finds the node where it is drawn, in both panels
    for (const i of [0, 1]) {
      const picked = await page.evaluate(([k, p, c]) => {
        const { api, panels } = window.softlab;
        const v = panels[k].view;
        return api.view_pick(v, p.x, p.y, c.yaw, c.pitch, api.view_distance(v) * c.zoom, ...c.pan, 10);
      }, [i, drawnB, cam]);
      assert.strictEqual(picked, node, `panel ${i}`);
    }
    // one range for both panels: the page passes the same lo, hi to each
    for (const i of [0, 1]) await call(page, 'view_set_color_field', i, FIELD.VOLUME_CHANGE, -0.05, 0.05);
    assert.deepStrictEqual([await range(page, 0), await range(page, 1)], [[-0.05, 0.05], [-0.05, 0.05]]);
    assert.deepStrictEqual(page.errors, []);
  });
});

describe('picking what is seen', () => {
  let page;
  before(async () => { page = await openLab('?scene=onering-sphere-drop&methods=regularized&resolution=6&paused=1'); });
  after(async () => { await page.close(); });

  // The farthest node of the ball (no pins) is drawn near the middle of its disc, behind
  // the front of the ball: a click there means the front.
  test('a click over a hidden node picks a node on the side seen; through a wireframe, the node itself', async (t) => {
    const r = await page.evaluate(() => {
      const { api, panels, state } = window.softlab;
      const v = panels[0].view, c = state().camera;
      const cam = [c.yaw, c.pitch, api.view_distance(v) * c.zoom, ...c.pan];
      const nodes = [];
      for (let n = 0; ; n++) {
        const q = api.vec3(api.view_project(v, n, ...cam));
        if (!q) break;
        nodes.push(q);
      }
      const depth = nodes.map((q) => q[2]);
      const far = depth.indexOf(Math.max(...depth)), near = Math.min(...depth);
      const [px, py] = nodes[far];
      const pickIn = (mode) => {
        api.view_set_mode(v, mode);
        const k = api.view_pick(v, px, py, ...cam, 40); // px: front nodes in reach
        return { node: k, depth: k >= 0 ? depth[k] : null };
      };
      const shaded = pickIn(1), wire = pickIn(1 | 2), outline = pickIn(0);
      api.view_set_mode(v, 9);
      return { far, farDepth: depth[far], near, count: nodes.length, shaded, wire, outline };
    });
    t.diagnostic(JSON.stringify(r));
    const body = r.farDepth - r.near; // the ball's extent along the view
    assert.ok(r.count > 100 && body > 0.1, JSON.stringify(r));
    // shaded (opaque): a node of the front, not the hidden one under the cursor
    assert.ok(r.shaded.node >= 0 && r.shaded.node !== r.far, JSON.stringify(r.shaded));
    assert.ok(r.shaded.depth < r.near + 0.5 * body, `picked at depth ${r.shaded.depth}, front ${r.near}, back ${r.farDepth}`);
    // the wireframe draws every edge through the surface: the node drawn under the cursor
    assert.strictEqual(r.wire.node, r.far);
    // the outline (no surface) shows the back edges too: the back corner is a surface node
    assert.strictEqual(r.outline.node, r.far);
    assert.deepStrictEqual(page.errors, []);
  });
});
