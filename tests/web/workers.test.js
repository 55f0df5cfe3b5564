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

/** fn(SimPool) with stand-in Workers on a 2-core machine (navigator and Worker restored after). */
async function withStandIns(fn) {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const savedWorker = globalThis.Worker;
  Object.defineProperty(globalThis, 'navigator', { value: { hardwareConcurrency: 2 }, configurable: true, writable: true });
  globalThis.Worker = class { postMessage() {} terminate() {} };
  try {
    await fn((await load()).SimPool);
  } finally {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete globalThis.navigator;
    globalThis.Worker = savedWorker;
  }
}

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
  await withStandIns(async (SimPool) => {
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
    }
  });
});

// warp-tube-drop's panels, s of a Worker per simulated second (make bench, 2026-11-29 21:43
// UTC): linear FEM 0.14, per-vertex warping 0.53 (1 ms steps), per-element warping 0.61, Green
// strain 1.0 until it diverges at 0.322 s (2 ms steps); after that, 0.
const dropNeed = [0.14, 0.53, 0.61, 1.0];
const dropAfter = [0.14, 0.53, 0.61, 0];
const loads = (of, need) => [0, 1].map((w) => need.reduce((s, n, k) => s + (of[k] === w ? n : 0), 0));
const near = (a, b) => a.every((x, k) => Math.abs(x - b[k]) < 1e-9);

test('panels of a Worker group share a Worker, the groups go to the Workers in turn', async () => {
  const { dealWorkers } = await load();
  assert.deepStrictEqual(dealWorkers([0, 0, 1, 1], 2), [0, 0, 1, 1]);
  assert.deepStrictEqual(dealWorkers([1, 1, 0, 0], 2), [1, 1, 0, 0]);
  assert.deepStrictEqual(dealWorkers([0, 2, 2, 0], 2), [0, 1, 1, 0]); // groups in increasing order
  assert.deepStrictEqual(dealWorkers([0, 1, 2, 3], 2), [0, 1, 0, 1]);
  assert.deepStrictEqual(dealWorkers([0, 1, 2, 3], 3), [0, 1, 2, 0]);
  assert.deepStrictEqual(dealWorkers([0, 0, 1, 1], 1), [0, 0, 0, 0]);
  // without a group for every panel: workerOf's pairing
  assert.deepStrictEqual(dealWorkers([undefined, undefined, undefined, undefined], 2), [0, 1, 1, 0]);
  assert.deepStrictEqual(dealWorkers([0, undefined, 1, 1], 2), [0, 1, 1, 0]);
  assert.deepStrictEqual(dealWorkers([0, NaN, 1, 1], 2), [0, 1, 1, 0]);
  // warp-tube-drop's groups: the warpings apart. Paired end to end they share a Worker
  // (1.14 s per simulated second); grouped, the busiest needs 1.61 only until Green strain
  // diverges at 0.322 s, then 0.67
  const paired = dealWorkers([undefined, undefined, undefined, undefined], 2);
  const grouped = dealWorkers([0, 0, 1, 1], 2);
  assert.ok(near(loads(paired, dropAfter), [0.14, 1.14]), String(loads(paired, dropAfter)));
  assert.ok(near(loads(grouped, dropNeed), [0.67, 1.61]) && near(loads(grouped, dropAfter), [0.67, 0.61]));
});

test('the page\'s pool takes the panels\' Worker groups', async () => {
  await withStandIns(async (SimPool) => {
    const pool = new SimPool(new Promise(() => {}), 4);
    try {
      const clients = pool.open(4, null, [0, 0, 1, 1]);
      const workerIndex = (k) => pool.records.findIndex((r) => r.worker === clients[k].worker);
      assert.deepStrictEqual([0, 1, 2, 3].map(workerIndex), [0, 0, 1, 1]);
    } finally {
      pool.terminate();
    }
  });
});
