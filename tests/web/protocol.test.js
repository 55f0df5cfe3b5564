// The simulation Workers' protocol (web/sim/protocol.js, issue 44): read from the sources,
// no browser. Every message type one end sends, the other end handles; every type handled
// is sent; every type declared is used both ways; no module writes a type as a string
// literal (each names it through TO_WORKER, TO_SIM, TO_PAGE); a request carries only the
// fields its declaration lists, and a handler reads only those.
//
// How the sources are read: a send is `type: TO_X.name` in an object literal (postMessage,
// post) or `.send(TO_X.name` / `.request(TO_X.name`; a handling is `=== TO_X.name` / `!==`
// or a handler table's key `[TO_X.name](`. TO_WORKER and TO_SIM go from the page to the
// Worker, TO_PAGE back; the Worker's side is web/sim-worker.js and web/sim/sim-host.js, every
// other module that imports web/sim/protocol.js is the page's.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const WEB = path.join(__dirname, '..', '..', 'web');
const WORKER_SIDE = new Set(['sim-worker.js', 'sim/sim-host.js']);
const ENDS = ['sim-worker.js', 'sim/sim-host.js', 'sim/sim-client.js', 'panel/panel-run.js'];
const TO_WORKER_SIDE = new Set(['TO_WORKER', 'TO_SIM']);

/** Every .js file under web/ (not vendor/), as [relative path, text]. */
function webSources() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== 'vendor') walk(p); } else if (e.name.endsWith('.js')) out.push([path.relative(WEB, p), fs.readFileSync(p, 'utf8')]);
    }
  };
  walk(WEB);
  return out;
}

/** Comments removed (a comment may name a type in words). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');

const imports = (text) => /from\s+'(\.\.?\/)+(sim\/)?protocol\.js'/.test(text);

/** {sends, handles}: 'TO_X.name' -> [files] of one module's text. */
function uses(file, text, sends, handles) {
  const add = (map, key) => map.set(key, [...(map.get(key) || []), file]);
  const src = code(text);
  for (const m of src.matchAll(/\btype:\s*(TO_\w+)\.(\w+)/g)) add(sends, `${m[1]}.${m[2]}`);
  for (const m of src.matchAll(/\.(?:send|request)\(\s*(TO_\w+)\.(\w+)/g)) add(sends, `${m[1]}.${m[2]}`);
  for (const m of src.matchAll(/[!=]==\s*(TO_\w+)\.(\w+)/g)) add(handles, `${m[1]}.${m[2]}`);
  for (const m of src.matchAll(/^\s*\[(TO_\w+)\.(\w+)\]\(/gm)) add(handles, `${m[1]}.${m[2]}`);
}

/** The fields named in `{ a, b: c, ...d }` (top level; spreads left out). */
const fieldsOf = (inner) => inner.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('...'))
  .map((s) => s.split(':')[0].trim());

/** Reads protocol and sources; returns everything the tests below check. */
async function survey() {
  const protocol = await import(pathToFileURL(path.join(WEB, 'sim/protocol.js')).href);
  const declared = new Map(); // 'TO_X.name' -> its declaration
  for (const group of ['TO_WORKER', 'TO_SIM', 'TO_PAGE']) {
    for (const [name, spec] of Object.entries(protocol[`${group}_FIELDS`])) {
      assert.strictEqual(protocol[group][name], name, `${group}.${name} names itself`);
      declared.set(`${group}.${name}`, spec);
    }
  }
  const sources = webSources().filter(([file]) => file !== 'sim/protocol.js');
  const sent = { page: new Map(), worker: new Map() };
  const handled = { page: new Map(), worker: new Map() };
  for (const [file, text] of sources.filter(([, t]) => imports(t))) {
    const side = WORKER_SIDE.has(file) ? 'worker' : 'page';
    uses(file, text, sent[side], handled[side]);
  }
  return { protocol, declared, sources, sent, handled };
}

test('protocol: the four ends of the Worker protocol import its names', () => {
  for (const file of ENDS) assert.ok(imports(fs.readFileSync(path.join(WEB, file), 'utf8')), `${file} imports web/sim/protocol.js`);
});

test('protocol: every type sent is handled at the other end, every type handled is sent, every type declared is used', async () => {
  const { declared, sent, handled } = await survey();
  const problems = [];
  for (const [key] of declared) {
    const toWorker = TO_WORKER_SIDE.has(key.split('.')[0]);
    const from = toWorker ? 'page' : 'worker', to = toWorker ? 'worker' : 'page';
    const s = sent[from].get(key), h = handled[to].get(key);
    if (s && !h) problems.push(`${key} is sent (${s.join(', ')}) but the ${to}'s side never handles it`);
    if (h && !s) problems.push(`${key} is handled (${h.join(', ')}) but the ${from}'s side never sends it`);
    if (!s && !h) problems.push(`${key} is declared but neither sent nor handled`);
    const wrongSend = sent[to].get(key), wrongHandle = handled[from].get(key);
    if (wrongSend) problems.push(`${key} goes ${from} -> ${to}, but ${wrongSend.join(', ')} (the ${to}'s side) sends it`);
    if (wrongHandle) problems.push(`${key} goes ${from} -> ${to}, but ${wrongHandle.join(', ')} (the ${from}'s side) handles it`);
  }
  for (const side of ['page', 'worker']) {
    for (const [key, files] of [...sent[side], ...handled[side]]) {
      if (!declared.has(key)) problems.push(`${key} (${files.join(', ')}) is not declared in web/sim/protocol.js`);
    }
  }
  assert.deepStrictEqual(problems, []);
});

test('protocol: no module writes a Worker message type as a string literal', async () => {
  const { protocol, sources } = await survey();
  const names = new Set(['TO_WORKER', 'TO_SIM', 'TO_PAGE'].flatMap((g) => Object.keys(protocol[g])));
  const found = [];
  for (const [file, text] of sources) {
    const src = code(text);
    const ends = imports(text) || ENDS.includes(file);
    const patterns = [
      /\.(?:send|request)\(\s*(['"`])(\w+)\1/g,                          // a client's request
      /\bpostMessage\(\s*\{[^}]*\btype:\s*(['"`])(\w+)\1/g,             // a Worker's message
      ...(ends ? [/\btype:\s*(['"`])(\w+)\1/g, /\.type\s*[!=]==?\s*(['"`])(\w+)\1/g, /\bcase\s+(['"`])(\w+)\1/g] : []),
    ];
    for (const re of patterns) {
      for (const m of src.matchAll(re)) if (names.has(m[2])) found.push(`${file}: '${m[2]}' (${m[0].slice(0, 60)})`);
    }
  }
  assert.deepStrictEqual(found, []);
});

test('protocol: a request sends only its declared fields and its handler reads only those', async () => {
  const { declared, sources } = await survey();
  const problems = [];
  const allowed = (key) => new Set([...declared.get(key).fields, 'sim', 'id']);
  for (const [file, text] of sources) {
    const src = code(text);
    for (const m of src.matchAll(/\.(?:send|request)\(\s*(TO_SIM)\.(\w+)\s*(?:,\s*\{([^}]*)\})?/g)) {
      const key = `${m[1]}.${m[2]}`;
      if (!declared.has(key)) continue; // the test above says so
      for (const f of m[3] ? fieldsOf(m[3]) : []) if (!allowed(key).has(f)) problems.push(`${file} sends ${key} with ${f}`);
    }
    for (const m of src.matchAll(/^\s*\[(TO_SIM)\.(\w+)\]\(\s*(?:\{([^}]*)\})?\s*\)/gm)) {
      const key = `${m[1]}.${m[2]}`;
      if (!declared.has(key)) continue;
      for (const f of m[3] ? fieldsOf(m[3]) : []) if (!allowed(key).has(f)) problems.push(`${file}'s handler of ${key} reads ${f}`);
    }
  }
  assert.deepStrictEqual(problems, []);
});
