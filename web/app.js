// softlab lab page: 1-4 panels of the same scene, each with its own stepper, Δt and
// parameters, stepping in lock-step on one clock, one camera, one live chart. This file
// only puts the parts together and hands each the few things it needs: panels
// (panel.js), the clock (clock.js), physics input and replay (input.js), settings
// (settings.js, controls.js), views and colour maps (views.js), the camera (camera.js),
// plots (plots.js), the URL (url-state.js) and the frame loop below.

import { bindMeshLoader, bindScenePicker, loadUserMesh } from './scene-picker.js';
import { loadLab } from './lab-api.js';
import { parseParams } from './params.js';
import { Panel } from './panel.js';
import { CameraInput, clampCamera, homeCamera } from './camera.js';
import { ParamControls } from './controls.js';
import { bindEmbed } from './embed.js';
import { ViewControls } from './views.js';
import { Clock } from './clock.js';
import { PhysicsInput } from './input.js';
import { Settings } from './settings.js';
import { Plots } from './plots.js';
import { UrlState } from './url-state.js';
import { PerfMeter } from './perf.js';
import { heightLimits, measureBody } from './body.js';
import { buildSim } from './sim.js';

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

/** A scratch copy of panel p (scene, parameters, pins, stepper) at Δt, for searches:
 *  its handle, or <= 0. */
function scratchSim(core, scene, p, dt) {
  const { h } = buildSim(core, scene.name, p.params, p.method, dt, p.beta);
  if (!h) return 0;
  const n = core.api.node_count(h);
  for (let i = 0; i < n; i++) {
    const want = core.api.is_pinned(p.h, i);
    if (core.api.is_pinned(h, i) !== want) core.api.pin(h, i, want);
  }
  return h;
}

/** Builds the lab for config (params.js parseParams); returns its test/console face. */
function startLab(core, config) {
  const scene = config.scene;
  let camera = config.camera ? clampCamera({ ...config.camera, pan: [...config.camera.pan] }) : homeCamera();
  let plots = null, url = null, views = null, controls = null, settings = null;
  let last = performance.now(), chartAt = 0; // the frame loop's last frame and chart flush (ms)
  const panels = [];
  const onPanel = {
    stepper: (i, method) => settings.setStepper(i, method),
    dt: (i, dt) => settings.setDt(i, dt),
    sample: (p) => { if (plots) plots.sample(p); },
  };
  config.panels.forEach((c, i) => panels.push(new Panel(core, scene, i, c, onPanel)));
  for (const p of panels) p.citation.textContent = p.stepper().citation;
  let body = measureBody(panels[0].positions());

  const markAllDirty = () => { for (const p of panels) p.dirty = true; };
  const updateUrl = (later) => { if (url) url.update(later); };

  const input = new PhysicsInput(panels, { record: $('#record'), replay: $('#replay') }, {
    time: () => clock.time,
    diagonal: () => body.diagonal,
    resetAll: () => resetAll(),
    play: () => clock.setPlaying(true),
  });
  const clock = new Clock(panels, {
    playing: !config.paused,
    beforeStep: (p) => input.beforeStep(p),
    onPlaying: (on) => {
      $('#play').disabled = on;
      $('#pause').disabled = !on;
      document.body.dataset.playing = on ? '1' : '0';
      last = performance.now();
      updateUrl();
    },
  });

  function resetAll() {
    clock.time = 0;
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
    controls.refresh();
    updateUrl();
  };
  settings = new Settings(panels, {
    linked: (name) => controls.linked[name],
    changed: settingsChanged,
    rebuilt: () => { input.forgetPins(); body = measureBody(panels[0].positions()); },
  });
  controls = new ParamControls($('#params'), panels, infos, {
    notice,
    setParam: (indexes, name, value) => settings.setParam(indexes, name, value),
    setDt: (i, dt, deferred) => settings.setDt(i, dt, deferred),
    setBeta: (i, beta, deferred) => settings.setBeta(i, beta, deferred),
    changed: settingsChanged,
    scratch: (p, dt) => scratchSim(core, scene, p, dt),
    api: core.api,
  });
  settings.updateVariants(infos);
  plots = new Plots($('#chart'), $('#chart-controls'), panels,
    { quantity: config.plot || 'height', heightLimits: heightLimits(body) }, () => updateUrl());
  for (const p of panels) plots.sample(p);
  document.documentElement.style.setProperty('--panel-count', String(panels.length));

  // transport buttons and keys
  $('#play').addEventListener('click', () => clock.setPlaying(true));
  $('#pause').addEventListener('click', () => clock.setPlaying(false));
  const stepOnce = () => { clock.stepOnce(); plots.flush(); };
  $('#step').addEventListener('click', stepOnce);
  $('#reset').addEventListener('click', resetAll);
  $('#speed').addEventListener('change', (e) => { clock.speed = Number(e.target.value) || 1; });
  document.addEventListener('keydown', (e) => {
    // typing goes to fields; space on a button presses it; arrows on a view orbit (camera.js)
    if (e.target.closest('input, select, textarea, dialog')) return;
    if (e.key === ' ' && e.target.closest('button')) return;
    if (e.key === ' ') { e.preventDefault(); clock.setPlaying(!clock.playing); }
    else if (e.key === 'ArrowRight' || e.key === '.') stepOnce();
    else if (e.key === 'r' || e.key === 'R') resetAll();
  });

  new CameraInput(panels, {
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
  });
  bindEmbed(() => url.shareUrl(), () => `softlab: ${scene.title}`);
  clock.setPlaying(clock.playing);

  const ro = new ResizeObserver(() => panels.forEach((p) => p.resize()));
  for (const p of panels) ro.observe(p.canvas);
  panels.forEach((p) => p.resize());

  // the frame loop: step on the clock, draw what changed, chart and clock text
  const perf = new PerfMeter($('#perf'));
  function frame(now) {
    requestAnimationFrame(frame);
    clock.tick((now - last) / 1000);
    last = now;
    let drawn = false;
    for (const p of panels) {
      if (p.dirty) {
        p.draw(camera);
        p.updateReadout();
        drawn = true;
      }
      p.updateState(clock.playing);
    }
    if (drawn) views.update();
    const clockText = `t = ${clock.time.toFixed(3)} s`;
    if ($('#clock').textContent !== clockText) $('#clock').textContent = clockText;
    if (now - chartAt > 100 || !clock.playing) {
      plots.flush();
      chartAt = now;
    }
    perf.frame(now, clock, panels);
  }
  requestAnimationFrame(frame);

  /** Read-only snapshot for tests and the console. */
  const state = () => ({
    t: clock.time,
    playing: clock.playing,
    fps: perf.fps,
    simSpeed: perf.simSpeed,
    camera: { ...camera, pan: [...camera.pan] },
    recording: input.recording,
    replaying: input.replaying,
    events: input.eventCount,
    panels: panels.map((p) => ({
      method: p.method,
      dt: p.dt,
      beta: p.beta,
      params: { ...p.params },
      t: p.t,
      height: core.api.tracked_height(p.h),
      diverged: !!core.api.diverged(p.h),
      stopped: p.stopped,
      message: p.stateText(clock.playing),
      samples: plots.count(p.index),
      grabbed: core.api.grabbed_node(p.h),
      stepsPerSecond: p.stepsPerSecond,
      msPerStep: p.msPerStep,
      omegaMax: p.omegaMax,
      volumeRatio: core.api.volume_ratio(p.h),
      positions: Array.from(p.positions()),
    })),
  });

  /** Page (CSS pixel) position of node in panel i's view, or null if not drawn. */
  const nodeOnScreen = (i, node) => {
    const p = panels[i];
    if (!p || !p.hasGl) return null;
    const s = p.view.project(node, p.cam(camera));
    if (!s) return null;
    const r = p.canvas.getBoundingClientRect();
    return { x: r.left + (s[0] * r.width) / p.canvas.width, y: r.top + (s[1] * r.height) / p.canvas.height };
  };

  return {
    panels: panels.map((p) => Object.freeze({ index: p.index, canvas: p.canvas.id, handle: p.h, view: p.view ? p.view.v : 0 })),
    state,
    nodeOnScreen,
    redraw: markAllDirty,
    /** Copies panel i's simulation state to its view now (what each frame does). */
    sync: (i) => panels[i].sync(),
    shareUrl: () => url.shareUrl(),
  };
}

async function main() {
  const loading = $('#loading');
  let core;
  try {
    core = await loadLab();
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
  }
  const config = parseParams(query, scenes, core.steppers, core.params);
  bindScenePicker($('#scene-select'), core.scenes, config.scene);
  bindMeshLoader($('#mesh-file'), document.body, (text) => notice(text));
  for (const text of config.notices) notice(text);
  $('#scene-title').textContent = config.scene.title;
  $('#scene-citation').textContent = config.scene.citation;
  document.title = `softlab · ${config.scene.title}`;
  const note = config.scene.description;
  $('#scene-note').textContent = note || '';
  $('#scene-note').hidden = !note;
  let lab;
  try {
    lab = startLab(core, config);
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
    /** The flat wasm API (lab-api.js), for tests and the console: panels[i].handle is a
     *  simulation handle, panels[i].view a view handle. */
    api: core.api,
  });
}

main();
