// Issue 27's bench table (tools/bench_table.js) on made-up numbers: parsing the CLI's rows
// and the page's lines, merging them, the baseline comparison and its flag. Nothing here
// is timed and no browser is started.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const { parseNative, parsePage, limitOf, merge, needs, compare, formatTable, SLOWER } = require('../../tools/bench_table.js');

const NATIVE = `# scene panel stepper dt beta nodes tets rows ms_per_step steps resets unstable cpu_ms_per_step
cube 0 symplectic-euler 0.05 0 8 5 18 0.0040 1000 300 1 0.0040
cube 1 regularized 0.05 0 8 5 18 0.0200 1000 0 0 0.0200
tube 0 linear-fem 0.01 0 352 960 5760 2.0 100 0 0 2.0
tube 1 stiffness-warping 0.01 0 352 960 5760 10.0 30 0 0 10.0
`;
const page = (scene, rtf, start, panels, perf = '60 fps') =>
  JSON.stringify({ scene, rtf, start_ms: start, perf, fps: 60, max_gap_ms: 20, errors: [], panels });
const PAGE = [
  page('cube', 1.0, 1200, [
    { method: 'symplectic-euler', dt: 0.05, worker_ms: 0.3, stopped: true, verdict: 'diverged' },
    { method: 'regularized', dt: 0.05, worker_ms: 0.04, stopped: false, verdict: 'running' }]),
  page('tube', 0.2, 1800, [
    { method: 'linear-fem', dt: 0.01, worker: 0, worker_ms: 2.4, stopped: false, verdict: 'running' },
    { method: 'stiffness-warping', dt: 0.01, worker: 0, worker_ms: 12, stopped: false, verdict: 'running' }],
  '44 fps · steps per second of compute: 407 / 83 · slow motion: 0.20× real time; stepping limits: panel 2 computes 83 steps/s where 100 are needed'),
].join('\n');

test('the CLI rows and the page lines merge per scene and panel', () => {
  const rows = parseNative(NATIVE);
  assert.strictEqual(rows.length, 4);
  assert.deepStrictEqual([rows[0].unstable, rows[1].unstable, rows[3].native_ms, rows[2].tets], [true, false, 10, 960]);
  const scenes = merge(rows, parsePage(PAGE));
  assert.deepStrictEqual(scenes.map((s) => s.scene), ['cube', 'tube']);
  const tube = scenes[1];
  assert.strictEqual(tube.limit, 'stepping p2');
  assert.strictEqual(tube.panels[1].worker_ms, 12);
  assert.ok(Math.abs(tube.panels[1].ratio - 1.2) < 1e-12);
  assert.ok(scenes.every((s) => s.panels.every((p) => !p.page_differs)));
  // Worker s per simulated s on the busiest Worker: the tube's two panels share Worker 0,
  // 2.4 ms / 10 ms + 12 ms / 10 ms; the cube's stopped panel is left out
  assert.ok(Math.abs(tube.step_need - 1.44) < 1e-12);
  assert.ok(Math.abs(scenes[0].step_need - 0.0008) < 1e-12);
  assert.match(formatTable(compare(scenes, null)), /tube +1 linear-fem .* 2\.40 1 /);
  // on two Workers the busier one decides: 12 ms / 10 ms
  const two = PAGE.replace('"worker":0,"worker_ms":12', '"worker":1,"worker_ms":12');
  assert.notStrictEqual(two, PAGE);
  assert.ok(Math.abs(merge(rows, parsePage(two))[1].step_need - 1.2) < 1e-12);
  assert.throws(() => parseNative('cube 0 regularized'), /bad native line/);
  // the real-time factor after the first second, where the page gave it, beside the whole window's
  const after = PAGE.replace('"scene":"tube","rtf":0.2', '"scene":"tube","rtf":0.2,"rtf_after":0.25');
  assert.notStrictEqual(after, PAGE);
  const table = formatTable(compare(merge(rows, parsePage(after)), null));
  assert.match(table, /tube +1 linear-fem .* 0\.20× +0\.25× +1\.44× /);
  assert.match(formatTable(compare(scenes, null)), /tube +1 linear-fem .* 0\.20× +1\.44× /);
});

test('a page that opens other panels, or none, is said so', () => {
  const other = page('cube', 1, 1000, [{ method: 'verlet', dt: 0.05, worker_ms: 1 }, { method: 'regularized', dt: 0.05, worker_ms: 1 }]);
  const [cube] = merge(parseNative(NATIVE).slice(0, 2), parsePage(other));
  assert.deepStrictEqual(cube.panels.map((p) => p.page_differs), [true, false]);
  const [lost] = merge(parseNative(NATIVE).slice(0, 2), []);
  assert.strictEqual(lost.page_error, 'no page run');
  assert.strictEqual(lost.panels[0].worker_ms, null);
  assert.match(formatTable(compare([lost], null)), /cube .*failed/);
});

test('a Δt of 1/240 s, which the CLI prints to 6 digits (%g: 0.00416667), is the page\'s own', () => {
  // the hanging chain's Δt (xpbd-hanging-chain): 1/240 s on the page, 0.00416667 in the CLI's row,
  // 8e-7 apart relative: the same panel; 0.0041667 (1e-5 apart) is another
  const row = (dt) => parseNative(`chain 0 xpbd ${dt} 0 31 0 30 0.02 100 0 0 0.02\n`);
  const pageOf = () => parsePage(page('chain', 1, 1000, [{ method: 'xpbd', dt: 1 / 240, worker_ms: 0.02 }]));
  assert.strictEqual(merge(row('0.00416667'), pageOf())[0].panels[0].page_differs, false);
  assert.strictEqual(merge(row('0.0041667'), pageOf())[0].panels[0].page_differs, true);
});

test('the limit is read off the perf line', () => {
  assert.strictEqual(limitOf('60 fps · steps per second of compute: 100'), 'keeps up');
  assert.strictEqual(limitOf('9 fps · slow motion: 0.50× real time; drawing limits: a frame takes 90 ms'), 'drawing');
  assert.strictEqual(limitOf('slow motion: 0.5× real time; the machine limits: frames come every 300 ms'), 'machine');
  assert.strictEqual(limitOf('slow motion: 0.6× real time; stepping limits: one Worker steps panels 1, 2, 3 and 4 and is busy 99 % of the time'), 'stepping Worker');
});

test('a scene over 1.5x slower than the baseline is flagged, with where', () => {
  const base = { scenes: merge(parseNative(NATIVE), parsePage(PAGE)) };
  // the same run: nothing slower
  let now = compare(merge(parseNative(NATIVE), parsePage(PAGE)), base);
  assert.ok(now.every((s) => !s.slower && Math.abs(s.slowdown - 1) < 1e-12));
  assert.match(formatTable(now), new RegExp(`no scene over ${SLOWER}× slower`));
  // the warping panel's processor time doubled: the tube's native need 0.2 + 1.0 -> 0.2 + 2.0 s/s
  now = compare(merge(parseNative(NATIVE.replace('5760 10.0 30 0 0 10.0', '5760 10.0 30 0 0 20.0')), parsePage(PAGE)), base);
  assert.deepStrictEqual([now[1].slower, now[1].slowest], [true, 'native']);
  assert.ok(Math.abs(now[1].slowdown - 2.2 / 1.2) < 1e-12);
  assert.match(formatTable(now), /1 scene\(s\) over 1.5× slower than the baseline: tube \(1.83× native\)/);
  assert.match(formatTable(now), /make bench SCENES=tube\)/);
  // the linear panel's Worker time doubled: 0.24 + 1.2 -> 0.48 + 1.2 s/s is 1.17x, not flagged
  now = compare(merge(parseNative(NATIVE), parsePage(PAGE.replace('"worker_ms":2.4', '"worker_ms":4.8'))), base);
  assert.deepStrictEqual([now[1].slower, now[1].slowest], [false, 'worker']);
  // the real-time factor halved
  now = compare(merge(parseNative(NATIVE), parsePage(PAGE.replace('"rtf":0.2', '"rtf":0.1'))), base);
  assert.deepStrictEqual([now[1].slower, now[1].slowest, now[1].slowdown], [true, 'real time', 2]);
  // below the floors: a panel meant to blow up, a Worker need under 5 % of real time, and a
  // start within 2 s are not flagged
  const noisy = PAGE.replace('"worker_ms":0.3', '"worker_ms":3').replace('"worker_ms":0.04', '"worker_ms":0.01')
    .replace('"start_ms":1200', '"start_ms":1900');
  now = compare(merge(parseNative(NATIVE.replace('18 0.0040 1000 300 1 0.0040', '18 0.04 1000 300 1 0.04')), parsePage(noisy)), base);
  assert.strictEqual(now[0].slower, false, `cube: ${now[0].slowdown} ${now[0].slowest}`);
  // a scene the baseline lacks, or whose panels changed, is not compared
  now = compare(merge(parseNative(NATIVE), parsePage(PAGE)), { scenes: [] });
  assert.ok(now.every((s) => s.slowdown === null && !s.slower));
  assert.match(formatTable(now), /no baseline/);
  now = compare(merge(parseNative(NATIVE.replace('tube 1 stiffness-warping 0.01', 'tube 1 stiffness-warping 0.005')), parsePage(PAGE)), base);
  assert.strictEqual(now[1].slowdown, null);
});

test('needs: processor s per simulated s, natively from processor time where the CLI gave it', () => {
  const [, tube] = merge(parseNative(NATIVE.replace('5760 2.0 100 0 0 2.0', '5760 4.0 100 0 0 2.0')), parsePage(PAGE));
  const n = needs(tube.panels);
  assert.ok(Math.abs(n.native - 1.2) < 1e-12 && Math.abs(n.worker - 1.44) < 1e-12, JSON.stringify(n));
  const old = merge(parseNative(NATIVE.split('\n').map((l) => l.split(' ').slice(0, 12).join(' ')).join('\n')), []);
  assert.ok(Math.abs(needs(old[1].panels).native - 1.2) < 1e-12); // wall ms where no processor ms
  // against such a baseline, wall ms on both sides: 4.0 ms wall (2.0 processor) is 1.4 s/s against 1.2
  const [, vsOld] = compare(merge(parseNative(NATIVE.replace('5760 2.0 100 0 0 2.0', '5760 4.0 100 0 0 2.0')), parsePage(PAGE)), { scenes: old });
  assert.ok(Math.abs(vsOld.slowdown - 1.4 / 1.2) < 1e-12 && vsOld.slowest === 'native', `${vsOld.slowdown} ${vsOld.slowest}`);
});
