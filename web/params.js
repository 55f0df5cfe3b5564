// URL parameters of the lab, validated against the core's tables. Nothing from the
// URL is ever inserted as HTML: problems come back as plain-text notices.
//
//   ?scene=swinging-cube&methods=symplectic-euler,implicit-euler,regularized&dt=0.05
//   methods: 1-4 stepper names, comma-separated; dt: one value for all panels or one
//   per panel (comma-separated), seconds, 0 < dt <= 1.

export const MAX_PANELS = 4;
const DEFAULT_METHODS = ['symplectic-euler', 'implicit-euler', 'regularized']; // seed 000 Fig. 2
const MAX_PARAM_LENGTH = 300;

/** Shortens a user-supplied string for display in a notice. */
function shown(s) {
  const t = String(s);
  return t.length > 40 ? t.slice(0, 40) + '…' : t;
}

export function validDt(dt) {
  return Number.isFinite(dt) && dt > 0 && dt <= 1;
}

/**
 * @param {URLSearchParams} query
 * @param {{name:string, defaultMethod:string, defaultDt:number}[]} scenes
 * @param {{name:string}[]} steppers
 * @returns {{scene:object, panels:{method:string, dt:number}[], notices:string[]}}
 */
export function parseParams(query, scenes, steppers) {
  const notices = [];
  const get = (key) => {
    const v = query.get(key);
    if (v !== null && v.length > MAX_PARAM_LENGTH) {
      notices.push(`The “${key}” parameter is too long and was ignored.`);
      return null;
    }
    return v;
  };
  const stepperNames = new Set(steppers.map((s) => s.name));

  let scene = scenes[0];
  const sceneName = get('scene');
  if (sceneName !== null && sceneName !== '') {
    const found = scenes.find((s) => s.name === sceneName);
    if (found) scene = found;
    else notices.push(`Unknown scene “${shown(sceneName)}”; showing “${scene.name}” instead.`);
  }

  let methods = [];
  const methodList = get('methods');
  if (methodList !== null && methodList.trim() !== '') {
    for (const raw of methodList.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      if (stepperNames.has(name)) methods.push(name);
      else notices.push(`Unknown stepper “${shown(name)}” was left out. Known: ${[...stepperNames].join(', ')}.`);
    }
    if (methods.length > MAX_PANELS) {
      notices.push(`At most ${MAX_PANELS} panels; the first ${MAX_PANELS} steppers are shown.`);
      methods = methods.slice(0, MAX_PANELS);
    }
  }
  if (methods.length === 0) {
    methods = DEFAULT_METHODS.filter((m) => stepperNames.has(m));
    if (methods.length === 0) methods = [scene.defaultMethod];
    if (methodList !== null && methodList.trim() !== '') notices.push('No known stepper in “methods”; showing the default comparison.');
  }

  let dts = methods.map(() => scene.defaultDt);
  const dtText = get('dt');
  if (dtText !== null && dtText.trim() !== '') {
    const values = dtText.split(',').map((s) => Number(s.trim()));
    if (values.length !== 1 && values.length !== methods.length) {
      notices.push(`“dt” needs one value or one per panel (${methods.length}); using ${scene.defaultDt} s.`);
    } else if (!values.every(validDt)) {
      notices.push(`“dt” must be a number of seconds with 0 < dt ≤ 1 (got “${shown(dtText)}”); using ${scene.defaultDt} s.`);
    } else {
      dts = methods.map((_, i) => (values.length === 1 ? values[0] : values[i]));
    }
  }
  return { scene, panels: methods.map((method, i) => ({ method, dt: dts[i] })), notices };
}

/** The query string that reproduces the current lab. */
export function makeQuery(sceneName, panels) {
  const q = new URLSearchParams();
  q.set('scene', sceneName);
  q.set('methods', panels.map((p) => p.method).join(','));
  const dts = panels.map((p) => String(+p.dt.toPrecision(6)));
  q.set('dt', dts.every((d) => d === dts[0]) ? dts[0] : dts.join(','));
  return '?' + q.toString().replace(/%2C/g, ',');
}
