// A loaded mesh and the panels (issue 45 item 6): a panel whose Δt was chosen for its
// stepper keeps it (the mesh scene's one default, 0.01 s, made an explicit panel at a small
// Δt diverge at once), a panel at the scene's default gets the mesh scene's; a bad file after
// a good one keeps the good mesh and says why it was refused; a scene=mesh link opened in
// a new tab (where no file was loaded) says it needs the file.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, startSite, openLab, labState } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

const ready = (page) => page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });

describe('a loaded mesh', () => {
  test('keeps each panel\'s Δt; a bad file after it keeps it; a link in a new tab says it needs the file', async () => {
    // symplectic Euler at 1 ms (chosen for it) beside the regularized stepper at the
    // swinging cube's default, 0.05 s: the first keeps its 1 ms, the second gets the mesh
    // scene's default, 0.01 s
    const page = await openLab(site, '?methods=symplectic-euler,regularized&dt=0.001,0.05');
    await Promise.all([page.waitForNavigation(), page.setInputFiles('#mesh-file', path.join(ROOT, 'data/meshes/cube.msh'))]);
    await ready(page);
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'mesh');
    let s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => [p.method, p.dt]), [['symplectic-euler', 0.001], ['regularized', 0.01]]);
    // the explicit panel is inside its stepper's bound on this mesh (the core's ω_max and
    // bound), and so runs on: 0.3 s, 300 of its steps, without diverging
    const [e] = s.panels;
    assert.ok(e.omegaMax * e.dt < e.bound, `Δt·ω_max = ${e.omegaMax * e.dt} against the bound ${e.bound}`);
    await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.t > 0.3 || p.diverged), null, { timeout: 60000 });
    s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.diverged), [false, false], JSON.stringify(s.panels.map((p) => p.reason)));

    // a bad file now: refused with its file:line, the cube stays (shown and stored)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-'));
    const bad = path.join(dir, 'broken.msh');
    fs.writeFileSync(bad, '$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 x 0\n');
    await page.setInputFiles('#mesh-file', bad);
    await page.waitForFunction(() => /broken\.msh/.test(document.getElementById('notices').textContent), null, { timeout: 10000 });
    assert.match(await page.textContent('#notices'), /Could not load the mesh: broken\.msh:6: coordinate 'x' is not a finite number.*The mesh shown \(cube\.msh\) is kept\./);
    assert.strictEqual(await page.evaluate(() => window.softlab.scene), 'mesh');
    assert.match(await page.textContent('#scene-title'), /cube\.msh/);
    assert.strictEqual(await page.evaluate(() => JSON.parse(sessionStorage.getItem('softlab-user-mesh')).name), 'cube.msh');
    await page.reload();
    await ready(page);
    assert.match(await page.textContent('#scene-title'), /cube\.msh/, 'the good mesh is still there after a reload');

    // the same link in a new tab: no file there, and it says so
    const other = await site.browser.newPage({ viewport: { width: 1000, height: 700 } });
    await other.goto(page.url());
    await ready(other);
    assert.strictEqual(await other.evaluate(() => window.softlab.scene), 'swinging-cube');
    assert.match(await other.textContent('#notices'), /This link shows a mesh loaded from a file, which a link cannot carry.*open the file with “Load mesh…”/);
    assert.deepStrictEqual(page.errors, []);
    await other.close();
    await page.close();
  });
});
