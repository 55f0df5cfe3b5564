#!/usr/bin/env bash
# `make bench`: time per step of every scene x stepper, native, wasm under node, and
# wasm in headless Chromium (one step per API call, as the page does), in one run so
# that their ratios are measured on the same machine state. Never a test.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
STEPS=${STEPS:-2000}
bash build_wasm.sh cli "$BUILD/wasm-cli" >/dev/null
"$BUILD/softlab" bench --steps "$STEPS" > "$BUILD/bench-native.txt"
node --no-experimental-fetch "$BUILD/wasm-cli/softlab_cli.js" bench --steps "$STEPS" > "$BUILD/bench-wasm.txt"
node tools/bench_browser.js "$BUILD/site" "$STEPS" > "$BUILD/bench-chromium.txt"
echo "time per step in microseconds ($STEPS steps each; diverged runs restart; assembly/factor/solve: native split)"
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
