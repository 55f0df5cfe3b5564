// Careless input and hostile embedding (issue 43's low items on the page): bad plot= and
// view= values get a notice as other bad URL parameters do; a frame sandboxed without
// allow-same-origin and a page opened from file:// say why the lab cannot start (not
// "Loading the simulation core…" forever); the example course page embeds only a lab page
// of its own origin with ?lab=; tools/serve.py lists no folder.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const http = require('node:http');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const { SITE, startSite, serveDir, openLab } = require('./harness');

let site, other;

before(async () => {
  site = await startSite();
  other = await serveDir(SITE, 'localhost'); // another origin, as any local server
});
after(async () => {
  if (other) other.server.kill();
  if (site) await site.close();
});

/** Resolves to {status, body} of a GET of url. */
function get(url) {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    }).on('error', reject);
  });
}

const loadingText = (frame) => frame.waitForFunction(() => {
  const el = document.querySelector('#loading.failed .loading-text');
  return el && el.textContent;
}, null, { timeout: 15000, polling: 100 }).then((h) => h.jsonValue());

describe('careless URLs and hostile embedders', () => {
  test('a bad plot= and a bad view= get a visible notice; the chart and the view fall back', async () => {
    const page = await openLab(site, '?scene=oscillator&methods=symplectic-euler&plot=nonsense&view=solid');
    const notices = await page.evaluate(() => [...document.querySelectorAll('#notices .notice span')].map((e) => e.textContent));
    assert.ok(notices.some((t) => /“plot” must be one of height, .*\(got “nonsense”\); the chart shows height/.test(t)), JSON.stringify(notices));
    assert.ok(notices.some((t) => /“view” must be wireframe or shaded \(got “solid”\); shaded is shown/.test(t)), JSON.stringify(notices));
    assert.strictEqual(await page.evaluate(() => window.softlab.chart.quantity), 'height');
    // a good value gets no notice
    const good = await openLab(site, '?scene=oscillator&methods=symplectic-euler&plot=total&view=wireframe');
    assert.strictEqual(await good.evaluate(() => document.querySelectorAll('#notices .notice').length), 0);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
    await good.close();
  });

  test('in a frame sandboxed with allow-scripts alone, the lab says why it cannot start', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}/examples/course-quiz.css`); // a page of the site that embeds it
    await page.evaluate((src) => {
      document.body.innerHTML = `<iframe id="sandboxed" sandbox="allow-scripts" src="${src}" width="900" height="600"></iframe>`;
    }, `${site.base}/index.html?scene=oscillator`);
    const frame = await (await page.waitForSelector('#sandboxed')).contentFrame();
    const text = await loadingText(frame);
    assert.match(text, /sandboxed without allow-same-origin/);
    assert.match(text, /sandbox="allow-scripts allow-same-origin"/);
    await page.close();
  });

  test('opened from file://, the lab says to use a static server (make serve)', async () => {
    const page = await site.browser.newPage();
    await page.goto(pathToFileURL(path.join(SITE, 'index.html')).href);
    const text = await loadingText(page);
    assert.match(text, /cannot start from a file/);
    assert.match(text, /make serve/);
    await page.close();
  });

  test('with lang=de the loading screen says it in German (boot.* of the table, carried by the staged boot.js)', async () => {
    const de = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '..', '..', 'messages', 'de.json'), 'utf8'));
    const page = await site.browser.newPage();
    await page.goto(pathToFileURL(path.join(SITE, 'index.html')).href + '?lang=de');
    assert.strictEqual(await loadingText(page), de['boot.file']);
    assert.match(de['boot.file'], /make serve/);
    await page.goto(`${site.base}/examples/course-quiz.css`);
    await page.evaluate((src) => {
      document.body.innerHTML = `<iframe id="sandboxed" sandbox="allow-scripts" src="${src}" width="900" height="600"></iframe>`;
    }, `${site.base}/index.html?scene=oscillator&lang=de`);
    const frame = await (await page.waitForSelector('#sandboxed')).contentFrame();
    assert.strictEqual(await loadingText(frame), de['boot.sandboxed']);
    await page.close();
  });

  test('course-quiz.html?lab= embeds only a lab page of its own origin', async () => {
    const page = await site.browser.newPage();
    const quiz = `${site.base}/examples/course-quiz.html`;
    const src = async () => new URL(await page.evaluate(() => document.querySelector('#lab').src));
    const refusal = () => page.evaluate(() => document.querySelector('#result').dataset.labRefused === '1' && document.querySelector('#result').textContent);
    for (const bad of [`${other.base}/index.html`, `${other.base}/examples/course-quiz.html`, '/validation.html', 'javascript:alert(1)']) {
      await page.goto(`${quiz}?lab=${encodeURIComponent(bad)}`);
      const u = new URL(await page.evaluate(() => document.querySelector('#lab').src));
      assert.strictEqual(u.origin, site.base, bad);
      assert.strictEqual(u.pathname, '/index.html', bad);
      assert.match(await refusal(), /“lab=” must name a lab page of this site/, bad);
    }
    await page.goto(`${quiz}?lab=${encodeURIComponent('/index.html')}`);
    assert.strictEqual((await src()).pathname, '/index.html');
    assert.strictEqual(await refusal(), false);
    await page.close();
  });

  test('tools/serve.py lists no folder: a folder without index.html is 404, one with it serves it', async () => {
    const listing = await get(`${site.base}/examples/`);
    assert.strictEqual(listing.status, 404);
    assert.doesNotMatch(listing.body, /Directory listing|course-quiz/);
    assert.strictEqual((await get(`${site.base}/`)).status, 200);
    assert.strictEqual((await get(`${site.base}/examples/course-quiz.html`)).status, 200);
  });
});
