// Benchmarks of the wasm build in headless Chromium (SwiftShader machine, no GL drawing),
// for tools/bench.sh. Never a test.
//
//   node tools/bench_browser.js SITE_DIR STEPS
//     every scene x stepper on the page's main thread, one step per API call; prints
//     "scene method us_per_step" lines.
//   node tools/bench_browser.js SITE_DIR --shapes STEPS SCENE:R[,R...] [SCENE:R...]
//     issue 11's shapes (the scenes perf-block and perf-beam at the given resolutions;
//     SCENE/schur: under the Schur form of seed 000 eq. 21, sl_api_set_solve_form),
//     each stepped STEPS times at its scene's defaults (regularized, dt, beta) inside a
//     dedicated Web Worker, as the lab steps its panels (web/sim-worker.js): softlab.js
//     loaded there by importScripts, the page's compiled module instantiated, the API
//     called through cwrap. A fresh Worker (and wasm instance) per size, so its heap is
//     that size's. Each size runs REPEATS times from rest (sl_api_reset between), and the
//     fastest run is reported, as `softlab bench --shapes` does. Prints, per size:
//       "SCENE R NODES WALL_MS CPU_MS ITERATIONS HEAP_MB FAILS"
//     WALL_MS: wall-clock ms per step in the Worker (performance.now); CPU_MS: processor
//     ms per step of the Worker's thread, read from /proc (Linux; the machine may be
//     shared, and `softlab bench --shapes` reports processor time too), NaN where it
//     cannot be read; ITERATIONS: linear-solver iterations per step
//     (sl_api_last_step_iterations); HEAP_MB: the wasm heap (Module.HEAP8.length) after
//     the steps, MiB; FAILS: failed steps.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { startSite } = require('../tests/web/harness');

const REPEATS = 3; // runs of each row from rest; the fastest is reported (the machine is shared)

async function perSceneStepper(site, steps) {
  const page = await site.browser.newPage();
  page.on('pageerror', (e) => console.error('bench page:', e.message));
  await page.goto(site.base + '/index.html?methods=regularized');
  await page.waitForFunction(() => typeof window.createSoftlab === 'function', null, { timeout: 30000 });
  const rows = await page.evaluate(async ({ n, repeats }) => {
    const M = await window.createSoftlab();
    const api = (name, ret, args) => M.cwrap('sl_api_' + name, ret, args);
    const sceneCount = api('scene_count', 'number', [])(), sceneName = api('scene_name', 'string', ['number']);
    const stepperCount = api('stepper_count', 'number', [])(), stepperName = api('stepper_name', 'string', ['number']);
    const dtOf = api('scene_default_dt', 'number', ['number']), betaOf = api('scene_default_beta', 'number', ['number']);
    const simCreate = api('sim_create', 'number', ['string']);
    const build = api('sim_build', 'number', ['number', 'string', 'number', 'number']);
    const step = api('step', 'number', ['number', 'number']), reset = api('reset', null, ['number']);
    const destroy = api('sim_destroy', null, ['number']);
    const create = (scene, method, dt, beta) => {
      const h = simCreate(scene);
      if (h > 0 && build(h, method, dt, beta) !== 0) { destroy(h); return 0; }
      return h;
    };
    const out = [];
    for (let s = 0; s < sceneCount; s++) {
      for (let k = 0; k < stepperCount; k++) {
        const h = create(sceneName(s), stepperName(k), dtOf(s), betaOf(s));
        if (h <= 0) continue;
        let best = Infinity;
        for (let rep = 0; rep < repeats; rep++) { // the fastest run from the start, as softlab bench
          if (rep > 0) reset(h);
          const t0 = performance.now();
          for (let i = 0; i < n; i++) if (step(h, 1) !== 0) reset(h);
          best = Math.min(best, (1000 * (performance.now() - t0)) / n);
        }
        out.push([sceneName(s), stepperName(k), best]);
        destroy(h);
      }
    }
    return out;
  }, { n: steps, repeats: REPEATS });
  for (const [scene, method, us] of rows) console.log(`${scene} ${method} ${us.toFixed(2)}`);
}

// The Worker of the shapes mode (a classic worker made from a Blob; BASE is the site).
const SHAPES_WORKER = `
importScripts(BASE + '/softlab.js');
let M = null, api = null, h = 0;
self.onmessage = async ({ data }) => {
  try {
    if (data.type === 'init') {
      M = await createSoftlab({ instantiateWasm(imports, receive) {
        WebAssembly.instantiate(data.module, imports).then((instance) => receive(instance, data.module));
        return {};
      } });
      const f = (name, ret, args) => M.cwrap('sl_api_' + name, ret, args);
      api = {
        sceneCount: f('scene_count', 'number', []), sceneName: f('scene_name', 'string', ['number']),
        method: f('scene_default_method', 'string', ['number']), dt: f('scene_default_dt', 'number', ['number']),
        beta: f('scene_default_beta', 'number', ['number']), create: f('sim_create', 'number', ['string']),
        setParam: f('sim_set_param', 'number', ['number', 'string', 'number']),
        build: f('sim_build', 'number', ['number', 'string', 'number', 'number']),
        error: f('sim_error', 'string', ['number']), nodes: f('node_count', 'number', ['number']),
        step: f('step', 'number', ['number', 'number']),
        iterations: f('last_step_iterations', 'number', ['number']),
        setSolveForm: f('set_solve_form', 'number', ['number', 'number']), reset: f('reset', null, ['number']),
      };
      let s = 0;
      while (s < api.sceneCount() && api.sceneName(s) !== data.scene) s++;
      if (s === api.sceneCount()) throw new Error('no scene ' + data.scene);
      h = api.create(data.scene);
      let st = api.setParam(h, 'resolution', data.resolution);
      if (st === 0) st = api.build(h, api.method(s), api.dt(s), api.beta(s));
      if (st === 0 && data.form === 'schur') st = api.setSolveForm(h, 2); // seed 000 eq. 21
      if (st !== 0) throw new Error(data.scene + ': ' + api.error(h));
      self.postMessage({ nodes: api.nodes(h) });
    } else if (data.type === 'step') {
      if (data.reset) api.reset(h); // the same steps from rest
      let iterations = 0, fails = 0;
      const t0 = performance.now();
      for (let i = 0; i < data.steps; i++) { // one call a step, as the lab's Worker steps
        if (api.step(h, 1) !== 0) fails++;
        iterations += api.iterations(h);
      }
      const ms = performance.now() - t0;
      self.postMessage({ wallMs: ms / data.steps, iterations: iterations / data.steps, fails, heap: M.HEAP8.length });
    }
  } catch (e) {
    self.postMessage({ error: String((e && e.message) || e) });
  }
};`;

// ---- the Worker's thread, found in /proc among the processes this node started -------

function childrenOf(pid) {
  const kids = [];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) kids.push(Number(p));
    } catch { /* gone */ }
  }
  return kids;
}

/** "pid/tid" of every thread named DedicatedWorker under this process. */
function workerThreads() {
  const found = [];
  const todo = [process.pid];
  while (todo.length) {
    const pid = todo.pop();
    const kids = childrenOf(pid);
    todo.push(...kids);
    for (const k of kids) {
      let tids = [];
      try { tids = fs.readdirSync(`/proc/${k}/task`); } catch { continue; }
      for (const t of tids) {
        try {
          if (fs.readFileSync(`/proc/${k}/task/${t}/comm`, 'utf8').startsWith('DedicatedWorker')) found.push(`${k}/${t}`);
        } catch { /* gone */ }
      }
    }
  }
  return found;
}

/** Processor seconds a thread ran (schedstat: ns; else stat: clock ticks), NaN if unreadable. */
function threadCpu(id) {
  if (!id) return NaN;
  const [pid, tid] = id.split('/');
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch { /* no schedstat */ }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, USER_HZ = 100 on Linux
  } catch {
    return NaN;
  }
}

async function shapes(site, steps, specs) {
  const page = await site.browser.newPage();
  page.on('pageerror', (e) => console.error('bench page:', e.message));
  // an empty page of the site's origin: the lab page would run its own simulations
  await page.route('**/bench-shapes.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto(site.base + '/bench-shapes.html');
  await page.evaluate(async ({ base, code }) => {
    window.benchModule = await WebAssembly.compileStreaming(fetch(base + '/softlab.wasm'));
    window.benchCode = URL.createObjectURL(new Blob([`const BASE = ${JSON.stringify(base)};\n${code}`], { type: 'text/javascript' }));
    window.benchAsk = (msg) => new Promise((resolve, reject) => {
      window.benchWorker.onmessage = (e) => (e.data.error ? reject(new Error(e.data.error)) : resolve(e.data));
      window.benchWorker.onerror = (e) => reject(new Error(e.message));
      window.benchWorker.postMessage(msg);
    });
  }, { base: site.base, code: SHAPES_WORKER });
  for (const [scene, resolution] of specs) {
    const before = new Set(workerThreads());
    const [name, form = 'primal'] = scene.split('/'); // SCENE/schur: the Schur form
    const { nodes } = await page.evaluate(({ name: s, form: f, resolution: r }) => {
      window.benchWorker = new Worker(window.benchCode);
      return window.benchAsk({ type: 'init', module: window.benchModule, scene: s, form: f, resolution: r });
    }, { name, form, resolution });
    const mine = workerThreads().filter((t) => !before.has(t));
    const thread = mine.length === 1 ? mine[0] : null;
    let r = null, cpuMs = NaN, best = Infinity;
    for (let rep = 0; rep < REPEATS; rep++) { // the fastest run, as softlab bench --shapes
      const cpu0 = threadCpu(thread);
      const run = await page.evaluate(({ n, reset }) => window.benchAsk({ type: 'step', steps: n, reset }), { n: steps, reset: rep > 0 });
      const cpu = (1e3 * (threadCpu(thread) - cpu0)) / steps;
      const time = Number.isFinite(cpu) ? cpu : run.wallMs; // processor time where /proc has it
      if (!r || time < best) r = run, cpuMs = cpu, best = time;
    }
    await page.evaluate(() => window.benchWorker.terminate());
    console.log(`${scene} ${resolution} ${nodes} ${r.wallMs.toFixed(3)} ${Number.isFinite(cpuMs) ? cpuMs.toFixed(3) : 'NaN'} ` +
      `${r.iterations.toFixed(2)} ${(r.heap / 2 ** 20).toFixed(1)} ${r.fails}`);
  }
}

async function main() {
  const site = await startSite(path.resolve(process.argv[2] || 'build/site'));
  try {
    if (process.argv[3] === '--shapes') {
      const steps = Number(process.argv[4] || 100);
      const specs = process.argv.slice(5).flatMap((arg) => {
        const [scene, list] = arg.split(':');
        return (list || '').split(',').map((r) => {
          if (!/^\d+$/.test(r)) throw new Error(`bench_browser: '${arg}': expected SCENE:R[,R...] with whole R`);
          return [scene, Number(r)];
        });
      });
      await shapes(site, steps, specs);
    } else {
      await perSceneStepper(site, Number(process.argv[3] || 2000));
    }
  } finally {
    await site.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
