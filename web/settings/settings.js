// Changes to what the panels compare: a panel's stepper, Δt, β, iterations a step (the
// position-based steppers), XPBD's damping time or scene parameters.
// Each change starts the comparison again at t = 0 (changed()), so every curve of the
// chart begins at the same state. Δt (and any parameter) may be linked: one value for
// every panel.

import { DT_RANGE_TEXT, validBeta, validDt } from './params.js';
import { coreText, t } from '../ui/messages.js';

export class Settings {
  /**
   * @param panels  every panel
   * @param deps    {linked(name): one value for every panel?, changed(): after a change
   *                 (reset, labels, controls, URL), rebuilt(): after new worlds (sizes,
   *                 pins), checkDt(i): look for panel i's largest stable Δt}
   */
  constructor(panels, deps) {
    this.panels = panels;
    this.deps = deps;
  }

  /** Panel i's stepper; then its largest stable Δt is searched in the background, and
   *  the panel offers a safe Δt if its own is beyond it (issue 14). */
  async setStepper(i, method) {
    const p = this.panels[i];
    if (await p.setStepper(method, p.run.dt, p.run.beta)) return; // refused: the panel says why
    this.deps.changed();
    this.deps.checkDt(i);
  }

  /** Sets panel i's Δt (and every panel's while Δt is linked); deferred: no reset yet. */
  async setDt(i, dt, deferred = false) {
    const p = this.panels[i];
    if (!validDt(dt)) {
      p.page.showDt();
      p.page.flash(`${t('controls.dt_problem', { range: DT_RANGE_TEXT })}.`);
      return;
    }
    const targets = !deferred && this.deps.linked('dt') ? this.panels : [p];
    await Promise.all(targets.map((q) => q.setStepper(q.run.method, dt, q.run.beta)));
    if (!deferred) this.deps.changed();
  }

  async setBeta(i, beta, deferred = false) {
    const p = this.panels[i];
    if (!validBeta(beta)) return;
    await p.setStepper(p.run.method, p.run.dt, beta);
    if (!deferred) this.deps.changed();
  }

  /** Sets panel i's iterations a step (the position-based steppers' sweeps or substeps),
   *  then the comparison starts again; a value the core refuses (not a whole number in
   *  its range) leaves every panel running as it was, the panel showing the core's reason. */
  async setIterations(i, iterations) {
    if (await this.panels[i].setIterations(iterations)) return;
    this.deps.changed();
  }

  /** The iterations a step of the panels of indexes (the course API's set), then one
   *  restart; resolves to the refusals [{panel, error}] (the core's reason: a refused
   *  panel runs on as it was). */
  setIterationsOf(indexes, iterations) {
    return this.setEach(indexes, (p) => p.run.setIterations(iterations));
  }

  /** Sets panel i's XPBD damping time τ (s; paper 005 eq. 26), then the comparison starts
   *  again; a value the core refuses (outside its range) leaves every panel running as it
   *  was, the panel showing the core's reason. */
  async setXpbdDamping(i, tau) {
    if (await this.panels[i].setXpbdDamping(tau)) return;
    this.deps.changed();
  }

  /** XPBD's damping time of the panels of indexes (the course API's set), then one
   *  restart; resolves to the refusals [{panel, error}] (the core's reason). */
  setXpbdDampingOf(indexes, tau) {
    return this.setEach(indexes, (p) => p.run.setXpbdDamping(tau));
  }

  /** set(panel) on every panel of indexes, then one restart if any took it; resolves to
   *  the refusals [{panel, error}]. */
  async setEach(indexes, set) {
    const refused = await this.refusals(indexes, set);
    if (refused.length < indexes.length) this.deps.changed();
    return refused;
  }

  /** set(panel) (resolves to '' or the reason it was refused) on every panel of indexes at
   *  once; resolves to the refusals [{panel, error}]. */
  async refusals(indexes, set) {
    const refused = [];
    await Promise.all(indexes.map(async (i) => {
      const error = await set(this.panels[i]);
      if (error) refused.push({ panel: i, error });
    }));
    return refused;
  }

  /** Stepper, Δt and β of the panels of indexes at once, each as given or kept
   *  (undefined), then one restart (the course API, web/course/course-api.js). Resolves to the
   *  refusals [{panel, error}] (the core's reason): a refused panel keeps its own. */
  async setRun(indexes, { method, dt, beta }) {
    const refused = await this.refusals(indexes, (p) => p.setStepper(method ?? p.run.method, dt ?? p.run.dt, beta ?? p.run.beta));
    if (refused.length === indexes.length) return refused;
    this.deps.changed();
    if (method !== undefined) for (const i of indexes) if (this.panels[i].run.method === method) this.deps.checkDt(i);
    return refused;
  }

  /** Sets scene parameter name = value (SI units) in the panels of indexes. */
  setParam(indexes, name, value) {
    return this.setParams(indexes, { [name]: value });
  }

  /** Sets scene parameters ({name: value}, SI units) in the panels of indexes; resolves
   *  to the refusals [{panel, error}] (a refused panel keeps its world). */
  async setParams(indexes, values) {
    const refused = await this.refusals(indexes, (p) => p.setParams({ ...p.run.params, ...values }));
    this.deps.rebuilt();
    this.deps.changed();
    return refused;
  }

  /** The panel heads name the parameters (infos) in which panels differ. */
  updateVariants(infos) {
    const differing = infos.filter((info) => {
      const v = this.panels.map((p) => p.run.param(info.name));
      return v.some((x) => !Object.is(x, v[0]));
    });
    for (const p of this.panels) {
      p.page.setVariant(differing.map((info) => {
        const v = p.run.param(info.name);
        // a choice by its name: 'grid model: original', 'volume constraint: one-ring', not '… 1'
        // (in another language the value's menu words, choiceK, without their parenthesis)
        const k = v - info.min;
        if (info.choices && info.choices[k]) return `${info.label.replace(/\s*\(.*\)$/, '')}: ${coreText('param', info.name, `choice${k}`, info.choices[k]).replace(/\s*\(.*\)$/, '')}`;
        return `${info.label} ${+v.toPrecision(4)}${info.unit ? ' ' + info.unit : ''}`;
      }).join(', '));
    }
  }
}
