#!/usr/bin/env node
// Records the default comparisons of web/time/recordings.js RECORDINGS into SITE/recordings/<scene>.json
// (issue 42 item 1; the format: web/time/recordings.js). Run by `make site` after staging.
//
// Why under node with the site's own softlab.wasm and web/sim/sim-host.js rather than the native
// CLI: a recording is then the very frames a Worker of the page posts for that run (the same
// compiled core, the same host code deciding samples, measures and verdicts), so the page can
// play it and then go on with its Workers' frames of the same run, seamlessly, and a test can
// check it bit for bit against a fresh run (tests/web/recording-frames.test.js). Native would
// cost about 0.7 of the time but differ in the last bits (another compiler and libm).
//
// Every panel is a job of its own (the panels of a comparison are independent runs), run in
// JOBS child processes at a time (default 2: this machine's cores; processes, not threads,
// so that each job's processor time is its own), the dearest first (RECORDINGS cost).
//
// With --if-changed it records nothing when SITE/recordings/stamp.txt names the same inputs
// (a hash of softlab.wasm, the staged modules a Worker runs, this file and the spans): a
// second `make site` then costs nothing here.
//
// usage: node tools/record_scenes.js SITE [--scene NAME] [--span S] [--jobs N] [--if-changed]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { fork } = require('node:child_process');
const { loadStagedCore } = require('./staged_core');

// what a recording depends on: the core and the Worker's modules (as staged), this tool
const INPUTS = ['softlab.wasm', 'softlab.js', 'core/api-signatures.js', 'core/lab-api.js', 'sim/sim-host.js', 'core/sim.js', 'settings/params.js',
  'core/phase.js', 'core/stability.js', 'sim/protocol.js', 'time/clock.js', 'time/recordings.js'];

function stampOf(dir, chosen) {
  const h = crypto.createHash('sha256');
  for (const f of INPUTS) h.update(fs.readFileSync(path.join(dir, f)));
  h.update(fs.readFileSync(__filename));
  h.update(JSON.stringify(chosen));
  return h.digest('hex');
}

/** One panel of one scene's own comparison, stepped by a SimHost to targets AHEAD_FRAME
 *  apart (web/time/clock.js: the page's computed-ahead frame spacing) up to span: its frames
 *  as the page receives them. */
async function recordPanel({ dir, scene, panel, span }) {
  const { core, web } = await loadStagedCore(dir);
  const { SimHost } = await web('sim/sim-host.js');
  const { parseParams } = await web('settings/params.js');
  const { AHEAD_FRAME } = await web('time/clock.js');
  const config = parseParams(new URLSearchParams({ scene }), core.scenes, core.steppers, core.params, core.fields);
  const c = config.panels[panel];
  const frames = [];
  let reply = null;
  const host = new SimHost(core, (msg) => {
    if (msg.type === 'reply') reply = msg;
    else if (msg.type === 'frame') frames.push(msg);
  });
  const cpu0 = process.cpuUsage(), wall0 = Date.now();
  host.handle({ type: 'build', id: 1, scene, params: c.params, method: c.method, dt: c.dt, beta: c.beta, epoch: 1 });
  if (!reply || reply.status !== 0) throw new Error(`${scene} panel ${panel}: ${reply ? reply.error : 'no reply'}`);
  const count = Math.round(span / AHEAD_FRAME);
  for (let k = 1; k <= count; k++) host.handle({ type: 'target', t: k * AHEAD_FRAME });
  while (host.running) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpu0);
  const steps = frames.reduce((s, f) => s + f.steps, 0);
  const nodes = frames[0].positions.length / 3;
  const sampleKeys = [...new Set(frames.flatMap((f) => f.samples.flatMap((s) => Object.keys(s))))];
  const positions = new Float32Array(frames.length * 3 * nodes);
  frames.forEach((f, k) => positions.set(f.positions, k * 3 * nodes));
  return {
    cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds: (Date.now() - wall0) / 1000, steps,
    panel: {
      method: c.method, dt: c.dt, beta: c.beta, params: c.params, nodes, sampleKeys,
      frames: frames.map((f) => ({
        t: f.t, at: f.at, measures: f.measures, height: f.height, grabbed: f.grabbed, stopped: f.stopped, verdict: f.verdict,
        plates: Array.from(f.plates),
        // step_ms is the recorder's own timing, not this page's: not recorded
        samples: f.samples.map((s) => sampleKeys.map((key) => (key === 'step_ms' ? NaN : s[key]))),
      })),
      positions: Buffer.from(positions.buffer).toString('base64'),
    },
  };
}

async function main() {
  const args = process.argv.slice(2);
  const dir = path.resolve(args[0] || 'build/site');
  const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : null; };
  const jobsWanted = Number(opt('--jobs') || 2);
  const { core, web } = await loadStagedCore(dir);
  const { RECORDINGS, RECORDING_FORMAT, encodeNumber } = await web('time/recordings.js');
  const { AHEAD_FRAME } = await web('time/clock.js');
  const chosen = RECORDINGS.filter((r) => !opt('--scene') || r.scene === opt('--scene'))
    .map((r) => ({ ...r, span: opt('--span') ? Number(opt('--span')) : r.span }));
  const stampFile = path.join(dir, 'recordings', 'stamp.txt');
  const stamp = stampOf(dir, chosen);
  if (args.includes('--if-changed') && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === stamp &&
    chosen.every((r) => fs.existsSync(path.join(dir, 'recordings', `${r.scene}.json`)))) {
    console.log(`record_scenes: ${chosen.length} recordings up to date (${path.relative(process.cwd(), stampFile)})`);
    return;
  }
  const jobs = [];
  for (const r of chosen) {
    const sc = core.scenes.find((s) => s.name === r.scene);
    if (!sc) throw new Error(`record_scenes: no scene ${r.scene}`);
    const panels = new URLSearchParams(sc.defaultView).get('methods').split(',').length;
    for (let panel = 0; panel < panels; panel++) jobs.push({ dir, scene: r.scene, panel, span: r.span, cost: (r.cost || [])[panel] || 0 });
  }
  jobs.sort((a, b) => b.cost - a.cost); // the dearest first: both processes end together
  const t0 = Date.now();
  const results = new Map();
  let next = 0;
  const runOne = () => new Promise((resolve, reject) => {
    const job = jobs[next++];
    const child = fork(__filename, ['--job', JSON.stringify(job)], { serialization: 'advanced' });
    child.once('message', (m) => { results.set(`${job.scene}/${job.panel}`, m); });
    child.once('exit', (code) => (code === 0 && results.has(`${job.scene}/${job.panel}`) ? resolve() : reject(new Error(`${job.scene} panel ${job.panel}: exit ${code}`))));
  });
  const lane = async () => { while (next < jobs.length) await runOne(); };
  await Promise.all(Array.from({ length: Math.min(jobsWanted, jobs.length) }, lane));
  fs.mkdirSync(path.join(dir, 'recordings'), { recursive: true });
  console.log('# scene panel stepper dt span_s steps cpu_s wall_s (cpu_s: the job\'s processor time, its wasm compile included)');
  for (const r of chosen) {
    const sc = core.scenes.find((s) => s.name === r.scene);
    const mine = jobs.filter((j) => j.scene === r.scene).sort((a, b) => a.panel - b.panel).map((j) => results.get(`${j.scene}/${j.panel}`));
    mine.forEach((m, i) => console.log(`${r.scene} ${i} ${m.panel.method} ${m.panel.dt} ${r.span} ${m.steps} ${m.cpuSeconds.toFixed(1)} ${m.wallSeconds.toFixed(1)}`));
    const rec = { format: RECORDING_FORMAT, scene: r.scene, frameSpacing: AHEAD_FRAME, span: r.span, panels: mine.map((m) => m.panel) };
    fs.writeFileSync(path.join(dir, 'recordings', `${r.scene}.json`), JSON.stringify(rec, encodeNumber));
  }
  if (!opt('--scene') && !opt('--span')) fs.writeFileSync(stampFile, stamp + '\n');
  console.log(`record_scenes: ${chosen.length} scenes, ${jobs.length} panels in ${((Date.now() - t0) / 1000).toFixed(1)} s wall (${jobsWanted} processes)`);
}

const jobArg = process.argv.indexOf('--job');
if (jobArg < 0) {
  main().catch((err) => { console.error(`record_scenes: ${err.stack || err}`); process.exit(1); });
} else {
  recordPanel(JSON.parse(process.argv[jobArg + 1])).then(
    (r) => process.send(r, () => process.exit(0)),
    (err) => { console.error(`record_scenes: ${err.stack || err}`); process.exit(1); });
}
