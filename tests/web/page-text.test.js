// Every text the page shows from the message table (issue 45 item 5), checked without a
// browser: (1) each data-msg / data-msg-attr id of web/*.html is in messages/en.json and the
// English the HTML carries (for a reader without scripts) is en.json's template, letter for
// letter; (2) no text node of web/*.html outside a data-msg element holds English words, but
// the short allow-list below; (3) no user-visible English literal in web/**/*.js outside
// t(id, params): a string given to textContent, title, aria-label, placeholder or alt, to
// notice(), announce(), viewNote(), flash(), onError(), fail() or notices.push(), or as an
// el() option's text, is a finding, unless it
// is in NOT_TEXT (symbols and file formats). (The list of literals not moved yet,
// page-text.not-yet.txt, is gone: every one went through the table, so any new literal
// fails.) The browser side (lang=de shows no
// English in the controls, panel header and playback bar; the English page's text
// unchanged) is tests/web/page-language.test.js.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./harness');

const WEB = path.join(ROOT, 'web');
const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'messages', 'en.json'), 'utf8'));
const walk = (dir, ext) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name), ext) : e.name.endsWith(ext) ? [path.join(dir, e.name)] : []);
// HTML text as the browser reads it (the few entities the pages use)
const unescape = (s) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');

/** Texts that are not words of a language: key names on <kbd>, units, symbols, the name. */
const HTML_NOT_TEXT = new Set(['softlab', 'softlab validate', 'Space', 'Esc', 'Shift', 'R', 'Δt', 's', 'or', 'iframe']);
/** JS strings that are not text to translate (symbols, file formats, the brand). */
const NOT_TEXT = new Set(['×', '…', 'CSV', 'PNG', '', 'ms', 'rad', 'rad/s', 'col', '_blank', 'noopener', 'dθ/dt']);

test('each data-msg id of the pages is in en.json and the HTML carries its English', () => {
  let count = 0;
  for (const file of walk(WEB, '.html')) {
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<([a-z0-9]+)[^>]*?\sdata-msg="([^"]+)"[^>]*>([^<]*)<\/\1>/g)) {
      assert.ok(m[2] in en, `${path.relative(ROOT, file)}: ${m[2]} is not in en.json`);
      assert.strictEqual(unescape(m[3]), en[m[2]], `${path.relative(ROOT, file)} ${m[2]}`);
      count++;
    }
    for (const m of html.matchAll(/<[a-z0-9]+\sdata-msg-attr="([^"]+)"([^>]*)>/g)) {
      for (const pair of m[1].split(/\s+/)) {
        const [name, id] = pair.split(':');
        assert.ok(id in en, `${path.relative(ROOT, file)}: ${id} is not in en.json`);
        const v = new RegExp(`\\s${name}="([^"]*)"`).exec(m[2]);
        assert.ok(v, `${id}: the tag has no ${name}`);
        assert.strictEqual(unescape(v[1]), en[id], `${path.relative(ROOT, file)} ${name} ${id}`);
        count++;
      }
    }
  }
  assert.ok(count > 120, `${count} texts marked`);
});

/** The English text nodes of html outside data-msg elements, templates' included. */
function strayHtmlText(html) {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, '')
    .replace(/<([a-z0-9]+)[^>]*\sdata-msg="[^"]*"[^>]*>[^<]*<\/\1>/g, '');
  return [...body.matchAll(/>([^<>]+)</g)].map((m) => m[1].replace(/\s+/g, ' ').trim())
    .filter((s) => /[A-Za-z]{2,}/.test(s) && !HTML_NOT_TEXT.has(s));
}

test('no English text node in the pages outside the table', () => {
  const found = [];
  for (const file of walk(WEB, '.html').filter((f) => !f.includes(`${path.sep}examples${path.sep}`))) {
    for (const s of strayHtmlText(fs.readFileSync(file, 'utf8'))) found.push(`${path.relative(WEB, file)}: ${s.slice(0, 40)}`);
  }
  assert.deepStrictEqual(found, []);
});

const SINK = [
  /\.(?:textContent|innerText|title|placeholder|alt)\s*=\s*/g,
  /setAttribute\(\s*'(?:aria-label|aria-valuetext|title|placeholder|alt)'\s*,\s*/g,
  /\b(?:notice|announce|viewNote|flash|onError|fail)\(\s*/g, // fail: a panel's stopped line, boot's screen
  /\bnotices\.push\(\s*/g, // the URL's notices (web/settings/params.js)
  /[{,]\s*(?:text|textContent|title|label)\s*:\s*/g,
];

/** The string literal that starts at s[i] (a quote or backtick), interpolations blanked. */
function literalAt(s, i) {
  const q = s[i];
  let out = '', depth = 0;
  for (let k = i + 1; k < s.length; k++) {
    const c = s[k];
    if (depth) { if (c === '{') depth++; else if (c === '}') depth--; continue; }
    if (c === '\\') { out += s[++k]; continue; }
    if (q === '`' && c === '$' && s[k + 1] === '{') { depth = 1; k++; out += '${}'; continue; }
    if (c === q) return out;
    out += c;
  }
  return out;
}

/** The user-visible English literals of a JS source, as "file: start". */
function strayJsText(file) {
  const src = fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const rel = path.relative(WEB, file);
  const out = [];
  for (const sink of SINK) {
    for (const m of src.matchAll(sink)) {
      // the literal given, and a ternary's other (cond ? 'a' : 'b', on the sink's line)
      const at = m.index + m[0].length, line = src.slice(at, src.indexOf('\n', at) >>> 0);
      const starts = [0, ...[...line.matchAll(/[?:]\s*(?=['"`])/g)].map((x) => x.index + x[0].length)]
        .filter((k) => /['"`]/.test(line[k] || ''));
      for (const lit of [...new Set(starts)].map((k) => literalAt(src, at + k))) {
        if (NOT_TEXT.has(lit.trim()) || !/[A-Za-z]{2,}/.test(lit.replace(/\$\{\}/g, ''))) continue;
        if (/^[a-z_]+(\.[a-z0-9_-]+)+$/.test(lit)) continue; // a message id, worded by t() where shown
        out.push(`${rel}: ${lit.replace(/\s+/g, ' ').slice(0, 40)}`);
      }
    }
  }
  return out;
}

test('no user-visible English literal in web/**/*.js outside t()', () => {
  const files = walk(WEB, '.js').filter((f) => !f.includes(`${path.sep}examples${path.sep}`));
  const found = files.flatMap(strayJsText);
  assert.deepStrictEqual(found, [], 'English literals: put them in messages/en.json and show them with t(id, params)');
});

test('the scan finds a literal it should (the test can fail)', () => {
  const tmp = path.join(WEB, 'ui', '__scan-probe.js');
  fs.writeFileSync(tmp, "el.title = 'a new English sentence';\nnotice(`Loaded ${n} files`);\nb.textContent = '×';\n" +
    "r.textContent = on ? 'Stop now' : t('x.y');\np.page.flash(`restarted: ${why}`);\nnotices.push('Unknown key');\n");
  try {
    assert.deepStrictEqual(strayJsText(tmp).sort(), ['ui/__scan-probe.js: Loaded ${} files', 'ui/__scan-probe.js: Stop now',
      'ui/__scan-probe.js: Unknown key', 'ui/__scan-probe.js: a new English sentence', 'ui/__scan-probe.js: restarted: ${}']);
  } finally { fs.unlinkSync(tmp); }
  assert.deepStrictEqual(strayHtmlText('<body><p>Hello there</p><p data-msg="x">Fine</p><kbd>Esc</kbd></body>'), ['Hello there']);
});

// `PAGE_TEXT_LIST=1 node tests/web/page-text.test.js` prints today's findings as
// "file: the literal's first 40 characters" (what the tests above would name)
if (process.env.PAGE_TEXT_LIST) {
  const files = walk(WEB, '.js').filter((f) => !f.includes(`${path.sep}examples${path.sep}`));
  const html = walk(WEB, '.html').filter((f) => !f.includes(`${path.sep}examples${path.sep}`))
    .flatMap((f) => strayHtmlText(fs.readFileSync(f, 'utf8')).map((s) => `${path.relative(WEB, f)}: ${s.slice(0, 40)}`));
  console.log([...new Set([...html, ...files.flatMap(strayJsText)])].join('\n'));
}

test('German words every scene and stepper title and every scene description of the core, and only real ones', () => {
  // the core's names from the native CLI (its tables, as the page's wasm reads them)
  const { execFileSync } = require('node:child_process');
  const cli = path.join(ROOT, 'build', 'softlab');
  const names = (cmd) => execFileSync(cli, [cmd], { encoding: 'utf8' }).split('\n')
    .filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s+/)[0]);
  const want = [...names('scenes').flatMap((n) => [`scene.${n}.title`, `scene.${n}.description`]), ...names('methods').map((n) => `stepper.${n}.title`),
    'scene.mesh.description']; // the user-mesh scene (not in the CLI's list: it needs a file)
  const de = JSON.parse(fs.readFileSync(path.join(ROOT, 'messages', 'de.json'), 'utf8'));
  const have = Object.keys(de).filter((id) => /^(scene|stepper)\./.test(id));
  assert.ok(want.length >= 50, want.length);
  assert.deepStrictEqual(want.filter((id) => !have.includes(id)), [], 'titles German lacks');
  assert.deepStrictEqual(have.filter((id) => !want.includes(id)), [], 'ids of no scene or stepper');
  const fields = Object.keys(de).filter((id) => id.startsWith('field.'));
  assert.deepStrictEqual(fields.filter((id) => !/^field\.(none|energy|volume|pressure)\.(label|legend)$/.test(id)), [], 'fields of the core (sl_field)');
});
