// Runs the C test runner compiled to wasm (make wasm-tests) under node and
// checks that it reports no failures. Path: env SOFTLAB_WASM_TESTS. --quick leaves out
// the tests of long simulated runs (TEST_LONG in tests/c/test.h), which `make test` runs
// natively: the wasm run checks that the same core computes the same numbers there.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const RUNNER = path.resolve(ROOT, process.env.SOFTLAB_WASM_TESTS || 'build/wasm/softlab_tests.js');

test('C tests pass when compiled to wasm and run under node', () => {
  assert.ok(fs.existsSync(RUNNER), `${RUNNER} is missing: run make wasm-tests`);
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
});
