// The staged site's core in node (a site of `make site` or `make dist`): its softlab.wasm
// through its own lab-api.js, as a page or a Worker loads it, for the tools and tests that
// run the page's modules without a browser (recordings, lesson checks, tests against the
// core's numbers).
//
//   const { core, web } = await loadStagedCore(site);
//   core: web/core/lab-api.js loadLab's {api, scenes, steppers, params, ...}
//   web(file): the staged module `file` (an ES module import)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

async function loadStagedCore(site) {
  const web = (file) => import(pathToFileURL(path.join(site, file)).href);
  globalThis.createSoftlab = require(path.join(site, 'softlab.js')); // lab-api.js finds it there, as on a page
  const { loadLab } = await web('core/lab-api.js');
  const core = await loadLab({ module: await WebAssembly.compile(fs.readFileSync(path.join(site, 'softlab.wasm'))) });
  return { core, web };
}

module.exports = { loadStagedCore };
