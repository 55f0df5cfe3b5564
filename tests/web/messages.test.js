// One message table keyed by id (issue 45 item 5): messages/en.json, a second language
// (messages/de.json), the core's verdicts kept as ids and parameters (softlab/message.h) and
// worded by web/ui/messages.js. Checked here: every language's ids and parameters against
// English; every id the C core and the page use exists with exactly the parameters they pass;
// the page's English rendering of the core's parts is the core's own English text, byte for
// byte, on real runs of the staged wasm (a divergence with its stiffness sentence, a growing
// energy, an artifact); printf's %g as the page formats it; and in a browser a diverging
// panel with lang=de says the German reason with the same numbers as the English page.
'use strict';
const { test, describe, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { ROOT, SITE, startSite, live } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);
const table = (lang) => Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync(path.join(ROOT, 'messages', lang + '.json'), 'utf8')))
  .filter(([id]) => !id.startsWith('_')));
// a scene's or stepper's title or description: the core's English, worded only in other languages
const CORE_TEXT = /^(scene|stepper|field|param|channel|strain)\.[a-z0-9_-]+\.(title|description|label|legend|short|help|choice[0-9]+)$/; // web/ui/messages.js CORE_TEXT
const paramsOf = (text) => [...text.matchAll(/\{([A-Za-z_]\w*)(?::([^}]*))?\}/g)].map((m) => ({ name: m[1], spec: m[2] }));
const walk = (dir, ext) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name), ext) : e.name.endsWith(ext) ? [path.join(dir, e.name)] : []);

describe('the table', () => {
  const en = table('en');
  const languages = fs.readdirSync(path.join(ROOT, 'messages')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

  test('every id of every language is in en.json with the same parameter names; German has every id', () => {
    assert.ok(languages.includes('de'), languages.join());
    for (const lang of languages) {
      const tb = table(lang);
      for (const [id, text] of Object.entries(tb)) {
        if (CORE_TEXT.test(id)) { assert.ok(!(id in en) && !paramsOf(text).length, `${lang} ${id}`); continue; } // the core's English
        assert.ok(id in en, `${lang}: ${id} is not in en.json`);
        assert.deepStrictEqual(paramsOf(text).map((p) => p.name).sort(), paramsOf(en[id]).map((p) => p.name).sort(), `${lang} ${id}`);
      }
    }
    assert.deepStrictEqual(Object.keys(table('de')).filter((id) => !CORE_TEXT.test(id)).sort(), Object.keys(en).sort(), 'de.json covers every id');
    execFileSync('python3', [path.join(ROOT, 'tools/messages.py'), '--check']); // the build's own check agrees
  });

  test('the C core passes each id exactly its template\'s parameters, in order', () => {
    const calls = [];
    for (const file of walk(path.join(ROOT, 'src'), '.c')) {
      const src = fs.readFileSync(file, 'utf8');
      // sl_message_add and what takes its pairs: a world's error, an error record's, the mesh reader's
      for (const m of src.matchAll(/(?:sl_message_add|sl_world_fail_message|sl_error_set_message|\bfail(?:_tet)?)\(([^;]*?)NULL\)/gs)) {
        const ids = [...m[1].matchAll(/"([a-z_]+\.[a-z_.]+)"/g)].map((x) => x[1]); // (a ? "id1" : "id2")
        const names = [...m[1].matchAll(/"([a-z_][a-z0-9_]*)"\s*,/g)].map((x) => x[1]).filter((n) => !n.includes('.'));
        for (const id of ids) calls.push({ file: path.relative(ROOT, file), id, names });
      }
    }
    assert.ok(calls.length >= 16, `${calls.length} calls found`);
    for (const { file, id, names } of calls) {
      assert.ok(id in en, `${file}: ${id} is not in en.json`);
      assert.deepStrictEqual(names, paramsOf(en[id]).filter((p) => p.spec !== 'm').map((p) => p.name), `${file}: ${id}`);
    }
    // every core id is used (the page's own ids are checked below); a status's and a mesh
    // reader's noun are ids given as values (status.h's list, the reader's calls)
    const used = new Set(calls.map((c) => c.id));
    const literals = walk(path.join(ROOT, 'src'), '').filter((f) => /\.[ch]$/.test(f)).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    for (const id of Object.keys(en).filter((i) => /^(diverged|verdict|error|mesh|status)\./.test(i)))
      assert.ok(used.has(id) || literals.includes(`"${id}"`), `${id} is used by the core`);
  });

  // the page's code: web/, and the lessons' (lessons/*.js, their chrome built by tools/build_lessons.js)
  const pageJs = () => [...walk(path.join(ROOT, 'web'), '.js'), ...walk(path.join(ROOT, 'lessons'), '.js'), path.join(ROOT, 'tools', 'build_lessons.js')];
  test('the page passes each id exactly its template\'s parameters', () => {
    const calls = [];
    for (const file of pageJs()) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\b(?:t|tr)\('([a-z_]+\.[a-z_]+)'(?:,\s*\{([^}]*)\})?\)/g)) {
        const names = (m[2] || '').split(',').map((s) => s.trim().split(':')[0].trim()).filter(Boolean);
        calls.push({ file: path.relative(ROOT, file), id: m[1], names });
      }
    }
    assert.ok(calls.length >= 14, `${calls.length} calls found`);
    for (const { file, id, names } of calls) {
      assert.ok(id in en, `${file}: ${id} is not in en.json`);
      assert.deepStrictEqual(names.sort(), paramsOf(en[id]).map((p) => p.name).sort(), `${file}: ${id}`);
    }
    // also used: a page's data-msg ids, an id the code names as a literal (a preset's label)
    // or builds from a prefix (`validation.column.${h}`)
    const used = new Set(calls.map((c) => c.id));
    const text = [...pageJs(), ...walk(path.join(ROOT, 'web'), '.html')].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    const prefixes = [...text.matchAll(/`([a-z_]+(?:\.[a-z_]+)*\.)\$\{/g)].map((m) => m[1]);
    const named = (id) => used.has(id) || text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`:${id}`) ||
      prefixes.some((p) => id.startsWith(p));
    for (const id of Object.keys(en).filter((i) => !/^(diverged|verdict|error|mesh|status)\./.test(i))) assert.ok(named(id), `${id} is used by the page`);
  });
});

describe('the page\'s formatting', () => {
  test('numbers as C\'s printf writes them (python3\'s % formatting is C\'s)', async () => {
    const { formatNumber } = await web('ui/messages.js');
    const cases = [[24.78, '.3g'], [2.61e8, '.3g'], [0.866025, '.3g'], [1e-5, 'g'], [20, 'g'], [116.2, '.3g'], [0.00012345, '.3g'],
      [123456, '.3g'], [999.6, '.3g'], [-0.5, '.3g'], [5.2e5, '.3g'], [1.57, '.3g'], [0.2, '.3f'], [0.84, '.2f'], [3.9, 'd'], [1e21, 'g']];
    const want = execFileSync('python3', ['-c', 'import sys,json\nfor x,s in json.loads(sys.argv[1]): print(("%" + s) % (int(x) if s == "d" else x))',
      JSON.stringify(cases)]).toString().trim().split('\n');
    assert.deepStrictEqual(cases.map(([x, s]) => formatNumber(x, s)), want);
  });

  test('the language: lang= first, then the browser\'s, else English; a missing id falls back to English', async () => {
    const { pickLanguage, t } = await web('ui/messages.js');
    assert.strictEqual(pickLanguage('?lang=de', ['en-GB']), 'de');
    assert.strictEqual(pickLanguage('?lang=xx', ['fr-FR', 'de-AT']), 'de');
    assert.strictEqual(pickLanguage('', ['fr']), 'en');
    assert.strictEqual(t('transport.paused', { t: 1.23456 }, 'de'), 'Angehalten bei t = 1.235 s.');
    assert.strictEqual(t('transport.paused', { t: 1.23456 }, 'fr'), 'Paused at t = 1.235 s.');
  });
});

/** The words of en.json's values that no German template uses (the page-language test's list). */
function englishOnlyWords() {
  const words = (text) => String(text).toLowerCase().match(/[a-zäöüß]{3,}/g) || [];
  const de = new Set(Object.values(table('de')).flatMap(words));
  return (text) => words(text).filter((w) => !de.has(w) && Object.values(table('en')).some((v) => words(v).includes(w)));
}

describe('texts the page composed in code, now through the table (h-text4)', () => {
  /** fn() with the page's language lang (the staged modules share one table state). */
  async function inLanguage(lang, fn) {
    const { setLanguage } = await web('ui/messages.js');
    setLanguage(lang);
    try { return await fn(); } finally { setLanguage('en'); }
  }
  const scenes = [{ name: 'oscillator', defaultDt: 0.01, defaultMethod: 'symplectic-euler', params: 1 },
    { name: 'pendulum', defaultDt: 0.001, defaultMethod: 'symplectic-euler', params: 1 }];
  const steppers = [{ name: 'symplectic-euler' }, { name: 'rk4' }];
  const infos = [{ name: 'young_modulus', flag: 1, min: 1, max: 1e9, label: 'Young\'s modulus E', unit: 'Pa' },
    { name: 'resolution', flag: 1, min: 1, max: 8, integer: true, label: 'resolution', unit: '' }];
  const query = '?scene=nope&methods=rk4,bogus,other&dt=abc&beta=-1&iterations=0.5&xpbd_damping=-1&young_modulus=0' +
    '&resolution=2.5&camera=1,2&view=solid&color=blue&playback=soon&foo=1&bar=2&baz=3&qux=4';
  const fields = [{ name: 'energy' }, { name: 'volume' }, { name: 'pressure' }];

  test('the URL\'s notices and a parameter\'s range: English as the code wrote it, German with no English word', async () => {
    const { parseParams, paramProblem } = await web('settings/params.js');
    const notices = (lang) => inLanguage(lang, () => parseParams(new URLSearchParams(query), scenes, steppers, infos, fields).notices);
    const [en, de] = [await notices('en'), await notices('de')];
    assert.deepStrictEqual(en, [
      'Unknown scene “nope”; showing “oscillator” instead.',
      'Unknown steppers “bogus” and “other” were left out. Known: symplectic-euler, rk4.',
      '“dt” must be a number of seconds with 1e-6 ≤ Δt ≤ 1 s (got “abc”); using 0.01 s.',
      '“beta”: β must be a number of 1/s in [0, 1000000] (got “-1”); ignored.',
      '“iterations”: iterations must be a whole number in [1, 1000] (got “0.5”); ignored.',
      '“xpbd_damping”: the XPBD damping time must be a number of seconds in [0, 10] (got “-1”); ignored.',
      '“young_modulus”: Young\'s modulus E must be between 1 and 1e9 Pa (got “0”); ignored.',
      '“resolution”: resolution must be a whole number (got “2.5”); ignored.',
      'Unknown URL parameters “foo”, “bar”, “baz” and 1 more were ignored.',
      '“camera” must be yaw,pitch,zoom or yaw,pitch,zoom,pan_x,pan_y,pan_z (numbers); ignored.',
      '“view” must be wireframe or shaded (got “solid”); shaded is shown.',
      '“color” must be energy, volume or pressure (got “blue”); ignored.',
      '“playback” must be live or ahead (got “soon”); ignored.',
    ]); // the ranges: the core's (softlab/world.h SL_DT_MIN_PAGE, SL_DT_MAX, SL_BETA_MAX, SL_WORLD_ITERATIONS_*, SL_WORLD_XPBD_DAMPING_MAX)
    assert.strictEqual(de.length, en.length);
    const english = englishOnlyWords();
    // what the reader typed (quoted) and the names a URL takes (steppers, fields, choices) are no words to translate
    const names = /“[^”]*”|„[^“]*“|symplectic-euler|rk4|energy|volume|pressure|live|ahead/g;
    for (const line of de) assert.deepStrictEqual(english(line.replace(names, '')), [], line);
    assert.match(de[0], /^Unbekannte Szene „nope“; stattdessen wird „oscillator“ gezeigt\.$/);
    assert.match(de[6], /„young_modulus“: Elastizitätsmodul muss zwischen 1 und 1e9 Pa liegen \(war „0“\); ignoriert\./);
    assert.strictEqual(await inLanguage('de', () => paramProblem(infos[1], 2.5)), 'Netzauflösung muss eine ganze Zahl sein');
    assert.strictEqual(await inLanguage('de', () => paramProblem(infos[0], 0, 'en')), 'Young\'s modulus E must be between 1 and 1e9 Pa', 'the course API\'s: English');
  });

  test('the perf line\'s reason and a lost Worker\'s: English as the code wrote it, German with no English word', async () => {
    const { slowReason, workerTrouble } = await web('time/perf.js');
    const cases = [
      [{ speed: 1, simSpeed: 0.5, panels: [{ stepsPerSecond: 500, dt: 0.001 }], frameMs: 16, workMs: 2, lostMs: 0 },
        'stepping limits: panel 1 computes 500 steps/s where 1,000 are needed'],
      [{ speed: 1, simSpeed: 0.5, panels: [{ stepsPerSecond: 5000, dt: 0.001, worker: 0, busy: 0.95 }, { stepsPerSecond: 5000, dt: 0.001, worker: 0, busy: 0.02 }], frameMs: 16, workMs: 2, lostMs: 0 },
        'stepping limits: one Worker steps panels 1 and 2 and is busy 97 % of the time (their steps need 40 % of it for 1.00× real time)'],
      [{ speed: 1, simSpeed: 0.5, panels: [{ stepsPerSecond: 5000, dt: 0.001 }], frameMs: 100, workMs: 80, lostMs: 400 },
        'drawing limits: a frame takes 80 ms of the page\'s work (10 fps); the steppers need 20 % of their time'],
      [{ speed: 1, simSpeed: 0.5, panels: [{ stepsPerSecond: 5000, dt: 0.001 }], frameMs: 100, workMs: 10, lostMs: 400 },
        'the machine limits: frames come every 100 ms though the page works 10 ms a frame; the steppers need 20 % of their time'],
      [{ speed: 1, simSpeed: 0.5, panels: [{ stepsPerSecond: 5000, dt: 0.001, worker: 0, busy: 0.3 }], frameMs: 16, workMs: 2, lostMs: 0 },
        'the machine limits: frames come every 16 ms and the busiest Worker works 30 % of the time, yet the Workers fall behind (a busy processor)'],
    ];
    const english = englishOnlyWords();
    for (const [args, want] of cases) {
      assert.strictEqual(slowReason(args), want);
      const de = await inLanguage('de', () => slowReason(args));
      assert.deepStrictEqual(english(de), [], de);
    }
    const { t } = await web('ui/messages.js');
    const runs = (lang) => [{ lost: 'x' }, { lostAt: 0, lostWhy: t('worker.stopped_answering', {}, lang) },
      { client: { silentMs: () => 1500 } }, { client: { failed: 'x' } }];
    assert.strictEqual(workerTrouble(runs('en'), 1000), 'the simulation Worker of panel 1 stopped: starting a new one; ' +
      'the simulation Worker of panel 2 stopped answering and was replaced: every panel restarted from t = 0; ' +
      'waiting for the simulation Worker of panel 3 (no answer for 1.5 s); the simulation of panel 4 stopped');
    const de = await inLanguage('de', () => workerTrouble(runs('de'), 1000));
    assert.match(de, /Simulations-Worker von Panel 2: antwortet nicht mehr; er wurde ersetzt/);
    assert.deepStrictEqual(english(de), [], de);
    assert.strictEqual(t('worker.lost', { why: t('worker.crashed', { error: 'RuntimeError: unreachable' }) }), 'the simulation Worker crashed (RuntimeError: unreachable)');
  });
});

/** Runs scene/method/dt in the staged core until the verdict is `want` (name) or steps run
 *  out; returns {verdict reason and parts, divergence reason and parts}. */
function runTo(core, scene, method, dt, want, steps) {
  const { api } = core;
  const h = api.sim_create(scene);
  assert.strictEqual(api.sim_build(h, method, dt, 0), 0, api.sim_error(h));
  for (let k = 0; k < steps && api.verdict_name(h) !== want; k++) api.step(h, 1);
  const out = {
    name: api.verdict_name(h), reason: api.verdict_reason(h), message: JSON.parse(api.verdict_message(h)),
    diverged: api.diverged_reason(h), parts: JSON.parse(api.diverged_message(h)),
  };
  api.sim_destroy(h);
  return out;
}

describe('the core\'s parts, worded by the page', () => {
  test('English: byte for byte the core\'s own text; German: the same numbers', { timeout: 120000 }, async () => {
    const { core } = await loadStagedCore(SITE);
    const { renderParts } = await web('ui/messages.js');
    const runs = [
      ['swinging-cube', 'explicit-euler', 0.05, 'diverged', 100, ['verdict.diverged', 'diverged.flew_apart_falling']],
      ['pendulum', 'rk4', 0.1, 'diverged', 100, ['verdict.diverged', 'diverged.flew_apart_falling', 'diverged.too_stiff']],
      ['thread-hang', 'forest-ruth', 0.01, 'diverged', 100, ['verdict.diverged', 'diverged.position_not_finite', 'diverged.too_stiff']],
      ['fem-soft-beam', 'symplectic-euler', 0.01, 'growing', 100, ['verdict.growing']],
      ['warp-bar', 'linear-fem', 0.01, 'artifact', 300, ['verdict.artifact']],
    ];
    const numbers = (s) => s.match(/-?\d+(?:\.\d+)?(?:e[+-]\d+)?/g) || [];
    for (const [scene, method, dt, want, steps, ids] of runs) {
      const r = runTo(core, scene, method, dt, want, steps);
      const where = `${scene}/${method} at ${dt} s`;
      assert.strictEqual(r.name, want, `${where}: ${r.reason}`);
      assert.deepStrictEqual(r.message.map((p) => p.id), ids, where);
      assert.strictEqual(renderParts(r.message, 'en'), r.reason, where);
      if (want === 'diverged') assert.strictEqual(renderParts(r.parts, 'en'), r.diverged, where);
      const de = renderParts(r.message, 'de');
      assert.notStrictEqual(de, r.reason, where);
      // the German sentence orders its parameters as the English one, bar the stepper's bound
      const sorted = (a) => [...a].sort();
      assert.deepStrictEqual(sorted(numbers(de)), sorted(numbers(r.reason)), `${where}: ${de}`);
      console.log(`  ${where}: ${r.reason}\n    de: ${de}`);
    }
  });
});

describe('in the browser', () => {
  let site;
  before(async () => { site = await startSite(); });
  after(async () => { if (site) await site.close(); });

  /** The swinging cube's default panels (panel 1, symplectic Euler at 0.05 s, diverges):
   *  its state line and the announcement, in `lang` (null: none asked). */
  async function diverged(lang) {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(site.base + '/index.html' + live(lang ? `?lang=${lang}` : ''));
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.waitForFunction(() => window.softlab.state().panels.some((p) => p.diverged), null, { timeout: 60000 });
    const got = await page.evaluate(() => {
      const i = window.softlab.state().panels.findIndex((p) => p.diverged);
      const panel = document.querySelectorAll('#panels .panel')[i];
      return { i, reason: window.softlab.state().panels[i].reason, state: panel.querySelector('.state').textContent,
        badge: panel.querySelector('.view-badge').textContent,
        said: [...document.querySelectorAll('#announce p')].map((p) => p.textContent), lang: document.documentElement.lang };
    });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
    return got;
  }

  test('a diverging panel with lang=de says the German reason; the English page says what it said before', { timeout: 180000 }, async () => {
    const en = await diverged(null);
    const de = await diverged('de');
    console.log(`  en: ${en.state}\n  de: ${de.state}`);
    assert.strictEqual(en.lang, 'en');
    assert.strictEqual(de.lang, 'de');
    // the English words as the page composed them before the table (web/panel/panel-run.js's stop)
    assert.match(en.state, /^diverged at t = \d+\.\d{3} s \(the body flew apart, as it does when the time step is too large for the stepper: node \d+ is [\d.e+]+ m from the centre of mass, beyond 20 times the body's size [\d.]+ m/);
    assert.ok(en.said.includes(`Panel ${en.i + 1}, Symplectic Euler: ${en.state}.`), en.said.join(' | '));
    assert.match(de.state, /^divergiert bei t = \d+\.\d{3} s \(der Körper ist auseinandergeflogen/);
    // the stepper's title in German too (de.json's stepper.symplectic-euler.title; English: the core's)
    assert.ok(de.said.includes(`Feld ${de.i + 1}, ${table('de')['stepper.symplectic-euler.title']}: ${de.state}.`), de.said.join(' | '));
    // the same verdict, decided once in the core: its numbers are the English page's
    const numbers = (s) => (s.match(/-?\d+(?:\.\d+)?(?:e[+-]\d+)?/g) || []).sort();
    assert.deepStrictEqual(numbers(de.state), numbers(en.state));
    assert.strictEqual(de.reason, de.state);
    assert.match(en.badge, /^✕ diverged in the step after t = \d+\.\d{3} s — shown as it was before that step; Reset to start again$/);
    assert.match(de.badge, /^✕ divergiert im Schritt nach t = \d+\.\d{3} s/);
  });
});
