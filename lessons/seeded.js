// A question's set-up picked per student (issue 45 item 3): a lesson question may vary its
// Δt or a scene parameter over a stated list of values (```question … vary-NAME: …, the
// README's "Writing a lesson"); a seed, one per student, picks one value of each list, the
// same one every time. The seed comes from the lesson's URL (?seed=…, a course page's
// link) or from the course platform's learner id (SCORM 1.2 cmi.core.student_id, hashed).
// Without a seed nothing varies: the question keeps the set-up written in its block.
// The page shows the picked set-up, never the answer: lesson.js asks the simulation for
// that (lessons/measures.js, the core's own run) with the picked set-up.
// Pure functions of text and numbers, so the build (tools/build_lessons.js) and the tests
// read lists and picks exactly as the page does.

/** A seed as written in a URL: 1 to 64 letters, digits, '-', '_' or '.'; anything else is
 *  not a seed (the lesson keeps its written set-up). */
export const SEED_PATTERN = /^[\w.-]{1,64}$/;

/** FNV-1a, 32 bits, of text's UTF-16 code units: a fixed, documented hash (Fowler, Noll,
 *  Vo), so a grader can recompute a pick from the seed alone. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The seed of a lesson URL's query (?seed=…), or null when absent or malformed. */
export function urlSeed(search) {
  const s = new URLSearchParams(search).get('seed');
  return s !== null && SEED_PATTERN.test(s) ? s : null;
}

/** The seed of a course platform's learner id (cmi.core.student_id): "L" and its hash in
 *  base 36, so the id itself is neither shown nor kept. Null for an empty id. */
export function learnerSeed(id) {
  const text = String(id ?? '').trim();
  return text ? `L${hash32(text).toString(36)}` : null;
}

/** The values of a `vary-NAME:` line, ascending and distinct: "0.03..0.07 step 0.005"
 *  (from, to, step; the end included when the steps reach it) or a comma list
 *  "5e4, 1e5, 2e5". Throws an Error saying what it could not read. */
export function varyValues(text) {
  const range = /^\s*(\S+)\s*\.\.\s*(\S+)\s+step\s+(\S+)\s*$/.exec(text);
  let values;
  if (range) {
    const [from, to, step] = range.slice(1).map(Number);
    if (![from, to, step].every(Number.isFinite) || !(step > 0) || !(to > from)) throw new Error(`cannot read the range "${text}" (write FROM..TO step S, FROM < TO, S > 0)`);
    const n = Math.floor((to - from) / step + 1e-9);
    if (n > 1000) throw new Error(`the range "${text}" has more than 1000 values`);
    // each value from its index, rounded to the step's digits: 0.03 + 3 × 0.005 is 0.045, not 0.045000000000000005
    const digits = Math.max(0, ...[from, step].map((x) => (String(x).split('.')[1] || '').length));
    values = Array.from({ length: n + 1 }, (_, i) => Number((from + i * step).toFixed(Math.min(digits + 2, 20))));
  } else {
    values = text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
    if (!values.length || !values.every(Number.isFinite)) throw new Error(`cannot read "${text}" (write FROM..TO step S or a list a, b, c)`);
  }
  values = [...new Set(values)].sort((a, b) => a - b);
  if (values.length < 2) throw new Error(`"${text}" gives fewer than two values: nothing would vary`);
  return values;
}

/** The set-up seed picks for one question: {NAME: value} from vary ({NAME: [values]}),
 *  each value values[hash32(`${seed}/${key}/${NAME}`) mod count]; key names the question
 *  ("000-Q2": lesson and question), so two questions pick independently. {} without a seed. */
export function pickSetup(seed, key, vary) {
  if (seed === null || seed === undefined) return {};
  return Object.fromEntries(Object.entries(vary).map(([name, values]) => [name, values[hash32(`${seed}/${key}/${name}`) % values.length]]));
}

/** A set-up value as the page prints it: the shortest text that reads back as the value
 *  (1e5 as 100000, 0.045 as 0.045), exponents written ×10ⁿ. */
export function valueText(x) {
  const s = String(x);
  const m = /^(-?[\d.]+)e([+-]?\d+)$/.exec(s);
  if (!m) return s;
  const sup = { '-': '⁻', '+': '', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
  return `${m[1]}×10${[...m[2]].map((c) => sup[c]).join('')}`;
}
