// The teaching lab in headless Chromium: parameters in SI units (linked or per panel,
// Lamé constants), the stability meter and the bisection search against 2/ω_max,
// record and replay (deterministic, identical in every panel), click to pin, the URL
// reproducing a view, the plot's quantities and exports, keyboard access, and the
// embed snippet working from another origin.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { RESULTS, startSite, serveDir, openLab: openSite, labState } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

const openLab = (query) => openSite(site, query, { width: 1400, height: 1100 });

const state = labState;

/** Presses "." (one step of every panel) until panel 0 reaches time t (s). */
async function stepTo(page, t) {
  for (let k = 0; k < 10000; k++) {
    const s = await state(page);
    if (s.panels[0].t >= t - 1e-9) return s;
    await page.keyboard.press('.');
  }
  throw new Error('did not reach t');
}

describe('teaching lab', () => {
  test('parameters: per panel from the URL, Lamé constants, a per-panel change, range checks', async () => {
    // fem-soft-beam: Y = 8 kPa, ν = 0.25 (seed 000 Fig. 10); λ = Yν/((1+ν)(1-2ν)) = 3.2 kPa,
    // μ = Y/(2(1+ν)) = 3.2 kPa; twice Y doubles both.
    const page = await openLab('?scene=fem-soft-beam&methods=regularized,regularized&young_modulus=8000,16000&paused=1');
    let s = await state(page);
    assert.deepStrictEqual(s.panels.map((p) => p.params.young_modulus), [8000, 16000]);
    const lame = await page.$$eval('output.lame', (els) => els.map((e) => e.textContent));
    assert.deepStrictEqual(lame, ['λ = 3.2 kPa, μ = 3.2 kPa', 'λ = 6.4 kPa, μ = 6.4 kPa']);
    assert.match(await page.textContent('.panel .variant'), /Young's modulus 8000 Pa/);
    // at rest the geometric term vanishes, so K scales with Y: ω_max grows by √2 exactly
    assert.ok(Math.abs(s.panels[1].omegaMax / s.panels[0].omegaMax - Math.SQRT2) < 1e-6,
      JSON.stringify(s.panels.map((p) => p.omegaMax)));
    // untie the Poisson ratio and give panel 2 ν = 0.45
    const row = page.locator('tr[data-param="poisson_ratio"]');
    await row.locator('input[type="checkbox"]').uncheck();
    await row.locator('input[type="number"]').nth(1).fill('0.45');
    await row.locator('input[type="number"]').nth(1).press('Enter');
    s = await state(page);
    assert.deepStrictEqual(s.panels.map((p) => p.params.poisson_ratio), [undefined, 0.45]);
    assert.strictEqual(s.t, 0, 'a parameter change starts again at t = 0');
    await page.waitForFunction(() => /poisson_ratio=0\.25,0\.45/.test(location.search));
    // out of range: refused with a message, nothing changed
    const young = page.locator('tr[data-param="young_modulus"] input[type="number"]').first();
    await young.fill('-5');
    await young.press('Enter');
    // the reason beside the field, once, and the field back at its last good value
    const beside = page.locator('tr[data-param="young_modulus"] .field-error');
    assert.match(await beside.textContent(), /Young's modulus must be between 1 and 1e13 Pa/);
    assert.strictEqual(await young.inputValue(), '8000');
    await young.fill('-6');
    await young.press('Enter');
    assert.strictEqual(await beside.count(), 1, 'one message, not a pile');
    assert.strictEqual(await page.locator('#notices .notice').count(), 0, 'no notice far from the field');
    s = await state(page);
    assert.deepStrictEqual(s.panels.map((p) => p.params.young_modulus), [8000, 16000]);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the resolution field estimates the nodes and time per step of a value as it is typed, before building', async () => {
    // fem-twist-beam: 4r × r × r cubes (src/scenes/fem_beams.c), (r+1)² (4r+1) nodes;
    // resolution 16, the top of the range, is 18,785 nodes; the estimate of time per step is the panel's own
    // fastest measured time × (nodes ratio)^1.1 to ^1.3 (web/settings/cost.js), so it needs a few steps first.
    const page = await openLab('?scene=fem-twist-beam&methods=regularized');
    await page.waitForFunction(() => window.softlab.state().panels[0].msPerStep > 0, null, { timeout: 20000 });
    const s = await state(page);
    const field = page.locator('tr[data-param="resolution"] input[type="number"]').first();
    const hint = page.locator('tr[data-param="resolution"] .cost-hint').first();
    const r0 = s.panels[0].params.resolution ?? Number(await field.inputValue());
    assert.strictEqual(s.panels[0].positions.length / 3, (r0 + 1) ** 2 * (4 * r0 + 1), 'the beam is the box the estimate assumes');
    await field.fill('16');
    const text = await hint.textContent();
    // the model, not a wall-clock time: the hint scales the time it was calibrated on (its
    // data-from-ms, the panel's fastest 1 s window) by (18,785 / n0)^1.1 and ^1.3
    const d = await hint.evaluate((e) => ({ ...e.dataset }));
    const n0 = (r0 + 1) ** 2 * (4 * r0 + 1), from = Number(d.fromMs);
    assert.strictEqual(Number(d.fromNodes), n0);
    assert.ok(from > 0, JSON.stringify(d));
    const ms = d.ms.split(',').map(Number);
    assert.ok(Math.abs(ms[0] / (from * (18785 / n0) ** 1.1) - 1) < 1e-9 && Math.abs(ms[1] / (from * (18785 / n0) ** 1.3) - 1) < 1e-9, JSON.stringify(d));
    assert.match(text, new RegExp(`^≈ 18,785 nodes, \\d+–\\d+ ms a step \\(from [\\d.]+ ms measured at ${n0.toLocaleString('en-US')} nodes\\)(: [\\d.]+(–[\\d.]+)?× slower than real time)?$`));
    // typing is not building: the panel still has its own mesh
    const after = await state(page);
    assert.strictEqual(after.panels[0].positions.length, s.panels[0].positions.length);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a grid scene opens as original beside improved, plotting the volume ratio', async () => {
    const page = await openLab('?scene=grid-rubber-ball&paused=1');
    const s = await state(page);
    assert.deepStrictEqual(s.panels.map((p) => [p.method, p.dt, p.params.grid_variant]), [['regularized', 0.005, 0], ['regularized', 0.005, 1]]);
    await page.waitForFunction(() => /grid_variant=0,1/.test(location.search) && /plot=volume_ratio/.test(location.search));
    assert.match(await page.textContent('.panel .variant'), /original/);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('stability meter and bisection find 2/ω_max of the swinging cube', async () => {
    // Swinging cube (seed 000 §3): ω_max = 562.88 rad/s, 2/ω_max = 3.553 ms.
    const page = await openLab('?scene=swinging-cube&methods=symplectic-euler,regularized&dt=0.05&paused=1');
    const s = await state(page);
    assert.ok(Math.abs(s.panels[0].omegaMax - 562.88) < 0.05, String(s.panels[0].omegaMax));
    const meter = page.locator('.panel .meter').first();
    assert.strictEqual(await meter.getAttribute('data-level'), 'bad');
    assert.match(await meter.textContent(), /Δt·ω_max = 28\.14 ≥ 2, Symplectic Euler's bound: Δt = 50 ms is beyond 3\.55 ms, it will blow up \(a linear estimate from ω_max of the body linearized at rest\)/);
    // each stepper's own bound (seed 003): RK4's is 2√2, so 2√2/ω_max = 5.02 ms
    const rk4 = await page.evaluate(async (w) => (await import('./core/stability.js')).meterReading({ title: 'RK4', bound: 2 * Math.SQRT2 }, 0.005, w), s.panels[0].omegaMax);
    assert.match(rk4.text, /Δt·ω_max = 2\.81 < 2\.8284, RK4's bound: stable for Δt below 5\.02 ms/);
    assert.strictEqual(rk4.level, 'warn');
    await page.locator('button[aria-label="find the largest stable Δt of panel 1"]').click();
    await page.locator('button[aria-label="find the largest stable Δt of panel 2"]').click();
    await page.waitForFunction(() => [...document.querySelectorAll('.search-out')].every((o) => o.dataset.dt), null, { timeout: 120000 });
    const found = await page.$$eval('.search-out', (els) => els.map((e) => [Number(e.dataset.dt), e.textContent]));
    const bound = 2 / s.panels[0].omegaMax;
    assert.ok(Math.abs(found[0][0] / bound - 1) < 0.02, `symplectic: ${found[0][1]} vs 2/ω_max = ${bound}`);
    // The regularized stepper has no such bound: the search (5000 steps or 5 s per trial)
    // finds it bounded far beyond, up to about 0.18 s, where the linearized constraints of
    // huge rotations per step drift the cube apart (measured; the CLI shows the drift
    // growing over 40 s at Δt = 0.17 s).
    assert.ok(found[1][0] > 25 * bound, `regularized: ${found[1][1]}`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a recorded drag replays exactly, and identically in every panel', async () => {
    const page = await openLab('?scene=swinging-cube&methods=regularized,regularized&dt=0.01&paused=1');
    await page.click('#record');
    await page.click('#play[data-action=pause]');
    await page.click('#reset'); // reset ends a recording: start it again while paused
    await page.click('#record');
    await page.click('#play[data-action=pause]');
    assert.strictEqual((await state(page)).recording, true);
    const at = await page.evaluate(() => window.softlab.nodeOnScreen(0, 5));
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 60, at.y - 120, { steps: 4 });
    for (let k = 0; k < 20; k++) await page.keyboard.press('.');
    await page.mouse.up();
    for (let k = 0; k < 5; k++) await page.keyboard.press('.');
    await page.click('#record');
    const rec = await state(page);
    assert.strictEqual(rec.recording, false);
    assert.ok(rec.events >= 3, `events: ${rec.events}`);

    const replayTo = async (t) => {
      await page.click('#replay');
      await page.click('#play[data-action=pause]');
      return (await stepTo(page, t)).panels.map((p) => p.positions);
    };
    const first = await replayTo(1.0);
    // past its last event the replay is over: the button says so (issue 13). The check runs
    // on animation frames, which a heavily loaded headless Chromium can starve for seconds
    await page.waitForFunction(() => !window.softlab.state().replaying, null, { timeout: 30000 });
    assert.strictEqual(await page.textContent('#replay'), '↻ Replay');
    const second = await replayTo(1.0);
    assert.deepStrictEqual(first[1], first[0], 'the same drag in both panels');
    assert.deepStrictEqual(second, first, 'a replay is exact');
    await page.click('#reset');
    const still = (await stepTo(page, 1.0)).panels[0].positions;
    const moved = Math.max(...still.map((v, i) => Math.abs(v - first[0][i])));
    assert.ok(moved > 0.01, `the drag changed the motion by ${moved} m`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a click pins a node in every panel, a second click frees it', async () => {
    const page = await openLab('?scene=swinging-cube&methods=regularized,implicit-euler&dt=0.01&paused=1');
    const pinned = () => page.evaluate(() => Promise.all(window.softlab.panels.map((p) => window.softlab.simCall(p.index, 'is_pinned', 5))));
    const at = await page.evaluate(() => window.softlab.nodeOnScreen(0, 5));
    await page.mouse.click(at.x, at.y);
    assert.deepStrictEqual(await pinned(), [1, 1]);
    const y0 = (await state(page)).panels.map((p) => p.height);
    const s = await stepTo(page, 0.2);
    assert.deepStrictEqual(s.panels.map((p) => p.height), y0, 'a pinned node stays put');
    const again = await page.evaluate(() => window.softlab.nodeOnScreen(0, 5));
    await page.mouse.click(again.x, again.y);
    assert.deepStrictEqual(await pinned(), [0, 0]);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the share URL reproduces steppers, Δt, parameters, camera and the motion', async () => {
    const query = '?scene=fem-soft-beam&methods=regularized,implicit-euler&dt=0.015,0.03&poisson_ratio=0.3,0.4&camera=0.9,0.5,1.3&paused=1';
    const a = await openLab(query);
    const sa = await stepTo(a, 0.09);
    const url = await a.evaluate(() => window.softlab.shareUrl());
    const b = await site.browser.newPage({ viewport: { width: 1400, height: 1100 } });
    await b.goto(url);
    await b.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    const sb = await stepTo(b, 0.09);
    for (const key of ['method', 'dt', 'params', 'positions']) {
      assert.deepStrictEqual(sb.panels.map((p) => p[key]), sa.panels.map((p) => p[key]), key);
    }
    assert.deepStrictEqual(sb.camera, { yaw: 0.9, pitch: 0.5, zoom: 1.3, pan: [0, 0, 0] });
    assert.strictEqual(sb.playing, false);
    await a.close();
    await b.close();
  });

  test('the plot switches quantity and exports CSV and PNG', async () => {
    const page = await openLab('?scene=swinging-cube&methods=regularized,implicit-euler&dt=0.01&paused=1');
    await stepTo(page, 0.3);
    await page.selectOption('select[aria-label="plotted quantity"]', 'total');
    await page.waitForFunction(() => /plot=total/.test(location.search));
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button[aria-label="download the plot data as CSV"]')]);
    const text = fs.readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.strictEqual(text[0], 'panel,label,t_s,height_m,x_m,z_m,kinetic_J,potential_J,elastic_J,total_J,volume_ratio,violation,solver_iterations,step_size_s,thickness_ratio,ghost_force_N,ghost_torque_N_m,inverted_cells,step_ms,position_m,velocity_m_per_s,angle_rad,angular_velocity_rad_per_s,energy_error');
    assert.strictEqual(text.length, 1 + 2 * 31, 'one row per panel and sample (t = 0, 0.01, ... 0.3)');
    // total energy = kinetic + potential + elastic in every row
    const header = text[0].split(','), after = header.length - 2; // the columns after the label
    const col = (name) => header.indexOf(name) - 2;
    for (const line of text.slice(1)) {
      const v = line.split(',').slice(-after).map(Number); // from the end: the label may hold commas
      const [k, p, e, tot] = ['kinetic_J', 'potential_J', 'elastic_J', 'total_J'].map((n) => v[col(n)]);
      assert.ok(Math.abs(k + p + e - tot) < 1e-9 * Math.max(1, Math.abs(tot)), line);
    }
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('button[aria-label="download the plot as a PNG image"]')]);
    const bytes = fs.readFileSync(await png.path());
    assert.strictEqual(bytes.subarray(1, 4).toString(), 'PNG');
    assert.ok(bytes.length > 5000, `PNG of ${bytes.length} bytes`);
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.copyFileSync(await png.path(), path.join(RESULTS, 'plot-export.png'));
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('controls are labelled and the views answer the keyboard', async () => {
    const page = await openLab('?paused=1');
    const unlabelled = await page.evaluate(() => [...document.querySelectorAll('button, select, input, canvas, textarea')]
      .filter((e) => e.offsetParent !== null || e.tagName === 'CANVAS')
      .filter((e) => !(e.getAttribute('aria-label') || (e.labels && e.labels.length) || e.textContent.trim() || e.title))
      .map((e) => e.outerHTML.slice(0, 80)));
    assert.deepStrictEqual(unlabelled, []);
    await page.focus('#view-1');
    const c0 = (await state(page)).camera;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    const c1 = (await state(page)).camera;
    assert.ok(Math.abs(c1.yaw - c0.yaw - 0.08) < 1e-12 && c1.zoom < c0.zoom, JSON.stringify([c0, c1]));
    await page.keyboard.press('0');
    assert.deepStrictEqual((await state(page)).camera, c0);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('views: wireframe and ghost change the picture; colour maps have a legend with numbers', async () => {
    const page = await openLab('?scene=fem-twist-beam-linear&methods=regularized&paused=1');
    const pixels = () => page.evaluate(() => {
      const c = document.querySelector('#view-1');
      window.softlab.drawNow(0); // read in the task that drew it
      const off = document.createElement('canvas');
      [off.width, off.height] = [c.width, c.height];
      const ctx = off.getContext('2d');
      ctx.drawImage(c, 0, 0);
      return Array.from(ctx.getImageData(0, 0, off.width, off.height).data.filter((_, i) => i % 16 === 0));
    });
    const differ = (a, b) => a.filter((v, i) => Math.abs(v - b[i]) > 24).length / a.length;
    await page.waitForTimeout(200);
    const shaded = await pixels();
    await page.selectOption('#view-mode', 'wireframe');
    await page.waitForTimeout(200);
    const wire = await pixels();
    assert.ok(differ(shaded, wire) > 0.02, `wireframe changed ${differ(shaded, wire)} of the pixels`);
    // at t = 0 the body is at its rest state: a volume change of 0 everywhere
    await page.selectOption('#view-color', 'volume');
    // the field comes with the Worker's next frame, drawn on the next animation frame
    await page.waitForFunction(() => { const { api, panels } = window.softlab; return Number.isFinite(api.view_field_auto_lo(panels[0].view)); }, null, { timeout: 20000 });
    const ext = await page.evaluate(() => { const { api, panels } = window.softlab; return [api.view_field_auto_lo(panels[0].view), api.view_field_auto_hi(panels[0].view)]; });
    assert.ok(Math.abs(ext[0]) < 1e-9 && Math.abs(ext[1]) < 1e-9, JSON.stringify(ext));
    // linearized strain swells the twisted beam (seed 000 Fig. 5): the map shows growth
    await stepTo(page, 0.6);
    await page.waitForTimeout(200);
    const hi = Number(await page.textContent('.legend-hi'));
    assert.ok(hi > 0.1, `largest volume change ${hi}`);
    await page.check('#view-ghost');
    await page.waitForFunction(() => /view=wireframe/.test(location.search) && /ghost=1/.test(location.search) && /color=volume/.test(location.search));
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'views.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('panning moves what is drawn, and picking follows it', async () => {
    const page = await openLab('?scene=swinging-cube&methods=regularized,regularized&paused=1');
    const a = await page.evaluate(() => window.softlab.nodeOnScreen(1, 5));
    await page.focus('#view-2');
    await page.keyboard.press('Shift+ArrowRight'); // pans by 20 CSS pixels
    const s = await state(page);
    assert.ok(s.camera.pan.some((v) => v !== 0), JSON.stringify(s.camera));
    const b = await page.evaluate(() => window.softlab.nodeOnScreen(1, 5));
    // 20 px on the plane through the body's centroid; a node nearer the eye moves more
    assert.ok(b.x - a.x > 16 && b.x - a.x < 30 && Math.abs(b.y - a.y) < 1, JSON.stringify([a, b]));
    await page.mouse.click(b.x, b.y); // the node is where it is drawn: a click pins it
    const pinned = await page.evaluate(() => Promise.all(window.softlab.panels.map((p) => window.softlab.simCall(p.index, 'is_pinned', 5))));
    assert.deepStrictEqual(pinned, [1, 1]);
    await page.waitForFunction(() => /camera=[^&]*,[^&]*,[^&]*,[^&]*,[^&]*,[^&]*/.test(location.search));
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the embed snippet works inside an iframe of another origin', async () => {
    const page = await openLab('?scene=grid-rubber-ball&methods=regularized,terzopoulos&grid_variant=0,1');
    await page.click('#embed');
    const snippet = await page.inputValue('#embed-code');
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?scene=grid-rubber-ball&amp;methods=regularized,terzopoulos&amp;/);
    assert.match(snippet, /grid_variant=0,1/);
    await page.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-embed-'));
    const src = snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>course</title><h1>A course page</h1>${snippet}`);
    const course = await serveDir(dir, 'localhost');
    try {
      const parent = await site.browser.newPage({ viewport: { width: 1300, height: 1000 } });
      const errors = [];
      parent.on('pageerror', (e) => errors.push(e.message));
      await parent.goto(course.base + '/index.html');
      const frame = () => parent.frames().find((f) => f.url() === src);
      await parent.waitForFunction(() => document.querySelector('iframe'), null, { timeout: 10000 });
      for (let k = 0; k < 100 && !frame(); k++) await parent.waitForTimeout(100);
      const f = frame();
      assert.ok(f, 'the lab frame loaded');
      assert.notStrictEqual(new URL(f.url()).origin, new URL(parent.url()).origin);
      await f.waitForFunction(() => window.softlab && window.softlab.ready && window.softlab.state().t > 0.05, null, { timeout: 30000 });
      const s = await f.evaluate(() => window.softlab.state());
      assert.deepStrictEqual(s.panels.map((p) => p.params.grid_variant), [0, 1]);
      // compact by default (issue 13): views, one line per panel and the plot
      assert.match(src, /[?&]embed=1/);
      assert.strictEqual(await f.evaluate(() => document.body.classList.contains('embed')), true);
      assert.strictEqual(await f.locator('.params-card').isVisible(), false, 'the controls are behind one button');
      assert.match(await f.locator('.panel-label').first().textContent(), /^Regularized \(Servin et al\.\), Δt = 0\.005 s, grid model: original/);
      assert.strictEqual(await f.locator('.chart-card').isVisible(), true);
      fs.mkdirSync(RESULTS, { recursive: true });
      await parent.screenshot({ path: path.join(RESULTS, 'embed-compact.png') });
      await f.click('#controls-toggle');
      assert.strictEqual(await f.locator('.params-card').isVisible(), true);
      await parent.screenshot({ path: path.join(RESULTS, 'embed-cross-origin.png') });
      assert.deepStrictEqual(errors, []);
      await parent.close();
    } finally {
      course.server.kill();
    }
  });

  test('the meter says what its ω_max is, and follows the run', async () => {
    // issue 13: on the soft beam the meter showed ω_max of the rest shape only, while the
    // deformed beam is stiffer; now it is re-estimated at the current state along the run
    const page = await openLab('?scene=fem-soft-beam&methods=symplectic-euler&dt=0.001');
    const meter = page.locator('.panel .meter-text').first();
    await page.waitForFunction(() => /linearized at t = [1-9]/.test(document.querySelector('.panel .meter-text').textContent), null, { timeout: 60000 });
    const text = await meter.textContent();
    assert.match(text, /Symplectic Euler's bound: .* \(a linear estimate from ω_max of the body linearized at t = \d+\.\d\d s\)/);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
