// The animation frame: advance the clock by the real time elapsed, show every panel's
// frame for the clock's shown time, draw the panels whose state changed (each copies its simulation's arrays to its view first), then the
// shared colour range, the energy bars and the element inspector, the clock text, the chart (at most ten times a second while
// running), the views' text alternatives (about once a second) and the performance line.

const CHART_EVERY_MS = 100;
const DESCRIBE_EVERY_MS = 1000; // the views' text alternatives (PanelPage.updateDescription)

/**
 * Starts the loop. parts: {clock, panels, camera(): the shared camera, views, plots,
 * bars (energy-bars.js), inspector (inspector.js), perf, clockEl, input, playback (playback.js), onFrame(shown): after each
 * frame, with the time shown (s)}. Returns {restart()}: forget the last frame's time (after a pause, so
 * the clock does not jump by the time spent paused).
 */
export function startFrameLoop({ clock, panels, camera, views, plots, bars, inspector, perf, clockEl, input, playback, onFrame = () => {} }) {
  const runs = panels.map((p) => p.run);
  let last = performance.now(), chartAt = 0, describedAt = -Infinity, firstDrawn = false;
  function frame(now) {
    requestAnimationFrame(frame);
    clock.tick((now - last) / 1000);
    const shown = clock.show();
    input.checkReplayEnd();
    last = now;
    let drawn = false;
    for (const p of panels) {
      if (p.dirty) {
        p.draw(camera());
        p.page.updateReadout();
        drawn = true;
      }
      p.page.updateState(clock.playing);
    }
    if (drawn) {
      views.update();
      bars.update();
      inspector.update(camera());
    }
    if (drawn && !firstDrawn) {
      // the time to the first picture, from navigation start (tests/web/perf.test.js)
      performance.mark('softlab-first-frame');
      firstDrawn = true;
    }
    const clockText = `t = ${shown.toFixed(3)} s`;
    if (clockEl.textContent !== clockText) clockEl.textContent = clockText;
    if (now - chartAt > CHART_EVERY_MS || !clock.playing) {
      plots.flush();
      chartAt = now;
    }
    if (now - describedAt >= DESCRIBE_EVERY_MS) {
      for (const p of panels) p.page.updateDescription();
      describedAt = now;
    }
    playback.update(now);
    if (perf.frame(now, clock, runs)) for (const p of panels) p.markDirty(); // new rates on the readouts
    onFrame(shown);
  }
  requestAnimationFrame(frame);
  return { restart: () => { last = performance.now(); } };
}
