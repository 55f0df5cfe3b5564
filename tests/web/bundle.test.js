// `make bundle` (issue 45 item 5): the folder (env SOFTLAB_BUNDLE, default build/bundle)
// carries the licence texts of its third-party code as their packages ship them, loads only
// relative URLs, and its zip holds the same files; opened from disk (file://) every entry page
// says to serve the folder, with the command, instead of loading for ever; served by the plain
// `python3 -m http.server` its HOW-TO-RUN.txt names (no security headers, no tools/serve.py),
// the lab and lesson 000's first lab run: simulated time advances, no console error, and no
// request leaves the folder or fails (404 count 0).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const http = require('node:http');
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');
const { ROOT } = require('./harness');

const BUNDLE = path.resolve(ROOT, process.env.SOFTLAB_BUNDLE || 'build/bundle');
const ZIP = path.resolve(ROOT, process.env.SOFTLAB_BUNDLE_ZIP || 'build/softlab-bundle.zip');
const LESSON = 'lessons/000-regularized-stepper.html';

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

let browser;
before(async () => {
  assert.ok(fs.existsSync(path.join(BUNDLE, 'index.html')), `${BUNDLE} is not built: run make bundle`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { if (browser) await browser.close(); });

describe('the bundle folder', () => {
  test('carries the licence texts of its third-party code, byte for byte as installed', () => {
    const installed = {
      'katex.txt': 'node_modules/katex/LICENSE', 'uplot.txt': 'node_modules/uplot/LICENSE',
      'csparse.txt': 'third_party_build/CSparse/Doc/License.txt', 'LGPL-2.1.txt': '/usr/share/common-licenses/LGPL-2.1',
    };
    for (const [name, from] of Object.entries(installed)) {
      assert.ok(fs.readFileSync(path.join(BUNDLE, 'licenses', name)).equals(fs.readFileSync(path.resolve(ROOT, from))), name);
    }
    // Emscripten's: the stanzas of Debian's copyright file for its runtime and musl, each
    // paragraph as the file has it, and the MIT and NCSA texts the runtime's stanza names
    const deb = fs.readFileSync('/usr/share/doc/emscripten/copyright', 'utf8').split('\n\n');
    const ours = fs.readFileSync(path.join(BUNDLE, 'licenses', 'emscripten.txt'), 'utf8').split('\n\n').slice(1);
    for (const p of ours) assert.ok(deb.includes(p.replace(/\n$/, '')), `not a paragraph of Debian's file: ${p.slice(0, 80)}`);
    assert.ok(ours.some((p) => p.startsWith('Files:\n *\n')), 'the runtime\'s stanza');
    assert.ok(ours.some((p) => p.startsWith('Files:\n system/lib/libc/musl/*')), 'musl\'s stanza');
    for (const l of ['License: Expat\n', 'License: NCSA~Mozilla\n']) assert.ok(ours.some((p) => p.startsWith(l)), l);
    // the lessons' KaTeX and the lab's uPlot are in the folder whose licences these are
    for (const f of ['katex/katex.min.js', 'uPlot.iife.min.js', 'softlab.wasm', 'softlab.js']) assert.ok(fs.existsSync(path.join(BUNDLE, f)), f);
    assert.match(fs.readFileSync(path.join(BUNDLE, 'HOW-TO-RUN.txt'), 'utf8'), /^\s+python3 -m http\.server$/m);
  });

  test('loads only relative URLs, holds no path of this machine, and its zip holds the same files', () => {
    const files = walk(BUNDLE).map((f) => path.relative(BUNDLE, f)).sort();
    const bad = [];
    for (const rel of files) {
      if (/\.(wasm|woff2?|ttf)$/.test(rel)) continue;
      const text = fs.readFileSync(path.join(BUNDLE, rel), 'utf8');
      if (text.includes(ROOT)) bad.push(`${rel}: ${ROOT}`);
      let urls = [];
      if (rel.endsWith('.html')) {
        urls = [...text.matchAll(/\bsrc\s*=\s*"([^"]*)"/g), ...text.matchAll(/<link\b[^>]*\bhref\s*=\s*"([^"]*)"/g)].map((m) => m[1]);
      } else if (rel.endsWith('.css')) {
        urls = [...text.matchAll(/url\(\s*['"]?([^'")]+)/g)].map((m) => m[1]);
      }
      for (const u of urls) if (/^\/|^(?!data:|blob:)[a-z][a-z0-9+.-]*:/i.test(u)) bad.push(`${rel}: ${u}`);
    }
    assert.deepStrictEqual(bad, []);
    assert.ok(files.length > 100, `${files.length} files`);
    const zipped = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', ZIP],
      { encoding: 'utf8' }).trim().split('\n').sort();
    assert.deepStrictEqual(zipped, files.map((f) => 'softlab/' + f));
  });
});

describe('opened from disk (file://)', () => {
  // the lab says it in its loading screen (web/boot.js); the other pages in a notice
  // (web/file-notice.js) that names the address to open once served
  for (const page of ['index.html', 'validation.html', 'lessons/index.html', LESSON]) {
    test(`${page} says to serve the folder, and the command`, async () => {
      const tab = await browser.newPage();
      await tab.goto(pathToFileURL(path.join(BUNDLE, page)).href);
      const box = page === 'index.html' ? tab.locator('#loading .loading-text') : tab.locator('.file-notice[role="alert"]');
      await box.waitFor({ state: 'visible', timeout: 10000 });
      const text = await box.innerText();
      assert.match(text, /python3 -m http\.server/, text);
      if (page !== 'index.html') {
        assert.ok(text.includes(`http://localhost:8000/${page}`), text);
        assert.ok(text.includes(BUNDLE), `names the folder: ${text}`);
        assert.strictEqual(await tab.locator('#file-notice-title').count(), 1);
      }
      // and nothing still says it is loading, 2 s on
      await tab.waitForTimeout(2000);
      const body = await tab.locator('body').innerText();
      assert.doesNotMatch(body, /Loading the simulation core|loading softlab…/, page);
      await tab.close();
    });
  }

  test('served over http the notice is not shown', async () => {
    const { base, server } = await plainServer();
    try {
      const tab = await browser.newPage();
      await tab.goto(`${base}/lessons/index.html`);
      await tab.waitForLoadState('load');
      assert.strictEqual(await tab.locator('.file-notice').count(), 0);
      await tab.close();
    } finally { server.kill(); }
  });
});

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** `python3 -m http.server` in the bundle, as HOW-TO-RUN.txt says: { base, server }. */
async function plainServer() {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], { cwd: BUNDLE, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let k = 0; k < 100; k++) {
    const up = await new Promise((r) => http.get(base + '/index.html', (res) => { res.resume(); r(res.statusCode === 200); }).on('error', () => r(false)));
    if (up) return { base, server };
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error('python3 -m http.server did not start');
}

describe('served by python3 -m http.server', () => {
  let site, context;
  const requests = [];
  const failed = [];
  const consoleErrors = [];
  before(async () => {
    site = await plainServer();
    context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    // the context sees the pages', frames' and Workers' requests
    context.on('request', (r) => requests.push(r.url()));
    context.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    context.on('requestfailed', (r) => failed.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  });
  after(async () => { await context?.close(); site?.server.kill(); });

  const watch = (page) => {
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  };

  test('the lab runs: simulated time advances', { timeout: 120000 }, async () => {
    const page = await context.newPage();
    watch(page);
    await page.goto(`${site.base}/index.html?playback=live`);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
    const t0 = await page.evaluate(() => window.softlab.state().t);
    await page.waitForFunction((t) => window.softlab.state().t > t + 0.3, t0, { timeout: 60000 });
    assert.strictEqual(await page.locator('.file-notice').count(), 0);
    await page.close();
  });

  test('lesson 000 and its first lab run', { timeout: 180000 }, async () => {
    const page = await context.newPage();
    watch(page);
    await page.goto(`${site.base}/${LESSON}`);
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 60000 });
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 20, null, { timeout: 30000 });
    const iframe = page.locator('.lab iframe').first();
    await iframe.scrollIntoViewIfNeeded();
    let frame = null;
    for (let k = 0; k < 200 && !frame; k++) {
      frame = await (await iframe.elementHandle()).contentFrame();
      if (!frame || frame.url() === 'about:blank') { frame = null; await page.waitForTimeout(100); }
    }
    assert.ok(frame, 'the lab frame loaded');
    await frame.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
    await frame.waitForFunction(() => window.softlab.state().t > 0.5, null, { timeout: 90000 });
    await page.close();
  });

  test('no console error, no request outside the folder, none failed', () => {
    assert.deepStrictEqual(consoleErrors, []);
    const outside = requests.filter((u) => !u.startsWith(site.base + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepStrictEqual(outside, []);
    assert.deepStrictEqual(failed, [], '404 count 0');
    // the wasm, a recording or KaTeX's fonts were among them: the count means something
    for (const f of ['/softlab.wasm', '/katex/katex.min.js', '/lessons/lesson.js']) assert.ok(requests.some((u) => u.includes(f)), f);
    console.log(`# bundle: ${requests.length} requests, ${failed.length} failed or 4xx, ${outside.length} outside the folder`);
  });
});
