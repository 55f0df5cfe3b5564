#!/usr/bin/env bash
# `make bench`: benchmarks, each measured natively and as wasm in one run so that their
# ratios are measured on the same machine state. Never a test.
#   shapes  issue 11's table: the regularized stepper on the scenes perf-block and
#           perf-beam at about 2,500 / 5,000 / 10,000 / 20,000 tets, native (`softlab
#           bench --shapes`, default linear solver) against wasm in headless Chromium,
#           stepped in a Web Worker as the lab steps (tools/bench_browser.js --shapes);
#           SHAPE_STEPS steps each (default 100); then the Schur form at the sizes where
#           it runs (40 / 135 / 320 tets), SCHUR_STEPS steps each (default 20)
#   warp    issue 16: linear FEM, stiffness warping (element, vertex) and Green-strain FEM
#           on warp-bar and warp-tube, native, ms/step and ratios to linear FEM from one
#           run (`softlab bench --warp`); WARP_STEPS steps each (default 200)
#   scenes  every scene x stepper: native, wasm under node and wasm in Chromium (one
#           step per API call); STEPS steps each (default 500), the fastest of 3 runs; then seed 000 Fig. 11
#   defaults  issue 27 (`make bench`'s default part): every scene's opening comparison
#           (its default_view; SCENES=a,b for some): per panel its stepper, dt, nodes/tets,
#           wall ms per step natively (`softlab bench --defaults`: the fastest of 3
#           consecutive NATIVE_SECONDS windows from the start, default 0.4 s) and in the
#           page's Worker (its perf readout, the fastest 1 s window), and per scene the
#           page's real-time factor over WINDOW seconds (default 8) once running and the
#           time from navigation to running, in headless Chromium with WebGL off
#           (tools/bench_page.js); compared with tools/bench_baseline.json, a scene over
#           1.5x slower flagged (tools/bench_table.js); written to BUILD/bench/scenes.json
#           then the recorded scenes (web/time/recordings.js) opened with their recording: start and
#           the playback's real-time factor beside live (tools/bench_recorded.js); without SCENES,
#           then seed 001's squeeze toward 1.1 %, fixed against adaptive step (softlab bench --squeeze, 15 s)
#   flood   issue 43: a course page's hello behind 10,000 get-state messages, the lab against
#           a stub listener that only answers hello, alternately in one run (tools/bench_flood.js)
# Usage: tools/bench.sh [BUILD] [defaults|all|shapes|warp|scenes|flood]   (BUILD/softlab and BUILD/site built)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
PART=${2:-defaults}
NATIVE_SECONDS=${NATIVE_SECONDS:-0.4}
WINDOW=${WINDOW:-8}
STEPS=${STEPS:-500}
SHAPE_STEPS=${SHAPE_STEPS:-100}
SCHUR_STEPS=${SCHUR_STEPS:-20}
WARP_STEPS=${WARP_STEPS:-200}

shapes() {
  local native="$BUILD/bench-shapes-native.txt" chromium="$BUILD/bench-shapes-chromium.txt"
  "$BUILD/softlab" bench --shapes --solver default --steps "$SHAPE_STEPS" > "$native"
  "$BUILD/softlab" bench --shapes --form schur --steps "$SCHUR_STEPS" >> "$native"
  # the sizes native ran (scene:r,r,...), for the Chromium run
  local specs
  specs=$(awk '($2 == "default" || $2 == "schur") && $3 ~ /^[0-9]+$/ {
                 s = $2 == "schur" ? $1 "/schur" : $1; r[s] = r[s] (r[s] == "" ? "" : ",") $3 }
               END { for (s in r) print s ":" r[s] }' "$native" | sort -r)
  # shellcheck disable=SC2086
  node tools/bench_browser.js "$BUILD/site" --shapes "$SHAPE_STEPS" $(echo "$specs" | grep -v /schur) > "$chromium"
  # shellcheck disable=SC2086
  node tools/bench_browser.js "$BUILD/site" --shapes "$SCHUR_STEPS" $(echo "$specs" | grep /schur) >> "$chromium"
  echo "issue 11: regularized stepper, Green-strain tets, dt = 0.01 s, beta = 20/s, default linear"
  echo "solver, $SHAPE_STEPS steps from rest each, the fastest of 3 such runs (the machine is shared)."
  echo "ms/step: processor time (native: the process; Chromium: its Worker's thread); chr wall:"
  echo "Chromium's wall clock in the Worker; heap: wasm heap (Module.HEAP8.length) of a fresh"
  echo "instance after the steps; iter: solver iterations per step. SCENE/schur: the Schur form"
  echo "(seed 000 eq. 21: a direct Cholesky solve for the multipliers), $SCHUR_STEPS steps, at the sizes"
  echo "where it runs; its trajectory is the primal form's (eq. 20) to 1e-12 m (make test)"
  awk -v steps="$SHAPE_STEPS" '
    function fit(s, who,   i, x, y, k, sx, sy, sxx, sxy) { # least-squares slope of log ms on log tets
      k = sx = sy = sxx = sxy = 0
      for (i = 1; i <= n[s]; i++) {
        y = (who == "native") ? nat[s, i] : chr[s, i]
        if (!(y > 0)) continue
        x = log(tets[s, i]); y = log(y)
        k++; sx += x; sy += y; sxx += x * x; sxy += x * y
      }
      return k < 2 ? "n/a" : sprintf("%.2f", (k * sxy - sx * sy) / (k * sxx - sx * sx))
    }
    FILENAME == ARGV[1] { # Chromium: scene r nodes wall_ms cpu_ms iterations heap_mb fails
      cpu[$1, $2] = $5; wall[$1, $2] = $4; citer[$1, $2] = $6; heap[$1, $2] = $7; cfail[$1, $2] = $8
      cdofs[$1, $2] = 3 * $3; next
    }
    NR > FNR && ($2 == "default" || $2 == "schur") && $3 ~ /^[0-9]+$/ { # native: scene solver r tets dofs ms ... iter err
      s = $2 == "schur" ? $1 "/schur" : $1; if (!(s in n)) order[++ns] = s
      i = ++n[s]; tets[s, i] = $4; res[s, i] = $3; nat[s, i] = $6; niter[s, i] = $10; nfail[s, i] = (NF > 11)
      key = s SUBSEP $3
      if (!(key in cpu)) { chr[s, i] = 0; note[s, i] = " (no Chromium run)"; next }
      chr[s, i] = (cpu[key] == "NaN") ? wall[key] : cpu[key]
      note[s, i] = (cpu[key] == "NaN" ? " (Chromium: wall clock, no thread time)" : "") \
                   (cdofs[key] != $5 ? " (Chromium mesh differs!)" : "") \
                   (nfail[s, i] || cfail[key] > 0 ? " (failed steps)" : "")
      cw[s, i] = wall[key]; ci[s, i] = citer[key]; hp[s, i] = heap[key]
    }
    END {
      printf "%-16s %3s %6s %10s %10s %7s %10s %11s %9s\n", "scene", "r", "tets", "native", "chromium", "chr/nat", "chr wall", "iter n/chr", "heap MB"
      for (j = 1; j <= ns; j++) {
        s = order[j]
        for (i = 1; i <= n[s]; i++)
          printf "%-16s %3d %6d %10.2f %10.2f %7.2f %10.2f %5.1f/%-5.1f %9.1f%s\n", s, res[s, i], tets[s, i], nat[s, i],
                 chr[s, i], (nat[s, i] > 0 ? chr[s, i] / nat[s, i] : 0), cw[s, i], niter[s, i], ci[s, i], hp[s, i], note[s, i]
        printf "%-16s cost exponent p (ms/step ~ N_T^p, least squares, %d to %d tets): native %s, chromium %s\n",
               s, tets[s, 1], tets[s, n[s]], fit(s, "native"), fit(s, "chromium")
      }
    }' "$chromium" "$native"
}

warp() {
  echo "issue 16 (seed 002 §4: linear / warped / Green = 5 / 6 / 12 ms): dt = 0.01 s, $WARP_STEPS steps"
  echo "from each scene's start, native; ms/step is processor time; /linear: ratio to linear-fem"
  "$BUILD/softlab" bench --warp --steps "$WARP_STEPS"
}

scenes() {
  bash build_wasm.sh cli "$BUILD/wasm-cli" >/dev/null
  "$BUILD/softlab" bench --steps "$STEPS" > "$BUILD/bench-native.txt"
  node --no-experimental-fetch "$BUILD/wasm-cli/softlab_cli.js" bench --steps "$STEPS" > "$BUILD/bench-wasm.txt"
  node tools/bench_browser.js "$BUILD/site" "$STEPS" > "$BUILD/bench-chromium.txt"
  echo "time per step in microseconds ($STEPS steps each, the fastest of 3 runs; diverged runs restart; assembly/factor/solve: native split)"
  awk 'FILENAME == ARGV[1] { chrome[$1 " " $2] = $3; next }
       FILENAME == ARGV[2] { if (FNR > 1) wasm[$1 " " $2] = $5; next }
       FNR == 1 { printf "%-22s %-18s %7s %7s %10s %10s %10s %9s %9s %9s %9s %9s\n", "scene", "method", "nodes", "rows", "native", "wasm-node", "chromium", "node/nat", "chr/nat", "assembly", "factor", "solve"; next }
       NF < 9 { print; next }
       { key = $1 " " $2; w = (key in wasm) ? wasm[key] : 0; c = (key in chrome) ? chrome[key] : 0;
         printf "%-22s %-18s %7s %7s %10.2f %10.2f %10.2f %9.2f %9.2f %9.2f %9.2f %9.2f\n", $1, $2, $3, $4, $5, w, c, ($5 > 0 ? w / $5 : 0), ($5 > 0 ? c / $5 : 0), $6, $7, $8 }' \
    "$BUILD/bench-chromium.txt" "$BUILD/bench-wasm.txt" "$BUILD/bench-native.txt"
  echo
  echo "seed 000 Fig. 11: regularized stepper, soft beam refined (N_T = 25 r^3), native then wasm under node"
  "$BUILD/softlab" bench --scaling "${SCALING:-8}"
  node --no-experimental-fetch "$BUILD/wasm-cli/softlab_cli.js" bench --scaling "${SCALING:-8}"
}

defaults() {
  local out="$BUILD/bench" list=() s start load0 load1
  mkdir -p "$out"
  if [ -n "${SCENES:-}" ]; then
    IFS=, read -r -a list <<< "$SCENES"
    for s in "${list[@]}"; do
      "$BUILD/softlab" scenes | awk -v s="$s" '$1 == s { found = 1 } END { exit !found }' ||
        { echo "bench.sh: SCENES: unknown scene '$s' (see $BUILD/softlab scenes)" >&2; exit 2; }
    done
  else
    mapfile -t list < <("$BUILD/softlab" scenes | awk '{ print $1 }')
  fi
  start=$(date +%s)
  load0=$(cut -d' ' -f1-3 /proc/loadavg)
  : > "$out/native.txt"
  for s in "${list[@]}"; do
    "$BUILD/softlab" bench --defaults --scene "$s" --seconds "$NATIVE_SECONDS" >> "$out/native.txt"
  done
  node tools/bench_page.js "$BUILD/site" "$WINDOW" "${list[@]}" > "$out/page.jsonl"
  load1=$(cut -d' ' -f1-3 /proc/loadavg)
  node -e '
    const [date, cpu, cores, mem, load0, load1, os, chromium, native, win, seconds] = process.argv.slice(1);
    console.log(JSON.stringify({
      date, machine: { cpu, cores: Number(cores), memory_gib: Number(mem), load_before: load0, load_after: load1,
        os, node: process.version, chromium },
      setup: {
        native: `wall ms per step, the fastest of 3 consecutive ${native} s windows from the scene start (softlab bench --defaults)`,
        chromium: `headless, --disable-3d-apis (WebGL off), 1400x900; worker ms: the page perf readout, its fastest 1 s window; ` +
          `real time: the clock advance per wall second over ${win} s once running; start: navigation to the clock first t > 0`,
        seconds: Number(seconds) },
    }));' "$(date -u +%Y-%m-%dT%H:%MZ)" "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')" "$(nproc)" \
    "$(awk '/MemTotal/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)" "$load0" "$load1" \
    "$(. /etc/os-release && echo "$PRETTY_NAME")" "$(chromium --version 2>/dev/null | head -1)" \
    "$NATIVE_SECONDS" "$WINDOW" "$(( $(date +%s) - start ))" > "$out/meta.json"
  echo "issue 27: every scene's default comparison, $(date -u +%Y-%m-%d), $(nproc) cores, load average $load0 before, $load1 after"
  echo "native ms: wall ms per step natively, the fastest of 3 consecutive $NATIVE_SECONDS s windows from the start (each step judged"
  echo "as the lab's Worker does); worker ms: the page's own readout, its fastest 1 s window; real time: simulated s per wall s"
  echo "of the page's clock over $WINDOW s once running; after 1 s: the same from 1 s in (the start left out); start:"
  echo "navigation to running (headless Chromium, WebGL off:"
  echo "--disable-3d-apis); step need: Worker s per simulated s of the panels still running on their busiest Worker,"
  echo "sum of its panels' worker ms / dt (over 1x it cannot keep up); w: the panel's Worker; limit: the page's perf line at"
  echo "the end; vs baseline: the scene's largest slowdown and where"
  node tools/bench_table.js --native "$out/native.txt" --page "$out/page.jsonl" --baseline tools/bench_baseline.json \
    --meta "$out/meta.json" --out "$out/scenes.json"
  echo
  echo "issue 42 item 1: the recorded scenes opened as a student does (their recording plays; web/time/recording.js) beside"
  echo "live (playback=live, above): start = navigation to the first frame after t = 0 shown; playback x real = shown"
  echo "simulated s per wall s until 90 % of the recording; Worker steps when that frame was shown (0: before any step)"
  # shellcheck disable=SC2046
  node tools/bench_recorded.js "$BUILD/site" "$out/page.jsonl" $(if [ -n "${SCENES:-}" ]; then echo "${list[@]}"; fi)
  echo "written: $out/scenes.json ($(( $(date +%s) - start )) s); a new baseline: cp $out/scenes.json tools/bench_baseline.json"
  if [ -z "${SCENES:-}" ]; then
    echo
    echo "issue 42 item 2: seed 001's squeeze toward 1.1 % of the thickness, the fixed step against the adaptive one in"
    echo "one run, processor time per tet per simulated frame beside the paper's 0.17 ms (softlab bench --squeeze, native)"
    "$BUILD/softlab" bench --squeeze
  fi
}

case $PART in
  defaults) defaults ;;
  shapes) shapes ;;
  warp) warp ;;
  scenes) scenes ;;
  flood) node tools/bench_flood.js "$BUILD/site" ;;
  all) defaults; echo; shapes; echo; warp; echo; scenes; echo; node tools/bench_flood.js "$BUILD/site" ;;
  *) echo "bench.sh: part must be defaults, all, shapes, warp, scenes or flood, got '$PART'" >&2; exit 2 ;;
esac
