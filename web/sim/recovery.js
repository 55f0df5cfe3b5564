// What the lab does when a simulation Worker is lost (issue 43; web/sim/sim-client.js finds
// it: a crash, Worker.terminate() or an out-of-memory kill, or a Worker that stops
// answering): its panels say so at once; the pool has started a new Worker, where each
// of them is built again with the settings it had (scene, parameters, stepper, Δt, β,
// pins); then the whole lab is reset to t = 0, as the Reset button does (the page keeps
// no whole state to resume from, and the panels of a comparison are shown at one time),
// and a notice and each panel's state line say what happened. Requests the lost Worker
// had not answered fail with WorkerLost (the course API answers them with the error
// code `worker-lost`); settled() waits for the recovery.

import { t } from '../ui/messages.js';

/** "panels 1 and 4" of panels (web/panel/panel.js Panel). */
function named(panels) {
  const n = panels.map((p) => p.index + 1);
  const list = n.slice(0, -1).join(', ');
  return n.length === 1 ? t('inspector.panel', { panel: n[0] }) : t('recovery.panels', { list, last: n[n.length - 1] });
}

/**
 * Handles pool's lost Workers for panels. parts: {resetAll(), notice(text), announce(text)}
 * (resetAll: the Reset button's; it is made after the panels, so it is read when needed).
 * Returns {recovering(): a promise that resolves once no recovery is under way}.
 */
export function watchWorkers(pool, panels, parts) {
  let recovery = Promise.resolve();
  let pending = 0;
  pool.onLost = ({ clients, why, restarted }) => {
    const lost = panels.filter((p) => clients.includes(p.run.client));
    if (!lost.length) return;
    for (const p of lost) p.markDirty();
    const who = named(lost);
    if (!restarted) {
      parts.notice(t('recovery.given_up', { who, why }));
      return;
    }
    parts.announce(t('recovery.restarting', { who, why }));
    // the builds are sent now, before any later request to the new Worker
    const builds = lost.map((p) => p.run.rebuild().catch((err) => {
      p.run.fail(t('recovery.rebuild_failed', { why, error: err.message }));
    }));
    pending++;
    recovery = Promise.all([recovery, ...builds]).then(() => {
      if (--pending > 0) return; // another loss came meanwhile: its recovery resets
      parts.resetAll();
      for (const p of lost) if (!p.run.client.failed) p.page.flash(t('recovery.flash', { why }));
      parts.notice(t('recovery.restarted', { who, why }));
    });
  };
  return { recovering: () => recovery };
}
