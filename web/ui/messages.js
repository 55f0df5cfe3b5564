// Every text the page shows from one table keyed by id (issue 45 item 5): messages/en.json,
// with a file per language beside it (messages/de.json), made into message-tables.js by
// tools/messages.py at build time. The core's verdicts and divergence reasons come as ids and
// parameters (sl_api_verdict_message, sl_api_diverged_message: decided in the core, only
// worded here); the page's own state lines and announcements use the same table.
//
// A template's parameter is {name} or {name:spec} (spec as printf's: d, g, .3g, .3f, .2f;
// s a text; m the message parts that follow or a message given as the value; i an id of the
// table whose text goes in its place, or a text as it is when it is no id). A language
// lacking an id falls back to English for that id.

import { TABLES } from './message-tables.js';

const ENGLISH = 'en';
const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g;
let language = ENGLISH;

/** The language of the page: ?lang=xx if the table has it, else the first of the browser's
 *  languages the table has (e.g. de-AT -> de), else English. */
export function pickLanguage(search = globalThis.location ? location.search : '',
  preferred = globalThis.navigator ? navigator.languages || [navigator.language] : []) {
  const asked = new URLSearchParams(search).get('lang');
  for (const tag of [asked, ...preferred]) {
    const lang = String(tag || '').toLowerCase().split('-')[0];
    if (lang && TABLES[lang]) return lang;
  }
  return ENGLISH;
}

/** Sets the page's language (an unknown one: English); returns the one in use. */
export function setLanguage(lang) {
  language = TABLES[lang] ? lang : ENGLISH;
  if (globalThis.document && document.documentElement) document.documentElement.lang = language;
  return language;
}

/** The language in use. */
export const currentLanguage = () => language;

/** The ids of the English table (tests). */
export const messageIds = () => Object.keys(TABLES[ENGLISH]).filter((id) => !id.startsWith('_'));

/** Ids of the texts of the core's tables (a scene's or a stepper's title, a scene's
 *  description, a colour field's label, a parameter's label and menu values, a chart
 *  channel's label, short label and help): their English is the core's (src/scenes/table.c,
 *  src/core/steppers/table.c, src/core/measure/channels.c ...), the one source; a language
 *  file may word them, en.json never holds them. */
export const CORE_TEXT = /^(scene|stepper|field|param|channel|strain)\.[a-z0-9_-]+\.(title|description|label|legend|short|help|choice[0-9]+)$/;

/** The text of a core table's entry (kind 'scene', 'stepper', 'field', 'param' or 'channel',
 *  its name, its field: 'title', 'description', 'label', 'choice0' ...) in lang: the
 *  language's wording of `${kind}.${name}.${field}` if it has one, else the core's English
 *  as given (an empty English stays empty). */
export function coreText(kind, name, field, english, lang = language) {
  const id = `${kind}.${name}.${field}`;
  return (english && TABLES[lang] && TABLES[lang][id]) || english;
}

/** The template of id in lang, English where lang lacks it; undefined if English lacks it. */
export function template(id, lang = language) {
  return (TABLES[lang] && TABLES[lang][id]) || TABLES[ENGLISH][id];
}

/** The parameters of a template as [{name, spec}], in order. */
export function templateParams(text) {
  return [...String(text).matchAll(PARAM)].map((m) => ({ name: m[1], spec: m[2] || '' }));
}

/** x as C's printf("%.<p>g") writes it (%g: p = 6): the shortest of fixed and exponent
 *  form, trailing zeros dropped, a two-digit exponent at least. */
export function formatG(x, p = 6) {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  p = Math.max(1, p);
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const e = Number(x.toExponential(p - 1).split('e')[1]);
  const strip = (s) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (e < -4 || e >= p) {
    const [m, exp] = x.toExponential(p - 1).split('e');
    const n = Number(exp);
    return `${strip(m)}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return strip(x.toFixed(Math.max(0, p - 1 - e)));
}

/** A number as printf's conversion spec (d, g, .Ng, .Nf) writes it. */
export function formatNumber(x, spec) {
  if (spec === 'd') return String(Math.trunc(x));
  const m = /^\.?(\d*)([gf])$/.exec(spec || 'g');
  if (!m) return String(x);
  if (m[2] === 'f') return Number.isFinite(x) ? x.toFixed(m[1] === '' ? 6 : Number(m[1])) : formatG(x);
  return formatG(x, m[1] === '' ? 6 : Number(m[1]));
}

/** The text of one parameter value: a core parameter {value, text} shows the core's
 *  text; a number is formatted by the English template's spec; a message ({id, params}) or
 *  a list of them (the core's parts) is rendered; anything else as a string. */
function valueText(v, spec, lang) {
  if (v == null) return '';
  if (spec === 'i') { // an id of the table (a status's words, a mesh reader's noun), else a text as it is
    const id = typeof v === 'object' ? String(v.text) : String(v);
    return template(id, lang) === undefined ? id : t(id, {}, lang);
  }
  if (Array.isArray(v)) return renderParts(v, lang);
  if (typeof v === 'object' && typeof v.id === 'string') return t(v.id, v.params || {}, lang);
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  if (typeof v === 'number') return formatNumber(v, spec);
  return String(v);
}

/** The text of message id with params ({name: value}) in lang (default: the page's). */
export function t(id, params = {}, lang = language) {
  const text = template(id, lang);
  if (text === undefined) return id; // an id the table lacks shows as itself (the tests forbid it)
  const specs = Object.fromEntries(templateParams(TABLES[ENGLISH][id]).map((p) => [p.name, p.spec]));
  return text.replace(PARAM, (_, name) => valueText(params[name], specs[name], lang));
}

/** The core's message parts ([{id, params}], sl_api_*_message) as one text: a part whose
 *  template has an m parameter takes the parts after it there, as the core renders them
 *  (src/core/message.c). */
export function renderParts(parts, lang = language) {
  let out = '';
  for (let k = 0; k < parts.length; k++) {
    const { id, params = {} } = parts[k];
    const m = templateParams(TABLES[ENGLISH][id] || '').find((p) => p.spec === 'm');
    if (m) return out + t(id, { ...params, [m.name]: parts.slice(k + 1) }, lang);
    out += t(id, params, lang);
  }
  return out;
}

setLanguage(pickLanguage());

/** Fills root's static texts from the table (the pages' HTML keeps the English as written,
 *  for a reader without scripts; tests/web/page-text.test.js checks it is en.json's): an
 *  element with data-msg="id" gets t(id) as its text, data-msg-attr="name:id name:id" the
 *  attributes named (title, aria-label, placeholder, alt). Returns the count filled. */
export function applyMessages(root = globalThis.document, lang = language) {
  if (!root || !root.querySelectorAll) return 0;
  let count = 0;
  for (const el of root.querySelectorAll('[data-msg]')) {
    const text = t(el.dataset.msg, {}, lang);
    if (el.textContent !== text) el.textContent = text;
    count++;
  }
  for (const el of root.querySelectorAll('[data-msg-attr]')) {
    for (const pair of el.dataset.msgAttr.split(/\s+/).filter(Boolean)) {
      const [name, id] = pair.split(':');
      el.setAttribute(name, t(id, {}, lang));
      count++;
    }
  }
  // the template's content is a separate document fragment: fill it too, once
  if (root.querySelectorAll) for (const tpl of root.querySelectorAll('template')) count += applyMessages(tpl.content, lang);
  return count;
}
