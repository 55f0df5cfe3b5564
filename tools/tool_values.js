// The committed output of a measuring tool (tools/NAME.out.txt), read for the lessons'
// :tool[NAME]{…} values (tools/build_lessons.js). Such a file is a header of `# key: value`
// lines (the command, date and machine that made it) and then one line per result,
// whitespace-separated words of which some are `key=value`, e.g.
//   find-dt stiffness-warping          E=1e6  dt_max=0.00105671757
// A result is addressed by its row (the line's other words, single-spaced:
// "find-dt stiffness-warping E=1e6") and its field (dt_max). Only tools whose output is
// deterministic (no timing) and rerun and compared by `make check-tools` belong here.
'use strict';

/** Parses a tool's output: {header: Map key -> text, lines: [[word, ...], ...]}. */
function parseToolOutput(text) {
  const header = new Map();
  const lines = [];
  for (const line of text.split('\n')) {
    const h = line.match(/^#\s*([\w-]+):\s*(.*)$/);
    if (h) header.set(h[1], h[2].trim());
    else if (line.trim() && !line.startsWith('#')) lines.push(line.trim().split(/\s+/));
  }
  return { header, lines };
}

/**
 * The text of field `field` on the one line whose other words are `row` (a header key when
 * row is empty). Throws on an unknown or ambiguous row or field: a lesson must not print a
 * number its tool did not write.
 */
function toolField(table, row, field) {
  if (!row) {
    if (!table.header.has(field)) throw new Error(`no header line "# ${field}: …"`);
    return table.header.get(field);
  }
  const want = row.trim().split(/\s+/).join(' ');
  const found = [];
  for (const words of table.lines) {
    const cell = words.find((w) => w.startsWith(`${field}=`));
    if (cell && words.filter((w) => w !== cell).join(' ') === want) found.push(cell.slice(field.length + 1));
  }
  if (found.length !== 1) throw new Error(`${found.length ? 'more than one' : 'no'} line "${want}" with a field ${field}`);
  return found[0];
}

/**
 * A tool's number as a lesson prints it: the number times scale, with `digits` significant
 * digits (numberText) or, without digits, as written (round-off of the scaling removed). A
 * bound (`<`, `>=`, `<=`, `>` before the number, e.g. the end of a searched grid) keeps its
 * sign as `<`, `≥`, `≤`, `>` and its number as written: it is not a measured value.
 */
function toolNumberText(text, scale, digits, numberText) {
  const m = String(text).match(/^(<=|>=|<|>)?(.*)$/);
  const x = Number(m[2]);
  if (m[2] === '' || !Number.isFinite(x)) throw new Error(`"${text}" is not a number`);
  const sign = { '<': '< ', '>': '> ', '<=': '≤ ', '>=': '≥ ' }[m[1]] || '';
  const y = x * scale;
  return sign + (digits && !sign ? numberText(y, digits) : String(Number(y.toPrecision(12))));
}

module.exports = { parseToolOutput, toolField, toolNumberText };
