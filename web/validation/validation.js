// validation.html: the claims of the five seed papers (softlab/validate.h), run one at a
// time in a Worker (validation-worker.js) and shown as they arrive. Every number and
// verdict is the core's; this file only lays them out.

import { applyMessages, t, template } from '../ui/messages.js';

const $ = (id) => document.getElementById(id);
applyMessages(document); // the page's chrome in the reader's language (web/ui/messages.js)
const worker = new Worker(new URL('./validation-worker.js', import.meta.url));
let claims = [];
let queue = [];
let running = null; // the index of the claim in the Worker, or null
let started = 0;
let done = 0;
const verdictOf = new Map(); // claim id -> its latest verdict: the summary counts each claim once

/** A number as the table shows it: 4 significant digits, '–' for none. */
function num(x) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  if (x === 0) return '0';
  const a = Math.abs(x);
  return a >= 1e-3 && a < 1e5 ? String(Number(x.toPrecision(4))) : x.toExponential(3);
}
const unitText = (c) => (c.unit === '1' ? '' : ` ${c.unit}`);
const relationText = (c) => (c.relation === 'at most' ? '≤ ' : c.relation === 'at least' ? '≥ ' : '');

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** Text with formulas between dollar signs ($\\omega \\Delta t \\le 2$) as a fragment: the
 *  formulas rendered by KaTeX as MathML where it loaded, the rest as text (never markup). */
function withMath(text) {
  const frag = document.createDocumentFragment();
  const parts = String(text ?? '').split('$');
  if (parts.length % 2 === 0) { frag.append(text); return frag; } // an odd dollar: show it as written
  parts.forEach((part, i) => {
    if (i % 2 === 0 || !window.katex) { if (part) frag.append(i % 2 ? `$${part}$` : part); return; }
    const span = document.createElement('span');
    window.katex.render(part, span, { output: 'mathml', throwOnError: false });
    frag.append(span);
  });
  return frag;
}

function row(c) {
  const tr = el('tr', { id: `claim-${c.id}` });
  tr.dataset.verdict = 'pending';
  const lab = c.lab ? el('a', { href: `index.html?${c.lab}`, textContent: t('validation.open_in_lab'), target: '_blank', rel: 'noopener' }) : null;
  const rerun = el('button', { type: 'button', className: 'btn small', textContent: t('validation.rerun') });
  rerun.setAttribute('aria-label', t('validation.rerun_label', { id: c.id }));
  rerun.addEventListener('click', () => enqueue([c.index]));
  tr.append(
    el('td', { className: 'verdict' }, el('span', { className: 'badge', textContent: t(c.quick ? 'validation.queued' : 'validation.not_run') })),
    el('td', { className: 'claim' },
      el('div', { className: 'what' }, el('b', { textContent: c.source }), ' ', withMath(c.claim)),
      el('div', { className: 'setup muted' }, t('validation.setup'), withMath(c.setup)),
      c.setupDiffers ? el('div', { className: 'differs' }, t('validation.setup_differs'), withMath(c.setupDiffers), '.') : null,
      el('div', { className: 'margins muted' }),
      el('div', { className: 'why' }),
      el('div', { className: 'how muted' })),
    el('td', { className: 'quantity', textContent: `${c.quantity}${c.unit === '1' ? '' : ` (${c.unit})`}` }),
    el('td', { className: 'num measured', textContent: '…' }),
    el('td', { className: 'num paper' }, Number.isNaN(c.paper) ? '–' : relationText(c) + num(c.paper),
      Number.isNaN(c.paper) ? null : el('div', { className: 'kind muted',
        textContent: c.paperKind === 'printed' ? t('validation.printed', { where: c.paperWhere }) : t('validation.reading') })),
    el('td', { className: 'num reference' }, el('span', { className: 'value', textContent: '…' }),
      c.referenceKind ? el('div', { className: 'kind muted', textContent: c.referenceKind }) : null),
    el('td', { className: 'act' }, lab, ' ', rerun));
  return tr;
}

function layout() {
  const main = $('seeds');
  main.replaceChildren();
  for (const seed of [...new Set(claims.map((c) => c.seed))]) {
    const mine = claims.filter((c) => c.seed === seed);
    const table = el('table', {},
      el('caption', {}, el('b', { textContent: mine[0].paperTitle })), // authors, year, title: the paper, not softlab's seed number
      el('thead', {}, el('tr', {}, ...['verdict', 'claim', 'quantity', 'measured', 'paper', 'reference'].map((h) => t(`validation.column.${h}`)).concat([''])
        .map((h) => el('th', { scope: 'col', textContent: h })))),
      el('tbody', {}, ...mine.map(row)));
    main.append(el('section', {}, table));
  }
}

/** "Against the paper: tolerance 0.1 s, inside by 0.06 s." — the core's numbers, worded. */
function comparison(what, tolerance, margin, c) {
  if (margin === null || margin === undefined || Number.isNaN(margin)) return '';
  return t(margin >= 0 ? 'validation.inside' : 'validation.outside', { what, tolerance: num(tolerance) + unitText(c), margin: num(Math.abs(margin)) + unitText(c) });
}

function show(index, r) {
  const c = claims[index];
  const tr = $(`claim-${c.id}`);
  tr.dataset.verdict = r.verdictName;
  tr.querySelector('.badge').textContent = verdictWord(r.verdictName);
  tr.querySelector('.measured').textContent = num(r.measured) + (Number.isNaN(r.measured) ? '' : unitText(c));
  tr.querySelector('.reference .value').textContent = num(r.reference);
  tr.querySelector('.margins').textContent = [
    comparison(t('validation.against_paper'), r.paperTolerance, r.paperMargin, c),
    comparison(c.referenceKind ? t('validation.against_reference_kind', { kind: c.referenceKind }) : t('validation.against_reference'), r.referenceTolerance, r.referenceMargin, c),
  ].filter(Boolean).join(' ');
  tr.querySelector('.why').replaceChildren(withMath(r.why));
  tr.querySelector('.how').replaceChildren(withMath([r.referenceHow && t('validation.reference_how', { how: r.referenceHow }), r.note && t('validation.note', { note: r.note }),
    t('validation.seconds_here', { seconds: num(r.seconds) })].filter(Boolean).join(' ')));
}

/** The core's verdict name ('paper is off') in the page's words (validation.verdict.paper_is_off);
 *  the row's data-verdict keeps the core's name (the style sheet's colours). */
function verdictWord(name) {
  const id = `validation.verdict.${String(name).replace(/[^a-z]+/g, '_')}`;
  return template(id) === undefined ? name : t(id);
}

function progress() {
  const total = done + queue.length + (running !== null ? 1 : 0);
  $('progress').max = Math.max(total, 1);
  $('progress').value = done;
  const secs = ((performance.now() - started) / 1000).toFixed(0);
  $('status').textContent = running !== null ? t('validation.running_claim', { id: claims[running].id, done, total, seconds: secs })
    : t('validation.claims_run', { done, seconds: secs });
  $('stop').disabled = running === null;
  const names = ['agrees', 'differs', 'paper is off', 'another set-up', 'skipped', 'failed'];
  const count = (n) => [...verdictOf.values()].filter((v) => v === n).length;
  $('summary').textContent = names.filter(count).map((n) => t('validation.count', { count: count(n), verdict: verdictWord(n) })).join(' · ');
}

function next() {
  if (running !== null || !queue.length) return progress();
  running = queue.shift();
  const tr = $(`claim-${claims[running].id}`);
  tr.dataset.verdict = 'running';
  tr.querySelector('.badge').textContent = t('validation.running');
  worker.postMessage({ type: 'run', index: running });
  progress();
}

function enqueue(indices) {
  if (running === null && !queue.length) started = performance.now(), done = 0;
  for (const i of indices) if (i !== running && !queue.includes(i)) queue.push(i);
  next();
}

worker.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'list') {
    claims = m.claims;
    layout();
    enqueue(claims.filter((c) => c.quick).map((c) => c.index)); // the quick set opens running
    return;
  }
  if (m.type === 'error' && m.index === undefined) {
    $('status').textContent = t('validation.could_not_start', { error: m.message });
    return;
  }
  const r = m.type === 'result' ? m : { verdictName: 'failed', why: m.message, measured: NaN, reference: NaN, seconds: NaN };
  show(m.index, r);
  verdictOf.set(claims[m.index].id, r.verdictName);
  running = null;
  done++;
  next();
};
worker.onerror = (e) => { $('status').textContent = t('validation.worker_failed', { error: e.message }); };

$('run-quick').addEventListener('click', () => enqueue(claims.filter((c) => c.quick).map((c) => c.index)));
$('run-all').addEventListener('click', () => enqueue(claims.map((c) => c.index)));
$('stop').addEventListener('click', () => { queue = []; progress(); }); // the row running finishes
worker.postMessage({ type: 'list' });
