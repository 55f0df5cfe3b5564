// The Markdown lesson builder (tools/build_lessons.js over tools/lesson_markdown.js, issue 45
// item 4): what each block becomes on the page, and that a block naming something the core,
// softlab validate or the tools do not know fails the build with the .md file and line.
// Runs in node against the staged site's core (SOFTLAB_SITE, default build/site), with a
// validation JSON of its own (one made-up claim row), so every expected text is known here.
'use strict';
const { describe, test, before } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ROOT } = require('./harness');
const { lessonContext, buildLesson } = require('../../tools/build_lessons');

const SITE = path.resolve(ROOT, process.env.SOFTLAB_SITE || 'build/site');
const HEAD = fs.readFileSync(path.join(ROOT, 'lessons', 'page-head.html'), 'utf8');

// one claim row as softlab validate --json writes it
const ROW = { id: 'test-row', measured: 0.0123456, reference: 2.5, paper: null, verdict: 'agrees', setup: 'a cube & a pin', extra: { t_min: 1.23456 } };

const FRONT = '---\nseed: 000\ntitle: A test\npage-title: a test\nindex-note: a note\n---\n\nAfter someone, *A paper*, 2006.\n\n';
// a lesson whose lines are known: FRONT is 9 lines, the ## line 10, the body from line 12
const lesson = (body) => FRONT + '## 1. First\n\n' + body;

describe('Markdown lessons', () => {
  let ctx;
  before(async () => {
    const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-md-')), 'validation.json');
    fs.writeFileSync(json, JSON.stringify([ROW]));
    ctx = await lessonContext(SITE, json);
  });
  const build = (body) => buildLesson('t.md', lesson(body), ctx, HEAD).page;
  const fails = (body, message) => assert.throws(() => build(body), (e) => {
    assert.strictEqual(e.message, message);
    return true;
  });

  test('each block becomes the page text the HTML lessons had', () => {
    const page = build([
      'A number :claim[test-row]{digits=3 scale=1000} ms, an extra :claim[test-row]{field=extra:t_min digits=2} s',
      'and its set-up (:setup[test-row]). **Bold** is b, not strong; TeX $x_{i} * y_j \\, a<b$ as written. A \\$5 note: no TeX.',
      '',
      '$$E = \\tfrac12 k x^2$$',
      '',
      '```lab',
      'title: Swinging cube, two steppers',
      'scene: swinging-cube',
      'methods: symplectic-euler,regularized',
      'dt: 0.05',
      '```',
      '',
      '## 2. Questions',
      '',
      '```question',
      'measure: first-minimum',
      'scene: swinging-cube',
      'method: regularized',
      'dt: 0.05',
      'unit: ',
      'label: t (s)',
      '',
      'When is the *lowest* point, at $\\Delta t$ = 0.05 s?',
      '```',
    ].join('\n'));
    // 0.0123456 s × 1000 to 3 digits; 1.23456 to 2; the set-up escaped
    assert.match(page, /<span class="measured" tabindex="0" title="softlab validate, claim test-row: agrees">12.3<\/span> ms/);
    assert.match(page, />1.2<\/span> s/);
    assert.match(page, /<span class="setup" [^>]*>a cube &amp; a pin<\/span>/);
    assert.match(page, /<b>Bold<\/b> is b, not strong/);
    assert.match(page, / as written\. A \$5 note: no TeX\.<\/p>/);
    assert.match(page, /TeX \$x_\{i\} \* y_j \\, a&lt;b\$ as written/);
    assert.match(page, /<p class="eq">\$\$E = \\tfrac12 k x\^2\$\$<\/p>/);
    assert.match(page, /<div class="lab"><iframe title="Swinging cube, two steppers"\n {4}src="..\/index.html\?scene=swinging-cube&amp;methods=symplectic-euler,regularized&amp;dt=0.05&amp;embed=1"/);
    assert.match(page, /<p class="source">After someone, <em>A paper<\/em>, 2006.<\/p>\n<\/header>\n\n<main>\n<section>\n<h2>1. First<\/h2>/);
    assert.match(page, /<section class="questions">\n<h2>2. Questions<\/h2>\n<div class="question" data-measure="first-minimum" data-scene="swinging-cube" data-method="regularized" data-dt="0.05" data-unit="">\n<p><b>Q1.<\/b> When is the <em>lowest<\/em> point, at \$\\Delta t\$ = 0.05 s\?<\/p>\n<label>t \(s\) <input/);
    assert.match(page, /The 2 numbers underlined with dots/); // the set-up is not a number
  });

  test('an unknown claim fails at its line, also inside a raw HTML table', () => {
    fails('Text\nand :claim[no-such-row] here.', 't.md:13: quotes claim "no-such-row", which softlab validate did not run');
    fails('<table>\n<tr><td>1</td></tr>\n<tr><td>:claim[test-row]{field=extra:nope}</td></tr>\n</table>', 't.md:14: claim test-row: no extra number "nope"');
    fails('One :claim[test-row]{field=measure}.', 't.md:12: claim test-row: no field "measure"');
    fails('One :claim[test-row]{digit=3}.', 't.md:12: :claim[test-row] has no setting "digit" (field, digits, scale)');
    fails('See :setup[nope].', 't.md:12: quotes claim "nope", which softlab validate did not run');
  });

  test('an unknown scene or stepper in a lab fails at the block', () => {
    fails('Text.\n\n```lab\ntitle: T\nscene: no-such-scene\n```', 't.md:14: lab "T": no scene "no-such-scene" in the core\'s table');
    assert.throws(() => build('```lab\ntitle: T\nscene: swinging-cube\nmethods: no-such-stepper\n```'),
      /^Error: t\.md:12: lab "T": the lab would say: .*no-such-stepper/);
    fails('```lab\nscene: swinging-cube\n```', 't.md:12: a lab block has no title');
    fails('```lab\ntitle: T\nscene = swinging-cube\n```', 't.md:14: expected "key: value", read "scene = swinging-cube"');
  });

  test('a question with an unknown scene or stepper fails at the block', () => {
    const q = (scene, method) => `Text.\n\n\`\`\`question\nmeasure: period\nscene: ${scene}\nmethod: ${method}\nlabel: T (s)\n\nWhat period?\n\`\`\``;
    fails(q('nowhere', 'rk4'), 't.md:14: question Q1: no scene "nowhere" in the core\'s table');
    fails(q('oscillator', 'rk5'), 't.md:14: question Q1: no stepper "rk5" in the core\'s table');
    assert.throws(() => build(q('oscillator', 'rk4').replace('measure: period', 'measure: periods')),
      /^Error: t\.md:14: question Q1: no measurement "periods" in lessons\/measures\.js \(volume-error, first-minimum, /);
    // a claim in a question's text is placed at its own line
    fails(q('oscillator', 'rk4').replace('What period?', 'Given\n:claim[gone], what period?'), 't.md:21: quotes claim "gone", which softlab validate did not run');
  });

  test('a question that varies its set-up per student: the lists, its lab, its text; a bad one fails at the block', () => {
    const q = (...vary) => ['```question', 'measure: first-minimum', 'scene: swinging-cube', 'method: implicit-euler', 'dt: 0.05', ...vary,
      'label: t (s)', '', 'At $\\Delta t$ = :param[dt] s and $k$ = :param[spring_stiffness] N·m?', '```'].join('\n');
    const page = build(q('vary-dt: 0.03..0.05 step 0.01', 'vary-spring_stiffness: 2e5, 5e4', 'lab: lock=find'));
    // the lists ascending, the question's key (lesson 't.m' of 't.md', Q1), the lab without the varied names
    assert.match(page, /<div class="question" data-measure="first-minimum" data-scene="swinging-cube" data-method="implicit-euler" data-dt="0.05" data-key="t\.m-Q1" data-vary="\{&quot;dt&quot;:\[0\.03,0\.04,0\.05\],&quot;spring_stiffness&quot;:\[50000,200000\]\}" data-lab="scene=swinging-cube&amp;methods=implicit-euler&amp;dt=0\.05&amp;lock=find">/);
    // the text says the written set-up: the block's dt, the scene's default k
    assert.match(page, /At \$\\Delta t\$ = <span class="param" data-param="dt">0\.05<\/span> s and \$k\$ = <span class="param" data-param="spring_stiffness">100000<\/span> N·m\?<\/p>/);
    assert.match(page, /<p class="your-setup" hidden><span data-msg="lesson.your_setup">Your set-up<\/span> \(<span data-msg="lesson.number">number<\/span> <span class="setup-number"><\/span>\): Δt = <span data-param="dt">0\.05<\/span> s, <span data-param-label="spring_stiffness">spring stiffness k [^=<]*<\/span> = <span data-param="spring_stiffness">100000<\/span> N m\.<\/p>/);
    assert.match(page, /<details class="your-lab" hidden><summary data-msg="lesson.your_lab">Your set-up in the lab<\/summary><\/details>/);
    fails(q('vary-young_modulus: 1e5, 2e5'), 't.md:12: question Q1: vary-young_modulus: "young_modulus" is neither the question\'s dt nor a parameter of scene "swinging-cube" it leaves free');
    fails(q('vary-dt: 0.05..0.03 step 0.01'), 't.md:12: question Q1: vary-dt: cannot read the range "0.05..0.03 step 0.01" (write FROM..TO step S, FROM < TO, S > 0)');
    assert.throws(() => build(q('vary-gravity: 10, 200')), /^Error: t\.md:12: question Q1: gravity = 200: the lab would say: /);
    fails(q('vary-dt: 0.03, 0.04').replace(':param[dt]', ':param[mass]'), 't.md:12: question Q1: :param[mass] is neither the question\'s dt nor a parameter of scene "swinging-cube"');
    fails(q('lab: lock=find'), 't.md:12: question Q1: lab: is only for a question that varies its set-up (vary-NAME:)');
  });

  test('a tool value and the front matter are checked too', () => {
    fails('Dt :tool[no_such_tool]{row="x" field=dt_max}.', 't.md:12: :tool[no_such_tool]{row="x" field=dt_max}: no tools/no_such_tool.out.txt');
    assert.throws(() => buildLesson('t.md', '# no front matter\n', ctx, HEAD), /^Error: t\.md:1: does not start with its front matter/);
    assert.throws(() => buildLesson('t.md', FRONT.replace('seed: 000\n', '') + '## 1. x\n', ctx, HEAD), /^Error: t\.md:1: the front matter has no seed/);
  });
});
