// Content Security Policy of the static site: the HTTP headers of tools/serve.py (make
// serve; the policy, frame-ancestors *, nosniff, Referrer-Policy), which never forbid
// what a page's meta policy allows and are enforced on their own; and the meta tags in
// web/index.html, web/examples/ and lessons/*.html: each page declares one, it is
// enforced (an injected inline script is refused), and the pages still work under it
// (and the headers) with no violation, also in
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

const http = require('node:http');

const { SITE, startSite, serveDir, colouredPixels } = require('./harness');

/** The response headers of a GET of url. */
function headersOf(url) {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => { res.resume(); resolve({ status: res.statusCode, headers: res.headers }); }).on('error', reject);
  });
}

/** A policy as {directive: [sources]}. */
const parsePolicy = (text) => Object.fromEntries(text.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k, v]));

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
  test('the server (tools/serve.py, make serve) sends the policy and the security headers', async () => {
    const metas = [];
    for (const file of ['index.html', 'validation.html', 'examples/course-quiz.html', ...fs.readdirSync(path.join(SITE, 'lessons')).filter((f) => f.endsWith('.html')).map((f) => 'lessons/' + f)]) {
      const html = fs.readFileSync(path.join(SITE, file), 'utf8');
      const m = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/);
      assert.ok(m, `${file} declares its policy`);
      metas.push([file, parsePolicy(m[1])]);
    }
    for (const file of ['index.html', 'lessons/000-regularized-stepper.html', 'examples/course-quiz.html', 'softlab.wasm', 'app.js', 'sim-worker.js']) {
      const { status, headers } = await headersOf(`${site.base}/${file}`);
      assert.strictEqual(status, 200, file);
      assert.strictEqual(headers['x-content-type-options'], 'nosniff', file);
      assert.strictEqual(headers['referrer-policy'], 'no-referrer', file);
      // embedding by course pages of any origin: frame-ancestors *, and no X-Frame-Options
      // (its DENY or SAMEORIGIN would refuse them; it has no value that allows all)
      assert.strictEqual(headers['x-frame-options'], undefined, file);
      const policy = parsePolicy(headers['content-security-policy'] || '');
      assert.deepStrictEqual(policy['frame-ancestors'], ['*'], file);
      assert.deepStrictEqual(policy['default-src'], ["'none'"], file);
      assert.deepStrictEqual(policy['script-src'], ["'self'", "'wasm-unsafe-eval'"], file);
      assert.doesNotMatch(headers['content-security-policy'], /unsafe-inline|'unsafe-eval'/);
      // the header never forbids what a page's own (tighter) meta policy allows
      for (const [page, meta] of metas) {
        for (const [directive, sources] of Object.entries(meta)) {
          const allowed = policy[directive] || policy['default-src'];
          for (const src of sources) assert.ok(allowed.includes(src), `${page}: ${directive} ${src} is not in the header's ${allowed.join(' ')}`);
        }
      }
    }
    assert.strictEqual((await headersOf(`${site.base}/softlab.wasm`)).headers['content-type'], 'application/wasm');
  });

  test('the header policy is enforced on its own: a page without a meta policy runs no inline script', { timeout: 60000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-header-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>no meta</title><p>plain</p><script>window.__ran = true</script>');
    const plain = await serveDir(dir);
    try {
      const page = await newPage();
      await page.goto(plain.base + '/index.html');
      assert.strictEqual(await page.evaluate(() => window.__ran), undefined, 'the inline script ran');
      await page.waitForFunction(() => window.__csp.length >= 1);
      assert.ok((await page.evaluate(() => window.__csp)).some((v) => /script-src/.test(v)));
      await page.close();
    } finally {
      plain.server.kill();
    }
  });

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
    // softlab's 9 circles are drawn by the page from the score card (lessons/overhead-fit.js)
    await page.waitForFunction(() => document.querySelectorAll('figure.fit svg circle').length === 9, null, { timeout: 10000 });
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
