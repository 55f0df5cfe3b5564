// The house rule of issue 44 item 5: no function over 80 lines in C or JavaScript outside
// tests and generated code (tools/function_lengths.mjs measures them). And the measure
// itself: braces in strings, templates, regular expressions and comments are not counted,
// and arrow functions, methods and declarations are found.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { functionLengths } from '../../tools/function_lengths.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const MAX_LINES = 80;
// what the rule covers: the core, the CLI, tools and fuzzers in C; the page, lessons and
// tools in JavaScript (tests/ and build/ are neither; web/core/api-signatures.js is made
// by the build, into build/ only)
const C_DIRS = ['src', 'tools', 'fuzz'];
const JS_DIRS = ['web', 'lessons', 'tools'];

function filesUnder(dir, pattern) {
  const out = [];
  let names = [];
  try { names = readdirSync(join(ROOT, dir)); } catch { return out; }
  for (const name of names) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...filesUnder(rel, pattern));
    else if (pattern.test(name)) out.push(rel);
  }
  return out;
}

test('no function over 80 lines in C or JavaScript', () => {
  const files = [...C_DIRS.flatMap((d) => filesUnder(d, /\.[ch]$/)), ...JS_DIRS.flatMap((d) => filesUnder(d, /\.m?js$/))];
  assert.ok(files.length > 150, `found ${files.length} source files`);
  const long = [];
  let count = 0;
  for (const file of files) {
    const fns = functionLengths(readFileSync(join(ROOT, file), 'utf8'), /\.[ch]$/.test(file) ? 'c' : 'js');
    count += fns.length;
    for (const f of fns) if (f.lines > MAX_LINES) long.push(`${file}:${f.line} ${f.name} (${f.lines} lines)`);
  }
  assert.ok(count > 1500, `found ${count} functions`);
  assert.deepEqual(long, []);
});

test('the measure: lengths of functions with braces in literals and comments', () => {
  const js = [
    'function a(x) {',              // 1
    "  const s = '{{{', t = `${x} {` + `${{ k: 1 }.k}`;",
    '  const r = /[{]/g; // {',
    '  /* } */',
    '  return x.map((y) => {',      // 5
    '    return y;',
    '  });',                        // 7
    '}',                            // 8
    'class C {',
    '  m(a) {',                     // 10
    '    if (a) { return 1; }',
    '    return 2;',
    '  }',                          // 13
    '}',
    'const f = async (p) => {',     // 15
    '  for (const q of p) { q(); }',
    '};',                           // 17
  ].join('\n');
  assert.deepEqual(functionLengths(js, 'js').map((f) => [f.name, f.line, f.lines]).sort(),
    [['(arrow)', 5, 3], ['a', 1, 8], ['f', 15, 3], ['m', 10, 4]]);
  const c = [
    '#define X(a) { a }',
    'static int g(int n)',
    '{',                            // 3
    '    const char *s = "}";',
    "    if (n) { return '{'; }",
    '    return 0;',
    '}',                            // 7
    'struct s { int a; };',
  ].join('\n');
  assert.deepEqual(functionLengths(c, 'c').map((f) => [f.name, f.line, f.lines]), [['g', 3, 5]]);
});
