// What a mesh resolution will cost, estimated before anything is built (issue 13 item 2):
// the node count from the current mesh's, and the time per step from the panel's own
// measured time per step. Building to find out would take seconds at the top of the range
// (fem-twist-beam at resolution 16: 23,409 nodes, 2.7 s to build natively).

import { t } from '../ui/messages.js';

/** Time per step grows as (nodes)^e, e between COST_EXPONENTS: make bench's fits of the
 *  regularized stepper from 2,500 to 20,000 tets, 1.10 natively and 1.32 in Chromium
 *  (README), rounded; the estimate gives both ends, so it says how sure it is. */
export const COST_EXPONENTS = [1.1, 1.3];
export const COST_EXPONENT = COST_EXPONENTS[1];

/** Nodes of the scene's mesh at resolution r, from its count `nodes` at `resolution`.
 *  The resolution counts cells across the short side of a box of cubes: (r+1)² nodes a
 *  cross-section times (k r + 1) along it, with k (the length in cells per cell across)
 *  fitted to the current mesh; exact for the box and beam scenes, close for balls. */
export function nodesAt({ nodes, resolution }, r) {
  const across = (resolution + 1) ** 2;
  const k = Math.max(0, (nodes / across - 1) / resolution);
  return Math.round((r + 1) ** 2 * (k * r + 1));
}

/** {nodes, msPerStep: [low, high] (NaN if the panel has not stepped), realTime: [low,
 *  high] (how many times slower than real time at Δt dt (s); < 1: faster), from} at
 *  resolution r, for a panel whose mesh has `nodes` at `resolution` and whose fastest
 *  measured time per step there is msPerStep (the calibration, `from`). */
export function resolutionCost({ nodes, resolution, msPerStep, dt }, r) {
  const n = nodesAt({ nodes, resolution }, r);
  const ms = COST_EXPONENTS.map((e) => msPerStep * (n / nodes) ** e).sort((a, b) => a - b);
  return { nodes: n, msPerStep: ms, realTime: ms.map((m) => m / (1000 * dt)), from: { nodes, msPerStep } };
}

const msText = (m) => (m >= 10 ? m.toFixed(0) : m.toPrecision(2));
const span = (lo, hi, f) => (f(lo) === f(hi) ? f(lo) : `${f(lo)}–${f(hi)}`);

/** One line for beside the control, and whether it warns (slower than real time at the
 *  range's low end): nodes, the range of time per step, and the measurement it scales. */
export function costText(cost) {
  const nodes = t('cost.nodes', { nodes: cost.nodes.toLocaleString('en-US') });
  const [lo, hi] = cost.msPerStep;
  if (!Number.isFinite(lo)) return { text: nodes, warn: false };
  const from = cost.from.nodes === cost.nodes ? t('cost.measured')
    : t('cost.from', { ms: msText(cost.from.msPerStep), nodes: cost.from.nodes.toLocaleString('en-US') });
  const [rlo, rhi] = cost.realTime;
  const slow = rlo > 1;
  const times = (v) => v.toFixed(v < 10 ? 1 : 0);
  const msSpan = span(lo, hi, msText), timesSpan = span(rlo, rhi, times);
  return {
    text: t('cost.text', { nodes, ms: msSpan, from }) + (slow ? t('cost.slow', { times: timesSpan }) : ''),
    warn: slow,
  };
}
