// softlab lab page: 1-4 panels of the same scene, each with its own stepper, Δt and
// parameters, stepping in lock-step on one clock, one camera, one live chart. The
// simulations run in Web Workers (sim-client.js); the page draws what they post. This
// file only puts the parts together and hands each the few things it needs: panels
// (panel.js), the clock (clock.js, transport.js), physics input and replay (input.js),
// settings (settings.js, controls.js), views and colour maps (views.js), the camera
// (camera.js), plots (plots.js), the URL (url-state.js), the frame loop (frame-loop.js)
// and the face shown to tests and the console (lab-face.js), on which the course API
// (course-api.js: postMessage from an embedding page) sits.

import { bindMeshLoader, bindScenePicker, loadUserMesh } from './scene-picker.js';
import { compileWasm, loadLab } from './lab-api.js';
import { MAX_PANELS, parseParams } from './params.js';
import { createPanels, labEvents, layoutPage, nameLandmarks, nextTask, watchPage } from './lab-page.js';
import { CameraInput, clampCamera, homeCamera } from './camera.js';
import { ParamControls } from './controls.js';
import { bindEmbed } from './embed.js';
import { bindHelp } from './help.js';
import { bindPresets } from './presets.js';
import { ViewControls } from './views.js';
import { Clock } from './clock.js';
import { PhysicsInput } from './input.js';
import { Settings } from './settings.js';
import { Plots } from './plots.js';
import { EnergyBars } from './energy-bars.js';
import { Inspector } from './inspector.js';
import { UrlState } from './url-state.js';
import { PerfMeter } from './perf.js';
import { heightLimits, measureBody } from './body.js';
import { SimPool } from './sim-client.js';
import { bindTransport, showPlaying } from './transport.js';
import { startFrameLoop } from './frame-loop.js';
import { bindPlayback } from './playback.js';
import { labFace } from './lab-face.js';
import { startCourseApi } from './course-api.js';
import { announce, reducedMotion } from './announce.js';

const $ = (sel, root = document) => root.querySelector(sel);

function notice(text, kind = 'warn') {
  const div = document.createElement('div');
  div.className = 'notice ' + kind;
  const span = document.createElement('span');
  span.textContent = text;
  const close = document.createElement('button');
  close.className = 'notice-close';
  close.setAttribute('aria-label', 'dismiss');
  close.textContent = '×';
  close.addEventListener('click', () => div.remove());
  div.append(span, close);
  $('#notices').append(div);
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

/** Builds the lab for config (params.js parseParams); resolves to its test/console face. */
async function startLab(core, config, pool) {
  const scene = config.scene;
  let camera = config.camera ? clampCamera({ ...config.camera, pan: [...config.camera.pan] }) : homeCamera();
  let plots = null, url = null, views = null, controls = null, settings = null;
  let loop = null; // the frame loop, started last
  const panels = [];
  const early = []; // [panel, chart samples] shown before the chart exists
  const { emit, on } = labEvents(); // for the course API (web/course-api.js) through the face
  const onPanel = {
    stepper: (i, method) => settings.setStepper(i, method),
    dt: (i, dt) => settings.setDt(i, dt),
    samples: (p, samples) => { if (plots) plots.add(p, samples); else early.push([p, samples]); },
    omega: () => { if (controls) controls.refresh(); },
    diverged: (p, t) => {
      if (plots) plots.diverged(p, t);
      emit('diverged', { panel: p.index, t });
      // once per divergence, in the words the panel shows (its state line)
      announce(`Panel ${p.index + 1}, ${p.stepper().title}: ${p.message}.`);
    },
  };
  // the panels' grid first: each panel sizes its canvas (and WebGL context) once
  layoutPage(config.panels.length, config.embed, panels);
  // uPlot (preloaded by index.html) runs while the Workers build the panels, not before the
  // lab's own start: its 50-130 ms of evaluation are then off the path to the first frame
  const charting = loadScript('uPlot.iife.min.js');
  await createPanels(core, pool, scene, config, onPanel, panels);
  performance.mark('softlab-panels-built');
  await nextTask();
  let body = measureBody(panels[0].shown);

  const markAllDirty = () => { for (const p of panels) p.dirty = true; };
  const updateUrl = (later) => { if (url) url.update(later); };

  const input = new PhysicsInput(panels, { record: $('#record'), replay: $('#replay') }, {
    time: () => clock.time,
    diagonal: () => body.diagonal,
    resetAll: () => resetAll(),
    play: () => clock.setPlaying(true),
    live: () => clock.goLive(),
  });
  let playback = null, playbackChoice = config.playback; // the bar; live/ahead as asked for
  const clock = new Clock(panels, {
    autoAhead: playbackChoice !== 'live',
    onAhead: (on) => {
      if (playback) playback.changed(on);
      markAllDirty();
    },
    // prefers-reduced-motion: nothing moves until the reader presses Play (issue 30)
    playing: !config.paused && !reducedMotion(),
    onPlaying: (on) => {
      showPlaying(on);
      if (loop) loop.restart();
      updateUrl();
    },
  });

  function resetAll() {
    clock.reset();
    input.rewind();
    for (const p of panels) {
      p.reset();
      plots.restart(p);
    }
    if (views) views.resetRange();
    plots.flush();
  }

  const infos = core.params.filter((info) => scene.params & info.flag);
  const settingsChanged = () => {
    settings.updateVariants(infos);
    resetAll();
    plots.relabel(panels);
    for (const p of panels) p.updateLabel();
    nameLandmarks(scene, panels);
    controls.refresh();
    updateUrl();
  };
  settings = new Settings(panels, {
    linked: (name) => controls.linked[name],
    changed: settingsChanged,
    rebuilt: () => { input.forgetPins(); body = measureBody(panels[0].shown); },
    checkDt: (i) => controls.find(i).then((r) => panels[i].offerDt(r)),
  });
  controls = new ParamControls($('#params'), panels, infos, {
    setParam: (indexes, name, value) => settings.setParam(indexes, name, value),
    setDt: (i, dt, deferred) => settings.setDt(i, dt, deferred),
    setBeta: (i, beta, deferred) => settings.setBeta(i, beta, deferred),
    changed: settingsChanged,
    api: core.api,
    answered: (i, result) => emit('answered', { panel: i, result }),
  });
  await nextTask();
  settings.updateVariants(infos);
  for (const p of panels) p.updateLabel();
  nameLandmarks(scene, panels);
  await charting;
  await nextTask();
  plots = new Plots($('#chart'), $('#chart-controls'), panels,
    { quantity: config.plot || 'height', heightLimits: heightLimits(body), channels: core.channels }, () => updateUrl());
  for (const [p, samples] of early) plots.add(p, samples);

  await nextTask();
  const stepOnce = () => { clock.stepOnce(); plots.flush(); };
  bindTransport(clock, stepOnce, resetAll);

  const inspector = new Inspector($('#inspector'), panels);
  new CameraInput(panels, {
    inspect: (node) => inspector.open(node),
    camera: () => camera,
    setCamera: (c) => { camera = c; },
    changed: () => { markAllDirty(); updateUrl(true); },
    input: (event) => input.input(event),
    pinnedNodes: () => input.pinnedNodes(),
  });
  views = new ViewControls(panels, config.view, () => { markAllDirty(); updateUrl(); });
  url = new UrlState(scene, panels, {
    camera: () => camera,
    playing: () => clock.playing,
    plot: () => plots.quantity,
    view: () => views.query(),
    embed: () => config.embed,
    origins: () => config.origins,
    playback: () => playbackChoice,
  });
  bindEmbed((compact) => url.shareUrl({ embed: compact }), () => `softlab: ${scene.title}`);
  bindHelp();
  bindPresets($('#preset'), { state: () => url.state(), omegaMax: () => panels[0].omegaRest, defaultDt: scene.defaultDt, notice });
  clock.setPlaying(clock.playing);
  watchPage(clock, panels);

  const perf = new PerfMeter($('#perf'));
  const bars = new EnergyBars($('#energy-bars'), panels);
  playback = bindPlayback(clock, () => { playbackChoice = 'live'; updateUrl(); });
  if (playbackChoice === 'ahead') clock.setAhead(true);
  loop = startFrameLoop({ clock, panels, camera: () => camera, views, plots, bars, inspector, perf, clockEl: $('#clock'), input, playback,
    onFrame: (shown) => emit('frame', shown) });
  // what the page's own controls call, for the course API
  const control = {
    params: infos,
    setRun: (indexes, run) => settings.setRun(indexes, run),
    setParams: (indexes, values) => settings.setParams(indexes, values),
    play: () => clock.setPlaying(true),
    pause: () => clock.setPlaying(false),
    step: stepOnce,
    reset: resetAll,
    findStableDt: (i) => controls.find(i),
  };
  return labFace({ core, panels, clock, perf, input, plots, inspector, camera: () => camera, markAllDirty, url, control, on });
}

async function main() {
  const loading = $('#loading');
  let core, pool;
  try {
    const compiled = compileWasm();
    // the Workers start loading now and get the module once compiled
    pool = new SimPool(compiled, MAX_PANELS);
    const module = await compiled;
    core = await loadLab({ module });
    performance.mark('softlab-core-loaded');
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = `The simulation core could not be loaded: ${err.message}`;
    return;
  }
  const query = new URLSearchParams(location.search);
  const scenes = [...core.scenes];
  if (query.get('scene') === 'mesh') {
    const user = loadUserMesh(core, notice);
    if (user) scenes.push(user);
    else query.delete('scene'); // its notice says why; not a second 'Unknown scene “mesh”'
  }
  const config = parseParams(query, scenes, core.steppers, core.params);
  bindScenePicker($('#scene-select'), core.scenes, config.scene);
  bindMeshLoader($('#mesh-file'), document.body, (text) => notice(text), config.scene);
  $('#mesh-button').addEventListener('click', () => $('#mesh-file').click()); // Enter, Space, click
  for (const text of config.notices) notice(text);
  $('#scene-title').textContent = config.scene.title;
  $('#scene-citation').textContent = config.scene.citation;
  document.title = `softlab · ${config.scene.title}`;
  const note = config.scene.description;
  $('#scene-note').textContent = note || '';
  $('#scene-note').hidden = !note;
  let lab;
  try {
    await nextTask();
    lab = await startLab(core, config, pool);
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = `The lab could not start: ${err.message}`;
    return;
  }
  loading.hidden = true;
  window.softlab = Object.freeze({
    ready: true,
    scene: config.scene.name,
    steppers: core.steppers.map((s) => s.name),
    ...lab,
    /** The page's flat wasm API (lab-api.js), for tests and the console: its view
     *  functions take panels[i].view; a panel's simulation is reached with simCall. */
    api: core.api,
  });
  // a course page that embeds the lab drives it with postMessage (README: Course API)
  startCourseApi(window, window.softlab, { origins: config.origins, notice });
}

main();
