// Lesson 003's live score card (seed 003 Table 1, issue 15): a `.live-score` table whose
// rows (tr data-method; the native omega_max dt_max, measured at build, in the second
// cell) fill with the largest stable dt, then the time per
// step in this browser and the score, measured by `softlab score`'s own library calls
// (lessons/measures.js 'find-dt', 'time-step') in a Worker of the card's own. Every row is
// timed the same way (issue 26 item 5: noise had put Verlet at 7 times the leapfrog's
// score with the same evaluations): at one Δt, the scene's, in TIME_ROUNDS rounds over
// all rows, each row keeping its fastest; the first round is a warm-up, not kept. The
// page only writes the numbers it gets back, so it never waits; Stop terminates that Worker.
// Each row's search starts at START_FRACTION of the native answer (omega dt / this
// browser's omega_max), skipping the long trials at tiny steps; a row whose native answer
// is 0 starts at its data-dt-lo (s, the native search's own start), or at the library's.

import { fmt } from '../ui/format.js';
import { t } from '../ui/messages.js';

// the cells the card appends to each row, after the method and the native column
const COLUMNS = ['dtMax', 'omegaDt', 'micro', 'evals', 'score', 'vsEuler', 'perEval'];

/** Timing rounds over every row, the first a warm-up (a fresh wasm instance compiles its
 *  hot code in the first calls); each round's call is itself the fastest of the library's
 *  SL_TIME_RUNS trials. */
export const TIME_ROUNDS = 3;

/** Where a row's search starts, as a fraction of the native dt_max: well below it, so the
 *  first trial passes, and close enough that the trials at tiny steps are skipped. */
export const START_FRACTION = 0.5;

/** The dt (s) a row's search starts at: START_FRACTION of the native omega dt_max (cell 1)
 *  over omega (rad/s), else the row's data-dt-lo, else 0 (the library's default start). */
export function startDt(tr, omega) {
  const native = Number(tr.cells[1].textContent);
  if (native > 0 && omega > 0) return START_FRACTION * native / omega;
  return Number(tr.dataset.dtLo || 0);
}

/** 3 significant digits with thousands separators (scores run from 0 to 10^6 s/s). */
const sig = (v) => (Number.isFinite(v) ? Number(v.toPrecision(3)).toLocaleString('en') : '–');

/** Wires the card: startMeasurer() => measure(kind, q) with measure.stop() (lesson.js),
 *  a fresh Worker for every run, stopped when the run ends. */
export function setupScoreCard(card, startMeasurer) {
  return new ScoreCard(card, startMeasurer);
}

class ScoreCard {
  constructor(card, startMeasurer) {
    this.card = card;
    this.startMeasurer = startMeasurer;
    this.scene = card.dataset.scene;
    this.tEnd = Number(card.dataset.tEnd || 1);
    this.runButton = card.querySelector('button.run');
    this.stopButton = card.querySelector('button.stop');
    this.status = card.querySelector('output');
    this.rows = [...card.querySelectorAll('tbody tr[data-method]')];
    this.cells = new Map(this.rows.map((tr) => [tr, Object.fromEntries(COLUMNS.map((c) => {
      const td = document.createElement('td');
      tr.appendChild(td);
      return [c, td];
    }))]));
    this.euler = this.rows.find((tr) => tr.dataset.method === 'explicit-euler');
    this.measure = null;
    this.runButton.addEventListener('click', () => this.run());
    this.stopButton.addEventListener('click', () => {
      if (!this.measure) return;
      this.measure.onStop();
      this.measure.stop();
    });
  }

  setState(tr, s, text) {
    tr.dataset.state = s;
    for (const td of Object.values(this.cells.get(tr))) td.textContent = '';
    delete tr.dataset.seconds;
    this.cells.get(tr).dtMax.textContent = text;
  }

  /** Time per step relative to explicit Euler's (one force evaluation a step): its score
   *  is 0 at every Δt, so a score ratio would always read '–'; the cost ratio shows that
   *  methods of equal evaluations cost the same. */
  relative() {
    const ref = this.euler && this.euler.dataset.seconds ? Number(this.euler.dataset.seconds) : NaN;
    for (const tr of this.rows) {
      if (tr.dataset.seconds) this.cells.get(tr).vsEuler.textContent = ref > 0 ? fmt(Number(tr.dataset.seconds) / ref, 2) : '–';
    }
  }

  fillDt(tr, dtMax, omega, evaluations) {
    Object.assign(tr.dataset, { dtMax, omegaDt: omega * dtMax, evaluations });
    const c = this.cells.get(tr);
    c.dtMax.textContent = dtMax > 0 ? dtMax.toPrecision(4) : '0';
    c.omegaDt.textContent = dtMax > 0 ? (omega * dtMax).toFixed(4) : t('score.unstable');
    c.evals.textContent = String(evaluations);
    c.micro.textContent = t('score.timing');
  }

  /** The row's fastest time per step so far (s), and what follows from it. */
  fillTime(tr, seconds) {
    const best = Math.min(seconds, Number(tr.dataset.seconds || Infinity));
    const dtMax = Number(tr.dataset.dtMax), evaluations = Number(tr.dataset.evaluations);
    const score = dtMax / best;
    Object.assign(tr.dataset, { seconds: best, score });
    const c = this.cells.get(tr);
    c.micro.textContent = (1e6 * best).toPrecision(3);
    c.score.textContent = sig(score);
    c.perEval.textContent = evaluations > 0 ? sig(score / evaluations) : '–';
    this.relative();
  }

  /** Every row's largest stable Δt, in order, by measure mine at ω_max omega (rad/s). */
  async findAll(mine, omega) {
    const { scene, tEnd, rows } = this;
    for (const [i, tr] of rows.entries()) {
      this.setState(tr, 'running', t('score.measuring'));
      this.status.textContent = t('score.row', { row: i + 1, rows: rows.length, method: tr.cells[0].textContent });
      const { dtMax, evaluations } = await mine('find-dt', { scene, method: tr.dataset.method, tEnd, dtLo: startDt(tr, omega) });
      this.fillDt(tr, dtMax, omega, evaluations);
    }
  }

  /** Every row at the scene's Δt, round after round: the same work for each, and load on
   *  the machine spread over all rows; the fastest of the kept rounds stands. */
  async timeAll(mine) {
    const { scene, tEnd } = this;
    for (let round = 0; round < TIME_ROUNDS; round++) {
      for (const tr of this.rows) {
        this.status.textContent = t(round === 0 ? 'score.warm_up' : 'score.round', { round: round + 1, rounds: TIME_ROUNDS, method: tr.cells[0].textContent });
        const seconds = await mine('time-step', { scene, method: tr.dataset.method, tEnd });
        if (round > 0) this.fillTime(tr, seconds);
      }
    }
  }

  async run() {
    const { card, rows, status } = this;
    const mine = this.measure = this.startMeasurer();
    let stopped = false;
    mine.onStop = () => { stopped = true; };
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    for (const tr of rows) this.setState(tr, 'queued', t('score.queued'));
    card.dataset.state = 'running';
    const t0 = performance.now();
    try {
      status.textContent = t('score.omega', { scene: this.scene });
      const omega = await mine('omega-max', { scene: this.scene });
      card.dataset.omega = omega;
      await this.findAll(mine, omega);
      await this.timeAll(mine);
      for (const tr of rows) tr.dataset.state = 'done';
      status.textContent = t('score.done', { seconds: ((performance.now() - t0) / 1000).toFixed(1), omega: omega.toPrecision(4) });
      card.dataset.state = 'done';
    } catch (err) {
      for (const tr of rows) if (tr.dataset.state !== 'done') this.setState(tr, stopped ? 'stopped' : 'failed', stopped ? t('score.stopped_row') : '–');
      status.textContent = stopped ? t('score.stopped') : t('score.failed', { error: err.message });
      card.dataset.state = stopped ? 'stopped' : 'failed';
    } finally {
      mine.stop(); // its Worker and wasm memory go with it
      if (this.measure === mine) {
        this.runButton.disabled = false;
        this.stopButton.disabled = true;
      }
    }
  }
}
