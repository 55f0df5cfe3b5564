// Lesson 003's live score card (seed 003 Table 1, issue 15): a `.live-score` table whose
// rows (tr data-method, data-dt-lo) fill one by one with the largest stable dt, the time
// per step in this browser and the score, measured by `softlab score`'s own library
// calls (lessons/measures.js 'score-row') in a Worker of the card's own. The page only
// writes the numbers it gets back, so it never waits; Stop terminates that Worker.

import { fmt } from '../format.js';

// the cells the card appends to each row, after the method and the native column
const COLUMNS = ['dtMax', 'omegaDt', 'micro', 'evals', 'score', 'vsEuler', 'perEval'];

/** 3 significant digits with thousands separators (scores run from 0 to 10^6 s/s). */
const sig = (v) => (Number.isFinite(v) ? Number(v.toPrecision(3)).toLocaleString('en') : '–');

/** Wires the card: startMeasurer() => measure(kind, q) with measure.stop() (lesson.js),
 *  a fresh Worker for every run, stopped when the run ends. */
export function setupScoreCard(card, startMeasurer) {
  const { scene } = card.dataset;
  const tEnd = Number(card.dataset.tEnd || 1);
  const run = card.querySelector('button.run'), stop = card.querySelector('button.stop');
  const status = card.querySelector('output');
  const rows = [...card.querySelectorAll('tbody tr[data-method]')];
  const cells = new Map(rows.map((tr) => [tr, Object.fromEntries(COLUMNS.map((c) => {
    const td = document.createElement('td');
    tr.appendChild(td);
    return [c, td];
  }))]));
  const euler = rows.find((tr) => tr.dataset.method === 'explicit-euler');
  let measure = null;

  const state = (tr, s, text) => {
    tr.dataset.state = s;
    for (const td of Object.values(cells.get(tr))) td.textContent = '';
    cells.get(tr).dtMax.textContent = text;
  };
  /** Score relative to explicit Euler's ('–' while it is unknown or 0: no stable dt). */
  const relative = () => {
    const ref = euler && euler.dataset.state === 'done' ? Number(euler.dataset.score) : NaN;
    for (const tr of rows) {
      if (tr.dataset.state === 'done') cells.get(tr).vsEuler.textContent = ref > 0 ? fmt(Number(tr.dataset.score) / ref, 2) : '–';
    }
  };
  const fill = (tr, r, omega) => {
    const score = r.dtMax / r.seconds;
    Object.assign(tr.dataset, { state: 'done', dtMax: r.dtMax, seconds: r.seconds, omegaDt: omega * r.dtMax, score });
    const c = cells.get(tr);
    c.dtMax.textContent = r.dtMax > 0 ? r.dtMax.toPrecision(4) : '0';
    c.omegaDt.textContent = r.dtMax > 0 ? (omega * r.dtMax).toFixed(4) : '0 (unstable)';
    c.micro.textContent = (1e6 * r.seconds).toPrecision(3);
    c.evals.textContent = String(r.evaluations);
    c.score.textContent = sig(score);
    c.perEval.textContent = sig(score / r.evaluations);
    relative();
  };

  run.addEventListener('click', async () => {
    const mine = measure = startMeasurer();
    let stopped = false;
    mine.onStop = () => { stopped = true; };
    run.disabled = true;
    stop.disabled = false;
    for (const tr of rows) state(tr, 'queued', 'queued');
    card.dataset.state = 'running';
    const t0 = performance.now();
    try {
      status.textContent = `measuring ω_max of ${scene}…`;
      const omega = await mine('omega-max', { scene });
      card.dataset.omega = omega;
      for (const [i, tr] of rows.entries()) {
        const name = tr.cells[0].textContent;
        state(tr, 'running', 'measuring…');
        status.textContent = `row ${i + 1} of ${rows.length}: ${name}…`;
        const r = await mine('score-row', { scene, method: tr.dataset.method, tEnd, dtLo: Number(tr.dataset.dtLo || 0) });
        fill(tr, r, omega);
      }
      status.textContent = `done in ${((performance.now() - t0) / 1000).toFixed(1)} s (ω_max = ${omega.toPrecision(4)} rad/s).`;
      card.dataset.state = 'done';
    } catch (err) {
      for (const tr of rows) if (tr.dataset.state !== 'done') state(tr, stopped ? 'stopped' : 'failed', stopped ? 'stopped' : '–');
      status.textContent = stopped ? 'Stopped.' : `The measurement could not run: ${err.message}`;
      card.dataset.state = stopped ? 'stopped' : 'failed';
    } finally {
      mine.stop(); // its Worker and wasm memory go with it
      if (measure === mine) {
        run.disabled = false;
        stop.disabled = true;
      }
    }
  });
  stop.addEventListener('click', () => {
    if (!measure) return;
    measure.onStop();
    measure.stop();
  });
}
