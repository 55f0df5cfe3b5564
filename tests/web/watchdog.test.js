// The page's watchdog over its simulation Workers (web/sim/sim-client.js, issue 43), with
// stand-in Workers under node (no page, no load from drawing): a Worker that stops
// answering is lost after SILENT_MS and two checks; one that answers, or that announced a
// long computation, is not; a lost Worker's requests fail with WorkerLost and its clients
// move to the new Worker. And the course API's bound on pending messages (web/course/course-api.js)
// with a stand-in lab whose every state takes 20 ms to read: 10,000 get-state messages
// leave at most 32 waiting, hello is answered at once, fields are own fields only.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const { SITE } = require('./harness');

/** A module of the staged site (course-api.js reaches the generated api-signatures.js;
 *  sim-client.js the message table, web/ui/message-tables.js, for a lost Worker's reason). */
const staged = (file) => import(pathToFileURL(path.join(SITE, file)).href);

/** A stand-in Worker: answers pings unless silent; records what it was sent. */
class FakeWorker {
  constructor() {
    this.sent = [];
    this.silent = false;
    this.terminated = false;
    FakeWorker.all.push(this);
  }
  postMessage(msg) {
    this.sent.push(msg);
    if (msg.type === 'ping' && !this.silent && !this.terminated) setTimeout(() => this.onmessage({ data: { type: 'pong' } }), 1);
  }
  terminate() { this.terminated = true; }
}
FakeWorker.all = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('watchdog: a silent Worker is lost within SILENT_MS + 2 checks; its requests fail; its clients move on', async () => {
  globalThis.Worker = FakeWorker;
  const { SimPool, SILENT_MS, PING_MS } = await staged('sim/sim-client.js');
  const pool = new SimPool(Promise.resolve('module'), 2);
  try {
    const [a, b] = pool.open(2);
    assert.notStrictEqual(a.worker, b.worker);
    // both answer: nobody is lost over 3 s
    await sleep(200);
    for (const w of FakeWorker.all) w.onmessage({ data: { type: 'pong' } }); // started
    const losses = [];
    pool.onLost = (e) => losses.push({ ...e, at: performance.now() });
    await sleep(3 * SILENT_MS);
    assert.deepStrictEqual(losses, []);
    // the first goes silent with a request outstanding
    const old = a.worker;
    const pending = a.request('frame');
    old.silent = true;
    const t0 = performance.now();
    const within = Promise.race([pending, sleep(5000).then(() => 'no answer and not lost in 5 s')]);
    await assert.rejects(within, (err) => err.lost === true && /the simulation Worker stopped answering/.test(err.message));
    const ms = performance.now() - t0;
    console.log(`a silent Worker was lost ${ms.toFixed(0)} ms after it went silent`);
    assert.strictEqual(losses.length, 1);
    assert.strictEqual(losses[0].why, 'stopped answering');
    assert.strictEqual(losses[0].restarted, true);
    assert.deepStrictEqual(losses[0].clients, [a]);
    assert.ok(ms >= SILENT_MS && ms <= SILENT_MS + 3 * PING_MS + 100, `lost after ${ms.toFixed(0)} ms`);
    assert.ok(old.terminated);
    assert.notStrictEqual(a.worker, old);
    assert.strictEqual(b.failed, '');
    assert.ok(a.worker.sent.some((m) => m.type === 'init'), 'the new Worker gets the module');
  } finally {
    pool.terminate();
  }
});

test('watchdog: a Worker that announced a long computation is given its time; after it, the silence counts again', async () => {
  globalThis.Worker = FakeWorker;
  const { SimPool, SILENT_MS } = await staged('sim/sim-client.js');
  const pool = new SimPool(Promise.resolve('module'), 1);
  try {
    const [a] = pool.open(1);
    const losses = [];
    pool.onLost = (e) => losses.push(e);
    a.worker.onmessage({ data: { type: 'busy', ms: 4 * SILENT_MS } }); // e.g. a build of a large mesh
    a.worker.silent = true;
    await sleep(2.5 * SILENT_MS);
    assert.deepStrictEqual(losses, [], 'within its announced time');
    a.worker.onmessage({ data: { type: 'reply', sim: 0, id: 99 } }); // done: the grace is SILENT_MS again
    await sleep(2.5 * SILENT_MS);
    assert.strictEqual(losses.length, 1);
  } finally {
    pool.terminate();
  }
});

test('watchdog: a crash (an error event) is a loss at once; restarts are bounded', async () => {
  globalThis.Worker = FakeWorker;
  const { SimPool } = await staged('sim/sim-client.js');
  const pool = new SimPool(Promise.resolve('module'), 1);
  try {
    const [a] = pool.open(1);
    const losses = [];
    pool.onLost = (e) => losses.push(e);
    for (let k = 0; k < 7; k++) a.worker.onerror({ message: 'boom', preventDefault() {} });
    assert.match(losses[0].why, /crashed \(boom\)/);
    // five new Workers (MAX_RESTARTS), then the client fails; its dead Worker says no more
    assert.deepStrictEqual(losses.map((e) => e.restarted), [true, true, true, true, true, false]);
    assert.match(a.failed, /crashed \(boom\)/);
    await assert.rejects(a.request('frame'), /crashed/);
  } finally {
    pool.terminate();
  }
});

/** A stand-in window for the course API and a page that posts to it. */
function fakeLab() {
  const listeners = [];
  const win = { location: { origin: 'https://lab.example' }, addEventListener: (t, fn) => listeners.push(fn), parent: null };
  win.parent = win;
  const answers = [];
  const source = { postMessage: (m) => answers.push(m), closed: false };
  const post = (data) => { for (const fn of listeners) fn({ source, origin: 'https://course.example', data }); };
  let reads = 0;
  const lab = {
    scene: 'oscillator', steppers: ['rk4'], panels: [{}],
    control: { params: [] },
    on: () => () => {},
    settled: async () => { reads++; await sleep(20); return { t: 0, playing: false, panels: [] }; },
    simCall: async () => 0,
    state: () => ({ panels: [] }),
    chart: { ids: ['height'], quantities: [{ id: 'height', label: 'height', unit: 'm' }], quantity: 'height' }, // hello names them (version 2)
  };
  return { win, lab, post, answers, reads: () => reads };
}

test('course API: 10,000 get-state leave at most 32 waiting (busy), hello at once and before their refusals, one reading per batch', async () => {
  const { startCourseApi, MAX_PENDING } = await staged('course/course-api.js');
  const { win, lab, post, answers, reads } = fakeLab();
  startCourseApi(win, lab);
  for (let k = 0; k < 10000; k++) post({ softlab: 1, id: k, type: 'get-state' });
  post({ softlab: 1, id: 'hello', type: 'hello' });
  await sleep(5);
  // the hello is answered first: the flood's refusals wait in the outbox (sent by later tasks)
  assert.strictEqual(answers[0].id, 'hello', 'hello answered before any refusal was sent');
  assert.strictEqual(answers[0].type, 'reply');
  // the outbox is sent 256 a task: wait for it (and for the two readings), 10 s at most
  for (let k = 0; k < 1000 && answers.length < 10001; k++) await sleep(10);
  const busy = answers.filter((m) => m.code === 'busy');
  assert.strictEqual(busy.length, 10000 - MAX_PENDING);
  assert.match(busy[0].error, /32 messages waiting/);
  // sent oldest first, each under its own id
  assert.deepStrictEqual(busy.map((m) => m.id), [...Array(10000 - MAX_PENDING).keys()].map((k) => k + MAX_PENDING));
  const replies = answers.filter((m) => m.type === 'reply' && m.request === 'get-state');
  assert.strictEqual(replies.length, MAX_PENDING);
  assert.strictEqual(reads(), 2, 'the first alone, then the 31 that waited side by side in one reading');
});

test('course API: fields are own fields: constructor, toString, hasOwnProperty, __proto__ are unknown fields', async () => {
  const { startCourseApi } = await staged('course/course-api.js');
  const { win, lab, post, answers } = fakeLab();
  startCourseApi(win, lab);
  for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) post({ softlab: 1, id: name, type: 'play', [name]: 1 });
  post(JSON.parse('{"softlab": 1, "id": "proto", "type": "play", "__proto__": {"x": 1}}'));
  await sleep(5);
  for (const id of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'proto']) {
    const m = answers.find((a) => a.id === id);
    assert.strictEqual(m.code, 'bad-field', `${id}: ${JSON.stringify(m)}`);
    assert.match(m.error, /unknown field/);
  }
});
