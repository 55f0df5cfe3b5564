// Lesson 001 (seed 001, one-ring incompressibility) in headless Chromium: equations
// render, the embedded labs open their scenes' comparisons, and the three questions are
// checked by the page's own simulation against the native CLI's numbers.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, answerQuestion } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

const answer = (page, index, value) => answerQuestion(page, index, value);

describe('lesson 001: one-ring incompressibility', () => {
  let page;
  const errors = [];
  before(async () => {
    page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.base + '/lessons/001-incompressible.html');
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
  });
  after(async () => { await page.close(); });

  test('the lesson index links it and its equations are typeset', async () => {
    const index = await site.browser.newPage();
    await index.goto(site.base + '/lessons/index.html');
    assert.strictEqual(await index.locator('a[href="001-incompressible.html"]').count(), 1);
    await index.close();
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 10, null, { timeout: 10000 });
    assert.strictEqual(await page.evaluate(() => document.querySelector('main').innerText.includes('$$')), false);
    assert.strictEqual(await page.locator('figure.onering svg polygon').count(), 10);
  });

  test('the embedded labs open the scenes\' own comparisons', async () => {
    const expect = {
      'scene=onering-sphere-drop': ['incompressible', 'regularized', 'regularized'],
      'scene=onering-squeeze': ['incompressible', 'regularized'],
    };
    for (const [i, [key, methods]] of Object.entries(expect).entries()) {
      // the frames load lazily: bring each into view, then wait for it
      await page.locator('iframe').nth(i).scrollIntoViewIfNeeded();
      let frame = null;
      for (let k = 0; k < 200 && !frame; k++) {
        frame = page.frames().find((f) => f.url().includes(key));
        if (!frame) await page.waitForTimeout(100);
      }
      assert.ok(frame, `no lab with ${key}`);
      await frame.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
      const s = await frame.evaluate(() => window.softlab.settled());
      assert.deepStrictEqual(s.panels.map((p) => p.method), methods, key);
    }
  });

  // Native references (build/softlab run --scene onering-sphere-drop --t-end 0.6 ...,
  // largest |V/V0 - 1| over the CSV's rows), at the scene's 4 cells (192 tets; the lab the
  // questions point to): per-tet regularized at dt = 0.5 ms, nu = 0.45: 3.979 %, nu = 0.499:
  // 2.891 %; one-ring, incompressible, MINRES: 0.076 % (at 6 cells: 4.163, 2.902, 0.080 %).
  // The page's wasm core must reproduce them (same code, same doubles) to 1 %.
  test('Q1: the per-tet ball at nu = 0.45 loses about 4 % of its volume', async () => {
    assert.strictEqual((await answer(page, 0, 15)).cls, 'bad'); // the seed's "over 15 %" is not this set-up
    const good = await answer(page, 0, 4.0);
    assert.strictEqual(good.cls, 'ok', good.text);
    assert.ok(Math.abs(good.truth / 3.979 - 1) < 0.01, `the page measured ${good.truth} %`);
  });

  test('Q2: at nu = 0.499 the loss does not shrink fifty-fold', async () => {
    assert.strictEqual((await answer(page, 1, 3.979 / 50)).cls, 'bad');
    const good = await answer(page, 1, 2.9);
    assert.strictEqual(good.cls, 'ok', good.text);
    assert.ok(Math.abs(good.truth / 2.891 - 1) < 0.01, `the page measured ${good.truth} %`);
  });

  test('Q3: the one-ring ball keeps its volume to a tenth of a percent', async () => {
    assert.strictEqual((await answer(page, 2, 1)).cls, 'bad');
    const good = await answer(page, 2, 0.08);
    assert.strictEqual(good.cls, 'ok', good.text);
    assert.ok(good.truth > 0 && good.truth < 0.1, `the page measured ${good.truth} %`);
    assert.deepStrictEqual(errors, []);
  });
});
