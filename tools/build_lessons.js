// Builds the lessons from one template (issue 28 item 5, issue 29 item 4; Markdown, issue 45
// item 4):
//   node tools/build_lessons.js OUTDIR [VALIDATION_JSON]
// reads lessons/NNN-*.md (the syntax: tools/lesson_markdown.js; the README's "Writing a
// lesson") and writes OUTDIR/lessons/NNN-*.html. In a lesson's source:
//   front matter (seed, title, page-title, index-note)  the page's head (lessons/page-head.html,
//       written once for every lesson and the index), its crumb and <h1>; the index lists it;
//   ```lab  title: …  scene: …  methods: …  dt: …```  an embedded lab: the iframe and its URL,
//       checked by the page's own URL reader (web/settings/params.js parseParams) against the core's
//       tables (the staged softlab.wasm): a scene, stepper or parameter the core does not
//       know, or any notice the page would show, fails the build;
//   ```question  measure: …  scene: …  method: …  label: …  (blank line) the question```
//       a question the page checks by its own simulation (lessons/lesson.js): its scene and
//       stepper are checked against the core's tables as a lab's are, its measure against
//       the page's (lessons/measures.js MEASURES, staged beside the pages); `vary-NAME: …`
//       (its dt or a scene parameter per student, lessons/seeded.js) each value checked by
//       the lab's URL reader, `:param[NAME]` in its text the written value (the page puts
//       the student's in), `lab: …` more URL parameters of the lab of the student's set-up;
//   :claim[003-bound-rk4]{field=measured|reference|paper|extra:NAME digits=4 scale=1}
//       a number of validation mode (times scale, e.g. 1000 for s -> ms) (softlab validate --json, VALIDATION_JSON);
//       extra:NAME is one of the row's further measured numbers (a table's other cells,
//       sl_claim_result.extra): an unknown claim or name, or no JSON, fails the build; the
//       lesson's footer then names when and where the numbers were measured;
//   :setup[ID]  the row's set-up in words (printed beside a measured table);
//   :stepper[rk4]{field=evaluations|bound digits=4}  a fact of the core's stepper table
//       (force evaluations per step, the stability bound (ωΔt)max; ∞ for none): an unknown
//       stepper or field fails the build;
//   :tool[warp_tube_dt]{row="find-dt stiffness-warping E=1e6" field=dt_max digits=3 scale=1000}
//       a number of a tool's committed output, tools/NAME.out.txt (tools/tool_values.js: the
//       line whose other words are `row`, its `field=`; digits optional: without, as
//       written), for results too long to rerun at every build; only for deterministic
//       output that `make check-tools` reruns and compares. Without row, field is a header
//       key (`# date: …`, `# machine: …`, `# command: …`), printed as text. An unknown
//       file, row or field fails the build.
// Every failure names the Markdown file and line: "000-regularized-stepper.md:57: …".
// lessons/index-body.html's <lesson-list> becomes the list of lessons from their own titles,
// under the lessons' head (lessons/page-head.html) as the lesson pages are.
// The lab's site must be staged first (tools/stage_web.sh): the URL check loads it.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { parseToolOutput, toolField, toolNumberText } = require('./tool_values');
const { loadStagedCore } = require('./staged_core');

const { renderLesson, LessonError } = require('./lesson_markdown');

const ROOT = path.join(__dirname, '..');
const SRC = path.join(ROOT, 'lessons');

/** Stops the build with `message` (caught by main, which prints it and exits 1). */
function fail(message) {
  throw new LessonError(message);
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's URL reader checking a lab's query against the core's tables, and the core's
 *  table of papers, from the staged site. */
async function labChecker(site) {
  const { core, web } = await loadStagedCore(site);
  const { parseParams } = await web('settings/params.js');
  const check = (query, where) => {
    const { notices } = parseParams(new URLSearchParams(query), core.scenes, core.steppers, core.params, core.fields);
    const params = new URLSearchParams(query);
    if (!core.scenes.some((s) => s.name === params.get('scene'))) fail(`${where}: no scene "${params.get('scene')}" in the core's table`);
    if (notices.length) fail(`${where}: the lab would say: ${notices.join(' ')}`);
  };
  // the questions' measurements, the page's own table (lessons/measures.js, staged beside the pages)
  const { MEASURES, QUESTION_PARAMS } = await web('lessons/measures.js');
  // a question's per-student set-up (vary-NAME:), read as the page reads it
  const seeded = await web('lessons/seeded.js');
  return { check, papers: core.papers, core, measures: Object.keys(MEASURES), questionParams: QUESTION_PARAMS, seeded };
}

/** A number as a lesson prints it: `digits` significant digits. */
function numberText(x, digits) {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a < 1e-3 || a >= 1e6) return x.toExponential(digits - 1);
  const t = x.toPrecision(digits); // keeps trailing zeros: 0.630, as a table prints it
  return /e/.test(t) ? String(Math.round(x)) : t;
}

/** tools/NAME.out.txt, parsed once per build. */
const toolOutputs = new Map();
function toolOutput(name, where) {
  if (!/^[\w-]+$/.test(name || '')) fail(`${where}: :tool[NAME] needs a file name (tools/NAME.out.txt)`);
  if (!toolOutputs.has(name)) {
    const file = path.join(ROOT, 'tools', `${name}.out.txt`);
    if (!fs.existsSync(file)) fail(`${where}: no tools/${name}.out.txt`);
    toolOutputs.set(name, parseToolOutput(fs.readFileSync(file, 'utf8')));
  }
  return toolOutputs.get(name);
}

/** The words a reader sees on a page: its text outside tags, scripts, styles, comments and
 *  code, and its title attributes (tooltips). */
function readerText(html) {
  const titles = [...html.matchAll(/\stitle="([^"]*)"/g)].map((m) => m[1]);
  const text = html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(script|style|code)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return [text, ...titles].join('\n');
}

/** A page names the papers, never softlab's internal word "seed" (the crumb, the index and
 *  the text: "Irving et al. 2007", "the paper"); fails the build where one is left. */
function checkReaderWords(page, where) {
  const left = [...readerText(page).matchAll(/.{0,40}\bseeds?\b.{0,40}/gi)].map((m) => m[0].replace(/\s+/g, ' ').trim());
  if (left.length) fail(`${where}: the reader would see softlab's word "seed" (say the paper): ${left.slice(0, 3).map((t) => `"${t}"`).join(', ')}`);
}

/** What a build checks the lessons against: the staged core's tables (site), softlab
 *  validate's JSON (validationFile, optional) and the tools' committed outputs. */
async function lessonContext(site, validationFile) {
  const { check: checkLab, papers, core, measures, questionParams, seeded } = await labChecker(site);
  // a page names the paper (its short citation from the core's table), not softlab's seed number
  const paperOf = (seed, where = '') => (papers[Number(seed)] || fail(`${where}no paper for seed "${seed}"`)).short;
  const claims = validationFile && fs.existsSync(validationFile)
    ? new Map(JSON.parse(fs.readFileSync(validationFile, 'utf8')).map((r) => [r.id, r])) : null;
  const measuredAt = claims ? `${fs.statSync(validationFile).mtime.toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0].model.trim()} (${os.platform()})` : '';
  return { checkLab, core, measures, questionParams, seeded, paperOf, claims, measuredAt, validationFile };
}

/** :stepper[NAME]{field=…}: a fact of the core's stepper table (softlab methods prints it),
 *  never typed into a lesson: force evaluations per step, the stability bound (ωΔt)max. */
function stepperValue(core, name, { field, digits }, where) {
  const s = core.steppers.find((x) => x.name === name) || fail(`${where}: no stepper "${name}" in the core's table`);
  if (!['evaluations', 'bound'].includes(field)) fail(`${where}: :stepper[${name}] field must be evaluations or bound`);
  const v = s[field];
  const text = v === Infinity ? '∞' : digits ? numberText(v, Number(digits)) : Number.isInteger(v) ? String(v) : fail(`${where}: :stepper[${name}]{field=${field}} is ${v}: give digits=`);
  return `<span class="from-core" title="softlab's stepper table (softlab methods): ${escapeHtml(s.title)}">${text}</span>`;
}

/** A question's set-up: its base values ({dt, scene parameters}: the block's, else the
 *  scene's defaults), what varies per student (vary-NAME: lines, each value checked by the
 *  lab's own URL reader, as a lab block's), the query of the lab that opens with the
 *  student's set-up (without the varied names: the page sets them), and the HTML that
 *  shows that set-up (hidden until the page has a seed). */
function questionSetup({ core, seeded, checkLab, questionParams }, pairs, where) {
  const get = (key) => (pairs.find(([k]) => k === key) || [])[1];
  const scene = core.scenes.find((s) => s.name === get('scene'));
  const base = { ...scene.defaults };
  if (get('dt') !== undefined) base.dt = Number(get('dt'));
  // the block's own scene parameters (lessons/measures.js QUESTION_PARAMS)
  const fixed = Object.entries(questionParams)
    .filter(([k]) => get(k) !== undefined).map(([k, name]) => [name, get(k)]);
  for (const [name, v] of fixed) base[name] = Number(v);
  const vary = {};
  for (const [k, text] of pairs.filter(([key]) => key.startsWith('vary-'))) {
    const name = k.slice(5);
    if (!(name in base) || fixed.some(([f]) => f === name)) fail(`${where}: ${k}: "${name}" is neither the question's dt nor a parameter of scene "${scene.name}" it leaves free`);
    try { vary[name] = seeded.varyValues(text); } catch (e) { fail(`${where}: ${k}: ${e.message}`); }
  }
  const method = get('method') || (get('measure') === 'stability-bound' ? 'symplectic-euler' : scene.defaultMethod);
  const query = new URLSearchParams([['scene', scene.name], ['methods', method], ['dt', String(base.dt !== undefined ? base.dt : scene.defaultDt)], ...fixed]);
  // lab: adds to the lab's URL or replaces (dt=0.001: a stability question's lab starts stable)
  for (const [k, v] of new URLSearchParams(get('lab') || '')) query.set(k, v);
  const lab = decodeURIComponent(query.toString());
  if (get('lab') && !Object.keys(vary).length) fail(`${where}: lab: is only for a question that varies its set-up (vary-NAME:)`);
  for (const [name, values] of Object.entries(vary)) {
    for (const v of values) {
      const q = new URLSearchParams(lab);
      q.set(name, String(v));
      checkLab(q.toString(), `${where}: ${name} = ${v}`);
    }
  }
  if (!Object.keys(vary).length) return { vary, lab, base, setupHtml: '' };
  const words = Object.keys(vary).map((name) => {
    const info = core.params.find((p) => p.name === name);
    const [label, unit] = name === 'dt' ? ['Δt', 's'] : [info.label, info.unit];
    // a parameter's label: the core's English, worded in the page's language by lesson.js (coreText)
    const shown = name === 'dt' ? escapeHtml(label) : `<span data-param-label="${name}">${escapeHtml(label)}</span>`;
    return `${shown} = <span data-param="${name}">${escapeHtml(seeded.valueText(base[name]))}</span>${unit ? ' ' + escapeHtml(unit) : ''}`;
  });
  // the chrome through the message table (data-msg, filled by lesson.js; the English as written)
  const setupHtml = `<p class="your-setup" hidden><span data-msg="lesson.your_setup">Your set-up</span> (<span data-msg="lesson.number">number</span> <span class="setup-number"></span>): ${words.join(', ')}.</p>\n` +
    `<details class="your-lab" hidden><summary data-msg="lesson.your_lab">Your set-up in the lab</summary></details>\n`; // its lab: lesson.js, when opened
  return { vary, lab, base, setupHtml };
}

/** A question block as HTML: its set-up checked against the core's tables and the page's
 *  measurements, its text with the written set-up, and for a varied one the data the page
 *  picks the student's set-up from (lessons/seeded.js). */
function questionHtml(ctx, { pairs, prompt, n, at, lessonKey }) {
  const { core, measures, seeded } = ctx;
  const get = (key) => (pairs.find(([k]) => k === key) || [])[1];
  const where = `${at}: question Q${n}`;
  for (const key of ['measure', 'scene', 'label']) if (!get(key)) fail(`${where} has no ${key}`);
  if (!measures.includes(get('measure'))) fail(`${where}: no measurement "${get('measure')}" in lessons/measures.js (${measures.join(', ')})`);
  if (!core.scenes.some((s) => s.name === get('scene'))) fail(`${where}: no scene "${get('scene')}" in the core's table`);
  if (get('method') && !core.steppers.some((s) => s.name === get('method'))) fail(`${where}: no stepper "${get('method')}" in the core's table`);
  if (!prompt.startsWith('<p>')) fail(`${where}: the question's text (after a blank line) must open with a paragraph`);
  const { vary, lab, setupHtml, base } = questionSetup(ctx, pairs, where);
  // :param[NAME] in the text: the written set-up (the page puts the student's in)
  const text = prompt.replace(/<span class="param" data-param="(\w+)"><\/span>/g, (_, name) => {
    if (!(name in base)) fail(`${where}: :param[${name}] is neither the question's dt nor a parameter of scene "${get('scene')}"`);
    return `<span class="param" data-param="${name}">${escapeHtml(seeded.valueText(base[name]))}</span>`;
  });
  const data = pairs.filter(([k]) => k !== 'label' && k !== 'lab' && !k.startsWith('vary-')).map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`).join('') +
    (Object.keys(vary).length ? ` data-key="${lessonKey}-Q${n}" data-vary="${escapeHtml(JSON.stringify(vary))}" data-lab="${escapeHtml(lab)}"` : '');
  return `<div class="question"${data}>\n${text.replace('<p>', `<p><b>Q${n}.</b> `)}` + setupHtml +
    `<label>${escapeHtml(get('label'))} <input type="text" inputmode="decimal" autocomplete="off"></label>\n` +
    '<button type="button" data-msg="lesson.check">Check</button> <output aria-live="polite"></output>\n</div>\n';
}

/** The blocks of one lesson resolved (tools/lesson_markdown.js calls these); counts the
 *  measured numbers it quotes in `counter.quoted`. */
function resolver(ctx, counter, lessonKey = '') {
  const { checkLab, core, claims } = ctx;
  const claimRow = (id, where) => {
    if (!claims) fail(`${where}: quotes claim ${id} but no validation JSON was given`);
    const row = claims.get(id);
    if (!row) fail(`${where}: quotes claim "${id}", which softlab validate did not run`);
    return row;
  };
  const values = {
    claim(id, { field = 'measured', digits = '4', scale = '1' }, where) {
      const row = claimRow(id, where);
      let value;
      if (field.startsWith('extra:')) {
        const name = field.slice(6);
        if (!row.extra || !(name in row.extra)) fail(`${where}: claim ${id}: no extra number "${name}"`);
        value = row.extra[name];
      } else if (['measured', 'reference', 'paper'].includes(field)) value = row[field];
      else fail(`${where}: claim ${id}: no field "${field}"`);
      counter.quoted++;
      return `<span class="measured" tabindex="0" title="softlab validate, claim ${id}: ${escapeHtml(row.verdict)}">${numberText(value === null ? NaN : value * Number(scale), Number(digits))}</span>`;
    },
    setup(id, _attrs, where) {
      const row = claimRow(id, where);
      return `<span class="setup" tabindex="0" title="softlab validate, claim ${id}: its set-up">${escapeHtml(row.setup)}</span>`;
    },
    tool(name, { row = '', field, digits, scale = '1' }, at) {
      const where = `${at}: :tool[${name}]{row="${row}" field=${field}}`;
      const table = toolOutput(name, where);
      let text;
      try {
        text = toolField(table, row, field);
        if (row) text = toolNumberText(text, Number(scale), digits && Number(digits), numberText);
      } catch (e) { fail(`${where}: ${e.message}`); }
      if (!row) return `<span class="tool-note">${escapeHtml(text)}</span>`;
      const made = ['date', 'machine'].map((k) => table.header.get(k) || '?').join(', ');
      return `<span class="committed" tabindex="0" title="tools/${name}.out.txt (${escapeHtml(made)}), rerun and compared by make check-tools">${escapeHtml(text)}</span>`;
    },
  };
  values.stepper = (name, attrs, where) => stepperValue(core, name, attrs, where);
  // :param[NAME] is filled in by its question (question below), which knows the set-up
  values.param = (name, _attrs, where) => {
    if (!/^[a-z_]+$/.test(name)) fail(`${where}: :param[${name}] needs a parameter's name (dt, spring_stiffness, …)`);
    return `<span class="param" data-param="${name}"></span>`;
  };
  const known = { claim: ['field', 'digits', 'scale'], setup: [], tool: ['row', 'field', 'digits', 'scale'], stepper: ['field', 'digits'], param: [] };
  return {
    value(kind, name, pairs, where) {
      for (const [k] of pairs) if (!known[kind].includes(k)) fail(`${where}: :${kind}[${name}] has no setting "${k}" (${known[kind].join(', ') || 'none'})`);
      return values[kind](name, Object.fromEntries(pairs), where);
    },
    lab(pairs, at) {
      const title = (pairs.find(([k]) => k === 'title') || [])[1];
      if (!title) fail(`${at}: a lab block has no title`);
      const where = `${at}: lab "${title}"`;
      const query = pairs.filter(([k]) => k !== 'title').map(([k, v]) => `${k}=${v}`).join('&');
      checkLab(query, where);
      return `<div class="lab"><iframe title="${escapeHtml(title)}"\n    src="../index.html?${escapeHtml(query + '&embed=1')}"\n    loading="lazy"></iframe></div>\n`;
    },
    question: (pairs, prompt, n, at) => questionHtml(ctx, { pairs, prompt, n, at, lessonKey }),
  };
}

/** One lesson page from its Markdown source (`file`: its name in messages). Throws LessonError. */
function buildLesson(file, text, ctx, head) {
  const counter = { quoted: 0 };
  // a varied question's key (lessons/seeded.js pickSetup): the lesson's number and Qn
  const { meta, header, main } = renderLesson(text, file, resolver(ctx, counter, file.slice(0, 3)));
  const footer = '<footer><p>softlab · each lesson cites its paper by authors, title, year and equation.' +
    (counter.quoted ? ` The ${counter.quoted} numbers underlined with dots were measured when this page was built, by <code>softlab validate</code> on ${ctx.measuredAt} (the <a href="../validation.html">validation page</a> reruns them; hover, tap or Tab to one for its claim).` : '') +
    '</p></footer>\n</body>\n</html>\n';
  const page = head.replace('{{title}}', `Lesson: ${meta['page-title']} — softlab`) +
    `<body>\n<header>\n  <p class="crumb"><a href="index.html">softlab lessons</a> · ${ctx.paperOf(meta.seed, `${file}:2: `)}</p>\n  <h1>${meta.title}</h1>\n` +
    header + '</header>\n\n<main>\n' + main + '</main>\n' + footer;
  checkReaderWords(page, file);
  return { meta, page };
}

async function main() {
  const out = process.argv[2] && path.resolve(process.argv[2]);
  const validationFile = process.argv[3];
  if (!out) fail('usage: node tools/build_lessons.js OUTDIR [VALIDATION_JSON]');
  const ctx = await lessonContext(out, validationFile);
  const head = fs.readFileSync(path.join(SRC, 'page-head.html'), 'utf8');
  const lessons = [];
  fs.mkdirSync(path.join(out, 'lessons'), { recursive: true });
  for (const file of fs.readdirSync(SRC).filter((f) => /^\d{3}-.*\.md$/.test(f)).sort()) {
    const { meta, page } = buildLesson(file, fs.readFileSync(path.join(SRC, file), 'utf8'), ctx, head);
    const html = file.replace(/\.md$/, '.html');
    lessons.push({ file: html, ...meta });
    fs.writeFileSync(path.join(out, 'lessons', html), page);
  }
  const list = '<ul class="lessons">\n' + lessons.map((l) =>
    `    <li><a href="${l.file}">${l.title}</a>\n      — ${l['index-note']} (${ctx.paperOf(l.seed)})</li>\n`).join('') + '  </ul>';
  // the index: the lessons' own head, then its body (lessons/index-body.html)
  const index = fs.readFileSync(path.join(SRC, 'index-body.html'), 'utf8');
  if (!index.includes('<lesson-list></lesson-list>')) fail('lessons/index-body.html has no <lesson-list></lesson-list>');
  const indexPage = head.replace('{{title}}', 'softlab lessons') + index.replace(/^<!--[\s\S]*?-->\n/, '').replace('<lesson-list></lesson-list>', list);
  checkReaderWords(indexPage, 'index.html');
  fs.writeFileSync(path.join(out, 'lessons', 'index.html'), indexPage);
  console.log(`build_lessons: ${lessons.length} lessons${ctx.claims ? `, numbers from ${validationFile}` : ''}`);
}

module.exports = { lessonContext, buildLesson };

if (require.main === module) {
  main().catch((e) => {
    console.error(`build_lessons: ${e instanceof LessonError ? e.message : e.stack || String(e)}`);
    process.exit(1);
  });
}
