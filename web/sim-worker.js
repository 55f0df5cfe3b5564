// A Worker that runs simulations (web/sim/sim-host.js, one per panel it was given) in its
// own wasm instance, off the page's main thread. The first message is init (the compiled
// softlab.wasm); then perhaps mesh (the user's mesh {name, text, text2}) for scene "mesh";
// every later one names its simulation: {sim, type, ...} (web/sim/protocol.js lists them all).
// A classic worker (softlab.js is a classic script), staged bundled by esbuild
// (tools/stage_web.sh, --format=iife), which inlines the protocol's static import and the
// modules of import().
import { TO_PAGE, TO_WORKER } from './sim/protocol.js';

// the staged bundle begins with softlab.js (tools/stage_web.sh), which defines createSoftlab;
// a bundle made without it loads it here
if (typeof createSoftlab !== 'function') importScripts('softlab.js');

// the handler once init has loaded the core; messages that come first wait for it
let start;
const ready = new Promise((resolve) => { start = resolve; });
const hosts = new Map(); // sim id -> SimHost
let loaded = false;      // init is done
const START_MS = 30000;  // the watchdog's grace while loading (web/sim/sim-client.js START_MS)

async function init({ module }) {
  const [{ loadLab }, { SimHost }, { loadMeshText }] = await Promise.all([
    import('./core/lab-api.js'), import('./sim/sim-host.js'), import('./core/mesh-text.js')]);
  const core = await loadLab({ module });
  // the wasm memory's size (bytes), read by the soak test through Playwright (tests/web/soak-drag.test.js)
  self.softlabWasmBytes = () => core.Module.HEAP8.byteLength;
  return (msg) => {
    if (msg.type === TO_WORKER.mesh) {
      const { status, message, parts } = loadMeshText(core, msg.mesh);
      // worded on the page, in its language (web/sim/sim-client.js): the core's parts, else its text
      if (status !== 0) self.postMessage({ type: TO_PAGE.fatal, error: { id: 'notice.mesh_read_failed', params: { error: parts.length ? parts : message } } });
      return;
    }
    let host = hosts.get(msg.sim);
    if (!host) {
      host = new SimHost(core, (m, transfer) => self.postMessage({ sim: msg.sim, ...m }, transfer || []));
      hosts.set(msg.sim, host);
    }
    host.handle(msg);
  };
}

/** The page's fault injection for tests (SimPool.fault): an endless loop, or an error
 *  thrown out of the Worker's handler (an error event at the page). */
function fault(kind) {
  if (kind === 'hang') for (;;) { /* stops answering */ }
  throw new Error('a fault injected by the page');
}

self.onmessage = (e) => {
  // a sign of life for the page's watchdog (web/sim/sim-client.js), even before init is done
  // (while it loads, a long time: web/sim/sim-client.js START_MS)
  if (e.data.type === TO_WORKER.ping) {
    self.postMessage(loaded ? { type: TO_PAGE.pong } : { type: TO_PAGE.busy, ms: START_MS });
    return;
  }
  if (e.data.type === TO_WORKER.fault) {
    fault(e.data.kind);
    return;
  }
  if (e.data.type === TO_WORKER.init) {
    start(init(e.data));
    ready.then(() => {
      loaded = true;
      self.postMessage({ type: TO_PAGE.pong });
    }, () => {});
    ready.catch((err) => self.postMessage({ type: TO_PAGE.fatal, error: String(err.message || err) }));
    return;
  }
  // .then callbacks on one promise run in the order they were added: messages keep theirs
  ready.then((handle) => handle(e.data), () => {});
};
