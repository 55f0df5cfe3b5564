// The course API's refusals and field checks (web/course/course-api.js): a message that is
// not valid in every field is answered with an error and changes nothing.
//
//   Refusal(code, message, extra)   an error answer's code, text and extra fields
//   bad(text)                       throws the bad-field Refusal
//   integerIn(name, lo, hi), oneOf(name, values), finiteList(name, v, max)   field checks:
//                                   each returns the value to use or throws
//   checkFields(spec, data, version)   a message's fields checked against its table entry
//   errorAnswer(err)                the answer {type: 'error', ...} for any error
//   fin(x)                          x if finite, else null (JSON has no NaN or Infinity)

export class Refusal extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }
}

export const bad = (text) => { throw new Refusal('bad-field', text); };

export const fin = (x) => (Number.isFinite(x) ? x : null);

export function integerIn(name, lo, hi) {
  return (v) => (Number.isInteger(v) && v >= lo && v <= hi ? v : bad(`${name} must be a whole number from ${lo} to ${hi}`));
}

export function oneOf(name, values) {
  return (v) => (values.includes(v) ? v : bad(`${name} must be one of ${values.join(', ')}`));
}

export function finiteList(name, v, max) {
  if (!Array.isArray(v) || v.length > max || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    bad(`${name} must be a list of at most ${max} finite numbers`);
  }
  return v;
}

/** The request's fields checked against spec ({fields: {name: check}, required?, check?}):
 *  throws a Refusal, or returns {name: value}. */
export function checkFields(spec, data, version) {
  const fields = Object.create(null); // a field named __proto__ sets nothing
  for (const [key, value] of Object.entries(data)) {
    if (key === 'softlab' || key === 'type' || key === 'id') continue;
    // own fields only: constructor, toString, __proto__ are no fields of a message
    const check = Object.hasOwn(spec.fields, key) ? spec.fields[key] : null;
    if (!check) {
      const known = Object.keys(spec.fields);
      bad(`unknown field “${key.slice(0, 40)}” (${known.length ? 'fields: ' + known.join(', ') : 'this message has no fields'})`);
    }
    fields[key] = check(value);
  }
  for (const key of spec.required || []) if (!(key in fields)) bad(`missing field ${key}`);
  if (spec.check) spec.check(fields, version);
  return fields;
}

/** The error answer {type: 'error', ...} for err (a Refusal, a lost Worker, a failure). */
export function errorAnswer(err) {
  const known = err instanceof Refusal;
  // a Worker lost under the request (web/sim/recovery.js): what it asked for is lost with it
  const code = known ? err.code : err && err.lost ? 'worker-lost' : 'failed';
  const text = known ? err.message : err && err.lost ? `${err.message}; a new one restarted the lab from t = 0 with the same settings: send the message again`
    : `the lab failed: ${err && err.message}`;
  return { type: 'error', ok: false, code, error: text, ...(known ? err.extra : {}) };
}

/** The refusals [{panel, error}] of the lab's controls as one Refusal. */
export function refused(refusals) {
  return new Refusal('refused', refusals.map((r) => `panel ${r.panel}: ${r.error}`).join('; '), { refusals });
}
