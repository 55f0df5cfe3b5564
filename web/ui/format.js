// Number formatting shared by the lab's readouts and controls.

/** v with `digits` decimals, or in exponent form when very small or large; '–' if not finite. */
export function fmt(v, digits = 3) {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toFixed(digits);
}

/** A value in an editable field: 6 significant digits, so that 1/240 s shows as 0.00416667
 *  and fits the field; '' if not finite. The value in use stays the exact one until edited. */
export function fieldText(v) {
  return Number.isFinite(v) ? String(+v.toPrecision(6)) : '';
}

/** A speed as a multiple of real time, e.g. 0.046 or 1.00 (three decimals below 0.1). */
export function fmtSpeed(v) {
  return v < 0.1 ? v.toFixed(3) : v.toFixed(2);
}

/** v to 4 significant digits with an SI prefix for large or small values, e.g. 1.2e6 -> "1.2 M". */
export function si(v) {
  if (!Number.isFinite(v)) return v === Infinity ? '∞' : '–';
  const a = Math.abs(v);
  const prefixes = [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [f, p] of prefixes) if (a >= f) return `${+(v / f).toPrecision(4)} ${p}`;
  return `${+v.toPrecision(4)} `;
}
