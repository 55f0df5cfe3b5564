// The resolution cost estimate (web/cost.js) in node: the node counts of the scenes' box
// meshes (sl_tet_mesh_beam of k r × r × r cubes has (r+1)² (k r + 1) nodes: k = 4 for
// fem-twist-beam, 5 for fem-soft-beam, 1 for perf-block's cube), and the time per step as
// the panel's own times (n'/n)^1.3. The lab's own meshes: tests/web/teaching.test.js.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const load = () => import(pathToFileURL(path.join(__dirname, '../../web/cost.js')).href);

test('nodes at another resolution, fitted from the current mesh, are the box meshes\' exact counts', async () => {
  const { nodesAt } = await load();
  for (const k of [4, 5]) {
    const beam = (r) => (r + 1) ** 2 * (k * r + 1);
    for (const r0 of [1, 2, 4, 6]) assert.strictEqual(nodesAt({ nodes: beam(r0), resolution: r0 }, 16), beam(16));
  }
  const cube = (r) => (r + 1) ** 3;
  assert.strictEqual(nodesAt({ nodes: cube(4), resolution: 4 }, 16), cube(16));
});

test('time per step scales with nodes^1.3 from the measured one, and real time is 1000·Δt ms a step', async () => {
  const { resolutionCost, costText, COST_EXPONENT } = await load();
  const c = resolutionCost({ nodes: 525, resolution: 4, msPerStep: 2, dt: 0.005 }, 16);
  assert.strictEqual(c.nodes, 23409);
  assert.ok(Math.abs(c.msPerStep - 2 * (23409 / 525) ** COST_EXPONENT) < 1e-9);
  assert.ok(Math.abs(c.realTime - c.msPerStep / 5) < 1e-12);
  const { text, warn } = costText(c);
  assert.ok(warn, text);
  assert.match(text, /^≈ 23,409 nodes, ≈ \d+ ms a step: \d+× slower than real time$/);
  // the same resolution: the panel's own numbers, no warning at 2 ms a step for Δt = 5 ms
  const same = costText(resolutionCost({ nodes: 525, resolution: 4, msPerStep: 2, dt: 0.005 }, 4));
  assert.deepStrictEqual(same, { text: '≈ 525 nodes, ≈ 2.0 ms a step', warn: false });
  // before the panel has stepped, nodes only
  assert.deepStrictEqual(costText(resolutionCost({ nodes: 525, resolution: 4, msPerStep: NaN, dt: 0.005 }, 8)),
    { text: `≈ ${(81 * 41).toLocaleString('en-US')} nodes`, warn: false });
});
