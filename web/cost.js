// What a mesh resolution will cost, estimated before anything is built (issue 13 item 2):
// the node count from the current mesh's, and the time per step from the panel's own
// measured time per step. Building to find out would take seconds at the top of the range
// (fem-twist-beam at resolution 16: 23,409 nodes, 2.7 s to build natively).

/** Time per step grows as (nodes)^COST_EXPONENT: make bench's fit of the regularized
 *  stepper from 2,500 to 20,000 tets, 1.10 natively and 1.32 in Chromium (README); the
 *  browser's, rounded. */
export const COST_EXPONENT = 1.3;

/** Nodes of the scene's mesh at resolution r, from its count `nodes` at `resolution`.
 *  The resolution counts cells across the short side of a box of cubes: (r+1)² nodes a
 *  cross-section times (k r + 1) along it, with k (the length in cells per cell across)
 *  fitted to the current mesh; exact for the box and beam scenes, close for balls. */
export function nodesAt({ nodes, resolution }, r) {
  const across = (resolution + 1) ** 2;
  const k = Math.max(0, (nodes / across - 1) / resolution);
  return Math.round((r + 1) ** 2 * (k * r + 1));
}

/** {nodes, msPerStep (NaN if the panel has not stepped), realTime (how many times slower
 *  than real time at Δt dt (s); < 1: faster)} at resolution r, for a panel whose mesh has
 *  `nodes` at `resolution` and takes msPerStep now. */
export function resolutionCost({ nodes, resolution, msPerStep, dt }, r) {
  const n = nodesAt({ nodes, resolution }, r);
  const ms = msPerStep * (n / nodes) ** COST_EXPONENT;
  return { nodes: n, msPerStep: ms, realTime: ms / (1000 * dt) };
}

/** One line for beside the control, and whether it warns (slower than real time). */
export function costText(cost) {
  const nodes = `≈ ${cost.nodes.toLocaleString('en-US')} nodes`;
  if (!Number.isFinite(cost.msPerStep)) return { text: nodes, warn: false };
  const ms = cost.msPerStep >= 10 ? cost.msPerStep.toFixed(0) : cost.msPerStep.toPrecision(2);
  const slow = cost.realTime > 1;
  return { text: `${nodes}, ≈ ${ms} ms a step${slow ? `: ${cost.realTime.toFixed(cost.realTime < 10 ? 1 : 0)}× slower than real time` : ''}`, warn: slow };
}
