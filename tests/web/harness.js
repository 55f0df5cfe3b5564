// Shared set-up of the browser tests: serves the staged site (env SOFTLAB_SITE,
// default build/site) with tools/serve.py (python's http.server and the site's security
// headers) on a free port and launches Debian's
// Chromium through playwright-core (SwiftShader WebGL2). See ../shared/TOOLCHAIN.md.
'use strict';
const assert = require('node:assert');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = path.resolve(ROOT, process.env.SOFTLAB_SITE || 'build/site');
const RESULTS = path.join(ROOT, 'test-results');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function get(url) {
  return new Promise((resolve) => {
    http.get(url, (res) => { res.resume(); resolve(res.statusCode); }).on('error', () => resolve(0));
  });
}

async function waitForServer(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await get(url)) === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

/** Serves dir (with an index.html) on a free port of host with tools/serve.py: { base, server }. */
async function serveDir(dir, host = '127.0.0.1') {
  const port = await freePort();
  const server = spawn('python3', [path.join(ROOT, 'tools', 'serve.py'), String(port), '--bind', '127.0.0.1', '--directory', dir, '--quiet'],
    { stdio: 'ignore' });
  const base = `http://${host}:${port}`;
  await waitForServer(`http://127.0.0.1:${port}/index.html`, 10000);
  return { base, server };
}

/** Starts the server and the browser (with extraArgs on Chromium's command line):
 *  resolves to { base, browser, close() }. */
async function startSite(site = SITE, { extraArgs = [] } = {}) {
  assert.ok(fs.existsSync(path.join(site, 'index.html')), `${site} is not staged: run make site`);
  const { base, server } = await serveDir(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
  return {
    base, browser, server,
    async close() { await browser.close(); server.kill(); },
  };
}

/** query with playback=live unless it says otherwise: a comparison too slow for real time
 *  on the machine at hand goes computed ahead after 2 s of play (web/time/clock.js, issue 27),
 *  and a test of something else must not depend on the machine's speed; ahead.test.js
 *  tests that mode. */
function live(query) {
  if (/[?&]playback=/.test(query)) return query;
  return query + (query.includes('?') ? '&' : '?') + 'playback=live';
}

/** Opens the lab page of site with query (e.g. '?scene=...') in a new page, records page
 *  errors in page.errors, and waits until the lab is ready. */
async function openLab(site, query = '', viewport = { width: 1400, height: 1000 }) {
  const page = await site.browser.newPage({ viewport, acceptDownloads: true });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(site.base + '/index.html' + live(query));
  await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
  return page;
}

/** The lab's state snapshot once every panel's Worker has caught up with what was asked
 *  of it (window.softlab.settled()). */
const labState = (page) => page.evaluate(() => window.softlab.settled());

/** n steps of the lab (one Δt of each panel a step, as the Step button), each settled;
 *  resolves to the state then. */
async function stepLab(page, n) {
  await page.evaluate(async (k) => {
    for (let j = 0; j < k; j++) {
      window.softlab.control.step();
      await window.softlab.settled();
    }
  }, n);
  return labState(page);
}

/** Types text into panel i's field (a selector within a panel) and commits it, as Enter does. */
async function typePanelField(page, selector, i, text) {
  const input = page.locator(`.panel ${selector}`).nth(i);
  await input.evaluate((el, t) => { el.value = t; el.dispatchEvent(new Event('change')); }, text);
}

/** Counts the pixels of panel i's canvas in page (a page or a frame) that match each rule:
 *  rules {name: {lo: [r, g, b], hi: [r, g, b]}} (every channel within [lo, hi]) or
 *  {name: {spread: s}} (max - min channel > s). Resolves to {name: count, ..., total}. */
function countPixels(page, i, rules) {
  return page.evaluate(([index, rules]) => {
    const c = document.querySelectorAll('.panel canvas')[index];
    window.softlab.drawNow(index); // its drawing buffer is read in the task that drew it
    const off = document.createElement('canvas');
    off.width = c.width;
    off.height = c.height;
    const ctx = off.getContext('2d');
    ctx.drawImage(c, 0, 0);
    const px = ctx.getImageData(0, 0, off.width, off.height).data;
    const names = Object.keys(rules);
    const counts = Object.fromEntries(names.map((n) => [n, 0]));
    for (let k = 0; k < px.length; k += 4) {
      const rgb = [px[k], px[k + 1], px[k + 2]];
      for (const n of names) {
        const r = rules[n];
        const hit = r.spread !== undefined ? Math.max(...rgb) - Math.min(...rgb) > r.spread
          : rgb.every((v, ch) => v >= r.lo[ch] && v <= r.hi[ch]);
        if (hit) counts[n]++;
      }
    }
    return { ...counts, total: off.width * off.height };
  }, [i, rules]);
}

/** Pixels of panel i's canvas that are clearly coloured (the surface, markers), i.e. far
 *  from the grey background and grid: max - min channel > 60. Resolves to {n, total}. */
function colouredPixels(page, i = 0) {
  return countPixels(page, i, { n: { spread: 60 } });
}

/** Types value into a lesson page's question `index`, presses its button and waits (up to
 *  timeout ms) until the page's own simulation has checked it. Resolves to {cls: 'ok' or
 *  'bad', text: the verdict, truth: the page's measured number (data-truth)}. */
async function answerQuestion(page, index, value, timeout = 180000) {
  const q = page.locator('.question').nth(index);
  await q.locator('input').fill(String(value));
  await q.locator('button').click();
  await page.waitForFunction((i) => {
    const o = document.querySelectorAll('.question output')[i];
    return o.classList.contains('ok') || o.classList.contains('bad');
  }, index, { timeout });
  const out = q.locator('output');
  return { cls: await out.getAttribute('class'), text: await out.textContent(),
    truth: Number(await q.getAttribute('data-truth')) };
}

/** Runs during() under a Chrome trace; resolves to the main thread's tasks as
 *  [wall ms, thread ms] pairs, longest wall first. */
async function traced(page, during) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await during();
  await cdp.send('Tracing.end');
  await complete;
  const main = events.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  return events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .map((e) => [e.dur / 1000, (e.tdur ?? e.dur) / 1000]).sort((a, b) => b[0] - a[0]);
}

/** A function (method) => Promise of [result per Worker] that calls a DevTools method on
 *  every Worker target through browserCdp, the browser's DevTools session (a session per
 *  target, messages wrapped in Target.sendMessageToTarget: Playwright opens no session to a
 *  Worker); a Worker that does not answer in 30 s rejects it. */
function workerCalls(browserCdp) {
  const sessions = new Map();
  let nextId = 1;
  return async (method) => {
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    const results = [];
    for (const t of targetInfos.filter((x) => x.type === 'worker')) {
      if (!sessions.has(t.targetId)) {
        sessions.set(t.targetId, (await browserCdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })).sessionId);
      }
      const sessionId = sessions.get(t.targetId), id = nextId++;
      results.push(await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} from a Worker in 30 s`)), 30000);
        const heard = ({ sessionId: from, message }) => {
          const m = JSON.parse(message);
          if (from !== sessionId || m.id !== id) return;
          browserCdp.off('Target.receivedMessageFromTarget', heard);
          clearTimeout(timer);
          resolve(m.result);
        };
        browserCdp.on('Target.receivedMessageFromTarget', heard);
        browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
      }));
    }
    return results;
  };
}

module.exports = { ROOT, SITE, RESULTS, startSite, serveDir, openLab, live, labState, stepLab, typePanelField, countPixels, colouredPixels, answerQuestion, traced, workerCalls };
