// The live chart (web/chart/chart.js) on its own, in headless Chromium: a LabChart with two
// series in a fresh div of the lab page, the core's channels (its CSV header below is
// that table's order, then the page's own quantities), fed known samples. Storage, the bounded plotted
// history and the CSV record's limit,
// switching the plotted quantity, gaps for missing and non-finite values, the y-range
// guard against a diverging panel, the CSV and PNG exports and the controls.
// Serves the staged site (env SOFTLAB_SITE, default build/site).
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const { RESULTS, startSite, openLab } = require('./harness');

const HEADER = 'panel,label,t_s,height_m,x_m,z_m,kinetic_J,potential_J,elastic_J,total_J,volume_ratio,violation,solver_iterations,step_size_s,thickness_ratio,ghost_force_N,ghost_torque_N_m,inverted_cells,step_ms,position_m,velocity_m_per_s,angle_rad,angular_velocity_rad_per_s,energy_error';

let site, page;
before(async () => {
  site = await startSite();
  page = await openLab(site, '?paused=1', { width: 1000, height: 900 });
  // window.chart: two series, five samples each (t = 0, 0.1, ... 0.4 s). Panel 0 has every
  // quantity; panel 1 has no kinetic energy at t = 0.2 (missing), NaN and Infinity heights
  // at t = 0.1 and 0.3, and an elastic energy that diverges at the end.
  await page.evaluate(async () => {
    const { LabChart } = await import('./chart/chart.js');
    // the core's channels (softlab/channels.h's table), as the lab passes them
    const { loadLab } = await import('./core/lab-api.js');
    window.channels = (await loadLab()).channels;
    const host = document.createElement('div');
    host.id = 'test-chart';
    host.style.cssText = 'width: 760px; background: #fff; padding: 8px';
    document.body.prepend(host);
    const chart = new LabChart(host, [{ label: 'regularized', color: '#2a7de1' }, { label: 'implicit "Euler"', color: '#e8743b' }],
      { quantity: 'height', heightLimits: [-2, 2], channels: window.channels });
    for (let k = 0; k < 5; k++) {
      const t = 0.1 * k;
      chart.add(0, t, { height: 1 - 0.1 * k, kinetic: 0.5 * k, potential: 10 - k, elastic: 0.25 * k, total: 10 + 0.75 * k - k,
        volume_ratio: 1 - 0.01 * k, violation: 1e-6 * k, step_ms: 0.2 });
      chart.add(1, t, { height: [0.9, NaN, 0.7, Infinity, 0.5][k], kinetic: k === 2 ? undefined : 0.4 * k, potential: 9 - k,
        elastic: k === 4 ? 1e12 : 0.2 * k, total: 9 - 0.4 * k, volume_ratio: 1, violation: 0, step_ms: 0.3 });
    }
    chart.add(0, 0.123456789, { height: 0.123456789 }); // panel 0 only: 6 samples
    chart.flush();
    window.chart = chart;
  });
});
after(async () => {
  if (page) await page.close();
  if (site) await site.close();
});

/** The uPlot instance's data: [t, panel 0, panel 1], nulls and undefineds as null. */
const plotted = () => page.evaluate(() => window.chart.plot.data.map((col) => Array.from(col, (v) => (v == null ? null : v))));

describe('LabChart', () => {
  test('stores every sample of each panel', async () => {
    assert.deepStrictEqual(await page.evaluate(() => [window.chart.count(0), window.chart.count(1)]), [6, 5]);
  });

  test('plots the height, one line per panel, with gaps (not zeros) for non-finite values', async () => {
    const [t, a, b] = await plotted();
    assert.deepStrictEqual(t, [0, 0.1, 0.123456789, 0.2, 0.30000000000000004, 0.4]);
    assert.deepStrictEqual(a, [1, 0.9, 0.123456789, 0.8, 0.7, 0.6]);
    assert.deepStrictEqual(b, [0.9, null, null, 0.7, null, 0.5]);
    // a gap is null in uPlot's data (breaks the line), also at the neighbouring alignment
    // artifact t = 0.123456789 (only panel 0 has a sample there)
    assert.deepStrictEqual(await page.evaluate(() => [1, 2, 4].map((k) => window.chart.plot.data[2][k] === null)), [true, true, true]);
    const info = await page.evaluate(() => ({
      quantity: window.chart.quantity,
      axes: window.chart.plot.axes.map((x) => x.label),
      strokes: window.chart.plot.series.slice(1).map((s) => s.stroke()),
      labels: [...document.querySelectorAll('#test-chart .u-legend .u-series .u-label')].map((e) => e.textContent),
    }));
    assert.strictEqual(info.quantity, 'height');
    assert.deepStrictEqual(info.axes, ['time t (s)', 'height (m)']);
    assert.deepStrictEqual(info.strokes, ['#2a7de1', '#e8743b']);
    assert.deepStrictEqual(info.labels, ['t (s)', 'regularized', 'implicit "Euler"']);
  });

  test('switching the quantity plots the stored history of the new one', async () => {
    await page.evaluate(() => window.chart.setQuantity('kinetic'));
    const [, a, b] = await plotted();
    assert.deepStrictEqual(a, [0, 0.5, null, 1, 1.5, 2]);
    assert.deepStrictEqual(b, [0, 0.4, null, null, 1.2000000000000002, 1.6], 'missing kinetic energy at t = 0.2 is a gap');
    assert.deepStrictEqual(await page.evaluate(() => [window.chart.quantity, window.chart.plot.axes[1].label]),
      ['kinetic', 'kinetic energy (J)']);
    await page.evaluate(() => window.chart.setQuantity('no-such-quantity'));
    assert.strictEqual(await page.evaluate(() => window.chart.quantity), 'kinetic', 'unknown ids are ignored');
  });

  test('a diverging panel does not squash the others', async () => {
    await page.evaluate(() => window.chart.setQuantity('elastic'));
    const [min, max] = await page.evaluate(() => [window.chart.plot.scales.y.min, window.chart.plot.scales.y.max]);
    assert.ok(min <= 0 && max >= 1 && max < 10, `elastic energy axis [${min}, ${max}] with one value at 1e12 J`);
    await page.evaluate(() => window.chart.setQuantity('height'));
    const [lo, hi] = await page.evaluate(() => [window.chart.plot.scales.y.min, window.chart.plot.scales.y.max]);
    assert.ok(lo >= -2 && hi <= 2 && lo <= 0.123456789 && hi >= 1, `height axis [${lo}, ${hi}] within the limits [-2, 2]`);
  });

  test('toCsv: one row per panel and sample, SI units in the header, exact numbers, empty gaps', async () => {
    const lines = (await page.evaluate(() => window.chart.toCsv())).trim().split('\n');
    assert.strictEqual(lines[0], HEADER);
    assert.strictEqual(lines.length, 1 + 6 + 5);
    assert.strictEqual(lines[1], '1,"regularized",0,1,,,0,10,0,10,1,0,,,,,,,0.2,,,,,');
    assert.ok(lines.includes('1,"regularized",0.123456789,0.123456789,,,,,,,,,,,,,,,,,,,,'), 'the added value round-trips');
    assert.strictEqual(Number(lines[7].split(',')[3]), 0.9);
    assert.strictEqual(lines[8], '2,"implicit ""Euler""",0.1,,,,0.4,8,0.2,8.6,1,0,,,,,,,0.3,,,,,', 'NaN height is an empty cell');
    assert.strictEqual(lines[9].split(',')[6], '', 'missing kinetic energy is an empty cell');
    assert.strictEqual(lines[11].split(',')[8], '1000000000000');
  });

  test('toPng: a PNG blob of the chart with its legend', async () => {
    const png = await page.evaluate(async () => {
      const blob = await window.chart.toPng();
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return { type: blob.type, size: blob.size, magic: String.fromCharCode(...bytes.subarray(1, 4)) };
    });
    assert.strictEqual(png.type, 'image/png');
    assert.strictEqual(png.magic, 'PNG');
    assert.ok(png.size > 1000, `PNG of ${png.size} bytes`);
  });

  test('setLabel renames the legend entry and the CSV label; clear empties one panel', async () => {
    await page.evaluate(() => window.chart.setLabel(1, 'explicit-euler'));
    const legend = await page.$$eval('#test-chart .u-legend .u-series .u-label', (els) => els.map((e) => e.textContent));
    assert.deepStrictEqual(legend, ['t (s)', 'regularized', 'explicit-euler']);
    assert.match(await page.evaluate(() => window.chart.toCsv()), /\n2,"explicit-euler",0,0\.9,/);
    // screenshot before clearing: both lines, axes with units, legend
    fs.mkdirSync(RESULTS, { recursive: true });
    await page.locator('#test-chart').screenshot({ path: path.join(RESULTS, 'chart.png') });
    const cleared = await page.evaluate(() => {
      const c = new (window.chart.constructor)(document.createElement('div'), [{ label: 'a', color: '#000' }], { channels: window.channels });
      c.add(0, 0, { height: 1 });
      c.clear(0);
      c.flush();
      return [c.count(0), c.plot.data[0].length, c.toCsv().trim().split('\n').length];
    });
    assert.deepStrictEqual(cleared, [0, 0, 1]);
  });

  test('draws a bounded history that keeps every peak, dip and gap of a long run', async () => {
    const r = await page.evaluate(() => {
      const c = new (window.chart.constructor)(document.createElement('div'), [{ label: 'a', color: '#000' }], { quantity: 'kinetic', channels: window.channels });
      const n = 50000;
      for (let k = 0; k < n; k++) {
        const kinetic = k === 31337 ? 100 : k === 12345 ? -50 : Math.sin(k / 500);
        c.add(0, k * 0.01, { kinetic, height: k === 40000 ? NaN : 1 });
      }
      c.flush();
      const [t, v] = c.plot.data;
      const peak = v.indexOf(100), dip = v.indexOf(-50);
      c.setQuantity('height');
      const h = c.plot.data[1];
      return { count: c.count(0), points: t.length, peakT: t[peak], dipT: t[dip], last: t[t.length - 1],
        ascending: t.every((x, k) => k === 0 || x > t[k - 1]), gaps: h.filter((x) => x === null).length,
        gapT: c.plot.data[0][h.indexOf(null)], rows: c.toCsv().trim().split('\n').length, memory: c.memory(), quantities: c.ids.length };
    });
    assert.strictEqual(r.count, 50000);
    assert.ok(r.points <= 2 * r.memory.buckets + 1 && r.points >= r.memory.buckets / 2, `${r.points} points drawn`);
    assert.ok(r.ascending, 'times ascend');
    assert.strictEqual(r.peakT, 313.37, 'the one-sample peak is drawn at its time');
    assert.strictEqual(r.dipT, 123.45, 'the one-sample dip is drawn at its time');
    assert.strictEqual(r.last, 499.99, 'the latest sample is drawn');
    assert.strictEqual(r.gaps, 1, 'the one-sample gap breaks the line');
    assert.strictEqual(r.gapT, 400);
    // 50,000 samples: the record filled at 32,768 and thinned to every 2nd sample: 25,000
    // rows, a comment line and the header
    assert.strictEqual(r.rows, 2 + 25000, 'the CSV has every 2nd sample');
    assert.deepStrictEqual([r.memory.rows, r.memory.dropped, r.memory.strides, r.memory.bytesPerRow],
      [[25000], [25000], [2], 8 * (1 + r.quantities)]); // t and each quantity
  });

  test('the phase portrait keeps a bounded trace of whole samples over the whole run', async () => {
    const r = await page.evaluate(async () => {
      const { LabChart, PHASE } = await import('./chart/chart.js');
      const c = new LabChart(document.createElement('div'), [{ label: 'a', color: '#000' }], { quantity: PHASE, channels: window.channels });
      // 5000 samples round the unit circle, 100 a turn: x = cos, v = −sin
      for (let k = 0; k < 5000; k++) c.add(0, k / 100, { position: Math.cos(k * Math.PI / 50), velocity: -Math.sin(k * Math.PI / 50) });
      c.flush();
      const [x, v] = c.plot.data[1];
      return { n: x.length, first: [x[0], v[0]], last: [x[x.length - 1], v[v.length - 1]], worst: Math.max(...x.map((q, k) => Math.abs(q * q + v[k] ** 2 - 1))), axes: c.plot.axes.map((a) => a.label) };
    });
    // 5000 samples: span 4 after two halvings (2048 -> 1024 at 2048, span 2; at 4096, span 4): 1250 kept + the latest
    assert.strictEqual(r.n, 1251);
    assert.deepStrictEqual(r.first, [1, -0]);
    assert.ok(Math.abs(r.last[0] - Math.cos(4999 * Math.PI / 50)) < 1e-12, 'ends at the latest sample');
    assert.ok(r.worst < 1e-12, 'each point is one sample (q and p of one time)');
    assert.deepStrictEqual(r.axes, ['position of the tracked node (m)', 'velocity (m/s)']);
  });

  test('the CSV record stays within 32,768 rows a panel, spread evenly over the whole run, and says so', async () => {
    const N = 100005; // samples of panel 1, 0.002 s apart; panel 2 has one
    const r = await page.evaluate(async (N) => {
      const { chartControls } = await import('./chart/chart.js');
      const host = document.createElement('div'), box = document.createElement('div');
      document.body.append(box, host);
      const c = new (window.chart.constructor)(host, [{ label: 'a', color: '#000' }, { label: 'b', color: '#f00' }], { channels: window.channels });
      chartControls(c, box);
      const hiddenBefore = box.querySelector('.chart-limit').hidden;
      let fullBytes = NaN;
      for (let k = 0; k < N; k++) {
        c.add(0, k * 0.002, { height: k });
        if (k === 32767) fullBytes = c.memory().recordBytes;
      }
      c.add(1, 0, { height: 2 });
      c.flush();
      const csv = c.toCsv().split('\n');
      const rows = csv.filter((l) => l.startsWith('1,'));
      const note = box.querySelector('.chart-limit');
      const out = { hiddenBefore, hidden: note.hidden, note: note.textContent, first: csv[0], second: csv[1],
        lines: csv.length, last: csv[csv.length - 2], count: c.count(0), memory: c.memory(), fullBytes,
        title: box.querySelector('button').title,
        // every kept row is sample 4k (t = 4k × 0.002 s, height = 4k): uniform over the run
        uneven: rows.filter((l, k) => { const [, , t, h] = l.split(','); return +h !== 4 * k || Math.abs(+t - 4 * k * 0.002) > 1e-9; }).length };
      c.clear(0);
      c.flush();
      out.afterClear = [note.hidden, c.memory().recordBytes];
      box.remove();
      host.remove();
      return out;
    }, N);
    // filled at 32,768 (stride 2 from then), again at sample 65,536 (stride 4): 16,384 rows
    // then, and every 4th sample of 65,536..100,004 (8,618) after them
    const rows = 16384 + 8618;
    assert.strictEqual(r.hiddenBefore, true);
    assert.strictEqual(r.count, N, 'every sample is counted and plotted');
    assert.deepStrictEqual([r.memory.rows, r.memory.dropped, r.memory.strides], [[rows, 1], [N - rows, 0], [4, 1]]);
    assert.strictEqual(r.uneven, 0, 'the kept rows are every 4th sample from t = 0');
    assert.strictEqual(r.memory.recordBytes, r.fullBytes + r.memory.chunkBytes, 'panel 1 stopped growing once full (+ panel 2\'s one chunk)');
    assert.strictEqual(r.fullBytes, 32768 / 4096 * r.memory.chunkBytes);
    assert.strictEqual(r.first, '# softlab: CSV holds every 4th sample of panel 1 (at most 32,768 rows a panel, spread over the whole run); ' +
      `the plot shows every sample. Samples not in this file: panel 1: ${N - rows}, panel 2: 0.`);
    assert.strictEqual(r.second, HEADER);
    assert.strictEqual(r.lines, 2 + rows + 1 + 1, 'comment, header, the kept rows + 1, final newline');
    assert.strictEqual(r.last, '2,"b",0,2,,,,,,,,,,,,,,,,,,,,');
    assert.strictEqual(r.hidden, false);
    assert.match(r.note, /^CSV holds every 4th sample of panel 1 \(at most 32,768 rows a panel/);
    assert.match(r.title, /at most 32,768 samples of each panel, spread over the whole run/);
    assert.deepStrictEqual(r.afterClear, [true, r.memory.chunkBytes], 'cleared, the note goes; panel 2 keeps its record');
  });

  test('controls: a labelled quantity menu and CSV / PNG downloads, by keyboard', async () => {
    await page.evaluate(async () => {
      const { chartControls } = await import('./chart/chart.js');
      const box = document.createElement('div');
      box.id = 'test-controls';
      document.body.prepend(box);
      chartControls(window.chart, box);
    });
    const select = page.locator('#test-controls select[aria-label="plotted quantity"]');
    const quantities = await page.evaluate(() => window.chart.quantities.length); // the core's channels and the page's
    assert.ok(quantities >= 16);
    assert.strictEqual(await select.locator('option').count(), quantities + 1, 'every quantity against time and the phase portrait');
    assert.strictEqual(await select.inputValue(), 'height');
    await select.focus();
    await page.keyboard.press('ArrowDown'); // height -> x of the tracked node
    assert.strictEqual(await page.evaluate(() => window.chart.quantity), 'x');
    await page.keyboard.press('Tab');
    assert.strictEqual(await page.evaluate(() => document.activeElement.textContent), 'CSV');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.strictEqual(csv.suggestedFilename(), 'softlab-data.csv');
    assert.strictEqual(fs.readFileSync(await csv.path(), 'utf8').split('\n')[0], HEADER);
    await page.keyboard.press('Tab');
    const [png] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.strictEqual(png.suggestedFilename(), 'softlab-x.png');
    assert.strictEqual(fs.readFileSync(await png.path()).subarray(1, 4).toString(), 'PNG');
    assert.deepStrictEqual(page.errors, []);
  });
});
