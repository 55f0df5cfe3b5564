// Runs the C test runner compiled to wasm (make wasm-tests) under node and
// checks that it ran the whole quick set and reports no failures. Path: env
// SOFTLAB_WASM_TESTS. --quick leaves out the tests of long simulated runs (TEST_LONG in
// tests/c/test.h), which `make test` runs natively: the wasm run checks that the same core
// computes the same numbers there.
//
// "0 passed, 0 failed" is no pass: the tests the runner must have run are read from the
// sources (every TEST(name) of tests/c/*.c outside a preprocessor conditional; those
// inside one, such as #ifndef __EMSCRIPTEN__, may be left out) and each must say "ok".
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const RUNNER = path.resolve(ROOT, process.env.SOFTLAB_WASM_TESTS || 'build/wasm/softlab_tests.js');
const C_TESTS = path.join(ROOT, 'tests', 'c');

/** The quick tests of tests/c/*.c: {always: names registered whatever the build,
 *  maybe: names inside #if / #ifdef / #ifndef blocks}. */
function quickTests() {
  const always = new Set(), maybe = new Set();
  for (const file of fs.readdirSync(C_TESTS).filter((f) => f.endsWith('.c'))) {
    let depth = 0;
    for (const line of fs.readFileSync(path.join(C_TESTS, file), 'utf8').split('\n')) {
      if (/^\s*#\s*if/.test(line)) depth++;
      else if (/^\s*#\s*endif/.test(line)) depth--;
      const m = /^TEST\((\w+)\)/.exec(line);
      if (m) (depth > 0 ? maybe : always).add(m[1]);
    }
  }
  return { always, maybe };
}

test('C tests pass when compiled to wasm and run under node: every quick test of the sources ran', () => {
  assert.ok(fs.existsSync(RUNNER), `${RUNNER} is missing: run make wasm-tests`);
  const { always, maybe } = quickTests();
  assert.ok(always.size > 200, `only ${always.size} TEST(...) found in ${C_TESTS}`);
  // emscripten 3.1.6 output tries fetch() on a file path under node 20.
  const run = spawnSync(process.execPath, ['--no-experimental-fetch', RUNNER, '--quick'], {
    cwd: ROOT, encoding: 'utf8', timeout: 900000, // 15 min: on a loaded machine the whole suite ran past 5 min
  });
  const lines = (run.stdout || '').split('\n').map((l) => l.trim()).filter(Boolean);
  const last = lines[lines.length - 1] || '';
  const failures = lines.filter((l) => l.startsWith('not ok') || l.startsWith('FAIL'));
  assert.match(last, /^\d+ passed, 0 failed$/,
    `last line: "${last}"\n${failures.join('\n')}\nstderr: ${run.stderr}`);
  assert.strictEqual(run.status, 0, `exit status ${run.status}`);
  const ran = lines.map((l) => /^ok (\w+) \(/.exec(l)).filter(Boolean).map((m) => m[1]);
  assert.strictEqual(Number(last.split(' ')[0]), ran.length, 'the count is the "ok" lines');
  const missing = [...always].filter((name) => !ran.includes(name));
  assert.deepStrictEqual(missing, [], 'quick tests of the sources the wasm runner did not run');
  const unknown = ran.filter((name) => !always.has(name) && !maybe.has(name));
  assert.deepStrictEqual(unknown, [], 'tests the runner ran that the sources do not register as quick');
});
