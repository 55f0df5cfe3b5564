// A Worker that runs the lessons' measurements (lessons/measures.js) in its own wasm
// instance, off the page's main thread. Message in: {id, kind, q}; out: {id, value} or
// {id, error}. A classic worker (softlab.js is a classic script); the ES modules come
// in with import().
importScripts('../softlab.js');

const ready = (async () => {
  const [{ loadLab }, { MEASURES }] = await Promise.all([import('../core/lab-api.js'), import('./measures.js')]);
  // softlab.wasm sits beside softlab.js, one folder up from this worker
  const core = await loadLab({ locateFile: (file) => new URL('../' + file, self.location.href).href });
  return (kind, q) => MEASURES[kind](core, q);
})();

self.onmessage = async (e) => {
  const { id, kind, q } = e.data;
  try {
    const measure = await ready;
    self.postMessage({ id, value: await measure(kind, q) });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
