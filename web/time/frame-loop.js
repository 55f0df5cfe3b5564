// The animation frame: advance the clock by the real time elapsed, show every panel's
// frame for the clock's shown time, draw the panels whose state changed (each copies its simulation's arrays to its view first), then the
// shared colour range; the numbers (each panel's readout, the energy bars, the element inspector, the clock text) and the
// chart at most ten times a second while running, every frame paused; the views' text alternatives (about once a second)
// and the performance line.
//
// The numbers at ten a second, not sixty: text that changes every frame is laid out, painted and composited every frame,
// which took 0.38 of a processor on the main thread of onering-torus-drop in headless Chromium (0.19 at ten a second,
// CDP's TaskDuration over 6 s), taken from the two Workers on a 2-core machine: the scene ran at 0.84x real time and at
// 0.95x with the numbers at ten a second (make bench). Nobody reads a number that changes sixty times a second; they
// are written together, so the readouts and the clock text always name one time.

const WRITE_EVERY_MS = 100; // running: the numbers and the chart (paused: every frame)
const DESCRIBE_EVERY_MS = 1000; // the views' text alternatives (PanelPage.updateDescription)

/**
 * Starts the loop. parts: {clock, panels, camera(): the shared camera, views, plots,
 * bars (energy-bars.js), inspector (inspector.js), perf, clockEl, input, playback (playback.js), onFrame(shown): after each
 * frame, with the time shown (s)}. Returns {restart()}: forget the last frame's time (after a pause, so
 * the clock does not jump by the time spent paused).
 */
export function startFrameLoop({ clock, panels, camera, views, plots, bars, inspector, perf, clockEl, input, playback, onFrame = () => {} }) {
  const runs = panels.map((p) => p.run);
  let last = performance.now(), describedAt = -Infinity, firstDrawn = false, writtenAt = -Infinity;
  const owed = new Set(); // panels drawn since their numbers were last written
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
        owed.add(p);
        drawn = true;
      }
      p.page.updateState(clock.playing);
    }
    if (drawn) views.update();
    if (drawn && !firstDrawn) {
      // the time to the first picture, from navigation start (tests/web/perf.test.js)
      performance.mark('softlab-first-frame');
      firstDrawn = true;
    }
    if (now - writtenAt >= WRITE_EVERY_MS || !clock.playing) {
      writeNumbers(shown);
      plots.flush();
      writtenAt = now;
    }
    if (now - describedAt >= DESCRIBE_EVERY_MS) {
      for (const p of panels) p.page.updateDescription();
      describedAt = now;
    }
    playback.update(now);
    if (perf.frame(now, clock, runs)) for (const p of panels) p.markDirty(); // new rates on the readouts
    onFrame(shown);
  }
  /** The numbers of the panels drawn since they were last written, and the clock's, at the time shown. */
  function writeNumbers(shown) {
    if (owed.size) {
      for (const p of owed) p.page.updateReadout();
      owed.clear();
      bars.update();
      inspector.update(camera());
    }
    const clockText = `t = ${shown.toFixed(3)} s`;
    if (clockEl.textContent !== clockText) clockEl.textContent = clockText;
  }
  requestAnimationFrame(frame);
  return { restart: () => { last = performance.now(); } };
}
