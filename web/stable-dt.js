// The largest stable Δt of a stepper on a scene, by bisection in log Δt: a trial Δt is
// stable if a fresh simulation takes a number of steps, every one succeeding, without the
// core's verdict (sl_world_judge, through sl_api_verdict) turning 'growing' or
// 'diverged' ('artifact' passes): the rule of the library's sl_scene_find_dt. Shared by
// the lab's "find" button (web/stability.js panelStableDt, with the library's trial
// length) and the lessons' answer check (lessons/measures.js). It works in slices and yields to the page between them, so the
// main thread is never blocked for more than about SLICE_MS plus one call of a few
// steps: the page stays responsive, and a Worker can run it the same way.

import { SL_OK, VERDICT } from './lab-api.js';

const SLICE_MS = 30;   // work at most this long before yielding to the page
const CALL_MS = 8;     // aim for step calls of about this long (steps per call adapt)

const UNSTABLE = new Set([VERDICT.GROWING, VERDICT.DIVERGED]); // the verdicts that fail a trial

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves to {dt, capped}: the largest Δt in [lo, hi] found stable to within a factor
 * `ratio` (capped: stable even at hi), or {dt: NaN} if even lo diverges.
 *   api        the wasm API (step, verdict, sim_destroy)
 *   create     (dt) => handle of a fresh simulation at dt (<= 0: could not build: unstable)
 *   options    {lo, hi (s), ratio, steps(dt): steps a trial must survive,
 *               onProgress(lo, hi) after each trial}
 */
export async function largestStableDt(api, create, { lo, hi, ratio, steps, onProgress = () => {} }) {
  let sliceStart = performance.now();
  const pause = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await yieldToPage();
    sliceStart = performance.now();
  };
  const stable = async (dt) => {
    const h = create(dt);
    if (!(h > 0)) return false;
    const total = steps(dt);
    let ok = true, chunk = 1;
    try {
      for (let done = 0; done < total && ok; ) {
        const n = Math.min(chunk, total - done);
        const t0 = performance.now();
        ok = api.step(h, n) === SL_OK && !UNSTABLE.has(api.verdict(h));
        const ms = performance.now() - t0;
        done += n;
        // keep each call short: more steps per call while they are quick, fewer if slow
        if (ms < CALL_MS / 2) chunk *= 2;
        else if (ms > CALL_MS * 2 && chunk > 1) chunk = Math.max(1, chunk >> 1);
        await pause();
      }
    } finally {
      api.sim_destroy(h);
    }
    return ok;
  };
  if (await stable(hi)) return { dt: hi, capped: true };
  if (!(await stable(lo))) return { dt: NaN, capped: false };
  while (hi / lo > ratio) {
    const mid = Math.sqrt(lo * hi);
    if (await stable(mid)) lo = mid; else hi = mid;
    onProgress(lo, hi);
    await pause();
  }
  return { dt: lo, capped: false };
}
