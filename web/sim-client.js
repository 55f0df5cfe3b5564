// The page's side of the simulations: a few Workers (web/sim-worker.js), each with its
// own instance of the wasm module the page compiled once, and one client per panel that
// talks to its simulation there (web/sim-host.js says what each request does). Requests
// return promises of their replies; frames go to the client's onFrame as they arrive.

/** How many Workers for n simulations: one per core the page can spare, at most n. */
export function workerCount(n) {
  const cores = (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2;
  return Math.max(1, Math.min(n, cores - 1));
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
    for (let k = 0; k < count; k++) this.clients.push(new SimClient(this.workers[k % this.workers.length], k));
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
