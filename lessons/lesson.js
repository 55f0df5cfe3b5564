// softlab lessons: renders equations with KaTeX and checks the student's answers
// against values computed with the same wasm core as the lab (lessons/measures.js). The
// measurements run in a Worker with its own wasm instance (lessons/measure-worker.js),
// so the page and its embedded labs never wait for them; where no Worker can start they
// run on the page, in slices that yield to it.

import { setupScoreCard } from './score-card.js';
import { setupOverheadFit } from './overhead-fit.js';
import { connectScorm } from './scorm.js';
import { urlSeed, learnerSeed, pickSetup, valueText } from './seeded.js';
import { applyMessages, coreText, currentLanguage, t } from '../ui/messages.js';

/** query with the page's language for a lab the lesson opens (?lang=, as the lesson's), if not English. */
function withLanguage(query) {
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang && currentLanguage() !== 'en') query.set('lang', lang);
  return query;
}

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

/** measure(kind, q) => Promise of the value: in a Worker, or on the page if none starts
 *  (onPage false: rejected instead, for work too long to slice). measure.stop() ends the
 *  Worker at once (terminate), rejecting what it had not answered; the function is spent. */
function measurer({ onPage: fallback = true } = {}) {
  let worker = null, nextId = 1;
  const pending = new Map();
  const noWorker = () => new Error(t('lesson.no_worker'));
  try {
    worker = new Worker(new URL('./measure-worker.js', import.meta.url));
    worker.onmessage = (e) => {
      const { id, value, error } = e.data;
      const p = pending.get(id);
      pending.delete(id);
      if (p) (error === undefined ? p.resolve(value) : p.reject(new Error(error)));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker = null; // fall back to the page for this and later measurements
      for (const [id, p] of pending) { pending.delete(id); fallback ? p.retry() : p.reject(noWorker()); }
    };
  } catch { worker = null; }
  const onPage = async (kind, q) => {
    const [{ loadLab }, { MEASURES }] = await Promise.all([import('../core/lab-api.js'), import('./measures.js')]);
    onPage.core = onPage.core || loadLab();
    return MEASURES[kind](await onPage.core, q);
  };
  let stopped = false;
  const measure = (kind, q) => new Promise((resolve, reject) => {
    if (stopped) { reject(new Error('stopped')); return; }
    const retry = () => onPage(kind, q).then(resolve, reject);
    if (!worker) { fallback ? retry() : reject(noWorker()); return; }
    const id = nextId++;
    pending.set(id, { resolve, reject, retry });
    worker.postMessage({ id, kind, q });
  });
  measure.stop = () => {
    stopped = true;
    if (worker) worker.terminate();
    worker = null;
    for (const [id, p] of pending) { pending.delete(id); p.reject(new Error('stopped')); }
  };
  return measure;
}

/** The set-up seed picks for question div (data-vary, data-key; lessons/seeded.js), shown
 *  on the page (the prompt's :param spans, the set-up line) and in its lab, which opens with
 *  it: {dt?, params: {NAME: value}} for the measurement. Without a seed, or for a question
 *  that varies nothing, {} and the page stays as built. */
export function applySetup(div, seed) {
  if (seed === null || !div.dataset.vary) return {};
  const picked = pickSetup(seed, div.dataset.key, JSON.parse(div.dataset.vary));
  for (const span of div.querySelectorAll('[data-param]')) {
    if (span.dataset.param in picked) span.textContent = valueText(picked[span.dataset.param]);
  }
  const line = div.querySelector('.your-setup');
  if (line) {
    line.querySelector('.setup-number').textContent = seed;
    // the parameters' names as the lab words them (param.NAME.label; the core's English as built)
    for (const span of line.querySelectorAll('[data-param-label]')) span.textContent = coreText('param', span.dataset.paramLabel, 'label', span.textContent);
    line.hidden = false;
  }
  const details = div.querySelector('details.your-lab');
  if (details) {
    const query = new URLSearchParams(div.dataset.lab);
    for (const [name, value] of Object.entries(picked)) query.set(name, String(value));
    query.set('embed', '1');
    // made when first opened: a lesson of six questions does not start six labs, and a
    // page without a seed has no frame that is not a lab
    details.addEventListener('toggle', () => {
      if (!details.open || details.querySelector('iframe')) return;
      const frame = document.createElement('iframe');
      frame.title = t('lesson.your_lab');
      frame.src = `../index.html?${withLanguage(query)}`;
      details.append(frame);
    });
    details.hidden = false;
  }
  const { dt, ...params } = picked;
  return { ...(dt !== undefined ? { dt: String(dt) } : {}), params };
}

/** report(index, {response, correct, truth}): where a checked answer goes besides the page
 *  (a course platform's gradebook, lessons/scorm.js), or nothing. setup: applySetup's. */
function setupQuestion(div, measure, index, report = () => {}, setup = {}) {
  const input = div.querySelector('input');
  const out = div.querySelector('output');
  // the field's label is short ("t (s)"): a screen reader also reads the question
  const question = div.querySelector('p');
  if (question && !input.hasAttribute('aria-describedby')) {
    question.id = question.id || `question-${index + 1}`;
    input.setAttribute('aria-describedby', question.id);
  }
  let truth = null;
  const check = async () => {
    const answer = Number(String(input.value).trim().replace(',', '.'));
    if (String(input.value).trim() === '' || !Number.isFinite(answer) || answer < 0) {
      out.className = 'bad';
      out.textContent = t('lesson.enter_number');
      return;
    }
    out.className = '';
    out.textContent = t('lesson.checking');
    try {
      // the student's set-up (seeded), else the question's own; the answer is the core's run of it
      if (truth === null) truth = await measure(div.dataset.measure, { ...div.dataset, ...setup });
    } catch (err) {
      out.className = 'bad';
      out.textContent = t('lesson.could_not_run', { error: err.message });
      return;
    }
    // relative tolerance (data-tolerance), or absolute (data-abs-tolerance) for answers near 0
    const abs = div.dataset.absTolerance !== undefined ? Number(div.dataset.absTolerance) : NaN;
    const tol = Number(div.dataset.tolerance || 0.05);
    const good = Number.isFinite(abs) ? Math.abs(answer - truth) <= abs : Math.abs(answer / truth - 1) <= tol;
    const unit = div.dataset.unit !== undefined ? div.dataset.unit : 's';
    const within = Number.isFinite(abs) ? `± ${abs}${unit ? ' ' + unit : ''}` : tolerancePercent(tol);
    out.className = good ? 'ok' : 'bad';
    out.textContent = good ? t('lesson.right', { value: `${truth.toPrecision(3)}${unit ? ' ' + unit : ''}` })
      : t('lesson.not_quite', { within });
    div.dataset.truth = String(truth);
    report(index, { response: answer, correct: good, truth }); // the verdict shown is the one recorded
  };
  div.querySelector('button').addEventListener('click', check);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') check(); });
}

/** A relative tolerance as the reader reads it, from the number the check uses: 0.005 is
 *  "0.5 %" (Math.round made it "1 %"), 0.05 is "5 %". */
export function tolerancePercent(tol) {
  return `${+(tol * 100).toPrecision(3)} %`;
}

/** A lab frame the server could not deliver (offline, the server stopped) would show the
 *  browser's error page; the lesson says so instead and offers to try again. The labs are
 *  same-origin, so a loaded frame whose document cannot be read is such an error page. */
function watchLabFrames() {
  for (const frame of document.querySelectorAll('.lab iframe')) {
    // the lab in the lesson's language (a lazy frame not loaded yet takes the new address)
    const [path, query] = frame.getAttribute('src').split('?');
    if (query !== undefined && currentLanguage() !== 'en') frame.setAttribute('src', `${path}?${withLanguage(new URLSearchParams(query))}`);
    const src = frame.getAttribute('src');
    const note = document.createElement('div');
    note.className = 'lab-offline';
    note.setAttribute('role', 'status');
    note.hidden = true;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = t('lesson.try_again');
    note.append(t('lesson.lab_offline', { title: frame.title }), retry);
    frame.after(note);
    const check = () => {
      let failed;
      try { failed = !frame.contentDocument; } catch { failed = true; }
      frame.hidden = failed;
      note.hidden = !failed;
    };
    frame.addEventListener('load', check);
    check(); // a frame may have failed before this module ran (a still-loading one reads about:blank)
    retry.addEventListener('click', () => { note.hidden = true; frame.hidden = false; frame.src = src; });
  }
}

function main() {
  applyMessages(); // the chrome's data-msg texts (Check, Your set-up ...) in the page's language
  renderMath();
  watchLabFrames();
  const measure = measurer();
  const questions = document.querySelectorAll('.question');
  // launched by a course platform (a SCORM 1.2 package, make package): answers are graded there
  const scorm = connectScorm(questions.length);
  // the student's seed: the URL's (?seed=, a course page's link), else the platform's learner id
  const seed = urlSeed(location.search) ?? (scorm ? learnerSeed(scorm.learner) : null);
  if (scorm) scorm.setSeed(seed); // kept with the answers, so a grader can rebuild the set-ups
  questions.forEach((div, i) => setupQuestion(div, measure, i, scorm ? scorm.record : undefined, applySetup(div, seed)));
  // each card its own Worker, so that its Stop (terminate) leaves the questions' alone
  for (const card of document.querySelectorAll('.live-score')) setupScoreCard(card, () => measurer({ onPage: false }));
  // a chart fitted to a table's build-time numbers (lesson 003): data-rows names the
  // table's tbody, data-text the element whose [data-fit] spans get the fit's numbers
  for (const fig of document.querySelectorAll('figure.fit[data-rows]')) {
    const rows = document.getElementById(fig.dataset.rows), text = document.getElementById(fig.dataset.text);
    if (rows && text) setupOverheadFit(rows.closest('table'), text, fig.querySelector('svg'));
  }
  window.softlabLesson = { ready: true, measure, scorm: scorm !== null, seed };
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
