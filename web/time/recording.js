// A lab opening a heavy scene with its own comparison plays the recording made when the
// site was built (web/time/recordings.js, tools/record_scenes.js; issue 42 item 1): the panels
// hold its frames, the clock plays them at once at real time (web/time/clock.js playRecording)
// while the Workers compute the same run from t = 0 behind it, and past its end the clock
// goes on with their frames. Reset replays it. Any change it does not hold (a stepper, Δt,
// β, parameter, a grab or pin, a colour field, the inspector, the Live button) leaves it
// for good: the lab computes live from where the Workers are, as without a recording.
// The page shows what the core computed in that recording; nothing is judged here.

import { RECORDINGS, RECORDING_FORMAT, parseRecording, recordedFrames, sameRun } from './recordings.js';
import { announce } from '../ui/announce.js';
import { t } from '../ui/messages.js';

/** The recording of config's scene (parsed, with each panel's frames made: rec.frames[i],
 *  recordedFrames), or null: none made, the URL asked for live playback, or it could not be
 *  read. Started before the panels are built, so that the reading is done while the Workers
 *  build (warp-tube-drop's 2.4 MB: 60-80 ms to parse and 25-75 ms to make the frames, node on
 *  this loaded 2-core machine), each piece in a task of its own (pause(): resolves in a later
 *  task, web/lab/lab-page.js nextTask), so that the page's thread stays free for the Workers'
 *  messages between them. */
export async function fetchRecording(config, pause = () => Promise.resolve()) {
  if (config.playback === 'live' || !RECORDINGS.some((r) => r.scene === config.scene.name)) return null;
  try {
    const r = await fetch(`recordings/${config.scene.name}.json`, { credentials: 'same-origin' });
    if (!r.ok) return null;
    const text = await r.text();
    await pause();
    const rec = parseRecording(text);
    rec.frames = [];
    for (let i = 0; i < rec.panels.length; i++) {
      await pause();
      rec.frames.push(recordedFrames(rec, i));
    }
    return rec;
  } catch {
    return null;
  }
}

/** Plays rec if it is the runs' comparison (each panel's stepper, Δt, β and parameters as
 *  recorded; the site's build recorded it with this very core, stamp.txt): returns {span: its end (s), or 0 when it does not play;
 *  playing(): still played; leave(): for good}. onLeave(): after leaving. */
export function playRecording(rec, runs, clock, onLeave = () => {}) {
  const matches = rec && rec.format === RECORDING_FORMAT && rec.panels.length === runs.length &&
    runs.every((r, i) => sameRun(rec.panels[i], r));
  let on = !!matches;
  const face = {
    span: on ? rec.span : 0,
    playing: () => on,
    leave() {
      if (!on) return;
      on = false;
      for (const r of runs) r.leaveRecording();
      clock.leaveRecording();
      announce(t('recording.left'));
      onLeave();
    },
  };
  if (!on) return face;
  runs.forEach((r, i) => r.useRecording(rec.frames[i], rec.span));
  clock.playRecording(rec.span);
  announce(t('recording.playing', { span: rec.span }));
  return face;
}
