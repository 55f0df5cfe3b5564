// Sizes of the body from its node positions (Float64Array[3n], m): the chart's height
// range and the grab patch scale with the rest shape; a pan drags on the plane through
// the centroid.

/** Bounding box and its diagonal (m; 1 for a body of one point). */
export function measureBody(x) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < x.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], x[i + c]);
      max[c] = Math.max(max[c], x[i + c]);
    }
  }
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  return { min, max, diagonal };
}

/** y range a chart may show: the box widened by twice its diagonal. */
export function heightLimits(body) {
  return [body.min[1] - 2 * body.diagonal, body.max[1] + 2 * body.diagonal];
}

export function centroid(x) {
  const c = [0, 0, 0];
  for (let i = 0; i < x.length; i += 3) for (let k = 0; k < 3; k++) c[k] += x[i + k];
  const n = Math.max(1, x.length / 3);
  return c.map((v) => v / n);
}
