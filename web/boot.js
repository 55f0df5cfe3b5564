// The lab's first script (classic, deferred, before the module app.js): the cases in
// which the lab cannot start are said in words instead of "Loading the simulation core…"
// forever (issue 43). Opened from file:// or in a frame sandboxed without
// allow-same-origin, the page has an opaque origin: its module script, Web Workers and
// softlab.wasm are refused by the browser's same-origin rules. A module script that
// cannot load at all (offline, a proxy) fires `error` on its element. app.js starts
// nothing when data-cannot-start is set.
'use strict';

(() => {
  const loading = document.getElementById('loading');
  const text = loading && loading.querySelector('.loading-text');
  const fail = (message) => {
    document.documentElement.dataset.cannotStart = '1';
    if (!loading || !text) return;
    loading.classList.add('failed');
    text.textContent = message;
  };
  if (location.protocol === 'file:') {
    fail('The lab cannot start from a file (file://): browsers refuse its modules, Web Workers and WebAssembly there. ' +
      'Serve the folder with a static web server instead, e.g. `make serve` in the softlab folder ' +
      '(or `python3 -m http.server` in the site folder), and open the http:// address it prints.');
    return;
  }
  if (self.origin === 'null') {
    fail('The lab cannot start in this frame: it is sandboxed without allow-same-origin, and such a page may not start ' +
      'the Web Workers and WebAssembly the lab runs on. The page that embeds it must give the frame ' +
      'sandbox="allow-scripts allow-same-origin" (or no sandbox), or open the lab in a tab of its own.');
    return;
  }
  startWorkers();
  const app = document.querySelector('script[type="module"][src$="app.js"]');
  if (app) {
    app.addEventListener('error', () => {
      if (!document.documentElement.dataset.cannotStart) fail('The lab’s script could not be loaded (app.js): check the connection, then reload the page.');
    });
  }

  /** The simulation Workers (web/sim-worker.js) started here, before the lab's own script
   *  runs; its pool (web/sim/sim-client.js SimPool) takes them from self.softlabEarlyWorkers.
   *  A Worker's thread is started by the page's main thread once the browser has its script,
   *  and app.js keeps that thread busy for its first few hundred ms (the core's tables, the
   *  panels), so a Worker made there started only when the page sat waiting for it: in
   *  Chrome traces of the lab's start (swinging-cube, headless Chromium, this loaded 2-core
   *  machine) its thread began 130-440 ms after its script had arrived; started here, 30-50
   *  ms after in four traces of six (80-180 ms in the others). As many as the pool keeps on
   *  this machine's cores, two at most (it makes any more itself). */
  function startWorkers() {
    const url = new URL('sim-worker.js', document.baseURI).href;
    const count = Math.min(2, navigator.hardwareConcurrency || 2);
    const early = [];
    try {
      for (let i = 0; i < count; i++) {
        const entry = { url, worker: new Worker(url), error: null };
        entry.worker.onerror = (e) => {
          e.preventDefault();
          entry.error = e.message || 'the simulation Worker failed to start';
        };
        early.push(entry);
      }
    } catch {
      // no Workers here: the pool makes its own and says what fails
    }
    self.softlabEarlyWorkers = early;
  }
})();
