// The student's own use of the lab page's controls, as the course API's action events
// (web/course/course-events.js act). Only the lab's own page dispatches events in its
// document, so what is heard here is the student, never the course API's own changes
// (the one change the page makes itself follows the student's click on a link box,
// web/settings/controls.js).
//
//   watchControls(win, doc, act)   listens on doc (capture) for change, click and the
//                                  transport's keys; act({action, ...}) for each

import { fin } from './course-fields.js';

const BY_ID = {
  'scene-select': 'scene', preset: 'presets', speed: 'speed', 'view-mode': 'view', 'view-ghost': 'view',
  'view-frames': 'view', 'view-color': 'view', 'mesh-file': 'mesh', step: 'step', reset: 'reset', record: 'record', replay: 'replay',
};
const PANEL_INPUTS = [['method', 'method'], ['dt-input', 'dt'], ['iterations-input', 'iterations'], ['xpbd-damping-input', 'xpbdDamping']];

export function watchControls(win, doc, act) {
  const valueOf = (el) => (el.type === 'checkbox' ? el.checked : el.type === 'number' ? fin(Number(el.value)) : String(el.value).slice(0, 200));
  doc.addEventListener('change', (e) => {
    const c = e.target instanceof win.Element ? controlOf(doc, e.target) : null;
    if (c && e.target.id !== 'mesh-file') act({ action: 'change', ...c, value: valueOf(e.target) });
    else if (c) act({ action: 'change', control: 'mesh' });
  }, true);
  doc.addEventListener('click', (e) => {
    const button = e.target instanceof win.Element ? e.target.closest('button') : null;
    if (!button || button.disabled) return;
    if (button.id === 'play') act({ action: button.dataset.action === 'pause' ? 'pause' : 'play' });
    else {
      const c = controlOf(doc, button);
      if (c && ['step', 'reset', 'record', 'replay'].includes(c.control)) act({ action: c.control });
      else if (c && c.control === 'find') act({ action: 'find', panel: c.panel });
    }
  }, true);
  doc.addEventListener('keydown', (e) => { // the keys of web/time/transport.js
    if (!(e.target instanceof win.Element) || e.target.closest('input, select, textarea, dialog')) return;
    const open = (id) => !doc.getElementById(id).dataset.courseLocked;
    if (e.key === ' ' && !e.target.closest('button') && open('play')) act({ action: doc.getElementById('play').dataset.action === 'pause' ? 'pause' : 'play' });
    else if ((e.key === 'ArrowRight' || e.key === '.') && open('step') && !e.target.closest('canvas')) act({ action: 'step' });
    else if ((e.key === 'r' || e.key === 'R') && open('reset')) act({ action: 'reset' });
  }, true);
}

/** {control, panel?, name?} of a control element the student used, or null. */
function controlOf(doc, el) {
  const panelEl = el.closest('#panels .panel');
  if (panelEl) {
    const panel = [...doc.querySelectorAll('#panels .panel')].indexOf(panelEl);
    for (const [cls, control] of PANEL_INPUTS) if (el.classList.contains(cls)) return { control, panel };
    return null;
  }
  const tr = el.closest('#params tr[data-param]');
  if (tr) return paramControlOf(el, tr);
  return BY_ID[el.id] ? { control: BY_ID[el.id] } : null;
}

/** A control in the parameter card's row tr: a parameter, Δt, β, find, or the link box. */
function paramControlOf(el, tr) {
  const name = tr.dataset.param;
  const td = el.closest('td');
  if (td && td.classList.contains('link')) return { control: 'link', name };
  const tds = [...tr.querySelectorAll(':scope > td')].slice(1);
  const panel = tds[0] && tds[0].colSpan > 1 ? null : tds.indexOf(td); // null: linked, every panel
  const control = ['dt', 'beta', 'find'].includes(name) ? name : 'param';
  return { control, ...(control === 'param' ? { name } : {}), ...(panel === null ? {} : { panel }) };
}
