// One panel of the lab, put together from its parts: its run (web/panel/panel-run.js: the
// simulation in its Worker and the frames it posts), its page elements (web/panel/panel-page.js)
// and its WebGL2 view (web/core/view.js), which draws the run's shown frame with the page's
// camera. The panel only connects them: a change of the run marks it to be drawn again, a
// change of the reader's stepper or Δt goes to the page's settings (web/settings/settings.js).
// Other modules take the part they need: the clock and input a run, the layout a page.

import { SL_OK } from '../core/lab-api.js';
import { t } from '../ui/messages.js';
import { View } from '../core/view.js';
import { PanelRun } from './panel-run.js';
import { PanelPage } from './panel-page.js';

export const COLORS = ['#2f7fd8', '#e07a1f', '#2a9d6f', '#8a4fd8']; // surface and chart line
// the same hues dark enough for text on white (4.5:1 or more: 5.5, 5.5, 4.9, 5.0)
export const INKS = ['#2468c4', '#a3540d', '#1f8060', '#8a4fd8'];

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Resizes the panels, every one measured before any is changed: one layout for them all
 *  (measure, change, measure the next forced a layout per panel, 15-30 ms of a four-panel
 *  lab's start in a lesson). */
export function resizePanels(panels) {
  const sizes = panels.map((p) => p.page.measure());
  panels.forEach((p, i) => { if (p.page.applySize(sizes[i])) p.markDirty(); });
}

export class Panel {
  /**
   * @param core    the page's loaded wasm API (lab-api.js loadLab): views and tables
   * @param client  this panel's simulation (web/sim/sim-client.js SimClient)
   * @param scene   the lab's scene ({name, defaultMethod, ...})
   * @param index   0-based position on the page
   * @param config  {method, dt, beta, iterations, params} asked for (URL)
   * @param on      {stepper(i, method), dt(i, dt), iterations(i, n), xpbdDamping(i, tau), samples(panel, samples), omega(panel),
   *                diverged(panel, t), body(panel, desc), live()}: what the page does when the
   *                panel's own inputs change, with each frame's chart samples, when ω_max is
   *                known, when the run diverged at time t (s), with each new world (desc:
   *                web/panel/panel-run.js bodyChanged) and a change a recording does not hold
   */
  constructor(core, client, scene, index, config, on) {
    this.core = core;
    this.scene = scene;
    this.index = index;
    this.color = COLORS[index % COLORS.length];
    this.ink = INKS[index % INKS.length];
    this.dirty = true;       // drawn again by the next frame (web/time/frame-loop.js)
    this.view = null;        // the WebGL2 view (createView), null without WebGL2
    this.wantFrames = false; // the rotation field's triads are shown (web/panel/views.js)
    this.grabNode = -1;
    this.run = new PanelRun(client, scene.name, config, {
      samples: (samples) => on.samples(this, samples),
      omega: () => on.omega(this),
      diverged: (t) => on.diverged(this, t),
      shown: () => this.markDirty(),
      changed: (pins) => {
        if (pins && this.view) this.view.setPins(this.run.pins);
        this.markDirty();
      },
      body: (desc) => {
        this.bodyChanged(desc);
        on.body(this, desc);
      },
      live: () => on.live(), // a change a recording does not hold (web/time/recording.js)
    });
    this.page = new PanelPage(core.steppers, this.run, index, this.color, {
      stepper: (method) => on.stepper(index, method),
      dt: (dt) => on.dt(index, dt),
      iterations: (n) => on.iterations(index, n),
      xpbdDamping: (tau) => on.xpbdDamping(index, tau),
    });
  }

  /** Builds the simulation (falling back to the scene's defaults where refused) and the
   *  view; throws with the reason if even the scene's own stepper cannot build. */
  async create() {
    // The view first, at its laid-out size (the caller resizes the panels first): its
    // WebGL context is made while the Worker builds (the page's costliest start-up work
    // overlaps the Worker's), and a context made at the canvas's final size is not
    // reallocated by the first resize.
    this.createView();
    const requested = this.run.method;
    const { built, paramError, refusal } = await this.run.create(this.scene.defaultMethod);
    if (paramError) this.page.viewNote(t('panel.params_ignored', { error: paramError }));
    if (refusal) this.page.showMethod(this.run.method);
    if (built.status !== SL_OK) throw new Error(built.error);
    this.page.showCitation();
    this.page.showIterations();
    this.page.showDamping();
    this.page.updateLabel();
    if (refusal) this.page.viewNote(t('panel.refused', { asked: this.page.stepperOf(requested).title, why: refusal, shown: this.page.stepper().title }));
  }

  /** The panel's WebGL2 view, or a note that the numbers run without one. */
  createView() {
    try {
      this.view = new View(this.core, this.page.canvas.id);
      this.view.setColor(hexToRgb(this.color));
    } catch (err) {
      this.view = null;
      this.page.viewNote(t('panel.no_webgl', { error: err.message }));
    }
  }

  get hasGl() { return !!this.view; }

  /** Something drawn changed: the next frame draws this panel again. */
  markDirty() {
    this.dirty = true;
  }

  /** A new world (creation, rebuild) described by the Worker: its body and pins drawn. */
  bodyChanged(desc) {
    this.showGrab(null);
    if (!this.view) return;
    this.view.setBody(desc.body);
    this.view.setPins(desc.pins);
    this.baseDistance = this.view.distance();
    this.sync();
  }

  /** Asks the Worker for what the view shows: the node field it colours by, and the
   *  rotation field while its triads are shown. */
  syncField() {
    this.run.sendField(this.view ? this.view.colorField() : 0, !!this.view && this.wantFrames);
  }

  /** Resolves once the Worker has handled every earlier request and its frame is here. */
  async nextFrame() {
    this.syncField();
    await this.run.nextFrame();
  }

  /** Copies the shown frame (positions, plates, and the field the view colours by) to the view. */
  sync() {
    const f = this.run.frame;
    if (!this.view || !f) return;
    this.syncField();
    const field = f.fieldId === this.view.colorField() ? f.field : null;
    this.view.setFrame({ t: f.t, positions: f.positions, plates: f.plates, field, rotations: f.rotations });
  }

  /** Colour field (FIELD) over [lo, hi] (NaN: automatic); its values come with the next
   *  frames. */
  setColorField(field, lo = NaN, hi = NaN) {
    if (!this.view) return SL_OK;
    const st = this.view.setColorField(field, lo, hi);
    this.syncField();
    this.markDirty();
    return st;
  }

  /** Shows (on) or hides the rotation field's triads; the Worker sends it while shown. */
  setFrames(on) {
    this.wantFrames = !!on;
    this.syncField();
    this.markDirty();
  }

  // ---- settings: the run's, then the page shows them ----------------------------------------

  /** Changes stepper, Δt and β (world back to t = 0); resolves to '' if taken, else the
   *  reason, which the panel shows for a while (the old ones stay). */
  async setStepper(method, dt, beta) {
    const error = await this.run.setStepper(method, dt, beta);
    this.page.showRun();
    if (error) {
      this.page.flash(error);
      return error;
    }
    this.page.viewNote('');
    return '';
  }

  /** Sets the iterations a step of a position-based stepper (world back to t = 0);
   *  resolves to '' if taken, else the core's reason, which the panel shows for a while
   *  (the run goes on with the old count). */
  async setIterations(iterations) {
    const error = await this.run.setIterations(iterations);
    this.page.showIterations();
    if (error) this.page.flash(error);
    return error;
  }

  /** Sets XPBD's damping time τ (s; world back to t = 0); resolves to '' if taken, else
   *  the core's reason, which the panel shows for a while (the run goes on with the old τ). */
  async setXpbdDamping(tau) {
    const error = await this.run.setXpbdDamping(tau);
    this.page.showDamping();
    if (error) this.page.flash(error);
    return error;
  }

  /** Rebuilds the world with params ({name: value}); resolves to '' if taken, else the
   *  reason, which the panel shows for a while (the old world stays). */
  async setParams(params) {
    const error = await this.run.setParams(params);
    if (error) this.page.flash(error);
    return error;
  }

  // ---- input that changes the physics ---------------------------------------------------

  /** Applies the user's event (web/input/input.js: grab, move, release, pin) now, the grab
   *  drawn at once. */
  input(event) {
    const sent = this.run.input(event);
    if (event.kind === 'grab' || event.kind === 'move') this.showGrab(event.target, event.node);
    else this.showGrab(null);
    return sent;
  }

  showGrab(target, node = this.grabNode) {
    this.grabNode = target ? node : -1;
    if (this.view) this.view.setGrab(target ? node : -1, target || undefined);
    this.markDirty();
  }

  /** Back to t = 0. */
  reset() {
    this.showGrab(null);
    this.run.reset();
    this.page.endFlash();
    this.markDirty();
  }

  // ---- drawing -------------------------------------------------------------------------------

  /** The camera arguments of the view's draw/project/pick/unproject for this panel. */
  cam(camera) {
    return [camera.yaw, camera.pitch, this.baseDistance * camera.zoom, ...camera.pan];
  }

  /** Copies the shown frame across and draws it. */
  draw(camera) {
    if (!this.view) return;
    this.sync();
    this.view.draw(this.cam(camera));
    this.dirty = false;
  }
}
