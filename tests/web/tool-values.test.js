// tools/tool_values.js: how a lesson's :tool[NAME]{…} finds a number in a tool's committed
// output (tools/build_lessons.js), on a small made-up file and on the committed
// tools/warp_tube_dt.out.txt that lesson 002's table quotes. Node only, no browser.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { parseToolOutput, toolField, toolNumberText } = require('../../tools/tool_values');

const sample = parseToolOutput([
  '# command: bash tools/x.sh build/softlab both',
  '# date: 2026-11-27',
  'no-div  stiffness-warping          E=2e6  dt_max=0.003',
  'no-div  stiffness-warping          E=1e6  dt_max=<0.001',
  'no-div  implicit-euler             E=1e6  dt_max=>=0.1',
  'find-dt stiffness-warping          E=1e6  dt_max=0.00105671757',
  'twice   a E=1 v=1', 'twice   a E=1 v=2', ''].join('\n'));
const plain = (x, d) => x.toPrecision(d);

test('a row is the line\'s other words, single-spaced; the header gives its keys', () => {
  assert.strictEqual(toolField(sample, 'no-div stiffness-warping E=2e6', 'dt_max'), '0.003');
  assert.strictEqual(toolField(sample, '  find-dt   stiffness-warping E=1e6 ', 'dt_max'), '0.00105671757');
  assert.strictEqual(toolField(sample, '', 'date'), '2026-11-27');
});

test('an unknown row, field or header key, or a row on two lines, throws', () => {
  assert.throws(() => toolField(sample, 'no-div stiffness-warping E=5e5', 'dt_max'), /no line/);
  assert.throws(() => toolField(sample, 'no-div stiffness-warping E=2e6', 'dt'), /no line/);
  assert.throws(() => toolField(sample, 'no-div stiffness-warping', 'dt_max'), /no line/); // E= is part of the row
  assert.throws(() => toolField(sample, 'twice a E=1', 'v'), /more than one/);
  assert.throws(() => toolField(sample, '', 'machine'), /no header/);
});

test('numbers are scaled, rounded or written as given, bound signs kept', () => {
  assert.strictEqual(toolNumberText('0.003', 1000), '3'); // 0.003 * 1000 = 3.0000000000000004 without the clean-up
  assert.strictEqual(toolNumberText('0.015', 1000), '15');
  assert.strictEqual(toolNumberText('0.00105671757', 1000, 3, plain), '1.06');
  assert.strictEqual(toolNumberText('<0.001', 1000), '< 1');
  assert.strictEqual(toolNumberText('<0.001', 1000, 3, plain), '< 1'); // a bound is not rounded to digits
  assert.strictEqual(toolNumberText('>=0.1', 1000), '≥ 100');
  assert.throws(() => toolNumberText('n/a', 1), /not a number/);
  assert.throws(() => toolNumberText('<', 1), /not a number/);
});

test('the committed tube table has its header and all 30 cells lesson 002 quotes', () => {
  const table = parseToolOutput(fs.readFileSync(path.join(__dirname, '../../tools/warp_tube_dt.out.txt'), 'utf8'));
  for (const key of ['command', 'date', 'machine']) assert.ok(table.header.get(key), `header ${key}`);
  let cells = 0;
  for (const crit of ['no-div', 'find-dt'])
    for (const m of ['stiffness-warping', 'stiffness-warping-element', 'implicit-euler'])
      for (const e of ['2e6', '1e6', '5e5', '2e5', '1e5']) {
        const t = toolNumberText(toolField(table, `${crit} ${m} E=${e}`, 'dt_max'), 1000);
        const x = Number(t.replace(/^[<>≤≥] /, ''));
        // no-div searches the grid 1 ... 100 ms; find-dt bisects upward from 1 ms
        assert.ok(x >= 1 && (crit === 'find-dt' || x <= 100), `${crit} ${m} E=${e}: ${t} ms`);
        cells++;
      }
  assert.strictEqual(cells, 30);
});
