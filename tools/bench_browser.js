// Time per step of every scene x stepper in headless Chromium (wasm, SwiftShader
// machine, no GL drawing): prints "scene method us_per_step" lines for tools/bench.sh.
// Usage: node tools/bench_browser.js SITE_DIR STEPS
'use strict';
const path = require('node:path');
const { startSite } = require('../tests/web/harness');

async function main() {
  const site = await startSite(path.resolve(process.argv[2] || 'build/site'));
  const steps = Number(process.argv[3] || 2000);
  try {
    const page = await site.browser.newPage();
    page.on('pageerror', (e) => console.error('bench page:', e.message));
    await page.goto(site.base + '/index.html?methods=regularized');
    await page.waitForFunction(() => typeof window.createSoftlab === 'function', null, { timeout: 30000 });
    const rows = await page.evaluate(async (n) => {
      const M = await window.createSoftlab();
      const api = (name, ret, args) => M.cwrap('sl_api_' + name, ret, args);
      const sceneCount = api('scene_count', 'number', [])(), sceneName = api('scene_name', 'string', ['number']);
      const stepperCount = api('stepper_count', 'number', [])(), stepperName = api('stepper_name', 'string', ['number']);
      const dtOf = api('scene_default_dt', 'number', ['number']);
      const simCreate = api('sim_create', 'number', ['string']);
      const build = api('sim_build', 'number', ['number', 'string', 'number', 'number']);
      const step = api('step', 'number', ['number', 'number']), reset = api('reset', null, ['number']);
      const destroy = api('sim_destroy', null, ['number']);
      const create = (scene, method, dt, beta) => {
        const h = simCreate(scene);
        if (h > 0 && build(h, method, dt, beta) !== 0) { destroy(h); return 0; }
        return h;
      };
      const out = [];
      for (let s = 0; s < sceneCount; s++) {
        for (let k = 0; k < stepperCount; k++) {
          const h = create(sceneName(s), stepperName(k), dtOf(s), 0);
          if (h <= 0) continue;
          const t0 = performance.now();
          for (let i = 0; i < n; i++) if (step(h, 1) !== 0) reset(h);
          out.push([sceneName(s), stepperName(k), (1000 * (performance.now() - t0)) / n]);
          destroy(h);
        }
      }
      return out;
    }, steps);
    for (const [scene, method, us] of rows) console.log(`${scene} ${method} ${us.toFixed(2)}`);
  } finally {
    await site.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
