// The length in lines of every function in a C or JavaScript source, for the house rule
// "no function over 80 lines outside tests and generated code" (issue 44, item 5), checked
// by tests/web/function-length.test.js. A tokenizer, not a parser: it skips comments,
// strings, template literals and regular-expression literals, matches braces, and calls a
// `{` a function's body when the code before it is `=>` or a parameter list `( ... )` that
// follows `function`, a name that is not a keyword (a declaration or a method), or in C a
// name at file scope.
//
//   node tools/function_lengths.mjs [--over N] FILE...   prints "lines file:line name" per
//                                                       function (only those over N)

import { readFileSync } from 'node:fs';

const NOT_A_FUNCTION = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'sizeof',
  'do', 'else', 'await', 'new', 'in', 'of']);
const REGEX_AFTER = new Set([...'(,=:[!&|?{};+-*%<>~^'.split(''), 'return', 'typeof', 'case', 'do', 'else', '']);

/** The significant tokens of src (C or JS, lang 'c' | 'js'): [{s, line}], where s is one
 *  punctuation character, a word, or '"' for any string, template or regex literal. */
export function tokens(src, lang) {
  const out = [];
  let i = 0, line = 1;
  const templates = []; // brace depth at which each open template's `${` resumes the template
  let depth = 0;
  const last = () => (out.length ? out[out.length - 1].s : '');
  const skipString = (quote) => {
    for (i++; i < src.length && src[i] !== quote; i++) {
      if (src[i] === '\\') i++;
      if (src[i] === '\n') line++;
    }
    i++;
  };
  const skipTemplate = () => { // from just after ` or }: to the closing ` or a `${`
    for (; i < src.length; i++) {
      const c = src[i];
      if (c === '\\') { i++; continue; }
      if (c === '\n') line++;
      if (c === '`') { i++; return; }
      if (c === '$' && src[i + 1] === '{') { i += 2; templates.push(depth); depth++; return; }
    }
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      for (; i < stop; i++) if (src[i] === '\n') line++;
      continue;
    }
    if (lang === 'c' && c === '#' && (out.length === 0 || out[out.length - 1].line < line)) {
      // a preprocessor line, with its continuations
      while (i < src.length && !(src[i] === '\n' && src[i - 1] !== '\\')) { if (src[i] === '\n') line++; i++; }
      continue;
    }
    if (c === '"' || c === "'") { skipString(c); out.push({ s: '"', line }); continue; }
    if (lang === 'js' && c === '`') { out.push({ s: '"', line }); i++; skipTemplate(); continue; }
    if (lang === 'js' && c === '/' && REGEX_AFTER.has(last())) {
      let inClass = false;
      for (i++; i < src.length && (inClass || src[i] !== '/'); i++) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
      }
      i++;
      while (/[a-z]/.test(src[i] || '')) i++;
      out.push({ s: '"', line });
      continue;
    }
    if (/[A-Za-z_$0-9]/.test(c)) {
      let j = i;
      while (j < src.length && /[A-Za-z_$0-9]/.test(src[j])) j++;
      out.push({ s: src.slice(i, j), line });
      i = j;
      continue;
    }
    if (c === '=' && src[i + 1] === '>') { out.push({ s: '=>', line }); i += 2; continue; }
    if (c === '{') depth++;
    if (c === '}') {
      depth--;
      if (templates.length && templates[templates.length - 1] === depth) { // the end of a `${ }`
        templates.pop();
        i++;
        skipTemplate();
        continue;
      }
    }
    out.push({ s: c, line });
    i++;
  }
  return out;
}

/** Every function of src: [{name, line, lines}] (line of its `{`, lines from there to its `}`). */
export function functionLengths(src, lang) {
  const tok = tokens(src, lang);
  const found = [];
  const stack = []; // open braces: {index, fn: {name, line} | null}
  for (let k = 0; k < tok.length; k++) {
    const { s, line } = tok[k];
    if (s === '{') stack.push({ fn: functionAt(tok, k, lang, stack.length), line });
    else if (s === '}') {
      const open = stack.pop();
      if (open && open.fn) found.push({ name: open.fn, line: open.line, lines: line - open.line + 1 });
    }
  }
  return found;
}

/** The function's name if the `{` at tok[k] opens a function body, else null. */
function functionAt(tok, k, lang, depth) {
  let j = k - 1;
  if (lang === 'c' && depth > 0) return null;
  if (tok[j]?.s === '=>') return arrowName(tok, j);
  // C: `) const {`, JS: nothing between `)` and `{`
  if (tok[j]?.s !== ')') return null;
  let level = 0;
  for (; j >= 0; j--) {
    if (tok[j].s === ')') level++;
    else if (tok[j].s === '(') { level--; if (level === 0) break; }
  }
  const before = tok[j - 1]?.s || '';
  if (before === 'function') return '(anonymous)';
  if (!/^[A-Za-z_$][\w$]*$/.test(before) || NOT_A_FUNCTION.has(before)) return null;
  return before;
}

function arrowName(tok, j) {
  // name = (...) => {   or   name: (...) => {   or an argument
  let k = j - 1;
  if (tok[k]?.s === ')') {
    let level = 0;
    for (; k >= 0; k--) {
      if (tok[k].s === ')') level++;
      else if (tok[k].s === '(') { level--; if (level === 0) break; }
    }
  }
  k--;
  if (tok[k]?.s === 'async') k--;
  if ((tok[k]?.s === '=' || tok[k]?.s === ':') && /^[A-Za-z_$][\w$]*$/.test(tok[k - 1]?.s || '')) return tok[k - 1].s;
  return '(arrow)';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  let over = 0;
  if (args[0] === '--over') { over = Number(args[1]); args.splice(0, 2); }
  for (const file of args) {
    const lang = /\.[ch]$/.test(file) ? 'c' : 'js';
    for (const f of functionLengths(readFileSync(file, 'utf8'), lang)) {
      if (f.lines > over) console.log(`${f.lines} ${file}:${f.line} ${f.name}`);
    }
  }
}
