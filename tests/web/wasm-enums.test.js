// The C enums and #defined ranges the page uses are generated from their headers by
// tools/wasm_api.js (ENUMS and NUMBERS in api-signatures.js; issue 28: no hand copy in web/). Its small enum reader is checked
// here against the C compiler: a program that includes the same headers prints every
// member's value, and the two must agree member by member.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const ROOT = path.join(__dirname, '..', '..');

test('every generated enum value is the C compiler\'s', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-enums-'));
  const out = path.join(dir, 'api-signatures.js');
  execFileSync('node', [path.join(ROOT, 'tools/wasm_api.js'), 'src/wasm/api_exports.txt', 'src/wasm', out], { cwd: ROOT });
  const { ENUMS, NUMBERS } = await import(pathToFileURL(out).href);
  const prefix = { STATUS: 'SL_', STEPPER: 'SL_STEPPER_', FIELD: 'SL_FIELD_', VERDICT: 'SL_VERDICT_', VIEW: 'SL_VIEW_' };
  // the array layouts live in .c files of the wasm API (no header to include): the
  // inspector and chart tests read them through the page
  const macro = (k) => (k === 'MAX_PANELS' ? 'SL_SCENE_MAX_PANELS' : `SL_${k}`);
  const members = Object.entries(ENUMS).filter(([group]) => group in prefix).flatMap(([group, values]) => Object.keys(values).map((k) => [group, k, prefix[group] + k]));
  assert.ok(members.length >= 40, `${members.length} members`);
  const c = path.join(dir, 'enums.c');
  fs.writeFileSync(c, '#include <stdio.h>\n#include "softlab/status.h"\n#include "softlab/scene.h"\n#include "softlab/stepper.h"\n#include "softlab/world.h"\n#include "render.h"\n' +
    'int main(void) {\n' + members.map(([, , name]) => `  printf("%s %ld\\n", "${name}", (long)(${name}));`).join('\n') + '\n' +
    Object.keys(NUMBERS).map((k) => `  printf("%s %.17g\\n", "${macro(k)}", (double)(${macro(k)}));`).join('\n') + '\n  return 0;\n}\n');
  execFileSync('cc', ['-std=c11', '-Isrc/include', '-Isrc/render', '-o', path.join(dir, 'enums'), c], { cwd: ROOT });
  const printed = Object.fromEntries(execFileSync(path.join(dir, 'enums'), { encoding: 'utf8' }).trim().split('\n').map((l) => l.split(' ')).map(([n, v]) => [n, Number(v)]));
  for (const [group, key, name] of members) assert.strictEqual(ENUMS[group][key], printed[name], `${name}: generated ${ENUMS[group][key]}, C ${printed[name]}`);
  for (const [k, v] of Object.entries(NUMBERS)) assert.strictEqual(v, printed[macro(k)], `${macro(k)}: generated ${v}, C ${printed[macro(k)]}`);
  console.log(`${members.length} members agree: ${Object.entries(ENUMS).filter(([g]) => g in prefix).map(([g, v]) => `${g} ${Object.keys(v).length}`).join(', ')}; and ${Object.entries(NUMBERS).map(([k, v]) => `${macro(k)} ${v}`).join(', ')}`);
  fs.rmSync(dir, { recursive: true, force: true });
});
