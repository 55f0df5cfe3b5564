// softlab lab page: 1-4 panels of the same scene, each with its own stepper, Δt and
// parameters, stepping in lock-step on one clock, one camera, one live chart. The
// simulations run in Web Workers (sim-client.js); the page draws what they post. This
// file only puts the parts together (startLab: the parts are made in web/lab/lab-parts.js and
// web/lab/lab-page.js) and hands each the few things it needs: panels
// (panel.js), the clock (clock.js, transport.js), physics input and replay (input.js),
// settings (settings.js, controls.js), views and colour maps (views.js), the camera
// (camera.js), plots (plots.js), the URL (url-state.js), the frame loop (frame-loop.js)
// and the face shown to tests and the console (lab-face.js), on which the course API
// (course-api.js: postMessage from an embedding page) sits.

import { bindMeshLoader, bindScenePicker, loadUserMesh } from './settings/scene-picker.js';
import { compileWasm, loadLab } from './core/lab-api.js';
import { MAX_PANELS, parseParams } from './settings/params.js';
import { buildPanels, labEvents, labNews, makePanels, nextTask, watchPage } from './lab/lab-page.js';
import { bindPointer, labCamera, labControl, labelPanels, liveBody, markAllDirty, panelHooks, reportDivergence,
  startClock, startLoop, startPlayback, startPlots, startSettings, startUrl } from './lab/lab-parts.js';
import { ViewControls } from './panel/views.js';
import { heightLimits } from './input/body.js';
import { SimPool } from './sim/sim-client.js';
import { bindTransport } from './time/transport.js';
import { labFace } from './lab/lab-face.js';
import { startCourseApi } from './course/course-api.js';
import { controlLocks, parseControlList } from './course/control-locks.js';
import { watchWorkers } from './sim/recovery.js';
import { announce } from './ui/announce.js';
import { fetchRecording, playRecording } from './time/recording.js';
import { printViews } from './lab/print-views.js';
import { applyMessages, t } from './ui/messages.js';

const $ = (sel, root = document) => root.querySelector(sel);

function notice(text, kind = 'warn') {
  const div = document.createElement('div');
  div.className = 'notice ' + kind;
  const span = document.createElement('span');
  span.textContent = text;
  const close = document.createElement('button');
  close.className = 'notice-close';
  close.setAttribute('aria-label', t('notice.dismiss'));
  close.textContent = '×';
  close.addEventListener('click', () => div.remove());
  div.append(span, close);
  $('#notices').append(div);
  announce(text); // #notices is not a live region: the lab has one (#announce)
}

/** Builds the lab for config (params.js parseParams); resolves to its test/console face.
 *  The parts in the order they are made (web/lab/lab-parts.js), each given what it needs;
 *  what an earlier part tells a later one goes through `news` (web/lab/lab-page.js labNews). */
async function startLab(core, config, pool) {
  const scene = config.scene;
  const camera = labCamera(config);
  const { emit, on } = labEvents(); // for the course API (web/course/course-api.js) through the face
  const news = labNews();
  const recorded = fetchRecording(config, nextTask); // read while the Workers build
  const { panels, charting } = makePanels(core, pool, config, panelHooks(news));
  // a message to a Worker whose script has not yet run (the module, then the builds) is
  // passed on by a task of this thread once it has run: a break here lets a Worker that is
  // ready start loading the core while the page goes on (Chrome traces of the start: a
  // Worker's first message came 110-230 ms after its script had run when that fell in this
  // task; with the break, 2-7 ms for three Workers of six traced, 88-132 ms for the others,
  // held by later long tasks)
  await nextTask();
  const plots = startPlots(core, config, panels, news, notice); // hears the panels' first frames
  reportDivergence(news, emit);
  await buildPanels(panels);
  const body = liveBody(panels, news);
  const views = new ViewControls(panels, config.view, () => { markAllDirty(panels); news.emit('changed'); }, core.fields);
  const { clock, input, resetAll, restoreAll } = startClock(panels, config, { body, plots, views, emit, news });
  const recording = playRecording(await recorded, panels.map((p) => p.run), clock, () => markAllDirty(panels));
  news.on('live', () => recording.leave());
  const playback = startPlayback(clock, recording, config.playback, news);
  const workers = watchWorkers(pool, panels, { resetAll, notice, announce });
  const infos = core.params.filter((info) => scene.params & info.flag);
  const { settings, controls } = startSettings(core, scene, panels, infos, { input, resetAll, emit, plots, news });
  await nextTask();
  settings.updateVariants(infos);
  labelPanels(scene, panels);
  await charting;
  await nextTask();
  plots.draw(heightLimits(body));
  await nextTask();
  const stepOnce = () => { clock.stepOnce(); plots.flush(); };
  bindTransport(clock, stepOnce, resetAll);
  const inspector = bindPointer(panels, camera, input, { body, news }, core.papers);
  const url = startUrl(scene, config, panels, { core, clock, camera, notice, plots, views, playback }, news);
  clock.setPlaying(clock.playing);
  watchPage(clock, panels);
  const { perf } = startLoop(panels, { clock, camera, input, inspector, emit, views, plots, playback }, news);
  const control = labControl(infos, { settings, controls, clock, stepOnce, resetAll, restoreAll, panels });
  return labFace({ core, panels, clock, perf, input, plots, inspector, camera: camera.get, recorded: recording,
    markAllDirty: () => markAllDirty(panels), url, control, on,
    recovering: workers.recovering, fault: (w, kind) => pool.fault(w, kind) });
}

async function main() {
  applyMessages(document); // the page's static texts in the reader's language (before the panels clone their template)
  const loading = $('#loading');
  if (document.documentElement.dataset.cannotStart) return; // web/boot.js said why
  let core, pool;
  try {
    const compiled = compileWasm();
    // the Workers start loading now and get the module once compiled
    pool = new SimPool(compiled, MAX_PANELS, new URL('./sim-worker.js', import.meta.url));
    const module = await compiled;
    core = await loadLab({ module });
    performance.mark('softlab-core-loaded');
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = t('lab.core_failed', { error: err.message });
    return;
  }
  const query = new URLSearchParams(location.search);
  const scenes = [...core.scenes];
  if (query.get('scene') === 'mesh') {
    const user = loadUserMesh(core, notice);
    if (user) scenes.push(user);
    else query.delete('scene'); // its notice says why; not a second 'Unknown scene “mesh”'
  }
  const config = parseParams(query, scenes, core.steppers, core.params, core.fields);
  bindScenePicker($('#scene-select'), core.scenes, config.scene);
  bindMeshLoader($('#mesh-file'), document.body, (text) => notice(text), config.scene, core,
    () => (window.softlab ? window.softlab.state().panels.map((p) => p.dt) : null));
  $('#mesh-button').addEventListener('click', () => $('#mesh-file').click()); // Enter, Space, click
  for (const text of config.notices) notice(text);
  $('#scene-title').textContent = config.scene.title;
  $('#scene-citation').textContent = config.scene.citation;
  document.title = t('lab.page_title', { scene: config.scene.title });
  const note = config.scene.description;
  $('#scene-note').textContent = note || '';
  $('#scene-note').hidden = !note;
  let lab;
  try {
    await nextTask();
    lab = await startLab(core, config, pool);
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = t('lab.start_failed', { error: err.message });
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
  // controls the course hides or locks (URL hide= and lock=, and the course API's set-controls)
  const locks = controlLocks(document, lab.panels.length);
  for (const [key, state] of [['lock', 'locked'], ['hide', 'hidden']]) {
    if (config[key] === null) continue;
    const { entries, problems } = parseControlList(config[key], lab.panels.length);
    for (const p of problems) notice(t('notice.url_parameter', { key, problem: p }));
    for (const { name, panels } of entries) locks.set(name, state, panels);
  }
  locks.apply();
  printViews(window, lab.drawNow); // printed, the views are pictures of the moment
  // a course page that embeds the lab drives it with postMessage (README: Course API)
  startCourseApi(window, window.softlab, { origins: config.origins, notice, locks });
}

main();
