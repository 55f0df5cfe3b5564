// The page's side of the simulations: a few Workers (web/sim-worker.js), each with its
// own instance of the wasm module the page compiled once, and one client per panel that
// talks to its simulation there (web/sim-host.js says what each request does). Requests
// return promises of their replies; frames go to the client's onFrame as they arrive.

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

export class SimPool {
  /**
   * Starts the Workers at once, so they load their scripts while the page compiles
   * softlab.wasm and reads its tables.
   * @param module    the compiled softlab.wasm (lab-api.js compileWasm), or a promise of it
   * @param maxSims   the most simulations that open() may ask for
   */
  constructor(module, maxSims = 4) {
    this.workers = [];
    this.clients = [];
    for (let w = 0; w < workerCount(maxSims); w++) {
      const worker = new Worker(new URL('./sim-worker.js', import.meta.url));
      Promise.resolve(module).then((m) => worker.postMessage({ type: 'init', module: m }), () => {});
      worker.onmessage = (e) => this.receive(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.fail(worker, e.message || 'the simulation Worker failed to start');
      };
      this.workers.push(worker);
    }
  }

  /** Clients for count simulations, spread over the Workers (the ones not needed stop);
   *  mesh: the user's mesh {name, text, text2} for scene "mesh", or null. */
  open(count, mesh = null) {
    for (const w of this.workers.splice(workerCount(count))) w.terminate();
    if (mesh) for (const w of this.workers) w.postMessage({ type: 'mesh', mesh });
    for (let k = 0; k < count; k++) this.clients.push(new SimClient(this.workers[workerOf(k, this.workers.length)], k));
    return this.clients;
  }

  receive(msg) {
    if (msg.type === 'fatal') {
      for (const c of this.clients) c.fail(msg.error);
      return;
    }
    const client = this.clients[msg.sim];
    if (client) client.receive(msg);
  }

  fail(worker, error) {
    for (const c of this.clients) if (c.worker === worker) c.fail(error);
  }

  terminate() {
    for (const w of this.workers) w.terminate();
  }
}

export class SimClient {
  /** worker: the Worker that steps this simulation (panels of one Worker share its time,
   *  web/perf.js); sim: the simulation's id there. */
  constructor(worker, sim) {
    this.worker = worker;
    this.sim = sim;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, progress}
    this.onFrame = () => {};
    this.onFail = () => {};
    this.failed = '';
  }

  /** Sends a request without waiting for a reply. */
  send(type, msg = {}) {
    if (!this.failed) this.worker.postMessage({ ...msg, sim: this.sim, type });
  }

  /** Sends a request; resolves to its reply (rejects with the host's error).
   *  progress(msg): {type: 'progress'} messages of this request on the way. */
  request(type, msg = {}, progress = () => {}) {
    if (this.failed) return Promise.reject(new Error(this.failed));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ ...msg, sim: this.sim, type, id });
    });
  }

  receive(msg) {
    if (msg.type === 'frame' || msg.type === 'latest') {
      this.onFrame(msg);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.progress(msg);
      return;
    }
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
}
