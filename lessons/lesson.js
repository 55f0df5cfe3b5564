// softlab lessons: renders equations with KaTeX and checks the student's answers
// against values that this page computes with the same wasm core as the lab.
import { loadLab, SL_OK } from '../lab-api.js';

function renderMath() {
  if (typeof window.renderMathInElement !== 'function') return;
  window.renderMathInElement(document.body, {
    delimiters: [
      { left: '$$', right: '$$', display: true },
      { left: '$', right: '$', display: false },
    ],
    throwOnError: false,
  });
}

/** Time (s) of the first local minimum of the tracked node's height, parabola-refined. */
function firstMinimum(api, scene, method, dt, tEnd = 5) {
  const h = api.panel_create(scene, method, dt, 0);
  if (h <= 0) throw new Error(api.last_error(0) || 'could not create the scene');
  try {
    let y0 = api.tracked_height(h), y1 = y0, t1 = 0;
    for (let s = 0; s < Math.round(tEnd / dt); s++) {
      if (api.step(h, 1) !== SL_OK) return NaN;
      const y2 = api.tracked_height(h);
      if (s > 0 && y1 < y0 && y1 <= y2) {
        const d = y0 - 2 * y1 + y2;
        return t1 + (d !== 0 ? 0.5 * dt * (y0 - y2) / d : 0);
      }
      [y0, y1, t1] = [y1, y2, api.time(h)];
    }
    return NaN;
  } finally {
    api.panel_destroy(h);
  }
}

/** True if `method` stays bounded for `steps` steps of size dt. */
function staysBounded(api, scene, method, dt, steps) {
  const h = api.panel_create(scene, method, dt, 0);
  if (h <= 0) return false;
  const ok = api.step(h, steps) === SL_OK;
  api.panel_destroy(h);
  return ok;
}

/** Largest stable dt (s) of symplectic Euler, by bisection to 0.2 %. */
function stabilityBound(api, scene) {
  let lo = 1e-5, hi = 0.1;
  while (hi / lo > 1.002) {
    const mid = Math.sqrt(lo * hi);
    if (staysBounded(api, scene, 'symplectic-euler', mid, 5000)) lo = mid; else hi = mid;
  }
  return lo;
}

/** Volume ratio V/V0 of scene (grid model variant: 0 original, 1 improved) over
 *  tEnd s with method at dt: reduce(acc, ratio) folded over the steps from init. */
function volumeRatio(api, q, init, reduce) {
  api.params_clear();
  api.params_set('grid_variant', Number(q.variant));
  const h = api.panel_create(q.scene, q.method, Number(q.dt), 0);
  api.params_clear();
  if (h <= 0) throw new Error(api.last_error(0) || 'could not create the scene');
  try {
    let acc = init;
    for (let s = 0; s < Math.round(Number(q.tEnd) / Number(q.dt)); s++) {
      if (api.step(h, 1) !== SL_OK) return NaN;
      acc = reduce(acc, api.volume_ratio(h));
    }
    return acc;
  } finally {
    api.panel_destroy(h);
  }
}

const MEASURES = {
  'first-minimum': (api, q) => firstMinimum(api, q.scene, q.method, Number(q.dt)),
  'stability-bound': (api, q) => stabilityBound(api, q.scene),
  'min-volume': (api, q) => volumeRatio(api, q, Infinity, Math.min),
  'end-volume': (api, q) => volumeRatio(api, q, NaN, (_, v) => v),
};

function setupQuestion(div, labPromise) {
  const input = div.querySelector('input');
  const out = div.querySelector('output');
  let truth = null;
  const check = async () => {
    const answer = Number(String(input.value).trim().replace(',', '.'));
    if (String(input.value).trim() === '' || !Number.isFinite(answer) || answer < 0) {
      out.className = 'bad';
      out.textContent = 'Please enter a number ≥ 0.';
      return;
    }
    out.className = '';
    out.textContent = 'checking with the simulation…';
    try {
      if (truth === null) truth = MEASURES[div.dataset.measure]((await labPromise).api, div.dataset);
    } catch (err) {
      out.className = 'bad';
      out.textContent = 'The simulation could not run: ' + err.message;
      return;
    }
    // relative tolerance (data-tolerance), or absolute (data-abs-tolerance) for answers near 0
    const abs = div.dataset.absTolerance !== undefined ? Number(div.dataset.absTolerance) : NaN;
    const tol = Number(div.dataset.tolerance || 0.05);
    const good = Number.isFinite(abs) ? Math.abs(answer - truth) <= abs : Math.abs(answer / truth - 1) <= tol;
    const unit = div.dataset.unit !== undefined ? div.dataset.unit : 's';
    const within = Number.isFinite(abs) ? `± ${abs}` : `${Math.round(tol * 100)} %`;
    out.className = good ? 'ok' : 'bad';
    out.textContent = good
      ? `Right: the simulation gives ${truth.toPrecision(3)}${unit ? ' ' + unit : ''}.`
      : `Not quite (within ${within} counts). Experiment with the lab and try again.`;
    div.dataset.truth = String(truth);
  };
  div.querySelector('button').addEventListener('click', check);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') check(); });
}

function main() {
  renderMath();
  const labPromise = loadLab();
  labPromise.catch(() => {});
  for (const div of document.querySelectorAll('.question')) setupQuestion(div, labPromise);
  window.softlabLesson = { ready: true, measures: MEASURES, lab: labPromise };
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
