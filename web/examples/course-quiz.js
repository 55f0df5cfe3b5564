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
// it as if it were the lab (issue 43).
'use strict';

(() => {
  const SCENE = 'swinging-cube';
  const METHOD = 'symplectic-euler';
  const RUN_SECONDS = 2;   // simulated seconds the student's Δt runs for
  const CLOSE = 0.1;       // a prediction within 10 % of the lab's bound counts as right

  const $ = (sel) => document.querySelector(sel);
  const frame = $('#lab');
  const form = $('#quiz');
  const input = $('#prediction');
  const button = $('#check');
  const out = $('#result');
  let refusedLab = ''; // why ?lab= was not taken (labPage)

  // The lab, opened paused on one panel; origins= lets this page (and only it, besides
  // the lab's own origin) drive it. lock= locks the lab's "find" button (its search is the
  // quiz's answer) and the Δt box (the page sets Δt): the student sees both, changes neither.
  const lab = labPage();
  lab.search = new URLSearchParams({ scene: SCENE, methods: METHOD, dt: '0.002', paused: '1', embed: '1', origins: location.origin, lock: 'find,dt' }).toString();
  const labOrigin = lab.origin;
  if (refusedLab) {
    out.textContent = refusedLab;
    out.dataset.labRefused = '1';
  }

  /** The lab page to embed (see the head of this file), as a URL. */
  function labPage() {
    const own = new URL(frame.dataset.lab || '../index.html', location.href);
    const asked = new URLSearchParams(location.search).get('lab');
    if (asked === null) return own;
    let u = null;
    try { u = new URL(asked, location.href); } catch { /* not a URL */ }
    if (u && u.origin === location.origin && /\/(index\.html)?$/.test(u.pathname) && !/\/examples\//.test(u.pathname)) return u;
    refusedLab = `“lab=” must name a lab page of this site (${location.origin}, a path ending in / or index.html); “${asked.slice(0, 80)}” is not one, so the lab beside this page is shown.`;
    return own;
  }

  // ---- a small client of the course API -------------------------------------------------
  let nextId = 1;
  const pending = new Map();      // id -> {resolve, reject}
  const listeners = new Map();    // subscription id -> fn(event)
  let onReady = null;
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
  function request(type, fields = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      frame.contentWindow.postMessage({ softlab: 1, id, type, ...fields }, labOrigin);
    });
  }

  /** Subscribes fn to an event; resolves to the subscription's id. */
  async function subscribe(event, fn, fields = {}) {
    const { subscription } = await request('subscribe', { event, ...fields });
    listeners.set(subscription, fn);
    return subscription;
  }
  const unsubscribe = (id) => {
    listeners.delete(id);
    return request('unsubscribe', { subscription: id }).catch(() => {}); // a time event is gone once sent
  };

  // ---- the quiz -------------------------------------------------------------------------
  const ms = (s) => `${+(s * 1e3).toPrecision(3)} ms`;
  const show = (text, cls = '') => {
    out.textContent = text;
    out.className = cls;
  };

  /** Runs the lab at dt (s) until it diverges or RUN_SECONDS pass: {diverged, t, state}. */
  async function run(dt) {
    await request('pause');
    await request('set', { dt }); // the lab starts again at t = 0
    let done;
    const outcome = new Promise((resolve) => { done = resolve; });
    const subs = [
      await subscribe('diverged', (e) => done({ diverged: true, t: e.t })),
      await subscribe('time', () => done({ diverged: false, t: RUN_SECONDS }), { t: RUN_SECONDS }),
    ];
    await request('play');
    const result = await outcome;
    await request('pause');
    await Promise.all(subs.map(unsubscribe));
    return { ...result, state: await request('get-state') };
  }

  /** The lab's largest stable Δt of panel 0 (its "find" search) and its linear bound. */
  async function bound() {
    let done;
    const answer = new Promise((resolve) => { done = resolve; });
    const sub = await subscribe('answered', (e) => { if (e.panel === 0 && e.question === 'stable-dt') done(e); });
    await request('ask', { question: 'stable-dt', panel: 0 });
    const a = await answer;
    await unsubscribe(sub);
    return a;
  }

  async function check() {
    const predicted = Number(input.value) / 1e3; // s
    if (!(predicted > 0) || !input.value) {
      show('Type a time step in milliseconds, e.g. 2.5.', 'bad');
      return;
    }
    button.disabled = true;
    try {
      show(`Running symplectic Euler at Δt = ${ms(predicted)} for ${RUN_SECONDS} s…`);
      const r = await run(predicted);
      const p = r.state.panels[0];
      const ran = r.diverged
        ? `At Δt = ${ms(predicted)} the lab's verdict is “${p.verdict}”: it blew up at t = ${r.t.toFixed(3)} s.`
        : p.verdict === 'growing'
          ? `At Δt = ${ms(predicted)} it did not blow up within ${RUN_SECONDS} s, but the lab's verdict is “growing”: ${p.reason}`
          : `At Δt = ${ms(predicted)} it ran ${RUN_SECONDS} s without blowing up (the lab's verdict: “${p.verdict}”).`;
      show(`${ran}\nAsking the lab for its largest stable Δt…`);
      const b = await bound();
      if (b.stableDt === null) throw new Error(b.failed ? 'the lab could not search for its bound' : 'the lab found no stable Δt');
      const off = (predicted - b.stableDt) / b.stableDt;
      const theory = b.theoryDt === null ? '' : ` The linear bound (ωΔt)max/ω_max says ${ms(b.theoryDt)}.`;
      const grade = Math.abs(off) <= CLOSE
        ? `Well predicted: within ${Math.round(CLOSE * 100)} % of it.`
        : `Your prediction is ${Math.round(Math.abs(off) * 100)} % ${off > 0 ? 'above' : 'below'} it.`;
      show(`${ran}\nThe lab's largest stable Δt is ${ms(b.stableDt)} (bisection).${theory} ${grade}`, Math.abs(off) <= CLOSE ? 'ok' : 'bad');
      Object.assign(out.dataset, { verdict: p.verdict, diverged: String(r.diverged), stableDt: String(b.stableDt), theoryDt: String(b.theoryDt), grade: Math.abs(off) <= CLOSE ? 'close' : 'off' });
    } catch (err) {
      show(`The lab said: ${err.message}`, 'bad');
      out.dataset.error = err.code || 'failed';
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    delete out.dataset.error;
    check();
  });

  frame.src = lab.href;
  ready.then(() => request('hello')).then((hello) => {
    if (!hello.versions.includes(1)) throw new Error('this lab does not speak version 1 of the course API');
    button.disabled = false;
    show(`${refusedLab ? refusedLab + '\n' : ''}The lab is ready (course API version ${hello.version}, scene ${hello.scene}).`);
  }).catch((err) => show(`The lab could not be reached: ${err.message}`, 'bad'));
})();
