// How many Workers step a comparison and which panel goes to which (web/sim/sim-client.js,
// issue 27): two on a 2-core machine, panels paired end to end. Pure functions: node, no page.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

// the staged site's copy: sim-client.js words a lost Worker's reason through the message
// table (web/ui/message-tables.js, generated at build and staged beside web/ui/messages.js)
const load = () => import(pathToFileURL(path.join(require('./harness').SITE, 'sim/sim-client.js')).href);

test('Worker count: two on two cores, one per spare core above, never more than panels', async () => {
  const { workerCount } = await load();
  assert.deepStrictEqual([1, 2, 3, 4, 8].map((cores) => workerCount(4, cores)), [1, 2, 2, 3, 4]);
  assert.strictEqual(workerCount(1, 8), 1);
  assert.strictEqual(workerCount(3, 2), 2);
});

test('panels go back and forth over the Workers, which evens warp-tube\'s loads', async () => {
  const { workerOf } = await load();
  assert.deepStrictEqual([0, 1, 2, 3].map((k) => workerOf(k, 2)), [0, 1, 1, 0]);
  assert.deepStrictEqual([0, 1, 2].map((k) => workerOf(k, 2)), [0, 1, 1]);
  assert.deepStrictEqual([0, 1, 2, 3].map((k) => workerOf(k, 3)), [0, 1, 2, 2]);
  assert.deepStrictEqual([0, 1, 2, 3].map((k) => workerOf(k, 1)), [0, 0, 0, 0]);
  assert.ok(Math.abs(busiest((k) => workerOf(k, 2)) - 6.43) < 1e-9);
});

// warp-tube's panels, ms of a Worker per 10 ms simulated (make bench, 10:33 UTC 2026-11-27:
// linear-fem 0.29, per-vertex warping 3.20, per-element 2.10, Green strain 2 x 3.07 at 5 ms)
const need = [0.29, 3.2, 2.1, 6.14];
/** The busiest Worker's need (ms per 10 ms) when panel k goes to Worker of(k) of two. */
const busiest = (of) => Math.max(...[0, 1].map((w) => need.reduce((s, n, k) => s + (of(k) === w ? n : 0), 0)));

test('the page\'s pool deals warp-tube\'s four panels over two Workers with less on the busiest than round-robin', async () => {
  // the deal as the page makes it (SimPool.open), with stand-in Workers on a 2-core machine
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const savedWorker = globalThis.Worker;
  Object.defineProperty(globalThis, 'navigator', { value: { hardwareConcurrency: 2 }, configurable: true, writable: true });
  globalThis.Worker = class { postMessage() {} terminate() {} };
  const { SimPool } = await load();
  const pool = new SimPool(new Promise(() => {}), 4); // the module never comes: nothing is started
  try {
    const clients = pool.open(4);
    const workerIndex = (k) => pool.records.findIndex((r) => r.worker === clients[k].worker);
    assert.strictEqual(pool.records.length, 2);
    const paged = busiest(workerIndex);
    // round-robin (panel k on Worker k mod 2) would put 0.29 + 2.1 on one and 3.2 + 6.14 =
    // 9.34 on the other; the page's deal pairs the ends: 0.29 + 6.14 = 6.43 at most
    const roundRobin = busiest((k) => k % 2);
    assert.ok(Math.abs(roundRobin - 9.34) < 1e-9);
    assert.ok(Math.abs(paged - 6.43) < 1e-9, `the page's busiest Worker needs ${paged} ms per 10 ms`);
    assert.ok(paged < roundRobin);
  } finally {
    pool.terminate();
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete globalThis.navigator;
    globalThis.Worker = savedWorker;
  }
});

// warp-tube-drop's panels, s of a Worker per simulated second (make bench, 2026-11-29):
// linear FEM 0.13, per-vertex warping 1.24 (1 ms steps), per-element warping 0.70, Green
// strain 1.23 until it diverges at 0.322 s (2 ms steps).
const dropNeed = [0.13, 1.24, 0.70, 1.23];
const loads = (of, need) => [0, 1].map((w) => need.reduce((s, n, k) => s + (of[k] === w ? n : 0), 0));

test('a panel the scene marks solo gets a Worker of its own, the others share the rest', async () => {
  const { dealWorkers } = await load();
  assert.deepStrictEqual(dealWorkers([false, true, false, false], 2), [0, 1, 0, 0]);
  assert.deepStrictEqual(dealWorkers([false, false, false, false], 2), [0, 1, 1, 0]); // workerOf's pairing
  assert.deepStrictEqual(dealWorkers([true, false, true, false], 3), [2, 0, 1, 0]);
  assert.deepStrictEqual(dealWorkers([true, true], 2), [1, 0]); // one Worker is kept for the rest
  assert.deepStrictEqual(dealWorkers([false, true, false], 1), [0, 0, 0]);
  // warp-tube-drop: paired, per-vertex and per-element warping share a Worker (1.94 s per
  // simulated second); per-vertex alone, the busiest needs 1.24 once the Green-strain panel
  // has stopped (the others: 0.83), and 2.06 only before its divergence at 0.322 s
  const paired = loads(dealWorkers([false, false, false, false], 2), dropNeed);
  const solo = loads(dealWorkers([false, true, false, false], 2), dropNeed);
  assert.ok(Math.abs(Math.max(...paired) - 1.94) < 1e-9);
  assert.ok(Math.abs(solo[1] - 1.24) < 1e-9 && Math.abs(solo[0] - 1.23 - 0.83) < 1e-9);
});

test('the page\'s pool takes the panels\' solo marks', async () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const savedWorker = globalThis.Worker;
  Object.defineProperty(globalThis, 'navigator', { value: { hardwareConcurrency: 2 }, configurable: true, writable: true });
  globalThis.Worker = class { postMessage() {} terminate() {} };
  const { SimPool } = await load();
  const pool = new SimPool(new Promise(() => {}), 4);
  try {
    const clients = pool.open(4, null, [false, true, false, false]);
    const workerIndex = (k) => pool.records.findIndex((r) => r.worker === clients[k].worker);
    assert.deepStrictEqual([0, 1, 2, 3].map(workerIndex), [0, 1, 0, 0]);
  } finally {
    pool.terminate();
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete globalThis.navigator;
    globalThis.Worker = savedWorker;
  }
});
