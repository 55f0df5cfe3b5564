// The user's mesh text into a wasm instance's user-mesh scene (sl_api_mesh_load): the
// page's instance (for its tables) and each simulation Worker's own (web/sim-worker.js)
// load the same text. No DOM here.

/** Copies text into wasm memory; returns [pointer, bytes] (free the pointer). */
function toHeap(core, text) {
  const bytes = new TextEncoder().encode(text);
  const p = core.api.alloc(bytes.length + 1);
  if (!p) throw new Error('out of memory');
  core.Module.HEAPU8.set(bytes, p); // read HEAPU8 after alloc: memory may have grown
  core.Module.HEAPU8[p + bytes.length] = 0;
  return [p, bytes.length];
}

/** Loads mesh {name, text, text2 (TetGen .ele, or '')} as scene "mesh"; returns
 *  {status (0: read), message (why not, or a note about what was read), parts (the same as
 *  the core's ids and parameters, for t(): sl_api_last_error_message)}. */
export function loadMeshText(core, mesh) {
  const [p1, n1] = toHeap(core, mesh.text);
  const [p2, n2] = mesh.text2 ? toHeap(core, mesh.text2) : [0, 0];
  const status = core.api.mesh_load(String(mesh.name).slice(0, 100), p1, n1, p2, n2);
  const message = core.api.last_error();
  const parts = JSON.parse(core.api.last_error_message());
  core.api.free(p1);
  if (p2) core.api.free(p2);
  return { status, message, parts };
}
