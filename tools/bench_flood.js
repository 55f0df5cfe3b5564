// `make bench PART=flood` (issue 43 item 2): how long a course page's `hello` waits behind a
// flood of get-state messages, for the lab and for a stub page whose listener only answers
// hello (the floor: the browser's own delivery of the flood's message events), measured in
// one run, alternately, so their ratio is measured on the same machine state. Both frames
// are of 127.0.0.1 (the stub on another port), the flooding page of localhost, as a course
// page of another origin embeds the lab (web/course/course-inbox.js says what the lab does
// with each message). Never a test: the times follow the machine's load.
// Usage: node tools/bench_flood.js SITE [N=10000] [RUNS=3] [QUERY=?scene=swinging-cube]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startSite, serveDir } = require('../tests/web/harness');

const [SITE = 'build/site', N = '10000', RUNS = '3', QUERY = '?scene=swinging-cube'] = process.argv.slice(2);

/** A folder served as a page: index.html with body, and stub.js if given. */
async function servePage(host, body, script) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'softlab-flood-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>flood</title>${body}`);
  if (script) fs.writeFileSync(path.join(dir, 'stub.js'), script);
  const served = await serveDir(dir, host);
  return { ...served, dir };
}

// posts n get-state to the frame sel, then a hello; resolves to the ms from the hello's
// post to its reply (and the ms the posting took)
const flood = (page, sel, n) => page.evaluate(async ([s, count]) => {
  const el = document.querySelector(s);
  const target = new URL(el.src).origin;
  const replied = new Promise((resolve) => addEventListener('message', function heard(e) {
    if (e.data && e.data.id === 'bench-hello') { removeEventListener('message', heard); resolve(performance.now()); }
  }));
  const t0 = performance.now();
  for (let k = 0; k < count; k++) el.contentWindow.postMessage({ softlab: 1, id: `flood-${k}`, type: 'get-state' }, target);
  const t1 = performance.now();
  el.contentWindow.postMessage({ softlab: 1, id: 'bench-hello', type: 'hello' }, target);
  return { postMs: t1 - t0, helloMs: (await replied) - t1 };
}, [sel, n]);

(async () => {
  const site = await startSite(SITE);
  // CSP of tools/serve.py allows no inline script: the stub's listener is a file
  const stub = await servePage('127.0.0.1', '<script src="stub.js"></script>',
    "addEventListener('message', (e) => { const d = e.data;\n" +
    "  if (d && d.type === 'hello') e.source.postMessage({ softlab: 1, id: d.id, type: 'reply', ok: true }, e.origin); });\n");
  const lab = `${site.base}/index.html${QUERY}${QUERY.includes('playback=') ? '' : '&playback=live'}`;
  const parent = await servePage('localhost',
    `<iframe id="lab" width="900" height="600" src="${lab}"></iframe><iframe id="stub" src="${stub.base}/index.html"></iframe>`);
  const page = await site.browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto(`${parent.base}/index.html`);
  const frame = () => page.frames().find((f) => f.url().startsWith(site.base));
  for (let k = 0; k < 300 && !frame(); k++) await page.waitForTimeout(100);
  await frame().waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000, polling: 100 });
  await page.waitForTimeout(2000);
  const load0 = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`issue 43: a hello behind ${N} get-state messages from a page of another origin (localhost), headless Chromium;`);
  console.log(`lab: ${QUERY}; stub: a listener that answers hello only (the browser's floor); ${RUNS} runs, alternately`);
  console.log('run  stub hello ms  lab hello ms  lab/stub');
  const ratios = [];
  for (let r = 1; r <= Number(RUNS); r++) {
    const a = await flood(page, '#stub', Number(N));
    await page.waitForTimeout(2000);
    const b = await flood(page, '#lab', Number(N));
    await page.waitForTimeout(4000); // the lab's refusals of the flood go out in the background
    ratios.push(b.helloMs / a.helloMs);
    console.log(`${String(r).padStart(3)}  ${a.helloMs.toFixed(0).padStart(13)}  ${b.helloMs.toFixed(0).padStart(12)}  ${(b.helloMs / a.helloMs).toFixed(2).padStart(8)}`);
  }
  ratios.sort((x, y) => x - y);
  const load1 = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`median lab/stub ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}; load average ${load0} before, ${load1} after`);
  for (const s of [stub, parent]) { s.server.kill(); fs.rmSync(s.dir, { recursive: true, force: true }); }
  await site.close();
})().catch((e) => { console.error(e); process.exit(1); });
