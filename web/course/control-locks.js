// Controls a course may hide or lock (issue 45 item 1: the course API's set-controls and
// the URL's `hide` and `lock`): a locked control is shown but cannot be changed (disabled,
// aria-disabled, and its keyboard shortcut does nothing), a hidden one is not shown. Some
// controls are the page's (the scene menu, presets, play...), others each panel's (its
// stepper menu, Δt, find...), which a course may lock in some panels only. The lab's own
// code rebuilds and re-enables controls (the parameter card after a change, a finished
// search's button), so the locks are applied again after every change of the page's DOM.
//
//   controlLocks(doc, panelCount)  -> {set(name, state, panels?), get(), apply()}
//   parseControlList(text, panelCount) -> {entries: [{name, panels|null}], problems}

/** The page's controls: name -> selectors of its elements. */
export const PAGE_CONTROLS = {
  scene: ['#scene-select'],
  presets: ['#preset'],
  mesh: ['#mesh-button'],
  play: ['#play'],
  step: ['#step'],
  reset: ['#reset'],
  speed: ['#speed'],
  view: ['#view-mode', '#view-ghost', '#view-frames', '#view-color'],
  record: ['#record', '#replay'],
  embed: ['#embed'],
  nodes: ['#node-keys'],
  controls: ['#controls-toggle'],
};
/** Each panel's controls: its head's (selectors within the panel) and its column of the
 *  parameter card (rows by data-param; 'params': every scene parameter's row). */
export const PANEL_CONTROLS = {
  method: { head: ['.method'] },
  dt: { head: ['.dt-input'], rows: ['dt'] },
  iterations: { head: ['.iterations-input'] },
  xpbdDamping: { head: ['.xpbd-damping-input'] },
  beta: { rows: ['beta'] },
  params: { rows: '*' },
  find: { rows: ['find'] },
};
export const CONTROL_NAMES = [...Object.keys(PAGE_CONTROLS), ...Object.keys(PANEL_CONTROLS)];
export const CONTROL_STATES = ['shown', 'locked', 'hidden'];
const NOT_PARAMS = new Set(['dt', 'beta', 'find', 'lame']);
const LOCK_TITLE = ' (locked by the course)';

/** The `hide` or `lock` URL parameter: comma-separated control names, a panel's control as
 *  name@panel (0-based, as the course API's panel index). Unknown names are problems. */
export function parseControlList(text, panelCount) {
  const entries = [], problems = [];
  for (const raw of String(text).split(',').map((s) => s.trim()).filter(Boolean).slice(0, 64)) {
    const [name, at] = raw.split('@');
    const panel = at === undefined ? null : Number(at);
    if (!CONTROL_NAMES.includes(name)) problems.push(`“${raw.slice(0, 40)}” is no control (controls: ${CONTROL_NAMES.join(', ')})`);
    else if (panel !== null && !(name in PANEL_CONTROLS)) problems.push(`“${raw.slice(0, 40)}”: ${name} is the page's control, not a panel's`);
    else if (panel !== null && !(Number.isInteger(panel) && panel >= 0 && panel < panelCount)) problems.push(`“${raw.slice(0, 40)}”: no panel ${at} (0 to ${panelCount - 1})`);
    else entries.push({ name, panels: panel === null ? null : [panel] });
  }
  return { entries, problems };
}

export function controlLocks(doc, panelCount) {
  const states = {}; // name -> state (page controls) or [state per panel]
  for (const name of Object.keys(PAGE_CONTROLS)) states[name] = 'shown';
  for (const name of Object.keys(PANEL_CONTROLS)) states[name] = Array(panelCount).fill('shown');
  let applying = false;
  /** Locks and hides what the states say, and gives back what they no longer say. */
  function apply() {
    applying = true;
    try {
      applyLocks(doc, states);
    } finally {
      observer.takeRecords();
      applying = false;
    }
  }
  // the lab rebuilds its card and re-enables buttons: lock again after every change
  const View = doc.defaultView;
  let wasLocked = false;
  const observer = new View.MutationObserver(() => {
    if (applying || (!wasLocked && !anyLocked())) return;
    wasLocked = anyLocked();
    apply();
  });
  const anyLocked = () => Object.values(states).some((s) => (Array.isArray(s) ? s.some((x) => x !== 'shown') : s !== 'shown'));
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'colspan'] });

  return {
    /** Sets control name to state ('shown', 'locked', 'hidden'), a panel's control in the
     *  panels listed (null: every panel); then applies every lock. */
    set(name, state, panels = null) {
      if (name in PAGE_CONTROLS) states[name] = state;
      else for (const i of panels || [...Array(panelCount).keys()]) states[name][i] = state;
      wasLocked = true;
    },
    /** {name: state} of the page's controls and {name: [state per panel]} of the panels'. */
    get() {
      return Object.fromEntries(Object.entries(states).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
    },
    apply,
    /** 1 if the control is locked or hidden (a keyboard shortcut checks it). */
    blocks: (name) => states[name] !== 'shown',
  };
}

/** Locks and hides what states say, and gives back what they no longer say: an unlocked
 *  control gets back the disabled state it had when it was locked (a change the lab made
 *  to it meanwhile is lost: it was locked). */
function applyLocks(doc, states) {
  const now = lockTargets(doc, states), locked = new Set(), hidden = new Set();
  for (const [el, state] of now) {
    if (state === 'hidden') hidden.add(boxOf(el));
    if (state === 'shown') continue;
    // hidden is locked too: a hidden field cannot be reached, nor its shortcut used
    for (const c of el.matches('input, select, button') ? [el] : [el, ...el.querySelectorAll('input, select, button')]) locked.add(c);
  }
  for (const el of doc.querySelectorAll('[data-course-locked]')) if (!locked.has(el)) unlock(el);
  for (const el of doc.querySelectorAll('.course-hidden')) if (!hidden.has(el)) el.classList.remove('course-hidden');
  for (const el of locked) lock(el);
  for (const el of hidden) el.classList.add('course-hidden');
}

/** [element, state] pairs of every control now in the page, the most severe state for a
 *  cell or link box that serves several panels. */
function lockTargets(doc, states) {
  const out = new Map();
  const put = (el, state) => {
    if (!el) return;
    const before = out.get(el);
    if (!before || CONTROL_STATES.indexOf(state) > CONTROL_STATES.indexOf(before)) out.set(el, state);
  };
  for (const [name, sels] of Object.entries(PAGE_CONTROLS)) for (const sel of sels) put(doc.querySelector(sel), states[name]);
  const heads = [...doc.querySelectorAll('#panels .panel')];
  for (const [name, spec] of Object.entries(PANEL_CONTROLS)) {
    states[name].forEach((state, i) => {
      for (const sel of spec.head || []) put(heads[i] && heads[i].querySelector(sel), state);
      if (spec.rows) for (const tr of rowsOf(doc, spec.rows)) putRow(put, tr, i, spec, state);
    });
  }
  return out;
}

/** put(element, state) for panel i's controls in the card's row tr. */
function putRow(put, tr, i, spec, state) {
  const td = cellOf(tr, i);
  if (td) for (const el of td.querySelectorAll('input, select, button')) put(el, state);
  // the link box would let a locked value be changed through the linked field
  const link = tr.querySelector('td.link input');
  if (link && state !== 'shown') put(link, 'locked');
  if (spec.rows !== '*' && spec.rows.includes('find') && state === 'hidden' && td) put(td.querySelector('output'), 'hidden');
}

/** The card's cell of panel i in row tr (the first cell serves every panel while linked). */
function cellOf(tr, i) {
  const tds = [...tr.querySelectorAll(':scope > td')].slice(1); // after the link column
  const first = tds[0];
  return first && first.colSpan > 1 ? first : tds[i];
}

/** The card's rows of spec: a list of data-param names, or '*' for every scene parameter. */
function rowsOf(doc, spec) {
  const all = [...doc.querySelectorAll('#params tr[data-param]')];
  return spec === '*' ? all.filter((tr) => !NOT_PARAMS.has(tr.dataset.param)) : all.filter((tr) => spec.includes(tr.dataset.param));
}

/** The box a hidden control takes with it: its label when the label holds it alone. */
function boxOf(el) {
  const label = el.closest('label');
  return label && label.querySelectorAll('input, select, button').length === 1 ? label : el;
}

function lock(el) {
  if (!el.dataset.courseLocked) {
    el.dataset.courseLocked = '1';
    el.dataset.courseWasDisabled = el.disabled ? '1' : '0';
    el.dataset.courseTitle = el.title || '';
    el.title = (el.title || '') + LOCK_TITLE;
  }
  if ('disabled' in el && !el.disabled) el.disabled = true;
  el.setAttribute('aria-disabled', 'true');
}

function unlock(el) {
  if ('disabled' in el) el.disabled = el.dataset.courseWasDisabled === '1';
  el.title = el.dataset.courseTitle || '';
  for (const a of ['data-course-locked', 'data-course-was-disabled', 'data-course-title', 'aria-disabled']) el.removeAttribute(a);
}
