// The page in the reader's language (issue 45 item 5), in a browser. (1) With lang=de the
// controls bar (header.top's four groups: scene, preset, lessons, mesh; the clock's play,
// step, reset, speed, Controls, help; the views; record, replay, embed), every panel's
// header (its stepper menu, Δt, iterations and τ labels) and the playback bar (#ahead, its
// labels and Live button) show no English word: their text, option texts and title /
// aria-label attributes are read (not an option's title: its citation), split into words,
// and none may be a word that English templates use and no German template does. (2) The English page's text is what it was
// before the table: with SOFTLAB_SITE_BEFORE (a site staged from the base commit, e.g.
// main's build/site), the lab's and the validation page's innerText, every dialog's text
// and every title / aria-label are compared with that site's, numbers masked (the clock and
// readouts differ from run to run). (3) With lang=de the element inspector (its card: title,
// note, row names and their titles, of a tet and of a grid cell), the chart (the quantity
// menu's options and their titles, the CSV / PNG buttons' labels, the axes and the legend's
// toggles) and the parameter card (the parameter names, link and find, every field's
// aria-label, the menus' values) show no English word, by the same list: the words of
// en.json's values (and the core's English titles) that no German template uses. (4) The
// English page as before (2) also for a lesson (000: innerText and attributes).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, startSite, serveDir, openLab } = require('./harness');

const table = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, 'messages', lang + '.json'), 'utf8'));
const words = (text) => String(text).toLowerCase().match(/[a-zäöüß]{3,}/g) || [];

/** The words English uses and German does not (the core's English titles included: a
 *  German page that showed one would show an English word). */
function englishOnly(coreEnglish) {
  const de = new Set(Object.values(table('de')).flatMap(words));
  const en = [...Object.entries(table('en')).filter(([id]) => !id.startsWith('_')).map(([, v]) => v), ...coreEnglish];
  return new Set(en.flatMap(words).filter((w) => !de.has(w)));
}

/** Text, option texts and title / aria-label of the regions, as [where, text] pairs. */
function readRegions(page) {
  return page.evaluate(() => {
    const out = [];
    const regions = [...document.querySelectorAll('header.top .controls'), ...document.querySelectorAll('.panel-head'), document.getElementById('ahead')];
    for (const r of regions) {
      const where = r.id || r.className;
      out.push([where, r.textContent]);
      // an option's title is the stepper's or scene's citation (authors, year, equation): a
      // reference, left as the paper is cited (README "Translating softlab")
      for (const el of [r, ...r.querySelectorAll(':not(option)')]) {
        for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push([`${where} ${el.tagName.toLowerCase()}[${a}]`, el.getAttribute(a)]);
      }
    }
    return out;
  });
}

/** Text, option texts and titles / aria-labels (an option's title too: a channel's help) of
 *  the inspector, the chart and the parameter card, as [where, text] pairs. */
function readCards(page) {
  return page.evaluate(() => {
    const out = [];
    for (const r of ['#inspector', '#chart-controls', '#chart', '#params'].map((s) => document.querySelector(s))) {
      // every text node, shown or not (the parameter card may be folded away): one per line
      const texts = [], walk = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) texts.push(walk.currentNode.textContent);
      out.push([r.id, texts.join('\n')]);
      for (const el of [r, ...r.querySelectorAll('*')]) {
        if (el.tagName === 'OPTION') out.push([`${r.id} option`, el.textContent]);
        for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push([`${r.id} ${el.tagName.toLowerCase()}[${a}]`, el.getAttribute(a)]);
      }
    }
    return out;
  });
}

/** The core's English scene and stepper titles, by the native CLI's tables. */
function coreTitles() {
  const { execFileSync } = require('node:child_process');
  const cli = (cmd) => execFileSync(path.join(ROOT, 'build', 'softlab'), [cmd], { encoding: 'utf8' })
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.replace(/^\S+\s+(\d+\s+\S+\s+)?/, '').replace(/\s*\(.*$/, ''));
  return [...cli('scenes'), ...cli('methods')];
}

describe('lang=de', () => {
  let site;
  before(async () => { site = await startSite(); });
  after(async () => { if (site) await site.close(); });

  test('the controls bar, the panel headers and the playback bar show no English word', async () => {
    const page = await openLab(site, '?lang=de&scene=xpbd-hanging-chain&method=xpbd,xpbd-substeps&paused=1');
    assert.strictEqual(await page.evaluate(() => document.documentElement.lang), 'de');
    // the core's English titles, read through the CLI's tables (the page shows the German ones)
    const bad = englishOnly(coreTitles());
    const regions = await readRegions(page);
    assert.ok(regions.length > 40, `${regions.length} texts read`);
    const found = regions.flatMap(([where, text]) => words(text).filter((w) => bad.has(w)).map((w) => `${where}: “${w}” in “${text.trim().slice(0, 80)}”`));
    assert.deepStrictEqual(found, []);
    // and the marked texts are German's
    const de = table('de');
    const marked = await page.$$eval('[data-msg]', (els) => els.map((e) => [e.dataset.msg, e.textContent]));
    // (the scene title, the state line and the play label are replaced as the lab runs)
    for (const [id, text] of marked.filter(([id]) => !['lab.scene_default', 'panel.running', 'transport.pause'].includes(id))) assert.strictEqual(text, de[id], id);
    assert.strictEqual(await page.$eval('#play .play-label', (e) => e.textContent), de['transport.play']);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('the URL\'s notices and the inspector\'s node that no element has are German (h-text4)', async () => {
    const de = table('de');
    for (const [lang, want] of [['en', table('en')], ['de', de]]) {
      const page = await openLab(site, `?lang=${lang}&scene=oscillator&paused=1&view=solid&foo=1&dt=2`);
      const notices = await page.evaluate(() => [...document.querySelectorAll('#notices .notice span')].map((e) => e.textContent));
      const quoted = (s) => want['url.quoted'].replace('{name:s}', s).replace('{name}', s);
      const fill = (id, params) => Object.entries(params).reduce((text, [k, v]) => text.replace(new RegExp(`\\{${k}(:[^}]*)?\\}`), v), want[id]);
      assert.ok(notices.includes(fill('url.view', { got: 'solid' })), `${lang}: ${notices.join(' | ')}`);
      assert.ok(notices.includes(fill('url.unknown_key', { key: 'foo' })), `${lang}: ${notices.join(' | ')}`);
      assert.ok(notices.some((n) => n.startsWith(fill('url.dt_range', { range: '1e-6 ≤ Δt ≤ 1 s', got: '2', dt: '' }).replace(/ s\.$/, ''))), `${lang}: ${notices.join(' | ')}`);
      if (lang === 'de') assert.ok(notices.some((n) => n.includes(quoted('solid'))) && !notices.some((n) => n.includes('”')), notices.join(' | ')); // „…“, not English “…”
      // the oscillator's mass is no corner of a tet or a grid cell: the inspector says so
      await page.evaluate(() => window.softlab.inspect(0));
      await page.waitForFunction(() => window.softlab.state().panels.every((p) => p.inspection && p.inspection.error), null, { timeout: 15000 });
      assert.strictEqual(await page.textContent('#inspector p.muted'), fill('inspector.no_corner', { node: '0' }));
      assert.deepStrictEqual(page.errors, []);
      await page.close();
    }
  });

  // a tet (FEM) and a grid cell (seed 004's grid solids): the inspector's two kinds of rows
  for (const query of ['scene=fem-soft-beam&methods=symplectic-euler,regularized&dt=0.002', 'scene=grid-box-drop']) {
    test(`the inspector, the chart and the parameter card show no English word (${query})`, async () => {
      const page = await openLab(site, `?lang=de&${query}&paused=1`);
      await page.evaluate(() => window.softlab.inspect(5));
      await page.waitForFunction(() => document.querySelectorAll('#inspector tbody tr td').length > 0 &&
        [...document.querySelectorAll('#inspector tbody td')].some((td) => td.textContent), null, { timeout: 15000 });
      const bad = englishOnly(coreTitles());
      assert.ok(bad.size > 300, `${bad.size} English-only words`); // the list is a real one
      const cards = await readCards(page);
      assert.ok(cards.length > 60, `${cards.length} texts read`);
      assert.ok(cards.some(([where]) => where === 'inspector') && cards.find(([where]) => where === 'inspector')[1].length > 100, 'the inspector is open');
      const found = cards.flatMap(([where, text]) => words(text).filter((w) => bad.has(w)).map((w) => `${where}: “${w}” in “${text.trim().slice(0, 80)}”`));
      assert.deepStrictEqual(found, []);
      assert.deepStrictEqual(page.errors, []);
      await page.close();
    });
  }
});

const BEFORE = process.env.SOFTLAB_SITE_BEFORE;
const mask = (s) => String(s).replace(/[-+]?\d[\d.,e+−-]*/g, '#').replace(/[ \t]+/g, ' ').replace(/\n\s*\n/g, '\n');

/** What the English page shows: innerText, the dialogs' text, every title and aria-label. */
const shown = (page) => page.evaluate(() => ({
  // the perf line says how fast this machine computes and which Worker is late: not the page's words
  text: document.body.innerText.replace(document.getElementById('perf') ? document.getElementById('perf').innerText : '\u0000', ''),
  dialogs: [...document.querySelectorAll('dialog, template')].map((d) => (d.content || d).textContent),
  attrs: [...document.querySelectorAll('*')].flatMap((el) => ['title', 'aria-label', 'aria-valuetext']
    .filter((a) => el.hasAttribute(a)).map((a) => `${el.id || el.className || el.tagName}[${a}]=${el.getAttribute(a)}`)),
  options: [...document.querySelectorAll('option')].map((o) => `${o.value}=${o.textContent} ${o.title}`),
  title: document.title,
}));

describe('the English page as before', { skip: !BEFORE && 'SOFTLAB_SITE_BEFORE not set (a site staged from the base commit)' }, () => {
  let site, before_;
  before(async () => {
    site = await startSite();
    before_ = await serveDir(path.resolve(BEFORE));
  });
  after(async () => { if (site) await site.close(); if (before_) before_.server.kill(); });

  for (const query of ['?paused=1', '?scene=xpbd-hanging-chain&method=xpbd,xpbd-substeps&paused=1', '?scene=oscillator&paused=1']) {
    test(`lab ${query}: innerText, dialogs, titles and aria-labels unchanged`, async () => {
      const now = await openLab(site, query);
      const was = await openLab({ ...site, base: before_.base }, query);
      const a = await shown(was), b = await shown(now);
      for (const k of Object.keys(a)) {
        const x = [].concat(a[k]).map(mask), y = [].concat(b[k]).map(mask);
        assert.deepStrictEqual(y, x, k);
      }
      await now.close(); await was.close();
    });
  }

  test('lesson 000: innerText and attributes unchanged', async () => {
    const get = async (base) => {
      const page = await site.browser.newPage();
      await page.goto(base + '/lessons/000-regularized-stepper.html');
      await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
      const s = await shown(page);
      await page.close();
      return s;
    };
    const a = await get(before_.base), b = await get(site.base);
    for (const k of Object.keys(a)) assert.deepStrictEqual([].concat(b[k]).map(mask), [].concat(a[k]).map(mask), k);
  });

  test('validation page: innerText and attributes unchanged before a run', async () => {
    const get = async (base) => {
      const page = await site.browser.newPage();
      await page.goto(base + '/validation.html');
      await page.waitForSelector('tr[id^="claim-"]', { timeout: 30000 });
      await page.waitForFunction(() => !/loading/.test(document.getElementById('status').textContent), null, { timeout: 30000 }).catch(() => {});
      const s = await shown(page);
      await page.close();
      return s;
    };
    const a = await get(before_.base), b = await get(site.base);
    for (const k of Object.keys(a)) assert.deepStrictEqual([].concat(b[k]).map(mask), [].concat(a[k]).map(mask), k);
  });
});
