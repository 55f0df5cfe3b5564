// Scenes and meshes in the page: the scene menu lists the core's table; a user's mesh
// loads from the file picker and runs; a malformed file gives a file:line message.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, RESULTS, startSite, live } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

async function open(query) {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(site.base + '/index.html' + live(query));
  await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
  return page;
}

describe('scenes and meshes', () => {
  test('the scene menu lists every scene of the core; choosing one opens it', async () => {
    const page = await open('');
    const options = await page.$$eval('#scene-select option', (els) => els.map((o) => o.value));
    assert.ok(options.includes('swinging-cube') && options.includes('fem-soft-beam'), options.join());
    await Promise.all([page.waitForNavigation(), page.selectOption('#scene-select', 'fem-twist-beam')]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'fem-twist-beam');
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a Gmsh file from the picker becomes the scene and runs in every panel', async () => {
    const page = await open('');
    await Promise.all([page.waitForNavigation(),
      page.setInputFiles('#mesh-file', path.join(ROOT, 'data/meshes/cube.msh'))]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.t > 0.2), null, { timeout: 30000 });
    const s = await page.evaluate(() => window.softlab.settled());
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'mesh');
    assert.match(await page.textContent('#scene-title'), /cube\.msh/);
    assert.match(await page.$eval('#scene-select', (el) => el.selectedOptions[0].textContent), /cube\.msh/);
    assert.match(await page.textContent('#notices'), /2 inverted tetrahedra reoriented/);
    assert.ok(s.panels.every((p) => p.t > 0.2), JSON.stringify(s.panels.map((p) => p.t)));
    // the user-mesh scene is the core's (src/scenes/user_mesh.c, as `softlab run --mesh`):
    // its text and citation, not a copy kept by the page
    assert.match(await page.textContent('#scene-note'), /^Your mesh as an elastic solid \(Young's modulus 1 MPa, Poisson ratio 0\.3/);
    assert.strictEqual(await page.textContent('#scene-citation'), 'Servin et al. 2006 §2.3 (Green-strain tetrahedra); Irving et al. 2007 (onering = 1)');
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'user-mesh.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  // Seed 001 on a loaded mesh (issue 17): the TetGen torus (733 nodes, 2386 tets, 0.2 m
  // tall) with onering = 1 is dropped from half its height (0.1 m) onto the ground; under
  // the incompressible stepper (dt = 5e-4 s) through the impact (t = sqrt(2 x 0.1 / 9.81)
  // = 0.14 s) to 0.25 s its volume stays within 1 % (seed 001: the one-ring bodies within
  // 1 %). Measured natively (CLI test mesh_onering_drop_keeps_volume): 0.050 % at the
  // impact step (t = 0.143 s), 0.0011 % over every fourth step, the steps the page
  // samples; the page's samples give the same 0.0011 %. (experiment = hang, the user-mesh
  // scene's default, pins its top instead.)
  test('a loaded TetGen torus runs as seed 001\'s one-ring body and keeps its volume through a drop', async () => {
    const page = await open('');
    await Promise.all([page.waitForNavigation(), page.setInputFiles('#mesh-file',
      ['torus.1.node', 'torus.1.ele'].map((f) => path.join(ROOT, 'data/meshes', f)))]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.goto(site.base + '/index.html?scene=mesh&methods=incompressible&onering=1&experiment=1&dt=0.0005&plot=volume_ratio&playback=live');
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.t >= 0.25 || p.stopped), null, { timeout: 120000 });
    await page.click('#play[data-action=pause]');
    const s = await page.evaluate(() => window.softlab.settled());
    // over each panel's samples: the largest volume error and the tracked (lowest) node's
    // lowest height
    const [worst, lowest] = await page.evaluate(async () => {
      const chart = window.softlab.chart;
      const k = 1 + chart.ids.indexOf('volume_ratio'), h = 1 + chart.ids.indexOf('height'); // the core's channel order
      const over = (r, f) => { let m = NaN; for (let i = 0; i < r.rows; i++) m = f(m, r.row(i)); return m; };
      return [chart.record.map((r) => over(r, (m, row) => Math.max(m || 0, Math.abs(row[k] - 1)))),
        chart.record.map((r) => over(r, (m, row) => Math.min(Number.isNaN(m) ? Infinity : m, row[h])))];
    });
    console.log(`torus on the page: largest |V/V0 - 1| ${worst[0]}; lowest height ${lowest[0]} m`);
    assert.deepStrictEqual(s.panels.map((p) => [p.method, p.params.onering]), [['incompressible', 1]]);
    assert.ok(s.panels[0].pinned.every((v) => v === 0), 'unpinned: a drop');
    assert.ok(!s.panels[0].diverged && s.panels[0].t >= 0.25, JSON.stringify(s.panels[0]).slice(0, 200));
    assert.ok(Math.abs(lowest[0]) < 1e-9, `it fell onto the ground: lowest ${lowest[0]} m`);
    assert.ok(worst[0] < 0.01, `one-ring volume error ${worst[0]}`);
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'user-mesh-onering.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  // A mesh loaded while one of seed 001's scenes is shown runs that experiment (issue 17:
  // "all of them accept a loaded mesh"): the torus over onering-squeeze becomes the
  // user-mesh scene with experiment = squeeze and the scene's panels (incompressible on the
  // one-ring body, regularized on the per-tet one); the world has the two plates, which
  // start at the torus's lowest and highest nodes (y = 0 and 0.2 m: its 0.2 m thickness)
  // and close at 0.1 m/s each (h/2 per second, to meet at its middle at t = 1 s); at
  // t = 0.2 s the gap is 0.16 m.
  test('a mesh loaded over onering-squeeze runs the squeeze between the plates', async () => {
    const page = await open('?scene=onering-squeeze');
    await Promise.all([page.waitForNavigation(), page.setInputFiles('#mesh-file',
      ['torus.1.node', 'torus.1.ele'].map((f) => path.join(ROOT, 'data/meshes', f)))]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    const query = new URLSearchParams(await page.evaluate(() => location.search));
    assert.strictEqual(query.get('scene'), 'mesh');
    assert.strictEqual(query.get('experiment'), '2'); // squeeze
    const s = await page.evaluate(() => window.softlab.settled());
    assert.deepStrictEqual(s.panels.map((p) => [p.method, p.params.onering, p.params.experiment]),
      [['incompressible', 1, 2], ['regularized', 0, 2]]);
    assert.deepStrictEqual(await page.evaluate(() => Promise.all([0, 1].map((i) => window.softlab.simCall(i, 'plate_count')))), [2, 2]);
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.t >= 0.05 || p.stopped), null, { timeout: 120000 });
    await page.click('#play[data-action=pause]');
    const after = await page.evaluate(() => window.softlab.settled());
    // the tracked node is the lowest, which rides the lower plate: y = (h/2) t = 0.1 m/s x t
    const p0 = after.panels[0];
    console.log(`torus squeeze on the page at t = ${p0.t} s: tracked y ${p0.height} m, V/V0 ${p0.volumeRatio}`);
    assert.ok(after.panels.every((p) => !p.diverged), JSON.stringify(after.panels.map((p) => p.message)));
    assert.ok(Math.abs(p0.height - 0.1 * p0.t) < 1e-6, `lowest node at ${p0.height} m, the lower plate at ${0.1 * p0.t} m`);
    assert.ok(Math.abs(p0.volumeRatio - 1) < 1e-3, `one-ring volume ratio ${p0.volumeRatio}`);
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'user-mesh-squeeze.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a malformed mesh gives a message with file and line, and the lab still runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-'));
    const bad = path.join(dir, 'broken.msh');
    fs.writeFileSync(bad, '$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 <b>x</b> 0\n');
    const page = await open('');
    // read before it is kept: no reload, the scene shown stays
    await page.setInputFiles('#mesh-file', bad);
    await page.waitForFunction(() => /broken\.msh/.test(document.getElementById('notices').textContent), null, { timeout: 10000 });
    const text = await page.textContent('#notices');
    assert.match(text, /broken\.msh:6: coordinate '<b>x<\/b>' is not a finite number/);
    assert.strictEqual(await page.locator('#notices b').count(), 0, 'file text must not become HTML');
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'swinging-cube');
    await page.close();
  });
  test('a damaged mesh saved in the tab is dropped with a notice, and the lab opens', async () => {
    // issue 30: stored state that does not parse never leaves the lab on its loading screen
    for (const stored of ['{', '"abc"', '{"text":5}', '{"name":{},"text":"x","text2":7}']) {
      const page = await site.browser.newPage({ viewport: { width: 1000, height: 700 } });
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e.message));
      await page.goto(site.base + '/index.html?scene=oscillator');
      await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
      await page.evaluate((v) => sessionStorage.setItem('softlab-user-mesh', v), stored);
      await page.goto(site.base + '/index.html?scene=mesh');
      await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
      const notices = await page.$$eval('#notices .notice', (els) => els.map((e) => e.textContent));
      assert.strictEqual(notices.filter((t) => /damaged and has been dropped/.test(t)).length, 1, `${stored}: ${JSON.stringify(notices)}`);
      assert.strictEqual(await page.evaluate(() => sessionStorage.getItem('softlab-user-mesh')), null, stored);
      assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'swinging-cube', stored); // the default scene opens
      assert.deepStrictEqual(page.errors, [], stored);
      await page.close();
    }
  });
});
