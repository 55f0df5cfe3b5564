// Scenes and meshes in the page: the scene menu lists the core's table; a user's mesh
// loads from the file picker and runs; a malformed file gives a file:line message.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, RESULTS, startSite } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

async function open(query) {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(site.base + '/index.html' + query);
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
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'user-mesh.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a malformed mesh gives a message with file and line, and the lab still runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-'));
    const bad = path.join(dir, 'broken.msh');
    fs.writeFileSync(bad, '$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 <b>x</b> 0\n');
    const page = await open('');
    await Promise.all([page.waitForNavigation(), page.setInputFiles('#mesh-file', bad)]);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    const text = await page.textContent('#notices');
    assert.match(text, /broken\.msh:6: coordinate '<b>x<\/b>' is not a finite number/);
    assert.strictEqual(await page.locator('#notices b').count(), 0, 'file text must not become HTML');
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'swinging-cube');
    await page.close();
  });
});
