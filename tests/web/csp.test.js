// Content Security Policy of the static site (meta tags in web/index.html and
// lessons/*.html): each page declares one, it is enforced (an injected inline script
// is refused), and the pages still work under it with no violation, also in
// the lessons' iframes and inside a cross-origin iframe: the lab steps, draws and
// exports; the lesson typesets its equations and runs its embedded labs.
// Violations are caught in every frame by a 'securitypolicyviolation' listener added
// before any page script runs, and in the console ("Refused to ...", "Content Security
// Policy"). Serves the staged site (env SOFTLAB_SITE, default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { startSite, serveDir, colouredPixels } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** A page that records CSP violations of every frame in page.violations (console and
 *  events, read by violations(page)) and page errors in page.errors. */
async function newPage(viewport = { width: 1300, height: 950 }) {
  const page = await site.browser.newPage({ viewport, acceptDownloads: true });
  page.setDefaultTimeout(60000); // no step waits for ever on a loaded machine
  page.errors = [];
  page.consoleViolations = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) page.consoleViolations.push(m.text());
  });
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return page;
}

/** Every violation seen so far: events of every frame, then console messages. */
async function violations(page) {
  const all = [];
  for (const f of page.frames().filter((x) => x.url().startsWith('http'))) {
    try {
      all.push(...(await f.evaluate(() => window.__csp || [])));
    } catch { /* a frame that navigated away */ }
  }
  return [...all, ...page.consoleViolations];
}

const policyOf = (frame) => frame.evaluate(() =>
  document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '');

/** The lab in frame is ready, its clock runs, its first panel draws, its chart has data. */
async function labWorks(frame) {
  await frame.waitForFunction(() => window.softlab && window.softlab.ready && window.softlab.state().t > 0.2, null, { timeout: 30000 });
  const s = await frame.evaluate(() => window.softlab.state());
  assert.ok(s.panels.every((p) => p.samples > 1), JSON.stringify(s.panels.map((p) => p.samples)));
  assert.ok((await colouredPixels(frame)).n > 500, 'the first panel draws the body');
}

describe('Content Security Policy', () => {
  test('the lab declares its policy, enforces it, and runs, draws and exports under it', { timeout: 180000 }, async () => {
    const page = await newPage();
    await page.goto(site.base + '/index.html');
    const policy = await policyOf(page.mainFrame());
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/);
    assert.doesNotMatch(policy, /unsafe-inline|'unsafe-eval'/);
    await labWorks(page.mainFrame());
    // enforced: an injected inline script is refused (an expected violation). (eval is
    // not tried: code run by the test through the DevTools protocol is exempt.)
    const ran = await page.evaluate(() => {
      window.__ran = false;
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      return window.__ran;
    });
    assert.strictEqual(ran, false, 'an inline script ran');
    await page.waitForFunction(() => window.__csp.length >= 1);
    const expected = await page.evaluate(() => window.__csp.splice(0));
    assert.ok(expected.some((v) => /script-src/.test(v)), expected.join('\n'));
    page.consoleViolations.length = 0;
    // exports: CSV and PNG downloads (blob: URLs), the quantity menu redraws the chart
    await page.selectOption('#chart-controls select', 'total');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#chart-controls button:has-text("CSV")')]);
    assert.match(fs.readFileSync(await csv.path(), 'utf8'), /^panel,label,t_s,/);
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#chart-controls button:has-text("PNG")')]);
    assert.strictEqual(fs.readFileSync(await png.path()).subarray(1, 4).toString(), 'PNG');
    await page.click('#embed');
    await page.click('#embed-close');
    await page.waitForTimeout(500);
    assert.deepStrictEqual(await violations(page), []);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('a lesson typesets and runs its embedded labs under its policy', { timeout: 180000 }, async () => {
    const page = await newPage({ width: 1200, height: 900 });
    await page.goto(site.base + '/lessons/000-regularized-stepper.html');
    const policy = await policyOf(page.mainFrame());
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval';/);
    assert.match(policy, /frame-src 'self'/);
    assert.doesNotMatch(policy, /unsafe-inline|'unsafe-eval'/);
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 20, null, { timeout: 60000 });
    // KaTeX's layout survives (its sizes are set through the CSSOM, not style attributes)
    const vlists = await page.evaluate(() => [...document.querySelectorAll('.katex .vlist')].filter((e) => e.style.height).length);
    assert.ok(vlists > 20, `${vlists} KaTeX vlists with a height`);
    const frame = page.frames().find((f) => f.url().includes('index.html?scene=swinging-cube'));
    await page.locator('iframe').first().scrollIntoViewIfNeeded();
    await labWorks(frame);
    assert.deepStrictEqual(await violations(page), []);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the lesson index and lesson 004 load under their policies', { timeout: 180000 }, async () => {
    const index = await newPage();
    await index.goto(site.base + '/lessons/index.html');
    assert.match(await policyOf(index.mainFrame()), /default-src 'none'/);
    assert.ok(await index.locator('ul.lessons a').count() >= 2);
    assert.deepStrictEqual(await violations(index), []);
    await index.close();
    const page = await newPage();
    await page.goto(site.base + '/lessons/004-grid-solids.html');
    assert.match(await policyOf(page.mainFrame()), /frame-src 'self'/);
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 10, null, { timeout: 60000 });
    assert.deepStrictEqual(await violations(page), []);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('lesson 003 typesets under its policy (its score-card figure is inline SVG with no style attribute)', { timeout: 180000 }, async () => {
    const page = await newPage();
    await page.goto(site.base + '/lessons/003-explicit-integrators.html');
    assert.match(await policyOf(page.mainFrame()), /frame-src 'self'/);
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 40, null, { timeout: 60000 });
    assert.strictEqual(await page.locator('figure.fit svg circle').count(), 9);
    assert.deepStrictEqual(await violations(page), []);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the lab runs under its policy inside a cross-origin iframe', { timeout: 180000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-csp-'));
    const src = `${site.base}/index.html?methods=implicit-euler,regularized&dt=0.05`;
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>course</title><h1>A course page</h1>' +
      `<iframe src="${src.replace(/&/g, '&amp;')}" width="1200" height="800"></iframe>`);
    const course = await serveDir(dir, 'localhost');
    try {
      const page = await newPage();
      await page.goto(course.base + '/index.html');
      let frame;
      for (let k = 0; k < 100 && !frame; k++) {
        frame = page.frames().find((f) => f.url() === src);
        if (!frame) await page.waitForTimeout(100);
      }
      assert.ok(frame, 'the lab frame loaded');
      assert.notStrictEqual(new URL(frame.url()).origin, new URL(page.url()).origin);
      await labWorks(frame);
      assert.deepStrictEqual(await violations(page), []);
      assert.deepStrictEqual(page.errors, []);
      await page.close();
    } finally {
      course.server.kill();
    }
  });
});
