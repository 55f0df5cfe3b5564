// Choosing what the lab shows: a scene from the core's table, or the user's own mesh
// (file picker or drag and drop). A choice reloads the page with ?scene=..., so every
// view stays a URL; a user's mesh travels through sessionStorage, never the URL.

import { loadMeshText } from '../core/mesh-text.js';
import { onChosen } from '../ui/choose.js';
import { t } from '../ui/messages.js';

const KEY = 'softlab-user-mesh';
const MAX_BYTES = 4e6; // sessionStorage holds about 5 MB

/** Fills select with the scenes (and the current one, e.g. a user's mesh, if it is
 *  not in the table) and reloads on a change. */
export function bindScenePicker(select, scenes, current) {
  const all = scenes.some((s) => s.name === current.name) ? scenes : [...scenes, current];
  for (const s of all) {
    const opt = document.createElement('option');
    opt.value = s.name;
    opt.textContent = s.title;
    select.append(opt);
  }
  select.value = current.name;
  onChosen(select, () => {
    location.search = '?' + new URLSearchParams({ scene: select.value }).toString();
  });
}

const ext = (name) => (name.match(/\.[^.]+$/) || [''])[0].toLowerCase();

/** Reads chosen files into {name, text, text2}; throws an Error with a plain message. */
async function readMeshFiles(files) {
  const list = [...files];
  const size = list.reduce((s, f) => s + f.size, 0);
  if (size > MAX_BYTES) throw new Error(t('lab.mesh_too_large', { mb: (size / 1e6).toFixed(1), max: String(MAX_BYTES / 1e6) }));
  const node = list.find((f) => ext(f.name) === '.node'), ele = list.find((f) => ext(f.name) === '.ele');
  if (node || ele) {
    if (!node || !ele) throw new Error(t('lab.mesh_tetgen_pair'));
    return { name: node.name.replace(/\.node$/i, ''), text: await node.text(), text2: await ele.text() };
  }
  const one = list.find((f) => ['.msh', '.mesh'].includes(ext(f.name)));
  const names = list.map((f) => f.name).join(', ');
  if (!one) throw new Error(t('lab.mesh_format', { files: names }));
  return { name: one.name, text: await one.text(), text2: '' };
}

/** The material of the user-mesh scene (src/scenes/user_mesh.c) that a seed-001 scene hands on. */
const MESH_MATERIAL = ['young_modulus', 'poisson_ratio', 'density', 'gravity'];

/** File input and drag and drop on target: stores the mesh and reloads as scene=mesh.
 *  scene: the scene shown (lab-api.js scene: name, defaults, defaultDt; a user mesh's has
 *  mesh); core: the page's wasm instance (lab-api.js), which reads a file before it is kept;
 *  dts(): each panel's Δt (s) now, or null before the lab runs. */
export function bindMeshLoader(input, target, onError, scene, core, dts = () => null) {
  const take = async (files) => {
    try {
      const mesh = await readMeshFiles(files);
      // read by the core before it replaces the stored mesh: a bad file after a good one
      // leaves the good one (shown, and in this tab's storage) and says why it was refused
      const { status, message, parts } = loadMeshText(core, mesh);
      if (status !== 0) {
        // the reader's reason in the page's language (the core's ids), its English else
        const why = parts.length ? parts : message;
        onError(scene.mesh ? t('notice.mesh_load_failed_kept', { error: why, name: scene.mesh.name }) : t('notice.mesh_load_failed', { error: why }));
        return;
      }
      sessionStorage.setItem(KEY, JSON.stringify(mesh));
      // keep the panels' steppers; Δt and parameters start at the mesh scene's defaults,
      // except that a mesh loaded over one of seed 001's scenes runs that experiment with
      // the scene's panels, Δt and material (as set, or the scene's defaults)
      const now = new URLSearchParams(location.search), next = new URLSearchParams({ scene: 'mesh' });
      // seed 001's scenes run their experiment on the mesh (sl_scene_class.mesh_experiment:
      // 1 drop, 2 squeeze, 3 cantilever, the URL's choice index)
      const experiment = scene.meshExperiment;
      for (const key of experiment ? ['methods', 'onering', 'dt', ...MESH_MATERIAL] : ['methods']) {
        const value = now.get(key) ?? (key === 'dt' ? scene.defaultDt : scene.defaults[key]);
        if (value != null) next.set(key, String(value));
      }
      // a panel whose Δt was chosen for its stepper (not the scene's default) keeps it: the
      // mesh scene's one default (0.01 s) made e.g. an explicit panel at 0.5 ms diverge at
      // once; a panel at the scene's default gets the mesh scene's
      const shown = dts();
      if (!experiment && shown && shown.some((dt) => dt !== scene.defaultDt)) {
        next.set('dt', shown.map((dt) => +(dt === scene.defaultDt ? core.userMesh.defaultDt : dt).toPrecision(6)).join(','));
      }
      if (experiment) next.set('experiment', String(experiment));
      // how the lab is shown stays: compact, who may drive it, live or computed ahead
      for (const key of ['embed', 'origins', 'playback', 'hide', 'lock']) if (now.has(key)) next.set(key, now.get(key));
      location.search = '?' + next.toString().replace(/%2C/g, ',');
    } catch (err) {
      onError(t('notice.mesh_load_failed', { error: err.message }));
    }
  };
  input.addEventListener('change', () => input.files.length && take(input.files));
  target.addEventListener('dragover', (e) => { e.preventDefault(); target.classList.add('dropping'); });
  target.addEventListener('dragleave', () => target.classList.remove('dropping'));
  target.addEventListener('drop', (e) => {
    e.preventDefault();
    target.classList.remove('dropping');
    if (e.dataTransfer.files.length) take(e.dataTransfer.files);
  });
}

/** The stored user mesh as a pseudo-scene ({..., mesh: its text for the simulation
 *  Workers}), or null (with notice(text) saying why). */
export function loadUserMesh(core, notice) {
  const stored = sessionStorage.getItem(KEY);

  if (stored === null) {
    // a link cannot carry the file (it stays in the tab that loaded it): say so, and how
    notice(t('lab.mesh_link_without_file'));
    return null;
  }
  // anything stored that is not {name, text, text2} of strings is dropped, with a notice,
  // so a damaged entry never stops the lab (nor comes back on the next load)
  let mesh = null;
  try { mesh = JSON.parse(stored); } catch { /* not JSON */ }
  const valid = mesh && typeof mesh === 'object' && typeof mesh.text === 'string' &&
    (mesh.name === undefined || typeof mesh.name === 'string') &&
    (mesh.text2 === undefined || typeof mesh.text2 === 'string');
  if (!valid) {
    sessionStorage.removeItem(KEY);
    notice(t('lab.mesh_stored_damaged'));
    return null;
  }
  mesh = { name: mesh.name || 'mesh', text: mesh.text, text2: mesh.text2 || '' };
  const { status, message, parts } = loadMeshText(core, mesh);
  if (status !== 0) {
    sessionStorage.removeItem(KEY);
    notice(t('notice.mesh_read_failed', { error: parts.length ? parts : message }));
    return null;
  }
  if (message) notice(`${mesh.name}: ${message}`, 'info');
  // the user-mesh scene of the core's tables (src/scenes/user_mesh.c), with this mesh
  return { ...core.userMesh, title: `${core.userMesh.title}: ${mesh.name}`, mesh };
}
