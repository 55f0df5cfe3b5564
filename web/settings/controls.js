// The parameter card: every physical parameter the scene reads (from the core's
// table, SI units, ranges enforced), plus Δt and β, each either linked across panels
// or set per panel; the Lamé constants of each panel; and the stability meter with a
// search for each panel's largest stable Δt. Builds DOM with textContent only.

import { DT_RANGE_TEXT, paramProblem, validBeta, validDt, MAX_BETA, MAX_DT } from './params.js';
import { fieldText, si } from '../ui/format.js';
import { fmtSeconds, meterReading, trialWords } from '../core/stability.js';
import { costText, resolutionCost } from './cost.js';
import { fastestMsPerStep } from '../time/perf.js';
import { t } from '../ui/messages.js';

const FIELD_ERROR_MS = 6000; // how long a refused value's reason stays beside its field


function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** Lamé constants (Pa) of Young's modulus (Pa) and Poisson ratio, computed by the core
 *  (sl_material_lame: λ = Yν/((1+ν)(1−2ν)), μ = Y/(2(1+ν)), λ = ∞ at ν = 0.5). */
function lame(api, young, poisson) {
  return { lambda: api.lame_lambda(young, poisson), mu: api.lame_mu(young, poisson) };
}

export class ParamControls {
  /**
   * @param host    the element the card goes into
   * @param panels  every panel
   * @param infos   the parameters the scene reads (the core's table)
   * @param deps    {setParam(indexes, name, value), setDt(i, dt, deferred),
   *                 setBeta(i, beta, deferred) (each may return a promise), changed(),
   *                 api: the page's wasm API (Lamé constants), answered(i, result): a
   *                 search of panel i ended ({dt, capped}, or null if it failed)}
   */
  constructor(host, panels, infos, deps) {
    this.host = host;
    this.panels = panels;
    this.deps = deps;
    this.rows = [];
    this.costUpdates = []; // the resolution fields' cost estimates, redone on refresh
    this.searches = new Map(); // panel index -> running search token
    this.infos = infos;
    this.linked = {};
    for (const info of this.infos) this.linked[info.name] = this.allEqual((p) => p.run.param(info.name));
    this.linked.dt = this.allEqual((p) => p.run.dt);
    this.linked.beta = this.allEqual((p) => p.run.beta);
    this.build();
  }

  allEqual(get) {
    const values = this.panels.map(get);
    return values.every((v) => Object.is(v, values[0]));
  }

  build() {
    const table = el('table', { class: 'params' });
    const head = el('tr', {}, el('th', { text: t('controls.parameter'), scope: 'col' }), el('th', { text: t('controls.link'), scope: 'col', title: t('controls.link_title') }));
    for (const p of this.panels) {
      head.append(el('th', { scope: 'col', class: 'panel-col', style: `--panel-color:${p.color};--panel-ink:${p.ink}` }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), t('inspector.panel', { panel: p.index + 1 })));
    }
    table.append(el('thead', {}, head));
    const body = el('tbody');
    for (const info of this.infos) body.append(this.paramRow(info));
    body.append(this.stepperRow('dt', t('controls.dt'), 's', (p) => p.run.dt, validDt, t('controls.dt_problem', { range: DT_RANGE_TEXT })));
    body.append(this.stepperRow('beta', t('controls.beta'), '1/s', (p) => p.run.beta, validBeta, t('controls.beta_problem', { max: String(MAX_BETA) })));
    if (this.infos.some((i) => i.name === 'young_modulus') && this.infos.some((i) => i.name === 'poisson_ratio')) {
      body.append(this.readRow('lame', t('controls.lame'), 'Pa'));
    }
    const searchRow = el('tr', { 'data-param': 'find' }, el('th', { scope: 'row', text: t('controls.find_row') }), el('td'));
    this.searchCells = this.panels.map((p) => {
      const button = el('button', { class: 'btn small', type: 'button', text: t('controls.find'), title: t('controls.find_title') });
      button.setAttribute('aria-label', t('controls.find_label', { panel: p.index + 1 }));
      const out = el('output', { class: 'search-out muted' });
      button.addEventListener('click', () => this.search(p, out, button));
      const td = el('td', {}, button, ' ', out);
      searchRow.append(td);
      return { out, button };
    });
    body.append(searchRow);
    table.append(body);
    this.host.replaceChildren(table);
    this.refresh();
  }

  /** A row with a link toggle and one input (linked) or one per panel; makeInput(p)
   *  returns the input, or [input, elements shown beside it]. */
  row(name, label, unit, makeInput) {
    const tr = el('tr', { class: 'param-row' });
    tr.dataset.param = name;
    tr.append(el('th', { scope: 'row', text: unit ? `${label} (${unit})` : label }));
    const link = el('input', { type: 'checkbox', checked: this.linked[name] });
    link.setAttribute('aria-label', t('controls.link_label', { label }));
    tr.append(el('td', { class: 'link' }, link));
    const cells = this.panels.map((p) => {
      const made = makeInput(p); // the input, or [input, what stands beside it]
      const [input, ...beside] = Array.isArray(made) ? made : [made];
      const td = el('td', {}, input, ...beside);
      tr.append(td);
      return { td, input };
    });
    const layout = () => {
      cells.forEach((c, i) => { c.td.hidden = this.linked[name] && i > 0; });
      cells[0].td.colSpan = this.linked[name] ? cells.length : 1;
    };
    link.addEventListener('change', () => {
      this.linked[name] = link.checked;
      layout();
      if (link.checked) cells[0].input.dispatchEvent(new Event('change'));
    });
    layout();
    this.rows.push({ name, cells, link, layout });
    return tr;
  }

  /** Beside a resolution field: the estimated nodes and time per step of the value in
   *  it (web/settings/cost.js), as it is typed, before anything is built; a warning colour when
   *  that is slower than real time. */
  costHint(p, input) {
    const out = el('output', { class: 'cost-hint muted' });
    const update = () => {
      const r = Math.round(Number(input.value));
      const resolution = p.run.param('resolution');
      const nodes = p.run.shown.length / 3;
      if (!(r >= 1) || !(resolution >= 1) || !(nodes > 0)) { out.textContent = ''; return; }
      // calibrated on the panel's own fastest measured time per step at its mesh
      const cost = resolutionCost({ nodes, resolution, msPerStep: fastestMsPerStep(p.run), dt: p.run.dt }, r);
      const { text, warn } = costText(cost);
      out.textContent = text;
      Object.assign(out.dataset, { nodes: cost.nodes, fromNodes: nodes, fromMs: cost.from.msPerStep, ms: cost.msPerStep.join(',') });
      out.classList.toggle('warn', warn);
    };
    input.addEventListener('input', update);
    this.costUpdates.push(update);
    return out;
  }

  /** A refused value: the field shows its last good value again, and the reason right
   *  beside it (once, for a few seconds), where the user is looking. */
  reject(input, text, good) {
    input.value = Number.isFinite(good) ? String(+good.toPrecision(6)) : '';
    let msg = input.parentElement.querySelector('.field-error');
    if (!msg) {
      msg = el('output', { class: 'field-error', role: 'alert' });
      input.after(msg);
    }
    msg.textContent = text;
    clearTimeout(msg.timer);
    msg.timer = setTimeout(() => msg.remove(), FIELD_ERROR_MS);
  }

  /** Indexes of the panels a change in panel i's input applies to. */
  targets(name, i) {
    return this.linked[name] ? this.panels.map((p) => p.index) : [i];
  }

  paramRow(info) {
    return this.row(info.name, info.label.replace(/\s*\(0 .*\)$/, ''), info.unit, (p) => {
      let input;
      if (info.choiceLabels) { // a menu of the values the core names (the grid models, the volume models)
        input = el('select');
        info.choiceLabels.forEach((text, k) => input.append(el('option', { value: String(info.min + k), text })));
      } else {
        input = el('input', { type: 'number', min: String(info.min), max: String(info.max), step: info.integer ? '1' : 'any', inputMode: info.integer ? 'numeric' : 'decimal' });
      }
      input.setAttribute('aria-label', info.unit ? t('controls.field_unit', { label: info.label, panel: p.index + 1, unit: info.unit })
        : t('controls.field', { label: info.label, panel: p.index + 1 }));
      input.addEventListener('change', () => {
        const value = Number(input.value);
        const problem = paramProblem(info, value);
        if (problem) {
          this.reject(input, `${problem}.`, p.run.param(info.name));
          return;
        }
        this.deps.setParam(this.targets(info.name, p.index), info.name, value);
      });
      return info.name === 'resolution' ? [input, this.costHint(p, input)] : input;
    });
  }

  stepperRow(name, label, unit, get, valid, problem) {
    return this.row(name, label, unit, (p) => {
      const input = el('input', { type: 'number', min: '0', step: 'any', inputMode: 'decimal' });
      input.setAttribute('aria-label', t('controls.field_unit', { label, panel: p.index + 1, unit }));
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (!valid(value)) {
          this.reject(input, `${problem}.`, get(p));
          return;
        }
        Promise.all(this.targets(name, p.index).map((i) => (name === 'dt' ? this.deps.setDt(i, value, true) : this.deps.setBeta(i, value, true))))
          .then(() => this.deps.changed());
      });
      return input;
    });
  }

  readRow(name, label) {
    const tr = el('tr', { class: 'read-row' });
    tr.append(el('th', { scope: 'row', text: label }), el('td'));
    const outs = this.panels.map(() => {
      const out = el('output', { class: name });
      tr.append(el('td', {}, out));
      return out;
    });
    this[name + 'Outs'] = outs;
    return tr;
  }

  /** Shows every panel's current values, Lamé constants and stability meter. */
  refresh() {
    const panels = this.panels;
    for (const { name, cells, link, layout } of this.rows) {
      // a value set in one panel from outside the card (the course API) unlinks its row
      const value = (p) => (name === 'dt' ? p.run.dt : name === 'beta' ? p.run.beta : p.run.param(name));
      if (this.linked[name] && !this.allEqual(value)) {
        this.linked[name] = link.checked = false;
        layout();
      }
      cells.forEach(({ input }, i) => {
        const p = panels[i];
        const v = name === 'dt' ? p.run.dt : name === 'beta' ? p.run.beta : p.run.param(name);
        const text = fieldText(v);
        if (document.activeElement !== input && input.value !== text) input.value = text;
      });
    }
    if (this.lameOuts) {
      panels.forEach((p, i) => {
        const { lambda, mu } = lame(this.deps.api, p.run.param('young_modulus'), p.run.param('poisson_ratio'));
        this.lameOuts[i].textContent = t('controls.lame_value', { lambda: si(lambda), mu: si(mu) });
      });
    }
    for (const p of panels) p.page.showMeter(meterReading(p.page.stepper(), p.run.dt, p.run.omegaMax, p.run.omegaAt, p.run.omegaHeld));
    for (const update of this.costUpdates) update();
  }

  /** Runs panel i's search as its "find" button does; resolves to {dt, capped} (dt NaN:
   *  unstable at every Δt) or null if it failed or a newer search replaced it. */
  find(i) {
    const { out, button } = this.searchCells[i];
    return this.search(this.panels[i], out, button);
  }

  async search(panel, out, button) {
    button.disabled = true;
    out.textContent = t('controls.searching');
    const token = {};
    this.searches.set(panel.index, token);
    try {
      const result = await panel.run.findStableDt(({ lo, hi, trial }) => {
        if (this.searches.get(panel.index) !== token) return;
        out.textContent = !(lo > 0) ? t('controls.trying', { dt: fmtSeconds(trial) })
          : Number.isFinite(hi) ? t('controls.between', { lo: fmtSeconds(lo), hi: fmtSeconds(hi) })
          : t('controls.stable_trying', { lo: fmtSeconds(lo), dt: fmtSeconds(trial) });
      });
      if (this.searches.get(panel.index) !== token) return null;
      const b = panel.page.stepper().bound;
      const theory = Number.isFinite(panel.run.omegaMax) && b > 0 && Number.isFinite(b)
        ? t('controls.theory', { bound: String(+b.toFixed(4)), dt: fmtSeconds(b / panel.run.omegaMax) }) : '';
      const trials = trialWords(result);
      out.textContent = Number.isNaN(result.dt) ? t('controls.unstable', { dt: fmtSeconds(result.lo), trials })
        : result.capped ? t('controls.capped', { dt: fmtSeconds(result.dt), max: fmtSeconds(MAX_DT), trials })
        : t('controls.found', { dt: fmtSeconds(result.dt), trials, theory });
      out.dataset.dt = String(result.dt);
      if (this.deps.answered) this.deps.answered(panel.index, result);
      return result;
    } catch (err) {
      out.textContent = t('controls.search_failed', { error: err.message });
      if (this.deps.answered) this.deps.answered(panel.index, null);
      return null;
    } finally {
      button.disabled = false;
    }
  }
}
