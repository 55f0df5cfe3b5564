// The parts of a lab page that hold lab state, each made from what it needs when it is made,
// in dependency order (web/app.js startLab). What a part made early must tell a part made
// later goes through the lab's news (web/lab/lab-page.js labNews: named events), to which
// the later part subscribes when it is made: a panel's stepper menu emits `stepper`, which
// the settings hear.

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
import { measureBody } from '../input/body.js';
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

/** A panel's news (web/panel/panel.js `on`) as the lab's news (labNews). */
export function panelHooks(news) {
  const tell = (name) => (...args) => news.emit(name, ...args);
  return Object.fromEntries(['stepper', 'dt', 'iterations', 'xpbdDamping', 'samples', 'omega', 'live', 'diverged', 'body']
    .map((name) => [name, tell(name)]));
}

/** A divergence goes to the course API's listeners and, once, to a screen reader in the
 *  words the panel shows (its state line). */
export function reportDivergence(news, emit) {
  news.on('diverged', (p, t) => {
    emit('diverged', { panel: p.index, t });
    announce(tr('panel.announce', { panel: p.index + 1, stepper: p.page.stepper().title, text: p.run.message }));
  });
}

/** The body's size (web/input/body.js measureBody: {min, max, diagonal}, m) as the first
 *  panel shows it, measured again after every rebuild. */
export function liveBody(panels, news) {
  const body = measureBody(panels[0].run.shown);
  news.on('rebuilt', () => Object.assign(body, measureBody(panels[0].run.shown)));
  return body;
}

/** Redraws every panel on the next frame. */
export const markAllDirty = (panels) => { for (const p of panels) p.markDirty(); };

/** The clock that steps the panels' runs, the physics input (grab, pin, record, replay)
 *  and the reset of all: {clock, input, resetAll, restoreAll}. */
export function startClock(panels, config, { body, plots, views, emit, news }) {
  const input = new PhysicsInput(panels, { record: $('#record'), replay: $('#replay') }, {
    time: () => clock.time,
    diagonal: () => body.diagonal,
    resetAll: () => resetAll(),
    play: () => clock.setPlaying(true),
    live: () => clock.goLive(),
    acted: (e) => emit('input', e),
  });
  const clock = new Clock(panels.map((p) => p.run), {
    autoAhead: config.playback !== 'live',
    onAhead: (on) => {
      news.emit('ahead', on);
      markAllDirty(panels);
    },
    // prefers-reduced-motion: nothing moves until the reader presses Play (issue 30)
    playing: !config.paused && !reducedMotion(),
    onPlaying: (on) => {
      showPlaying(on);
      news.emit('playing', on);
      news.emit('changed');
    },
  });
  function resetAll() {
    clock.reset();
    input.rewind();
    for (const p of panels) {
      p.reset();
      plots.restart(p);
    }
    views.resetRange();
    plots.flush();
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
      plots.restart(p);
      p.markDirty();
    }
    views.resetRange();
    plots.flush();
    return errors.map((error, panel) => ({ panel, error })).filter((r) => r.error);
  }
  return { clock, input, resetAll, restoreAll };
}

/** The panels' settings and the parameter card, which hear a panel's own menus and its
 *  ω_max: {settings, controls, changed()} (what follows a change: variants, reset, labels,
 *  landmarks, meters, URL). */
export function startSettings(core, scene, panels, infos, { input, resetAll, emit, plots, news }) {
  const changed = () => {
    settings.updateVariants(infos);
    resetAll();
    plots.relabel(panels);
    labelPanels(scene, panels);
    controls.refresh();
    news.emit('changed');
  };
  const settings = new Settings(panels, {
    linked: (name) => controls.linked[name],
    changed,
    rebuilt: () => {
      input.forgetPins();
      news.emit('rebuilt');
    },
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
  news.on('stepper', (i, method) => settings.setStepper(i, method));
  news.on('dt', (i, dt) => settings.setDt(i, dt));
  news.on('iterations', (i, n) => settings.setIterations(i, n));
  news.on('xpbdDamping', (i, tau) => settings.setXpbdDamping(i, tau));
  news.on('omega', () => controls.refresh());
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
    setXpbdDamping: (indexes, tau) => settings.setXpbdDampingOf(indexes, tau),
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

/** The live chart, made with the panels before they are built, so that it hears every
 *  frame's samples (it draws them once plots.draw is called); a `plot` the chart does not
 *  plot is noticed (notice(text)). */
export function startPlots(core, config, panels, news, notice = () => {}) {
  const plots = new Plots($('#chart'), $('#chart-controls'), panels,
    { quantity: config.plot || 'height', channels: core.channels }, () => news.emit('changed'));
  news.on('samples', (p, samples) => plots.add(p, samples));
  news.on('diverged', (p, t) => plots.diverged(p, t));
  news.on('body', (p, desc) => plots.setPhase(desc.phase));
  if (config.plot && plots.quantity !== config.plot) {
    const ids = plots.chart.quantities.map((q) => q.id).concat(['phase']);
    const asked = config.plot.length > 40 ? config.plot.slice(0, 40) + '…' : config.plot;
    const known = ids.join(', ');
    notice(tr('lab.plot_unknown', { ids: known, asked, shown: plots.quantity }));
  }
  return plots;
}

/** The element inspector, what a pointer or a key does on the views (camera, grab, pin,
 *  inspect) and the keyboard's node picker (web/input/node-keys.js); returns the inspector. */
export function bindPointer(panels, camera, input, { body, news }, papers) {
  const inspector = new Inspector($('#inspector'), panels, papers);
  new CameraInput(panels, {
    inspect: (node) => inspector.open(node),
    camera: camera.get,
    setCamera: camera.set,
    changed: () => { markAllDirty(panels); news.emit('changed', true); },
    input: (event) => input.input(event),
    pinnedNodes: () => input.pinnedNodes(),
  });
  bindNodeKeys($('#node-keys'), {
    panels,
    input: (event) => input.input(event),
    inspect: (node) => inspector.open(node),
    diagonal: () => body.diagonal,
  });
  return inspector;
}

/** The address bar's state, written whenever the lab's news says it changed, and what shares
 *  it (embed code, presets), and the help. */
export function startUrl(scene, config, panels, { core, clock, camera, notice, plots, views, playback }, news) {
  const url = new UrlState(scene, panels.map((p) => p.run), {
    camera: camera.get,
    playing: () => clock.playing,
    plot: () => plots.quantity,
    view: () => views.query(),
    embed: () => config.embed,
    origins: () => config.origins,
    hide: () => config.hide,
    lock: () => config.lock,
    playback: () => playback.choice,
  });
  news.on('changed', (later) => url.update(later));
  bindEmbed((compact) => url.shareUrl({ embed: compact }), () => `softlab: ${scene.title}`);
  bindHelp();
  bindPresets($('#preset'), { core, state: () => url.state(), omegaMax: () => panels[0].run.omegaRest, defaultDt: scene.defaultDt, notice });
  return url;
}

/** The computed-ahead bar: {choice ('live', 'ahead' or as the URL asked), update(now),
 *  changed(on)}; going live leaves a recording (recording: web/time/recording.js). */
export function startPlayback(clock, recording, asked, news) {
  const playback = { choice: asked };
  Object.assign(playback, bindPlayback(clock, () => {
    recording.leave();
    playback.choice = 'live';
    news.emit('changed');
  }));
  news.on('ahead', (on) => playback.changed(on));
  if (asked === 'ahead') clock.setAhead(true);
  return playback;
}

/** The performance line, the energy bars and the frame loop that drives them all (and the
 *  panels, views, chart and playback bar), restarted on play: {perf, loop}. */
export function startLoop(panels, { clock, camera, input, inspector, emit, views, plots, playback }, news) {
  const perf = new PerfMeter($('#perf'));
  const bars = new EnergyBars($('#energy-bars'), panels);
  const loop = startFrameLoop({ clock, panels, camera: camera.get, views, plots, bars, inspector, perf,
    clockEl: $('#clock'), input, playback, onFrame: (shown) => emit('frame', shown) });
  news.on('playing', () => loop.restart());
  return { perf, loop };
}
