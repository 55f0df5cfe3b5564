// validation.html (issue 29): the seed papers' claims run in a Worker and fill the table
// row by row; the page's numbers and verdicts are the native CLI's (`softlab validate
// --json`, the same C rows: wasm and native agree to 1e-6); one row reruns alone; a row's
// link opens the lab at its set-up; the page never blocks (the rows run in the Worker: a
// click is handled while a row is running, before its result arrives); no CSP violation. Serves the staged site (env
// SOFTLAB_SITE, default build/site); the CLI is build/softlab (env SOFTLAB_BIN).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { ROOT, startSite } = require('./harness');

const BIN = path.resolve(ROOT, process.env.SOFTLAB_BIN || 'build/softlab');

/** The CLI's row for claim id: {verdict, measured, reference}. */
function cliRow(id) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-val-')), 'v.json');
  execFileSync(BIN, ['validate', '--id', id, '--json', file], { stdio: ['ignore', 'ignore', 'ignore'] });
  return JSON.parse(fs.readFileSync(file, 'utf8'))[0];
}

describe('validation.html', () => {
  let site, page;
  const problems = [];
  before(async () => {
    site = await startSite();
    page = await site.browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error' || /Content Security Policy/.test(m.text())) problems.push(m.text()); });
    await page.goto(site.base + '/validation.html');
  });
  after(async () => { await site.close(); });

  test('the quick set runs row by row in a Worker; the rows are the CLI\'s', async () => {
    // three rows done, then stop: the rest of the queue is dropped, the row running finishes
    await page.waitForFunction(() => document.querySelectorAll('tr[data-verdict="agrees"], tr[data-verdict="differs"], ' +
      'tr[data-verdict="paper is off"], tr[data-verdict="failed"], tr[data-verdict="skipped"]').length >= 3, null, { timeout: 120000 });
    // the main thread answers while the Worker runs a row: the click's handler runs while a row
    // is still marked running, before that row's result arrives (an order, not a time: a row run
    // on the main thread would hold the click until the row had finished)
    await page.evaluate(() => document.getElementById('stop').addEventListener('click', () => {
      const tr = document.querySelector('tr[data-verdict="running"]');
      window.clickSawRunning = tr ? tr.id : null;
    }, { once: true }));
    await page.click('#stop');
    const runningAtClick = await page.evaluate(() => window.clickSawRunning);
    assert.ok(runningAtClick, 'the click was handled while a row ran in the Worker');
    await page.waitForFunction(() => !document.querySelector('tr[data-verdict="running"]'), null, { timeout: 120000 });
    const after = await page.getAttribute(`#${runningAtClick}`, 'data-verdict');
    assert.ok(['agrees', 'differs', 'paper is off', 'another set-up', 'skipped', 'failed'].includes(after),
      `the row running at the click got its result after it (${after})`);
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => ({
      id: tr.id.replace(/^claim-/, ''), verdict: tr.dataset.verdict,
      measured: tr.querySelector('.measured').textContent, reference: tr.querySelector('.reference').textContent,
    })));
    const run = rows.filter((r) => !['pending', 'running'].includes(r.verdict));
    assert.ok(run.length >= 3 && run.length < rows.length, `${run.length} of ${rows.length} rows run before the stop`);
    assert.match(await page.textContent('#status'), /claims run in/);
    for (const r of run.slice(0, 3)) {
      const cli = cliRow(r.id);
      assert.strictEqual(r.verdict, cli.verdict, `${r.id}: the page's verdict is the CLI's`);
      const shown = parseFloat(r.measured);
      assert.ok(Math.abs(shown - cli.measured) <= 5e-4 * Math.max(Math.abs(cli.measured), 1e-3),
        `${r.id}: the page shows ${r.measured}, the CLI measured ${cli.measured}`);
    }
  });

  test('one row reruns alone, and its link opens the lab at its set-up', async () => {
    const id = '003-order-rk4';
    await page.click(`#claim-${id} button`);
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.verdict === 'agrees', `#claim-${id}`, { timeout: 60000 });
    assert.match(await page.textContent(`#claim-${id} .how`), /classical order/);
    const href = await page.getAttribute(`#claim-${id} a`, 'href');
    assert.strictEqual(href, 'index.html?scene=oscillator&methods=rk4');
    // the tolerance and margin shown are the core's (the CLI's JSON), worded; this row has no
    // paper value but a closed-form reference, so its comparison is against the reference
    const cli = cliRow(id);
    const margins = await page.textContent(`#claim-${id} .margins`);
    assert.strictEqual(typeof cli.reference_margin, 'number', 'the row has a reference margin to show');
    const m = margins.match(/Against the reference \(closed form\): tolerance ([0-9.e+-]+), (inside|outside) by ([0-9.e+-]+)/);
    assert.ok(m, `the reference's tolerance and margin are shown: "${margins}"`);
    assert.strictEqual(m[2], cli.reference_margin >= 0 ? 'inside' : 'outside');
    assert.ok(Math.abs(parseFloat(m[1]) - cli.reference_tolerance) <= 5e-4 * cli.reference_tolerance,
      `tolerance ${m[1]} against the CLI's ${cli.reference_tolerance}`);
    assert.ok(Math.abs(parseFloat(m[3]) - Math.abs(cli.reference_margin)) <= 5e-4 * Math.max(Math.abs(cli.reference_margin), 1e-3),
      `margin ${m[3]} against the CLI's ${cli.reference_margin}`);
    // a rerun replaces its row's verdict in the summary: each claim counted once (rerun once
    // more, so the row has surely been counted before)
    await page.evaluate((sel) => new Promise((resolve) => {
      const tr = document.querySelector(sel);
      let sawRunning = false;
      new MutationObserver((list, obs) => {
        if (tr.dataset.verdict === 'running') sawRunning = true;
        else if (sawRunning) { obs.disconnect(); resolve(); }
      }).observe(tr, { attributes: true, attributeFilter: ['data-verdict'] });
      tr.querySelector('button').click();
    }), `#claim-${id}`);
    const counted = await page.evaluate(() => document.getElementById('summary').textContent
      .split('·').reduce((n, part) => n + (parseInt(part, 10) || 0), 0));
    const withVerdict = await page.$$eval('tbody tr', (trs) => trs.filter((tr) => !['pending', 'running'].includes(tr.dataset.verdict)).length);
    assert.strictEqual(counted, withVerdict, 'the summary counts each claim once');
    const lab = await site.browser.newPage();
    await lab.goto(`${site.base}/${href}&paused=1`);
    await lab.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
    assert.match(await lab.textContent('#scene-title'), /oscillator/i);
    await lab.close();
    assert.deepStrictEqual(problems, []);
  });
});
