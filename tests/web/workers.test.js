// How many Workers step a comparison and which panel goes to which (web/sim-client.js,
// issue 27): two on a 2-core machine, panels paired end to end. Pure functions: node, no page.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const load = () => import(pathToFileURL(path.join(__dirname, '..', '..', 'web', 'sim-client.js')).href);

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
  // warp-tube's panels, ms of a Worker per 10 ms simulated (make bench, 10:33 UTC 2026-11-27:
  // linear-fem 0.29, per-vertex warping 3.20, per-element 2.10, Green strain 2 x 3.07 at 5 ms)
  const need = [0.29, 3.2, 2.1, 6.14];
  const busiest = (of) => Math.max(...[0, 1].map((w) => need.reduce((s, n, k) => s + (of(k) === w ? n : 0), 0)));
  assert.ok(Math.abs(busiest((k) => workerOf(k, 2)) - 6.43) < 1e-9);
  assert.ok(Math.abs(busiest((k) => k % 2) - 9.34) < 1e-9); // round-robin
});
