// A panel's page elements: its head (stepper menu, variant, Δt), the canvas's box and text
// alternative, notes and badge, state line, readout, stability meter and citation. It
// shows a run (web/panel/panel-run.js), which it reads and never changes; what the reader asks
// for in the head goes out through the callbacks it is given.

import { fieldText, fmt } from '../ui/format.js';
import { fmtSeconds, trialWords } from '../core/stability.js';
import { announce } from '../ui/announce.js';
import { t } from '../ui/messages.js';
import { STEPPER } from '../core/lab-api.js';

const $ = (sel, root) => root.querySelector(sel);
let measureCtx = null; // a 2D context to measure stepper names in the menu's font
const FLASH_MS = 4000;  // a refusal stays on the state line this long

/** x rounded down to `digits` significant digits (x > 0). */
function floorDigits(x, digits) {
  const unit = 10 ** (Math.floor(Math.log10(x)) - digits + 1);
  return +(Math.floor(x / unit + 1e-9) * unit).toPrecision(digits);
}

export class PanelPage {
  /**
   * @param steppers  the core's stepper table ({name, title, citation, bound} each)
   * @param run       the run shown (web/panel/panel-run.js PanelRun), read only
   * @param index     0-based position on the page
   * @param color     the panel's colour (CSS)
   * @param on        {stepper(method), dt(dt), iterations(n), xpbdDamping(tau)}: the reader
   *                  chose a stepper, a Δt, the iterations a step or XPBD's damping time
   *                  (n, tau: the field's number, NaN if none)
   */
  constructor(steppers, run, index, color, on) {
    this.steppers = steppers;
    this.run = run;
    this.index = index;
    this.flashText = '';
    this.flashUntil = 0;
    const node = $('#panel-template', document).content.firstElementChild.cloneNode(true);
    node.style.setProperty('--panel-color', color);
    this.root = node;
    this.canvas = $('canvas', node);
    this.canvas.id = `view-${index + 1}`;
    this.canvas.setAttribute('aria-label', t('panel.view_of', { panel: index + 1 }));
    this.desc = $('.view-desc', node);
    this.desc.id = `view-desc-${index + 1}`;
    this.canvas.setAttribute('aria-describedby', this.desc.id);
    this.select = $('select.method', node);
    this.select.setAttribute('aria-label', t('panel.stepper_of', { panel: index + 1 }));
    this.dtInput = $('input.dt-input', node);
    this.dtInput.setAttribute('aria-label', t('panel.dt_of', { panel: index + 1 }));
    this.iterationsLabel = $('label.iterations', node);
    this.iterationsInput = $('input.iterations-input', node);
    this.iterationsInput.setAttribute('aria-label', t('panel.iterations_of', { panel: index + 1 }));
    this.dampingLabel = $('label.xpbd-damping', node);
    this.dampingInput = $('input.xpbd-damping-input', node);
    this.dampingInput.setAttribute('aria-label', t('panel.damping_of', { panel: index + 1 }));
    this.variantEl = $('.variant', node);
    this.stateEl = $('.state', node);
    this.badge = $('.view-badge', node);
    this.readout = $('.readout', node);
    this.meter = $('.meter', node);
    this.citation = $('.citation', node);
    for (const s of steppers) {
      const opt = document.createElement('option');
      opt.value = s.name;
      opt.textContent = opt.dataset.full = s.title;
      opt.title = s.citation;
      this.select.append(opt);
    }
    this.showMethod(run.method);
    this.dtInput.value = fieldText(run.dt);
    // the run's setStepper shows the method taken (or the old one, refused) by showRun
    this.select.addEventListener('change', () => on.stepper(this.select.value));
    this.dtInput.addEventListener('change', () => on.dt(Number(this.dtInput.value)));
    // an empty or unreadable field is NaN, for the core to refuse with its reason
    this.iterationsInput.addEventListener('change', () => on.iterations(this.iterationsInput.value.trim() === '' ? NaN : Number(this.iterationsInput.value)));
    this.dampingInput.addEventListener('change', () => on.xpbdDamping(this.dampingInput.value.trim() === '' ? NaN : Number(this.dampingInput.value)));
    this.showIterations();
    this.showDamping();
    this.on = on;
    $('#panels', document).append(node);
  }

  stepperOf(name) {
    return this.steppers.find((s) => s.name === name) || { title: name, citation: '' };
  }

  /** The run's stepper ({name, title, citation, bound}). */
  stepper() {
    return this.stepperOf(this.run.method);
  }

  /** The head shows the run's stepper and Δt, the foot its citation. */
  showRun() {
    this.showMethod(this.run.method);
    this.showDt();
    this.showIterations();
    this.showDamping();
    this.showCitation();
  }

  /** The iterations field: shown only for a stepper that reads the count (the core's flag
   *  SL_STEPPER_USES_ITERATIONS), with the run's count. */
  showIterations() {
    this.iterationsLabel.hidden = !(this.stepper().flags & STEPPER.USES_ITERATIONS);
    const n = this.run.iterations;
    this.iterationsInput.value = Number.isFinite(n) ? String(n) : '';
  }

  /** The damping field: shown only for a stepper that reads XPBD's damping time (the
   *  core's flag SL_STEPPER_USES_XPBD_DAMPING), with the run's τ. */
  showDamping() {
    this.dampingLabel.hidden = !this.usesDamping();
    const tau = this.run.xpbdDamping;
    this.dampingInput.value = Number.isFinite(tau) ? String(tau) : '';
  }

  usesDamping() {
    return (this.stepper().flags & STEPPER.USES_XPBD_DAMPING) !== 0;
  }

  /** The foot names the run's stepper's source. */
  showCitation() {
    this.citation.textContent = this.stepper().citation;
  }

  /** The Δt box shows the run's Δt (again, after a refused value). */
  showDt() {
    this.dtInput.value = fieldText(this.run.dt);
  }

  /** The head's variant: the parameters in which the panels differ (web/settings/settings.js). */
  setVariant(text) {
    this.variantEl.textContent = text;
  }

  viewNote(text) {
    const el = $('.view-note', this.root);
    el.textContent = text;
    el.hidden = !text;
  }

  /** After a stepper change, its largest stable Δt here (web/settings/controls.js find: {dt,
   *  capped}, dt NaN if unstable at every Δt) against the panel's Δt: beyond it, a note
   *  that says so, with a button that sets a safe Δt (0.8 of it, two digits). */
  offerDt(result) {
    if (!result) return;
    const name = this.stepper().title;
    const dt = this.run.dt;
    if (Number.isNaN(result.dt)) {
      this.viewNote(t('panel.find_unstable', { stepper: name, dt: fmtSeconds(result.lo) }));
      return;
    }
    if (result.capped || dt <= result.dt) return;
    const safe = floorDigits(0.8 * result.dt, 2);
    const use = document.createElement('button');
    use.className = 'btn small';
    use.type = 'button';
    use.textContent = t('panel.find_use', { dt: fmtSeconds(safe) });
    use.addEventListener('click', () => this.on.dt(safe));
    const el = $('.view-note', this.root);
    el.replaceChildren(t('panel.find_beyond', { dt: fmtSeconds(dt), stepper: name, found: fmtSeconds(result.dt), trials: trialWords(result) }) + ' ', use);
    el.hidden = false;
  }

  /** Shows text (a refusal) on the state line for FLASH_MS. */
  flash(text) {
    this.flashText = text;
    this.flashUntil = performance.now() + FLASH_MS;
    this.updateState();
  }

  /** Ends a refusal's time on the state line (a reset). */
  endFlash() {
    this.flashUntil = 0;
  }

  /** The one line that names the panel in a compact embed (its stepper, Δt, variant). */
  updateLabel() {
    $('.panel-label', this.root).textContent = this.label();
  }

  label() {
    const variant = this.variantEl.textContent;
    // the iterations a step of a stepper that reads them (the core's flag), as its field shows them
    const n = this.stepper().flags & STEPPER.USES_ITERATIONS && Number.isFinite(this.run.iterations) ? t('panel.label_iterations', { n: this.run.iterations }) : '';
    // XPBD's damping time where its stepper reads it and it damps (τ > 0; undamped, the default, unnamed)
    const tau = this.run.xpbdDamping;
    const damping = this.usesDamping() && tau > 0 ? t('panel.label_damping', { tau: String(+tau.toPrecision(6)) }) : '';
    return `${this.stepper().title}, Δt = ${+this.run.dt.toPrecision(6)} s${n}${damping}${variant ? ', ' + variant : ''}`;
  }

  stateText(playing) {
    if (this.flashUntil > performance.now()) return this.flashText;
    if (this.run.ended) return this.run.message;
    return this.run.verdictText() || (playing ? t('panel.running') : t('panel.paused'));
  }

  updateState(playing = false) {
    const run = this.run;
    const text = this.stateText(playing);
    const name = run.verdict && !run.ended ? run.verdict.name : '';
    const kind = run.ended ? 'diverged' : this.flashUntil > performance.now() || name === 'growing' ? 'warn'
      : name === 'artifact' ? 'artifact' : playing ? 'running' : 'paused';
    if (this.stateEl.textContent !== text) this.stateEl.textContent = text;
    if (this.stateEl.dataset.kind !== kind) this.stateEl.dataset.kind = kind;
    // the core's verdict that the energy grows is said once when it comes (in its words);
    // a divergence is said by the page's diverged hook (web/lab/lab-parts.js)
    const growing = name === 'growing';
    if (growing && !this.saidGrowing) announce(t('panel.announce', { panel: this.index + 1, stepper: this.stepper().title, text: run.verdictText() }));
    this.saidGrowing = growing;
    const badge = !run.ended ? '' : run.diverged ? t('panel.badge_diverged', { t: run.divergedAt })
      : run.lost ? t('panel.badge_lost') : t('panel.badge_stopped');
    if (this.badge.textContent !== badge) {
      this.badge.hidden = !badge;
      this.badge.textContent = badge;
    }
  }

  /** The view's text alternative (issue 30): the stepper, t, the state line and V/V₀, in
   *  the words and digits the panel shows (its label, readout and state: the verdict is
   *  the core's, never judged here). */
  describe() {
    const vr = this.run.measures.volume_ratio;
    return t(Number.isFinite(vr) ? 'panel.describe_volume' : 'panel.describe', { panel: this.index + 1, stepper: this.label(),
      t: this.run.t.toFixed(3), state: this.stateEl.textContent, volume_ratio: Number.isFinite(vr) ? vr.toFixed(4) : '' });
  }

  /** Writes describe() into the view's description if it changed (the frame loop calls it
   *  about once a second, not every frame). */
  updateDescription() {
    const text = this.describe();
    if (this.desc.textContent !== text) this.desc.textContent = text;
  }

  updateReadout() {
    const run = this.run;
    const m = run.measures;
    const vr = m.volume_ratio;
    const msPerStep = run.rate.msPerStep;
    const text = `t = ${run.t.toFixed(3)} s · y = ${fmt(run.height)} m · ` +
      `E = ${fmt(m.total, 2)} J · max|φ| = ${fmt(m.violation)}` +
      (Number.isFinite(vr) ? ` · V/V₀ = ${vr.toFixed(4)}` : '') +
      (Number.isFinite(msPerStep) ? ` · ${fmt(msPerStep, 2)} ms/step` : '');
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  /** The stability meter under the view: Δt·ω_max on a log bar, the bound 2 marked. */
  showMeter(reading) {
    const fill = $('.meter-fill', this.meter);
    // log scale from 0.01 to 100, so the mark at 2 sits at (log 2 + 2) / 4
    const v = reading.value;
    const pos = Number.isFinite(v) ? Math.max(0, Math.min(1, (Math.log10(Math.max(v, 1e-2)) + 2) / 4)) : 1;
    fill.style.width = `${(pos * 100).toFixed(1)}%`;
    this.meter.dataset.level = reading.level;
    $('.meter-text', this.meter).textContent = reading.text;
  }

  /** What a resize needs from the page's layout, read and nothing written: the menu's room
   *  (fitStepperNames) and the canvas's size in device pixels. */
  measure() {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    return {
      menu: this.measureMenu(),
      w: Math.max(1, Math.round(this.canvas.clientWidth * dpr)),
      h: Math.max(1, Math.round(this.canvas.clientHeight * dpr)),
    };
  }

  /** Fits the menu and the canvas to a measure(); returns whether the canvas changed size
   *  (its view must be drawn again). */
  applySize({ menu, w, h }) {
    this.fitMenu(menu);
    if (this.canvas.width === w && this.canvas.height === h) return false;
    this.canvas.width = w;
    this.canvas.height = h;
    return true;
  }

  /** The stepper menu shows method (its name fitted to the head). */
  showMethod(method) {
    this.select.value = method;
    this.fitStepperNames();
  }

  /** A stepper name wider than the panel's head is shortened on purpose to the part before
   *  its parenthesis ("Forest-Ruth (fourth order symplectic)" to "Forest-Ruth") rather than
   *  cut mid-word by the menu; the menu's tooltip keeps the whole name (issue 13 item 7). */
  fitStepperNames() {
    this.fitMenu(this.measureMenu());
  }

  /** The menu's room for a name (CSS px) and its font; room 0 if not laid out. */
  measureMenu() {
    const head = this.select.parentElement;
    const style = getComputedStyle(head);
    // the head's content box less the swatch and its gap (22 px) and the menu's own padding,
    // border and arrow (about 34 px)
    const room = head.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 22 - 34;
    return { room: room > 0 ? room : 0, font: getComputedStyle(this.select).font };
  }

  /** Fits the menu's names to a measureMenu(). */
  fitMenu({ room, font }) {
    if (!room) return; // not laid out (hidden in a compact embed): keep the names
    // each resize asks again; the names change only with the room, the font or the menu
    // (fitting them anew each time wrote the options and forced a layout per panel: 54 ms
    // of a four-panel lab's start)
    const key = `${room}|${font}`;
    if (key !== this.fitted) this.fitNames(room, font);
    this.fitted = key;
    const chosen = this.select.selectedOptions[0];
    const title = chosen && chosen.textContent !== chosen.dataset.full ? chosen.dataset.full : '';
    if (this.select.title !== title) this.select.title = title;
  }

  /** The menu's names fitted to room (CSS px) in font (fitStepperNames). */
  fitNames(room, font) {
    const ctx = (measureCtx ||= document.createElement('canvas').getContext('2d'));
    ctx.font = font;
    // a base name two steppers share keeps what tells them apart: "Stiffness warping (per
    // element)" to "Warping (per element)", "Warping (element)" or "Warping (elem.)",
    // never to "Stiffness warping" beside the per-vertex one
    const base = (full) => full.replace(/\s*\(.*$/, '');
    const bases = [...this.select.options].map((o) => base(o.dataset.full));
    const fits = (text) => ctx.measureText(text).width <= room;
    for (const o of this.select.options) {
      const full = o.dataset.full, b = base(full);
      const m = full.match(/(\S+)\s*\((.*?)\)\s*$/);
      const shared = m && bases.filter((x) => x === b).length > 1;
      const word = shared && m[1][0].toUpperCase() + m[1].slice(1);
      const last = shared && m[2].split(/\s+/).pop();
      const shorter = shared ? [`${word} (${m[2]})`, `${word} (${last})`, `${word} (${last.slice(0, 4)}.)`] : [b];
      const name = [full, ...shorter].find(fits) || shorter[shorter.length - 1];
      if (o.textContent !== name) o.textContent = name;
    }
  }
}
