// Prints a <link rel="modulepreload"> line for every ES module that ENTRY imports,
// directly or not (static `from './x.js'` imports, found by reading the files in DIR),
// so that the browser fetches the whole module graph at once instead of one level of
// imports after another. Used by tools/stage_web.sh for the lab page.
// Usage: node tools/module_preloads.js DIR ENTRY
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [dir, entry] = process.argv.slice(2);
const seen = new Set();
const queue = [entry];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'\.\/([\w.-]+\.js)'/gms)) queue.push(m[1]);
}
for (const file of [...seen].sort()) console.log(`  <link rel="modulepreload" href="${file}">`);
