// SCORM 1.2 reporting of a lesson's questions (issue 45 item 2: a gradebook). A course
// platform (Moodle, Canvas, Blackboard, Brightspace ...) that launches a lesson package
// (`make package`, tools/package_lessons.py) provides the SCORM 1.2 run-time: an object
// `API` on a parent or opener window (ADL, SCORM 1.2 Run-Time Environment, its API
// discovery algorithm). When the lesson finds one it opens a session (LMSInitialize),
// records every checked answer as an interaction, keeps the score and the lesson status,
// commits after each answer and finishes when the page is left (LMSFinish). Without an
// API nothing here runs and the lesson works as on the site.
//
// What is right or wrong is decided once, by the lesson's check (lesson.js setupQuestion,
// against the simulation's own number); this module only counts those verdicts:
//   score.raw = 100 × (questions whose latest answer was right) / (questions), min 0, max 100;
//   lesson_status = incomplete until every question has an answer, then completed, or,
//   when the course set a mastery score (the manifest's adlcp:masteryscore, read back as
//   cmi.student_data.mastery_score), passed when score.raw ≥ it and failed below.
// A student may retry (the page invites it): the latest answer to a question counts, and
// every attempt is its own interaction (SCORM 1.2 journals them). The latest answers are
// kept in cmi.suspend_data, so a session resumed later counts the earlier ones.
// A lesson whose questions vary per student (lessons/seeded.js) takes its seed from the
// URL or, launched by a platform, from the learner id (cmi.core.student_id, hashed); the
// seed goes into suspend_data and into each interaction's id (Q2-SEED), so a grader can
// rebuild the student's set-up and rerun the simulation. Answers kept under another seed
// are not counted: they were answers to other set-ups.

const MAX_TRIES = 500;            // frames climbed before giving up (the discovery algorithm's bound)
const SUSPEND_FORMAT = 'softlab-answers-1';

/** win.API when it is a SCORM 1.2 API; null otherwise (or when win is of another origin). */
function apiOf(win) {
  try {
    return win && win.API && typeof win.API.LMSInitialize === 'function' ? win.API : null;
  } catch { return null; } // a cross-origin frame: its properties cannot be read
}

/** The nearest API on win or its parents, up to MAX_TRIES frames. */
function climb(win) {
  for (let tries = 0; win && tries < MAX_TRIES; tries++) {
    const api = apiOf(win);
    if (api) return api;
    let parent = null;
    try { parent = win.parent; } catch { return null; }
    if (!parent || parent === win) return null;
    win = parent;
  }
  return null;
}

/** The SCORM 1.2 API of the page's launcher, by the standard discovery: this window and
 *  its parents, then the window that opened the top one (a platform that launches in a
 *  new window) and its parents. Null when there is none. */
export function findScormApi(win = window) {
  const api = climb(win);
  if (api) return api;
  let opener = null;
  try { opener = win.top && win.top.opener; } catch { opener = null; }
  return opener ? climb(opener) : null;
}

/** A number as SCORM's CMIDecimal writes it: digits and a point, never an exponent. */
export function decimalText(x) {
  const s = String(x);
  if (!/e/i.test(s)) return s;
  return x.toFixed(20).replace(/\.?0+$/, '');
}

/** Seconds as SCORM 1.2's CMITimespan: HHHH:MM:SS.SS. */
export function timespanText(seconds) {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000), m = Math.floor(cs / 6000) % 60, s = (cs % 6000) / 100;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
}

/** The clock time as SCORM 1.2's CMITime: HH:MM:SS. */
function timeText(date) {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((v) => String(v).padStart(2, '0')).join(':');
}

/** Score (0–100, two decimals) and status of the latest answers (null: not answered),
 *  mastery: the course's mastery score or NaN (see the top of this file). */
export function scoreOf(answers, mastery) {
  const n = answers.length;
  const right = answers.filter((a) => a && a.correct).length;
  const raw = n ? Math.round(10000 * right / n) / 100 : 0;
  const done = answers.every((a) => a);
  const status = !done ? 'incomplete' : Number.isFinite(mastery) ? (raw >= mastery ? 'passed' : 'failed') : 'completed';
  return { raw, status, done };
}

/** Connects the lesson's `count` questions to the platform's SCORM 1.2 API, if one is
 *  found: returns { record(index, {response, correct, truth}), finish(), learner (the
 *  platform's cmi.core.student_id), setSeed(seed: the set-ups' seed or null, before any
 *  record) } (index from 0;
 *  response, truth: numbers), or null without an API or when LMSInitialize refuses. A
 *  lesson without questions (count 0) is completed by being opened, and has no score.
 *  `win`: the lesson's window (its parents are searched, its pagehide finishes the session). */
export function connectScorm(count, { win = window, api = findScormApi(win) } = {}) {
  if (!api) return null;
  if (String(api.LMSInitialize('')) !== 'true') return null;
  const get = (name) => String(api.LMSGetValue(name) ?? '');
  const set = (name, value) => api.LMSSetValue(name, String(value));
  const started = Date.now();
  const mastery = get('cmi.student_data.mastery_score').trim() === '' ? NaN : Number(get('cmi.student_data.mastery_score'));

  // the latest answers of an earlier session (ours only: another writer's data is left alone)
  let answers = new Array(count).fill(null);
  let kept = null;
  try {
    const data = JSON.parse(get('cmi.suspend_data'));
    if (data && data.format === SUSPEND_FORMAT && Array.isArray(data.answers) && data.answers.length === count) kept = data;
  } catch { /* nothing kept, or not ours */ }
  let seed = null;
  const setSeed = (s) => {
    seed = s ?? null;
    // answers count only for the set-ups they answered: the same seed (none: none)
    answers = kept && (kept.seed ?? null) === seed
      ? kept.answers.map((a) => (Array.isArray(a) ? { response: Number(a[0]), correct: a[1] === 1 } : null))
      : new Array(count).fill(null);
  };
  setSeed(null);

  const status = get('cmi.core.lesson_status');
  if (status === '' || status === 'not attempted') {
    set('cmi.core.lesson_status', count > 0 ? 'incomplete' : 'completed');
    if (count === 0) api.LMSCommit('');
  }
  let finished = false;

  const record = (index, { response, correct, truth }) => {
    if (finished || index < 0 || index >= count) return;
    answers[index] = { response, correct };
    const n = Number(get('cmi.interactions._count')) || 0;
    const at = `cmi.interactions.${n}.`;
    set(at + 'id', `Q${index + 1}${seed === null ? '' : '-' + seed}`); // the lesson's own numbering (Q1, Q2 ...), the set-up's seed
    set(at + 'type', 'numeric');
    set(at + 'time', timeText(new Date()));
    set(at + 'weighting', 1);
    set(at + 'student_response', decimalText(response));
    if (Number.isFinite(truth)) set(at + 'correct_responses.0.pattern', decimalText(truth));
    set(at + 'result', correct ? 'correct' : 'wrong');
    const score = scoreOf(answers, mastery);
    set('cmi.core.score.min', 0);
    set('cmi.core.score.max', 100);
    set('cmi.core.score.raw', decimalText(score.raw));
    set('cmi.core.lesson_status', score.status);
    set('cmi.suspend_data', JSON.stringify({ format: SUSPEND_FORMAT, ...(seed === null ? {} : { seed }), answers: answers.map((a) => (a ? [a.response, a.correct ? 1 : 0] : null)) }));
    api.LMSCommit('');
  };

  const finish = () => {
    if (finished) return;
    finished = true;
    set('cmi.core.session_time', timespanText((Date.now() - started) / 1000));
    // unfinished: the platform keeps suspend_data for the next launch (a resume)
    set('cmi.core.exit', scoreOf(answers, mastery).done ? '' : 'suspend');
    api.LMSCommit('');
    api.LMSFinish('');
  };
  // pagehide: every way of leaving the page (unload, the back-forward cache, a closed
  // tab); an unload listener would also keep the page out of that cache
  win.addEventListener('pagehide', finish);
  return { record, finish, learner: get('cmi.core.student_id'), setSeed };
}
