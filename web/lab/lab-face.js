// What the lab shows to tests and the browser console (window.softlab): a read-only
// snapshot of the state, where a node is drawn on the page, and ways to reach each
// panel's simulation in its Worker. The page never depends on it.

/** parts: {panels, clock, perf, input, plots, inspector, camera(), markAllDirty, url,
 *  control: what the page's own controls call (web/app.js), on(event, fn): the lab's
 *  events, recovering(): a promise that resolves once no lost Worker is being replaced
 *  (web/sim/recovery.js), fault(w, kind): web/sim/sim-client.js SimPool.fault}. */
export function labFace(parts) {
  const { panels, clock, plots, inspector, camera, markAllDirty, url, control, on, fault = () => {} } = parts;
  const state = () => snapshot(parts);
  const settle = () => settleAll(parts);
  const nodeOnScreen = async (i, node) => {
    await settle();
    return nodeAt(panels[i], node, camera());
  };

  return {
    /** view: a view handle of the page's wasm API (0 without WebGL2). */
    panels: panels.map((p) => Object.freeze({ index: p.index, canvas: p.page.canvas.id, view: p.view ? p.view.v : 0 })),
    state,
    nodeOnScreen,
    /** Resolves to state() once every panel's Worker has handled every earlier request
     *  and reached the target it had (what a test reads after an action). */
    settled: async () => {
      await settle();
      return state();
    },
    /** The live chart (web/chart/chart.js LabChart), for tests and the console. */
    chart: plots.chart,
    /** The lab's clock (s): the time shown while playing, of the states while paused. */
    time: () => clock.time,
    /** Panel i's latest chart sample shown ({t, ...quantities}) or null. */
    latestSample: (i) => plots.latest(i),
    /** The element inspector: the tet or grid cell of node in every panel (-1 closes it), as a
     *  shift-click on the node does. */
    inspect: (node) => (node >= 0 ? inspector.open(node) : inspector.close()),
    /** Redraws every panel on the next frame (after changing a view through api). */
    redraw: markAllDirty,
    /** Draws panel i now. The views do not keep their drawing buffer once shown (keeping it
     *  costs a copy a frame), so a reader of a canvas's pixels draws it first, in the same
     *  task (tests/web/harness.js countPixels). */
    drawNow: (i) => panels[i].draw(camera()),
    /** Resolves once panel i's Worker has handled every earlier request and its latest
     *  state is on the panel (copied to its view). */
    sync: async (i) => {
      await panels[i].nextFrame();
      clock.show();
      panels[i].sync();
      panels[i].markDirty();
    },
    /** Resolves to api[name](simulation of panel i, ...args), run in its Worker (the
     *  sl_api_* functions that take a simulation handle first). */
    simCall: async (i, name, ...args) => panels[i].run.call(name, args),
    /** For tests: Worker w (0-based, as state().panels[i].worker) fails as kind says:
     *  'terminate' (no event, as an out-of-memory kill), 'hang' (stops answering) or
     *  'crash' (an error event); the lab notices it, says so and starts a new one. */
    testFault: (w, kind = 'terminate') => fault(w, kind),
    /** The URL that reproduces the current view. */
    shareUrl: () => url.shareUrl(),
    /** The functions the page's own controls call (so the URL and the controls follow):
     *  params (the scene's parameter infos), setRun(indexes, {method, dt, beta}) and
     *  setParams(indexes, {name: value}) (each resolves to the refusals [{panel, error}]),
     *  play(), pause(), step(), reset(), findStableDt(i) (the "find" button's search). */
    control,
    /** on(event, fn): 'diverged' ({panel, t}), 'frame' (the time shown, s, every animation
     *  frame), 'answered' ({panel, result: {dt, capped} or null}: a stable-Δt search ended),
     *  'input' (the user's grab, move, release or pin event, web/input/input.js).
     *  Returns a function that removes fn. */
    on,
  };
}

/** Read-only snapshot for tests and the console: the latest frame of each panel. */
function snapshot({ panels, clock, perf, input, plots, camera, recorded = null }) {
  const cam = camera();
  const workers = [...new Set(panels.map((p) => p.run.client.worker))]; // each panel's, by first use
  return {
    t: clock.time,
    shownTime: clock.shown,       // s: the time every panel is shown at (issue 26)
    target: clock.target,         // s: the last target sent to the panels
    rate: clock.rate,             // simulated s per real s of the slowest panel (NaN: not yet known)
    // computed ahead and played back (web/time/clock.js, issue 27): whether, up to when (s),
    // waiting for the next clip, the computing speed (× real time; NaN: not yet known)
    ahead: clock.ahead,
    computed: clock.ahead ? clock.computed() : NaN,
    buffering: clock.ahead && clock.buffering,
    aheadRate: clock.aheadRate,
    liveRate: clock.liveRate,
    playing: clock.playing,
    suspended: clock.suspended,
    fps: perf.fps,
    simSpeed: perf.simSpeed,
    camera: { ...cam, pan: [...cam.pan] },
    recording: input.recording,
    // a recording made when the site was built plays (web/time/recording.js): its end (s), 0: none or left
    recorded: recorded && recorded.playing() ? recorded.span : 0,
    replaying: input.replaying,
    events: input.eventCount,
    panels: panels.map((p) => panelSnapshot(p, workers, clock, plots)),
  };
}

/** Panel p as state().panels[i] shows it (workers: the lab's Workers, by first use). */
function panelSnapshot(p, workers, clock, plots) {
  return {
    worker: workers.indexOf(p.run.client.worker), // its Worker, 0-based
    method: p.run.method,
    dt: p.run.dt,
    beta: p.run.beta,
    iterations: p.run.iterations, // sweeps or substeps a step of a position-based stepper (the core's)
    xpbdDamping: p.run.xpbdDamping, // s: XPBD's damping time τ (the core's; paper 005 eq. 26)
    params: { ...p.run.params },  // the overrides of the scene's defaults
    values: { ...p.run.paramValues }, // every parameter's value in its world (SI units)
    t: p.run.t,                 // s: the state shown
    latest: p.run.latest,       // s: the latest state its Worker reported
    shownRecorded: !!(p.run.frame && p.run.frame.recorded), // the frame shown is a recording's
    workerSteps: p.run.workerSteps, // steps its Worker reported in this run
    firstShown: p.run.firstShown, // {t, at, recorded, workerSteps}: the run's first frame shown after t = 0
    height: p.run.height,
    diverged: p.run.diverged,
    divergedAt: p.run.diverged ? p.run.divergedAt : NaN,
    stopped: p.run.stopped,
    verdict: p.run.stopped && p.run.diverged ? 'diverged' : p.run.verdict ? p.run.verdict.name : 'running', // the core's (sl_world_judge)
    reason: p.run.ended ? p.run.message : p.run.verdict ? p.run.verdict.reason : '', // ... in its words, '' while running
    message: p.page.stateText(clock.playing),
    samples: plots.count(p.index),
    grabbed: p.run.grabbed,
    pinned: Array.from(p.run.pins),
    stepsPerSecond: p.run.rate.stepsPerSecond,
    msPerStep: p.run.rate.msPerStep,
    omegaMax: p.run.omegaMax,
    volumeRatio: p.run.measures.volume_ratio,
    violation: p.run.measures.violation, // max|φ| of the state shown (the core's channel)
    energy: { kinetic: p.run.measures.kinetic, potential: p.run.measures.potential, elastic: p.run.measures.elastic, total: p.run.measures.total }, // J
    bound: p.page.stepper().bound, // (ωΔt)_max of its stepper on the undamped oscillator (0: none, Infinity: no limit)
    ghostForce: p.run.measures.ghost_force,   // N (NaN unless a warping stepper)
    ghostTorque: p.run.measures.ghost_torque, // N m
    positions: Array.from(p.run.shown),
    inspection: p.run.inspection || null, // the element inspector's tet or grid cell (web/panel/inspector.js)
  };
}

/** Waits until every panel's Worker has caught up with what was asked of it, and
 *  copies each latest state to its view (what the next frame draws). */
async function settleAll({ panels, clock, recovering = () => Promise.resolve() }) {
  await recovering();
  try {
    await Promise.all(panels.map((p) => p.nextFrame()));
  } catch (err) {
    if (!err.lost) throw err;
    // a Worker was lost meanwhile: once its panels are rebuilt and reset, once more (a
    // second loss rejects with its WorkerLost error, which names what happened)
    await recovering();
    await Promise.all(panels.map((p) => p.nextFrame()));
  }
  clock.catchUp(); // paused, the clock shows the latest state now, not a frame later
  clock.show();
  for (const p of panels) p.sync();
}

/** The page (CSS pixel) position of node in panel p's view at camera cam, or null if not drawn. */
function nodeAt(p, node, cam) {
  if (!p || !p.hasGl) return null;
  const s = p.view.project(node, p.cam(cam));
  if (!s) return null;
  const r = p.page.canvas.getBoundingClientRect();
  return { x: r.left + (s[0] * r.width) / p.page.canvas.width, y: r.top + (s[1] * r.height) / p.page.canvas.height };
}
