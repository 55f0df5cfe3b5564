// The simulation Workers' protocol: every message between the page (web/sim/sim-client.js,
// web/panel/panel-run.js) and a simulation Worker (web/sim-worker.js, web/sim/sim-host.js), with
// its fields. Both ends name the types through TO_WORKER, TO_SIM and TO_PAGE and never
// write one as a string; tests/web/protocol.test.js reads the sources and fails when a
// type is sent that the other end does not handle, handled that is never sent, or written
// as a literal outside this file. What each request does: web/sim/sim-host.js (HANDLERS).
//
// Each entry: fields, the message's own fields besides `type`; reply (requests), the
// fields of the reply {type: 'reply', id, epoch, ...} when the page asks with
// SimClient.request (an id) rather than SimClient.send.

/** Page → the Worker itself (web/sim-worker.js), not to one simulation. */
export const TO_WORKER_FIELDS = {
  init: { fields: ['module'], about: 'the first message: the compiled softlab.wasm (WebAssembly.Module)' },
  mesh: { fields: ['mesh'], about: "the user's mesh {name, text, text2} for scene \"mesh\"" },
  ping: { fields: [], about: "the watchdog's question (web/sim/sim-client.js): any message back is a sign of life" },
  fault: { fields: ['kind'], about: "a fault injected for tests: kind 'hang' or 'crash'" },
};

/** Page → one simulation of a Worker (web/sim/sim-host.js): every one carries `sim` (its id in
 *  the Worker), and `id` when the page waits for the reply. */
export const TO_SIM_FIELDS = {
  build: { fields: ['scene', 'params', 'method', 'dt', 'beta', 'iterations', 'xpbdDamping', 'epoch'],
    reply: ['status', 'error', 'paramError', 'body', 'pins', 'params', 'totalMass', 'phase', 'iterations', 'xpbdDamping'] },
  method: { fields: ['method', 'dt', 'beta', 'epoch'], reply: ['status', 'error'] },
  iterations: { fields: ['iterations', 'epoch'], reply: ['status', 'error', 'iterations'] },
  xpbdDamping: { fields: ['xpbdDamping', 'epoch'], reply: ['status', 'error', 'xpbdDamping'] },
  reset: { fields: ['epoch'] },
  save: { fields: [], reply: ['t', 'x', 'v', 'energy0', 'pins'] },
  restore: { fields: ['t', 'x', 'v', 'energy0', 'epoch'], reply: ['status', 'error'] },
  target: { fields: ['t'] },
  hold: { fields: [] },
  inspect: { fields: ['node'], reply: ['inspection'] },
  input: { fields: ['event'], reply: ['grabbed', 'pins'] },
  pins: { fields: ['pins'], reply: ['pins'] },
  replay: { fields: ['events'] },
  frames: { fields: ['on'] },
  field: { fields: ['field'] },
  omega: { fields: [], reply: ['omegaMax', 'at', 'now', 'ms', 'held'] },
  findDt: { fields: [], reply: ['dt', 'capped', 'lo', 'runSeconds'], progress: true },
  call: { fields: ['name', 'args'], reply: ['value'] },
  frame: { fields: [], reply: [] },
};

/** Worker → page (web/sim/sim-client.js; frames on to web/panel/panel-run.js). `sim` names the
 *  simulation on all but pong, busy and fatal, which are the Worker's own. */
export const TO_PAGE_FIELDS = {
  pong: { fields: [], about: 'the answer to ping (and: init is done)' },
  busy: { fields: ['ms'], about: "the grace (ms) the watchdog should allow before the Worker's next message" },
  fatal: { fields: ['error'], about: 'the Worker cannot run: every simulation of the page fails (error: a text, or a message {id, params} the page words)' },
  crashed: { fields: ['sim', 'error'], about: "a trap while stepping: the Worker's state is not to be trusted" },
  reply: { fields: ['sim', 'id', 'epoch'], about: 'the answer to a request with an id, and its fields (TO_SIM_FIELDS reply)' },
  frame: { fields: ['sim', 'epoch', 't', 'at', 'replace', 'positions', 'field', 'fieldId', 'plates', 'rotations',
    'samples', 'measures', 'height', 'grabbed', 'stopped', 'verdict', 'inspection', 'steps', 'stepMs',
    'lastStepMs', 'busyMs'], about: 'what the page shows of a state (web/sim/sim-host.js postFrame)' },
  latest: { fields: ['sim', 'epoch', 't'], about: 'how far the stepping got between frames' },
  progress: { fields: ['sim', 'id', 'lo', 'hi', 'trial'], about: "a findDt search's progress" },
};

/** {name: name} of a table above: the names both ends use. */
const names = (table) => Object.freeze(Object.fromEntries(Object.keys(table).map((k) => [k, k])));

export const TO_WORKER = names(TO_WORKER_FIELDS);
export const TO_SIM = names(TO_SIM_FIELDS);
export const TO_PAGE = names(TO_PAGE_FIELDS);
