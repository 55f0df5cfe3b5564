// The lab's first script (classic, deferred, before the module app.js): the cases in
// which the lab cannot start are said in words instead of "Loading the simulation core…"
// forever (issue 43). Opened from file:// or in a frame sandboxed without
// allow-same-origin, the page has an opaque origin: its module script, Web Workers and
// softlab.wasm are refused by the browser's same-origin rules. A module script that
// cannot load at all (offline, a proxy) fires `error` on its element. app.js starts
// nothing when data-cannot-start is set. Its texts are the message table's boot.* in every
// language (tools/messages.py --classic, self.SOFTLAB_CLASSIC_TEXTS), which
// tools/stage_web.sh puts at the top of the staged boot.js: they come with this script,
// when nothing else of the site may load, and run before the table's module could.
'use strict';

(() => {
  const loading = document.getElementById('loading');
  const text = loading && loading.querySelector('.loading-text');
  // the page's language as web/ui/messages.js picks it: ?lang=, else the browser's, else English
  const tables = self.SOFTLAB_CLASSIC_TEXTS || {};
  const lang = [new URLSearchParams(location.search).get('lang'), ...(navigator.languages || [])]
    .map((tag) => String(tag || '').toLowerCase().split('-')[0]).find((l) => l && tables[l]) || 'en';
  const template = (id) => (tables[lang] || {})[id] || (tables.en || {})[id] || id;
  const fail = (message) => {
    document.documentElement.dataset.cannotStart = '1';
    if (!loading || !text) return;
    loading.classList.add('failed');
    text.textContent = message;
  };
  if (location.protocol === 'file:') {
    fail(template('boot.file'));
    return;
  }
  if (self.origin === 'null') {
    fail(template('boot.sandboxed'));
    return;
  }
  startWorkers();
  const app = document.querySelector('script[type="module"][src$="app.js"]');
  if (app) {
    app.addEventListener('error', () => {
      if (!document.documentElement.dataset.cannotStart) fail(template('boot.no_script'));
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
          entry.error = e.message || ''; // worded by the pool (worker.crashed), which has the table
        };
        early.push(entry);
      }
    } catch {
      // no Workers here: the pool makes its own and says what fails
    }
    self.softlabEarlyWorkers = early;
  }
})();
