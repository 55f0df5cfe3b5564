// The parts of a lab page that hold lab state, each made from the few things it needs;
// web/app.js startLab puts them together in order. A part made early calls parts made
// later (a panel's stepper menu calls the settings, made after the panels) through
// `late`: {settings, controls, plots, views, url, loop, playback, body}, each set once
// made and never changed by another part (body: the first panel's body, measured again
// after a rebuild).

import { clampCamera, homeCamera, CameraInput } from '../input/camera.js';
import { ParamControls } from '../settings/controls.js';
import { Settings } from '../settings/settings.js';
import { Clock } from '../time/clock.js';
import { PhysicsInput } from '../input/input.js';
import { Plots } from '../chart/plots.js';
import { Inspector } from '../panel/inspector.js';
import { bindNodeKeys } from '../input/node-keys.js';
import { UrlState } from '../settings/url-state.js';
import { PerfMeter } from '../time/perf.js';
import { EnergyBars } from '../panel/energy-bars.js';
import { heightLimits, measureBody } from '../input/body.js';
import { showPlaying } from '../time/transport.js';
import { startFrameLoop } from '../time/frame-loop.js';
import { bindPlayback } from '../time/playback.js';
import { bindEmbed } from '../settings/embed.js';
import { bindHelp } from '../ui/help.js';
import { bindPresets } from '../settings/presets.js';
import { announce, reducedMotion } from '../ui/announce.js';
import { t as tr } from '../ui/messages.js'; // t is a time here
import { nameLandmarks } from './lab-page.js';

const $ = (sel, root = document) => root.querySelector(sel);

/** The one camera of the lab's views: {get(), set(camera)}, from the URL or home. */
export function labCamera(config) {
  let camera = config.camera ? clampCamera({ ...config.camera, pan: [...config.camera.pan] }) : homeCamera();
  return { get: () => camera, set: (c) => { camera = c; } };
}

/** What the page does with a panel's news (web/panel/panel.js `on`): its stepper and Δt boxes
 *  go to the settings, its chart samples to the chart (kept in `early` until the chart
 *  exists), ω_max to the controls' meters, a divergence to the chart, the course API's
 *  listeners and a screen reader. */
export function panelHooks(late, emit) {
  const early = []; // [panel, chart samples] shown before the chart exists
  const hooks = {
    stepper: (i, method) => late.settings.setStepper(i, method),
    dt: (i, dt) => late.settings.setDt(i, dt),
    iterations: (i, n) => late.settings.setIterations(i, n),
    samples: (p, samples) => { if (late.plots) late.plots.add(p, samples); else early.push([p, samples]); },
    omega: () => { if (late.controls) late.controls.refresh(); },
    live: () => { if (late.recording) late.recording.leave(); },
    diverged: (p, t) => {
      if (late.plots) late.plots.diverged(p, t);
      emit('diverged', { panel: p.index, t });
      // once per divergence, in the words the panel shows (its state line)
      announce(tr('panel.announce', { panel: p.index + 1, stepper: p.page.stepper().title, text: p.run.message }));
    },
  };
  return { hooks, early };
}

/** Redraws every panel on the next frame. */
export const markAllDirty = (panels) => { for (const p of panels) p.markDirty(); };

/** Writes the address bar (later: after a pause in the changes), once it exists. */
export const updateUrl = (late, later) => { if (late.url) late.url.update(later); };

/** The clock that steps the panels' runs, the physics input (grab, pin, record, replay)
 *  and the reset of all: {clock, input, resetAll}. */
export function startClock(panels, config, late) {
  const input = new PhysicsInput(panels, { record: $('#record'), replay: $('#replay') }, {
    time: () => clock.time,
    diagonal: () => late.body.diagonal,
    resetAll: () => resetAll(),
    play: () => clock.setPlaying(true),
    live: () => clock.goLive(),
    acted: (e) => { if (late.emit) late.emit('input', e); },
  });
  const clock = new Clock(panels.map((p) => p.run), {
    autoAhead: late.playbackChoice !== 'live',
    onAhead: (on) => {
      if (late.playback) late.playback.changed(on);
      markAllDirty(panels);
    },
    // prefers-reduced-motion: nothing moves until the reader presses Play (issue 30)
    playing: !config.paused && !reducedMotion(),
    onPlaying: (on) => {
      showPlaying(on);
      if (late.loop) late.loop.restart();
      updateUrl(late);
    },
  });
  function resetAll() {
    clock.reset();
    input.rewind();
    for (const p of panels) {
      p.reset();
      late.plots.restart(p);
    }
    if (late.views) late.views.resetRange();
    late.plots.flush();
  }
  /** Every panel at its saved state (states[i]: web/panel/panel-run.js restoreState) and the
   *  clock at t (s): the course API's load-state. Resolves to the refusals [{panel, error}]. */
  async function restoreAll(t, states) {
    clock.reset();
    input.rewind();
    const errors = await Promise.all(panels.map((p, i) => p.run.restoreState(states[i])));
    clock.time = clock.target = t;
    for (const p of panels) {
      p.showGrab(null);
      p.page.endFlash();
      late.plots.restart(p);
      p.markDirty();
    }
    if (late.views) late.views.resetRange();
    late.plots.flush();
    return errors.map((error, panel) => ({ panel, error })).filter((r) => r.error);
  }
  return { clock, input, resetAll, restoreAll };
}

/** The panels' settings and the parameter card: {settings, controls, changed()} (what
 *  follows a change: variants, reset, labels, landmarks, meters, URL). */
export function startSettings(core, scene, panels, infos, { input, resetAll, emit }, late) {
  const changed = () => {
    settings.updateVariants(infos);
    resetAll();
    late.plots.relabel(panels);
    labelPanels(scene, panels);
    controls.refresh();
    updateUrl(late);
  };
  const settings = new Settings(panels, {
    linked: (name) => controls.linked[name],
    changed,
    rebuilt: () => { input.forgetPins(); late.body = measureBody(panels[0].run.shown); },
    checkDt: (i) => controls.find(i).then((r) => panels[i].page.offerDt(r)),
  });
  const controls = new ParamControls($('#params'), panels, infos, {
    setParam: (indexes, name, value) => settings.setParam(indexes, name, value),
    setDt: (i, dt, deferred) => settings.setDt(i, dt, deferred),
    setBeta: (i, beta, deferred) => settings.setBeta(i, beta, deferred),
    changed,
    api: core.api,
    answered: (i, result) => emit('answered', { panel: i, result }),
  });
  return { settings, controls, changed };
}

/** Every panel's head label and the page's landmarks name the comparison. */
export function labelPanels(scene, panels) {
  for (const p of panels) p.page.updateLabel();
  nameLandmarks(scene, panels);
}

/** What the page's own controls call, for the course API (web/course/course-api.js). */
export function labControl(infos, { settings, controls, clock, stepOnce, resetAll, restoreAll, panels }) {
  return {
    params: infos,
    setRun: (indexes, run) => settings.setRun(indexes, run),
    setParams: (indexes, values) => settings.setParams(indexes, values),
    setIterations: (indexes, iterations) => settings.setIterationsOf(indexes, iterations),
    /** Each panel's saved state (web/panel/panel-run.js saveState), read once every Worker has
     *  caught up; the caller settles first. */
    saveStates: () => Promise.all(panels.map((p) => p.run.saveState())),
    /** Pins of each panel (Int32Array[n] each), then every panel at its state and the clock at t. */
    restore: async (t, states) => {
      await Promise.all(panels.map((p, i) => p.run.setPins(states[i].pins)));
      return restoreAll(t, states);
    },
    play: () => clock.setPlaying(true),
    pause: () => clock.setPlaying(false),
    step: stepOnce,
    reset: resetAll,
    findStableDt: (i) => controls.find(i),
  };
}

/** The live chart, with the samples that came before it; a `plot` the chart does not
 *  plot is noticed (notice(text)). */
export function startPlots(core, config, panels, early, late, notice = () => {}) {
  const plots = new Plots($('#chart'), $('#chart-controls'), panels,
    { quantity: config.plot || 'height', heightLimits: heightLimits(late.body), channels: core.channels }, () => updateUrl(late));
  for (const [p, samples] of early) plots.add(p, samples);
  if (config.plot && plots.quantity !== config.plot) {
    const ids = plots.chart.quantities.map((q) => q.id).concat(['phase']);
    const asked = config.plot.length > 40 ? config.plot.slice(0, 40) + '…' : config.plot;
    notice(`“plot” must be one of ${ids.join(', ')} (got “${asked}”); the chart shows ${plots.quantity}.`);
  }
  return plots;
}

/** The element inspector, what a pointer or a key does on the views (camera, grab, pin,
 *  inspect) and the keyboard's node picker (web/input/node-keys.js); returns the inspector. */
export function bindPointer(panels, camera, input, late, papers) {
  const inspector = new Inspector($('#inspector'), panels, papers);
  new CameraInput(panels, {
    inspect: (node) => inspector.open(node),
    camera: camera.get,
    setCamera: camera.set,
    changed: () => { markAllDirty(panels); updateUrl(late, true); },
    input: (event) => input.input(event),
    pinnedNodes: () => input.pinnedNodes(),
  });
  bindNodeKeys($('#node-keys'), {
    panels,
    input: (event) => input.input(event),
    inspect: (node) => inspector.open(node),
    diagonal: () => late.body.diagonal,
  });
  return inspector;
}

/** The address bar's state and what shares it (embed code, presets), and the help. */
export function startUrl(scene, config, panels, { core, clock, camera, notice }, late) {
  const url = new UrlState(scene, panels.map((p) => p.run), {
    camera: camera.get,
    playing: () => clock.playing,
    plot: () => late.plots.quantity,
    view: () => late.views.query(),
    embed: () => config.embed,
    origins: () => config.origins,
    hide: () => config.hide,
    lock: () => config.lock,
    playback: () => late.playbackChoice,
  });
  bindEmbed((compact) => url.shareUrl({ embed: compact }), () => `softlab: ${scene.title}`);
  bindHelp();
  bindPresets($('#preset'), { core, state: () => url.state(), omegaMax: () => panels[0].run.omegaRest, defaultDt: scene.defaultDt, notice });
  return url;
}

/** The performance line, the energy bars, the computed-ahead bar and the frame loop that
 *  drives them all: {perf, loop}. */
export function startLoop(panels, { clock, camera, input, inspector, emit }, late) {
  const perf = new PerfMeter($('#perf'));
  const bars = new EnergyBars($('#energy-bars'), panels);
  late.playback = bindPlayback(clock, () => {
    if (late.recording) late.recording.leave();
    late.playbackChoice = 'live';
    updateUrl(late);
  });
  if (late.playbackChoice === 'ahead') clock.setAhead(true);
  const loop = startFrameLoop({ clock, panels, camera: camera.get, views: late.views, plots: late.plots, bars, inspector, perf,
    clockEl: $('#clock'), input, playback: late.playback, onFrame: (shown) => emit('frame', shown) });
  return { perf, loop };
}
