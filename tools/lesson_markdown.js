// A lesson written in Markdown (issue 45 item 4), read by markdown-it (its own API: an
// inline rule, core rules and renderer rules; no plugin) into the HTML of a lesson page.
// tools/build_lessons.js resolves what the blocks name (it checks each against the core's
// tables, softlab validate's JSON and the tools' outputs); this file only reads the syntax:
//
//   ---                               front matter: the page's head, crumb and <h1>;
//   seed: 000                         the index lists the lesson by its title and note
//   title: …
//   page-title: …
//   index-note: …
//   ---
//   By-line (the paragraphs before the first ## heading: <p class="source">).
//   ## 1. A section                   each ## heading opens a <section>; the one holding
//                                     questions is <section class="questions">
//   $x$ and $$…$$                     TeX, kept as written for KaTeX on the page (auto-render,
//                                     as before); a paragraph of one $$…$$ is <p class="eq">;
//                                     a dollar sign that is not TeX is written \$
//   ```lab                            an embedded lab: `title:`, then the lab's URL
//   title: Swinging cube at dt = 0.05 s     parameters in order (scene, methods, dt, plot, …)
//   scene: swinging-cube
//   ```
//   ```question                       a question checked by the page's own simulation:
//   measure: first-minimum            its data-* attributes in order, `label:` the input's
//   scene: swinging-cube              label; after a blank line the question in Markdown
//   label: t (s)                      (numbered Q1, Q2, … in the page's order)
//
//   With … at what time …?
//   ```
//   A question may vary its set-up per student: `vary-dt: 0.03..0.07 step 0.005` or
//   `vary-spring_stiffness: 5e4, 1e5, 2e5` (lessons/seeded.js), `lab:` more URL parameters
//   of the lab that opens with the student's set-up (lock=find).
//   :claim[ID]{field=extra:NAME digits=3 scale=1000}   a number of softlab validate's claim ID
//   :setup[ID]                                         that claim's set-up in words
//   :tool[NAME]{row="…" field=dt_max digits=3}         a number of tools/NAME.out.txt
//   :stepper[NAME]{field=evaluations|bound digits=4}  a fact of the core's stepper table
//   :param[dt]  (in a question only) the question's Δt or scene parameter as the student's
//       set-up has it: the block's value, or the one the student's seed picked (vary-NAME:)
//       (inline, also inside raw HTML blocks such as tables, which Markdown leaves as written)
//
// **bold** is written <b> (a lead-in word, as the HTML lessons had it), not <strong>.
'use strict';
const MarkdownIt = require('markdown-it');

/** A lesson's error, at FILE:LINE of its Markdown source. */
class LessonError extends Error {}

/** `key=value key="a value"` of a directive's braces, in order: [[key, value], ...]. */
function directiveAttributes(text, where) {
  const pairs = [];
  const rest = (text || '').replace(/([\w:-]+)=(?:"([^"]*)"|([^\s"]+))/g, (_, k, q, v) => {
    pairs.push([k, q !== undefined ? q : v]);
    return '';
  });
  if (rest.trim()) throw new LessonError(`${where}: cannot read "${rest.trim()}" in {${text}} (write key=value or key="a value")`);
  return pairs;
}

/** `key: value` lines of a lab or question block, in order. */
function blockSettings(lines, where, firstLine) {
  return lines.map((line, i) => {
    const m = line.match(/^([\w-]+):\s?(.*)$/);
    if (!m) throw new LessonError(`${where(firstLine + i)}: expected "key: value", read "${line}"`);
    return [m[1], m[2].trim()];
  });
}

const DIRECTIVE = /:(claim|setup|tool|stepper|param)\[([^\]\n]*)\](?:\{([^}]*)\})?/g;
const DIRECTIVE_HERE = new RegExp(DIRECTIVE.source, 'y'); // only at the inline rule's position

/** The markdown-it instance that reads lessons. `resolve` answers the blocks:
 *    resolve.lab(pairs, where) -> html;  resolve.question(pairs, promptHtml, n, where) -> html;
 *    resolve.value(kind, name, pairs, where) -> html (kind: claim, setup, tool).
 *  `where(line)` in env names the source: "lessons/000-x.md:12". */
function lessonMarkdown(resolve) {
  const md = new MarkdownIt({ html: true });
  texAsWritten(md);
  lessonValues(md, resolve);
  md.renderer.rules.strong_open = () => '<b>';
  md.renderer.rules.strong_close = () => '</b>';
  lessonBlocks(md, resolve);
  lessonStructure(md);
  return md;
}

const at = (env, line) => env.where(line);

function texAsWritten(md) {
  // $…$ and $$…$$ as written: Markdown must not read TeX's \, _ or * as its own.
  md.inline.ruler.before('escape', 'tex', (state, silent) => {
    const src = state.src;
    if (src.charCodeAt(state.pos) !== 0x24 /* $ */) return false;
    const display = src.startsWith('$$', state.pos);
    const open = display ? 2 : 1;
    let end = state.pos + open;
    for (;;) {
      end = src.indexOf(display ? '$$' : '$', end);
      if (end < 0) return false;
      if (src.charCodeAt(end - 1) !== 0x5c /* \ */) break;
      end++;
    }
    if (!silent) state.push('tex', '', 0).content = src.slice(state.pos, end + open);
    state.pos = end + open;
    return true;
  });
  md.renderer.rules.tex = (tokens, i) => md.utils.escapeHtml(tokens[i].content);

}

function lessonValues(md, resolve) {
  // :claim[…]{…}, :setup[…], :tool[…]{…}: their line is the block's first line plus the
  // newlines before them (core rule lesson_lines below).
  md.inline.ruler.before('escape', 'lesson_value', (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
    DIRECTIVE_HERE.lastIndex = state.pos;
    const m = DIRECTIVE_HERE.exec(state.src);
    if (!m) return false;
    if (!silent) {
      const token = state.push('lesson_value', '', 0);
      token.meta = { kind: m[1], name: m[2], attrs: m[3] || '', offset: state.src.slice(0, state.pos).split('\n').length - 1 };
    }
    state.pos += m[0].length;
    return true;
  });
  md.core.ruler.after('inline', 'lesson_lines', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.map) continue;
      for (const t of block.children) if (t.type === 'lesson_value') t.meta.line = block.map[0] + t.meta.offset;
    }
  });
  const value = (meta, env, line) => {
    const where = at(env, line);
    return resolve.value(meta.kind, meta.name, directiveAttributes(meta.attrs, where), where);
  };
  md.renderer.rules.lesson_value = (tokens, i, _o, env) => value(tokens[i].meta, env, tokens[i].meta.line);
  // raw HTML (a table) keeps its tags; the values in it are filled in all the same
  md.renderer.rules.html_block = (tokens, i, _o, env) => {
    const { content, map } = tokens[i];
    return content.replace(DIRECTIVE, (m, kind, name, attrs, offset) =>
      value({ kind, name, attrs: attrs || '' }, env, map[0] + content.slice(0, offset).split('\n').length - 1));
  };

}

function lessonBlocks(md, resolve) {
  // ```lab and ```question
  const defaultFence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, i, options, env, self) => {
    const token = tokens[i];
    const kind = token.info.trim();
    const first = token.map[0] + 1; // the line after the opening fence
    const lines = token.content.replace(/\n$/, '').split('\n');
    if (kind === 'lab') return resolve.lab(blockSettings(lines, (l) => at(env, l), first), at(env, token.map[0]));
    if (kind !== 'question') return defaultFence(tokens, i, options, env, self);
    const blank = lines.indexOf('') < 0 ? lines.length : lines.indexOf('');
    const pairs = blockSettings(lines.slice(0, blank), (l) => at(env, l), first);
    const prompt = lines.slice(blank + 1).join('\n');
    const promptEnv = { ...env, nested: true, where: (l) => env.where(first + blank + 1 + l) };
    env.questions = (env.questions || 0) + 1;
    return resolve.question(pairs, md.render(prompt, promptEnv), env.questions, at(env, token.map[0]));
  };

}

function lessonStructure(md) {
  // the page's structure: the by-line, sections, display equations
  md.core.ruler.push('lesson_structure', (state) => {
    const tokens = state.tokens;
    const nested = state.env.nested; // a question's prompt: paragraphs only
    const h2 = nested ? -1 : tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h2');
    tokens.forEach((t, i) => {
      if (t.type !== 'paragraph_open') return;
      if (!nested && (h2 < 0 || i < h2)) t.attrSet('class', 'source');
      const inline = tokens[i + 1];
      if (inline.children.length === 1 && inline.children[0].type === 'tex' && inline.children[0].content.startsWith('$$')) t.attrSet('class', 'eq');
    });
    if (h2 < 0) return;
    const html = (content) => Object.assign(new state.Token('html_block', '', 0), { content, map: [0, 0] });
    const out = tokens.slice(0, h2);
    let section = null;
    const close = () => { if (section) out.push(html('</section>\n')); };
    for (let i = h2; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type === 'heading_open' && t.tag === 'h2') {
        close();
        section = html('<section>\n');
        out.push(section);
      }
      if (t.type === 'fence' && t.info.trim() === 'question') section.content = '<section class="questions">\n';
      out.push(t);
    }
    close();
    state.env.h2 = h2;
    state.tokens = out;
  });
}

/** A lesson's Markdown `text` (file `file`, for messages) as {meta, header, main}: the front
 *  matter's keys, the by-line's HTML and the sections' HTML. Throws LessonError. */
function renderLesson(text, file, resolve) {
  const fm = text.match(/^---\n([\s\S]*?)\n---\n/);
  if (!fm) throw new LessonError(`${file}:1: does not start with its front matter (---, seed:, title:, page-title:, index-note:, ---)`);
  const frontLines = fm[0].split('\n').length - 1;
  const meta = Object.fromEntries(blockSettings(fm[1].split('\n'), (l) => `${file}:${l + 2}`, 0));
  for (const key of ['seed', 'title', 'page-title', 'index-note']) if (!meta[key]) throw new LessonError(`${file}:1: the front matter has no ${key}`);
  const md = lessonMarkdown(resolve);
  const env = { where: (line) => `${file}:${line + frontLines + 1}` };
  const tokens = md.parse(text.slice(fm[0].length), env);
  if (env.h2 === undefined) throw new LessonError(`${file}: has no ## section`);
  const header = md.renderer.render(tokens.slice(0, env.h2), md.options, env);
  const main = md.renderer.render(tokens.slice(env.h2), md.options, env);
  return { meta, header, main };
}

module.exports = { renderLesson, LessonError, directiveAttributes };
