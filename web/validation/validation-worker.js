// The Worker of validation.html: runs one claim at a time in its own wasm instance (a row
// takes up to a few seconds), off the page's main thread. In: {type: 'list'} or
// {type: 'run', index}; out: {type: 'list', claims} or {type: 'result', index, ...} or
// {type: 'error', index, message}. A classic worker: softlab.js is a classic script; the
// ES modules come in with import().
importScripts('../softlab.js');

const ready = (async () => {
  const { loadLab, LAYOUT } = await import('../core/lab-api.js');
  // softlab.wasm sits beside softlab.js, one folder up from this worker
  const core = await loadLab({ locateFile: (file) => new URL('../' + file, self.location.href).href });
  return { api: core.api, LAYOUT };
})();

function list({ api, LAYOUT }) {
  const T = LAYOUT.CLAIM_TEXT, N = LAYOUT.CLAIM_NUMBER;
  return Array.from({ length: api.claim_count() }, (_, i) => ({
    index: i, id: api.claim_text(i, T.ID), source: api.claim_text(i, T.SOURCE), claim: api.claim_text(i, T.CLAIM),
    setup: api.claim_text(i, T.SETUP), lab: api.claim_text(i, T.LAB), quantity: api.claim_text(i, T.QUANTITY),
    unit: api.claim_text(i, T.UNIT), relation: api.claim_text(i, T.RELATION), paperTitle: api.claim_text(i, T.PAPER),
    paperKind: api.claim_text(i, T.PAPER_KIND), paperWhere: api.claim_text(i, T.PAPER_WHERE),
    referenceKind: api.claim_text(i, T.REFERENCE_KIND), setupDiffers: api.claim_text(i, T.SETUP_DIFFERS),
    seed: api.claim_number(i, N.SEED), paper: api.claim_number(i, N.PAPER), quick: !!api.claim_number(i, N.QUICK),
  }));
}

function run({ api, LAYOUT }, index) {
  const R = LAYOUT.RESULT, P = LAYOUT.REPORT;
  if (api.claim_run(index) !== 0) throw new Error(api.last_error());
  return {
    measured: api.claim_result(R.MEASURED), reference: api.claim_result(R.REFERENCE),
    verdict: api.claim_result(R.VERDICT), seconds: api.claim_result(R.SECONDS),
    paperTolerance: api.claim_result(R.PAPER_TOLERANCE), paperMargin: api.claim_result(R.PAPER_MARGIN),
    referenceTolerance: api.claim_result(R.REFERENCE_TOLERANCE), referenceMargin: api.claim_result(R.REFERENCE_MARGIN),
    verdictName: api.claim_result_text(P.VERDICT), why: api.claim_result_text(P.WHY),
    referenceHow: api.claim_result_text(P.REFERENCE_HOW), note: api.claim_result_text(P.NOTE),
  };
}

self.onmessage = async (e) => {
  const { type, index } = e.data;
  try {
    const core = await ready;
    if (type === 'list') self.postMessage({ type, claims: list(core) });
    else if (type === 'run') self.postMessage({ type: 'result', index, ...run(core, index) });
  } catch (err) {
    self.postMessage({ type: 'error', index, message: String(err && err.message ? err.message : err) });
  }
};
