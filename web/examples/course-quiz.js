// The example course page's quiz (course-quiz.html): the student predicts the Δt at which
// symplectic Euler blows up on the swinging cube; the page sets that Δt in the embedded
// lab, runs it, reports the lab's verdict, and compares the prediction with the lab's
// largest stable Δt and its linear bound. Everything goes through the course API
// (README.md, "Course API", version 1): this file is what a course author writes.
//
// The lab to embed: the iframe's data-lab (the course author's choice, any origin the
// page's frame-src allows; here the lab beside this example, ../index.html). ?lab=PATH may
// pick another lab page of this page's own origin (a path ending in / or index.html), and
// nothing else: a link to this page must not show another site's or server's page inside
// it as if it were the lab (issue 43). A module (course-quiz.html loads it as one): nothing
// here is global.

const SCENE = 'swinging-cube';
const METHOD = 'symplectic-euler';
const RUN_SECONDS = 2;   // simulated seconds the student's Δt runs for
const CLOSE = 0.1;       // a prediction within 10 % of the lab's bound counts as right

const $ = (sel) => document.querySelector(sel);
const frame = $('#lab');
const input = $('#prediction');
const button = $('#check');
const out = $('#result');

/** The lab page to embed (see the head of this file): {url, refused: why ?lab= was not taken, or ''}. */
function labPage() {
  const own = new URL(frame.dataset.lab || '../index.html', location.href);
  const asked = new URLSearchParams(location.search).get('lab');
  if (asked === null) return { url: own, refused: '' };
  let u = null;
  try { u = new URL(asked, location.href); } catch { /* not a URL */ }
  if (u && u.origin === location.origin && /\/(index\.html)?$/.test(u.pathname) && !/\/examples\//.test(u.pathname)) return { url: u, refused: '' };
  return { url: own, refused: `“lab=” must name a lab page of this site (${location.origin}, a path ending in / or index.html); “${asked.slice(0, 80)}” is not one, so the lab beside this page is shown.` };
}

// ---- a small client of the course API -------------------------------------------------

/** The course API of the lab in frame (from labOrigin only): {ready (resolves on its
 *  ready event), request(type, fields) -> the reply's result, subscribe(event, fn, fields)
 *  -> the subscription's id, unsubscribe(id)}. */
function courseClient(frame, labOrigin) {
  let nextId = 1, onReady = null;
  const pending = new Map();      // id -> {resolve, reject}
  const listeners = new Map();    // subscription id -> fn(event)
  const ready = new Promise((resolve) => { onReady = resolve; });
  window.addEventListener('message', (e) => {
    // only the lab we embedded, from its origin
    if (e.source !== frame.contentWindow || e.origin !== labOrigin) return;
    const m = e.data;
    if (!m || typeof m !== 'object' || m.softlab !== 1) return;
    if (m.type === 'event') {
      if (m.event === 'ready') onReady(m);
      else if (listeners.has(m.subscription)) listeners.get(m.subscription)(m);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.type === 'reply') p.resolve(m.result);
    else p.reject(Object.assign(new Error(m.error), { code: m.code }));
  });
  /** Sends {softlab: 1, type, ...fields}; resolves to the reply's result. */
  const request = (type, fields = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    frame.contentWindow.postMessage({ softlab: 1, id, type, ...fields }, labOrigin);
  });
  const subscribe = async (event, fn, fields = {}) => {
    const { subscription } = await request('subscribe', { event, ...fields });
    listeners.set(subscription, fn);
    return subscription;
  };
  const unsubscribe = (id) => {
    listeners.delete(id);
    return request('unsubscribe', { subscription: id }).catch(() => {}); // a time event is gone once sent
  };
  return { ready, request, subscribe, unsubscribe };
}

// ---- the quiz -------------------------------------------------------------------------
const ms = (s) => `${+(s * 1e3).toPrecision(3)} ms`;
const show = (text, cls = '') => {
  out.textContent = text;
  out.className = cls;
};

/** Runs the lab at dt (s) until it diverges or RUN_SECONDS pass: {diverged, t, state}. */
async function run(api, dt) {
  await api.request('pause');
  await api.request('set', { dt }); // the lab starts again at t = 0
  let done;
  const outcome = new Promise((resolve) => { done = resolve; });
  const subs = [
    await api.subscribe('diverged', (e) => done({ diverged: true, t: e.t })),
    await api.subscribe('time', () => done({ diverged: false, t: RUN_SECONDS }), { t: RUN_SECONDS }),
  ];
  await api.request('play');
  const result = await outcome;
  await api.request('pause');
  await Promise.all(subs.map(api.unsubscribe));
  return { ...result, state: await api.request('get-state') };
}

/** The lab's largest stable Δt of panel 0 (its "find" search) and its linear bound. */
async function bound(api) {
  let done;
  const answer = new Promise((resolve) => { done = resolve; });
  const sub = await api.subscribe('answered', (e) => { if (e.panel === 0 && e.question === 'stable-dt') done(e); });
  await api.request('ask', { question: 'stable-dt', panel: 0 });
  const a = await answer;
  await api.unsubscribe(sub);
  return a;
}

/** What the run r at the predicted Δt (s) did, in the lab's verdict. */
function ranText(r, predicted) {
  const p = r.state.panels[0];
  if (r.diverged) return `At Δt = ${ms(predicted)} the lab's verdict is “${p.verdict}”: it blew up at t = ${r.t.toFixed(3)} s.`;
  if (p.verdict === 'growing') return `At Δt = ${ms(predicted)} it did not blow up within ${RUN_SECONDS} s, but the lab's verdict is “growing”: ${p.reason}`;
  return `At Δt = ${ms(predicted)} it ran ${RUN_SECONDS} s without blowing up (the lab's verdict: “${p.verdict}”).`;
}

async function check(api) {
  const predicted = Number(input.value) / 1e3; // s
  if (!(predicted > 0) || !input.value) {
    show('Type a time step in milliseconds, e.g. 2.5.', 'bad');
    return;
  }
  button.disabled = true;
  try {
    show(`Running symplectic Euler at Δt = ${ms(predicted)} for ${RUN_SECONDS} s…`);
    const r = await run(api, predicted);
    const ran = ranText(r, predicted);
    show(`${ran}\nAsking the lab for its largest stable Δt…`);
    const b = await bound(api);
    if (b.stableDt === null) throw new Error(b.failed ? 'the lab could not search for its bound' : 'the lab found no stable Δt');
    const off = (predicted - b.stableDt) / b.stableDt, close = Math.abs(off) <= CLOSE;
    const theory = b.theoryDt === null ? '' : ` The linear bound (ωΔt)max/ω_max says ${ms(b.theoryDt)}.`;
    const grade = close ? `Well predicted: within ${Math.round(CLOSE * 100)} % of it.`
      : `Your prediction is ${Math.round(Math.abs(off) * 100)} % ${off > 0 ? 'above' : 'below'} it.`;
    show(`${ran}\nThe lab's largest stable Δt is ${ms(b.stableDt)} (bisection).${theory} ${grade}`, close ? 'ok' : 'bad');
    Object.assign(out.dataset, { verdict: r.state.panels[0].verdict, diverged: String(r.diverged), stableDt: String(b.stableDt), theoryDt: String(b.theoryDt), grade: close ? 'close' : 'off' });
  } catch (err) {
    show(`The lab said: ${err.message}`, 'bad');
    out.dataset.error = err.code || 'failed';
  } finally {
    button.disabled = false;
  }
}

// The lab, opened paused on one panel; origins= lets this page (and only it, besides
// the lab's own origin) drive it. lock= locks the lab's "find" button (its search is the
// quiz's answer) and the Δt box (the page sets Δt): the student sees both, changes neither.
const { url: lab, refused } = labPage();
lab.search = new URLSearchParams({ scene: SCENE, methods: METHOD, dt: '0.002', paused: '1', embed: '1', origins: location.origin, lock: 'find,dt' }).toString();
if (refused) {
  out.textContent = refused;
  out.dataset.labRefused = '1';
}
const api = courseClient(frame, lab.origin);
$('#quiz').addEventListener('submit', (e) => {
  e.preventDefault();
  delete out.dataset.error;
  check(api);
});
frame.src = lab.href;
api.ready.then(() => api.request('hello')).then((hello) => {
  if (!hello.versions.includes(1)) throw new Error('this lab does not speak version 1 of the course API');
  button.disabled = false;
  show(`${refused ? refused + '\n' : ''}The lab is ready (course API version ${hello.version}, scene ${hello.scene}).`);
}).catch((err) => show(`The lab could not be reached: ${err.message}`, 'bad'));
