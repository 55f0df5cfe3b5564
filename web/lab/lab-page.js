// The lab page's own wiring around the panels, parts of web/app.js startLab that need no
// lab state: the lab's events for the course API, the page's layout for its panel count,
// the panels' creation one per task (with the charting library loading meanwhile), the
// landmarks' names, and what stops a lab out of
// sight or resizes its panels.

import { Panel, resizePanels } from '../panel/panel.js';
import { t } from '../ui/messages.js';

const $ = (sel, root = document) => root.querySelector(sel);

/** Resolves in a task of its own: the lab's start is cut into pieces of well under 50 ms
 *  of main-thread work, so a lesson with four labs stays responsive while they open (a
 *  message, not setTimeout, which a browser may hold back in a frame). */
export function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}

/** The lab's events (diverged, frame, answered, input) for the course API through the face:
 *  {emit(name, detail), on(name, fn) -> unsubscribe}. A listener that throws is logged and
 *  never stops the lab. */
export function labEvents() {
  return eventsNamed(['diverged', 'frame', 'answered', 'input']);
}

/** What the lab's parts tell each other (web/lab/lab-parts.js), each event with its
 *  arguments; a part made later subscribes when it is made (an event before that has no
 *  listener, as the part that would hear it does not exist yet):
 *    stepper(i, method), dt(i, dt), iterations(i, n), xpbdDamping(i, tau)   a panel's own
 *                              menu or box (-> settings)
 *    samples(panel, samples)   a shown frame's chart samples (-> the chart)
 *    omega(panel)              its ω_max is known (-> the parameter card's meters)
 *    live()                    a change a recording does not hold (-> the recording)
 *    diverged(panel, t)        its run diverged at t (s) (-> chart, course API, screen reader)
 *    body(panel, desc)         a new world (-> the chart's phase portrait)
 *    rebuilt()                 new worlds after a setting (-> body size, pins)
 *    changed(later)            the lab's state changed (-> the address bar; later: after a pause)
 *    ahead(on)                 the clock computes ahead or not (-> the playback bar)
 *    playing(on)               play or pause (-> the frame loop) */
export function labNews() {
  return eventsNamed(['stepper', 'dt', 'iterations', 'xpbdDamping', 'samples', 'omega', 'live', 'diverged', 'body',
    'rebuilt', 'changed', 'ahead', 'playing']);
}

function eventsNamed(names) {
  const listeners = Object.fromEntries(names.map((name) => [name, new Set()]));
  return {
    names,
    emit(name, ...args) {
      if (!listeners[name]) throw new Error(`no lab event ${name}`);
      for (const fn of listeners[name]) {
        try { fn(...args); } catch (err) { console.error(err); }
      }
    },
    on(name, fn) {
      if (!listeners[name]) throw new Error(`no lab event ${name}`);
      listeners[name].add(fn);
      return () => listeners[name].delete(fn);
    },
  };
}

/** The page's layout for `count` panels, set before they size their views: the grid's
 *  panel count, and compact (an embed, or a phone: 600 px wide or 500 px high at most),
 *  kept as the window changes; the panels are resized whenever compact changes. */
export function layoutPage(count, embed, panels) {
  document.documentElement.style.setProperty('--panel-count', String(count));
  document.documentElement.dataset.panels = String(count);
  document.body.classList.toggle('embed', !!embed);
  const small = matchMedia('(max-width: 600px), (max-height: 500px)');
  const compact = () => {
    document.body.classList.toggle('compact', !!embed || small.matches);
    resizePanels(panels);
  };
  small.addEventListener('change', compact);
  compact();
}

/** Pushes a Panel per entry of config.panels onto `panels` (their Workers from pool),
 *  sizes them, then creates their views one per task (a WebGL context each); resolves once
 *  all are built, rejects with the first failure. */
/** The panels of config, made (not yet built: buildPanels) and sized (hooks: web/panel/panel.js `on`). */
function makePanelsOf(core, pool, config, hooks) {
  const clients = pool.open(config.panels.length, config.scene.mesh || null, config.panels.map((c) => c.group));
  const panels = config.panels.map((c, i) => new Panel(core, clients[i], config.scene, i, c, hooks));
  resizePanels(panels);
  return panels;
}

/** Builds every panel's simulation and view, one task each; resolves once all are built
 *  (rejects with the first panel's reason if one cannot). */
export async function buildPanels(panels) {
  const creating = [];
  for (const p of panels) {
    const c = p.create();
    c.catch(() => {});
    creating.push(c);
    await nextTask();
  }
  await Promise.all(creating);
  performance.mark('softlab-panels-built');
  await nextTask();
}

/** Loads the classic script at src (e.g. the charting library); resolves once it ran. */
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(s);
  });
}

/** The page laid out for config's panels, then the panels made (hooks: web/panel/panel.js
 *  `on`; buildPanels builds them). Returns {panels, charting}: charting resolves once the
 *  charting library ran, which loads while the Workers build (its 50-130 ms of evaluation
 *  are then off the path to the first frame). */
export function makePanels(core, pool, config, hooks) {
  const panels = [];
  // the panels' grid first: each panel sizes its canvas (and WebGL context) once
  layoutPage(config.panels.length, config.embed, panels);
  const charting = loadScript('uPlot.iife.min.js'); // preloaded by index.html
  panels.push(...makePanelsOf(core, pool, config, hooks));
  return { panels, charting };
}

/** Names the page's landmarks after this lab's comparison: a course page with several labs
 *  (a lesson) then has no two landmarks of one name (axe landmark-unique across frames). */
export function nameLandmarks(scene, panels) {
  const name = `${scene.title}: ${panels.map((p) => p.page.label()).join('; ')}`;
  const landmarks = [['header.top', 'controls'], ['main', 'lab'], ['#panels', 'panels'], ['.chart-card', 'plot'],
    ['.energy-card', 'energy'], ['#inspector', 'inspector']];
  for (const [sel, id] of landmarks) $(sel).setAttribute('aria-label', t(`landmark.${id}`, { name }));
}

/** What keeps the page in shape once the lab runs: a lab out of sight (an embed scrolled
 *  away in a lesson, a hidden tab) takes no steps (clock.setSuspended); the panels follow
 *  their canvases' size; compact's "controls" button shows the rest of the controls. */
export function watchPage(clock, panels) {
  let inView = true;
  const suspend = () => clock.setSuspended(!inView || document.visibilityState === 'hidden');
  new IntersectionObserver((entries) => { inView = entries[entries.length - 1].isIntersecting; suspend(); })
    .observe($('#panels'));
  document.addEventListener('visibilitychange', suspend);
  const toggle = $('#controls-toggle');
  toggle.addEventListener('click', () => {
    const open = document.body.classList.toggle('show-controls');
    toggle.setAttribute('aria-expanded', String(open));
    resizePanels(panels);
  });
  const ro = new ResizeObserver(() => resizePanels(panels));
  for (const p of panels) ro.observe(p.page.canvas);
  resizePanels(panels);
}
