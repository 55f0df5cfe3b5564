// The print style sheets (issue 45 item 5): printed, lesson 000 shows its text, figures and
// questions and no control (button, field, menu, playback bar), in the page and in its labs'
// frames; each lab's views print as pictures of the moment (web/lab/print-views.js), since a
// WebGL canvas prints blank; the lab page alone prints without controls too. The lesson is
// printed to PDF (A4, Chromium's page.pdf) and its pages counted: 9 before the print style
// sheets (main at 8a982cb, the same set-up: every lab loaded first). The PDF is saved in
// test-results/ to be looked at. Serves the staged site (env SOFTLAB_SITE, default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { RESULTS, startSite, openLab } = require('./harness');

const LESSON = '/lessons/000-regularized-stepper.html';
const PAGES_BEFORE = 9; // lesson 000 printed without the print style sheets (see above)

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** The controls of frame (or page) that are shown: their tag, class and id. */
const shownControls = (frame) => frame.evaluate(() => [...document.querySelectorAll(
  'button, input, select, textarea, progress, [role="toolbar"] [type="range"], .ahead, .node-keys, .chart-controls, details.params-card')]
  .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className}`));

/** Each lab frame of the lesson in page, loaded (scrolled to: they load lazily) and ready. */
async function labFrames(page) {
  const frames = [];
  const count = await page.locator('.lab iframe').count();
  for (let i = 0; i < count; i++) {
    const iframe = page.locator('.lab iframe').nth(i);
    await iframe.scrollIntoViewIfNeeded();
    let frame = null;
    for (let k = 0; k < 300 && !frame; k++) {
      frame = await (await iframe.elementHandle()).contentFrame();
      if (!frame || frame.url() === 'about:blank') { frame = null; await page.waitForTimeout(100); }
    }
    assert.ok(frame, `lab ${i} loaded`);
    await frame.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 90000 });
    frames.push(frame);
  }
  return frames;
}

describe('lesson 000 printed', () => {
  let page, frames;
  before(async () => {
    page = await site.browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(90000);
    await page.goto(site.base + LESSON);
    await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 60000 });
    await page.waitForFunction(() => document.querySelectorAll('.katex').length > 20, null, { timeout: 30000 });
    frames = await labFrames(page);
    await page.evaluate(() => window.scrollTo(0, 0));
  });
  after(async () => { await page.close(); });

  test('on screen the controls are there (the check below can fail)', async () => {
    assert.ok((await shownControls(page)).length >= 8, 'the questions\' fields and buttons');
    assert.ok((await shownControls(frames[0])).length >= 5, 'the lab\'s transport');
  });

  test('in print media: no control in the page or its labs, every question and figure shown', async () => {
    await page.emulateMedia({ media: 'print' });
    try {
      assert.deepStrictEqual(await shownControls(page), []);
      for (const [i, f] of frames.entries()) assert.deepStrictEqual(await shownControls(f), [], `lab ${i}`);
      // every question's text, and a line to write its answer on
      const questions = await page.locator('.question').count();
      assert.strictEqual(questions, 4);
      for (let i = 0; i < questions; i++) {
        const q = page.locator('.question').nth(i);
        assert.ok(await q.locator('p').first().isVisible(), `Q${i + 1}`);
        assert.match(await q.locator('p').first().innerText(), new RegExp(`^Q${i + 1}\\.`));
        assert.ok(await q.locator('label').isVisible(), `Q${i + 1}'s answer line`);
      }
      // the figures: the labs' frames and their panels and plot, the text's equations
      for (const [i, f] of frames.entries()) {
        assert.ok(await page.locator('.lab iframe').nth(i).isVisible(), `lab ${i}`);
        const n = await f.evaluate(() => window.softlab.state().panels.length);
        assert.strictEqual(await f.locator('.panel').count(), n);
        for (let k = 0; k < n; k++) assert.ok(await f.locator('.panel').nth(k).isVisible(), `lab ${i} panel ${k}`);
        assert.ok(await f.locator('#clock').isVisible(), `lab ${i}'s clock`);
        // the panels side by side, in one row, however narrow the frame
        const tops = await f.evaluate(() => [...document.querySelectorAll('.panel')].map((p) => Math.round(p.getBoundingClientRect().top)));
        assert.strictEqual(new Set(tops).size, 1, `lab ${i}'s panels in a row: ${tops}`);
        // and all of it inside its frame's printed height (lessons/lesson.css): nothing cut off
        const [content, box] = await f.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.clientHeight]);
        assert.ok(content <= box + 1, `lab ${i}: ${content} px of content in a ${box} px frame`);
      }
      assert.ok(await page.locator('.katex').first().isVisible());
    } finally {
      await page.emulateMedia({ media: null }); // as it was: page.pdf() prints with print media unless told screen
    }
  });

  test('a lab prints its views as pictures of the moment, with the body in them', async () => {
    const f = frames[0];
    await f.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    try {
      const n = await f.evaluate(() => window.softlab.state().panels.length);
      assert.strictEqual(await f.locator('img.print-view').count(), n);
      for (let k = 0; k < n; k++) {
        assert.ok(await f.locator('img.print-view').nth(k).isVisible(), `picture ${k}`);
        assert.ok(!(await f.locator('.panel canvas').nth(k).isVisible()), `canvas ${k} hidden`);
      }
      // the picture is not blank: its pixels far from grey (the body, the markers), counted
      // as harness.js colouredPixels counts a view's
      const coloured = await f.evaluate(async () => Promise.all([...document.querySelectorAll('img.print-view')].map(async (img) => {
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const px = ctx.getImageData(0, 0, c.width, c.height).data;
        let count = 0;
        for (let k = 0; k < px.length; k += 4) if (Math.max(px[k], px[k + 1], px[k + 2]) - Math.min(px[k], px[k + 1], px[k + 2]) > 60) count++;
        return count;
      })));
      for (const [k, c] of coloured.entries()) assert.ok(c > 500, `picture ${k}: ${c} coloured pixels`);
    } finally {
      await page.emulateMedia({ media: null }); // as it was: page.pdf() prints with print media unless told screen
      await f.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    }
    assert.strictEqual(await f.locator('img.print-view').count(), 0, 'afterprint removes them');
  });

  test('as an A4 PDF: fewer pages than before the print style sheets', { timeout: 120000 }, async () => {
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, 'lesson-000-print.pdf'), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) || []).length;
    console.log(`# lesson 000 printed: ${pages} A4 pages (${PAGES_BEFORE} before)`);
    assert.ok(pages >= 3, `${pages} pages: the text alone takes more`);
    assert.ok(pages < PAGES_BEFORE, `${pages} pages`);
  });
});

test('the lab page printed: its panels and plot, no control', { timeout: 120000 }, async () => {
  const page = await openLab(site, '?scene=swinging-cube');
  assert.ok((await shownControls(page)).length >= 10);
  await page.emulateMedia({ media: 'print' });
  assert.deepStrictEqual(await shownControls(page), []);
  assert.ok(await page.locator('.panel').first().isVisible());
  assert.ok(await page.locator('.chart-card').isVisible());
  assert.ok(await page.locator('#clock').isVisible());
  await page.close();
});
