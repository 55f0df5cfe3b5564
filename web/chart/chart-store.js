// Storage of the live chart (chart.js), bounded so that a lab left running for an hour
// draws as fast and holds as little as after a minute. Two stores per panel:
//
//   PlotHistory  what is drawn: at most BUCKETS buckets of consecutive samples, each
//                keeping, per quantity, its smallest and its largest value (with their
//                times) and the time of its first gap (a missing or non-finite value).
//                Every bucket holds `span` samples (the last one up to span); when all
//                BUCKETS are full, neighbouring pairs merge and span doubles, so the
//                history always covers the whole run at between BUCKETS/2 and BUCKETS
//                buckets. A bucket is drawn as its min and max in time order (one point
//                if they are one sample) and a break at its gap, so a peak, a spike or
//                a blow-up of a single sample stays on the plot however long the run.
//                Fixed size: quantities × 5 × BUCKETS doubles (655,360 B a panel
//                for 16 quantities).
//   SampleRecord the samples for the CSV: rows of 1 + quantities doubles (136 B), t and
//                each quantity (NaN for a gap), in chunks of CHUNK_ROWS rows allocated as
//                the run goes, at most ROW_LIMIT rows (4.5 MB a panel, 17.8 MB for four).
//                Every sample is kept until ROW_LIMIT; then every other row goes and
//                every stride-th sample is kept from then on, stride doubling each time
//                the record fills, so the CSV covers the whole run at a uniform spacing
//                (as PlotHistory and PhaseTrace do) and the memory stops growing once the
//                record is full: a lab left running keeps its footprint (issue 43: a
//                record of every sample grew the renderer by 16 MB a simulated minute
//                up to 109 MB). The CSV and the chart say when samples were thinned.
//   PhaseTrace   the phase portrait: (q, p) pairs of every span-th sample, at most
//                PHASE_POINTS, span doubling when full (32 KB a panel).

export const BUCKETS = 1024;          // buckets a panel's plotted history holds (even)
export const ROW_LIMIT = 32768;       // rows a panel's CSV record holds (even)
export const CHUNK_ROWS = 4096;       // rows allocated at once by a record

const MIN_T = 0, MIN_V = 1, MAX_T = 2, MAX_V = 3, GAP_T = 4, SLOTS = 5; // per bucket

/** The plotted history of one panel for the quantities `ids` (see the file comment). */
export class PlotHistory {
  constructor(ids) {
    this.ids = ids;
    this.data = ids.map(() => new Float64Array(SLOTS * BUCKETS));
    this.lastV = new Float64Array(ids.length); // the latest sample, drawn at the line's end
    this.clear();
  }

  clear() {
    this.span = 1;   // samples per bucket
    this.buckets = 0; // buckets in use
    this.fill = 0;   // samples in the last bucket
    this.samples = 0;
    this.lastT = NaN;
  }

  /** Appends the sample t (s), values {id: number}; non-finite or missing values are gaps. */
  add(t, values) {
    if (this.buckets === 0 || this.fill === this.span) {
      if (this.buckets === BUCKETS) this.merge();
      const o = SLOTS * this.buckets++;
      for (const d of this.data) {
        d.fill(NaN, o, o + SLOTS);
        d[o + MIN_V] = Infinity;
        d[o + MAX_V] = -Infinity;
      }
      this.fill = 0;
    }
    this.fill++;
    this.samples++;
    const o = SLOTS * (this.buckets - 1);
    this.lastT = t;
    this.ids.forEach((id, q) => {
      const d = this.data[q], v = values[id];
      this.lastV[q] = Number.isFinite(v) ? v : NaN;
      if (!Number.isFinite(v)) {
        if (Number.isNaN(d[o + GAP_T])) d[o + GAP_T] = t;
        return;
      }
      if (v < d[o + MIN_V]) { d[o + MIN_V] = v; d[o + MIN_T] = t; }
      if (v > d[o + MAX_V]) { d[o + MAX_V] = v; d[o + MAX_T] = t; }
    });
  }

  /** Merges buckets 2k and 2k+1 into k: the smaller min, the larger max (the earlier
   *  one on ties), the earlier gap. Called when all BUCKETS are full. */
  merge() {
    for (const d of this.data) {
      for (let k = 0; k < BUCKETS / 2; k++) {
        const a = SLOTS * 2 * k, b = a + SLOTS, o = SLOTS * k;
        const min = d[b + MIN_V] < d[a + MIN_V] ? b : a;
        const max = d[b + MAX_V] > d[a + MAX_V] ? b : a;
        const gap = Number.isNaN(d[a + GAP_T]) ? d[b + GAP_T] : d[a + GAP_T];
        d[o + MIN_T] = d[min + MIN_T]; d[o + MIN_V] = d[min + MIN_V];
        d[o + MAX_T] = d[max + MAX_T]; d[o + MAX_V] = d[max + MAX_V];
        d[o + GAP_T] = gap;
      }
    }
    this.buckets = BUCKETS / 2;
    this.span *= 2;
    this.fill = this.span;
  }

  /** The points to draw of quantity q (index into ids): [times, values], a gap as null;
   *  times ascending. At most 3 points a bucket, usually 1 or 2, and the latest sample
   *  (so the line ends at the current value). */
  points(q) {
    const d = this.data[q], ts = [], vs = [];
    const bucket = [];
    for (let k = 0; k < this.buckets; k++) {
      const o = SLOTS * k;
      bucket.length = 0;
      if (!Number.isNaN(d[o + MIN_T])) bucket.push([d[o + MIN_T], d[o + MIN_V]]);
      if (!Number.isNaN(d[o + MAX_T]) && d[o + MAX_T] !== d[o + MIN_T]) bucket.push([d[o + MAX_T], d[o + MAX_V]]);
      if (!Number.isNaN(d[o + GAP_T])) bucket.push([d[o + GAP_T], null]);
      if (k === this.buckets - 1 && !bucket.some(([t]) => t === this.lastT)) {
        bucket.push([this.lastT, Number.isNaN(this.lastV[q]) ? null : this.lastV[q]]);
      }
      if (bucket.length > 1) bucket.sort((a, b) => a[0] - b[0]);
      for (const [t, v] of bucket) { ts.push(t); vs.push(v); }
    }
    return [ts, vs];
  }

  /** Every finite value drawn for quantity q (each bucket's min and max), appended to out. */
  extremes(q, out) {
    const d = this.data[q];
    for (let k = 0; k < this.buckets; k++) {
      const o = SLOTS * k;
      if (!Number.isNaN(d[o + MIN_T])) out.push(d[o + MIN_V], d[o + MAX_V]);
    }
    return out;
  }

  get bytes() {
    return this.data.reduce((n, d) => n + d.byteLength, 0);
  }
}

/** The samples of one panel for the CSV, at most ROW_LIMIT rows (see the file comment):
 *  row k is [t, values of ids...], NaN for a gap; every stride-th sample since clear. */
export class SampleRecord {
  constructor(ids) {
    this.ids = ids;
    this.width = 1 + ids.length; // doubles a row
    this.clear();
  }

  clear() {
    this.chunks = [];
    this.rows = 0;     // rows kept
    this.samples = 0;  // samples since clear
    this.stride = 1;   // samples per kept row
  }

  /** Samples taken but not in the record (thinned out). */
  get dropped() {
    return this.samples - this.rows;
  }

  add(t, values) {
    const k = this.samples++;
    if (k % this.stride !== 0) return;
    if (this.rows === ROW_LIMIT) this.thin();
    const c = Math.floor(this.rows / CHUNK_ROWS);
    if (c === this.chunks.length) this.chunks.push(new Float64Array(CHUNK_ROWS * this.width));
    const row = this.chunks[c], o = (this.rows % CHUNK_ROWS) * this.width;
    row[o] = t;
    this.ids.forEach((id, q) => {
      const v = values[id];
      row[o + 1 + q] = Number.isFinite(v) ? v : NaN;
    });
    this.rows++;
  }

  /** Keeps rows 0, 2, 4, ... (moved to 0, 1, 2, ...) and doubles the stride; the chunks
   *  stay allocated for the rows to come. Called when the record is full: the sample
   *  being added (index ROW_LIMIT × old stride) is a multiple of the new stride. */
  thin() {
    const w = this.width;
    for (let j = 1; j < ROW_LIMIT / 2; j++) { // row 2j to j: ascending, no source is overwritten first
      const src = this.chunks[Math.floor(2 * j / CHUNK_ROWS)], so = (2 * j % CHUNK_ROWS) * w;
      this.chunks[Math.floor(j / CHUNK_ROWS)].set(src.subarray(so, so + w), (j % CHUNK_ROWS) * w);
    }
    this.rows = ROW_LIMIT / 2;
    this.stride *= 2;
  }

  /** Row k as a fresh array [t, ...values] (NaN for a gap). */
  row(k) {
    const o = (k % CHUNK_ROWS) * this.width;
    return Array.from(this.chunks[Math.floor(k / CHUNK_ROWS)].subarray(o, o + this.width));
  }

  /** Time (s) of the last row kept, or NaN. */
  get lastT() {
    return this.rows ? this.row(this.rows - 1)[0] : NaN;
  }

  get bytes() {
    return this.chunks.reduce((n, c) => n + c.byteLength, 0);
  }
}

export const PHASE_POINTS = 2048;     // points a panel's phase portrait holds (even)

/** The phase portrait of one panel: pairs (q, p) of one sample each, every span-th sample
 *  of the run, at most PHASE_POINTS; when full, every other pair goes and span doubles,
 *  so the trace covers the whole run at a bounded drawing cost (as PlotHistory does).
 *  Pairs are samples as taken, not a bucket's extremes: q and p must be of one time.
 *  A non-finite q or p is a gap. */
export class PhaseTrace {
  constructor() {
    this.q = new Float64Array(PHASE_POINTS);
    this.p = new Float64Array(PHASE_POINTS);
    this.clear();
  }

  clear() {
    this.n = 0;        // pairs kept
    this.span = 1;     // samples per kept pair
    this.samples = 0;  // samples since clear
    this.last = null;  // the latest pair, drawn at the trace's end
  }

  add(q, p) {
    const k = this.samples++;
    this.last = [q, p];
    if (k % this.span !== 0) return;
    if (this.n === PHASE_POINTS) {
      for (let j = 0; j < PHASE_POINTS / 2; j++) { this.q[j] = this.q[2 * j]; this.p[j] = this.p[2 * j]; }
      this.n = PHASE_POINTS / 2;
      this.span *= 2;
      if (k % this.span !== 0) return;
    }
    this.q[this.n] = q;
    this.p[this.n++] = p;
  }

  /** [qs, ps] to draw, a gap as null, ending at the latest sample. */
  points() {
    const qs = [], ps = [];
    const push = (q, p) => {
      const ok = Number.isFinite(q) && Number.isFinite(p);
      qs.push(ok ? q : null);
      ps.push(ok ? p : null);
    };
    for (let j = 0; j < this.n; j++) push(this.q[j], this.p[j]);
    if (this.last && (this.samples - 1) % this.span !== 0) push(...this.last);
    return [qs, ps];
  }

  get bytes() {
    return this.q.byteLength + this.p.byteLength;
  }
}
