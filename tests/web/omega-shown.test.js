// The stability meter's ω_max describes the state on screen (issue 27): a computed-ahead
// panel (web/time/clock.js) shows a state behind its Worker's, and the Worker's ω_max readings
// come from its own, later state. PanelRun (web/panel/panel-run.js) in node with a model client:
// the meter's reading is the latest one the Worker took at or before the shown time.
// Seen before the fix: the torus's regularized panel said "linearized at t = 0.77 s" while
// it showed t = 0.60 s.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

// from the staged site, where web/core/api-signatures.js (generated) sits beside web/core/lab-api.js
const { SITE } = require('./harness');
const loadPanelRun = async () => (await import(pathToFileURL(path.join(SITE, 'panel/panel-run.js')).href)).PanelRun;

/** A client whose omega request answers with the next of `replies` ({omegaMax, at, now, held}). */
function modelClient(replies) {
  return {
    request(kind) {
      assert.strictEqual(kind, 'omega');
      return Promise.resolve({ ms: 1, held: '', ...replies.shift() });
    },
    send() {},
  };
}

/** The page's callbacks (web/panel/panel.js): none needed here but omega. */
const callbacks = (omega = () => {}) => ({ omega, samples() {}, shown() {}, diverged() {}, changed() {}, body() {}, failed() {} });

test('the meter reads the ω_max taken at or before the shown time, not the Worker\'s latest', async () => {
  const PanelRun = await loadPanelRun();
  const client = modelClient([
    { omegaMax: 100, at: 0, now: 0 },
    { omegaMax: 130, at: 0.4, now: 0.4 },
    { omegaMax: 170, at: 0.77, now: 0.77 },
  ]);
  const told = [];
  const run = new PanelRun(client, 'onering-torus-drop', { method: 'regularized', dt: 0.001 }, callbacks(() => told.push(run.omegaAt)));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  // the Worker's three readings arrive while the shown state is still at t = 0.2 s
  run.frames = [{ t: 0.2, at: 0.2, samples: [] }, { t: 0.6, at: 0.6, samples: [] }, { t: 0.8, at: 0.8, samples: [] }];
  run.showAt(0.2, true);
  for (let i = 0; i < 3; i++) { run.requestOmega(); await settle(); }
  assert.strictEqual(run.omegaMax, 100, 'shown t = 0.2 s: the reading at rest, the only one not ahead');
  assert.strictEqual(run.omegaAt, 0);
  assert.strictEqual(run.omegaRest, 100);
  run.showAt(0.6, true);
  assert.deepStrictEqual([run.omegaMax, run.omegaAt], [130, 0.4], 'shown t = 0.6 s: the reading at 0.4 s, not 0.77 s');
  run.showAt(0.8, true);
  assert.deepStrictEqual([run.omegaMax, run.omegaAt], [170, 0.77]);
  // each reply told the page; showing a time that changes the reading tells it again
  assert.deepStrictEqual(told, [0, 0, 0, 0.4, 0.77]);
});

test('a held reading (after the Worker\'s run diverged) is shown only once the divergence is', async () => {
  const PanelRun = await loadPanelRun();
  const client = modelClient([
    { omegaMax: 563, at: 0, now: 0 },
    // the Worker diverged at 0.15 s: it answers with the estimate at rest, held, at its t
    { omegaMax: 563, at: 0, now: 0.15, held: 'diverged' },
  ]);
  const run = new PanelRun(client, 'swinging-cube', { method: 'symplectic-euler', dt: 0.05 }, callbacks());
  run.frames = [{ t: 0.05, at: 0.05, samples: [] }, { t: 0.15, at: 0.15, samples: [] }];
  run.showAt(0.05, true);
  run.requestOmega(); await new Promise((r) => setImmediate(r));
  run.requestOmega(); await new Promise((r) => setImmediate(r));
  assert.strictEqual(run.omegaHeld, '', 'at 0.05 s the shown run has not diverged');
  run.showAt(0.15, true);
  assert.strictEqual(run.omegaHeld, 'diverged');
});

test('a new run\'s reading at rest replaces the old run\'s readings', async () => {
  const PanelRun = await loadPanelRun();
  const client = modelClient([{ omegaMax: 100, at: 0, now: 0 }, { omegaMax: 150, at: 1, now: 1 }, { omegaMax: 90, at: 0, now: 0 }]);
  const run = new PanelRun(client, 'swinging-cube', { method: 'regularized', dt: 0.01 }, callbacks());
  run.frames = [{ t: 1, at: 1, samples: [] }];
  run.showAt(1, true);
  for (let i = 0; i < 3; i++) { run.requestOmega(); await new Promise((r) => setImmediate(r)); }
  assert.deepStrictEqual(run.omegas.map((o) => o.omegaMax), [90]);
  assert.strictEqual(run.omegaMax, 90);
});
