// Recordings (issue 42 item 1): the default comparisons too heavy to compute live here,
// recorded when the site is built (tools/record_scenes.js: softlab.wasm and the Workers'
// own code, web/sim/sim-host.js, run under node) into recordings/<scene>.json. A lab that opens
// one of these scenes with its own comparison plays the recording at once at real time
// (web/time/recording.js) while its Workers compute the same run from t = 0 behind it.
//
// The file: {format, scene, frameSpacing (s), span (s: the last frame's target), panels:
// [{method, dt, beta, params, nodes, sampleKeys, frames:
// [{t, at, measures, height, grabbed, stopped, verdict, plates, samples: [[value per
// sampleKey]]}], positions: base64 of float32 [frame][node][xyz]}]}. Numbers that JSON
// cannot write (NaN, ±Infinity) are written {"$": "NaN"}.

/** The scenes recorded, how much of each (s simulated, from t = 0: each scene's own t_end)
 *  and what each panel's recording cost (processor s, wasm under node, measured by
 *  tools/record_scenes.js on this 2-core machine, 2026-11-30 at load 2.7; only the order of
 *  the jobs uses it, the dearest first, so that both cores finish together: about 10
 *  processor s in all, the torus's one-ring panel 1.6 of them). */
export const RECORDINGS = [
  { scene: 'onering-squeeze', span: 1.5, cost: [1.4, 0.6] },
  { scene: 'onering-cantilever', span: 2.0, cost: [0.7, 1.0] },
  { scene: 'onering-torus-drop', span: 1.0, cost: [1.6, 0.8] },
  { scene: 'warp-tube-drop', span: 2.0, cost: [0.5, 1.4, 1.6, 0.4] },
];

export const RECORDING_FORMAT = 1;

/** JSON.stringify's replacer: non-finite numbers as {"$": "NaN" | "Infinity" | "-Infinity"}. */
export function encodeNumber(key, value) {
  return typeof value === 'number' && !Number.isFinite(value) ? { $: String(value) } : value;
}

/** encodeNumber undone on one value (parseRecording's walk). */
function decodeNumber(value) {
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.$ === 'string' && Object.keys(value).length === 1) return Number(value.$);
  return value;
}

/** A recording's JSON text parsed, encodeNumber undone: what a JSON.parse reviver undoing it
 *  would give, without the reviver's call per value (on warp-tube-drop's 2.4 MB, 94 ms
 *  of the lab's start in a CPU profile): a text without any {"$": ...} needs no pass at all
 *  ('$' is no base64 character), one with them a walk that replaces only those. */
export function parseRecording(text) {
  const value = JSON.parse(text);
  return text.includes('"$"') ? decodeAll(value) : value;
}

function decodeAll(value) {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeAll(value[i]);
    return value;
  }
  for (const key of Object.keys(value)) value[key] = decodeAll(value[key]);
  return decodeNumber(value);
}

/** Float32 array of a base64 string (browser and node): Uint8Array.fromBase64 where the
 *  browser has it, else atob's bytes copied in one loop (Uint8Array.from with a function per
 *  character took 76 ms of the lab's start on warp-tube-drop's recording). */
export function float32FromBase64(text) {
  let bytes;
  if (typeof Uint8Array.fromBase64 === 'function') bytes = Uint8Array.fromBase64(text);
  else if (typeof atob === 'function') {
    const chars = atob(text);
    bytes = new Uint8Array(chars.length);
    for (let i = 0; i < chars.length; i++) bytes[i] = chars.charCodeAt(i);
  } else bytes = new Uint8Array(Buffer.from(text, 'base64'));
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** The panel frames of a parsed recording, in the shape web/sim/sim-host.js postFrame posts
 *  them (recorded: true, no Worker steps), for panel i. Positions come back as the double
 *  nearest the recorded float32. */
export function recordedFrames(rec, i) {
  const p = rec.panels[i];
  const all = float32FromBase64(p.positions);
  const n3 = 3 * p.nodes;
  return p.frames.map((f, k) => ({
    t: f.t, at: f.at, replace: false, recorded: true,
    positions: Float64Array.from(all.subarray(k * n3, (k + 1) * n3)),
    field: null, fieldId: 0, rotations: null, inspection: null,
    plates: Float64Array.from(f.plates),
    samples: f.samples.map((row) => Object.fromEntries(p.sampleKeys.map((key, j) => [key, row[j]]))),
    measures: f.measures, height: f.height, grabbed: f.grabbed, stopped: f.stopped, verdict: f.verdict,
    steps: 0, stepMs: 0, lastStepMs: NaN, busyMs: 0,
  }));
}

/** Whether a panel's configuration ({method, dt, beta, params}) is the one recorded. */
export function sameRun(recorded, config) {
  const keys = (o) => Object.keys(o || {}).sort();
  const a = recorded.params || {}, b = config.params || {};
  return recorded.method === config.method && recorded.dt === config.dt && (recorded.beta || 0) === (config.beta || 0) &&
    keys(a).join() === keys(b).join() && keys(a).every((k) => a[k] === b[k]);
}
