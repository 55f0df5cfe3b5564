#!/usr/bin/env node
// A grader's table of the students' set-ups (issue 45 item 3): for each seed, each varied
// question of the built lessons and the values its seed picks, exactly as the page picks
// them (lessons/seeded.js pickSetup, staged beside the pages). A course that links each
// student's lesson with ?seed=NUMBER, or a SCORM platform (the seed is "L" and the hash of
// the learner id, the one the package reports in cmi.suspend_data), can list what every
// student was asked; the answer is the core's run of that set-up (the lesson's check).
//
//   node tools/question_setups.js [--site build/site] [--learner] ID...
//
// ID: a seed as in the URL (1-64 letters, digits, '-', '_', '.'), or with --learner a
// learner id (cmi.core.student_id), hashed as the lesson hashes it. Prints TSV: seed,
// question (NNN-Qn), and each varied name=value. Needs `make site` (the built lessons).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

/** The varied questions of the built lesson page html: [{key, vary}] in page order. */
function variedQuestions(html) {
  const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const out = [];
  for (const m of html.matchAll(/<div class="question"[^>]*>/g)) {
    const key = /data-key="([^"]*)"/.exec(m[0]), vary = /data-vary="([^"]*)"/.exec(m[0]);
    if (key && vary) out.push({ key: key[1], vary: JSON.parse(unescape(vary[1])) });
  }
  return out;
}

async function main(argv) {
  let site = 'build/site', learner = false;
  const ids = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--site') site = argv[++i];
    else if (argv[i] === '--learner') learner = true;
    else ids.push(argv[i]);
  }
  const dir = path.join(site, 'lessons');
  if (!ids.length || !fs.existsSync(path.join(dir, 'seeded.js'))) {
    process.stderr.write(`usage: node tools/question_setups.js [--site DIR] [--learner] ID...  (${dir}/seeded.js: make site)\n`);
    return 2;
  }
  const seeded = await import(pathToFileURL(path.resolve(dir, 'seeded.js')).href);
  const pages = fs.readdirSync(dir).filter((f) => /^\d{3}-.*\.html$/.test(f)).sort();
  for (const id of ids) {
    const seed = learner ? seeded.learnerSeed(id) : id;
    if (!seed || !seeded.SEED_PATTERN.test(seed)) {
      process.stderr.write(`question_setups: "${id}" is not a seed (1-64 letters, digits, '-', '_', '.')\n`);
      return 2;
    }
    for (const page of pages) {
      for (const q of variedQuestions(fs.readFileSync(path.join(dir, page), 'utf8'))) {
        const picked = seeded.pickSetup(seed, q.key, q.vary);
        process.stdout.write([seed, q.key, ...Object.entries(picked).map(([n, v]) => `${n}=${v}`)].join('\t') + '\n');
      }
    }
  }
  return 0;
}

// a reader that stops early (| head) is no error
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });
main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  process.stderr.write(`question_setups: ${e.message}\n`);
  process.exitCode = 1;
});
