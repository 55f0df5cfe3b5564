// The page's layers (issue 44 item 3), enforced as the C core's are by its include paths:
// web/ is in folders by role, and a module imports only from its own folder and the folders
// below it in LAYERS. Read from the sources, no browser. A module that reaches up (a chart
// that imports the lab, the wasm face that imports a panel) fails here with its file and
// line; so does a module dropped at web/'s top, where only the entry points live, and a
// folder the README's map does not name.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const WEB = path.join(ROOT, 'web');

/** Each folder of web/ and the folders it may import from (besides itself). The order is
 *  the layering, lowest first: a folder names only folders above it in this list. */
const LAYERS = {
  ui: [],                                   // number format, menus, announcements, help
  core: ['ui'],                             // the wasm face, shared by page, Workers and lessons
  input: ['ui'],                            // pointer and keys that change the physics
  chart: ['ui'],                            // the live plot and its storage (ui: its texts, t())
  time: ['ui'],                             // clock, frame loop, playback, recordings
  sim: ['core', 'ui'],                      // both ends of the Worker protocol (ui: recovery's notices)
  panel: ['ui', 'core', 'time', 'sim'],     // one panel: run, page elements, view
  settings: ['ui', 'core', 'time'],         // URL, parameters, presets, scene choice
  course: ['settings', 'ui'],               // the course author's postMessage API (ui: its notices)
  lab: ['ui', 'core', 'input', 'chart', 'time', 'panel', 'settings'],  // the lab's parts
  validation: ['ui', 'core'],               // validation.html's page and Worker
};
/** The entry points, the only modules at web/'s top: they may import any folder. */
const ENTRIES = ['app.js', 'boot.js', 'file-notice.js', 'sim-worker.js'];
/** What the lessons (lessons/*.js, staged one level below the site) may import. */
const LESSONS = ['core', 'ui'];
/** Not page modules: the example course page, a course author's own files. */
const OUTSIDE = ['examples'];

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

/** [file relative to web/ or the repo, line, the import's folder under web/ ('.' = top)]. */
function importsOf(file, siteDir) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    const target = path.relative(siteDir, path.resolve(path.dirname(file), m[1]));
    return { line, target, folder: target.includes(path.sep) ? target.split(path.sep)[0] : '.' };
  });
}

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test('layers: every module of web/ imports only its own folder and the folders below it', () => {
  const problems = [];
  for (const file of walk(WEB).filter((f) => f.endsWith('.js'))) {
    const rel = path.relative(WEB, file);
    const folder = rel.includes(path.sep) ? rel.split(path.sep)[0] : '.';
    if (OUTSIDE.includes(folder)) continue;
    if (folder === '.' && !ENTRIES.includes(rel)) {
      problems.push(`web/${rel}: a module at web/'s top, where only the entry points (${ENTRIES.join(', ')}) live; put it in the folder of its role`);
      continue;
    }
    if (folder !== '.' && !(folder in LAYERS)) {
      problems.push(`web/${rel}: folder ${folder}/ is not in the layer table (tests/web/layers.test.js LAYERS)`);
      continue;
    }
    for (const { line, target, folder: to } of importsOf(file, WEB)) {
      if (folder === '.' || to === folder) continue;
      if (to === '.') problems.push(`web/${rel}:${line} imports ${target}, an entry point`);
      else if (!LAYERS[folder].includes(to)) problems.push(`web/${rel}:${line} imports ${target}: ${folder}/ may import only ${LAYERS[folder].join(', ') || 'its own folder'}`);
    }
  }
  assert.deepStrictEqual(problems, []);
});

test('layers: the table is a layering (each folder names only folders listed before it)', () => {
  const order = Object.keys(LAYERS);
  const wrong = order.flatMap((f, i) => LAYERS[f].filter((d) => order.indexOf(d) < 0 || order.indexOf(d) >= i).map((d) => `${f} -> ${d}`));
  assert.deepStrictEqual(wrong, []);
  // every folder of the table exists, and holds modules
  for (const f of order) assert.ok(fs.readdirSync(path.join(WEB, f)).some((n) => n.endsWith('.js')), `web/${f}/ has modules`);
});

test('layers: the lessons import the site only through its core and ui folders', () => {
  const problems = [];
  // staged, lessons/ sits inside the site, so '../core/x.js' is the site's core/x.js
  const lessons = path.join(ROOT, 'lessons');
  for (const file of fs.readdirSync(lessons).filter((n) => n.endsWith('.js')).map((n) => path.join(lessons, n))) {
    for (const { line, target } of importsOf(file, lessons)) {
      if (!target.startsWith(`..${path.sep}`)) continue; // the lesson's own modules
      const folder = target.split(path.sep)[1];
      if (!LESSONS.includes(folder)) problems.push(`lessons/${path.basename(file)}:${line} imports ${target}: lessons may import only ${LESSONS.join(', ')}`);
    }
  }
  assert.deepStrictEqual(problems, []);
});

test('layers: the README maps every folder of web/ and lessons/, one line each', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const folders = fs.readdirSync(WEB, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const missing = folders.filter((f) => !new RegExp(`^\\s*web/${f}/\\s`, 'm').test(readme));
  assert.deepStrictEqual(missing, [], 'folders of web/ missing from the README\'s map');
  assert.match(readme, /^\s*lessons\/\s/m);
});
