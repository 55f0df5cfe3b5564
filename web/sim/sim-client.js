// The page's side of the simulations: a few Workers (web/sim-worker.js), each with its
// own instance of the wasm module the page compiled once, and one client per panel that
// talks to its simulation there (web/sim/sim-host.js says what each request does). Requests
// return promises of their replies; frames go to the client's onFrame as they arrive.
// The messages: web/sim/protocol.js.

import { TO_PAGE, TO_WORKER } from './protocol.js';
import { t } from '../ui/messages.js';

/** How many Workers for n simulations: one per core the page can spare, at most n, and
 *  two on a 2-core machine. The page's main thread mostly waits for its next frame, so a
 *  second Worker there gains more than it costs the drawing (issue 27, headless Chromium
 *  with WebGL off on this 2-core machine, 8 s windows, two interleaved rounds, one Worker
 *  against two taking panels round-robin: warp-tube 0.72 and 0.72× real time against 0.80
 *  and 0.85, onering-sphere-drop 0.89 and 0.90 against 0.94 and 0.95, warp-skin-on-bone
 *  1.00 either way; with SwiftShader drawing, warp-tube 0.62 against 0.74 at 30 against 27
 *  fps, fem-soft-beam 1.00 either way). */
export function workerCount(n, cores = (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2) {
  return Math.max(1, Math.min(n, Math.max(cores - 1, Math.min(2, cores))));
}

/** The Worker (0 .. workers-1) of panel k: back and forth over the Workers (0, 1, 1, 0 for
 *  four panels on two), not round-robin. A comparison puts its cheap baseline first and its
 *  dearest model last (linear FEM ... the Green-strain tets; symplectic Euler ... RK4), so
 *  pairing the ends evens the Workers' loads: warp-tube's panels need 0.3 / 3.2 / 2.1 /
 *  6.1 ms of a Worker per 10 ms simulated: 9.3 of them on one Worker round-robin, 6.4 here
 *  (two interleaved rounds as above: 0.90 and 0.84× real time round-robin, 0.98 and 0.97
 *  paired; onering-sphere-drop 0.97 and 0.98 against 0.98 and 0.99). */
export function workerOf(k, workers) {
  const lap = Math.floor(k / workers), at = k % workers;
  return lap % 2 === 0 ? at : workers - 1 - at;
}

/** The Worker of each panel: groups[k] is panel k's group (the scene's
 *  sl_scene_class.worker_groups, with the measurement that chose it), and panels of a group
 *  share a Worker, the groups (in increasing order) going to the Workers in turn; without
 *  a group for every panel, workerOf's pairing. warp-tube-drop: paired end to end, its two
 *  warpings shared a Worker (1.14 s of it per simulated second, make bench 2026-11-29). */
export function dealWorkers(groups, workers) {
  if (!groups.length || !groups.every((g) => Number.isInteger(g) && g >= 0)) return groups.map((_, k) => workerOf(k, workers));
  const order = [...new Set(groups)].sort((a, b) => a - b);
  return groups.map((g) => order.indexOf(g) % workers);
}

// A Worker that stops answering is noticed by the page (issue 43): it asks each Worker
// for a sign of life every PING_MS, and any message counts as one (a stepping Worker says
// how far it got every 15 ms, web/sim/sim-host.js). A Worker is lost when a question has been
// outstanding for its grace (SILENT_MS, or what it announced before a long computation:
// a build, an ω_max estimate, a slow step) on two checks in a row (the second in a later
// task, so answers queued while the page itself was busy are read first); a Worker that
// crashes (an error event, a wasm trap in its stepping) is lost at once. Worker.terminate()
// or an out-of-memory kill give no event: they are found by the silence, within
// SILENT_MS + 2 PING_MS. A lost Worker is replaced (at most MAX_RESTARTS times a page), and
// its clients move to the new one; the lab rebuilds their panels there (web/sim/recovery.js).
export const PING_MS = 200;
export const SILENT_MS = 1000;
// a new Worker loads its scripts and the wasm instance first (importScripts holds it):
// until its first message, and while it says it starts, it has this long
export const START_MS = 30000;
const MAX_RESTARTS = 5;

/** The error a request gets when its Worker was lost before it answered. */
export class WorkerLost extends Error {
  constructor(message) {
    super(message);
    this.lost = true;
  }
}

/** The Workers web/boot.js started before the page's script ran ({url, worker, error}), not
 *  yet taken; none on a page without it (a test's stand-in lab, a lesson's own pages). */
function earlyWorkers() {
  return Array.isArray(globalThis.softlabEarlyWorkers) ? globalThis.softlabEarlyWorkers : [];
}

/** Takes an early Worker of url ({worker, error}), or null. */
function earlyWorker(url) {
  const early = earlyWorkers();
  const at = early.findIndex((e) => e.url === String(url));
  return at < 0 ? null : early.splice(at, 1)[0];
}

export class SimPool {
  /**
   * Starts the Workers at once, so they load their scripts while the page compiles
   * softlab.wasm and reads its tables.
   * @param module    the compiled softlab.wasm (lab-api.js compileWasm), or a promise of it
   * @param maxSims   the most simulations that open() may ask for
   * @param workerUrl the Worker's script, web/sim-worker.js: an entry point the page names
   *                  from its own place (staged, this module is bundled into app.js, so a
   *                  URL made relative to this module would point elsewhere)
   */
  constructor(module, maxSims, workerUrl) {
    this.module = module;
    this.workerUrl = workerUrl;
    this.mesh = null;
    this.records = []; // {worker, heard, asked, grace, suspect, lost} per Worker
    this.clients = [];
    this.restarts = 0;
    /** ({clients, why, restarted}): a Worker was lost; its clients are on the new one
     *  (restarted) or failed. Set by the lab (web/sim/recovery.js). */
    this.onLost = () => {};
    for (let w = 0; w < workerCount(maxSims); w++) this.records.push(this.spawn());
    for (const extra of earlyWorkers().splice(0)) extra.worker.terminate(); // more than kept here
    this.watch = setInterval(() => this.check(), PING_MS);
  }

  get workers() { return this.records.map((r) => r.worker); }

  /** A new Worker (one the page's first script started, if it has one left for this URL:
   *  earlyWorker), given the module (and the user's mesh) as soon as they are here. */
  spawn() {
    const early = earlyWorker(this.workerUrl);
    const worker = early ? early.worker : new Worker(this.workerUrl);
    const rec = { worker, heard: performance.now(), asked: NaN, grace: START_MS, suspect: false, lost: false };
    Promise.resolve(this.module).then((m) => {
      if (rec.lost) return;
      worker.postMessage({ type: TO_WORKER.init, module: m });
      if (this.mesh) worker.postMessage({ type: TO_WORKER.mesh, mesh: this.mesh });
    }, () => {});
    worker.onmessage = (e) => this.heard(rec, e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.lose(rec, t('worker.crashed', { error: e.message || t('worker.error_unknown') }));
    };
    // an error before the pool took it (web/boot.js kept its text): lost as if it came now
    if (early && early.error !== null) setTimeout(() => this.lose(rec, t('worker.crashed', { error: early.error || t('worker.error_unknown') })), 0);
    return rec;
  }

  /** Clients for count simulations, spread over the Workers (the ones not needed stop);
   *  mesh: the user's mesh {name, text, text2} for scene "mesh", or null; groups[k]: panel
   *  k's Worker group, or undefined (dealWorkers). */
  open(count, mesh = null, groups = []) {
    for (const r of this.records.splice(workerCount(count))) {
      r.lost = true;
      r.worker.terminate();
    }
    this.mesh = mesh;
    if (mesh) for (const w of this.workers) w.postMessage({ type: TO_WORKER.mesh, mesh });
    const of = dealWorkers(Array.from({ length: count }, (_, k) => groups[k]), this.records.length);
    for (let k = 0; k < count; k++) {
      const client = new SimClient(this.workers[of[k]], k);
      client.silentMs = () => this.silentMs(client);
      this.clients.push(client);
    }
    return this.clients;
  }

  /** A message from rec's Worker: a sign of life, and perhaps the grace it asks for. */
  heard(rec, msg) {
    if (rec.lost) return;
    rec.heard = performance.now();
    rec.suspect = false;
    rec.grace = msg.type === TO_PAGE.busy ? Math.max(SILENT_MS, msg.ms) : SILENT_MS;
    if (msg.type === TO_PAGE.pong || msg.type === TO_PAGE.busy) return;
    if (msg.type === TO_PAGE.crashed) {
      this.lose(rec, t('worker.crashed', { error: msg.error }));
      return;
    }
    this.receive(msg);
  }

  /** Every PING_MS: a question to each Worker that has answered the last; a Worker whose
   *  question is overdue on two checks in a row is lost. */
  check() {
    const now = performance.now();
    for (const rec of [...this.records]) {
      if (rec.lost) continue;
      if (!(rec.asked > rec.heard)) {
        rec.asked = now;
        rec.worker.postMessage({ type: TO_WORKER.ping });
        continue;
      }
      const overdue = now - rec.heard > rec.grace;
      if (overdue && rec.suspect) this.lose(rec, t('worker.stopped_answering'));
      else rec.suspect = overdue;
    }
  }

  /** How long (ms) the Worker of client has been silent with a question outstanding
   *  (0 if it answered the last). */
  silentMs(client) {
    const rec = this.records.find((r) => r.worker === client.worker);
    return rec && rec.asked > rec.heard ? performance.now() - rec.heard : 0;
  }

  /** Ends rec's Worker, starts another (unless MAX_RESTARTS were used) and moves its
   *  clients there; why: what happened, in a student's words (worker.* of the message
   *  table, in the page's language: the recovery's and the perf line's templates take it). */
  lose(rec, why) {
    if (rec.lost) return;
    rec.lost = true;
    rec.worker.terminate();
    const clients = this.clients.filter((c) => c.worker === rec.worker);
    const at = this.records.indexOf(rec);
    const restarted = at >= 0 && this.restarts < MAX_RESTARTS;
    if (restarted) {
      this.restarts++;
      this.records[at] = this.spawn();
    } else if (at >= 0) {
      this.records.splice(at, 1);
    }
    for (const c of clients) c.lose(why, restarted ? this.records[at].worker : null);
    this.onLost({ clients, why, restarted });
  }

  /** For tests and the console (web/lab/lab-face.js testFault): Worker w fails as kind says:
   *  'terminate' (ended from outside, as an out-of-memory kill: no event), 'hang' (it
   *  stops answering: an endless loop), 'crash' (an error in it). */
  fault(w, kind) {
    const rec = this.records[w];
    if (!rec) throw new Error(`no Worker ${w}`);
    if (kind === 'terminate') rec.worker.terminate();
    else if (kind === 'hang' || kind === 'crash') rec.worker.postMessage({ type: TO_WORKER.fault, kind });
    else throw new Error(`no fault “${kind}”: terminate, hang or crash`);
  }

  receive(msg) {
    if (msg.type === TO_PAGE.fatal) {
      // a text, or a message of the table ({id, params}: the user's mesh refused) worded here
      const error = typeof msg.error === 'string' ? msg.error : t(msg.error.id, msg.error.params);
      for (const c of this.clients) c.fail(error);
      return;
    }
    const client = this.clients[msg.sim];
    if (client) client.receive(msg);
  }

  terminate() {
    clearInterval(this.watch);
    for (const r of this.records) {
      r.lost = true;
      r.worker.terminate();
    }
  }
}

export class SimClient {
  /** worker: the Worker that steps this simulation (panels of one Worker share its time,
   *  web/time/perf.js); sim: the simulation's id there. */
  constructor(worker, sim) {
    this.worker = worker;
    this.sim = sim;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, progress}
    this.onFrame = () => {};
    this.onFail = () => {};
    this.onLost = () => {};
    this.silentMs = () => 0; // how long its Worker has not answered a question (ms; SimPool)
    this.failed = '';
  }

  /** Sends a request without waiting for a reply. */
  send(type, msg = {}) {
    if (!this.failed) this.worker.postMessage({ ...msg, sim: this.sim, type });
  }

  /** Sends a request; resolves to its reply (rejects with the host's error).
   *  progress(msg): the progress messages of this request on the way. */
  request(type, msg = {}, progress = () => {}) {
    if (this.failed) return Promise.reject(new Error(this.failed));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ ...msg, sim: this.sim, type, id });
    });
  }

  receive(msg) {
    if (msg.type === TO_PAGE.frame || msg.type === TO_PAGE.latest) {
      this.onFrame(msg);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === TO_PAGE.progress) {
      p.progress(msg);
      return;
    }
    if (msg.type !== TO_PAGE.reply) return;
    this.pending.delete(msg.id);
    if (msg.error !== undefined && msg.status === undefined) p.reject(new Error(msg.error));
    else p.resolve(msg);
  }

  fail(error) {
    this.failed = error;
    for (const p of this.pending.values()) p.reject(new Error(error));
    this.pending.clear();
    this.onFail(error);
  }

  /** Its Worker was lost (why): the requests it had not answered fail with WorkerLost;
   *  the client goes on with worker (a new Worker, where the lab rebuilds it), or fails if
   *  null. onLost(why, restarted) tells the panel. */
  lose(why, worker) {
    const error = t('worker.lost', { why });
    for (const p of this.pending.values()) p.reject(new WorkerLost(error));
    this.pending.clear();
    if (worker) this.worker = worker;
    else this.failed = error;
    this.onLost(why, !!worker);
  }
}
