// The wasm API's one list (src/wasm/api_exports.txt: name, return type, argument types)
// checked against the `API` definitions in src/wasm/*.c, both ways, with argument counts
// and types; then written out as the two things the build needs, so no second copy of
// the API is kept by hand:
//   node tools/wasm_api.js LIST SRC_DIR OUT_JS   writes OUT_JS (an ES module with
//   SIGNATURES for cwrap, ENUMS: the C enums the page uses, read from their headers,
//   ENUM_SOURCES below, and NUMBERS: its C #defines, NUMBER_SOURCES) and prints the -sEXPORTED_FUNCTIONS value; exits 1 on a mismatch
//   or an enum it cannot read.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [list, srcDir, outJs] = process.argv.slice(2);
const problems = [];

// name -> [ret, args] from the list
const listed = new Map();
for (const [i, raw] of fs.readFileSync(list, 'utf8').split('\n').entries()) {
  const line = raw.replace(/#.*/, '').trim();
  if (!line) continue;
  const [name, ret, ...args] = line.split(/\s+/);
  const bad = [ret, ...args].filter((t, k) => !['number', 'string', ...(k === 0 ? ['void'] : [])].includes(t));
  if (!ret || bad.length) problems.push(`${list}:${i + 1}: ${name}: types must be number, string (or a void return), got ${bad.join(' ') || 'none'}`);
  if (listed.has(name)) problems.push(`${list}:${i + 1}: ${name} listed twice`);
  listed.set(name, [ret, args]);
}

// The cwrap type of a C type: strings are const char *, void is void, the rest numbers.
const cwrapType = (c) => (/char\s*\*/.test(c) ? 'string' : /^\s*void\s*$/.test(c) ? 'void' : 'number');

// name -> [ret, args, file] from `API <type> name(<params>) {` definitions
const defined = new Map();
for (const file of fs.readdirSync(srcDir).filter((f) => f.endsWith('.c')).sort()) {
  const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
  for (const m of text.matchAll(/^API\s+([^(]*?)\b(\w+)\s*\(([^)]*)\)/gm)) {
    const params = m[3].trim() === 'void' || m[3].trim() === '' ? [] : m[3].split(',');
    defined.set(m[2], [cwrapType(m[1]), params.map((p) => cwrapType(p.replace(/\w+\s*$/, ''))), file]);
  }
}

for (const [name, [ret, args]] of listed) {
  const d = defined.get(name);
  if (!d) { problems.push(`${name} is listed in ${list} but not defined with API in ${srcDir}/*.c`); continue; }
  const want = `${ret}(${args.join(', ')})`, have = `${d[0]}(${d[1].join(', ')})`;
  if (want !== have) problems.push(`${name}: ${list} says ${want}, ${d[2]} defines ${have}`);
}
for (const [name, [, , file]] of defined) {
  if (!listed.has(name)) problems.push(`${file} exports ${name} (API) but ${list} does not list it`);
}
// The C enums the page uses, by the prefix of their names, from the header that defines
// them (paths from the repository root): JS name -> [header, prefix]. Each becomes
// {NAME without the prefix: value}; the status codes are the X-macro list's order.
const ENUM_SOURCES = {
  STATUS: ['src/include/softlab/status.h', 'SL_'],
  STEPPER: ['src/include/softlab/stepper.h', 'SL_STEPPER_'],
  FIELD: ['src/include/softlab/world.h', 'SL_FIELD_'],
  VERDICT: ['src/include/softlab/world.h', 'SL_VERDICT_'],
  VIEW: ['src/render/render.h', 'SL_VIEW_'],
  // the layouts of the arrays the API returns (web/core/sim.js reads them)
  CHANNEL: ['src/wasm/api_sim.c', 'CHANNEL_'],
  FIND: ['src/wasm/api_find.c', 'FIND_'],
  INSPECT_TET: ['src/wasm/api_inspect.c', 'INSPECT_'],
  INSPECT_CELL: ['src/wasm/api_inspect.c', 'CELL_'],
  // validation mode (web/validation/validation-worker.js)
  CLAIM_TEXT: ['src/wasm/api_validate.c', 'CLAIM_TEXT_'],
  CLAIM_NUMBER: ['src/wasm/api_validate.c', 'CLAIM_NUMBER_'],
  RESULT: ['src/wasm/api_validate.c', 'RESULT_'],
  REPORT: ['src/wasm/api_validate.c', 'REPORT_'],
};
const root = path.join(srcDir, '..', '..');

/** {NAME: value} of the enum members named prefix* in header (C comments out; values
 *  given, or one more than the last; expressions of numbers, earlier members, | << + ( )). */
function readEnum(header, prefix) {
  const text = fs.readFileSync(path.join(root, header), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const values = {};
  // the status list is an X-macro: X(SL_OK, "ok") X(SL_ERR_NULL, "...") ... in enum order
  if (/#define SL_STATUS_LIST/.test(text) && prefix === 'SL_') {
    [...text.matchAll(/X\((SL_\w+),/g)].forEach((m, i) => { values[m[1].slice(prefix.length)] = i; });
    return values;
  }
  for (const body of text.matchAll(/enum\s*\w*\s*\{([^}]*)\}/g)) {
    let next = 0;
    const known = {};
    for (const item of body[1].split(',').map((x) => x.trim()).filter(Boolean)) {
      const m = item.match(/^(\w+)\s*(?:=\s*(.+))?$/);
      if (!m) { problems.push(`${header}: cannot read enum member "${item}"`); continue; }
      let v = next;
      if (m[2] !== undefined) {
        const expr = m[2].replace(/\b[A-Za-z_]\w*\b/g, (id) => (id in known ? String(known[id]) : `@${id}`));
        if (!/^[\d\s|<>+()]+$/.test(expr)) { problems.push(`${header}: cannot evaluate ${m[1]} = ${m[2]}`); continue; }
        v = Function(`return (${expr});`)();
      }
      known[m[1]] = v;
      next = v + 1;
      if (m[1].startsWith(prefix)) values[m[1].slice(prefix.length)] = v;
    }
  }
  if (!Object.keys(values).length) problems.push(`${header}: no enum member named ${prefix}*`);
  return values;
}
// Numbers #defined in C that the page uses: JS name -> [header, macro].
const NUMBER_SOURCES = {
  DT_MAX: ['src/include/softlab/world.h', 'SL_DT_MAX'],
  DT_MIN_PAGE: ['src/include/softlab/world.h', 'SL_DT_MIN_PAGE'],
  BETA_MAX: ['src/include/softlab/world.h', 'SL_BETA_MAX'],
  WORLD_ITERATIONS_MIN: ['src/include/softlab/world.h', 'SL_WORLD_ITERATIONS_MIN'],
  WORLD_ITERATIONS_MAX: ['src/include/softlab/world.h', 'SL_WORLD_ITERATIONS_MAX'],
  WORLD_ITERATIONS_DEFAULT: ['src/include/softlab/world.h', 'SL_WORLD_ITERATIONS_DEFAULT'],
  WORLD_XPBD_DAMPING_MAX: ['src/include/softlab/world.h', 'SL_WORLD_XPBD_DAMPING_MAX'],
  MAX_PANELS: ['src/include/softlab/scene.h', 'SL_SCENE_MAX_PANELS'],
  RACE_OMEGA_DT: ['src/include/softlab/scene.h', 'SL_RACE_OMEGA_DT'],
  EXPLODE_OMEGA_DT: ['src/include/softlab/scene.h', 'SL_EXPLODE_OMEGA_DT'],
};
const numbers = Object.fromEntries(Object.entries(NUMBER_SOURCES).map(([name, [header, macro]]) => {
  const m = fs.readFileSync(path.join(root, header), 'utf8').match(new RegExp(`^#define\\s+${macro}\\s+([-+0-9.eE]+)\\s*$`, 'm'));
  if (!m || !Number.isFinite(Number(m[1]))) problems.push(`${header}: no numeric #define ${macro}`);
  return [name, m ? Number(m[1]) : NaN];
}));
const enums = Object.fromEntries(Object.entries(ENUM_SOURCES).map(([name, [header, prefix]]) => [name, readEnum(header, prefix)]));

if (problems.length) {
  for (const p of problems) console.error('wasm_api: ' + p);
  process.exit(1);
}

const rows = [...listed].map(([name, [ret, args]]) =>
  `  ${name.replace(/^sl_api_/, '')}: [${ret === 'void' ? 'null' : `'${ret}'`}, [${args.map((a) => `'${a}'`).join(', ')}]],`);
fs.mkdirSync(path.dirname(outJs), { recursive: true });
fs.writeFileSync(outJs, `// Generated by tools/wasm_api.js from ${list}: do not edit.\n` +
  '// name (without sl_api_) -> [return type, argument types] for Module.cwrap.\n' +
  `export const SIGNATURES = {\n${rows.join('\n')}\n};\n` +
  `// C enums by the prefix of their names (${Object.entries(ENUM_SOURCES).map(([n, [h, p]]) => `${n}: ${p}* in ${h}`).join('; ')}).\n` +
  `export const ENUMS = ${JSON.stringify(enums, null, 2)};\n` +
  `// C #defines (${Object.entries(NUMBER_SOURCES).map(([n, [h, m]]) => `${n}: ${m} in ${h}`).join('; ')}).\n` +
  `export const NUMBERS = ${JSON.stringify(numbers, null, 2)};\n`);
process.stdout.write([...listed.keys()].map((n) => '_' + n).join(','));
