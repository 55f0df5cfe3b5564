// What the lab shows to tests and the browser console (window.softlab): a read-only
// snapshot of the state, where a node is drawn on the page, and the handles. Reads only;
// the page never depends on it.

/** parts: {core, panels, clock, perf, input, plots, camera(), markAllDirty, url}. */
export function labFace({ core, panels, clock, perf, input, plots, camera, markAllDirty, url }) {
  const { api } = core;
  /** Read-only snapshot for tests and the console. */
  const state = () => {
    const cam = camera();
    return {
      t: clock.time,
      playing: clock.playing,
      fps: perf.fps,
      simSpeed: perf.simSpeed,
      camera: { ...cam, pan: [...cam.pan] },
      recording: input.recording,
      replaying: input.replaying,
      events: input.eventCount,
      panels: panels.map((p) => ({
        method: p.method,
        dt: p.dt,
        beta: p.beta,
        params: { ...p.params },
        t: p.t,
        height: api.tracked_height(p.h),
        diverged: !!api.diverged(p.h),
        stopped: p.stopped,
        message: p.stateText(clock.playing),
        samples: plots.count(p.index),
        grabbed: api.grabbed_node(p.h),
        stepsPerSecond: p.stepsPerSecond,
        msPerStep: p.msPerStep,
        omegaMax: p.omegaMax,
        volumeRatio: api.volume_ratio(p.h),
        positions: Array.from(p.positions()),
      })),
    };
  };

  /** Page (CSS pixel) position of node in panel i's view, or null if not drawn. */
  const nodeOnScreen = (i, node) => {
    const p = panels[i];
    if (!p || !p.hasGl) return null;
    const s = p.view.project(node, p.cam(camera()));
    if (!s) return null;
    const r = p.canvas.getBoundingClientRect();
    return { x: r.left + (s[0] * r.width) / p.canvas.width, y: r.top + (s[1] * r.height) / p.canvas.height };
  };

  return {
    /** handle: a simulation handle, view: a view handle (0 without WebGL2). */
    panels: panels.map((p) => Object.freeze({ index: p.index, canvas: p.canvas.id, handle: p.h, view: p.view ? p.view.v : 0 })),
    state,
    nodeOnScreen,
    /** Redraws every panel on the next frame (after changing a view through api). */
    redraw: markAllDirty,
    /** Copies panel i's simulation state to its view now (what each frame does). */
    sync: (i) => panels[i].sync(),
    /** The URL that reproduces the current view. */
    shareUrl: () => url.shareUrl(),
  };
}
